"""An open campaign file: every GM action on it is one transaction.

There is nothing to "save": each method that changes the campaign commits before it
returns, so a GM Desk killed at any moment loses no acknowledged action.

Reads go through one plain sqlite3 connection; writes go through sqlmodel sessions
(`writer.py`), created on the first write. Showing a campaign therefore costs what
reading its rows costs, and the window is up before SQLAlchemy is even imported.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import closing, contextmanager, suppress
from dataclasses import fields, replace
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from desktop.rules import dicepool, roster, syscards
from desktop.rules import energy as rules_energy
from desktop.rules.energy import CharacterProfile, DayState
from desktop.store import backups, checks, energy, files, health, schema, search, trust
from desktop.store.connection import connect
from desktop.store.downtime import DowntimeStore
from desktop.store.downtime_records import (
    OWNER_CHAPTER,
    OWNER_CHARACTER,
    OWNER_FACTION,
    OWNER_NONE,
    ChapterRecord,
    ClaimPathRecord,
    ClaimRecord,
    ClaimSnapshot,
    ClaimTransfer,
    ClockRecord,
    DowntimeEntry,
    DowntimeSheet,
    DowntimeStep,
    DowntimeUndo,
    FactionRecord,
    FactionSnapshot,
)
from desktop.store.errors import (
    CampaignRefused,
    NotFound,
    ReadOnlyCampaign,
    failure_reason,
    write_failure,
)
from desktop.store.files import check_sqlite_file
from desktop.store.lock import CampaignLock
from desktop.store.records import (
    CampaignSummary,
    CardRecord,
    CardSnapshot,
    CharacterRecord,
    CharacterSnapshot,
    DieRecord,
    EndDaySummary,
    EndDayToken,
    EnergyDebt,
    EnergyDecay,
    ItemRecord,
    RollRecord,
    TraitRecord,
)

if TYPE_CHECKING:
    from sqlmodel import Session

    from desktop.store.writer import Writer

SUFFIX = ".gmdesk"
CHARACTER_COLUMNS = ", ".join(f.name for f in fields(CharacterRecord))
DIE_COLUMNS = ", ".join(f.name for f in fields(DieRecord))
TRAIT_COLUMNS = ", ".join(f.name for f in fields(TraitRecord))
# An item's die id is read with it: an item has at most one die (a unique index).
ITEM_COLUMNS = (
    ", ".join(f"item.{f.name}" for f in fields(ItemRecord) if f.name != "die_id")
    + ", (SELECT die.id FROM die WHERE die.item_id = item.id)"
)
ROLL_COLUMNS = ", ".join(f.name for f in fields(RollRecord))
# A card's image is read apart (it can be megabytes); the list only says there is one.
CARD_COLUMNS = (
    ", ".join(f"card.{f.name}" for f in fields(CardRecord) if f.name != "has_image")
    + ", EXISTS (SELECT 1 FROM card_image WHERE card_image.card_id = card.id)"
)
# What a new card is unless told otherwise ("Any SySCard with a Capacity starts with a
# mandatory 1% of Efficiency"; an entity has a Capacity unless its design says not).
NEW_CARD: dict[str, object] = {
    "owner_id": None,
    "character_id": None,
    "capacity": True,
    "efficiency": syscards.NEW_CARD_EFFICIENCY,
    **{name: 0 for name in checks.CARD_NUMBERS},
    "zone": "",
    "scale": "",
    "info": "",
    "tags": (),
}
COPY_SUFFIX = " (copy)"

Listener = Callable[[str], None]
Populate = Callable[["Session"], None]

__all__ = [
    "OWNER_CHAPTER",
    "OWNER_CHARACTER",
    "OWNER_FACTION",
    "OWNER_NONE",
    "SUFFIX",
    "Campaign",
    "CampaignSummary",
    "CardRecord",
    "CardSnapshot",
    "ChapterRecord",
    "CharacterRecord",
    "CharacterSnapshot",
    "ClaimPathRecord",
    "ClaimRecord",
    "ClaimSnapshot",
    "ClaimTransfer",
    "ClockRecord",
    "DieRecord",
    "DowntimeEntry",
    "DowntimeSheet",
    "DowntimeStep",
    "DowntimeUndo",
    "FactionRecord",
    "FactionSnapshot",
    "ItemRecord",
    "RollRecord",
    "TraitRecord",
]


class Campaign(DowntimeStore):
    """One open `.gmdesk` file. Build it with `Campaign.open` or `Campaign.create`."""

    def __init__(
        self, path: Path, reader: sqlite3.Connection, lock: CampaignLock | None, data_dir: Path
    ) -> None:
        self.path = path
        self._reader = reader
        self._writer: Writer | None = None
        self._lock = lock
        self._data_dir = data_dir
        self._listeners: list[Listener] = []
        # Why the campaign is read-only when no other GM Desk holds it (None otherwise).
        self.read_only_reason: str | None = None
        self.revision = 0  # bumped by every committed write; backups compare it
        # Every card by id, as of the reader's `PRAGMA data_version` below (see `cards`).
        self._card_cache: dict[int, CardRecord] = {}
        self._card_cache_version: int | None = None
        # Each character's two latest energy days: day -> (stored JSON, checked state).
        # A state is a pure function of its JSON, so a row whose text is the one seen
        # before is that state again: End Day then skips parsing and re-checking the
        # whole roster's day, which cost several times the rules' rollover itself.
        self._day_cache: dict[int, dict[int, tuple[str, DayState]]] = {}
        self._profile_cache: dict[int, tuple[tuple[object, ...], CharacterProfile]] = {}

    # -- opening and closing -------------------------------------------------------------

    @classmethod
    def open(cls, path: Path, *, data_dir: Path, read_only: bool = False) -> Campaign:
        """Open a campaign, upgrading its schema (after a backup) when it is older.

        Raises CampaignRefused for a file that is not a whole, sound, known campaign,
        and lock.CampaignLocked when another GM Desk is writing it; either way the file
        is left byte for byte as it was, with no lock, `-wal` or `-shm` added beside it.
        A file GM Desk cannot write (read-only file, folder or disk) opens read-only.
        """
        path = path.absolute()
        check_sqlite_file(path)
        unwritable = files.unwritable_reason(path)
        if unwritable is not None:
            read_only = True
        try:
            lock = None if read_only else CampaignLock.acquire(path)
        except OSError as error:
            raise CampaignRefused(
                f"“{path.name}” could not be opened: its lock file could not be written "
                f"({error.strerror or error}). Nothing was changed."
            ) from None
        try:
            with files.inspecting(path, shared=read_only) as inspected:
                revision = schema.revision_of(inspected, path.name)
                files.quick_check(inspected, path.name)
                if not schema.needs_upgrade(revision):
                    # The stored values are read only if something else touched the file.
                    trusted = trust.is_trusted(path, data_dir)
                    health.refuse_unsound(inspected, path.name, values=not trusted)
                    if not trusted:
                        trust.remember(path, data_dir)
            if schema.needs_upgrade(revision):
                if read_only:
                    raise CampaignRefused(
                        f"“{path.name}” was made by an older GM Desk and must be upgraded, "
                        f"which cannot be done while {unwritable or 'it is open read-only'}. "
                        "Nothing was changed; open it for writing to upgrade it."
                    )
                backups.make_backup(path, backups.backup_folder(data_dir, path))
                schema.upgrade(path)
                with files.inspecting(path, shared=False) as inspected:
                    health.refuse_unsound(inspected, path.name)
                trust.remember(path, data_dir)
            # Immutable only with no changes waiting in a -wal: it would not see them.
            immutable = unwritable is not None and trust.fingerprint(path) is not None
            reader = _reader(path, read_only=read_only, immutable=immutable)
            campaign = cls(path, reader, lock, data_dir)
            campaign.read_only_reason = unwritable
            try:
                campaign.summary()  # fails now, not later, on a file missing its campaign row
            except BaseException:
                campaign._reader.close()
                raise
        except BaseException:
            if lock is not None:
                lock.release()
            raise
        return campaign

    @classmethod
    def create(
        cls,
        path: Path,
        *,
        data_dir: Path,
        name: str | None = None,
        start_date: date | None = None,
        current_day: int = 1,
        settings: dict[str, object] | None = None,
        populate: Populate | None = None,
    ) -> Campaign:
        """Make a new campaign file and open it.

        `populate` fills the new file in the same transaction (an import uses it). The
        file is built under a temporary name and renamed into place, so a crash or a
        failed import never leaves half a campaign behind.
        """
        from desktop.store import downtime_writer, writer

        path = path.absolute()
        if os.path.lexists(path):
            raise CampaignRefused(f"“{path.name}” already exists; open it instead.")
        strays = files.stray_sidecars(path)
        if strays:
            # A new file would adopt them: SQLite replays a `-wal` into any database of
            # the same name, which here would be pages of some other, lost file.
            listed = ", ".join(f"“{stray.name}”" for stray in strays)
            raise CampaignRefused(
                f"A new campaign cannot be made as “{path.name}”: {listed} beside it "
                "belonged to an earlier file of that name and could hold its last changes. "
                "Nothing was changed. Choose another name, or move those files away first."
            )
        title = roster.check_name(name if name is not None else path.stem)
        if not files.folder_writable(path.parent):
            raise CampaignRefused(
                f"“{path.name}” could not be made: its folder (or the disk it is on) is "
                "read-only, or does not exist. Choose another folder."
            )
        building = path.with_name(f".{path.name}.{os.getpid()}.new")
        from sqlalchemy import exc

        try:
            connect(building, read_only=False).close()
            schema.upgrade(building)
            maker = writer.Writer(building)
            try:
                with maker.transaction() as session:
                    writer.add_campaign(
                        session,
                        name=title,
                        start_date=(start_date or date.today()).isoformat(),
                        current_day=current_day,
                        settings=json.dumps(settings or {}),
                    )
                    # The migration made the chapter before the campaign had a name.
                    downtime_writer.name_chapter(session, title)
                    if populate is not None:
                        populate(session)
            finally:
                maker.dispose()
            # The last connection closed folded the WAL in: the file is whole on its own.
            os.replace(building, path)
        except (exc.OperationalError, sqlite3.OperationalError, OSError) as error:
            what, todo = failure_reason(error, path.parent)
            raise CampaignRefused(
                f"“{path.name}” could not be made: {what}. Nothing was written. {todo}"
            ) from error
        finally:
            for leftover in (building, *_sidecars(building)):
                with suppress(FileNotFoundError):
                    leftover.unlink()
        return cls.open(path, data_dir=data_dir)

    @property
    def read_only(self) -> bool:
        return self._lock is None

    @property
    def backup_folder(self) -> Path:
        return backups.backup_folder(self._data_dir, self.path)

    def close(self) -> None:
        """Fold the WAL into the file and let another GM Desk have the campaign."""
        if self._writer is not None:
            self._writer.dispose()
            self._writer = None
        if not self.read_only:
            with suppress(sqlite3.Error):
                self._reader.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        self._reader.close()
        if self._lock is not None:
            # Left whole by GM Desk itself: the next open need not re-read every value.
            trust.remember(self.path, self._data_dir)
            self._lock.release()
            self._lock = None

    def __enter__(self) -> Campaign:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- telling the program what changed ------------------------------------------------

    def subscribe(self, listener: Listener) -> None:
        """Call `listener(topic)` after each committed change.

        Topics: "campaign", "characters", "dice", "traits", "items", "rolls", "cards",
        "energy" (energy profiles and days; End Day also tells "campaign"), and for
        downtime "clocks", "factions", "chapter", "claims" and "downtime" (sheets,
        sessions and their steps); see store/downtime.py for which changes tell more
        than one.
        Deleting or restoring a character also deletes or restores its dice, traits and
        items and relinks its roll log lines, but is told as "characters" only; when it
        unlinks or relinks SySCards it also tells "cards", and "clocks" and "downtime"
        when it had clocks or downtime rows. A card's image is "cards". The remembered
        print layout is "print".
        """
        self._listeners.append(listener)

    def unsubscribe(self, listener: Listener) -> None:
        with suppress(ValueError):
            self._listeners.remove(listener)

    @contextmanager
    def _writing(self, *topics: str) -> Iterator[Session]:
        """One GM action: a transaction that commits, then tells the listeners (once per
        topic it changed, e.g. a roll changes "dice" and "rolls")."""
        if self.read_only:
            if self.read_only_reason:
                raise ReadOnlyCampaign(
                    f"{self.read_only_reason}. To make changes, save a copy (File > Save a "
                    "Copy) somewhere GM Desk can write, and open that."
                )
            raise ReadOnlyCampaign()
        from sqlalchemy import exc

        from desktop.store.writer import Writer

        try:
            if self._writer is None:
                self._writer = Writer(self.path)
            with self._writer.transaction() as session:
                yield session
        except exc.IntegrityError:
            raise
        except (
            exc.OperationalError,
            exc.DatabaseError,
            sqlite3.OperationalError,
            OSError,
        ) as error:
            raise write_failure(error, self.path) from error
        self.revision += 1
        for topic in topics:
            for listener in list(self._listeners):
                listener(topic)

    def _read(self, sql: str, parameters: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
        return self._reader.execute(sql, parameters).fetchall()

    # -- the campaign row -----------------------------------------------------------------

    def summary(self) -> CampaignSummary:
        rows = self._read("SELECT name, start_date, current_day, settings FROM campaign LIMIT 1")
        if not rows:
            raise CampaignRefused(f"“{self.path.name}” is a GM Desk file with no campaign in it.")
        name, start, day, settings = rows[0]
        return CampaignSummary(
            name=str(name),
            start_date=date.fromisoformat(str(start)),
            current_day=int(day),  # type: ignore[call-overload]
            settings=json.loads(str(settings)),
        )

    def rename(self, name: str) -> None:
        from desktop.store import writer

        title = roster.check_name(name)
        with self._writing("campaign") as session:
            writer.rename_campaign(session, title)

    def settings(self) -> dict[str, int]:
        """The campaign's rule settings over their defaults: {"raise_from", "raise_by",
        "stress_track"}."""
        stored = self.summary().settings
        return checks.stored_settings(stored if isinstance(stored, dict) else {})

    def update_settings(self, **changes: object) -> dict[str, int]:
        """Change rule settings (raise_from 1..100, raise_by 0..100, stress_track 2..20,
        never below the stress a character has marked); returns the settings as they
        were, so `update_settings(**previous)` undoes it. Tells "campaign"."""
        from desktop.store import writer

        previous = self.settings()
        wanted = checks.settings(changes, previous)
        self._check_stress_track(wanted["stress_track"])
        with self._writing("campaign") as session:
            stored = self.summary().settings
            # Keys this version does not know stay as they were.
            kept = stored if isinstance(stored, dict) else {}
            writer.set_settings(session, json.dumps({**kept, **wanted}))
        return previous

    def print_settings(self) -> dict[str, object]:
        """The print layout the GM last chose for this campaign (card size, bleed, back
        offset, ...) as plain JSON values; {} when never chosen. The printing layer
        reads them (a damaged value reads as its default there)."""
        stored = self.summary().settings
        value = stored.get(checks.PRINT_SETTINGS_KEY) if isinstance(stored, dict) else None
        return dict(value) if isinstance(value, dict) else {}

    def remember_print_settings(self, values: Mapping[str, object]) -> None:
        """Keep the print layout with the campaign, beside the rule settings. Not an
        undo step: a printing preference, not a change to the game. Tells "print"."""
        from desktop.store import writer

        checked = checks.print_settings(values)
        if checked == self.print_settings():
            return  # printing again with the same choices writes nothing
        with self._writing("print") as session:
            stored = self.summary().settings
            kept = stored if isinstance(stored, dict) else {}
            writer.set_settings(session, json.dumps({**kept, checks.PRINT_SETTINGS_KEY: checked}))

    # -- the roster -------------------------------------------------------------------------

    def characters(self) -> list[CharacterRecord]:
        """Every roster entry, in roster order."""
        rows = self._read(f"SELECT {CHARACTER_COLUMNS} FROM character ORDER BY position, id")
        return [CharacterRecord(*row) for row in rows]  # type: ignore[arg-type]

    def character(self, character_id: int) -> CharacterRecord:
        rows = self._read(
            f"SELECT {CHARACTER_COLUMNS} FROM character WHERE id = ?", (character_id,)
        )
        if not rows:
            raise NotFound(f"Character {character_id} is no longer in the campaign.")
        return CharacterRecord(*rows[0])  # type: ignore[arg-type]

    def add_character(self, name: str, kind: str = "pc", notes: str = "") -> CharacterRecord:
        from desktop.store import writer

        values = {
            "name": roster.check_name(name),
            "kind": roster.check_kind(kind),
            "notes": roster.check_notes(notes),
        }
        with self._writing("characters") as session:
            return writer.add_character(session, **values)

    def update_character(self, character_id: int, **changes: object) -> CharacterRecord:
        """Change name, kind and/or notes; returns the record as it is now."""
        from desktop.store import writer

        checks = {"name": roster.check_name, "kind": roster.check_kind, "notes": roster.check_notes}
        unknown = set(changes) - set(checks)
        if unknown:
            raise ValueError(f"A character has no field {', '.join(sorted(unknown))}.")
        values: dict[str, object] = {key: checks[key](value) for key, value in changes.items()}
        with self._writing("characters") as session:
            return writer.update_character(session, character_id, values)

    def snapshot(self, character_id: int) -> CharacterSnapshot:
        """A character with its dice, traits, items and the ids of its roll log lines
        and of the SySCards linked to it."""
        roll_ids = self._read(
            "SELECT id FROM roll_log WHERE character_id = ? ORDER BY id", (character_id,)
        )
        card_ids = self._read(
            "SELECT id FROM card WHERE character_id = ? ORDER BY id", (character_id,)
        )
        return CharacterSnapshot(
            character=self.character(character_id),
            dice=tuple(self.dice(character_id)),
            traits=tuple(self.traits(character_id)),
            items=tuple(self.items(character_id)),
            roll_ids=tuple(int(row[0]) for row in roll_ids),  # type: ignore[call-overload]
            card_ids=tuple(int(row[0]) for row in card_ids),  # type: ignore[call-overload]
            **self._energy_rows(character_id),
            **self._downtime_rows(character_id),  # type: ignore[arg-type]
        )

    def _energy_rows(self, character_id: int) -> dict[str, object]:
        """A character's energy rows as stored, for a snapshot (restored as they were)."""
        profile = self._read(
            "SELECT daily_net, abilities FROM energy_profile WHERE character_id = ?",
            (character_id,),
        )
        days = self._read(
            "SELECT day, state FROM energy_day WHERE character_id = ? ORDER BY day",
            (character_id,),
        )
        return {
            "energy_profile": (int(profile[0][0]), str(profile[0][1])) if profile else None,  # type: ignore[call-overload]
            "energy_days": tuple((int(day), str(state)) for day, state in days),  # type: ignore[call-overload]
        }

    def delete_character(self, character_id: int) -> CharacterSnapshot:
        """Delete a roster entry with its dice, traits, items, energy, clocks and
        downtime sheet (the database cascades).

        Its roll log lines and downtime steps stay, named as they were, with no
        character; so do the SySCards linked to it. Returns what `restore_character`
        needs to undo it all.
        """
        from desktop.store import writer

        snapshot = self.snapshot(character_id)
        topics = ("characters", *_cards_topic(snapshot.card_ids), *_downtime_topics(snapshot))
        with self._writing(*topics) as session:
            writer.delete_character(session, character_id)
        return snapshot

    def restore_character(self, snapshot: CharacterSnapshot | CharacterRecord) -> CharacterRecord:
        """Put a deleted character back with its old ids and places, in one transaction.

        Its dice, traits and items come back as they were, and the roll log lines and
        SySCards in the snapshot are linked to it again (those not linked elsewhere
        since). A bare CharacterRecord restores the roster entry alone.
        """
        from desktop.store import writer

        if isinstance(snapshot, CharacterRecord):
            snapshot = CharacterSnapshot(snapshot)
        record = snapshot.character
        dice = [checks.die(die) for die in snapshot.dice]
        _same_owner(record.id, [*dice, *snapshot.traits, *snapshot.items])
        card_ids = _distinct_ids(snapshot.card_ids, "card")
        downtime_rows = self._checked_downtime_rows(snapshot)
        topics = ("characters", *_cards_topic(card_ids), *_downtime_topics(snapshot))
        with self._writing(*topics) as session:
            writer.insert_characters(session, [record])
            writer.insert_items(session, [_checked_item(item) for item in snapshot.items])
            writer.insert_traits(session, [_checked_trait(trait) for trait in snapshot.traits])
            _check_item_dice(dice, snapshot.items)
            writer.insert_dice(session, dice)
            writer.link_rolls(session, record.id, snapshot.roll_ids)
            writer.link_character_cards(session, record.id, card_ids)
            if snapshot.energy_profile is not None:
                writer.set_energy_profile(session, record.id, *snapshot.energy_profile)
            writer.put_energy_days(
                session, [(record.id, day, state) for day, state in snapshot.energy_days]
            )
            self._restore_downtime_rows(session, record.id, downtime_rows)
        return record

    # -- dice -------------------------------------------------------------------------------

    def dice(self, character_id: int) -> list[DieRecord]:
        """A character's dice, items' dice included, in table order."""
        rows = self._read(
            f"SELECT {DIE_COLUMNS} FROM die WHERE character_id = ? ORDER BY position, id",
            (character_id,),
        )
        return [_die(row) for row in rows]

    def dice_counts(self) -> dict[int, tuple[int, int, int]]:
        """Every character's ordinary dice: (in the pool, on the table, removed)."""
        rows = self._read(
            "SELECT character.id,"
            " COALESCE(SUM(die.place = 'pool'), 0),"
            " COALESCE(SUM(die.place = 'table'), 0),"
            " COALESCE(SUM(die.place = 'removed'), 0)"
            " FROM character LEFT JOIN die"
            " ON die.character_id = character.id AND die.kind = 'ordinary'"
            " GROUP BY character.id"
        )
        return {int(r[0]): (int(r[1]), int(r[2]), int(r[3])) for r in rows}  # type: ignore[call-overload]

    def add_dice(
        self,
        character_id: int,
        size: int = dicepool.DEFAULT_SIZE,
        count: int = 1,
        kind: str = "ordinary",
        place: str = "pool",
    ) -> list[DieRecord]:
        """New loose dice at the end of the character's dice (an item's die comes with
        the item: `add_item`)."""
        from desktop.store import writer

        values = {
            "size": checks.die_size(size),
            "count": checks.count(count),
            "kind": checks.die_kind(kind),
            "place": checks.die_place(place),
        }
        checks.row_id(character_id, "A character's id")
        with self._writing("dice") as session:
            return writer.add_dice(session, character_id, **values)  # type: ignore[arg-type]

    def remove_dice(self, die_ids: Iterable[int]) -> list[DieRecord]:
        """Delete dice; returns them, in the order asked, for `restore_dice`."""
        from desktop.store import writer

        ids = _distinct_ids(die_ids, "die")
        if not ids:
            return []
        with self._writing("dice") as session:
            removed = self._dice_by_id(ids)
            writer.delete_dice(session, ids)
        return [removed[die_id] for die_id in ids]

    def restore_dice(self, records: Sequence[DieRecord]) -> list[DieRecord]:
        """Put removed dice back with their old ids (the undo of `remove_dice`)."""
        from desktop.store import writer

        dice = _checked_dice(records)
        _distinct_ids((die.item_id for die in dice if die.item_id is not None), "item")
        if not dice:
            return []
        with self._writing("dice") as session:
            self._require_characters({die.character_id for die in dice})
            for die in dice:
                if die.item_id is not None:
                    self._check_item_free(die)
            writer.insert_dice(session, dice)
        return dice

    def update_dice(self, records: Sequence[DieRecord]) -> list[DieRecord]:
        """Write each die as given (matched by id): the one write for rolls, moves, the
        tray, steps, damage, rest and awards. Returns the dice as they were, in the same
        order, so `update_dice(previous)` undoes it.

        All or nothing: an unknown die or character (NotFound) or a bad value
        (ValueError) is refused before anything is written. An item's die stays with its
        item: its owner, kind and item cannot change here.
        """
        dice = _checked_dice(records)
        if not dice:
            return []
        with self._writing("dice") as session:
            return self._write_dice(session, dice)

    def _write_dice(self, session: Session, dice: Sequence[DieRecord]) -> list[DieRecord]:
        """`update_dice` inside a transaction: check against the file, write, return the
        dice as they were."""
        from desktop.store import writer

        ids = [die.id for die in dice]
        before = self._dice_by_id(ids)
        for die in dice:
            _check_die_change(before[die.id], die)
        self._require_characters({die.character_id for die in dice})
        writer.update_dice(session, dice)
        return [before[die_id] for die_id in ids]

    def _check_item_free(self, die: DieRecord) -> None:
        """A die put back on its item: the item is there and has no other die."""
        item = self.item(die.item_id)  # type: ignore[arg-type]
        _check_item_dice([die], [item])
        if item.die_id is not None:
            raise ValueError(f"{item.name} already has a die ({item.die_id}).")

    def _dice_by_id(self, die_ids: Sequence[int]) -> dict[int, DieRecord]:
        """The dice with these ids; NotFound names the first one missing."""
        found: dict[int, DieRecord] = {}
        for chunk in _chunks(die_ids):
            marks = ", ".join("?" * len(chunk))
            rows = self._read(f"SELECT {DIE_COLUMNS} FROM die WHERE id IN ({marks})", chunk)
            found.update((die.id, die) for die in map(_die, rows))
        for die_id in die_ids:
            if die_id not in found:
                raise NotFound(f"Die {die_id} is no longer in the campaign.")
        return found

    def _require_characters(self, character_ids: Iterable[int]) -> None:
        for character_id in sorted(character_ids):
            self.character(character_id)  # raises NotFound

    # -- traits -----------------------------------------------------------------------------

    def traits(self, character_id: int) -> list[TraitRecord]:
        rows = self._read(
            f"SELECT {TRAIT_COLUMNS} FROM trait WHERE character_id = ? ORDER BY position, id",
            (character_id,),
        )
        return [_trait(row) for row in rows]

    def trait(self, trait_id: int) -> TraitRecord:
        rows = self._read(f"SELECT {TRAIT_COLUMNS} FROM trait WHERE id = ?", (trait_id,))
        if not rows:
            raise NotFound(f"Trait {trait_id} is no longer in the campaign.")
        return _trait(rows[0])

    def add_trait(
        self, character_id: int, name: str, value: int = 1, broad: bool = False
    ) -> TraitRecord:
        from desktop.store import writer

        trait = checks.trait(name, value, broad)
        with self._writing("traits") as session:
            self._refuse_trait_name(character_id, trait.name)
            return writer.add_trait(session, character_id, trait.name, trait.value, trait.broad)

    def update_trait(self, trait_id: int, **changes: object) -> TraitRecord:
        """Change name, value, broad and/or position; returns the trait as it is now."""
        from desktop.store import writer

        _known_fields(changes, {"name", "value", "broad", "position"}, "A trait")
        with self._writing("traits") as session:
            current = self.trait(trait_id)
            merged = {
                "name": current.name,
                "value": current.value,
                "broad": current.broad,
                **changes,
            }
            trait = checks.trait(merged["name"], merged["value"], merged["broad"])
            values: dict[str, object] = {
                "name": trait.name,
                "value": trait.value,
                "broad": trait.broad,
            }
            if "position" in changes:
                values["position"] = checks.position(changes["position"])
            if trait.name.casefold() != current.name.casefold():
                self._refuse_trait_name(current.character_id, trait.name)
            return writer.update_trait(session, trait_id, values)

    def delete_trait(self, trait_id: int) -> TraitRecord:
        """Delete a trait; returns it for `restore_trait`."""
        from desktop.store import writer

        with self._writing("traits") as session:
            record = self.trait(trait_id)
            writer.delete_trait(session, trait_id)
        return record

    def restore_trait(self, record: TraitRecord) -> TraitRecord:
        """Put a deleted trait back with its old id and place."""
        from desktop.store import writer

        trait = _checked_trait(record)
        with self._writing("traits") as session:
            self.character(trait.character_id)
            self._refuse_trait_name(trait.character_id, trait.name)
            writer.insert_traits(session, [trait])
        return trait

    def _refuse_trait_name(self, character_id: int, name: str) -> None:
        # Rolls name the trait they use, so one character's traits need distinct names.
        for other in self.traits(character_id):
            if other.name.casefold() == name.casefold():
                raise ValueError(f"This character already has a trait called “{other.name}”.")

    # -- items ------------------------------------------------------------------------------

    def items(self, character_id: int) -> list[ItemRecord]:
        rows = self._read(
            f"SELECT {ITEM_COLUMNS} FROM item WHERE character_id = ? ORDER BY position, id",
            (character_id,),
        )
        return [_item(row) for row in rows]

    def item(self, item_id: int) -> ItemRecord:
        rows = self._read(f"SELECT {ITEM_COLUMNS} FROM item WHERE id = ?", (item_id,))
        if not rows:
            raise NotFound(f"Item {item_id} is no longer in the campaign.")
        return _item(rows[0])

    def add_item(
        self, character_id: int, name: str, kind: str, die_size: int, deplete: bool = False
    ) -> ItemRecord:
        """A weapon (with a damage die) or armour (with a protection die), in one go."""
        from desktop.store import writer

        item = checks.item(name, kind, die_size, deplete)
        with self._writing("items") as session:
            return writer.add_item(
                session,
                character_id,
                name=item.name,
                kind=item.kind.value,
                deplete=item.deplete,
                die_kind=item.die_kind.value,
                die_size=item.die_size,
            )

    def update_item(self, item_id: int, **changes: object) -> ItemRecord:
        """Change name, deplete, die_size and/or position; returns the item as it is now."""
        from desktop.store import writer

        _known_fields(changes, {"name", "deplete", "die_size", "position"}, "An item")
        with self._writing("items") as session:
            current = self.item(item_id)
            die = self._item_die(current)
            if "die_size" in changes and die is None:
                raise ValueError(f"{current.name} has no die to resize.")
            item = checks.item(
                changes.get("name", current.name),
                current.kind,
                changes.get("die_size", die.size if die else dicepool.DEFAULT_SIZE),
                changes.get("deplete", current.deplete),
            )
            if die is not None:
                # Steps already chosen for the die must still fit its new size.
                dicepool.check_tray_choice(item.die_size, die.steps, die.down_to_d4)
            values: dict[str, object] = {"name": item.name, "deplete": item.deplete}
            if "position" in changes:
                values["position"] = checks.position(changes["position"])
            new_size = item.die_size if "die_size" in changes else None
            return writer.update_item(session, item_id, values, new_size)

    def delete_item(self, item_id: int) -> tuple[ItemRecord, DieRecord | None]:
        """Delete an item and its die; returns both for `restore_item`."""
        from desktop.store import writer

        with self._writing("items") as session:
            item = self.item(item_id)
            die = self._item_die(item)
            writer.delete_item(session, item_id)
        return item, die

    def restore_item(self, item: ItemRecord, die: DieRecord | None) -> ItemRecord:
        """Put a deleted item and its die back with their old ids."""
        from desktop.store import writer

        checked = _checked_item(item)
        dice = [] if die is None else [checks.die(die)]
        _same_owner(checked.character_id, dice)
        _check_item_dice(dice, [checked])
        with self._writing("items") as session:
            self.character(checked.character_id)
            writer.insert_items(session, [checked])
            writer.insert_dice(session, dice)
        return replace(checked, die_id=dice[0].id if dice else None)

    def _item_die(self, item: ItemRecord) -> DieRecord | None:
        return None if item.die_id is None else self._dice_by_id([item.die_id])[item.die_id]

    # -- SySCards -----------------------------------------------------------------------------

    def cards(
        self, text: str = "", category: str | None = None, owner_id: int | None = None
    ) -> list[CardRecord]:
        """The cards, in list order, that contain `text` (in the name, the words of the
        Info or the tags, ignoring case) and have the category and owner card given.

        One query does the filtering (store/search.py) and returns only ids; the records
        come from a cache of every card that is read again whenever the file has changed.
        Building 10,000 records (and reading their Info) costs several keystrokes' worth
        of time; looking them up costs next to nothing.
        """
        if not isinstance(text, str):
            raise ValueError(f"The text to look for must be text, not {text!r}.")
        conditions: list[str] = []
        parameters: list[object] = []
        pattern = search.like_pattern(text)
        if pattern is not None:
            conditions.append(f"card.search_text LIKE ? ESCAPE '{search.ESCAPE}'")
            parameters.append(pattern)
        if category is not None:
            conditions.append("card.category = ?")
            parameters.append(checks.card_category(category))
        if owner_id is not None:
            conditions.append("card.owner_id = ?")
            parameters.append(checks.row_id(owner_id, "An owner card's id"))
        where = f"WHERE {' AND '.join(conditions)}" if conditions else ""
        order = "ORDER BY card.position, card.id"
        by_id = self._all_cards()
        rows = self._read(f"SELECT card.id FROM card {where} {order}", tuple(parameters))
        found = [by_id.get(row[0]) for row in rows]  # type: ignore[call-overload]
        if None in found:
            # Another program committed between the two reads (this campaign is open
            # read-only beside it): read these cards whole; the cache catches up next time.
            rows = self._read(f"SELECT {CARD_COLUMNS} FROM card {where} {order}", tuple(parameters))
            return [_card(row) for row in rows]
        return found  # type: ignore[return-value]

    def _all_cards(self) -> dict[int, CardRecord]:
        """Every card by id, read again only when the file has changed since.

        `PRAGMA data_version` changes on this connection whenever another connection
        commits, and every write of this program goes through the writer's connections.
        It is read before the cards, so a commit in between makes the next call reread.
        """
        version = self._read("PRAGMA data_version")[0][0]
        if version != self._card_cache_version:
            rows = self._read(f"SELECT {CARD_COLUMNS} FROM card")
            self._card_cache = {card.id: card for card in map(_card, rows)}
            self._card_cache_version = version  # type: ignore[assignment]
        return self._card_cache

    def card(self, card_id: int) -> CardRecord:
        rows = self._read(f"SELECT {CARD_COLUMNS} FROM card WHERE card.id = ?", (card_id,))
        if not rows:
            raise NotFound(f"Card {card_id} is no longer in the campaign.")
        return _card(rows[0])

    def card_count(self) -> int:
        return int(self._read("SELECT count(*) FROM card")[0][0])  # type: ignore[call-overload]

    def card_names(self) -> dict[int, str]:
        """Every card's name by id: owners (`#`) and pickers, without reading whole cards."""
        rows = self._read("SELECT id, name FROM card ORDER BY position, id")
        return {int(row[0]): str(row[1]) for row in rows}  # type: ignore[call-overload]

    def add_card(self, name: str, category: str = "skill", **fields: object) -> CardRecord:
        """A new card after all the others (unless `position` is given). `fields` are
        those of `update_card`; the rest start as a new card does (efficiency 1)."""
        from desktop.store import writer

        values = checks.card_fields({**NEW_CARD, **fields, "name": name, "category": category})
        with self._writing("cards") as session:
            # A new card owns nothing yet, so its owner cannot close a loop.
            self._check_card_links(None, values)
            return writer.add_card(session, values)

    def update_card(self, card_id: int, **changes: object) -> CardRecord:
        """Change any of name, category, owner_id, character_id, capacity, efficiency,
        power, velocity, focus, resistance, zone, scale, info, tags, position; returns
        the card as it is now. A card owned by itself, or by a card it owns (its own
        skill), is refused, and so is anything else invalid, with nothing written."""
        from desktop.store import writer

        values = checks.card_fields(changes)
        if not values:
            return self.card(card_id)
        with self._writing("cards") as session:
            current = self.card(card_id)
            self._check_card_links(card_id, {"name": current.name, **values})
            return writer.update_card(session, card_id, values)

    def check_card_owner(self, card_id: int | None, owner_id: int | None) -> None:
        """Raise what `update_card(card_id, owner_id=owner_id)` would (NotFound or
        ValueError), writing nothing: for an editor that refuses an owner in place.
        `card_id` None stands for a card not yet added."""
        owner = checks.optional_id(owner_id, "A card's owner")
        if card_id is None:
            self._check_card_links(None, {"owner_id": owner})
        else:
            self._check_card_links(card_id, {"name": self.card(card_id).name, "owner_id": owner})

    def duplicate_card(self, card_id: int) -> CardRecord:
        """A copy of a card with its image, named "… (copy)", right after it in the list.

        Undo it with `delete_card` on the copy.
        """
        from desktop.store import writer

        with self._writing("cards") as session:
            original = self.card(card_id)
            image = self.card_image(card_id)
            writer.make_room_after(session, original.position)
            values = {
                **_card_values(original),
                "name": _copy_name(original.name),
                "position": original.position + 1,
            }
            copy = writer.add_card(session, values)
            if image is not None:
                writer.set_card_image(session, copy.id, image)
        return replace(copy, has_image=image is not None)

    def card_snapshot(self, card_id: int) -> CardSnapshot:
        """A card with its image and the ids of the cards it owns."""
        owned = self._read("SELECT id FROM card WHERE owner_id = ? ORDER BY id", (card_id,))
        return CardSnapshot(
            card=self.card(card_id),
            image=self.card_image(card_id),
            owned_ids=tuple(int(row[0]) for row in owned),  # type: ignore[call-overload]
        )

    def delete_card(self, card_id: int) -> CardSnapshot:
        """Delete a card and its image. The cards it owned stay, with no owner; roll log
        lines of its acts stay as written. Returns what `restore_card` needs."""
        from desktop.store import writer

        with self._writing("cards") as session:
            snapshot = self.card_snapshot(card_id)
            writer.delete_card(session, card_id)
        return snapshot

    def restore_card(self, snapshot: CardSnapshot | CardRecord) -> CardRecord:
        """Put a deleted card back with its old id, place and image, and give the cards it
        owned their owner again (those that have no other owner since), in one go.

        A bare CardRecord restores the card alone, without an image.
        """
        from desktop.store import writer

        if isinstance(snapshot, CardRecord):
            snapshot = CardSnapshot(snapshot)
        if not isinstance(snapshot, CardSnapshot):
            raise ValueError(f"Expected a card snapshot, not {snapshot!r}.")
        record = checks.card(snapshot.card)
        image = None if snapshot.image is None else checks.image(snapshot.image[1])
        owned = _distinct_ids(snapshot.owned_ids, "card")
        if record.id in owned:
            raise ValueError(f"Card “{record.name}” cannot own itself.")
        with self._writing("cards") as session:
            relinked = self._ownerless(owned)
            self._check_card_links(record.id, _card_values(record), relinked)
            writer.insert_cards(session, [record])
            if image is not None:
                writer.set_card_image(session, record.id, image)
            writer.link_cards(session, record.id, list(relinked))
        return replace(record, has_image=image is not None)

    def card_image(self, card_id: int) -> tuple[str, bytes] | None:
        """A card's image as (format, bytes), or None when it has none."""
        rows = self._read(
            "SELECT card.id, card_image.format, card_image.data FROM card"
            " LEFT JOIN card_image ON card_image.card_id = card.id WHERE card.id = ?",
            (card_id,),
        )
        if not rows:
            raise NotFound(f"Card {card_id} is no longer in the campaign.")
        _, image_format, data = rows[0]
        return None if data is None else (str(image_format), bytes(data))  # type: ignore[arg-type]

    def set_card_image(self, card_id: int, data: bytes | None) -> tuple[str, bytes] | None:
        """Give a card an image (the bytes of a PNG, JPEG, GIF, WebP or BMP file of at most
        4 MiB) or, with None, remove it. Returns the image it had, for undo."""
        from desktop.store import writer

        image = None if data is None else checks.image(data)
        with self._writing("cards") as session:
            previous = self.card_image(card_id)
            writer.set_card_image(session, card_id, image)
        return previous

    def _check_card_links(
        self, card_id: int | None, values: dict[str, object], owned: dict[int, str] | None = None
    ) -> None:
        """The character and owner card that `values` name exist, and ownership does not
        loop once `card_id` has its owner and owns the cards in `owned` (id -> name).

        Only the owner's own chain of owners is read (one recursive query), not every
        card: a loop through `card_id` has to pass through that chain.
        """
        character_id = values.get("character_id")
        if character_id is not None:
            self.character(character_id)  # type: ignore[arg-type]
        if "owner_id" not in values:
            return
        owner_id = values["owner_id"]
        chain = {} if owner_id is None else self._owner_chain(owner_id)  # type: ignore[arg-type]
        if owner_id is not None and owner_id not in chain:
            raise NotFound(f"Card {owner_id} is no longer in the campaign.")
        if card_id is None:
            return
        # The edited card first, so that a refusal tells the loop starting from it.
        owners: dict[int, int | None] = {card_id: owner_id}  # type: ignore[dict-item]
        names = {card_id: str(values.get("name", f"#{card_id}"))}
        for cid, (owner, name) in chain.items():
            if cid != card_id:  # its new owner, not the one in the file, is the question
                owners[cid] = owner
                names[cid] = name
        for cid, name in (owned or {}).items():
            owners[cid] = card_id
            names[cid] = name
        checks.card_owners(owners, names)

    def _owner_chain(self, card_id: int) -> dict[int, tuple[int | None, str]]:
        """The card and its owners up the chain: id -> (owner id, name). UNION stops at a
        card already met, so even a damaged file with a loop cannot hang the query."""
        rows = self._read(
            "WITH RECURSIVE chain(id) AS (SELECT ? UNION"
            " SELECT card.owner_id FROM card JOIN chain ON card.id = chain.id"
            " WHERE card.owner_id IS NOT NULL)"
            " SELECT card.id, card.owner_id, card.name FROM card JOIN chain ON card.id = chain.id",
            (card_id,),
        )
        return {int(r[0]): (None if r[1] is None else int(r[1]), str(r[2])) for r in rows}  # type: ignore[call-overload]

    def _ownerless(self, card_ids: Sequence[int]) -> dict[int, str]:
        """Those of `card_ids` still in the campaign with no owner, by id, with names."""
        found: dict[int, str] = {}
        for chunk in _chunks(card_ids):
            marks = ", ".join("?" * len(chunk))
            rows = self._read(
                f"SELECT id, name FROM card WHERE id IN ({marks}) AND owner_id IS NULL", chunk
            )
            found.update((int(r[0]), str(r[1])) for r in rows)  # type: ignore[call-overload]
        return {card_id: found[card_id] for card_id in card_ids if card_id in found}

    # -- the roll log ---------------------------------------------------------------------

    def log_roll(
        self,
        character_id: int | None,
        character_name: str,
        kind: str,
        detail: dict[str, object],
        total: int | None,
        summary: str,
        at: datetime | str | None = None,
    ) -> RollRecord:
        """Add a line to the roll log; `at` defaults to now (local time, whole seconds)."""
        from desktop.store import writer

        values = _roll_values(
            character_id, character_name, kind, detail, total, summary, at, self._today()
        )
        with self._writing("rolls") as session:
            if character_id is not None:
                self.character(character_id)
            roll_id = writer.add_roll(session, **values)
        return _roll((roll_id, *values.values()))

    def record_roll(
        self,
        dice: Sequence[DieRecord],
        *,
        character_id: int | None,
        character_name: str,
        kind: str,
        detail: dict[str, object],
        total: int | None,
        summary: str,
        at: datetime | str | None = None,
    ) -> tuple[list[DieRecord], RollRecord]:
        """A roll in one transaction: `update_dice(dice)` and `log_roll(...)` together.

        Returns the dice as they were (for undo) and the new log line. Tells "dice" and
        "rolls".
        """
        from desktop.store import writer

        checked = _checked_dice(dice)
        values = _roll_values(
            character_id, character_name, kind, detail, total, summary, at, self._today()
        )
        with self._writing("dice", "rolls") as session:
            if character_id is not None:
                self.character(character_id)
            before = self._write_dice(session, checked) if checked else []
            roll_id = writer.add_roll(session, **values)
        return before, _roll((roll_id, *values.values()))

    def mark_roll(
        self, roll_id: int, *, undone: bool, dice: Sequence[DieRecord] = ()
    ) -> list[DieRecord]:
        """Undo or redo a roll in one transaction: mark its log line and write `dice`
        (as `update_dice` does). Returns the dice as they were. Tells "dice" and "rolls".
        """
        from desktop.store import writer

        checks.flag(undone, "Undone")
        checked = _checked_dice(dice)
        with self._writing("dice", "rolls") as session:
            writer.set_roll_undone(session, roll_id, undone)
            return self._write_dice(session, checked) if checked else []

    def record_acts(
        self,
        efficiencies: dict[int, int],
        *,
        character_id: int | None,
        character_name: str,
        kind: str,
        detail: dict[str, object],
        total: int | None,
        summary: str,
    ) -> RollRecord:
        """An act or a challenge in one transaction: the cards' new efficiencies (its
        Raise Throws) and its log line. Tells "cards" and "rolls"."""
        from desktop.store import writer

        values = _roll_values(
            character_id, character_name, kind, detail, total, summary, None, self._today()
        )
        checked = {
            card_id: checks.card_fields({"efficiency": e}) for card_id, e in efficiencies.items()
        }
        with self._writing("cards", "rolls") as session:
            for card_id, fields in checked.items():
                self.card(card_id)
                writer.update_card(session, card_id, fields)
            roll_id = writer.add_roll(session, **values)
        return _roll((roll_id, *values.values()))

    def mark_acts(self, roll_id: int, *, undone: bool, efficiencies: dict[int, int]) -> None:
        """Undo or redo an act or challenge in one transaction: mark its log line and
        set the cards' efficiencies back (or forward). Tells "cards" and "rolls"."""
        from desktop.store import writer

        checks.flag(undone, "Undone")
        checked = {
            card_id: checks.card_fields({"efficiency": e}) for card_id, e in efficiencies.items()
        }
        with self._writing("cards", "rolls") as session:
            writer.set_roll_undone(session, roll_id, undone)
            for card_id, fields in checked.items():
                self.card(card_id)
                writer.update_card(session, card_id, fields)

    def _today(self) -> int:
        """The campaign's current day, which every roll-log line carries."""
        return self.summary().current_day

    def set_roll_undone(self, roll_id: int, undone: bool) -> RollRecord:
        """Mark a roll undone (its undo) or not (its redo); the line itself stays."""
        from desktop.store import writer

        checks.flag(undone, "Undone")
        with self._writing("rolls") as session:
            writer.set_roll_undone(session, roll_id, undone)
        return self.roll(roll_id)

    def roll(self, roll_id: int) -> RollRecord:
        rows = self._read(f"SELECT {ROLL_COLUMNS} FROM roll_log WHERE id = ?", (roll_id,))
        if not rows:
            raise NotFound(f"Roll {roll_id} is no longer in the log.")
        return _roll(rows[0])

    def rolls(self, character_id: int | None = None, limit: int | None = None) -> list[RollRecord]:
        """The roll log, newest first; one character's lines when `character_id` is given."""
        where, parameters = (
            ("", ()) if character_id is None else ("WHERE character_id = ?", (character_id,))
        )
        count = -1 if limit is None else checks.whole(limit, "The number of rolls")
        rows = self._read(
            f"SELECT {ROLL_COLUMNS} FROM roll_log {where} ORDER BY at DESC, id DESC LIMIT ?",
            (*parameters, count),
        )
        return [_roll(row) for row in rows]

    # -- the Energy Calendar ----------------------------------------------------------------

    def energy_profile(self, character_id: int) -> CharacterProfile | None:
        """The character's energy profile (named as the character), or None if it has none."""
        rows = self._read(
            "SELECT character.name, daily_net, abilities FROM energy_profile"
            " JOIN character ON character.id = energy_profile.character_id"
            " WHERE character_id = ?",
            (character_id,),
        )
        return self._profile(character_id, rows[0]) if rows else None

    def energy_profiles(self) -> dict[int, CharacterProfile]:
        """Every character's energy profile by character id, in roster order."""
        rows = self._read(
            "SELECT character.id, character.name, daily_net, abilities FROM energy_profile"
            " JOIN character ON character.id = energy_profile.character_id"
            " ORDER BY character.position, character.id"
        )
        return {int(row[0]): self._profile(int(row[0]), row[1:]) for row in rows}  # type: ignore[call-overload]

    def set_energy_profile(
        self, character_id: int, daily_net: int, abilities: Mapping[str, int]
    ) -> CharacterProfile | None:
        """Give a character an energy profile, or change it; returns the previous one
        (None: undo with `delete_energy_profile`). Tells "energy".

        A changed daily net shows from the next day opened: stored days keep the daily
        energy they opened with, as the rules say of an altered input or output.
        """
        from desktop.store import writer

        name = self.character(character_id).name
        wanted = energy.profile(name, daily_net, abilities)
        previous = self.energy_profile(character_id)
        with self._writing("energy") as session:
            writer.set_energy_profile(
                session,
                character_id,
                wanted.daily_net,
                energy.abilities_text(energy.abilities_of(wanted)),
            )
        return previous

    def delete_energy_profile(self, character_id: int) -> CharacterProfile | None:
        """Remove a character's profile (its stored days stay); returns it for undo."""
        from desktop.store import writer

        previous = self.energy_profile(character_id)
        if previous is not None:
            with self._writing("energy") as session:
                writer.delete_energy_profile(session, character_id)
        return previous

    def energy_day(self, character_id: int, day: int) -> DayState | None:
        """The character's energy on a campaign day (after that day's entries), or None."""
        rows = self._read(
            "SELECT day, state FROM energy_day WHERE character_id = ? AND day = ?",
            (character_id, day),
        )
        return self._day(character_id, *rows[0]) if rows else None

    def energy_days(self, character_id: int, first_day: int, last_day: int) -> dict[int, DayState]:
        """The character's stored days from `first_day` to `last_day`, both included."""
        rows = self._read(
            "SELECT day, state FROM energy_day WHERE character_id = ? AND day BETWEEN ? AND ?"
            " ORDER BY day",
            (character_id, first_day, last_day),
        )
        return {int(day): self._day(character_id, day, state) for day, state in rows}  # type: ignore[call-overload]

    def energy_day_before(self, character_id: int, day: int) -> DayState | None:
        """The character's latest stored day before `day`, or None: a day with no row
        after a death still belongs to a dead character."""
        rows = self._read(
            "SELECT day, state FROM energy_day WHERE character_id = ? AND day < ?"
            " ORDER BY day DESC LIMIT 1",
            (character_id, day),
        )
        return self._day(character_id, *rows[0]) if rows else None

    def put_energy_day(self, character_id: int, state: DayState) -> DayState | None:
        """Store a character's day (`state.day`), replacing what was there, in one
        transaction; returns the previous state (None: undo with `delete_energy_day`).

        Refused (ValueError, nothing written) unless the character has a profile, the
        day is between 1 and the campaign's current day (later days are made only by
        End Day) and the state is one the rules accept, checked field by field again
        because the rules' own functions build states without their checks.
        """
        from desktop.store import writer

        checked = _checked_day(state)
        self._require_profile(character_id)
        today = self.summary().current_day
        if not 1 <= checked.day <= today:
            raise ValueError(
                f"Day {checked.day} cannot be written: days run from 1 to today, day {today}."
            )
        previous = self.energy_day(character_id, checked.day)
        text = energy.day_text(checked)
        with self._writing("energy") as session:
            writer.put_energy_days(session, [(character_id, checked.day, text)])
        self._remember_day(character_id, checked.day, text, checked)
        return previous

    def delete_energy_day(self, character_id: int, day: int) -> DayState | None:
        """Remove a stored day; returns it for undo (`put_energy_day`)."""
        from desktop.store import writer

        previous = self.energy_day(character_id, day)
        if previous is not None:
            with self._writing("energy") as session:
                writer.delete_energy_days(session, [(character_id, day)])
            self._forget_days([(character_id, day)])
        return previous

    def end_day(
        self,
        nights: Mapping[int, str] | None = None,
        proximity: Mapping[int, int] | None = None,
    ) -> EndDaySummary:
        """Roll every character with a profile over to the next day, and make that day
        the campaign's current one, in one transaction. Tells "energy" and "campaign".

        `nights` and `proximity` give, by character id, the night before the new day
        (default normal) and its proximity (default: as today). A character with a
        profile but no row for today is given the rules' `start_day` defaults for today
        first (a normal night, proximity 100, empty stores), and that row is written
        too. A character already dead (today, or on the last day it has a row) is not
        rolled over: the rules refuse it, and its calendar simply ends. Undo with
        `undo_end_day(summary.token)`.
        """
        from desktop.store import writer

        today = self.summary().current_day
        profiles = self.energy_profiles()
        states = self._energy_states_of(today)
        nights = nights or {}
        proximity = proximity or {}
        _known_ids(profiles, nights, "night")
        _known_ids(profiles, proximity, "proximity")
        tomorrow_taken = self._read(
            "SELECT character_id FROM energy_day WHERE day = ?", (today + 1,)
        )
        if tomorrow_taken:
            raise ValueError(
                f"Day {today + 1} already has energy rows: the campaign cannot end day {today}."
            )
        plan = _EndDayPlan(today)
        for character_id, profile in profiles.items():
            state = states.get(character_id)
            if state is None:
                # No row today: dead on an earlier day (End Day wrote none since), or new.
                earlier = self.energy_day_before(character_id, today)
                if earlier is not None and earlier.dead:
                    state = earlier
                else:
                    state = rules_energy.start_day(profile, day=today)
                    plan.start(character_id, state)
            plan.roll(
                character_id,
                profile,
                state,
                nights.get(character_id, "normal"),
                proximity.get(character_id),
            )
        with self._writing("energy", "campaign") as session:
            writer.put_energy_days(session, plan.rows)
            writer.set_current_day(session, today + 1)
        for character_id, day, text, state in plan.made:
            self._remember_day(character_id, day, text, state)
        return plan.summary()

    def undo_end_day(self, token: EndDayToken) -> None:
        """Take End Day back: delete the rows it made and make its day current again,
        in one transaction. Refused if the campaign is no longer on the day it opened."""
        from desktop.store import writer

        today = self.summary().current_day
        if today != token.from_day + 1:
            raise ValueError(
                f"End Day of day {token.from_day} cannot be undone: today is day {today}."
            )
        with self._writing("energy", "campaign") as session:
            writer.delete_energy_days(session, token.rows)
            writer.set_current_day(session, token.from_day)
        self._forget_days(token.rows)

    def _energy_states_of(self, day: int) -> dict[int, DayState]:
        """Every character's stored state of one day, by character id (one query)."""
        rows = self._read("SELECT character_id, state FROM energy_day WHERE day = ?", (day,))
        return {int(cid): self._day(int(cid), day, state) for cid, state in rows}  # type: ignore[call-overload]

    def _day(self, character_id: int, day: object, text: object) -> DayState:
        cached = self._day_cache.get(character_id, {}).get(day)  # type: ignore[call-overload]
        if cached is not None and cached[0] == text:
            return cached[1]
        state = _day(character_id, day, text)
        self._remember_day(character_id, state.day, str(text), state)
        return state

    def _remember_day(self, character_id: int, day: int, text: str, state: DayState) -> None:
        # Two days: End Day reads today's and writes tomorrow's, and its undo makes
        # today's current again; a year of a roster would otherwise stay in memory.
        days = self._day_cache.setdefault(character_id, {})
        days[day] = (text, state)
        if len(days) > 2:
            del days[min(days)]

    def _forget_days(self, keys: Iterable[tuple[int, int]]) -> None:
        for character_id, day in keys:
            self._day_cache.get(character_id, {}).pop(day, None)

    def _profile(self, character_id: int, row: Sequence[object]) -> CharacterProfile:
        key = tuple(row)
        cached = self._profile_cache.get(character_id)
        if cached is not None and cached[0] == key:
            return cached[1]
        profile = _profile(row)
        self._profile_cache[character_id] = (key, profile)
        return profile

    def _require_profile(self, character_id: int) -> None:
        self.character(character_id)  # NotFound first: the plainer message
        if self.energy_profile(character_id) is None:
            raise ValueError(
                f"{self.character(character_id).name} has no energy profile yet: "
                "give them a daily net energy first."
            )

    # -- copies -------------------------------------------------------------------------------

    def save_copy(self, destination: Path) -> None:
        """Write a complete copy of the campaign (SQLite's backup API, safe while open)."""
        backups.copy_database(self.path, destination)

    def backup_now(self, now: datetime | None = None) -> Path:
        """Take an automatic backup and prune old ones; safe from a worker thread."""
        made = backups.make_backup(self.path, self.backup_folder, now)
        backups.prune_backups(self.backup_folder, now)
        return made

    def integrity_check(self) -> list[str]:
        """SQLite's own check of the whole file: ["ok"] when it is sound."""
        with closing(connect(self.path, read_only=True)) as checking:
            return [str(row[0]) for row in checking.execute("PRAGMA integrity_check")]


