"""The store's core: the campaign file's two connections, the one transaction every GM
action is (`writing`), typed row reads and the change listeners; and `Manager`, the
base of the managers (`campaign.roster`, `campaign.kit`, ...) that read and write one
area each through it.

Reads go through one plain sqlite3 connection; writes go through sqlmodel sessions
(`writer.py`), created on the first write. Showing a campaign therefore costs what
reading its rows costs, and the window is up before SQLAlchemy is even imported.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, suppress
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any

from desktop.store.errors import NotFound, ReadOnlyCampaign, write_failure
from desktop.store.lock import CampaignLock

if TYPE_CHECKING:
    from sqlmodel import Session

    from desktop.store.campaign import Campaign
    from desktop.store.writer import Writer


# A row as sqlite3 hands it back: its values are what the file holds, of no type the
# checker can know; each area's rows module reads them into checked records.
Row = tuple[Any, ...]


class Topic(StrEnum):
    """What a committed change touched; listeners are called once per topic.

    A `StrEnum`, so a topic is also its plain name ("cards")."""

    CAMPAIGN = "campaign"  # the campaign row: name, current day
    SETTINGS = "settings"  # the rule settings (raise, stress track, starting dice, ...)
    PRINT = "print"  # the remembered print layout
    SHARING = "sharing"  # the remembered sharing with players' phones: on/off, address, links
    STATISTICS = "statistics"  # the Statistics view's remembered scope
    CHARACTERS = "characters"
    DICE = "dice"
    TRAITS = "traits"
    ITEMS = "items"
    ROLLS = "rolls"
    CARDS = "cards"  # cards, their links and their images
    ENERGY = "energy"  # energy profiles and days
    CLOCKS = "clocks"
    FACTIONS = "factions"
    CHAPTER = "chapter"
    CLAIMS = "claims"
    DOWNTIME = "downtime"  # downtime sheets, sessions and their steps
    GAMES = "games"  # games at the table, their scenes, rounds and turns; the seating
    HANDOUTS = "handouts"  # what the GM gave the players' pages to keep
    JOURNAL = "journal"  # the GM's notes on games and scenes


Listener = Callable[[Topic], None]

# The topics whose writes can move where the history places a write: the day, the game,
# its scene, round and turn (a die out of play, a character gone or the seating change
# the turn order).
PLACE_TOPICS = frozenset(
    {Topic.CAMPAIGN, Topic.SETTINGS, Topic.CHARACTERS, Topic.DICE, Topic.GAMES}
)

# Where in play a write happened: (game, scene, round, turn), as the roll log keeps it.
Place = tuple[int, int | None, int | None, int | None]


class Core:
    """The connections, the transaction and the listeners of one open campaign file."""

    def __init__(self, path: Path, reader: sqlite3.Connection, lock: CampaignLock | None) -> None:
        self.path = path
        self._reader = reader
        self._writer: Writer | None = None
        self._lock = lock
        self._listeners: list[Listener] = []
        # Why the campaign is read-only when no other GM Desk holds it (None otherwise).
        self.read_only_reason: str | None = None
        self.revision = 0  # bumped by every committed write; backups compare it
        # SQLite's count of commits by other connections, as the reader last saw it after
        # one of ours: a different one means another program wrote into the file.
        self._seen_version = self._data_version()
        self._written_elsewhere = False
        # The transaction of the action under way, and the topics its writes named.
        self._open_session: Session | None = None
        self._open_topics: list[Topic] = []
        # What the open transaction's writes said they changed: (area, record id,
        # sentence, kind), told to the history in the same transaction (`note`).
        self._open_notes: list[tuple[str, int | None, str, str]] = []
        # The player whose phone acts (`acting_as`; None: the GM), and whether the
        # writes under way undo an earlier step (`undoing`).
        self._acting: int | None = None
        self._undoing = False
        # The entry the undo under way undoes, once its first write found it: an undo
        # that writes in several transactions undoes one step, not one step each.
        self._undo_target: tuple[int, str] | None = None
        # The entries of the step the undo under way undoes, when its command knows them
        # (`undoing(entries)`): a step folded from several writes (a note typed in
        # bursts) wrote one entry per write, and its undo undoes every one.
        self._undo_entries: tuple[int, ...] = ()
        # The lists the open `recording` blocks gather the ids of new entries in.
        self._recorders: list[list[int]] = []
        # Off only for the benchmark that measures what the history costs a GM action.
        self.keeps_history = True
        # The day and place in play as last read for the history, kept until a write of
        # PLACE_TOPICS (or another program's) may have moved them: reading the turn order
        # for every write was most of what the history cost.
        self._place: tuple[int, Place | None] | None = None

    @property
    def read_only(self) -> bool:
        return self._lock is None

    def subscribe(self, listener: Listener) -> None:
        """Call `listener(topic)` after each committed change (see `Topic`).

        End Day tells "energy" and "campaign". Deleting or restoring a character also
        deletes or restores its dice, traits and items and relinks its roll log lines,
        but is told as "characters" only; when it unlinks or relinks SySCards it also
        tells "cards", and "clocks" and "downtime" when it had clocks or downtime rows.
        A card's image is "cards"; see each area's manager for which changes tell more than
        one topic. A change of the rule settings tells "campaign" and "settings"; the
        remembered print layout is "print".
        """
        self._listeners.append(listener)

    def unsubscribe(self, listener: Listener) -> None:
        with suppress(ValueError):
            self._listeners.remove(listener)

    @contextmanager
    def writing(self, *topics: Topic) -> Iterator[Session]:
        """One GM action: a transaction that commits, then tells the listeners (once per
        topic it changed, e.g. a roll changes "dice" and "rolls").

        Called while a transaction is open (an action of `desktop/actions` that writes
        through several managers), it joins that transaction: everything commits or
        nothing does, and the listeners hear each topic once, after the commit. Reads go
        through the other connection, so inside an action they see the campaign as it was
        before the action: an action reads what it needs first, then writes."""
        if self._open_session is not None:
            self._open_topics.extend(topics)
            yield self._open_session
            return
        if self.read_only:
            if self.read_only_reason:
                raise ReadOnlyCampaign(
                    f"{self.read_only_reason}. To make changes, save a copy (File > Save a "
                    "Copy) somewhere GM Desk can write, and open that."
                )
            raise ReadOnlyCampaign()
        from sqlalchemy import exc

        from desktop.store.writer import Writer

        self._note_writes_elsewhere()
        entries: list[int] = []
        try:
            if self._writer is None:
                self._writer = Writer(self.path)
            with self._writer.transaction() as session:
                self._open_session, self._open_topics = session, list(topics)
                self._open_notes = []
                try:
                    yield session
                    if self.keeps_history:
                        entries = self._append_history(session)
                finally:
                    self._open_session = None
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
        # Told only once committed: a rolled-back entry's id would be given again.
        for recorder in self._recorders:
            recorder.extend(entries)
        self._seen_version = self._data_version()
        if not PLACE_TOPICS.isdisjoint(self._open_topics):
            self._place = None
        for topic in dict.fromkeys(self._open_topics):
            for listener in list(self._listeners):
                listener(topic)

    def note(self, area: str, record_id: int | None, sentence: str, kind: str = "") -> None:
        """Say in a plain sentence what the write under way changed (`area` a topic's
        name, `record_id` the row it touched, `kind` what happened for the journal: one
        of `history.parts.KINDS`): the history's entry for this transaction holds every
        sentence noted in it, and each as a part. A write that notes nothing is told by
        its topics alone (`history.sentences.generic`)."""
        self._open_notes.append((area, record_id, sentence, kind))

    @contextmanager
    def acting_as(self, character_id: int | None) -> Iterator[None]:
        """The writes within are a player's (of `character_id`; None: the GM's)."""
        before, self._acting = self._acting, character_id
        try:
            yield
        finally:
            self._acting = before

    @contextmanager
    def undoing(self, entries: Sequence[int] = ()) -> Iterator[None]:
        """The writes within undo a step: their entry says "Undone: " and that step's
        sentence, and names its entry (`undo_of`). The step is the one whose entries
        are `entries` (as `recording` gathered them: each gets its own "Undone" entry,
        in the undo's first transaction), or else the newest step not undone yet."""
        before = self._undoing, self._undo_target, self._undo_entries
        self._undoing, self._undo_target = True, None
        self._undo_entries = tuple(sorted(set(entries), reverse=True))
        try:
            yield
        finally:
            self._undoing, self._undo_target, self._undo_entries = before

    @contextmanager
    def recording(self) -> Iterator[list[int]]:
        """The ids of the history entries the writes within make, in order: what an undo
        step keeps, to undo its own entries (`undoing`) however many writes it folded."""
        written: list[int] = []
        self._recorders.append(written)
        try:
            yield written
        finally:
            self._recorders.remove(written)

    def _history_place(self) -> tuple[int, Place | None]:
        """The campaign day and where in play a write happens (None outside a game)."""
        rows = self._reader.execute("SELECT current_day FROM campaign LIMIT 1").fetchall()
        return (int(rows[0][0]) if rows else 1), None

    def _append_history(self, session: Session) -> list[int]:
        """The history's entries for the transaction under way, written in it (one, and
        one more for each other entry of a step its undo undoes); their ids."""
        from datetime import UTC, datetime

        from desktop.store.history import UNDONE, parts, sentences, writes

        notes = self._open_notes
        area, record_id = (notes[0][0], notes[0][1]) if notes else ("", None)
        if not area:
            area = str(self._open_topics[0]) if self._open_topics else "campaign"
        said = "; ".join(dict.fromkeys(note[2] for note in notes if note[2]))
        sentence = said or sentences.generic([str(topic) for topic in self._open_topics])
        undo_of = None
        also_undone: list[tuple[int, str]] = []
        if self._undoing:
            if self._undo_target is None:
                targets = self._undo_targets()
                if targets:
                    self._undo_target, also_undone = targets[0], targets[1:]
            if self._undo_target is not None:
                undo_of, sentence = self._undo_target
            sentence = UNDONE + sentence.removeprefix(UNDONE)
        if self._place is None:
            self._place = self._history_place()
        day, place = self._place
        game_id, scene, round_, turn = place if place is not None else (None, None, None, None)
        place_and_who = {
            "at": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
            "day": day,
            "game_id": game_id,
            "scene": scene,
            "round": round_,
            "turn": turn,
            "who": "gm" if self._acting is None else "player",
            "character_id": self._acting,
            "area": area,
            "record_id": record_id,
        }
        noted = [
            parts.HistoryPart(part_area, record, kind, sentences.cut(part_said))
            for part_area, record, part_said, kind in notes
            if part_said
        ]
        entry = {"sentence": sentences.cut(sentence), "undo_of": undo_of}
        written = [
            writes.append_entry(session, place_and_who | entry | {"parts": parts.encode(noted)})
        ]
        for other_id, other_sentence in also_undone:
            # The step's other entries, each undone by a line of its own.
            undone = sentences.cut(UNDONE + other_sentence.removeprefix(UNDONE))
            written.append(
                writes.append_entry(
                    session,
                    place_and_who | {"sentence": undone, "undo_of": other_id, "parts": ""},
                )
            )
        return written

    def _undo_targets(self) -> list[tuple[int, str]]:
        """The entries the undo under way undoes, newest first, with their sentences:
        the step's own (those not undone already), or the newest live entry."""
        from desktop.store.history import LIVE_SQL

        if self._undo_entries:
            marks = ", ".join("?" * len(self._undo_entries))
            rows = self._reader.execute(
                f"SELECT id, sentence FROM history_entry AS e WHERE id IN ({marks})"
                " AND undo_of IS NULL AND NOT EXISTS"
                " (SELECT 1 FROM history_entry AS u WHERE u.undo_of = e.id) ORDER BY id DESC",
                self._undo_entries,
            ).fetchall()
            if rows:
                return [(int(row[0]), str(row[1])) for row in rows]
        live = self._reader.execute(LIVE_SQL).fetchall()
        return [(int(live[0][0]), str(live[0][1]))] if live else []

    @property
    def changed_elsewhere(self) -> bool:
        """Whether another program (not GM Desk's own writes) has committed to the file
        since it was opened: then it is not the file GM Desk left (see store/trust.py).
        A write landing between one of ours and our look after it goes unseen."""
        self._note_writes_elsewhere()
        return self._written_elsewhere

    def _note_writes_elsewhere(self) -> None:
        if self._data_version() != self._seen_version:
            self._written_elsewhere = True
            self._place = None

    def _data_version(self) -> int | None:
        try:
            return int(self._reader.execute("PRAGMA data_version").fetchone()[0])
        except sqlite3.Error:
            return None

    def read(self, sql: str, parameters: tuple[object, ...] = ()) -> list[Row]:
        """The rows of one query on the reading connection (plain sqlite3)."""
        return self._reader.execute(sql, parameters).fetchall()

    def _close_connections(self) -> None:
        """Fold the WAL into the file and close both connections."""
        if self._writer is not None:
            self._writer.dispose()
            self._writer = None
        if not self.read_only:
            with suppress(sqlite3.Error):
                self._reader.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        self._reader.close()


class Manager:
    """One area of an open campaign (after Anki's managers, which hold their `col`):
    reads and writes through the campaign's core, and reaches the other areas as
    `self._campaign.<area>`."""

    def __init__(self, campaign: Campaign) -> None:
        self._campaign = campaign

    def _read(self, sql: str, parameters: tuple[object, ...] = ()) -> list[Row]:
        return self._campaign.read(sql, parameters)

    def _read_one(self, sql: str, parameters: tuple[object, ...], missing: str) -> Row:
        """The first row `sql` reads; none: NotFound with the plain message `missing`."""
        rows = self._read(sql, parameters)
        if not rows:
            raise NotFound(missing)
        return rows[0]

    def _read_by_id(self, select: str, row_id: int, what: str) -> Row:
        """The row of `select` whose id is `row_id`; none: NotFound saying that the `what`
        ("Clock", "Trait") with that id is no longer in the campaign."""
        missing = f"That {what.lower()} is no longer in the campaign."
        return self._read_one(f"{select} WHERE id = ?", (row_id,), missing)

    def _writing(self, *topics: Topic) -> AbstractContextManager[Session]:
        return self._campaign.writing(*topics)


# SQLite allows 32766 parameters in a statement; a read by ids goes in chunks far below.
CHUNK = 500


def chunks(ids: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """`ids` in tuples of at most CHUNK, for `WHERE id IN (...)` reads."""
    for start in range(0, len(ids), CHUNK):
        yield tuple(ids[start : start + CHUNK])
