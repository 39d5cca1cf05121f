"""Secrets stay in the GM's app (issue 29): a campaign with a secret in every table and
field a player may not see (tests/views/secret_campaign.py), and every player's payload
searched for each of them.
"""

from __future__ import annotations

import json

import pytest

from desktop.store import Campaign
from desktop.views.player import payload, player_characters, player_view
from tests.views.secret_campaign import (
    BRYN_NUMBERS,
    GM_NUMBERS,
    MARKS,
    PAGE,
    SECRET,
    leaks,
    planted,
    secret_campaign,
)


def test_no_secret_reaches_any_players_payload(campaign: Campaign) -> None:
    ids = secret_campaign(campaign)
    tables = planted(campaign.path)
    # Secrets sit across the campaign: characters, dice items and traits, cards, clocks,
    # factions, the chapter and its claims, downtime, energy, games and the roll log.
    assert len(tables) >= 10, sorted(tables)
    assert sum(len(texts) for texts in tables.values()) >= 30

    players = player_characters(campaign)
    assert [name for _id, name in players] == ["Kara Voss", "Bryn"]
    for character_id, name in players:
        text = json.dumps(payload(player_view(campaign, character_id)), ensure_ascii=False)
        others = tuple(mark for who, mark in MARKS.items() if who != name)
        numbers = GM_NUMBERS + (BRYN_NUMBERS if name != "Bryn" else ())
        assert leaks(text, (SECRET, *others), numbers) == [], name
        # The control: what this player may see is there, so the search finds text.
        assert MARKS[name] in text.casefold()
    bryn_text = json.dumps(payload(player_view(campaign, ids["bryn"])))
    assert str(BRYN_NUMBERS[2]) in bryn_text  # his own energy, opened with daily + store


@pytest.mark.parametrize(
    "name", sorted(path.name for path in PAGE.iterdir() if path.suffix in {".html", ".js", ".css"})
)
def test_the_page_files_hold_nothing_of_a_campaign(name: str) -> None:
    text = (PAGE / name).read_text(encoding="utf-8")
    assert leaks(text, (SECRET, *MARKS.values()), GM_NUMBERS + BRYN_NUMBERS) == []
