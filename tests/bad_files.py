"""Bad campaign files, each made from a whole campaign with every kind of record.

`REFUSED` maps a kind's name to a function that writes that bad file at a path (and,
for some, files beside it). Every one must be refused by every entry point, plainly,
leaving everything in its folder byte for byte as it was. Shared by the store's and
the entry points' tests.
"""

from __future__ import annotations

import os
import random
import sqlite3
from collections.abc import Callable
from datetime import date
from pathlib import Path

from desktop.store import Campaign
from desktop.store.connection import APPLICATION_ID
from desktop.store.downtime import ENTRY_ACTIVITIES, DowntimeStep
from desktop.store.sample import ensure_sample_campaign

RESOURCES = Path(__file__).resolve().parents[1] / "resources"
# The smallest PNG: one transparent pixel.
PIXEL_PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4000000"
    "0049454e44ae426082"
)

Make = Callable[[Path, bytes], None]


def whole_campaign(folder: Path) -> Path:
    """The sample campaign plus what it lacks: a card image and a downtime entry."""
    path = ensure_sample_campaign(folder, RESOURCES)
    with Campaign.open(path, data_dir=folder) as opened:
        card = opened.cards.all()[0]
        opened.cards.set_image(card.id, PIXEL_PNG)
        opened.downtime.start_session()
        character = opened.roster.all()[0]
        opened.downtime.record(
            DowntimeStep(character.id, sorted(ENTRY_ACTIVITIES)[0], "Drinks at the inn")
        )
        opened.roster.update(character.id, notes=f"checked {date(2026, 3, 1)}")
    return path


# -- makers --------------------------------------------------------------------------------


def _bytes(data: bytes) -> Make:
    def make(path: Path, _base: bytes) -> None:
        path.write_bytes(data)

    return make


def _random(seed: int, size: int, prefix: bytes = b"") -> Make:
    def make(path: Path, _base: bytes) -> None:
        path.write_bytes(prefix + random.Random(seed).randbytes(size))

    return make


def _cut(keep: Callable[[int], int]) -> Make:
    def make(path: Path, base: bytes) -> None:
        path.write_bytes(base[: keep(len(base))])

    return make


def _column_dropped(table: str, column: str) -> Make:
    """`table` without `column`, as another program makes it: SQLite refuses to drop a
    column a trigger reads, so such a program drops the table's triggers (the search
    index's) first."""

    def make(path: Path, base: bytes) -> None:
        _sql()(path, base)
        connection = sqlite3.connect(path, isolation_level=None)
        try:
            triggers = connection.execute(
                "SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = ?",
                (table,),
            ).fetchall()
            for (name,) in triggers:
                connection.execute(f'DROP TRIGGER "{name}"')
            connection.execute(f"ALTER TABLE {table} DROP COLUMN {column}")
        finally:
            connection.close()

    return make


def _sql(*statements: str) -> Make:
    """The whole campaign, changed by SQL written straight into it (foreign keys off)."""

    def make(path: Path, base: bytes) -> None:
        path.write_bytes(base)
        connection = sqlite3.connect(path, isolation_level=None)
        try:
            connection.execute("PRAGMA foreign_keys=OFF")
            # As another program would: the file's CHECK constraints are not its rules.
            connection.execute("PRAGMA ignore_check_constraints=ON")
            for statement in statements:
                connection.execute(statement)
        finally:
            connection.close()

    return make


def _new_sqlite(*statements: str) -> Make:
    def make(path: Path, _base: bytes) -> None:
        connection = sqlite3.connect(path, isolation_level=None)
        try:
            for statement in statements:
                connection.execute(statement)
        finally:
            connection.close()

    return make


def _page_garbage(table: str, seed: int = 7) -> Make:
    """The first page of `table` overwritten with random bytes."""

    def make(path: Path, base: bytes) -> None:
        path.write_bytes(base)
        with sqlite3.connect(f"file:{path}?immutable=1", uri=True) as connection:
            page = connection.execute(
                "SELECT rootpage FROM sqlite_master WHERE name = ?", (table,)
            ).fetchone()[0]
            size = connection.execute("PRAGMA page_size").fetchone()[0]
        connection.close()
        data = bytearray(base)
        start = (page - 1) * size
        data[start : start + size] = random.Random(seed).randbytes(size)
        path.write_bytes(bytes(data))

    return make


def _schema_page_garbage(path: Path, base: bytes) -> None:
    data = bytearray(base)
    data[100:1000] = random.Random(3).randbytes(900)
    path.write_bytes(bytes(data))


def _header_garbage(offset: int, value: bytes) -> Make:
    def make(path: Path, base: bytes) -> None:
        data = bytearray(base)
        data[offset : offset + len(value)] = value
        path.write_bytes(bytes(data))

    return make


