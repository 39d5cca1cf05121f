"""What the players' luck of one game is judged from (issue 33), read from the store:
the game's Dice Table rolls and conflicts, and who the player characters are now (as
`JournalSeen` judges them). Plain data, so the judging (`views.players_luck`, the exact
odds) may run off the GUI thread; this module loads no odds, so reading costs the GUI
thread only the store's read.
"""

from __future__ import annotations

from dataclasses import dataclass

from desktop.language import N_
from desktop.store import Campaign, RollRecord
from desktop.views.journal import game_title
from desktop.views.journal_seen import JournalSeen
from desktop.views.recap import last_ended_game

__all__ = ["COUNTED_KINDS", "TITLE", "PlayersRolls", "read_players_rolls"]

TITLE = N_("The players' luck")
COUNTED_KINDS = frozenset({"roll", "conflict"})  # a Dice Table roll, a side of a conflict


@dataclass(frozen=True)
class PlayersRolls:
    """What the players' luck of one game is judged from, read from the store: plain
    data, so judging it (`judge_players`, the exact odds) may run off the GUI thread."""

    game_id: int | None
    game_title: str
    names: tuple[tuple[int, str], ...]  # each player character: (id, name now)
    records: tuple[RollRecord, ...]  # the game's rolls and conflicts, oldest first


def read_players_rolls(campaign: Campaign, game_id: int | None = None) -> PlayersRolls:
    """Game `game_id`'s (by default the newest ended game's) lines to judge."""
    if game_id is None:
        game_id = last_ended_game(campaign)
    numbered = {game.id: (n, game) for n, game in enumerate(campaign.games.all(), start=1)}
    if game_id is None or game_id not in numbered:
        return PlayersRolls(None, "", (), ())
    seen = JournalSeen(campaign)
    names = tuple((c.id, c.name) for c in campaign.roster.all() if seen.is_player(c.id))
    records = [r for r in campaign.rolls.of_game(game_id) if r.kind in COUNTED_KINDS]
    return PlayersRolls(game_id, game_title(*numbered[game_id]), names, tuple(records))
