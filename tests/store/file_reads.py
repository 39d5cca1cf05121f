"""What the store tests read besides the store's own answers: the topics a campaign
sends, rows straight from its file, and its count of writes around a refusal."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from desktop.store import Campaign


@contextmanager
def refused(campaign: Campaign, message: str, error: type = ValueError) -> Iterator[None]:
    """The block must raise `error` matching `message`, with the campaign's revision (its
    count of writes) where it was before the block."""
    revision = campaign.revision
    with pytest.raises(error, match=message):
        yield
    assert campaign.revision == revision


def listen(campaign: Campaign) -> list[str]:
    """A list that fills with every change topic the campaign sends from now on."""
    heard: list[str] = []
    campaign.subscribe(heard.append)
    return heard


def raw_rows(campaign: Campaign, sql: str) -> list[tuple[object, ...]]:
    """Rows read from the campaign's file with plain sqlite3, past the store."""
    with sqlite3.connect(campaign.path) as raw:
        return raw.execute(sql).fetchall()


def downtime_state(campaign: Campaign, *, stored_only: bool = False) -> tuple[object, ...]:
    """Everything downtime keeps, as the store reads it back (with `stored_only`, the
    sheets stored in the file, else every character's)."""
    return (
        campaign.clocks.all(),
        campaign.factions.all(),
        campaign.chapter.get(),
        campaign.chapter.claims(),
        campaign.chapter.claim_paths(),
        campaign.downtime.sheets(stored_only=stored_only),
        campaign.downtime.sessions(),
        [campaign.downtime.entries(n) for n in campaign.downtime.sessions()],
        campaign.settings(),
    )
