"""What the store hands out of the campaign's history: frozen plain values."""

from __future__ import annotations

from dataclasses import dataclass

GM = "gm"
PLAYER = "player"
WHO: tuple[str, ...] = (GM, PLAYER)

# The start of an undo's sentence; the rest is the sentence of the entry it undid.
UNDONE = "Undone: "

# The most a sentence holds; a longer one is cut (names can be long, the line is not).
SENTENCE_MAX = 500


@dataclass(frozen=True, slots=True)
class HistoryRecord:
    """One entry: `at` the wall-clock time (ISO, UTC), `day` the campaign day, where in
    play (None outside a game), `who` GM or PLAYER (`character_id` the player's
    character), the `area` (a change topic) and `record_id` it touched, its `sentence`,
    `undo_of` the entry an undo undid (None for every other entry), and the `parts` the
    write noted (one GM action may change several things: a roll moves dice and logs a
    line)."""

    id: int
    at: str
    day: int
    game_id: int | None
    scene: int | None
    round: int | None
    turn: int | None
    who: str
    character_id: int | None
    area: str
    record_id: int | None
    sentence: str
    undo_of: int | None = None
    # Each part the write noted, as JSON (see `parts.parts_of`); "" for an entry written
    # before revision 0011, whose own area, record and sentence are its one part.
    parts: str = ""
