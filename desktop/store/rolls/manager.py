"""The roll log: rolls, acts and their undo marks. Reached as `campaign.rolls`."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from desktop.store import checks
from desktop.store.core import Manager, Topic
from desktop.store.history import parts, sentences
from desktop.store.kit import DieRecord, checked_dice
from desktop.store.rolls.records import RollRecord
from desktop.store.rolls.rows import ROLL_COLUMNS, roll_from_row, roll_values

if TYPE_CHECKING:
    from sqlmodel import Session


def _checked_efficiencies(efficiencies: dict[int, int]) -> dict[int, dict[str, Any]]:
    """Cards' new efficiencies (an act's Raise Throws), checked as card fields."""
    return {card_id: checks.card_fields({"efficiency": e}) for card_id, e in efficiencies.items()}


class RollManager(Manager):
    """The roll log: rolls, acts and their undo marks."""

    # -- the roll log ---------------------------------------------------------------------

    def log(
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
        from desktop.store.rolls import writes

        values = self._line_values(character_id, character_name, kind, detail, total, summary, at)
        with self._writing(Topic.ROLLS) as session:
            self._check_character(character_id)
            roll_id = writes.add_roll(session, **values)
            said = sentences.rolled(str(values["character_name"]), str(values["summary"]))
            self._campaign.note(Topic.ROLLS, roll_id, said, parts.ROLLED)
        return roll_from_row((roll_id, *values.values()))

    def record(
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
        """A roll in one transaction: `kit.update_dice(dice)` and `log(...)` together.

        Returns the dice as they were (for undo) and the new log line. Tells "dice" and
        "rolls".
        """
        # The two public writes joined in one transaction (see Core.writing).
        with self._writing():
            before = self._campaign.kit.update_dice(dice)
            logged = self.log(character_id, character_name, kind, detail, total, summary, at)
        return before, logged

    def mark(
        self, roll_id: int, *, undone: bool, dice: Sequence[DieRecord] = ()
    ) -> list[DieRecord]:
        """Undo or redo a roll in one transaction: mark its log line and write `dice`
        (as `kit.update_dice` does). Returns the dice as they were. Tells "dice" and "rolls".
        """
        from desktop.store.rolls import writes

        checks.flag(undone, "Undone")
        checked = checked_dice(dice)
        line = self.get(roll_id)
        with self._writing(Topic.DICE, Topic.ROLLS) as session:
            writes.set_roll_undone(session, roll_id, undone)
            self._note_mark(line, undone)
            return self._campaign.kit.write_dice(session, checked) if checked else []

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
        from desktop.store.rolls import writes

        values = self._line_values(character_id, character_name, kind, detail, total, summary, None)
        checked = _checked_efficiencies(efficiencies)
        with self._writing(Topic.CARDS, Topic.ROLLS) as session:
            self._write_efficiencies(session, checked)
            roll_id = writes.add_roll(session, **values)
            said = sentences.rolled(str(values["character_name"]), str(values["summary"]))
            self._campaign.note(Topic.ROLLS, roll_id, said, parts.ROLLED)
        return roll_from_row((roll_id, *values.values()))

    def mark_acts(self, roll_id: int, *, undone: bool, efficiencies: dict[int, int]) -> None:
        """Undo or redo an act or challenge in one transaction: mark its log line and
        set the cards' efficiencies back (or forward). Tells "cards" and "rolls"."""
        from desktop.store.rolls import writes

        checks.flag(undone, "Undone")
        checked = _checked_efficiencies(efficiencies)
        line = self.get(roll_id)
        with self._writing(Topic.CARDS, Topic.ROLLS) as session:
            writes.set_roll_undone(session, roll_id, undone)
            self._note_mark(line, undone)
            self._write_efficiencies(session, checked)

    def _line_values(
        self,
        character_id: object,
        character_name: object,
        kind: object,
        detail: object,
        total: object,
        summary: object,
        at: object,
    ) -> dict[str, object]:
        """The checked columns of a new log line (`roll_values`' fields up to `at`), with
        the day and the game it falls in."""
        return roll_values(
            character_id,
            character_name,
            kind,
            detail,
            total,
            summary,
            at,
            self._today(),
            self._play(),
        )

    def _check_character(self, character_id: int | None) -> None:
        """Refuse a log line for a character who is gone (NotFound)."""
        if character_id is not None:
            self._campaign.roster.get(character_id)

    def _write_efficiencies(self, session: Session, checked: dict[int, dict[str, Any]]) -> None:
        """Write cards' checked efficiencies in `session`; a card that is gone is refused."""
        from desktop.store.cards import writes as card_writes

        for card_id, fields in checked.items():
            self._campaign.cards.get(card_id)
            card_writes.update_card(session, card_id, fields)

    def _today(self) -> int:
        """The campaign's current day, which every roll-log line carries."""
        return self._campaign.summary().current_day

    def _play(self) -> tuple[int, int | None, int | None, int | None] | None:
        """Where the running game is (game, scene, round, turn), which every roll-log line
        logged during it carries (RULES.md section 2); None outside a game."""
        return self._campaign.games.position()

    def set_undone(self, roll_id: int, undone: bool) -> RollRecord:
        """Mark a roll undone (its undo) or not (its redo); the line itself stays."""
        from desktop.store.rolls import writes

        checks.flag(undone, "Undone")
        line = self.get(roll_id)
        with self._writing(Topic.ROLLS) as session:
            writes.set_roll_undone(session, roll_id, undone)
            self._note_mark(line, undone)
        return self.get(roll_id)

    def _note_mark(self, line: RollRecord, undone: bool) -> None:
        """Tell the history a roll's line marked undone, or not (its redo: a roll again,
        which the journal places where it was redone)."""
        said = sentences.roll_marked(line.character_name, line.summary, undone=undone)
        self._campaign.note(Topic.ROLLS, line.id, said, "" if undone else parts.ROLLED)

    def get(self, roll_id: int) -> RollRecord:
        missing = "That roll is no longer in the log."
        sql = f"SELECT {ROLL_COLUMNS} FROM roll_log WHERE id = ?"
        return roll_from_row(self._read_one(sql, (roll_id,), missing))

    def counts(self) -> dict[int, int]:
        """How many lines of the log are each character's, undone ones included: a count
        that only rises (undo marks a line, never deletes it), so a player's page can
        say which of its character's rolls it had seen when it asked for another."""
        rows = self._read(
            "SELECT character_id, COUNT(*) FROM roll_log "
            "WHERE character_id IS NOT NULL GROUP BY character_id"
        )
        return {int(row[0]): int(row[1]) for row in rows}

    def newer(self, after_id: int, character_id: int | None = None) -> list[RollRecord]:
        """The lines logged after line `after_id` (a greater id), newest first, one
        character's when `character_id` is given: what a view holding the log up to
        `after_id` has still to show."""
        where = "WHERE id > ?" + ("" if character_id is None else " AND character_id = ?")
        parameters = (after_id,) if character_id is None else (after_id, character_id)
        rows = self._read(
            f"SELECT {ROLL_COLUMNS} FROM roll_log {where} ORDER BY at DESC, id DESC", parameters
        )
        return [roll_from_row(row) for row in rows]

    def page(self, after_id: int, count: int) -> list[RollRecord]:
        """Up to `count` lines after line `after_id` (a greater id), oldest id first: the
        whole log read a slice at a time, so that no one read holds up the window."""
        rows = self._read(
            f"SELECT {ROLL_COLUMNS} FROM roll_log WHERE id > ? ORDER BY id LIMIT ?",
            (checks.whole(after_id, "A roll's id"), checks.whole(count, "The number of rolls", 1)),
        )
        return [roll_from_row(row) for row in rows]

    def marks(self, character_id: int | None = None) -> tuple[int, frozenset[int]]:
        """How many lines the log holds and which of them are undone (one character's
        when `character_id` is given): enough for a view to tell whether its copy of the
        log is still whole without reading every line's detail."""
        where, parameters = (
            ("", ()) if character_id is None else ("WHERE character_id = ?", (character_id,))
        )
        # Counted and picked out by SQLite: the undone lines are few, and every line's
        # row brought into Python took 2.5-4 ms of the GUI thread at 5,000 lines (issue
        # 33: the Roll Log and the Statistics view ask after every roll).
        count = self._read(f"SELECT COUNT(*) FROM roll_log {where}", parameters)[0][0]
        also = "WHERE undone" if not where else f"{where} AND undone"
        undone = self._read(f"SELECT id FROM roll_log {also}", parameters)
        return int(count), frozenset(int(row[0]) for row in undone)

    def of_game(self, game_id: int) -> list[RollRecord]:
        """The lines logged while game `game_id` ran, oldest first (undone ones too)."""
        rows = self._read(
            f"SELECT {ROLL_COLUMNS} FROM roll_log WHERE game_id = ? ORDER BY id", (game_id,)
        )
        return [roll_from_row(row) for row in rows]

    def all(self, character_id: int | None = None, limit: int | None = None) -> list[RollRecord]:
        """The roll log, newest first; one character's lines when `character_id` is given."""
        where, parameters = (
            ("", ()) if character_id is None else ("WHERE character_id = ?", (character_id,))
        )
        count = -1 if limit is None else checks.whole(limit, "The number of rolls")
        rows = self._read(
            f"SELECT {ROLL_COLUMNS} FROM roll_log {where} ORDER BY at DESC, id DESC LIMIT ?",
            (*parameters, count),
        )
        return [roll_from_row(row) for row in rows]
