"""Downtime in the campaign file: clocks, factions, the chapter, claims, downtime sheets
and downtime sessions. `DowntimeStore` is a mixin of `Campaign`.

As everywhere in the store, reads are plain sqlite3 queries on the campaign's reader,
and every change is one transaction (`Campaign._writing`) whose sqlmodel helpers live in
`downtime_writer.py`, imported only when a write happens. Values are checked by the
rules (`rules/downtime.py`, `rules/factions.py`) through `checks.py` before anything is
written; each method that changes something returns what its undo needs.

The chapter's `turf` and `at_war` are never stored: they follow the claims it holds and
the factions' statuses. Its rep is shown through the rules' `Chapter.with_turf`, so
turf gained by any change (a claim made turf, the lair regained) caps the tracker at
once, while the stored value changes only when the chapter itself is written; that
keeps every undo exact.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from contextlib import AbstractContextManager
from dataclasses import replace
from typing import TYPE_CHECKING

from desktop.rules import downtime, factions, roster
from desktop.rules.factions import MIN_TIER, NEUTRAL, STRONG
from desktop.store import checks
from desktop.store.downtime_records import (
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
from desktop.store.errors import NotFound

if TYPE_CHECKING:
    from sqlmodel import Session

    from desktop.store.records import CharacterRecord, CharacterSnapshot

CLOCK_SQL = (
    "SELECT id, name, segments, filled, owner_kind, COALESCE(character_id, faction_id, 0),"
    " position, note FROM clock"
)
OWNER_ORDER = (
    "CASE owner_kind WHEN 'none' THEN 0 WHEN 'chapter' THEN 1 WHEN 'character' THEN 2 ELSE 3 END"
)
FACTION_SQL = (
    "SELECT id, name, tier, hold, status, at_war_with_others, position, notes FROM faction"
)
CLAIM_SQL = "SELECT id, name, benefit, turf, COALESCE(faction_id, 0), x, y FROM claim"
SHEET_COLUMNS = "stress, trauma, hp, hp_max, xp, virtue, vice, vice_purveyor, friends, contacts"
ENTRY_SQL = (
    "SELECT id, session, COALESCE(character_id, 0), activity, summary, coin_spent, extra,"
    " track, undone FROM downtime_entry"
)
CLOCK_FIELDS = frozenset({"name", "segments", "filled", "note"})
FACTION_FIELDS = frozenset({"name", "hold", "status", "at_war_with_others", "notes"})
CHAPTER_FIELDS = frozenset(
    {"name", "tier", "hold", "rep", "coin", "heat", "lair_held", "notes", "lair_threatened"}
)
CLAIM_FIELDS = frozenset({"name", "benefit", "turf", "x", "y"})
LAIR_ID = factions.LAIR_ID  # the rules own it: one value for the store and the map
# The chapter row a new campaign starts with (the migration writes the same values).
NEW_CHAPTER: tuple[object, ...] = ("The Chapter", MIN_TIER, STRONG, 0, 0, 0, 1, "", 0)


class DowntimeStore:
    """Clocks, factions, the chapter, claims and downtime of one open campaign."""

    if TYPE_CHECKING:
        # Provided by Campaign.
        def _read(
            self, sql: str, parameters: tuple[object, ...] = ()
        ) -> list[tuple[object, ...]]: ...

        def _writing(self, *topics: str) -> AbstractContextManager[Session]: ...

        def character(self, character_id: int) -> CharacterRecord: ...

        def settings(self) -> dict[str, int]: ...

    # -- clocks ("clocks") --------------------------------------------------------------------

    def clocks(self) -> list[ClockRecord]:
        """Every clock: free-standing, the chapter's, characters', factions', each group
        in its own order."""
        rows = self._read(
            f"{CLOCK_SQL} ORDER BY {OWNER_ORDER}, COALESCE(character_id, faction_id, 0),"
            " position, id"
        )
        return [_clock(row) for row in rows]

    def owner_clocks(self, owner_kind: str, owner_id: int = 0) -> list[ClockRecord]:
        """One owner's clocks, in order (`owner_id` 0 for none and the chapter)."""
        kind = checks.owner_kind(owner_kind)
        where, parameters = _owner_where(kind, checks.owner_id(kind, owner_id))
        rows = self._read(f"{CLOCK_SQL} WHERE {where} ORDER BY position, id", parameters)
        return [_clock(row) for row in rows]

    def clock(self, clock_id: int) -> ClockRecord:
        rows = self._read(f"{CLOCK_SQL} WHERE id = ?", (clock_id,))
        if not rows:
            raise NotFound(f"Clock {clock_id} is no longer in the campaign.")
        return _clock(rows[0])

    def add_clock(
        self,
        name: str,
        segments: int,
        *,
        owner_kind: str = OWNER_NONE,
        owner_id: int = 0,
        filled: int = 0,
        note: str = "",
    ) -> ClockRecord:
        """A new clock, last of its owner's clocks. The owner must exist."""
        from desktop.store import downtime_writer

        record = checks.clock(ClockRecord(1, name, segments, filled, owner_kind, owner_id, 0, note))
        self._require_owner(record.owner_kind, record.owner_id)
        with self._writing("clocks") as session:
            return downtime_writer.add_clock(session, record)

    def update_clock(self, clock_id: int, **changes: object) -> ClockRecord:
        """Change name, segments, filled and/or note; returns the clock as it was.

        Segments are applied first and cut progress past the new size (the rules'
        `Clock.resize`), then a given fill; so `update_clock(id, **old fields)` undoes it.
        """
        from desktop.store import downtime_writer

        _known(changes, CLOCK_FIELDS, "A clock")
        previous = self.clock(clock_id)
        ruled = previous.clock
        if "name" in changes:
            ruled = ruled.renamed(roster.check_name(changes["name"]))
        if "segments" in changes:
            ruled = ruled.resize(changes["segments"])  # type: ignore[arg-type]
        if "filled" in changes:
            ruled = ruled.fill_to(changes["filled"])  # type: ignore[arg-type]
        values: dict[str, object] = {
            "name": ruled.name,
            "segments": ruled.segments,
            "filled": ruled.filled,
        }
        if "note" in changes:
            values["note"] = checks.notes(changes["note"])
        with self._writing("clocks") as session:
            downtime_writer.update_clock(session, clock_id, values)
        return previous

    def move_clock(
        self, clock_id: int, owner_kind: str, owner_id: int, position: int
    ) -> ClockRecord:
        """Give a clock to another owner and/or place (at most last in the group); returns
        the clock as it was, so moving it back to its old owner and place undoes it."""
        from desktop.store import downtime_writer

        kind = checks.owner_kind(owner_kind)
        owner = checks.owner_id(kind, owner_id)
        place = checks.position(position)
        previous = self.clock(clock_id)
        self._require_owner(kind, owner)
        with self._writing("clocks") as session:
            downtime_writer.move_clock(session, clock_id, kind, owner, place)
        return previous

    def delete_clock(self, clock_id: int) -> ClockRecord:
        """Delete a clock; returns it for `restore_clock`."""
        from desktop.store import downtime_writer

        previous = self.clock(clock_id)
        with self._writing("clocks") as session:
            downtime_writer.delete_clock(session, clock_id)
        return previous

    def restore_clock(self, record: ClockRecord) -> ClockRecord:
        """Put a deleted clock back with its id and place (the others make room)."""
        from desktop.store import downtime_writer

        checked = checks.clock(record)
        self._require_owner(checked.owner_kind, checked.owner_id)
        with self._writing("clocks") as session:
            return downtime_writer.add_clock(session, checked, keep_id=True, keep_position=True)

    def _require_owner(self, kind: str, owner_id: int) -> None:
        if kind == OWNER_CHARACTER:
            self.character(owner_id)
        elif kind == OWNER_FACTION:
            self.faction(owner_id)

    # -- factions ("factions") ----------------------------------------------------------------

    def factions(self) -> list[FactionRecord]:
        """The ladder: highest tier first, each tier's row in order."""
        rows = self._read(f"{FACTION_SQL} ORDER BY tier DESC, position, id")
        return [_faction(row) for row in rows]

    def faction(self, faction_id: int) -> FactionRecord:
        rows = self._read(f"{FACTION_SQL} WHERE id = ?", (faction_id,))
        if not rows:
            raise NotFound(f"Faction {faction_id} is no longer in the campaign.")
        return _faction(rows[0])

    def add_faction(
        self,
        name: str,
        tier: int = MIN_TIER,
        hold: str = STRONG,
        status: int = NEUTRAL,
        at_war_with_others: bool = False,
        notes: str = "",
    ) -> FactionRecord:
        """A new faction, last in its tier's row. Names are unique, ignoring case, and
        differ from the chapter's."""
        from desktop.store import downtime_writer

        record = checks.faction(
            FactionRecord(1, name, tier, hold, status, at_war_with_others, 0, notes)
        )
        self._refuse_faction_name(record.name)
        with self._writing("factions", *_war_topic(record.status)) as session:
            return downtime_writer.add_faction(session, record)

    def update_faction(self, faction_id: int, **changes: object) -> FactionRecord:
        """Change name, hold, status, at_war_with_others and/or notes; returns the
        faction as it was. Its tier and place change with `move_faction`."""
        from desktop.store import downtime_writer

        if {"tier", "position"} & set(changes):
            raise ValueError("A faction's tier and place change by moving it on the ladder.")
        _known(changes, FACTION_FIELDS, "A faction")
        previous = self.faction(faction_id)
        checked = checks.faction(replace(previous, **changes))  # type: ignore[arg-type]
        if checked.name.casefold() != previous.name.casefold():
            self._refuse_faction_name(checked.name)
        values = {name: getattr(checked, name) for name in changes}
        topics = ["factions"]
        if "status" in changes:
            topics.append("chapter")  # war with the chapter follows the statuses
        if "name" in changes:
            topics.append("claims")  # the claim map names holders
        with self._writing(*topics) as session:
            downtime_writer.update_faction(session, faction_id, values)
        return previous

    def move_faction(self, faction_id: int, tier: int, position: int) -> FactionRecord:
        """Put a faction at `position` (at most last) of a tier's row; returns it as it
        was, so moving it back undoes it."""
        from desktop.store import downtime_writer

        new_tier = checks.tier(tier)
        place = checks.position(position)
        previous = self.faction(faction_id)
        with self._writing("factions") as session:
            downtime_writer.move_faction(session, faction_id, new_tier, place)
        return previous

    def faction_lose_hold(self, faction_id: int) -> FactionRecord:
        """The faction loses hold (the rules' `hold_loss`): strong -> weak, weak -> one
        tier lower (at the end of that row), still weak. Returns it as it was."""
        from desktop.store import downtime_writer

        previous = self.faction(faction_id)
        loss = factions.hold_loss(previous.tier, previous.hold)
        with self._writing("factions") as session:
            if loss.tier != previous.tier:
                last = self._read("SELECT COUNT(*) FROM faction WHERE tier = ?", (loss.tier,))
                downtime_writer.move_faction(session, faction_id, loss.tier, int(last[0][0]))  # type: ignore[call-overload]
            downtime_writer.update_faction(session, faction_id, {"hold": loss.hold})
        return previous

    def restore_faction_standing(self, record: FactionRecord) -> FactionRecord:
        """Put a faction's tier, place and hold back as `record` has them (an undo)."""
        from desktop.store import downtime_writer

        previous = self.faction(record.id)
        tier, hold = checks.tier(record.tier), checks.hold(record.hold)
        with self._writing("factions") as session:
            downtime_writer.move_faction(session, record.id, tier, checks.position(record.position))
            downtime_writer.update_faction(session, record.id, {"hold": hold})
        return previous

    def chapter_lose_hold(self) -> ChapterRecord:
        """The chapter loses hold; at tier 0 with weak hold its lair comes under threat
        (marked until the GM clears it). Returns the chapter as it was."""
        previous = self.chapter()
        loss = factions.hold_loss(previous.tier, previous.hold, chapter=True)
        changes: dict[str, object] = {"tier": loss.tier, "hold": loss.hold}
        if loss.lair_threatened:
            changes["lair_threatened"] = True
        self.update_chapter(**changes)
        return previous

    def delete_faction(self, faction_id: int) -> FactionSnapshot:
        """Delete a faction with its clocks; refused while it holds claims."""
        from desktop.store import downtime_writer

        record = self.faction(faction_id)
        held = [claim.name for claim in self.claims() if claim.holder_id == faction_id]
        if held:
            raise ValueError(
                f"{record.name} holds {_listed(held)}: give "
                f"{'it' if len(held) == 1 else 'them'} to someone else before deleting "
                f"{record.name}."
            )
        clocks = tuple(self.owner_clocks(OWNER_FACTION, faction_id))
        topics = ["factions", *_war_topic(record.status), *(["clocks"] if clocks else [])]
        with self._writing(*topics) as session:
            downtime_writer.delete_faction(session, faction_id)
        return FactionSnapshot(record, clocks)

    def restore_faction(self, snapshot: FactionSnapshot) -> FactionRecord:
        """Put a deleted faction back with its id, place and clocks."""
        from desktop.store import downtime_writer

        if not isinstance(snapshot, FactionSnapshot):
            raise ValueError(f"Expected a faction snapshot, not {snapshot!r}.")
        record = checks.faction(snapshot.faction)
        clocks = [checks.clock(clock) for clock in snapshot.clocks]
        for clock in clocks:
            if (clock.owner_kind, clock.owner_id) != (OWNER_FACTION, record.id):
                raise ValueError(f"Clock {clock.name} does not belong to {record.name}.")
        self._refuse_faction_name(record.name)
        topics = ["factions", *_war_topic(record.status), *(["clocks"] if clocks else [])]
        with self._writing(*topics) as session:
            restored = downtime_writer.add_faction(session, record, keep_id=True)
            downtime_writer.insert_clocks(session, clocks)
        return restored

    def _refuse_faction_name(self, name: str) -> None:
        """A faction's name names it on the claim map: unique, and not the chapter's."""
        key = name.casefold()
        for other in self.factions():
            if other.name.casefold() == key:
                raise ValueError(f"There is already a faction called “{other.name}”.")
        chapter = self.chapter().name
        if chapter.casefold() == key:
            raise ValueError(f"“{chapter}” is the chapter's name.")

    # -- the chapter ("chapter") ----------------------------------------------------------------

    def chapter(self) -> ChapterRecord:
        """The players' faction, with its turf and war counted from claims and factions."""
        rows = self._read(
            "SELECT name, tier, hold, rep, coin, heat, lair_held, notes, lair_threatened"
            " FROM chapter WHERE id = 1"
        )
        # A file damaged by hand (no chapter row) shows a new chapter rather than nothing.
        name, tier, hold, rep, coin, heat, lair_held, notes, threatened = (
            rows[0] if rows else NEW_CHAPTER
        )
        turf = self._turf(str(name), bool(lair_held))
        # The tracker never shows more than the current turf lets it hold.
        ruled = factions.Chapter(
            int(tier),  # type: ignore[call-overload]
            str(hold),
            min(int(rep), factions.FULL_REP),  # type: ignore[call-overload]
            factions.MIN_TURF,
            int(coin),  # type: ignore[call-overload]
            int(heat),  # type: ignore[call-overload]
        ).with_turf(turf)
        return ChapterRecord(
            name=str(name),
            tier=ruled.tier,
            hold=ruled.hold,
            rep=ruled.rep,
            coin=ruled.coin,
            heat=ruled.heat,
            lair_held=bool(lair_held),
            turf=turf,
            at_war=self._at_war(),
            notes=str(notes),
            lair_threatened=bool(threatened),
        )

    def update_chapter(self, **changes: object) -> ChapterRecord:
        """Change name, tier, hold, rep, coin, heat, lair_held and/or notes, checked by the
        rules' Chapter at the turf it will have; returns the chapter as it was.

        Only the fields given are written. Regaining the lair brings the turf claims
        back, which can lower the rep the tracker holds: the chapter then shows its rep
        cut to fit (`Chapter.with_turf`), and losing the lair again (the undo) shows it
        as it was.
        """
        from desktop.store import downtime_writer

        _known(changes, CHAPTER_FIELDS, "The chapter")
        previous = self.chapter()
        wanted = replace(previous, **changes)  # type: ignore[arg-type]
        # The name and the lair first: the turf they give is what the rest is checked at.
        wanted = replace(wanted, name=roster.check_name(wanted.name))
        checks.flag(wanted.lair_held, "Holding the lair")
        turf = self._turf(wanted.name, wanted.lair_held)
        if turf != previous.turf and "rep" not in changes:
            rep = factions.Chapter(rep=min(wanted.rep, factions.FULL_REP)).with_turf(turf).rep
            wanted = replace(wanted, rep=rep)
        checked = checks.chapter(wanted, turf, previous.at_war)
        if checked.name.casefold() != previous.name.casefold():
            for faction in self.factions():
                if faction.name.casefold() == checked.name.casefold():
                    raise ValueError(f"“{faction.name}” is a faction's name.")
        topics = ["chapter"]
        if "name" in changes or "lair_held" in changes:
            topics.append("claims")  # the map names the chapter and shows the lair
        with self._writing(*topics) as session:
            downtime_writer.update_chapter(session, {k: getattr(checked, k) for k in changes})
        return previous

    def restore_chapter(self, record: ChapterRecord) -> ChapterRecord:
        """Write a chapter record back (an undo); returns the chapter as it was."""
        if not isinstance(record, ChapterRecord):
            raise ValueError(f"Expected the chapter, not {record!r}.")
        return self.update_chapter(**{name: getattr(record, name) for name in CHAPTER_FIELDS})

    def apply_payoff(
        self, target_tier: int, quiet: bool, size: str, coin: int | None = None
    ) -> ChapterRecord:
        """A job's payoff: the rules' rep (a full tracker earns nothing), coin and, at war,
        heat, with the chapter's tier counted at its war standing. Returns the chapter as
        it was."""
        previous = self.chapter()
        _paid, ruled = downtime.chapter_payoff(
            previous.chapter, target_tier, size, quiet, coin, at_war=previous.at_war
        )
        self._write_chapter(
            replace(previous, rep=ruled.rep, coin=ruled.coin, heat=ruled.heat), ["chapter"]
        )
        return previous

    def develop_chapter(self) -> ChapterRecord:
        """Develop (weak -> strong, or pay for the next tier); ValueError with the rules'
        reason when the chapter cannot. Returns the chapter as it was."""
        previous = self.chapter()
        ruled = previous.chapter.develop()
        self._write_chapter(
            replace(previous, tier=ruled.tier, hold=ruled.hold, rep=ruled.rep, coin=ruled.coin),
            ["chapter"],
        )
        return previous

    def _write_chapter(self, record: ChapterRecord, topics: Sequence[str]) -> None:
        from desktop.store import downtime_writer

        with self._writing(*topics) as session:
            downtime_writer.set_chapter(session, record)

    def _turf(self, chapter_name: str, lair_held: bool) -> int:
        """The turf the rules count: the chapter's turf claims, none while the lair is lost."""
        rows = self._read("SELECT name FROM claim WHERE faction_id IS NULL AND turf")
        held = tuple(factions.Claim(str(row[0]), chapter_name, turf=True) for row in rows)
        return factions.ClaimMap(chapter_name, held, (), lair_held).turf_count()

    def _at_war(self) -> bool:
        rows = self._read(
            "SELECT EXISTS (SELECT 1 FROM faction WHERE status = ?)", (factions.WAR_STATUS,)
        )
        return bool(rows[0][0])

    # -- claims ("claims") ----------------------------------------------------------------------

    def claims(self) -> list[ClaimRecord]:
        return [_claim(row) for row in self._read(f"{CLAIM_SQL} ORDER BY id")]

    def claim(self, claim_id: int) -> ClaimRecord:
        rows = self._read(f"{CLAIM_SQL} WHERE id = ?", (claim_id,))
        if not rows:
            raise NotFound(f"Claim {claim_id} is no longer on the map.")
        return _claim(rows[0])

    def claim_paths(self) -> list[ClaimPathRecord]:
        """Every path, the lair (0) or the lower claim id first."""
        rows = self._read(
            "SELECT COALESCE(start_id, 0), end_id FROM claim_path"
            " ORDER BY COALESCE(start_id, 0), end_id"
        )
        return [ClaimPathRecord(int(a), int(b)) for a, b in rows]  # type: ignore[call-overload]

    def claim_map(self) -> factions.ClaimMap:
        """The claims as the rules see them, holders named (the chapter by its name)."""
        chapter = self.chapter()
        holders = {faction.id: faction.name for faction in self.factions()}
        holders[LAIR_ID] = chapter.name
        claims = self.claims()
        names = {claim.id: claim.name for claim in claims}
        names[LAIR_ID] = factions.LAIR
        return factions.ClaimMap(
            chapter.name,
            tuple(
                factions.Claim(claim.name, holders[claim.holder_id], claim.benefit, claim.turf)
                for claim in claims
            ),
            tuple((names[path.start], names[path.end]) for path in self.claim_paths()),
            chapter.lair_held,
        )

    def add_claim(
        self,
        name: str,
        *,
        benefit: str = "",
        turf: bool = False,
        holder_id: int = 0,
        x: float = 0.0,
        y: float = 0.0,
    ) -> ClaimRecord:
        """A new claim on the map, held by the chapter (0) or a faction."""
        from desktop.store import downtime_writer

        record = checks.claim(ClaimRecord(1, name, benefit, turf, holder_id, x, y))
        if record.holder_id:
            self.faction(record.holder_id)
        self._refuse_claim_name(record.name)
        with self._writing("claims", *_turf_topic(record)) as session:
            return downtime_writer.add_claim(session, record)

    def update_claim(self, claim_id: int, **changes: object) -> ClaimRecord:
        """Change name, benefit, turf, x and/or y; returns the claim as it was."""
        from desktop.store import downtime_writer

        _known(changes, CLAIM_FIELDS, "A claim")
        previous = self.claim(claim_id)
        checked = checks.claim(replace(previous, **changes))  # type: ignore[arg-type]
        if checked.name.casefold() != previous.name.casefold():
            self._refuse_claim_name(checked.name)
        values = {name: getattr(checked, name) for name in changes}
        turf_changed = checked.turf != previous.turf
        # Turf counted before or after: the chapter's turf (and its rep's cap) moves.
        turf_topic = (_turf_topic(previous) or _turf_topic(checked)) if turf_changed else ()
        topics = ["claims", *turf_topic]
        with self._writing(*topics) as session:
            downtime_writer.update_claim(session, claim_id, values)
        return previous

    def delete_claim(self, claim_id: int) -> ClaimSnapshot:
        """Delete a claim and the paths that touch it; returns both for `restore_claim`."""
        from desktop.store import downtime_writer

        record = self.claim(claim_id)
        paths = tuple(path for path in self.claim_paths() if claim_id in (path.start, path.end))
        with self._writing("claims", *_turf_topic(record)) as session:
            downtime_writer.delete_claim(session, claim_id)
        return ClaimSnapshot(record, paths)

    def restore_claim(self, snapshot: ClaimSnapshot) -> ClaimRecord:
        """Put a deleted claim back with its id, place and paths."""
        from desktop.store import downtime_writer

        if not isinstance(snapshot, ClaimSnapshot):
            raise ValueError(f"Expected a claim snapshot, not {snapshot!r}.")
        record = checks.claim(snapshot.claim)
        if record.holder_id:
            self.faction(record.holder_id)
        self._refuse_claim_name(record.name)
        paths = [_path(path.start, path.end) for path in snapshot.paths]
        if len(set(paths)) != len(paths):
            raise ValueError("A path is named twice in the claim's snapshot.")
        for path in paths:
            if record.id not in (path.start, path.end):
                raise ValueError(f"A path from {path.start} to {path.end} does not touch it.")
            other = path.end if path.start == record.id else path.start
            if other != LAIR_ID:
                self.claim(other)
        with self._writing("claims", *_turf_topic(record)) as session:
            restored = downtime_writer.add_claim(session, record, keep_id=True)
            downtime_writer.add_paths(session, paths)
        return restored

    def add_claim_path(self, start: int, end: int) -> ClaimPathRecord:
        """A path between two claims, or (0) the lair and a claim; returns it as the store
        spells it (the lair or the lower id first). Undo with `remove_claim_path`."""
        from desktop.store import downtime_writer

        path = _path(start, end)
        names = self._path_names(path)
        if path in self.claim_paths():
            raise ValueError(f"There is already a path between {names[0]} and {names[1]}.")
        with self._writing("claims") as session:
            downtime_writer.add_paths(session, [path])
        return path

    def remove_claim_path(self, start: int, end: int) -> ClaimPathRecord:
        """Remove the path between two places (either order); returns it."""
        from desktop.store import downtime_writer

        path = _path(start, end)
        names = self._path_names(path)
        if path not in self.claim_paths():
            raise ValueError(f"There is no path between {names[0]} and {names[1]}.")
        with self._writing("claims") as session:
            downtime_writer.remove_path(session, path)
        return path

    def transfer_claim(
        self, claim_id: int, holder_id: int, status_change: int = 0
    ) -> ClaimTransfer:
        """Give a claim to another holder (0: the chapter) in one transaction.

        When the chapter seizes it from a faction, `status_change` (the UI offers the
        rules' -2) is applied to that faction's status, held inside -3..+3. Turf the
        chapter gains can cut its rep (`Chapter.with_turf`). Returns the claim, the
        chapter and the loser faction (None when no status changed) as they were; undo
        with `undo_transfer`.
        """
        from desktop.store import downtime_writer

        holder = checks.whole(holder_id, "A claim's new holder")
        change = factions.require_int(status_change, "A status change")
        claim = self.claim(claim_id)
        if holder:
            self.faction(holder)
        claim_map = self.claim_map()
        holder_name = claim_map.chapter if holder == LAIR_ID else self.faction(holder).name
        moved = claim_map.transfer(claim.name, holder_name)  # refuses the same holder
        seizing = holder == LAIR_ID and claim.holder_id != LAIR_ID
        if change and not seizing:
            raise ValueError("A status change comes only with the chapter seizing a claim.")
        loser = self.faction(claim.holder_id) if seizing and change else None
        chapter = self.chapter()
        after = chapter.chapter.with_turf(moved.turf_count())
        topics = ["claims", "chapter", *(["factions"] if loser else [])]
        with self._writing(*topics) as session:
            downtime_writer.update_claim(session, claim_id, {"holder_id": holder})
            downtime_writer.set_chapter(session, replace(chapter, rep=after.rep))
            if loser is not None:
                status = loser.faction.with_status(change).status
                downtime_writer.update_faction(session, loser.id, {"status": status})
        return ClaimTransfer(claim, chapter, loser)

    def undo_transfer(self, transfer: ClaimTransfer) -> None:
        """Put the claim, the chapter and the loser faction back, in one transaction."""
        from desktop.store import downtime_writer

        if not isinstance(transfer, ClaimTransfer):
            raise ValueError(f"Expected a claim transfer, not {transfer!r}.")
        claim = checks.claim(transfer.claim)
        self.claim(claim.id)
        if claim.holder_id:
            self.faction(claim.holder_id)
        loser = None if transfer.faction is None else checks.faction(transfer.faction)
        if loser is not None:
            self.faction(loser.id)
        current = self.chapter()
        back = self.claim_map().transfer(
            self.claim(claim.id).name,
            current.name if claim.holder_id == LAIR_ID else self.faction(claim.holder_id).name,
        )
        chapter = checks.chapter(transfer.chapter, back.turf_count(), current.at_war)
        topics = ["claims", "chapter", *(["factions"] if loser else [])]
        with self._writing(*topics) as session:
            downtime_writer.update_claim(session, claim.id, {"holder_id": claim.holder_id})
            downtime_writer.set_chapter(session, chapter)
            if loser is not None:
                downtime_writer.update_faction(session, loser.id, {"status": loser.status})

    def _refuse_claim_name(self, name: str) -> None:
        # The rules' claim map tells claims apart by name.
        for other in self.claims():
            if other.name.casefold() == name.casefold():
                raise ValueError(f"There is already a claim called “{other.name}”.")

    def _path_names(self, path: ClaimPathRecord) -> tuple[str, str]:
        """The names of a path's ends (NotFound for a claim not on the map)."""
        return tuple(  # type: ignore[return-value]
            "the lair" if end == LAIR_ID else f"“{self.claim(end).name}”"
            for end in (path.start, path.end)
        )

    # -- downtime sheets ("downtime") -----------------------------------------------------------

    def downtime_sheet(self, character_id: int) -> DowntimeSheet:
        """A character's downtime sheet; the defaults while it has none stored."""
        self.character(character_id)
        rows = self._read(
            f"SELECT {SHEET_COLUMNS} FROM downtime_sheet WHERE character_id = ?", (character_id,)
        )
        return _sheet(character_id, rows[0]) if rows else DowntimeSheet(character_id)

    def downtime_sheets(self, stored_only: bool = False) -> dict[int, DowntimeSheet]:
        """Every character's downtime sheet in roster order: defaults for those with none
        stored, or (`stored_only`) only the characters that have one."""
        join = "JOIN" if checks.flag(stored_only, "Stored only") else "LEFT JOIN"
        rows = self._read(
            f"SELECT character.id, {SHEET_COLUMNS} FROM character"
            f" {join} downtime_sheet ON downtime_sheet.character_id = character.id"
            " ORDER BY character.position, character.id"
        )
        return {
            int(row[0]): DowntimeSheet(int(row[0]))  # type: ignore[call-overload]
            if row[1] is None
            else _sheet(int(row[0]), row[1:])  # type: ignore[call-overload]
            for row in rows
        }

    def set_downtime_sheet(self, sheet: DowntimeSheet) -> DowntimeSheet:
        """Write a character's whole sheet; stress is checked against the campaign's
        stress track. Returns the sheet as it was."""
        from desktop.store import downtime_writer

        checked = checks.downtime_sheet(sheet, self.settings()["stress_track"])
        previous = self.downtime_sheet(checked.character_id)
        with self._writing("downtime") as session:
            downtime_writer.put_sheet(session, checked)
        return previous

    def _check_stress_track(self, track: int) -> None:
        """Refuse a stress track shorter than the stress a character has marked."""
        rows = self._read(
            "SELECT character.name, stress FROM downtime_sheet"
            " JOIN character ON character.id = downtime_sheet.character_id"
            " WHERE stress > ? ORDER BY stress DESC, character.position, character.id LIMIT 1",
            (track,),
        )
        if rows:
            name, stress = rows[0]
            raise ValueError(
                f"{name} has {stress} stress marked, more than a {track}-box track holds: "
                "clear some first."
            )

    # -- downtime sessions ("downtime") ---------------------------------------------------------

    def downtime_session(self) -> int:
        """The current downtime session's number; 0 before the first."""
        return int(self._read("SELECT COALESCE(MAX(number), 0) FROM downtime_session")[0][0])  # type: ignore[call-overload]

    def start_downtime_session(self) -> int:
        """Open the next downtime session: every character's activities start afresh.
        Undo with `end_downtime_session(number)`."""
        from desktop.store import downtime_writer

        number = self.downtime_session() + 1
        with self._writing("downtime") as session:
            downtime_writer.add_session(session, number)
        return number

    def end_downtime_session(self, number: int) -> tuple[DowntimeEntry, ...]:
        """Delete a session (the undo of starting it); refused while it has steps that
        are not undone. Returns its undone steps, deleted with it, for
        `restore_downtime_session` (a redo)."""
        from desktop.store import downtime_writer

        checks.row_id(number, "A downtime session's number")
        entries = tuple(self.downtime_entries(number))
        live = sum(1 for entry in entries if not entry.undone)
        if live:
            raise ValueError(
                f"Downtime session {number} has {live} step(s) recorded; undo them first."
            )
        with self._writing("downtime") as session:
            downtime_writer.delete_session(session, number)
        return entries

    def restore_downtime_session(self, number: int, entries: Sequence[DowntimeEntry]) -> None:
        """Open session `number` again (the next one) with the undone steps it had, under
        their ids, so the redo of each still finds its step."""
        from desktop.store import downtime_writer

        checks.row_id(number, "A downtime session's number")
        if number != self.downtime_session() + 1:
            raise ValueError(
                f"Downtime session {number} cannot come back: the next session is "
                f"{self.downtime_session() + 1}."
            )
        restored = []
        for entry in entries:
            if not isinstance(entry, DowntimeEntry):
                raise ValueError(f"Expected a downtime step, not {entry!r}.")
            if entry.session != number or not entry.undone:
                raise ValueError(f"“{entry.summary}” is not an undone step of session {number}.")
            if entry.character_id:
                self.character(entry.character_id)
            restored.append(entry)
        with self._writing("downtime") as session:
            downtime_writer.add_session(session, number)
            downtime_writer.insert_entries(session, restored)

    def downtime_sessions(self) -> list[int]:
        """Every downtime session's number, oldest first."""
        rows = self._read("SELECT number FROM downtime_session ORDER BY number")
        return [int(row[0]) for row in rows]  # type: ignore[call-overload]

    def downtime_entries(self, session: int | None = None) -> list[DowntimeEntry]:
        """The steps of a session (the current one by default), in the order taken."""
        number = self.downtime_session() if session is None else session
        rows = self._read(f"{ENTRY_SQL} WHERE session = ? ORDER BY id", (number,))
        return [_entry(row) for row in rows]

    def downtime_entry(self, entry_id: int) -> DowntimeEntry:
        rows = self._read(f"{ENTRY_SQL} WHERE id = ?", (entry_id,))
        if not rows:
            raise NotFound(f"Downtime step {entry_id} is no longer in the campaign.")
        return _entry(rows[0])

    def character_downtime(self, character_id: int) -> downtime.CharacterDowntime:
        """What a character has done in the current session (live steps only), and
        whether the chapter is at war (one free activity instead of two)."""
        self.character(character_id)
        rows = self._read(
            "SELECT activity, track FROM downtime_entry"
            " WHERE session = ? AND character_id = ? AND NOT undone ORDER BY id",
            (self.downtime_session(), character_id),
        )
        taken = tuple(str(a) for a, _track in rows if a in downtime.ACTIVITIES)
        trained = tuple(str(t) for a, t in rows if a == downtime.TRAIN)
        return downtime.CharacterDowntime(self._at_war(), taken, trained)

    def record_downtime(self, step: DowntimeStep) -> DowntimeUndo:
        """Record one step of the current session and write every value it changed, in
        one transaction; returns the values as they were, for `undo_downtime`."""
        from desktop.store import downtime_writer

        number = self.downtime_session()
        if number == 0:
            raise ValueError("Start a downtime session first.")
        values = self._entry_values(step, number)
        plan = self._step_plan(step)
        if self._charged_by_rules(step):
            values["extra"] = self._charge(step).extra  # whether it is an extra: the rules'
        with self._writing("downtime", *plan.topics) as session:
            entry_id = downtime_writer.add_entry(session, values)
            new_clock_id = plan.write(session, None)
        return plan.undo(entry_id, new_clock_id)

    def undo_downtime(self, undo: DowntimeUndo) -> None:
        """Put back what a step changed and mark its entry undone (it stays listed)."""
        from desktop.store import downtime_writer

        if not isinstance(undo, DowntimeUndo):
            raise ValueError(f"Expected a downtime undo record, not {undo!r}.")
        entry = self.downtime_entry(undo.entry_id)
        if entry.undone:
            raise ValueError(f"“{entry.summary}” is already undone.")
        chapter = None
        if undo.chapter is not None:
            current = self.chapter()
            chapter = checks.chapter(undo.chapter, current.turf, current.at_war)
        sheet = self._checked_sheet(undo.sheet)
        clocks = self._checked_clocks(undo.clocks)
        if undo.new_clock_id is not None:
            self.clock(undo.new_clock_id)
        topics = _value_topics(chapter, clocks, undo.new_clock_id)
        with self._writing("downtime", *topics) as session:
            _write_values(session, chapter, sheet, clocks)
            if undo.new_clock_id is not None:
                downtime_writer.delete_clock(session, undo.new_clock_id)
            downtime_writer.set_entry_undone(session, undo.entry_id, True)

    def redo_downtime(self, undo: DowntimeUndo, step: DowntimeStep) -> DowntimeUndo:
        """Apply an undone step again under its entry id (and its new clock's id)."""
        from desktop.store import downtime_writer

        if not isinstance(undo, DowntimeUndo):
            raise ValueError(f"Expected a downtime undo record, not {undo!r}.")
        entry = self.downtime_entry(undo.entry_id)
        if not entry.undone:
            raise ValueError(f"“{entry.summary}” is not undone.")
        self._entry_values(step, entry.session)
        plan = self._step_plan(step)
        if plan.new_clock is not None and undo.new_clock_id is None:
            raise ValueError("This step made a clock, but its undo record has none.")
        with self._writing("downtime", *plan.topics) as session:
            new_clock_id = plan.write(session, undo.new_clock_id)
            downtime_writer.set_entry_undone(session, undo.entry_id, False)
        return plan.undo(undo.entry_id, new_clock_id)

    def _entry_values(self, step: DowntimeStep, number: int) -> dict[str, object]:
        """The entry's checked columns; a Train step's track must not be trained yet."""
        if not isinstance(step, DowntimeStep):
            raise ValueError(f"Expected a downtime step, not {step!r}.")
        character_id = checks.whole(step.character_id, "A step's character")
        activity = checks.entry_activity(step.activity)
        track = checks.entry_track(step.track)
        if activity in downtime.ACTIVITIES:
            if not character_id:
                raise ValueError(f"{downtime.ACTIVITY_LABELS[activity]} is a character's.")
            # The rules refuse a track trained twice, or named by another activity.
            self.character_downtime(character_id).take(activity, track or None)
        elif track:
            raise ValueError("Only Train names an XP track.")
        if character_id:
            self.character(character_id)
        return {
            "session": number,
            "character_id": character_id or None,
            "activity": activity,
            "summary": checks.entry_summary(step.summary),
            "coin_spent": checks.whole(step.coin_spent, "Coin spent"),
            "extra": checks.entry_extra(step.extra),
            "track": track,
            "undone": False,
        }

    def _step_plan(self, step: DowntimeStep) -> _StepPlan:
        """The values a step writes, checked, with what they were before."""
        chapter = previous_chapter = None
        if step.chapter is not None:
            previous_chapter = self.chapter()
            chapter = checks.chapter(step.chapter, previous_chapter.turf, previous_chapter.at_war)
        elif self._charged_by_rules(step):
            chapter, previous_chapter = self._charged_chapter(step)
        sheet = previous_sheet = None
        if step.sheet is not None:
            if step.sheet.character_id != step.character_id:
                raise ValueError("A step changes the sheet of its own character only.")
            sheet = self._checked_sheet(step.sheet)
            previous_sheet = self.downtime_sheet(step.character_id)
        clocks = self._checked_clocks(step.clocks)
        previous_clocks = tuple(self.clock(clock.id) for clock in clocks)
        new_clock = None
        if step.new_clock is not None:
            new_clock = checks.clock(replace(step.new_clock, id=1, position=0))
            self._require_owner(new_clock.owner_kind, new_clock.owner_id)
        return _StepPlan(
            chapter, sheet, clocks, new_clock, previous_chapter, previous_sheet, previous_clocks
        )

    @staticmethod
    def _charged_by_rules(step: DowntimeStep) -> bool:
        """A character's activity that names no chapter: the store charges it itself."""
        return (
            step.chapter is None
            and step.activity in downtime.ACTIVITIES
            and bool(step.character_id)
        )

    def _charge(self, step: DowntimeStep) -> downtime.ActivityCharge:
        """The rules' charge for a character's activity, from the GM's choice: `extra` is
        the currency for an activity beyond the free ones (used only when none is left)."""
        progress = self.character_downtime(step.character_id)
        if progress.free_left == 0 and not step.extra:
            raise ValueError(
                "No free activity is left: say whether the extra one is paid in coin or rep."
            )
        return downtime.charge_activity(
            self.chapter().chapter,
            progress,
            step.extra or downtime.COIN,
            coin_spent=checks.whole(step.coin_spent, "Coin spent"),
            rep_lost=checks.whole(step.rep_lost, "Rep lost"),
        )

    def _charged_chapter(
        self, step: DowntimeStep
    ) -> tuple[ChapterRecord | None, ChapterRecord | None]:
        """The chapter after the rules charge a character's activity: an extra activity
        in the currency the GM chose, the coin spent on it, the rep an overindulgence
        loses. (None, None) when it costs the chapter nothing."""
        previous = self.chapter()
        ruled = self._charge(step).chapter
        if (ruled.coin, ruled.rep) == (previous.coin, previous.rep):
            return None, None
        after = replace(previous, coin=ruled.coin, rep=ruled.rep)
        return checks.chapter(after, previous.turf, previous.at_war), previous

    def _checked_sheet(self, sheet: DowntimeSheet | None) -> DowntimeSheet | None:
        if sheet is None:
            return None
        checked = checks.downtime_sheet(sheet, self.settings()["stress_track"])
        self.character(checked.character_id)
        return checked

    def _checked_clocks(self, clocks: Sequence[ClockRecord]) -> tuple[ClockRecord, ...]:
        """Clocks a step changes: their progress and words, never their owner or place."""
        checked = tuple(checks.clock(clock) for clock in clocks)
        ids = [clock.id for clock in checked]
        if len(set(ids)) != len(ids):
            raise ValueError("A step names each clock once.")
        for clock in checked:
            current = self.clock(clock.id)
            if (clock.owner_kind, clock.owner_id, clock.position) != (
                current.owner_kind,
                current.owner_id,
                current.position,
            ):
                raise ValueError(
                    f"A downtime step changes {current.name}'s progress, not its place."
                )
        return checked

    # -- a character's downtime rows, for deleting and restoring it ------------------------------

    def _downtime_rows(self, character_id: int) -> dict[str, object]:
        """A character's clocks, sheet and downtime entry ids, for its snapshot."""
        sheet = self._read(
            f"SELECT {SHEET_COLUMNS} FROM downtime_sheet WHERE character_id = ?", (character_id,)
        )
        entries = self._read(
            "SELECT id FROM downtime_entry WHERE character_id = ? ORDER BY id", (character_id,)
        )
        return {
            "clocks": tuple(self.owner_clocks(OWNER_CHARACTER, character_id)),
            "downtime_sheet": _sheet(character_id, sheet[0]) if sheet else None,
            "downtime_entry_ids": tuple(int(row[0]) for row in entries),  # type: ignore[call-overload]
        }

    def _checked_downtime_rows(
        self, snapshot: CharacterSnapshot
    ) -> tuple[list[ClockRecord], DowntimeSheet | None, list[int]]:
        """A snapshot's downtime rows, checked before a restore writes anything."""
        character_id = snapshot.character.id
        clocks = [checks.clock(clock) for clock in snapshot.clocks]
        for clock in clocks:
            if (clock.owner_kind, clock.owner_id) != (OWNER_CHARACTER, character_id):
                raise ValueError(f"Clock {clock.name} does not belong to this character.")
        sheet = snapshot.downtime_sheet
        if sheet is not None:
            if sheet.character_id != character_id:
                raise ValueError("The downtime sheet belongs to another character.")
            track = self.settings()["stress_track"]
            if sheet.stress > track:
                raise ValueError(
                    f"{snapshot.character.name} had {sheet.stress} stress, more than the "
                    f"{track}-box stress track holds now: lengthen it first."
                )
            sheet = checks.downtime_sheet(sheet, track)
        entry_ids = [checks.row_id(i, "A downtime step's id") for i in snapshot.downtime_entry_ids]
        return clocks, sheet, entry_ids

    def _restore_downtime_rows(
        self,
        session: Session,
        character_id: int,
        rows: tuple[list[ClockRecord], DowntimeSheet | None, list[int]],
    ) -> None:
        from desktop.store import downtime_writer

        clocks, sheet, entry_ids = rows
        downtime_writer.insert_clocks(session, clocks)
        if sheet is not None:
            downtime_writer.put_sheet(session, sheet)
        downtime_writer.link_entries(session, character_id, entry_ids)


