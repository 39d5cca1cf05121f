"""Check Campaign's Repair: a copy that always opens, or a plain word that none could be
made; one bad field mended rather than the record (and all it owns) left out."""

from __future__ import annotations

import contextlib
import os
import sqlite3
from pathlib import Path

import pytest

from desktop.store import Campaign, checkup
from desktop.store.connection import APPLICATION_ID
from desktop.store.errors import CampaignRefused
from desktop.store.migrations import HEAD
from tests.bad_files import REFUSED, _new_sqlite, _sql, whole_campaign
from tests.small_disks import small_disk


@pytest.fixture(scope="module")
def base_bytes(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    return whole_campaign(tmp_path_factory.mktemp("base")).read_bytes()


def _count(path: Path, table: str, where: str = "1") -> int:
    with contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as connection:
        return int(connection.execute(f"SELECT count(*) FROM {table} WHERE {where}").fetchone()[0])


# -- a copy that opens, or none ----------------------------------------------------------------

# Each wrote a copy that File > Open then refused, while Repair said "Open it".
BAD_CAMPAIGN_ROWS = {
    "no campaign row": REFUSED["no campaign row"],
    "no campaign table": _sql("DROP TABLE campaign"),
    "no start date column": REFUSED["column campaign.start_date dropped"],
    "start date bogus": REFUSED["start date bogus"],
    "current day zero": REFUSED["current day zero"],
    "current day negative": _sql("UPDATE campaign SET current_day = -3"),
    "current day text": _sql("UPDATE campaign SET current_day = 'tuesday'"),
    "settings a list": _sql("UPDATE campaign SET settings = '[1, 2]'"),
    "settings not json": REFUSED["settings not json"],
}


@pytest.mark.parametrize("kind", BAD_CAMPAIGN_ROWS)
def test_a_repaired_copy_of_a_bad_campaign_row_opens(
    kind: str, base_bytes: bytes, tmp_path: Path, data_dir: Path
) -> None:
    path = tmp_path / "Harbour Nights.gmdesk"
    BAD_CAMPAIGN_ROWS[kind](path, base_bytes)
    characters = _count(path, "character")

    repaired = checkup.repair(path, tmp_path / "fixed.gmdesk")

    with Campaign.open(repaired.destination, data_dir=data_dir) as opened:
        summary = opened.summary()
        assert len(opened.roster.all()) == characters
    assert summary.current_day >= 1
    assert checkup.check_campaign(repaired.destination).sound
    said = " ".join(repaired.mended)
    assert "campaign" in said.lower(), repaired.mended
    assert "Traceback" not in said and "sqlite" not in said.lower()


def test_a_mended_campaign_row_keeps_what_was_sound(
    base_bytes: bytes, tmp_path: Path, data_dir: Path
) -> None:
    path = tmp_path / "Harbour Nights.gmdesk"
    REFUSED["current day zero"](path, base_bytes)
    with contextlib.closing(sqlite3.connect(path)) as connection:
        name, start = connection.execute("SELECT name, start_date FROM campaign").fetchone()

    repaired = checkup.repair(path, tmp_path / "fixed.gmdesk")

    with Campaign.open(repaired.destination, data_dir=data_dir) as opened:
        summary = opened.summary()
    assert (summary.name, summary.start_date.isoformat(), summary.current_day) == (name, start, 1)
    assert repaired.mended == ["The campaign's current day was 0; set to 1."]


def test_a_header_that_claims_a_campaign_with_nothing_behind_it_gets_no_copy(
    tmp_path: Path,
) -> None:
    """GM Desk's application id and a known revision, but none of a campaign's tables:
    Repair made an empty "campaign" that File > Open refused."""
    folder = tmp_path / "campaigns"
    folder.mkdir()
    path = folder / "spoofed.gmdesk"
    _new_sqlite(
        f"PRAGMA application_id={APPLICATION_ID}",
        "CREATE TABLE alembic_version (version_num VARCHAR(32) NOT NULL PRIMARY KEY)",
        f"INSERT INTO alembic_version VALUES ('{HEAD}')",
    )(path, b"")
    before = path.read_bytes()
    with pytest.raises(CampaignRefused) as refused:
        checkup.repair(path, folder / "fixed.gmdesk")

    message = str(refused.value)
    assert "No repaired copy could be made" in message and "not been changed" in message
    assert path.read_bytes() == before
    assert sorted(p.name for p in folder.iterdir()) == ["spoofed.gmdesk"]


def test_a_copy_the_open_would_refuse_is_never_left(
    base_bytes: bytes, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whatever the reason a copy fails its open, Repair says so and leaves no file."""
    folder = tmp_path / "campaigns"
    folder.mkdir()
    path = folder / "Harbour Nights.gmdesk"
    REFUSED["die size 7"](path, base_bytes)

    def refuse(*_args: object, **_kwargs: object) -> Campaign:
        raise CampaignRefused("“x” cannot be opened: something new is wrong.")

    monkeypatch.setattr(Campaign, "open", refuse)
    with pytest.raises(CampaignRefused, match="No repaired copy could be made") as refused:
        checkup.repair(path, folder / "fixed.gmdesk")
    assert "something new is wrong" in str(refused.value)
    assert sorted(p.name for p in folder.iterdir()) == ["Harbour Nights.gmdesk"]


# -- one bad field mended, not the record dropped ------------------------------------------------


def test_an_unknown_character_kind_is_mended_and_the_character_kept_with_all_it_owns(
    base_bytes: bytes, tmp_path: Path, data_dir: Path
) -> None:
    path = tmp_path / "Harbour Nights.gmdesk"
    path.write_bytes(base_bytes)
    with contextlib.closing(sqlite3.connect(path)) as connection:
        owner, name = connection.execute(
            "SELECT character.id, character.name FROM character"
            " JOIN energy_day ON energy_day.character_id = character.id"
            " JOIN item ON item.character_id = character.id"
            " JOIN trait ON trait.character_id = character.id"
            " ORDER BY character.id LIMIT 1"
        ).fetchone()
    _sql(f"UPDATE character SET kind = 'xyz' WHERE id = {owner}")(path, path.read_bytes())
    owned = {
        table: _count(path, table, f"character_id = {owner}")
        for table in ("item", "die", "trait", "energy_day", "energy_profile", "roll_log")
    }
    owned["clock"] = _count(path, "clock", f"character_id = {owner}")
    owned["card"] = _count(path, "card", f"character_id = {owner}")
    assert owned["item"] and owned["die"] and owned["trait"] and owned["energy_day"]

    repaired = checkup.repair(path, tmp_path / "fixed.gmdesk")

    after = {
        table: _count(repaired.destination, table, f"character_id = {owner}") for table in owned
    }
    assert after == owned
    assert repaired.mended == [f"{name}'s kind was 'xyz'; set to player character."]
    assert not any("left out" in line for line in repaired.lost), repaired.lost
    with Campaign.open(repaired.destination, data_dir=data_dir) as opened:
        assert opened.roster.get(owner).kind == "pc"


def test_a_faction_tier_of_99_is_mended_and_factions_keep_their_claims_and_clocks(
    base_bytes: bytes, tmp_path: Path, data_dir: Path
) -> None:
    path = tmp_path / "Harbour Nights.gmdesk"
    REFUSED["faction tier 99"](path, base_bytes)
    factions = _count(path, "faction")
    claims = _count(path, "claim", "faction_id IS NOT NULL")
    clocks = _count(path, "clock", "faction_id IS NOT NULL")
    assert factions >= 8 and claims and clocks

    repaired = checkup.repair(path, tmp_path / "fixed.gmdesk")

    assert _count(repaired.destination, "faction") == factions
    assert _count(repaired.destination, "claim", "faction_id IS NOT NULL") == claims
    assert _count(repaired.destination, "clock", "faction_id IS NOT NULL") == clocks
    mended = [line for line in repaired.mended if line.endswith("'s tier was 99; set to 0.")]
    assert len(mended) == factions, repaired.mended
    assert not repaired.lost, repaired.lost
    with Campaign.open(repaired.destination, data_dir=data_dir) as opened:
        assert len(opened.factions.all()) == factions


def test_a_value_with_no_safe_stand_in_still_leaves_its_record_out(
    base_bytes: bytes, tmp_path: Path
) -> None:
    """A roll's time cannot be guessed: the roll log lines with none are left out."""
    path = tmp_path / "Harbour Nights.gmdesk"
    REFUSED["roll time bogus"](path, base_bytes)
    rolls = _count(path, "roll_log")
    repaired = checkup.repair(path, tmp_path / "fixed.gmdesk")
    assert rolls and _count(repaired.destination, "roll_log") == 0
    left_out = [line for line in repaired.lost if line.startswith("Roll log line ")]
    assert len(left_out) == rolls and all("left out" in line for line in left_out)
    assert not repaired.mended, repaired.mended


# -- where the copy goes -------------------------------------------------------------------------


def test_a_stray_wal_at_the_target_is_named_not_called_the_file(
    base_bytes: bytes, tmp_path: Path
) -> None:
    path = tmp_path / "Harbour Nights.gmdesk"
    REFUSED["die size 7"](path, base_bytes)
    wal = tmp_path / "stray.gmdesk-wal"
    wal.write_bytes(b"last changes of a lost file")

    with pytest.raises(CampaignRefused) as refused:
        checkup.repair(path, tmp_path / "stray.gmdesk")

    message = str(refused.value)
    assert "“stray.gmdesk-wal”" in message, message
    assert "“stray.gmdesk” already exists" not in message
    assert wal.read_bytes() == b"last changes of a lost file"
    assert not (tmp_path / "stray.gmdesk").exists()


def test_repair_onto_a_full_disk_says_so_plainly(base_bytes: bytes, tmp_path: Path) -> None:
    path = tmp_path / "Harbour Nights.gmdesk"
    REFUSED["die size 7"](path, base_bytes)
    disk = tmp_path / "tiny"
    with small_disk(disk, "256k"):
        (disk / "filler").write_bytes(b"\0" * (os.statvfs(disk).f_bavail * 4096 - 16384))
        with pytest.raises(CampaignRefused) as refused:
            checkup.repair(path, disk / "fixed.gmdesk")
        message = str(refused.value)
        assert "disk is full" in message, message
        assert "sqlalche" not in message.lower() and "sqlite:" not in message.lower(), message
        assert sorted(p.name for p in disk.iterdir()) == ["filler"]
