"""What the store hands out of the GM's journal notes: frozen plain values."""

from __future__ import annotations

from dataclasses import dataclass

# The most a note holds: pages of a session's notes, not a book.
NOTE_MAX = 100_000

# The note on the game as a whole; its scenes' notes are numbered from 1.
WHOLE_GAME = 0


@dataclass(frozen=True, slots=True)
class JournalNoteRecord:
    """The GM's note on game `game_id`: on the whole game (`scene` 0) or on one of its
    scenes. `private`: the GM's only (the default); a shared note may be read in the
    players' recap and the player-safe journal."""

    id: int
    game_id: int
    scene: int
    text: str
    private: bool = True
