"""Games at the table as records, and their play state as the JSON kept in `game.state`.

RULES.md section 2, "A game" and "Play order": a game runs from Start game to End game;
it has scenes; a scene has rounds; in a round each player, in seating order, declares
one action. The state of a game (its scenes, the round, whose turn it is, this round's
declared actions, the pool sizes recorded at its start, and at its end who grew) is one
small document, checked here both when it is written and when it is read back, so a
value another program wrote is named plainly instead of breaking the Play dock.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace

from desktop.store import bounds, checks
from desktop.store.games.records import GameRecord, SceneRecord

SCENE_TEXT_MAX = 2_000  # a scene is a line or a short paragraph, not a chapter


ACTION_TEXT_MAX = 500  # one declared action


SCENES_MAX = 1_000


MEMBERS_MAX = 500  # characters, NPCs and challenges in one scene


ROUND_MAX = bounds.ROUND_MAX


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
    # read from the file (`rows.game_from_values`).
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
    condition = scene.condition_id
    if condition is not None and kinds.get(condition, "challenge") != "challenge":
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
