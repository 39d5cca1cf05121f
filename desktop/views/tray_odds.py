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

from desktop.language import N_, Translator, translator

if TYPE_CHECKING:
    from fractions import Fraction

    from desktop.rules.odds import TrayOdds

# The rows of the odds, in the order both screens show them (the box's form labels).
TRAY_ODDS_ROWS: Final = (N_("Chance"), N_("Expected total"), N_("Depletes"), N_("Tuple"))

OddsTexts = tuple[str, str, str, str]


def tray_odds_texts(result: TrayOdds, target: int, words: Translator) -> OddsTexts:
    """The chance to reach `target`, the expected total, depletion and tuple lines, in
    `words`' language."""
    from desktop.rules import odds

    def percent(chance: Fraction, decimals: int = 0) -> str:
        return odds.format_percent(chance, decimals).replace(".", words.language.decimal)

    return (
        words.gettext("{chance} to reach {total}").format(
            chance=percent(result.reach(target)), total=target
        ),
        words.number(float(result.expected_total), 1),
        words.gettext("{chance} any · {number} expected").format(
            chance=percent(result.any_depletes),
            number=words.number(float(result.expected_depleted), 2),
        ),
        words.gettext("{chance} · all ones {ones}").format(
            chance=percent(result.tuple_chance), ones=percent(result.catastrophe_chance, 1)
        ),
    )


def tray_odds_rows(sizes: Sequence[int], table: int, target: int) -> tuple[tuple[str, str], ...]:
    """(row, words) for dice of `sizes` (after steps) rolled with `table` depleted dice
    counting, and the chance to reach `target`. ValueError, in the rules' words, for a
    size, table or target they do not take. The words are English, as a player's page
    was always sent them (it words the rows' names in its own language)."""
    from desktop.rules import dicepool, odds

    texts = tray_odds_texts(
        odds.tray_odds(sizes, table), dicepool.check_reach(target), translator("en")
    )
    return tuple(zip(TRAY_ODDS_ROWS, texts, strict=True))
