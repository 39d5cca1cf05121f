"""A game's play state as the JSON kept in `game.state`, and a `game` row read back,
checked (`checks.check_game`)."""

from __future__ import annotations

import json
from typing import Any, Literal, overload

from desktop.store import bounds, checks
from desktop.store.core import Row
from desktop.store.games.checks import SCENES_MAX, check_action, check_game
from desktop.store.games.records import GameRecord, SceneRecord


# The width gives each row's length: 2 for the pools at start, 3 for those grown.
@overload
def _pool_sizes(value: object, what: str, width: Literal[2]) -> tuple[tuple[int, int], ...]: ...
@overload
def _pool_sizes(
    value: object, what: str, width: Literal[3]
) -> tuple[tuple[int, int, int], ...]: ...
def _pool_sizes(value: object, what: str, width: int) -> tuple[tuple[int, ...], ...]:
    """(character id, pool size, ...) rows, each number within its declared bound."""
    if not isinstance(value, list):
        raise ValueError(f"{what} must be a list, not {checks.shown(value)}.")
    rows = []
    for item in value:
        if not isinstance(item, list) or len(item) != width:
            raise ValueError(f"{what} holds {checks.shown(item)}, not {width} numbers.")
        character, *sizes = item
        rows.append(
            (
                bounds.game_number("character", character),
                *(bounds.game_number("pool_size", size) for size in sizes),
            )
        )
    return tuple(rows)


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


def game_from_row(row: Row) -> GameRecord:
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
        started_with=_pool_sizes(state.get("started_with", []), "A pool size at start", 2),
        scenes=tuple(scenes),
        round=state.get("round", 1),
        turn_of=state.get("turn_of"),
        actions=tuple(actions),
        grown=_pool_sizes(state.get("grown", []), "A grown pool", 3),
    )