def _reader(path: Path, *, read_only: bool, immutable: bool) -> sqlite3.Connection:
    """The campaign's reading connection. A file nobody can write is read `immutable`:
    SQLite then needs no `-shm` beside it, which a read-only folder or disk refuses."""
    if not immutable:
        return connect(path, read_only=read_only)
    from desktop.store.connection import sqlite_uri

    connection = sqlite3.connect(
        sqlite_uri(path, read_only=True) + "&immutable=1",
        uri=True,
        isolation_level=None,
        check_same_thread=False,
    )
    connection.execute("PRAGMA foreign_keys=ON")
    return connection


def _sidecars(path: Path) -> tuple[Path, Path]:
    return path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")


# -- rows read back, and checks that need more than one value -------------------------------

# SQLite allows 32766 parameters in a statement; chunks keep far below.
_CHUNK = 500


def _chunks(ids: Sequence[int]) -> Iterator[tuple[int, ...]]:
    for start in range(0, len(ids), _CHUNK):
        yield tuple(ids[start : start + _CHUNK])


def _die(row: tuple[object, ...]) -> DieRecord:
    # SQLite keeps booleans as 0 and 1.
    values = dict(zip(DIE_COLUMNS.split(", "), row, strict=True))
    values["in_tray"] = bool(values["in_tray"])
    values["down_to_d4"] = bool(values["down_to_d4"])
    return DieRecord(**values)  # type: ignore[arg-type]