def _fifo(path: Path, _base: bytes) -> None:
    os.mkfifo(path)


def _dangling_link(path: Path, _base: bytes) -> None:
    path.symlink_to(path.with_name("gone away.gmdesk"))


def _link_loop(path: Path, _base: bytes) -> None:
    other = path.with_name("loop.gmdesk")
    other.symlink_to(path)
    path.symlink_to(other)


def _link_to_folder(path: Path, _base: bytes) -> None:
    folder = path.with_name("a folder")
    folder.mkdir()
    path.symlink_to(folder)


def _folder(path: Path, _base: bytes) -> None:
    path.mkdir()


def _orphan_wal(path: Path, base: bytes) -> None:
    """Only `x.gmdesk-wal`, from a crashed campaign whose file is gone."""
    source = path.with_name("crashed.gmdesk")
    source.write_bytes(base)
    keeper = sqlite3.connect(source, isolation_level=None)
    keeper.execute("PRAGMA wal_autocheckpoint=0")
    keeper.execute("UPDATE character SET notes = 'written after the crash'")
    os.replace(source.with_name(source.name + "-wal"), path.with_name(path.name + "-wal"))
    keeper.close()
    for leftover in (source, source.with_name(source.name + "-shm")):
        leftover.unlink(missing_ok=True)
    for leftover in (source.with_name(source.name + "-wal"),):
        leftover.unlink(missing_ok=True)


def _orphan_journal(path: Path, _base: bytes) -> None:
    path.with_name(path.name + "-journal").write_bytes(b"\xd9\xd5\x05\xf9\x20\xa1\x63\xd7" * 64)


def _foreign_wal(path: Path, base: bytes) -> None:
    """A sound campaign with another campaign's `-wal` put beside it."""
    path.write_bytes(base)
    other = path.with_name("other.gmdesk")
    other.write_bytes(base)
    keeper = sqlite3.connect(other, isolation_level=None)
    keeper.execute("PRAGMA wal_autocheckpoint=0")
    keeper.execute("DELETE FROM die")
    keeper.execute("DROP TABLE card_image")
    keeper.execute("CREATE TABLE card_image (x)")
    os.replace(other.with_name(other.name + "-wal"), path.with_name(path.name + "-wal"))
    keeper.close()
    for leftover in (
        other,
        other.with_name(other.name + "-shm"),
        other.with_name(other.name + "-wal"),
    ):
        leftover.unlink(missing_ok=True)


def _chmod(make: Make, mode: int) -> Make:
    def made(path: Path, base: bytes) -> None:
        make(path, base)
        path.chmod(mode)

    return made


TABLES = (
    "campaign",
    "character",
    "die",
    "trait",
    "item",
    "roll_log",
    "card",
    "card_image",
    "energy_profile",
    "energy_day",
    "faction",
    "clock",
    "chapter",
    "claim",
    "claim_path",
    "downtime_sheet",
    "downtime_session",
    "downtime_entry",
)

