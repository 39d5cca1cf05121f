"""The campaign file: creating, opening, refusing, editing the roster."""

from __future__ import annotations

import sqlite3
from datetime import date
from pathlib import Path

import pytest

from desktop.store import Campaign, Topic
from desktop.store.errors import CampaignRefused, NotFound, ReadOnlyCampaign
from desktop.store.lock import CampaignLocked, lock_path
from tests.store.file_reads import refused


def test_a_new_campaign_is_empty_and_named_after_its_file(campaign: Campaign) -> None:
    summary = campaign.summary()
    assert summary.name == "Test Campaign"
    assert summary.current_day == 1
    assert summary.today == date(2026, 3, 1)
    assert campaign.roster.all() == []


def test_pragmas_of_the_write_connection(campaign: Campaign) -> None:
    campaign.roster.add("Kara")  # the first write makes the write engine
    assert campaign._writer is not None
    with campaign._writer.engine.connect() as connection:
        pragma = connection.exec_driver_sql
        assert pragma("PRAGMA journal_mode").scalar() == "wal"
        assert pragma("PRAGMA synchronous").scalar() == 2  # FULL
        assert pragma("PRAGMA foreign_keys").scalar() == 1
    assert campaign.integrity_check() == ["ok"]


def test_roster_edits_are_there_after_reopening(campaign: Campaign, data_dir: Path) -> None:
    kara = campaign.roster.add("  Kara   Voss ", "pc", "Smuggler.")
    hollis = campaign.roster.add("Old Hollis", "npc")
    campaign.roster.update(hollis.id, kind="challenge", notes="A trap now.")
    campaign.close()
    with Campaign.open(campaign.path, data_dir=data_dir) as again:
        names = [(c.name, c.kind, c.notes) for c in again.roster.all()]
    assert names == [("Kara Voss", "pc", "Smuggler."), ("Old Hollis", "challenge", "A trap now.")]
    assert kara.position < hollis.position


def test_delete_and_restore_keep_id_and_place(campaign: Campaign) -> None:
    first = campaign.roster.add("A")
    second = campaign.roster.add("B")
    third = campaign.roster.add("C")
    deleted = campaign.roster.delete(second.id)
    assert [c.name for c in campaign.roster.all()] == ["A", "C"]
    campaign.roster.restore(deleted)
    assert campaign.roster.all() == [first, second, third]
    with pytest.raises(ValueError, match="already"):
        campaign.roster.restore(deleted)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"name": "   "}, "cannot be empty"),
        ({"name": "x" * 81}, "at most 80"),
        ({"kind": "dragon"}, "one of"),
        ({"notes": 5}, "must be text"),
        ({"colour": "red"}, "no field colour"),
    ],
)
def test_bad_values_never_reach_the_file(campaign: Campaign, change: dict, message: str) -> None:
    kara = campaign.roster.add("Kara")
    with refused(campaign, message):
        campaign.roster.update(kara.id, **change)
    assert campaign.roster.all() == [kara]


def test_missing_character_is_reported_plainly(campaign: Campaign) -> None:
    with pytest.raises(NotFound, match="no longer in the campaign"):
        campaign.roster.update(999, name="Ghost")


def test_listeners_hear_each_committed_change(campaign: Campaign) -> None:
    heard: list[str] = []
    campaign.subscribe(heard.append)
    kara = campaign.roster.add("Kara")
    campaign.rename("Renamed")
    with pytest.raises(ValueError):
        campaign.roster.update(kara.id, name="")
    assert heard == ["characters", "campaign"]
    assert campaign.summary().name == "Renamed"


def test_create_refuses_an_existing_file(campaign: Campaign, data_dir: Path) -> None:
    with pytest.raises(CampaignRefused, match="already exists"):
        Campaign.create(campaign.path, data_dir=data_dir)


def test_create_leaves_nothing_behind_when_it_fails(tmp_path: Path, data_dir: Path) -> None:
    target = tmp_path / "x.gmdesk"

    def populate(_session: object) -> None:
        raise RuntimeError("the import failed half way")

    with pytest.raises(RuntimeError):
        Campaign.create(target, data_dir=data_dir, populate=populate)
    assert not target.exists()
    assert not [p.name for p in tmp_path.iterdir() if "x.gmdesk" in p.name]


# -- one writer per campaign --------------------------------------------------------------------


def test_second_writer_is_told_who_holds_the_campaign(campaign: Campaign, data_dir: Path) -> None:
    with pytest.raises(CampaignLocked) as refused:
        Campaign.open(campaign.path, data_dir=data_dir)
    assert str(refused.value.holder.pid) in str(refused.value)
    assert "read-only" in str(refused.value)


