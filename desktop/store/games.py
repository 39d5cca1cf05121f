"""Games at the table as records, and their play state as the JSON kept in `game.state`.

RULES.md section 2, "A game" and "Play order": a game runs from Start game to End game;
it has scenes; a scene has rounds; in a round each player, in seating order, declares
one action. The state of a game (its scenes, the round, whose turn it is, this round's
declared actions, the pool sizes recorded at its start, and at its end who grew) is one
small document, checked here both when it is written and when it is read back, so a
value another program wrote is named plainly instead of breaking the Play dock.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from typing import Any

from desktop.store import checks

SCENE_TEXT_MAX = 2_000  # a scene is a line or a short paragraph, not a chapter
ACTION_TEXT_MAX = 500  # one declared action
SCENES_MAX = 1_000
MEMBERS_MAX = 500  # characters, NPCs and challenges in one scene
ROUND_MAX = 100_000


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


def _whole_pairs(value: object, what: str, width: int) -> tuple[tuple[int, ...], ...]:
    if not isinstance(value, list):
        raise ValueError(f"{what} must be a list, not {checks.shown(value)}.")
    pairs = []
    for item in value:
        if not isinstance(item, list) or len(item) != width:
            raise ValueError(f"{what} holds {checks.shown(item)}, not {width} numbers.")
        pairs.append(tuple(checks.whole(n, what, high=checks.INTEGER_MAX) for n in item))
    return tuple(pairs)


def check_scene(scene: SceneRecord) -> SceneRecord:
    """A scene as the GM may set it: text within bounds, members as ids, a condition
    that is one of its members."""
    text = checks.text(scene.text, "The scene", SCENE_TEXT_MAX)
    members = tuple(dict.fromkeys(checks.row_id(m, "A scene's member") for m in scene.members))
    if len(members) > MEMBERS_MAX:
        raise ValueError(f"A scene can hold at most {MEMBERS_MAX} characters.")
    condition = checks.optional_id(scene.condition_id, "The party-wide condition")
    if condition is not None and condition not in members:
        raise ValueError("The party-wide condition must be in the scene.")
    return SceneRecord(text, members, condition)


def check_action(text: object) -> str:
    return checks.text(text, "A declared action", ACTION_TEXT_MAX).strip()


def state_to_text(game: GameRecord) -> str:
    """The play state of `game` as stored in `game.state`."""
    return json.dumps(
        {
            "started_with": [list(pair) for pair in game.started_with],
            "scenes": [
                {"text": s.text, "members": list(s.members), "condition_id": s.condition_id}
                for s in game.scenes
            ],
            "round": game.round,
            "turn_of": game.turn_of,
            "actions": [[cid, text] for cid, text in game.actions],
            "grown": [list(row) for row in game.grown],
        },
        ensure_ascii=False,
    )


def game_from_row(row: tuple[object, ...]) -> GameRecord:
    """A `game` row read back (id, started_at, started_day, ended_at, state), checked."""
    game_id, started_at, started_day, ended_at, text = row
    try:
        state = json.loads(str(text))
    except ValueError:
        raise ValueError("its play state is not readable.") from None
    if not isinstance(state, dict):
        raise ValueError("its play state is not readable.")
    return check_game(game_from_values(game_id, started_at, started_day, ended_at, state))


def game_from_values(
    game_id: object, started_at: object, started_day: object, ended_at: object, state: Any
) -> GameRecord:
    """A game from plain values (a row, or an export's JSON), unchecked but typed."""
    scenes_value = state.get("scenes", [])
    if not isinstance(scenes_value, list) or len(scenes_value) > SCENES_MAX:
        raise ValueError(f"A game's scenes must be a list of at most {SCENES_MAX}.")
    scenes = []
    for scene in scenes_value:
        if not isinstance(scene, dict):
            raise ValueError(f"A scene must be an object, not {checks.shown(scene)}.")
        members = scene.get("members", [])
        if not isinstance(members, list):
            raise ValueError("A scene's members must be a list of ids.")
        scenes.append(SceneRecord(scene.get("text", ""), tuple(members), scene.get("condition_id")))
    actions_value = state.get("actions", [])
    if not isinstance(actions_value, list):
        raise ValueError("A game's actions must be a list.")
    actions = []
    for item in actions_value:
        if not isinstance(item, list) or len(item) != 2:
            raise ValueError(f"A declared action is {checks.shown(item)}, not [id, text].")
        actions.append((checks.row_id(item[0], "An action's character"), check_action(item[1])))
    return GameRecord(
        id=checks.row_id(game_id, "A game's id"),
        started_at=checks.timestamp(started_at),
        started_day=checks.row_id(started_day, "A game's first day"),
        ended_at=None if ended_at is None else checks.timestamp(ended_at),
        started_with=_whole_pairs(state.get("started_with", []), "A pool size at start", 2),  # type: ignore[arg-type]
        scenes=tuple(scenes),
        round=state.get("round", 1),
        turn_of=state.get("turn_of"),
        actions=tuple(actions),
        grown=_whole_pairs(state.get("grown", []), "A grown pool", 3),  # type: ignore[arg-type]
    )


def check_game(game: GameRecord) -> GameRecord:
    """Every value of a game within bounds (a write, an import and a health check)."""
    checks.whole(game.round, "A game's round", low=1, high=ROUND_MAX)
    checks.optional_id(game.turn_of, "Whose turn it is")
    if len(game.scenes) > SCENES_MAX:
        raise ValueError(f"A game has at most {SCENES_MAX} scenes.")
    return replace(game, scenes=tuple(check_scene(s) for s in game.scenes))