def _card(row: Sequence[object]) -> CardRecord:
    # Positional and by hand: the card cache builds every card of the campaign at once.
    return CardRecord(
        *row[:5],  # type: ignore[arg-type]
        bool(row[5]),
        *row[6:14],  # type: ignore[arg-type]
        checks.split_tags(row[14]),  # type: ignore[arg-type]
        row[15],  # type: ignore[arg-type]
        bool(row[16]),
    )


def _card_values(record: CardRecord) -> dict[str, object]:
    """A card's editable fields, as `update_card` takes them."""
    return {name: getattr(record, name) for name in checks.CARD_CHECKS}


def _copy_name(name: str) -> str:
    # The copy's name must still fit a name's length, so a long one is shortened first.
    room = roster.NAME_MAX - len(COPY_SUFFIX)
    return roster.check_name(name[:room].rstrip() + COPY_SUFFIX)


def _cards_topic(card_ids: Sequence[int]) -> tuple[str, ...]:
    """The topic "cards" when a change to a character also links or unlinks cards."""
    return ("cards",) if card_ids else ()


def _downtime_topics(snapshot: CharacterSnapshot) -> tuple[str, ...]:
    """The topics of a character's downtime rows that go or come back with it."""
    topics = ("clocks",) if snapshot.clocks else ()
    if snapshot.downtime_sheet is not None or snapshot.downtime_entry_ids:
        topics += ("downtime",)
    return topics