def test_read_only_campaign_reads_but_never_writes(campaign: Campaign, data_dir: Path) -> None:
    campaign.roster.add("Kara")
    with Campaign.open(campaign.path, data_dir=data_dir, read_only=True) as viewer:
        assert viewer.read_only
        assert [c.name for c in viewer.roster.all()] == ["Kara"]
        with pytest.raises(ReadOnlyCampaign):
            viewer.roster.add("Intruder")
    assert lock_path(campaign.path).exists()  # the writer's lock is untouched
    assert [c.name for c in campaign.roster.all()] == ["Kara"]


def test_a_read_only_open_leaves_no_side_files(campaign: Campaign, data_dir: Path) -> None:
    """The print commands read a campaign read-only; the empty -wal and -shm SQLite
    makes for that reader go with it, or File > New on that name would be refused."""
    campaign.roster.add("Kara")
    path = campaign.path
    campaign.close()
    sides = [path.with_name(path.name + end) for end in ("-wal", "-shm")]
    assert not any(side.exists() for side in sides)
    with Campaign.open(path, data_dir=data_dir, read_only=True) as viewer:
        assert [c.name for c in viewer.roster.all()] == ["Kara"]
    assert not any(side.exists() for side in sides)
    assert not lock_path(path).exists()


def test_a_read_only_close_keeps_the_side_files_of_a_writer(
    campaign: Campaign, data_dir: Path
) -> None:
    campaign.roster.add("Kara")
    path = campaign.path
    sides = [path.with_name(path.name + end) for end in ("-wal", "-shm")]
    with Campaign.open(path, data_dir=data_dir, read_only=True) as viewer:
        viewer.roster.all()
    assert all(side.exists() for side in sides)  # the writer still has the campaign open
    campaign.roster.add("Lio")
    assert [c.name for c in campaign.roster.all()] == ["Kara", "Lio"]


def test_closing_releases_the_lock(campaign: Campaign, data_dir: Path) -> None:
    campaign.close()
    assert not lock_path(campaign.path).exists()
    Campaign.open(campaign.path, data_dir=data_dir).close()


# -- copies ----------------------------------------------------------------------------------


def test_save_a_copy_is_a_whole_campaign(
    campaign: Campaign, data_dir: Path, tmp_path: Path
) -> None:
    campaign.roster.add("Kara")
    copy = tmp_path / "copy.gmdesk"
    campaign.save_copy(copy)
    with Campaign.open(copy, data_dir=data_dir) as opened:
        assert [c.name for c in opened.roster.all()] == ["Kara"]


def test_save_a_copy_leaves_the_players_links_out(
    campaign: Campaign, data_dir: Path, tmp_path: Path
) -> None:
    # A copy given away (or opened beside this one) must not open this campaign's pages.
    token = "k" * 32
    campaign.remember_sharing(
        {"on": True, "host": "127.0.0.1", "port": 8765, "tokens": {"1": token}}
    )
    campaign.roster.add("Kara")
    before = campaign.settings()
    copy = tmp_path / "copy.gmdesk"
    campaign.save_copy(copy)
    assert token.encode() not in copy.read_bytes()
    with Campaign.open(copy, data_dir=data_dir) as opened:
        assert opened.sharing() == {
            "on": False,
            "host": "",
            "port": 0,
            "tokens": {},
            "rolls": [],
            "roll_timing": "whenever",
        }
        assert opened.settings() == before  # every other setting kept
    assert campaign.sharing()["tokens"] == {"1": token}  # the campaign itself keeps them
    backup = campaign.backup_now()
    assert token.encode() in backup.read_bytes()  # a backup replaces this very file


def test_backup_now_makes_a_checked_copy(campaign: Campaign) -> None:
    campaign.roster.add("Kara")
    made = campaign.backup_now()
    assert made.parent == campaign.backup_folder
    with sqlite3.connect(made) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert connection.execute("SELECT name FROM character").fetchall() == [("Kara",)]


def test_writes_inside_one_action_commit_together(campaign: Campaign) -> None:
    """An action of desktop/actions writes through several managers in one transaction:
    the listeners hear each topic once, after the commit; a failure keeps none of it."""
    heard: list[str] = []
    campaign.subscribe(heard.append)
    with campaign.writing(Topic.CHARACTERS):
        kara = campaign.roster.add("Kara")
        campaign.clocks.add("Alarm", 4)
        campaign.roster.add("Bren")
        assert heard == []
    assert heard == ["characters", "clocks"]
    assert [c.name for c in campaign.roster.all()][-2:] == ["Kara", "Bren"]

    heard.clear()
    with pytest.raises(ValueError), campaign.writing():
        campaign.clocks.add("Kept?", 6)
        campaign.roster.update(kara.id, name="")
    assert heard == []
    assert "Kept?" not in [clock.name for clock in campaign.clocks.all()]
