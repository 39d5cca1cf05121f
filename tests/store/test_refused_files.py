"""Files that are not whole, known campaigns are refused, and left byte for byte."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from desktop.store import Campaign
from desktop.store.errors import CampaignRefused
from desktop.store.lock import lock_path


def _text_file(path: Path, _data: Path) -> None:
    path.write_text("Session notes: the crew robbed the customs house.\n")


def _empty_file(path: Path, _data: Path) -> None:
    path.write_bytes(b"")


def _truncated_campaign(path: Path, data: Path) -> None:
    with Campaign.create(path, data_dir=data) as made:
        for number in range(300):
            made.roster.add(f"Extra {number}", notes="x" * 200)
    whole = path.read_bytes()
    path.write_bytes(whole[: len(whole) // 2])


def _header_only(path: Path, data: Path) -> None:
    with Campaign.create(path, data_dir=data):
        pass
    path.write_bytes(path.read_bytes()[:60])


def _foreign_sqlite(path: Path, _data: Path) -> None:
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE song (title TEXT)")
        connection.execute("INSERT INTO song VALUES ('Drunken Sailor')")
    connection.close()


def _sqlite_with_our_id_but_no_schema(path: Path, _data: Path) -> None:
    with sqlite3.connect(path) as connection:
        connection.execute("PRAGMA application_id=1196262475")
        connection.execute("CREATE TABLE other (x)")
    connection.close()


def _newer_revision(path: Path, data: Path) -> None:
    with Campaign.create(path, data_dir=data):
        pass
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE alembic_version SET version_num = '0999_from_the_future'")
    connection.close()


CASES: dict[str, tuple[Callable[[Path, Path], None], str]] = {
    "not sqlite": (_text_file, "not a database file"),
    "empty": (_empty_file, "is empty"),
    "truncated": (_truncated_campaign, "damaged"),
    "header only": (_header_only, "damaged"),
    "foreign sqlite": (_foreign_sqlite, "not a GM Desk campaign"),
    "our id, no schema": (_sqlite_with_our_id_but_no_schema, "not a GM Desk campaign"),
    "newer revision": (_newer_revision, "newer version of GM Desk"),
}


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("read_only", [False, True])
def test_refused_and_untouched(case: str, read_only: bool, tmp_path: Path, data_dir: Path) -> None:
    make, message = CASES[case]
    path = tmp_path / "suspect.gmdesk"
    make(path, data_dir)
    before = path.read_bytes()
    siblings = sorted(p.name for p in tmp_path.iterdir())

    with pytest.raises(CampaignRefused, match=message) as refused:
        Campaign.open(path, data_dir=data_dir, read_only=read_only)

    assert "Traceback" not in str(refused.value)
    assert path.read_bytes() == before
    assert not lock_path(path).exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == siblings


def test_a_missing_file_is_refused_plainly(tmp_path: Path, data_dir: Path) -> None:
    with pytest.raises(CampaignRefused, match="does not exist"):
        Campaign.open(tmp_path / "nowhere.gmdesk", data_dir=data_dir)


def test_a_folder_is_refused_plainly(tmp_path: Path, data_dir: Path) -> None:
    folder = tmp_path / "folder.gmdesk"
    folder.mkdir()
    with pytest.raises(CampaignRefused, match="folder"):
        Campaign.open(folder, data_dir=data_dir)