def _trait(row: tuple[object, ...]) -> TraitRecord:
    record = TraitRecord(*row)  # type: ignore[arg-type]
    return replace(record, broad=bool(record.broad))


def _item(row: tuple[object, ...]) -> ItemRecord:
    record = ItemRecord(*row)  # type: ignore[arg-type]
    return replace(record, deplete=bool(record.deplete))


def _roll(row: Sequence[object]) -> RollRecord:
    roll_id, at, character_id, name, kind, detail, total, summary, undone, day = row
    return RollRecord(
        id=int(roll_id),  # type: ignore[call-overload]
        at=str(at),
        character_id=None if character_id is None else int(character_id),  # type: ignore[call-overload]
        character_name=str(name),
        kind=str(kind),
        detail=checks.parse_detail(str(detail)),
        total=None if total is None else int(total),  # type: ignore[call-overload]
        summary=str(summary),
        undone=bool(undone),
        day=None if day is None else int(day),  # type: ignore[call-overload]
    )


def _roll_values(
    character_id: object,
    character_name: object,
    kind: object,
    detail: object,
    total: object,
    summary: object,
    at: object,
    day: int | None = None,
) -> dict[str, object]:
    """The checked columns of a roll log line, in the order of RollRecord after its id.

    `day` is the campaign day the line is logged on (RULES.md section 5)."""
    return {
        "at": checks.timestamp(datetime.now() if at is None else at),
        "character_id": checks.optional_id(character_id, "A roll's character"),
        "character_name": roster.check_name(character_name),
        "kind": checks.roll_kind(kind),
        "detail": checks.detail(detail),
        "total": checks.total(total),
        "summary": checks.summary(summary),
        "undone": False,
        "day": None if day is None else checks.row_id(day, "A roll's campaign day"),
    }