class _StepPlan:
    """The checked values of one downtime step and what they were before it."""

    def __init__(
        self,
        chapter: ChapterRecord | None,
        sheet: DowntimeSheet | None,
        clocks: tuple[ClockRecord, ...],
        new_clock: ClockRecord | None,
        previous_chapter: ChapterRecord | None,
        previous_sheet: DowntimeSheet | None,
        previous_clocks: tuple[ClockRecord, ...],
    ) -> None:
        self.chapter = chapter
        self.sheet = sheet
        self.clocks = clocks
        self.new_clock = new_clock
        self.previous_chapter = previous_chapter
        self.previous_sheet = previous_sheet
        self.previous_clocks = previous_clocks

    @property
    def topics(self) -> tuple[str, ...]:
        return _value_topics(self.chapter, self.clocks, self.new_clock)

    def write(self, session: Session, new_clock_id: int | None) -> int | None:
        """Write the values; the new clock gets `new_clock_id` when given (a redo)."""
        from desktop.store import downtime_writer

        _write_values(session, self.chapter, self.sheet, self.clocks)
        if self.new_clock is None:
            return None
        keep = new_clock_id is not None
        clock = replace(self.new_clock, id=new_clock_id) if keep else self.new_clock
        return downtime_writer.add_clock(session, clock, keep_id=keep).id

    def undo(self, entry_id: int, new_clock_id: int | None) -> DowntimeUndo:
        return DowntimeUndo(
            entry_id, self.previous_chapter, self.previous_sheet, self.previous_clocks, new_clock_id
        )