REFUSED: dict[str, Make] = {
    "text file": _bytes(b"Session notes: the crew robbed the customs house.\n"),
    "empty": _bytes(b""),
    "one byte": _bytes(b"S"),
    "only the magic": _bytes(b"SQLite format 3\x00"),
    "random 64k a": _random(1, 65536),
    "random 64k b": _random(2, 65536),
    "random 4k": _random(3, 4096),
    "magic then random": _random(4, 65536, b"SQLite format 3\x00"),
    "magic then zeros": _bytes(b"SQLite format 3\x00" + bytes(8192)),
    "cut at 50": _cut(lambda size: 50),
    "cut at 99": _cut(lambda size: 99),
    "cut at 100": _cut(lambda size: 100),
    "cut at 1000": _cut(lambda size: 1000),
    "cut at one page": _cut(lambda size: 4096),
    "cut at two pages": _cut(lambda size: 8192),
    "cut in half": _cut(lambda size: size // 2),
    "cut mid-page": _cut(lambda size: size // 2 + 1234),
    "last page missing": _cut(lambda size: size - 4096),
    "page size garbage": _header_garbage(16, b"\x12\x34"),
    "schema page garbage": _schema_page_garbage,
    "character page garbage": _page_garbage("character"),
    "die page garbage": _page_garbage("die"),
    "card page garbage": _page_garbage("card"),
    "energy day page garbage": _page_garbage("energy_day"),
    "roll log page garbage": _page_garbage("roll_log"),
    "foreign sqlite": _new_sqlite(
        "CREATE TABLE song (title TEXT)", "INSERT INTO song VALUES ('Drunken Sailor')"
    ),
    "empty sqlite": _new_sqlite("PRAGMA user_version=1"),
    "our id, no tables": _new_sqlite(
        f"PRAGMA application_id={APPLICATION_ID}", "PRAGMA user_version=1"
    ),
    "our id, other tables": _new_sqlite(
        f"PRAGMA application_id={APPLICATION_ID}", "CREATE TABLE other (x)"
    ),
    "foreign id, our tables": _sql("PRAGMA application_id=12345"),
    "no version row": _sql("DELETE FROM alembic_version"),
    "no version table": _sql("DROP TABLE alembic_version"),
    "newer revision": _sql("UPDATE alembic_version SET version_num = '0999_from_the_future'"),
    "banana revision": _sql("UPDATE alembic_version SET version_num = 'banana'"),
    "past unknown revision": _sql("UPDATE alembic_version SET version_num = '0000_prehistory'"),
    "no campaign row": _sql("DELETE FROM campaign"),
    **{f"table {table} dropped": _sql(f"DROP TABLE {table}") for table in TABLES},
    "column character.notes dropped": _column_dropped("character", "notes"),
    "column die.size dropped": _column_dropped("die", "size"),
    "column trait.value dropped": _column_dropped("trait", "value"),
    "column card.zone dropped": _column_dropped("card", "zone"),
    "column campaign.start_date dropped": _column_dropped("campaign", "start_date"),
    "column roll_log.summary dropped": _column_dropped("roll_log", "summary"),
    "column faction.notes dropped": _column_dropped("faction", "notes"),
    "die size 7": _sql("UPDATE die SET size = 7 WHERE id = (SELECT min(id) FROM die)"),
    "die kind bogus": _sql("UPDATE die SET kind = 'bogus' WHERE id = (SELECT max(id) FROM die)"),
    "die place bogus": _sql("UPDATE die SET place = 'moon'"),
    "die size text": _sql("UPDATE die SET size = 'six'"),
    "character kind bogus": _sql("UPDATE character SET kind = 'bogus'"),
    "character name empty": _sql("UPDATE character SET name = ''"),
    "character name too long": _sql("UPDATE character SET name = printf('%.300c', 'x')"),
    "start date bogus": _sql("UPDATE campaign SET start_date = 'the day the sky fell'"),
    "current day zero": _sql("UPDATE campaign SET current_day = 0"),
    "settings not json": _sql("UPDATE campaign SET settings = '{not json'"),
    "roll kind bogus": _sql("UPDATE roll_log SET kind = 'bogus'"),
    "roll time bogus": _sql("UPDATE roll_log SET at = 'teatime'"),
    "roll total text": _sql("UPDATE roll_log SET total = 'lots'"),
    "card category bogus": _sql("UPDATE card SET category = 'bogus'"),
    "card efficiency 500": _sql("UPDATE card SET efficiency = 500"),
    "image format bogus": _sql("UPDATE card_image SET format = 'tiff'"),
    "energy day garbage": _sql("UPDATE energy_day SET state = '{\"what\": 1}'"),
    "energy ledger does not add up": _sql(
        "UPDATE energy_day SET state = replace(state, '\"amount\":3,', '\"amount\":4,')"
    ),
    "energy abilities garbage": _sql("UPDATE energy_profile SET abilities = 'x'"),
    "faction hold bogus": _sql("UPDATE faction SET hold = 'bogus'"),
    "faction tier 99": _sql("UPDATE faction SET tier = 99"),
    "faction status 9": _sql("UPDATE faction SET status = 9"),
    "chapter hold bogus": _sql("UPDATE chapter SET hold = 'wobbly'"),
    "chapter coin negative": _sql("UPDATE chapter SET coin = -5"),
    "chapter tier text": _sql("UPDATE chapter SET tier = 'high'"),
    "clock segments zero": _sql("UPDATE clock SET segments = 0, filled = 0"),
    "clock overfilled": _sql("UPDATE clock SET filled = segments + 3"),
    "claim far away": _sql("UPDATE claim SET x = 1e300"),
    "downtime xp garbage": _sql("UPDATE downtime_sheet SET xp = 'lots'"),
    "trait value bogus": _sql("UPDATE trait SET value = 'huge'"),
    "item kind bogus": _sql("UPDATE item SET kind = 'spoon'"),
    "downtime activity bogus": _sql("UPDATE downtime_entry SET activity = 'napping'"),
    "cut in half, read-only": _chmod(_cut(lambda size: size // 2), 0o444),
    "die kind bogus, read-only": _chmod(
        _sql("UPDATE die SET kind = 'bogus' WHERE id = (SELECT max(id) FROM die)"), 0o444
    ),
    "text file, no permissions at all": _chmod(_bytes(b"notes"), 0o000),
    "fifo": _fifo,
    "dangling symlink": _dangling_link,
    "symlink loop": _link_loop,
    "symlink to a folder": _link_to_folder,
    "folder": _folder,
    "orphaned -wal only": _orphan_wal,
    "orphaned -journal only": _orphan_journal,
    "another file's -wal beside it": _foreign_wal,
}