def _checked_dice(records: Sequence[DieRecord]) -> list[DieRecord]:
    dice = [checks.die(record) for record in records]
    _distinct_ids((die.id for die in dice), "die")
    return dice


def _distinct_ids(ids: Iterable[int], what: str) -> list[int]:
    checked = [checks.row_id(value, f"A {what}'s id") for value in ids]
    if len(set(checked)) != len(checked):
        raise ValueError(f"Each {what} can be named only once in one change.")
    return checked


def _known_fields(changes: dict[str, object], known: set[str], what: str) -> None:
    unknown = set(changes) - known
    if unknown:
        raise ValueError(f"{what} has no field {', '.join(sorted(unknown))}.")


def _checked_trait(record: TraitRecord) -> TraitRecord:
    trait = checks.trait(record.name, record.value, record.broad)
    return TraitRecord(
        id=checks.row_id(record.id, "A trait's id"),
        character_id=checks.row_id(record.character_id, "A trait's character"),
        name=trait.name,
        value=trait.value,
        broad=trait.broad,
        position=checks.position(record.position),
    )


def _checked_item(record: ItemRecord) -> ItemRecord:
    # The die size is checked with the die itself; any size stands in for it here.
    item = checks.item(record.name, record.kind, dicepool.DEFAULT_SIZE, record.deplete)
    return ItemRecord(
        id=checks.row_id(record.id, "An item's id"),
        character_id=checks.row_id(record.character_id, "An item's character"),
        name=item.name,
        kind=item.kind.value,
        deplete=item.deplete,
        position=checks.position(record.position),
        die_id=checks.optional_id(record.die_id, "An item's die"),
    )