def _write_values(
    session: Session,
    chapter: ChapterRecord | None,
    sheet: DowntimeSheet | None,
    clocks: Sequence[ClockRecord],
) -> None:
    from desktop.store import downtime_writer

    if chapter is not None:
        downtime_writer.set_chapter(session, chapter)
    if sheet is not None:
        downtime_writer.put_sheet(session, sheet)
    for clock in clocks:
        values = {name: getattr(clock, name) for name in CLOCK_FIELDS}
        downtime_writer.update_clock(session, clock.id, values)


def _value_topics(
    chapter: ChapterRecord | None, clocks: Sequence[ClockRecord], new_clock: object
) -> tuple[str, ...]:
    topics: list[str] = []
    if chapter is not None:
        topics.append("chapter")
    if clocks or new_clock is not None:
        topics.append("clocks")
    return tuple(topics)


# -- rows read back -------------------------------------------------------------------------


def _clock(row: Sequence[object]) -> ClockRecord:
    return ClockRecord(*row)  # type: ignore[arg-type]


def _faction(row: Sequence[object]) -> FactionRecord:
    values = list(row)
    values[5] = bool(values[5])  # SQLite keeps booleans as 0 and 1
    return FactionRecord(*values)  # type: ignore[arg-type]


def _claim(row: Sequence[object]) -> ClaimRecord:
    claim_id, name, benefit, turf, holder, x, y = row
    return ClaimRecord(
        int(claim_id),  # type: ignore[call-overload]
        str(name),
        str(benefit),
        bool(turf),
        int(holder),  # type: ignore[call-overload]
        float(x),  # type: ignore[arg-type]
        float(y),  # type: ignore[arg-type]
    )


