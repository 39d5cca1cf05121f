"""The GM's journal notes: one per game and one per scene of it. Reached as
`campaign.journal`; the journal's pages are built from these, the history and the roll
log by `desktop.views.journal`."""

from __future__ import annotations

from desktop.store.core import Manager, Topic
from desktop.store.journal.checks import check_note
from desktop.store.journal.records import WHOLE_GAME, JournalNoteRecord
from desktop.store.journal.rows import NOTE_SQL, note_from_row

NO_GAME = "That game is no longer in the campaign."


class JournalManager(Manager):
    """The GM's notes on games and scenes, saved as typed."""

    def all(self) -> list[JournalNoteRecord]:
        """Every note, by game and scene."""
        return [note_from_row(r) for r in self._read(f"{NOTE_SQL} ORDER BY game_id, scene")]

    def of_game(self, game_id: int) -> list[JournalNoteRecord]:
        """Game `game_id`'s notes: the whole game's first (scene 0), then by scene."""
        rows = self._read(f"{NOTE_SQL} WHERE game_id = ? ORDER BY scene", (game_id,))
        return [note_from_row(row) for row in rows]

    def note(self, game_id: int, scene: int = WHOLE_GAME) -> JournalNoteRecord:
        """The note in that place; an empty private one when the GM wrote none."""
        rows = self._read(f"{NOTE_SQL} WHERE game_id = ? AND scene = ?", (game_id, scene))
        return note_from_row(rows[0]) if rows else JournalNoteRecord(0, game_id, scene, "")

    def write(
        self, game_id: int, scene: int, text: str, *, private: bool = True
    ) -> JournalNoteRecord:
        """Write the note on game `game_id` (`scene` 0: the whole game), as typed; returns
        the note as it was (for undo). The game must be in the campaign and the scene
        one of its scenes (ValueError or NotFound in plain words, nothing written)."""
        checked = check_note(JournalNoteRecord(0, game_id, scene, text, private))
        game = self._campaign.games.get(checked.game_id)
        if checked.scene > len(game.scenes):
            count = len(game.scenes)
            raise ValueError(
                f"That game has {count} scene{'s' * (count != 1)}: there is no scene {scene}."
            )
        before = self.note(checked.game_id, checked.scene)
        if (before.text, before.private) == (checked.text, checked.private):
            return before
        from desktop.store.journal import writes

        with self._writing(Topic.JOURNAL) as session:
            writes.put_note(session, checked)
            place = f"game {game.id}" if not scene else f"scene {scene} of game {game.id}"
            if not checked.text:
                said = f"Note on {place} cleared"
            elif before.text == checked.text:
                said = f"Note on {place} {'kept private' if checked.private else 'shared'}"
            else:
                said = f"Note on {place} written{'' if checked.private else ' (shared)'}"
            self._campaign.note(Topic.JOURNAL, game.id, said, "note")
        return before
