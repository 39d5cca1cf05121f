"""The words of a tray's exact odds: what the Dice Table's "Odds of the tray" box shows and
what a player's page shows for the tray picked on the phone. One function words them for
both, so a phone never says a chance differently from the GM's window.

`desktop.rules.odds` (and icepool, about 50 ms to import) loads when odds are first
worded, never when this module is imported: the Dice Table imports the row names at
start-up.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from desktop.language import N_

if TYPE_CHECKING:
    from desktop.rules.odds import TrayOdds

# The rows of the odds, in the order both screens show them (the box's form labels).
TRAY_ODDS_ROWS: Final = (N_("Chance"), N_("Expected total"), N_("Depletes"), N_("Tuple"))

OddsTexts = tuple[str, str, str, str]


def tray_odds_texts(result: TrayOdds, target: int) -> OddsTexts:
    """The chance to reach `target`, the expected total, depletion and tuple lines."""
    from desktop.rules import odds

    return (
        f"{odds.format_percent(result.reach(target))} to reach {target}",
        f"{float(result.expected_total):.1f}",
        f"{odds.format_percent(result.any_depletes)} any · "
        f"{float(result.expected_depleted):.2f} expected",
        f"{odds.format_percent(result.tuple_chance)} · all ones "
        f"{odds.format_percent(result.catastrophe_chance, 1)}",
    )


def tray_odds_rows(sizes: Sequence[int], table: int, target: int) -> tuple[tuple[str, str], ...]:
    """(row, words) for dice of `sizes` (after steps) rolled with `table` depleted dice
    counting, and the chance to reach `target`. ValueError, in the rules' words, for a
    size, table or target they do not take."""
    from desktop.rules import dicepool, odds

    texts = tray_odds_texts(odds.tray_odds(sizes, table), dicepool.check_reach(target))
    return tuple(zip(TRAY_ODDS_ROWS, texts, strict=True))
