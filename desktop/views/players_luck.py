"""The players' luck at the end of a game (issue 33): each player character's dice in
one game against their exact odds, and the table's, in sentences players may read.

Player-safe by construction, judged as `JournalSeen` judges what players may see: only
the lines of a player character (by the character's id, as the campaign is now) count,
their Dice Table rolls and their own side of a conflict. An NPC's or a challenge's roll,
an NPC's side of a conflict, and the lines of a character no longer in the campaign
are left out, so nothing of them can change what the players read. Each character is
named as the roster names them now.
"""

from __future__ import annotations

from dataclasses import dataclass

from desktop.language import N_, Translator, translator
from desktop.store import Campaign
from desktop.views.players_rolls import TITLE, PlayersRolls, read_players_rolls
from desktop.views.roll_luck import RollLuck, judge_rolls
from desktop.views.statistics import (
    BINS,
    LuckSummary,
    luck_sentence,
    percentile_histogram,
    summarise,
)
from desktop.views.tray_luck import TrayOddsCache

__all__ = [
    "BINS",
    "NO_GAME_ENDED",
    "NO_PLAYER_ROLLS",
    "TABLE_NAME",
    "TITLE",
    "PlayersLuck",
    "judge_players",
    "players_luck",
]

# Everyone's rolls together: "The table rolled above expectation…". English, marked,
# translated where said (`said`, `body`): a report is worked out off the GUI thread.
TABLE_NAME = N_("The table")
NO_GAME_ENDED = N_("No game has ended yet: the players' luck tells the last game once one has.")
NO_PLAYER_ROLLS = N_("No player character rolled dice in this game.")


@dataclass(frozen=True)
class PlayersLuck:
    """One game's player character rolls judged: each player's summary (in order of
    first roll), the table's (`overall`), and the rolls themselves (oldest first)."""

    game_id: int | None  # None: no game has ended
    game_title: str
    players: tuple[LuckSummary, ...]
    overall: LuckSummary
    rolls: tuple[RollLuck, ...]

    @property
    def ended(self) -> bool:
        return self.game_id is not None

    @property
    def empty(self) -> bool:
        """Whether no player character rolled in the game."""
        return not self.rolls

    def said(self, words: Translator | None = None) -> tuple[str, ...]:
        """The lines to show or read, in the language of `words` (English without):
        each player's sentence, then the table's (only when more than one player
        rolled); else why there is nothing to tell."""
        words = words or translator("en")
        if not self.ended:
            return (words.gettext(NO_GAME_ENDED),)
        if self.empty:
            return (words.gettext(NO_PLAYER_ROLLS),)
        lines = [luck_sentence(player, words) for player in self.players]
        if len(self.players) > 1:
            lines.append(luck_sentence(self.overall, words))
        return tuple(lines)

    def body(self, words: Translator | None = None) -> str:
        """The game and the lines (a handout's text, under its own title), in the
        language of `words` (English without)."""
        head = [self.game_title, ""] if self.ended else []
        return "\n".join([*head, *self.said(words)])

    def means(self) -> tuple[tuple[str, float | None], ...]:
        """Each player's mean percentile (0 to 1, None with no judged roll): a small
        chart's bars against the fair table's 0.5."""
        return tuple(
            (p.name, None if p.mean_percentile is None else float(p.mean_percentile))
            for p in self.players
        )

    def histogram(self, bins: int = BINS) -> tuple[float, ...]:
        """How many judged rolls fell in each of `bins` equal slices of the percentile
        scale, each spread over its total's slice (`percentile_histogram`: a fair
        table's are level, up to chance)."""
        return percentile_histogram(self.rolls, bins)


def judge_players(read: PlayersRolls, cache: TrayOddsCache) -> PlayersLuck:
    """The players' luck from `read`: only the player characters' trays count."""
    if read.game_id is None:
        return PlayersLuck(None, "", (), summarise(TABLE_NAME, None, (), group=True), ())
    names = dict(read.names)
    judged, _not_covered = judge_rolls(read.records, cache)
    rolls = [r for r in judged if r.character_id in names]
    by_player: dict[int, list[RollLuck]] = {}
    for roll in rolls:
        assert roll.character_id is not None  # a player character's, by its id
        by_player.setdefault(roll.character_id, []).append(roll)
    return PlayersLuck(
        game_id=read.game_id,
        game_title=read.game_title,
        players=tuple(summarise(names[cid], cid, lines) for cid, lines in by_player.items()),
        overall=summarise(TABLE_NAME, None, rolls, group=True),
        rolls=tuple(rolls),
    )


def players_luck(
    campaign: Campaign, cache: TrayOddsCache, game_id: int | None = None
) -> PlayersLuck:
    """The players' luck in game `game_id` (by default the newest ended game)."""
    return judge_players(read_players_rolls(campaign, game_id), cache)
