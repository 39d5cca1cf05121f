"""What the store hands out for games at the table: frozen plain values, never live rows.

A game, its scenes, the seating and the Play dock's view of it; and the dice that a
game's step changes with it, in the same transaction. RULES.md section 2: the GM's
award at a round's end moves or makes a depleted die, and End game takes a character's
surplus off the table. Each is one GM action, so the dice and the game's play state are
written together: a refused step leaves both as they were, and its undo puts both back.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import NamedTuple

from desktop.store.kit import DieRecord


@dataclass(frozen=True)
class SceneRecord:
    """One scene of a game: what the GM set, and who is in it (characters, NPCs and
    challenges, by id). `condition_id` is a challenge in it that hits the whole party
    (rolled once per turn against everyone: `dicepool.against_party`)."""

    text: str
    members: tuple[int, ...] = ()
    condition_id: int | None = None


@dataclass(frozen=True)
class GameRecord:
    """A game: when it ran, and its play state. The current scene is the last one; the
    round is that scene's; `turn_of` is the character whose turn it is (None: before the
    first turn of the round, or after the last)."""

    id: int
    started_at: str
    started_day: int
    ended_at: str | None = None
    started_with: tuple[tuple[int, int], ...] = ()  # (character id, pool size at start)
    scenes: tuple[SceneRecord, ...] = ()
    round: int = 1
    turn_of: int | None = None
    actions: tuple[tuple[int, str], ...] = ()  # this round's declared actions, by character
    grown: tuple[tuple[int, int, int], ...] = ()  # at the end: (character, started, now)

    @property
    def running(self) -> bool:
        return self.ended_at is None

    @property
    def scene(self) -> SceneRecord | None:
        return self.scenes[-1] if self.scenes else None

    def action_of(self, character_id: int) -> str:
        return dict(self.actions).get(character_id, "")

    def with_action(self, character_id: int, text: str) -> GameRecord:
        kept = tuple((cid, t) for cid, t in self.actions if cid != character_id)
        return replace(self, actions=(*kept, (character_id, text)) if text else kept)


@dataclass(frozen=True)
class Seat:
    """One place in the turn order: `state` is a `dicepool.PlayState` value ("in_play",
    "out_of_play", "no_pool"); out-of-play characters keep their place and are skipped.
    `state_words` says it in words, never only by colour."""

    character_id: int
    name: str
    state: str
    state_words: str
    turn: int  # 1-based place in the order
    action: str = ""


@dataclass(frozen=True)
class PlayView:
    """What the table shows of the running game (the Play dock, a player display): the
    scene, the round, whose turn it is and the turn order with out-of-play marks.
    `game_id` None means no game is running (the rest is empty)."""

    game_id: int | None = None
    scene_number: int = 0
    scene_text: str = ""
    round: int = 0
    turn: int | None = None  # the place in `order` whose turn it is (1-based)
    turn_of: int | None = None  # that character's id
    turn_name: str = ""
    order: tuple[Seat, ...] = ()
    members: tuple[int, ...] = ()
    condition_id: int | None = None
    # Who left the order for good (no die left): (character id, name), for the GM to
    # record their final condition.
    out_for_good: tuple[tuple[int, str], ...] = field(default=())
    # Whether a player in play is still to have a turn this round (Next turn's offer).
    turns_left: bool = False

    @property
    def scene_running(self) -> bool:
        """A game runs and the GM has set its scene: turns are taken."""
        return self.game_id is not None and self.scene_number > 0

    def is_turn_of(self, character_id: int) -> bool:
        """Whether it is `character_id`'s turn in the running scene."""
        return self.scene_running and self.turn_of == character_id

    def action_of(self, character_id: int) -> str:
        """The action `character_id` declared this round ("" for none, or not seated)."""
        seat = next((s for s in self.order if s.character_id == character_id), None)
        return seat.action if seat is not None else ""


@dataclass(frozen=True)
class DiceChange:
    """`update`: dice written as given (matched by id); `insert`: dice put back with
    their ids (a redo, an undo of a removal); `delete`: dice taken away, by id; `add`:
    new depleted dice, (character id, size), made on that character's table."""

    update: tuple[DieRecord, ...] = ()
    insert: tuple[DieRecord, ...] = ()
    delete: tuple[int, ...] = ()
    add: tuple[tuple[int, int], ...] = ()

    def __bool__(self) -> bool:
        return bool(self.update or self.insert or self.delete or self.add)


class DiceWritten(NamedTuple):
    """What a `DiceChange` did: the updated dice as they were, the dice deleted (whole,
    for putting back) and the new dice as made (with their ids)."""

    before: list[DieRecord]
    deleted: list[DieRecord]
    added: list[DieRecord]


class GameEnd(NamedTuple):
    """End game: the game as it was, as it ended (`grown`: who grew), and the dice it
    took off the table (each character's surplus over its new pool size)."""

    before: GameRecord
    ended: GameRecord
    taken: list[DieRecord]
