"""Every schema revision's campaign file, as GM Desk made it then, opens and upgrades.

As Orange3 opens every old saved workflow. The files are in tests/store/campaigns/,
made by `make_campaigns.py` there (one per revision, with every kind of record that
revision knew).
"""

from __future__ import annotations

import contextlib
import shutil
import sqlite3
from pathlib import Path

import pytest

from desktop.store import Campaign, checkup, schema
from desktop.store.errors import CampaignRefused
from desktop.store.migrations import HEAD, REVISIONS

CAMPAIGNS = Path(__file__).resolve().parent / "campaigns"


def _counts(path: Path) -> dict[str, int]:
    with contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as connection:
        tables = [
            row[0]
            for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        ]
        return {t: connection.execute(f'SELECT count(*) FROM "{t}"').fetchone()[0] for t in tables}


def test_every_revision_has_its_campaign_file() -> None:
    assert sorted(p.stem for p in CAMPAIGNS.glob("*.gmdesk")) == list(REVISIONS)


@pytest.mark.parametrize("revision", REVISIONS)
def test_an_old_campaign_opens_upgraded_with_every_record(
    revision: str, tmp_path: Path, data_dir: Path
) -> None:
    path = tmp_path / f"{revision}.gmdesk"
    shutil.copyfile(CAMPAIGNS / f"{revision}.gmdesk", path)
    assert schema.read_revision(path) == revision
    before = _counts(path)
    assert all(
        count > 0
        for table, count in before.items()
        if table != "downtime_session" or revision == HEAD
    ), before

    with Campaign.open(path, data_dir=data_dir) as opened:
        assert opened.integrity_check() == ["ok"]
        characters = opened.roster.all()
        assert {c.kind for c in characters} == {"pc", "npc", "challenge"}
        for character in characters:
            opened.kit.dice(character.id)
            opened.kit.traits(character.id)
        opened.summary()
    assert schema.read_revision(path) == HEAD
    after = _counts(path)
    for table, count in before.items():
        if table != "alembic_version":
            assert after[table] >= count, table  # nothing the old file held was lost
    assert checkup.check_campaign(path).sound
    if revision != HEAD:
        assert list(data_dir.rglob("*.gmdesk"))  # backed up before the upgrade


@pytest.mark.parametrize("revision", [r for r in REVISIONS if r != HEAD])
def test_an_old_campaign_is_not_upgraded_read_only(
    revision: str, tmp_path: Path, data_dir: Path
) -> None:
    path = tmp_path / f"{revision}.gmdesk"
    shutil.copyfile(CAMPAIGNS / f"{revision}.gmdesk", path)
    before = path.read_bytes()
    with pytest.raises(CampaignRefused, match="older GM Desk"):
        Campaign.open(path, data_dir=data_dir, read_only=True)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["data", "home", path.name])
