"""Games at the table: Start game, scenes, rounds, turns, End game; the seating order.

`records` (a game, its scenes, the seats, the Play dock's view, the dice a step changes),
`checks` (a game's state judged on write, read and import), `rows` (the play state's
JSON and a `game` row read back) and `manager` (`campaign.games`). Another area uses
these names and nothing else of this package.
"""

from __future__ import annotations

from desktop.store.games.checks import (
    ACTION_NOT_SEATED,
    CONDITION_NOT_A_CHALLENGE,
    ROUND_MAX,
    SCENES_MAX,
    GameProblem,
    check_game,
    check_games,
    game_problems,
)
from desktop.store.games.manager import GAME_SQL, NO_PLAYERS, GameManager
from desktop.store.games.records import (
    DiceChange,
    DiceWritten,
    GameEnd,
    GameRecord,
    PlayView,
    SceneRecord,
    Seat,
)
from desktop.store.games.rows import game_from_row, game_from_values, state_to_text
from desktop.store.games.tables import TABLES

__all__ = [
    "ACTION_NOT_SEATED",
    "CONDITION_NOT_A_CHALLENGE",
    "GAME_SQL",
    "NO_PLAYERS",
    "ROUND_MAX",
    "SCENES_MAX",
    "TABLES",
    "DiceChange",
    "DiceWritten",
    "GameEnd",
    "GameManager",
    "GameProblem",
    "GameRecord",
    "PlayView",
    "SceneRecord",
    "Seat",
    "check_game",
    "check_games",
    "game_from_row",
    "game_from_values",
    "game_problems",
    "state_to_text",
]
