"""An open campaign file: the campaign object opens, creates, locks, backs up and closes
it, keeps its name and settings, and holds one manager per area (see `Campaign`).

There is nothing to "save": each method that changes the campaign commits before it
returns, so a GM Desk killed at any moment loses no acknowledged action. The
connections, the transaction and the listeners are the core's (`core.py`); each area's
reads and writes are its manager's (`<area>/manager.py`).
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Callable, Mapping
from contextlib import closing, suppress
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from desktop.rules import roster
from desktop.store import backups, checks, files, health, leftovers, schema, suffix, trust
from desktop.store.areas import Area
from desktop.store.connection import connect, sqlite_uri
from desktop.store.core import Core, Place, Topic
from desktop.store.errors import CampaignRefused, failure_reason
from desktop.store.files import check_sqlite_file
from desktop.store.history import sentences
from desktop.store.lock import CampaignLock, CampaignLocked
from desktop.store.records import CampaignSummary

if TYPE_CHECKING:
    from sqlmodel import Session

    from desktop.store.calendar import CalendarManager
    from desktop.store.cards import CardManager
    from desktop.store.chapter import ChapterManager
    from desktop.store.clocks import ClockManager
    from desktop.store.downtime import DowntimeManager
    from desktop.store.factions import FactionManager
    from desktop.store.games import GameManager
    from desktop.store.handouts import HandoutManager
    from desktop.store.history import HistoryManager
    from desktop.store.journal import JournalManager
    from desktop.store.kit import KitManager
    from desktop.store.rolls import RollManager
    from desktop.store.roster import RosterManager
    from desktop.store.search_index import SearchIndex

SUFFIX = suffix.SUFFIX  # still named here for the store's own modules

Populate = Callable[["Session"], None]


class Campaign(Core):
    """One open `.gmdesk` file. Build it with `Campaign.open` or `Campaign.create`; reach
    its areas as `campaign.roster`, `.kit`, `.cards`, `.rolls`, `.calendar`, `.clocks`,
    `.factions`, `.chapter`, `.downtime`, `.games`, `.handouts`, `.journal`,
    `.history` and `.search_index`."""

    # One manager per area, as attributes (campaign.cards.add(...)), each made when
    # first reached; each reads and writes through this core. A new area is one more
    # line here, naming the file's tables it owns (declared in its package's TABLES,
    # see tables.py). The file's judges read the tables in this order.
    roster: Area[RosterManager] = Area(
        "desktop.store.roster", "RosterManager", tables=("character",)
    )
    kit: Area[KitManager] = Area("desktop.store.kit", "KitManager", tables=("die", "trait", "item"))
    rolls: Area[RollManager] = Area("desktop.store.rolls", "RollManager", tables=("roll_log",))
    cards: Area[CardManager] = Area(
        "desktop.store.cards", "CardManager", tables=("card", "card_image")
    )
    calendar: Area[CalendarManager] = Area(
        "desktop.store.calendar", "CalendarManager", tables=("energy_profile", "energy_day")
    )
    factions: Area[FactionManager] = Area(
        "desktop.store.factions", "FactionManager", tables=("faction",)
    )
    chapter: Area[ChapterManager] = Area(
        "desktop.store.chapter", "ChapterManager", tables=("chapter", "claim", "claim_path")
    )
    clocks: Area[ClockManager] = Area("desktop.store.clocks", "ClockManager", tables=("clock",))
    downtime: Area[DowntimeManager] = Area(
        "desktop.store.downtime",
        "DowntimeManager",
        tables=("downtime_sheet", "downtime_session", "downtime_entry"),
    )
    games: Area[GameManager] = Area("desktop.store.games", "GameManager", tables=("game",))
    handouts: Area[HandoutManager] = Area(
        "desktop.store.handouts", "HandoutManager", tables=("handout",)
    )
    journal: Area[JournalManager] = Area(
        "desktop.store.journal", "JournalManager", tables=("journal_note",)
    )
    history: Area[HistoryManager] = Area(
        "desktop.store.history", "HistoryManager", tables=("history_entry",)
    )
    # The search over all of the above: its index is derived from their tables.
    search_index: Area[SearchIndex] = Area(
        "desktop.store.search_index", "SearchIndex", tables=("search_index",)
    )

    def __init__(
        self, path: Path, reader: sqlite3.Connection, lock: CampaignLock | None, data_dir: Path
    ) -> None:
        super().__init__(path, reader, lock)
        self._data_dir = data_dir
        self._brought_sidecars = False
        # Set when another program wrote into the file while it was open (a read met a
        # value the checks refuse, or SQLite counted its commit): the next open must
        # check every value again.
        self.needs_full_check = False

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
                else:
                    # Judged as the revision it claims before it is backed up or upgraded.
                    health.refuse_unsound(inspected, path.name, values=False, revision=revision)
            if schema.needs_upgrade(revision):
                if read_only:
                    raise CampaignRefused(
                        f"“{path.name}” was made by an older GM Desk and must be upgraded, "
                        f"which cannot be done while {unwritable or 'it is open read-only'}. "
                        "Nothing was changed; open it for writing to upgrade it."
                    )

                schema.roll_back_killed_upgrade(path)  # a backup could not read past it
                backups.make_backup(path, backups.backup_folder(data_dir, path))
                # The upgraded values are judged before the upgrade commits: a refusal
                # leaves the file as it was.
                schema.upgrade(
                    path, check=lambda upgraded: health.refuse_unsound(upgraded, path.name)
                )
                trust.remember(path, data_dir)
            # Immutable only with no changes waiting in a -wal: it would not see them.
            immutable = unwritable is not None and trust.fingerprint(path) is not None
            # A read-only reader leaves an empty -wal and the -shm behind (it may not
            # checkpoint); those it brought it takes away at close, if nobody writes then.
            brought = (
                read_only
                and unwritable is None
                and not any(side.exists() for side in _sidecars(path))
            )
            reader = _reader(path, read_only=read_only, immutable=immutable)
            campaign = cls(path, reader, lock, data_dir)
            campaign.read_only_reason = unwritable
            campaign._brought_sidecars = brought
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
        first_entry: str | None = None,
        print_language: str | None = None,
    ) -> Campaign:
        """Make a new campaign file and open it.

        `print_language` (a code: "fr") is the language its cards and sheets print in
        (`print_language()`; English when not given): the window gives its own, so a
        French GM's first card sheet is French.

        `populate` fills the new file in the same transaction (an import uses it). The
        file is built under a temporary name and renamed into place, so a crash or a
        failed import never leaves half a campaign behind. The history's entry for the
        making says `first_entry` (default "Campaign <name> created"), after what
        `populate` wrote (an import's own history).
        """
        from desktop.store import search_index, writer
        from desktop.store.chapter import writes as chapter_writes
        from desktop.store.history import writes as history_writes

        path = path.absolute()
        if os.path.lexists(path):
            raise CampaignRefused(f"“{path.name}” already exists; open it instead.")
        strays = files.stray_sidecars(path)
        if strays:  # a new file would adopt them
            raise CampaignRefused(files.strays_in_the_way(path, strays, "a new campaign"))
        title = roster.check_name(name if name is not None else path.stem)
        if print_language is not None:
            chosen = checks.print_language(print_language)
            settings = {**(settings or {}), checks.PRINT_LANGUAGE_KEY: chosen}
        if not files.folder_writable(path.parent):
            raise CampaignRefused(
                f"“{path.name}” could not be made: its folder (or the disk it is on) is "
                "read-only, or does not exist. Choose another folder."
            )
        # The one partial name (leftovers.py): a build killed half way is swept later.
        building = leftovers.partial_path(path.parent, path.name)
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
                    chapter_writes.name_chapter(session, title)
                    if populate is not None:
                        # An import's rows in bulk: the search index is made once they
                        # are all in, in this transaction (not row by row by triggers).
                        raw = session.connection().connection.driver_connection
                        assert isinstance(raw, sqlite3.Connection)
                        search_index.drop_triggers(raw)
                        populate(session)
                        session.flush()  # every row in before the index is made
                        search_index.install(raw)
                    history_writes.append_first(
                        session, first_entry or sentences.created(title), current_day
                    )
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
    def backup_folder(self) -> Path:
        return backups.backup_folder(self._data_dir, self.path)

    def close(self) -> None:
        """Fold the WAL into the file and let another GM Desk have the campaign."""
        if self._lock is not None and self.changed_elsewhere:
            self.needs_full_check = True  # not the file GM Desk left
        self._close_connections()
        if self._brought_sidecars:
            self._brought_sidecars = False
            _take_back_sidecars(self.path)
        if self._lock is not None:
            if self.needs_full_check:
                trust.forget(self.path, self._data_dir)
            else:
                # Left whole by GM Desk itself: the next open need not re-read every value.
                trust.remember(self.path, self._data_dir)
            self._lock.release()
            self._lock = None

    def __enter__(self) -> Campaign:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _history_place(self) -> tuple[int, Place | None]:
        # As the roll log places its lines: the current day and the running game's place.
        return self.summary().current_day, self.games.position()

    # -- the campaign row -----------------------------------------------------------------

    def summary(self) -> CampaignSummary:
        rows = self.read("SELECT name, start_date, current_day, settings FROM campaign LIMIT 1")
        if not rows:
            raise CampaignRefused(f"“{self.path.name}” is a GM Desk file with no campaign in it.")
        name, start, day, settings = rows[0]
        return CampaignSummary(
            name=str(name),
            start_date=date.fromisoformat(str(start)),
            current_day=int(day),
            settings=json.loads(str(settings)),
        )

    def rename(self, name: str) -> None:
        from desktop.store import writer

        title = roster.check_name(name)
        before = self.summary().name
        with self.writing(Topic.CAMPAIGN) as session:
            writer.rename_campaign(session, title)
            self.note(Topic.CAMPAIGN, None, sentences.renamed("Campaign", before, title))

    def settings(self) -> dict[str, int]:
        """The campaign's rule settings over their defaults: {"raise_from", "raise_by",
        "stress_track"}."""
        stored = self.summary().settings
        return checks.stored_settings(stored if isinstance(stored, dict) else {})

    def update_settings(self, **changes: object) -> dict[str, int]:
        """Change rule settings (raise_from 1..100, raise_by 0..100, stress_track 2..20,
        never below the stress a character has marked); returns the settings as they
        were, so `update_settings(**previous)` undoes it. Tells "campaign" and "settings"."""
        from desktop.store import writer

        previous = self.settings()
        wanted = checks.settings(changes, previous)
        self.downtime.check_stress_track(wanted["stress_track"])
        with self.writing(Topic.CAMPAIGN, Topic.SETTINGS) as session:
            stored = self.summary().settings
            # Keys this version does not know stay as they were.
            kept = stored if isinstance(stored, dict) else {}
            writer.set_settings(session, json.dumps({**kept, **wanted}))
            said = sentences.settings_changed(previous, wanted)
            self.note(Topic.SETTINGS, None, said)
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
        with self.writing(Topic.PRINT) as session:
            stored = self.summary().settings
            kept = stored if isinstance(stored, dict) else {}
            writer.set_settings(session, json.dumps({**kept, checks.PRINT_SETTINGS_KEY: checked}))
            self.note(Topic.PRINT, None, sentences.print_layout_remembered())

    def statistics_scope(self) -> dict[str, object]:
        """The Statistics view's scope as the GM last left it (see
        checks.statistics_scope); the whole campaign when never chosen or damaged."""
        stored = self.summary().settings
        value = stored.get(checks.STATISTICS_KEY) if isinstance(stored, dict) else None
        try:
            return checks.statistics_scope(value if isinstance(value, dict) else {})
        except ValueError:
            return checks.statistics_scope({})

    def remember_statistics_scope(self, values: Mapping[str, object]) -> None:
        """Keep the Statistics view's scope with the campaign. Not an undo step: a way of
        looking, not a change to the game. Tells "statistics"."""
        from desktop.store import writer

        checked = checks.statistics_scope(values)
        if checked == self.statistics_scope():
            return  # the same choice again writes nothing
        with self.writing(Topic.STATISTICS) as session:
            stored = self.summary().settings
            kept = stored if isinstance(stored, dict) else {}
            writer.set_settings(session, json.dumps({**kept, checks.STATISTICS_KEY: checked}))
            self.note(Topic.STATISTICS, None, sentences.statistics_scope_remembered())

    def print_language(self) -> str:
        """The language of the printed cards and sheets ("en", "fr", ...); English when
        never chosen or when the stored value is damaged."""
        stored = self.summary().settings
        value = stored.get(checks.PRINT_LANGUAGE_KEY) if isinstance(stored, dict) else None
        try:
            return checks.print_language(value)
        except ValueError:
            return checks.PRINT_LANGUAGE_DEFAULT

    def set_print_language(self, code: str) -> str:
        """Print the cards and sheets in language `code` from now on; returns the one it
        was, so `set_print_language(previous)` undoes it. Tells "settings"."""
        from desktop.store import writer

        checked = checks.print_language(code)
        previous = self.print_language()
        if checked == previous:
            return previous
        with self.writing(Topic.SETTINGS) as session:
            stored = self.summary().settings
            kept = stored if isinstance(stored, dict) else {}
            writer.set_settings(session, json.dumps({**kept, checks.PRINT_LANGUAGE_KEY: checked}))
            self.note(Topic.SETTINGS, None, sentences.print_language_changed(previous, checked))
        return previous

    def sharing(self) -> dict[str, object]:
        """Sharing with the players' phones as last left: {"on", "host", "port",
        "tokens"} (see checks.sharing_settings); off with no links when never shared or
        when the stored value is damaged."""
        stored = self.summary().settings
        value = stored.get(checks.SHARING_KEY) if isinstance(stored, dict) else None
        try:
            return checks.sharing_settings(value if isinstance(value, dict) else {})
        except ValueError:
            return checks.sharing_settings({})

    def remember_sharing(self, values: Mapping[str, object]) -> None:
        """Keep sharing's on/off, address and links with the campaign. Not an undo step:
        undoing a roll must not cut a phone off. Tells "sharing"."""
        from desktop.store import writer

        checked = checks.sharing_settings(values)
        before = self.sharing()
        if checked == before:
            return
        with self.writing(Topic.SHARING) as session:
            stored = self.summary().settings
            kept = stored if isinstance(stored, dict) else {}
            writer.set_settings(session, json.dumps({**kept, checks.SHARING_KEY: checked}))
            said = sentences.sharing_changed(bool(before["on"]), bool(checked["on"]))
            self.note(Topic.SHARING, None, said)

    # -- copies -------------------------------------------------------------------------------

    def save_copy(self, destination: Path) -> None:
        """Write a complete copy of the campaign (SQLite's backup API, safe while open).

        Without the players' link tokens and with sharing off: a copy given to a co-GM
        or a player, or opened beside this file, must not open this campaign's pages
        (an automatic backup keeps them: it replaces this very file)."""
        backups.copy_database(self.path, destination, _without_sharing)

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

    connection = sqlite3.connect(
        sqlite_uri(path, read_only=True) + "&immutable=1",
        uri=True,
        isolation_level=None,
        check_same_thread=False,
    )
    connection.execute("PRAGMA foreign_keys=ON")
    return connection


def _take_back_sidecars(path: Path) -> None:
    """Remove an empty -wal and its -shm that a read-only open left, holding the lock
    meanwhile so that no GM Desk is writing the campaign while they go."""
    wal, shm = _sidecars(path)
    try:
        if not wal.exists() or wal.stat().st_size:
            return  # nothing to take back, or changes a writer left: keep them
        with CampaignLock.acquire(path):
            if wal.stat().st_size == 0:
                wal.unlink()
                shm.unlink(missing_ok=True)
    except (CampaignLocked, OSError):
        pass  # someone writes now, or the folder refuses: they are harmless where they are


def _sidecars(path: Path) -> tuple[Path, Path]:
    return path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")


def _without_sharing(copy: sqlite3.Connection) -> None:
    """The copy's settings with the remembered sharing (on/off, address, tokens) left out."""
    copy.execute("PRAGMA secure_delete = ON")  # the old text is zeroed, not left in a free page
    row = copy.execute("SELECT id, settings FROM campaign").fetchone()
    if row is None or not row[1]:
        return
    try:
        settings = json.loads(row[1])
    except ValueError:
        return  # damaged settings are read as none at all (sharing off, no tokens)
    if isinstance(settings, dict) and checks.SHARING_KEY in settings:
        del settings[checks.SHARING_KEY]
        copy.execute(
            "UPDATE campaign SET settings = ? WHERE id = ?", (json.dumps(settings), row[0])
        )
