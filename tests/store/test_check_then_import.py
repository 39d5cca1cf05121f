"""What Check Campaign calls sound, its own export imports again (issue 26).

A real campaign with a row in every table (a game running, a roll logged in it, an
ended day, a clock, a card, a claim), then one value of one row changed by another
program to an edge value: either Check Campaign names a problem, or the file opens and
its export is accepted by the import. Before issue 26 a roll log line's blank or long
name, a campaign's first day outside the calendar's years, its current day past the
calendar's end and a game naming a deleted character all passed the check and were
refused by the import.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from contextlib import closing
from datetime import date
from pathlib import Path

import pytest

from desktop.store import Campaign, checkup
from desktop.store.exchange import ImportRefused, export_document, parse_document

EDGES: list[object] = [0, -1, 2**31, 10**6, "", " ", "x" * 300, None, 1.5, "9500-01-01"]


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("base")
    path = folder / "base.gmdesk"
    made = Campaign.create(path, data_dir=folder / "data", start_date=date(2026, 3, 1))
    ash = made.roster.add("Ash", "pc").id
    made.kit.add_dice(ash, size=6, count=3)
    made.kit.add_trait(ash, "Strong", 2, True)
    made.kit.add_item(ash, "Sword", "weapon", 8, True)
    storm = made.roster.add("Storm", "challenge").id
    foes = made.factions.add("Foes").id
    made.clocks.add("Doom", 6, owner_kind="faction", owner_id=foes, filled=2)
    made.cards.add("Fire", power=3)
    made.chapter.add_claim("Mill", turf=True)
    made.games.start(at="2026-03-01T19:00:00")
    made.games.set_scene("The ford", [ash, storm])
    made.rolls.log(ash, "Ash", "roll", {}, 7, "Ash rolled 7")
    made.calendar.set_profile(ash, 10, {})
    made.calendar.end_day()
    made.downtime.set_sheet(made.downtime.sheet(ash))
    made.close()
    return path


def _columns(path: Path) -> list[tuple[str, str]]:
    with closing(sqlite3.connect(path)) as connection:
        tables = [
            str(row[0])
            for row in connection.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'"
                " AND name NOT LIKE 'sqlite_%' AND name != 'alembic_version'"
            )
        ]
        return [
            (table, str(row[1]))
            for table in tables
            for row in connection.execute(f"PRAGMA table_info({table})")
        ]


@pytest.mark.slow  # some 600 checks, opens and round trips
def test_a_campaign_check_campaign_calls_sound_exports_and_imports_again(
    base: Path, tmp_path: Path
) -> None:
    passed: list[str] = []
    for table, column in _columns(base):
        for value in EDGES:
            path = tmp_path / "changed.gmdesk"
            shutil.copy(base, path)
            try:
                with closing(sqlite3.connect(path)) as connection, connection:
                    connection.execute(
                        f"UPDATE {table} SET {column} = ?"
                        f" WHERE rowid = (SELECT min(rowid) FROM {table})",
                        (value,),
                    )
            except sqlite3.DatabaseError:
                continue  # the schema itself refuses it
            if not checkup.check_campaign(path).sound:
                continue
            opened = Campaign.open(path, data_dir=tmp_path / "data")
            try:
                document = json.loads(json.dumps(export_document(opened)))
                parse_document(document, images=lambda *_image: True)
            except ImportRefused as refusal:
                pytest.fail(f"{table}.{column} = {value!r:.20}: sound, yet {refusal}")
            finally:
                opened.close()
            passed.append(f"{table}.{column}")
    assert len(passed) > 50  # most edges the file takes are ones it keeps