def _same_owner(character_id: int, records: Iterable[DieRecord | TraitRecord | ItemRecord]) -> None:
    for record in records:
        if record.character_id != character_id:
            raise ValueError(
                f"{type(record).__name__.removesuffix('Record')} {record.id} belongs to "
                f"character {record.character_id}, not {character_id}."
            )


def _check_item_dice(dice: Iterable[DieRecord], items: Iterable[ItemRecord]) -> None:
    """Each item's die has the item's owner and its kind of die (damage or protection)."""
    by_id = {item.id: item for item in items}
    for die in dice:
        if die.item_id is None:
            continue
        item = by_id.get(die.item_id)
        if item is None:
            raise NotFound(f"Item {die.item_id} of die {die.id} is no longer in the campaign.")
        if die.character_id != item.character_id:
            raise ValueError(f"Die {die.id} belongs to {item.name}, so to its owner.")
        kind = dicepool.item_die_kind(item.kind).value
        if die.kind != kind:
            raise ValueError(f"Die {die.id} of {item.name} is a {kind} die, not {die.kind}.")


def _check_die_change(before: DieRecord, after: DieRecord) -> None:
    """What `update_dice` may not change: an item's die stays that item's."""
    if after.item_id != before.item_id:
        raise ValueError(f"Die {before.id} cannot be moved onto or off an item here.")
    if before.item_id is None:
        return
    if after.character_id != before.character_id:
        raise ValueError(f"Die {before.id} is an item's die; it stays with its owner.")
    if after.kind != before.kind:
        raise ValueError(f"Die {before.id} is an item's {before.kind} die; its kind stays.")


