"""Downtime sheets, downtime sessions and their steps. Reached as `campaign.downtime`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields, replace
from typing import TYPE_CHECKING

from desktop.rules import downtime
from desktop.store import checks
from desktop.store.chapter import ChapterRecord, check_chapter
from desktop.store.clocks import OWNER_CHARACTER, ClockRecord, check_clock
from desktop.store.core import Manager, Topic
from desktop.store.downtime import checks as downtime_checks
from desktop.store.downtime.plan import StepPlan, value_topics, write_values
from desktop.store.downtime.records import (
    DowntimeEntry,
    DowntimeRows,
    DowntimeSheet,
    DowntimeStep,
    DowntimeUndo,
)
from desktop.store.downtime.rows import ENTRY_SQL, SHEET_COLUMNS, entry_from_row, sheet_from_row
from desktop.store.history import sentences
from desktop.store.roster import CharacterSnapshot

if TYPE_CHECKING:
    from sqlmodel import Session


def _sheet_values(sheet: DowntimeSheet) -> dict[str, object]:
    """A sheet's values as the history compares them (all but its character)."""
    return {f.name: getattr(sheet, f.name) for f in fields(sheet) if f.name != "character_id"}


class DowntimeManager(Manager):
    """Downtime sheets, downtime sessions and their steps."""

    # -- downtime sheets ("downtime") -----------------------------------------------------------

    def sheet(self, character_id: int) -> DowntimeSheet:
        """A character's downtime sheet; the defaults while it has none stored."""
        self._campaign.roster.get(character_id)
        rows = self._read(
            f"SELECT {SHEET_COLUMNS} FROM downtime_sheet WHERE character_id = ?", (character_id,)
        )
        return sheet_from_row(character_id, rows[0]) if rows else DowntimeSheet(character_id)

    def sheets(self, stored_only: bool = False) -> dict[int, DowntimeSheet]:
        """Every character's downtime sheet in roster order: defaults for those with none
        stored, or (`stored_only`) only the characters that have one."""
        join = "JOIN" if checks.flag(stored_only, "Stored only") else "LEFT JOIN"
        rows = self._read(
            f"SELECT character.id, {SHEET_COLUMNS} FROM character"
            f" {join} downtime_sheet ON downtime_sheet.character_id = character.id"
            " ORDER BY character.position, character.id"
        )
        return {
            int(row[0]): DowntimeSheet(int(row[0]))
            if row[1] is None
            else sheet_from_row(int(row[0]), row[1:])
            for row in rows
        }

    def set_sheet(self, sheet: DowntimeSheet) -> DowntimeSheet:
        """Write a character's whole sheet; stress is checked against the campaign's
        stress track. Returns the sheet as it was."""
        from desktop.store.downtime import writes

        checked = downtime_checks.downtime_sheet(sheet, self._campaign.settings()["stress_track"])
        previous = self.sheet(checked.character_id)
        name = self._campaign.roster.get(checked.character_id).name
        with self._writing(Topic.DOWNTIME) as session:
            writes.put_sheet(session, checked)
            was, now = (_sheet_values(sheet) for sheet in (previous, checked))
            said = sentences.changed_values(f"Downtime sheet of {name}", was, now)
            self._campaign.note(Topic.DOWNTIME, checked.character_id, said)
        return previous

    def check_stress_track(self, track: int) -> None:
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

    def session(self) -> int:
        """The current downtime session's number; 0 before the first."""
        return int(self._read("SELECT COALESCE(MAX(number), 0) FROM downtime_session")[0][0])

    def start_session(self) -> int:
        """Open the next downtime session: every character's activities start afresh.
        Undo with `end_session(number)`."""
        from desktop.store.downtime import writes

        number = self.session() + 1
        with self._writing(Topic.DOWNTIME) as session:
            writes.add_session(session, number)
            said = sentences.session_change(number, "started")
            self._campaign.note(Topic.DOWNTIME, number, said)
        return number

    def end_session(self, number: int) -> tuple[DowntimeEntry, ...]:
        """Delete a session (the undo of starting it); refused while it has steps that
        are not undone. Returns its undone steps, deleted with it, for
        `restore_session` (a redo)."""
        from desktop.store.downtime import writes

        checks.row_id(number, "A downtime session's number")
        entries = tuple(self.entries(number))
        live = sum(1 for entry in entries if not entry.undone)
        if live:
            raise ValueError(
                f"Downtime session {number} has {live} step(s) recorded; undo them first."
            )
        with self._writing(Topic.DOWNTIME) as session:
            writes.delete_session(session, number)
            said = sentences.session_change(number, "taken back")
            self._campaign.note(Topic.DOWNTIME, number, said)
        return entries

    def restore_session(self, number: int, entries: Sequence[DowntimeEntry]) -> None:
        """Open session `number` again (the next one) with the undone steps it had, under
        their ids, so the redo of each still finds its step."""
        from desktop.store.downtime import writes

        checks.row_id(number, "A downtime session's number")
        if number != self.session() + 1:
            raise ValueError(
                f"Downtime session {number} cannot come back: the next session is "
                f"{self.session() + 1}."
            )
        restored = []
        for entry in entries:
            if not isinstance(entry, DowntimeEntry):
                raise ValueError(f"Expected a downtime step, not {entry!r}.")
            if entry.session != number or not entry.undone:
                raise ValueError(f"“{entry.summary}” is not an undone step of session {number}.")
            if entry.character_id:
                self._campaign.roster.get(entry.character_id)
            restored.append(entry)
        with self._writing(Topic.DOWNTIME) as session:
            writes.add_session(session, number)
            writes.insert_entries(session, restored)
            said = sentences.session_change(number, "restored")
            self._campaign.note(Topic.DOWNTIME, number, said)

    def sessions(self) -> list[int]:
        """Every downtime session's number, oldest first."""
        rows = self._read("SELECT number FROM downtime_session ORDER BY number")
        return [int(row[0]) for row in rows]

    def entries(self, session: int | None = None) -> list[DowntimeEntry]:
        """The steps of a session (the current one by default), in the order taken."""
        number = self.session() if session is None else session
        rows = self._read(f"{ENTRY_SQL} WHERE session = ? ORDER BY id", (number,))
        return [entry_from_row(row) for row in rows]

    def entry(self, entry_id: int) -> DowntimeEntry:
        return entry_from_row(self._read_by_id(ENTRY_SQL, entry_id, "Downtime step"))

    def of_character(self, character_id: int) -> downtime.CharacterDowntime:
        """What a character has done in the current session (live steps only), and
        whether the chapter is at war (one free activity instead of two)."""
        self._campaign.roster.get(character_id)
        rows = self._read(
            "SELECT activity, track FROM downtime_entry"
            " WHERE session = ? AND character_id = ? AND NOT undone ORDER BY id",
            (self.session(), character_id),
        )
        taken = tuple(str(a) for a, _track in rows if a in downtime.ACTIVITIES)
        trained = tuple(str(t) for a, t in rows if a == downtime.TRAIN)
        return downtime.CharacterDowntime(self._campaign.chapter.at_war(), taken, trained)

    def record(self, step: DowntimeStep) -> DowntimeUndo:
        """Record one step of the current session and write every value it changed, in
        one transaction; returns the values as they were, for `undo`."""
        from desktop.store.downtime import writes

        number = self.session()
        if number == 0:
            raise ValueError("Start a downtime session first.")
        values = self._entry_values(step, number)
        plan = self._step_plan(step)
        if self._charged_by_rules(step):
            values["extra"] = self._charge(step).extra  # whether it is an extra: the rules'
        with self._writing(Topic.DOWNTIME, *plan.topics) as session:
            entry_id = writes.add_entry(session, values)
            new_clock_id = plan.write(session, None)
            name = self._doer(step.character_id)
            activity = downtime.ACTIVITY_LABELS.get(step.activity, step.activity)
            said = f"{name} in downtime: {activity}: {step.summary}"
            self._campaign.note(Topic.DOWNTIME, entry_id, said)
        return plan.undo(entry_id, new_clock_id)

    def undo(self, undo: DowntimeUndo) -> None:
        """Put back what a step changed and mark its entry undone (it stays listed)."""
        from desktop.store.clocks import writes as clocks_writes
        from desktop.store.downtime import writes

        if not isinstance(undo, DowntimeUndo):
            raise ValueError(f"Expected a downtime undo record, not {undo!r}.")
        entry = self.entry(undo.entry_id)
        if entry.undone:
            raise ValueError(f"“{entry.summary}” is already undone.")
        chapter = None
        if undo.chapter is not None:
            current = self._campaign.chapter.get()
            chapter = check_chapter(undo.chapter, current.turf, current.at_war)
        sheet = self._checked_sheet(undo.sheet)
        clocks = self._checked_clocks(undo.clocks)
        if undo.new_clock_id is not None:
            self._campaign.clocks.get(undo.new_clock_id)
        topics = value_topics(chapter, clocks, undo.new_clock_id)
        with self._writing(Topic.DOWNTIME, *topics) as session:
            write_values(session, chapter, sheet, clocks)
            if undo.new_clock_id is not None:
                clocks_writes.delete_clock(session, undo.new_clock_id)
            writes.set_entry_undone(session, undo.entry_id, True)
            said = sentences.step_change(self._doer(entry.character_id), entry.summary, "undone")
            self._campaign.note(Topic.DOWNTIME, undo.entry_id, said)

    def redo(self, undo: DowntimeUndo, step: DowntimeStep) -> DowntimeUndo:
        """Apply an undone step again under its entry id (and its new clock's id)."""
        from desktop.store.downtime import writes

        if not isinstance(undo, DowntimeUndo):
            raise ValueError(f"Expected a downtime undo record, not {undo!r}.")
        entry = self.entry(undo.entry_id)
        if not entry.undone:
            raise ValueError(f"“{entry.summary}” is not undone.")
        self._entry_values(step, entry.session)
        plan = self._step_plan(step)
        if plan.new_clock is not None and undo.new_clock_id is None:
            raise ValueError("This step made a clock, but its undo record has none.")
        with self._writing(Topic.DOWNTIME, *plan.topics) as session:
            new_clock_id = plan.write(session, undo.new_clock_id)
            writes.set_entry_undone(session, undo.entry_id, False)
            said = sentences.step_change(self._doer(entry.character_id), entry.summary, "redone")
            self._campaign.note(Topic.DOWNTIME, undo.entry_id, said)
        return plan.undo(undo.entry_id, new_clock_id)

    def _doer(self, character_id: int) -> str:
        """Who took a step, for the history: a step of the chapter's own has no
        character (0)."""
        return self._campaign.roster.get(character_id).name if character_id else "The chapter"

    def _entry_values(self, step: DowntimeStep, number: int) -> dict[str, object]:
        """The entry's checked columns; a Train step's track must not be trained yet."""
        if not isinstance(step, DowntimeStep):
            raise ValueError(f"Expected a downtime step, not {step!r}.")
        character_id = checks.whole(step.character_id, "A step's character")
        activity = downtime_checks.entry_activity(step.activity)
        track = downtime_checks.entry_track(step.track)
        if activity in downtime.ACTIVITIES:
            if not character_id:
                raise ValueError(f"{downtime.ACTIVITY_LABELS[activity]} is a character's.")
            # The rules refuse a track trained twice, or named by another activity.
            self.of_character(character_id).take(activity, track or None)
        elif track:
            raise ValueError("Only Train names an XP track.")
        if character_id:
            self._campaign.roster.get(character_id)
        return {
            "session": number,
            "character_id": character_id or None,
            "activity": activity,
            "summary": downtime_checks.entry_summary(step.summary),
            "coin_spent": checks.whole(step.coin_spent, "Coin spent"),
            "extra": downtime_checks.entry_extra(step.extra),
            "track": track,
            "undone": False,
        }

    def _step_plan(self, step: DowntimeStep) -> StepPlan:
        """The values a step writes, checked, with what they were before."""
        chapter = previous_chapter = None
        if step.chapter is not None:
            previous_chapter = self._campaign.chapter.get()
            chapter = check_chapter(step.chapter, previous_chapter.turf, previous_chapter.at_war)
        elif self._charged_by_rules(step):
            chapter, previous_chapter = self._charged_chapter(step)
        sheet = previous_sheet = None
        if step.sheet is not None:
            if step.sheet.character_id != step.character_id:
                raise ValueError("A step changes the sheet of its own character only.")
            sheet = self._checked_sheet(step.sheet)
            previous_sheet = self.sheet(step.character_id)
        clocks = self._checked_clocks(step.clocks)
        previous_clocks = tuple(self._campaign.clocks.get(clock.id) for clock in clocks)
        new_clock = None
        if step.new_clock is not None:
            new_clock = check_clock(replace(step.new_clock, id=1, position=0))
            self._campaign.clocks.require_owner(new_clock.owner_kind, new_clock.owner_id)
        return StepPlan(
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
        progress = self.of_character(step.character_id)
        if progress.free_left == 0 and not step.extra:
            raise ValueError(
                "No free activity is left: say whether the extra one is paid in coin or rep."
            )
        return downtime.charge_activity(
            self._campaign.chapter.get().chapter,
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
        previous = self._campaign.chapter.get()
        ruled = self._charge(step).chapter
        if (ruled.coin, ruled.rep) == (previous.coin, previous.rep):
            return None, None
        after = replace(previous, coin=ruled.coin, rep=ruled.rep)
        return check_chapter(after, previous.turf, previous.at_war), previous

    def _checked_sheet(self, sheet: DowntimeSheet | None) -> DowntimeSheet | None:
        if sheet is None:
            return None
        checked = downtime_checks.downtime_sheet(sheet, self._campaign.settings()["stress_track"])
        self._campaign.roster.get(checked.character_id)
        return checked

    def _checked_clocks(self, clocks: Sequence[ClockRecord]) -> tuple[ClockRecord, ...]:
        """Clocks a step changes: their progress and words, never their owner or place."""
        checked = tuple(check_clock(clock) for clock in clocks)
        ids = [clock.id for clock in checked]
        if len(set(ids)) != len(ids):
            raise ValueError("A step names each clock once.")
        for clock in checked:
            current = self._campaign.clocks.get(clock.id)
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

    def snapshot_rows(self, character_id: int) -> DowntimeRows:
        """A character's clocks, sheet and downtime entry ids, for its snapshot."""
        sheet = self._read(
            f"SELECT {SHEET_COLUMNS} FROM downtime_sheet WHERE character_id = ?", (character_id,)
        )
        entries = self._read(
            "SELECT id FROM downtime_entry WHERE character_id = ? ORDER BY id", (character_id,)
        )
        return {
            "clocks": tuple(self._campaign.clocks.of_owner(OWNER_CHARACTER, character_id)),
            "downtime_sheet": sheet_from_row(character_id, sheet[0]) if sheet else None,
            "downtime_entry_ids": tuple(int(row[0]) for row in entries),
        }

    def checked_snapshot_rows(
        self, snapshot: CharacterSnapshot
    ) -> tuple[list[ClockRecord], DowntimeSheet | None, list[int]]:
        """A snapshot's downtime rows, checked before a restore writes anything."""
        character_id = snapshot.character.id
        clocks = [check_clock(clock) for clock in snapshot.clocks]
        for clock in clocks:
            if (clock.owner_kind, clock.owner_id) != (OWNER_CHARACTER, character_id):
                raise ValueError(f"Clock {clock.name} does not belong to this character.")
        sheet = snapshot.downtime_sheet
        if sheet is not None:
            if sheet.character_id != character_id:
                raise ValueError("The downtime sheet belongs to another character.")
            track = self._campaign.settings()["stress_track"]
            if sheet.stress > track:
                raise ValueError(
                    f"{snapshot.character.name} had {sheet.stress} stress, more than the "
                    f"{track}-box stress track holds now: lengthen it first."
                )
            sheet = downtime_checks.downtime_sheet(sheet, track)
        entry_ids = [checks.row_id(i, "A downtime step's id") for i in snapshot.downtime_entry_ids]
        return clocks, sheet, entry_ids

    def restore_snapshot_rows(
        self,
        session: Session,
        character_id: int,
        rows: tuple[list[ClockRecord], DowntimeSheet | None, list[int]],
    ) -> None:
        from desktop.store.clocks import writes as clocks_writes
        from desktop.store.downtime import writes

        clocks, sheet, entry_ids = rows
        clocks_writes.insert_clocks(session, clocks)
        if sheet is not None:
            writes.put_sheet(session, sheet)
        writes.link_entries(session, character_id, entry_ids)