def _sheet(character_id: int, row: Sequence[object]) -> DowntimeSheet:
    stress, trauma, hp, hp_max, xp, virtue, vice, purveyor, friends, contacts = row
    return DowntimeSheet(
        character_id=character_id,
        stress=int(stress),  # type: ignore[call-overload]
        trauma=int(trauma),  # type: ignore[call-overload]
        hp=int(hp),  # type: ignore[call-overload]
        hp_max=int(hp_max),  # type: ignore[call-overload]
        xp=_xp(character_id, xp),
        virtue=str(virtue),
        vice=str(vice),
        vice_purveyor=str(purveyor),
        friends=str(friends),
        contacts=str(contacts),
    )


def _xp(character_id: int, text: object) -> tuple[tuple[str, int], ...]:
    """Stored XP read back; a damaged row says which character it belongs to."""
    try:
        return checks.xp(json.loads(str(text)))
    except ValueError as error:  # json's own errors are ValueErrors too
        raise ValueError(f"The stored XP of character {character_id} is damaged: {error}") from None


def _entry(row: Sequence[object]) -> DowntimeEntry:
    values = list(row)
    values[8] = bool(values[8])
    return DowntimeEntry(*values)  # type: ignore[arg-type]


# -- small checks -----------------------------------------------------------------------------