# -- the Energy Calendar ----------------------------------------------------------------------


def _profile(row: Sequence[object]) -> CharacterProfile:
    name, daily_net, abilities = row
    return energy.profile_from_row(str(name), daily_net, abilities)


def _day(character_id: int, day: object, text: object) -> DayState:
    """A stored day, checked by the rules; a damaged row says which one it is."""
    try:
        state = energy.day_from_text(text)
    except ValueError as error:
        raise ValueError(
            f"The stored energy of character {character_id} on day {day} is damaged: {error}"
        ) from None
    if state.day != day:
        raise ValueError(
            f"The stored energy of character {character_id} on day {day} says it is day "
            f"{state.day}."
        )
    return state


def _checked_day(state: object) -> DayState:
    """The state rebuilt through every check of the rules (ValueError if it fails)."""
    if type(state) is not rules_energy.DayState:
        raise ValueError(f"A day's energy must be a DayState, not {state!r}.")
    return energy.day_from_dict(energy.day_to_dict(state))


def _known_ids(profiles: Mapping[int, object], given: Mapping[int, object], what: str) -> None:
    unknown = sorted(set(given) - set(profiles))
    if unknown:
        raise ValueError(
            f"A {what} was given for character {unknown[0]}, who has no energy profile."
        )


class _EndDayPlan:
    """The rows End Day writes and what its summary says, gathered before writing."""

    def __init__(self, today: int) -> None:
        self.today = today
        self.rows: list[tuple[int, int, str]] = []
        self.made: list[tuple[int, int, str, DayState]] = []  # the rows with their states
        self.started: list[int] = []
        self.already_dead: list[int] = []
        self.died: list[int] = []
        self.in_debt: list[EnergyDebt] = []
        self.decayed: list[EnergyDecay] = []

    def start(self, character_id: int, state: DayState) -> None:
        self.started.append(character_id)
        self._add(character_id, state)

    def roll(
        self,
        character_id: int,
        profile: CharacterProfile,
        state: DayState,
        night: str,
        proximity: int | None,
    ) -> None:
        if state.dead:
            self.already_dead.append(character_id)
            return
        rolled = rules_energy.rollover(profile, state, night, proximity)
        self._add(character_id, rolled.state)
        self._note(character_id, profile.name, rolled)

    def _add(self, character_id: int, state: DayState) -> None:
        text = energy.day_text(state)
        self.rows.append((character_id, state.day, text))
        self.made.append((character_id, state.day, text, state))

    def _note(self, character_id: int, name: str, rolled: rules_energy.Rollover) -> None:
        if rolled.repayment:
            self.in_debt.append(
                EnergyDebt(character_id, name, rolled.ended.debt, rolled.repayment, rolled.unpaid)
            )
        lost = rolled.pool_losses
        if rolled.general_decay or lost:
            self.decayed.append(EnergyDecay(character_id, name, rolled.general_decay, lost))
        if rolled.died:
            self.died.append(character_id)

    def summary(self) -> EndDaySummary:
        made = tuple((character_id, day) for character_id, day, _text in self.rows)
        return EndDaySummary(
            ended=self.today,
            opened=self.today + 1,
            in_debt=tuple(self.in_debt),
            decayed=tuple(self.decayed),
            died=tuple(self.died),
            already_dead=tuple(self.already_dead),
            started=tuple(self.started),
            token=EndDayToken(from_day=self.today, rows=made),
        )
