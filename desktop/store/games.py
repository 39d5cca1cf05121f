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
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from desktop.store import bounds, checks

SCENE_TEXT_MAX = 2_000  # a scene is a line or a short paragraph, not a chapter
ACTION_TEXT_MAX = 500  # one declared action
SCENES_MAX = 1_000
MEMBERS_MAX = 500  # characters, NPCs and challenges in one scene
ROUND_MAX = bounds.ROUND_MAX


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


def check_scene(scene: SceneRecord) -> SceneRecord:
    """A scene as the GM may set it: text within bounds, members as ids, a condition
    that is one of its members."""
    text = checks.text(scene.text, "The scene", SCENE_TEXT_MAX)
    if not text.strip():
        raise ValueError("Say what the scene is: its text cannot be empty.")
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
        started_with=_pool_sizes(state.get("started_with", []), "A pool size at start", 2),  # type: ignore[arg-type]
        scenes=tuple(scenes),
        round=state.get("round", 1),
        turn_of=state.get("turn_of"),
        actions=tuple(actions),
        grown=_pool_sizes(state.get("grown", []), "A grown pool", 3),  # type: ignore[arg-type]
    )


def check_game(game: GameRecord) -> GameRecord:
    """Every value of a game within bounds, and its state one that Start game, the
    scene, turn and round steps and End game can leave (a write, an import and a
    health check all judge a game here)."""
    bounds.game_number("round", game.round)
    checks.optional_id(game.turn_of, "Whose turn it is")
    bounds.check("game", "started_day", game.started_day)
    if len(game.scenes) > SCENES_MAX:
        raise ValueError(f"A game has at most {SCENES_MAX} scenes.")
    checked = replace(game, scenes=tuple(check_scene(s) for s in game.scenes))
    if game.ended_at is not None and game.ended_at < game.started_at:
        # ISO text of whole seconds sorts as the moments do.
        raise ValueError("A game cannot end before it started.")
    _once((cid for cid, _text in game.actions), "declared two actions in one round")
    if any(not text for _cid, text in game.actions):
        raise ValueError("A declared action cannot be empty: an empty one is no action.")
    _once((cid for cid, _size in game.started_with), "has two pool sizes at the start")
    # Sizes written as records (an undo, a caller) are held to the same bounds as those
    # read from the file (`_pool_sizes`).
    for cid, *sizes in (*game.started_with, *game.grown):
        bounds.game_number("character", cid)
        for size in sizes:
            bounds.game_number("pool_size", size)
    _check_turn(checked)
    _check_growth(checked)
    return checked


def _who_plays(game: GameRecord, kinds: Mapping[int, str]) -> Iterator[GameProblem]:
    """RULES.md section 2: a party-wide condition is a non-character challenge, and in
    a round each player in the turn order declares one action. An ended game is its
    record, as it was played."""
    scene = game.scene
    if not game.running or scene is None:
        return
    if kinds.get(scene.condition_id, "challenge") != "challenge":  # type: ignore[arg-type]
        yield GameProblem(CONDITION_NOT_A_CHALLENGE, "game", game.id, "state")
    # Only a player character takes a seat. Whether it is in the scene is asked when it
    # declares: a scene updated since may have let it go, its action kept with the round.
    for cid, _text in game.actions:
        if kinds.get(cid, "pc") != "pc":
            yield GameProblem(ACTION_NOT_SEATED, "game", game.id, "state")
            return


def _once(character_ids: Iterable[int], what: str) -> None:
    seen: set[int] = set()
    for cid in character_ids:
        if cid in seen:
            raise ValueError(f"A character {what}.")
        seen.add(cid)


def _check_turn(game: GameRecord) -> None:
    if game.turn_of is None:
        return
    if not game.running:
        raise ValueError("An ended game has no one's turn.")
    scene = game.scene
    # The turn order is the player characters of the scene (all of them when it names
    # none): whose turn it is must be one of them.
    if scene is not None and scene.members and game.turn_of not in scene.members:
        raise ValueError("Whose turn it is must be someone in the scene's turn order.")


def _check_growth(game: GameRecord) -> None:
    """RULES.md section 2, End game: a pool never shrinks, and only End game grows one,
    from the size recorded at Start game."""
    if game.grown and game.running:
        raise ValueError("Only an ended game says whose pool grew.")
    started = dict(game.started_with)
    _once((cid for cid, _s, _n in game.grown), "grew twice in one game")
    for cid, before, after in game.grown:
        if after <= before:
            raise ValueError(f"A pool grows at End game, never shrinks ({before} to {after}).")
        if started.get(cid) != before:
            raise ValueError("A pool grows from the size recorded when the game started.")


@dataclass(frozen=True)
class GameProblem:
    """A tie between records that does not hold: in `table`, row `row_id`."""

    message: str
    table: str
    row_id: int
    column: str = ""


CONDITION_NOT_A_CHALLENGE = (
    "The party-wide condition must be a challenge in the scene, not a player or an NPC."
)
ACTION_NOT_SEATED = "Only a player in the turn order can declare an action."


def check_games(
    games: Sequence[GameRecord],
    current_day: int,
    rolls: Iterable[tuple[int, int]] = (),
    kinds: Mapping[int, str] | None = None,
) -> None:
    """Refuse, with the first problem's plain message, what `game_problems` finds."""
    for problem in game_problems(games, current_day, rolls, kinds):
        raise ValueError(problem.message)


def game_problems(
    games: Sequence[GameRecord],
    current_day: int,
    rolls: Iterable[tuple[int, int]] = (),
    kinds: Mapping[int, str] | None = None,
) -> Iterator[GameProblem]:
    """What ties a campaign's games together: at most one runs, each started on a day
    the calendar has reached, and every roll logged in a game, given as (roll id, game
    id) and not undone (an undone Start game leaves its undone rolls), names a game
    that is there. With the characters' `kinds` (id -> "pc", "npc", "challenge"): a
    running game's party-wide condition is a challenge and its declared actions are
    players' (a character deleted since is not judged: the store keeps its id)."""
    running = 0
    for game in games:
        if kinds is not None:
            yield from _who_plays(game, kinds)
        if game.running:
            running += 1
            if running > 1:
                yield GameProblem("Only one game can be running at a time.", "game", game.id)
        if game.started_day > current_day:
            yield GameProblem(
                f"A game started on day {game.started_day}, after the campaign's current "
                f"day ({current_day}).",
                "game",
                game.id,
                "started_day",
            )
    ids = {game.id for game in games}
    for roll_id, game_id in rolls:
        if game_id not in ids:
            yield GameProblem(
                "A roll was logged in a game that is not in the campaign.",
                "roll_log",
                roll_id,
                "game_id",
            )