def _owner_where(kind: str, owner_id: int) -> tuple[str, tuple[object, ...]]:
    if kind == OWNER_CHARACTER:
        return "owner_kind = ? AND character_id = ?", (kind, owner_id)
    if kind == OWNER_FACTION:
        return "owner_kind = ? AND faction_id = ?", (kind, owner_id)
    return "owner_kind = ?", (kind,)


def _path(start: object, end: object) -> ClaimPathRecord:
    """A path as the store spells it: the lair (0) or the lower claim id first."""
    first = checks.whole(start, "A path's start")
    second = checks.whole(end, "A path's end")
    if first == second:
        raise ValueError("A path can't lead from a place to itself.")
    return ClaimPathRecord(min(first, second), max(first, second))


def _known(changes: dict[str, object], known: frozenset[str], what: str) -> None:
    unknown = set(changes) - known
    if unknown:
        raise ValueError(f"{what} has no field {', '.join(sorted(unknown))}.")


def _war_topic(status: int) -> tuple[str, ...]:
    """ "chapter" when a faction at war with the chapter comes or goes."""
    return ("chapter",) if status == factions.WAR_STATUS else ()


def _turf_topic(claim: ClaimRecord) -> tuple[str, ...]:
    """ "chapter" when a change to this claim changes the chapter's turf."""
    return ("chapter",) if claim.turf and claim.holder_id == LAIR_ID else ()


def _listed(names: Sequence[str]) -> str:
    quoted = [f"“{name}”" for name in names]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " and " + quoted[-1]
