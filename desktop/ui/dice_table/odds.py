"""The live odds of the tray and of a conflict: computed on a worker thread, shown in words.

`desktop.rules.odds` (and icepool, about 50 ms to import) loads on the worker thread or
when a result is shown, never at start-up.
"""

from __future__ import annotations

from desktop.language import N_
from desktop.ui.window_language import tr, window_translator

Side = tuple[tuple[int, ...], int, int | None, int | None]  # sizes, on table, weapon, armour
# A conflict with a tray empty has no odds worth a line: the rules would call an empty
# tray's total 0, and "Brother Ilian wins 100%" before a die was put in was nonsense.
BOTH_TRAYS_NEEDED = N_("Put dice in both trays to see the odds")


def tray_odds(sizes: tuple[int, ...], table: int) -> object:
    """Runs on a worker thread: the exact odds of rolling `sizes` with `table` dice down."""
    from desktop.rules import odds

    return odds.tray_odds(sizes, table)


def conflict_odds(sides: list[Side]) -> object:
    """Runs on a worker thread: the exact odds of a conflict between the two sides."""
    from desktop.rules import odds

    first, second = (odds.Side(*side) for side in sides)
    return odds.conflict_odds(first, second)


def tray_odds_texts(result: object, target: int) -> tuple[str, str, str, str] | None:
    """Reach, expected total, depletion and tuple lines; None when `result` is no tray odds.
    Worded by `desktop.views.tray_odds`, which words a player's page's odds too."""
    from desktop.rules import odds
    from desktop.views.tray_odds import tray_odds_texts as worded

    if not isinstance(result, odds.TrayOdds):
        return None
    return worded(result, target, window_translator())


def is_conflict_odds(result: object) -> bool:
    from desktop.rules import odds

    return isinstance(result, odds.ConflictOdds)


def conflict_odds_text(result: object, first: str, second: str) -> str:
    """Who wins how often, and the dice each side is expected to lose (both trays hold
    dice: otherwise the box says `BOTH_TRAYS_NEEDED`)."""
    from desktop.rules import odds

    assert isinstance(result, odds.ConflictOdds)
    percent = odds.format_percent
    return tr(
        "{first} wins {first_wins} · {second} {second_wins} · tie {tie}\n"
        "Dice lost, expected: {first} {first_lost} · {second} {second_lost}"
    ).format(
        first=first,
        second=second,
        first_wins=percent(result.first_wins),
        second_wins=percent(result.second_wins),
        tie=percent(result.tie),
        first_lost=f"{float(result.expected_first_lost):.2f}",
        second_lost=f"{float(result.expected_second_lost):.2f}",
    )
