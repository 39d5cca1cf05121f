"""The exact luck odds of one tray, and a cache so a campaign's repeated trays are
computed once.

A roll's luck is where its total fell in its own exact distribution: its mid-rank
percentile P(X < x) + P(X = x) / 2, among the outcomes a report judges (all ones of
two or more dice is the roller's choice, never judged, so it is left out of the
distribution the others are ranked in). Under a fair table that percentile has mean exactly
1/2 for any distribution, and variance (1 - sum of P(X = x) cubed) / 12, a little under
the 1/12 of a continuous uniform because dice totals are discrete (ties share a rank).
Both are computed here from the distribution itself, exactly, as Fractions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from types import MappingProxyType

from desktop.rules.odds import TrayOdds, tray_odds
from desktop.views.log_copy import LogCopy

__all__ = ["TrayLuck", "TrayOddsCache", "tray_luck"]

HALF = Fraction(1, 2)


@dataclass(frozen=True)
class TrayLuck:
    """One tray's exact odds and the mid-rank percentile of each total it can roll."""

    odds: TrayOdds
    percentiles: Mapping[int, Fraction] = field(hash=False)
    # The variance of the mid-rank percentile of one roll of this tray at a fair table.
    percentile_variance: Fraction
    # `odds.expected_depleted`, worked out once: the odds compute it on every call, and
    # a report asks for it once per roll.
    expected_depleted: Fraction
    # The chance of each judged total among the judged outcomes: the width of the slice
    # of the percentile scale a roll of that total stands for (its mid-rank in the middle).
    chances: Mapping[int, Fraction] = field(hash=False, default_factory=dict)

    def percentile(self, total: int) -> Fraction | None:
        """The mid-rank percentile of `total`, None when these dice cannot roll it."""
        return self.percentiles.get(total)

    def chance(self, total: int) -> Fraction | None:
        """The chance of `total` among the judged outcomes, None when not judged."""
        return self.chances.get(total)


def tray_luck(sizes: Sequence[int], table: int = 0) -> TrayLuck:
    """The luck odds of dice of `sizes` (as rolled) plus `table` depleted dice
    (ValueError with the rules' message for sizes that are not dice)."""
    odds = tray_odds(sizes, table)
    judged = _judged_totals(odds)
    below = Fraction(0)
    percentiles: dict[int, Fraction] = {}
    for total in sorted(judged):
        chance = judged[total]
        percentiles[total] = below + chance / 2
        below += chance
    second_moment = sum(
        (judged[total] * rank * rank for total, rank in percentiles.items()), Fraction(0)
    )
    return TrayLuck(
        odds=odds,
        percentiles=MappingProxyType(percentiles),
        percentile_variance=second_moment - HALF * HALF,
        expected_depleted=odds.expected_depleted,
        chances=MappingProxyType(judged),
    )


def _judged_totals(odds: TrayOdds) -> dict[int, Fraction]:
    """The chance of each total among the rolls a report judges. An all-ones roll of two
    or more dice is the roller's choice and is never judged (`roll_luck`), so the rolls
    judged are the tray's other outcomes: ranked against the whole distribution they
    would average above one half at a fair table (2d6: the 51st percentile, 'lucky'
    over a campaign). All ones is the only way to the lowest total, so that total goes
    and the rest are scaled to the chance of not rolling it."""
    totals = dict(odds.totals)
    if odds.catastrophe_chance == 0:
        return totals
    lowest = min(totals)
    assert totals[lowest] == odds.catastrophe_chance  # only all ones reach it
    del totals[lowest]
    rest = 1 - odds.catastrophe_chance
    return {total: chance / rest for total, chance in totals.items()}


def _on_table(luck: TrayLuck, table: int) -> TrayLuck:
    """`luck` (of the dice alone, table 0) with `table` depleted dice added: each total
    moves up by the table and nothing else changes (the table adds a constant: same
    chances, same ranks, same depletions of the dice rolled)."""
    if table == 0:
        return luck
    totals = {total + table: chance for total, chance in luck.odds.totals.items()}
    percentiles = {total + table: rank for total, rank in luck.percentiles.items()}
    chances = {total + table: chance for total, chance in luck.chances.items()}
    return replace(
        luck,
        odds=replace(luck.odds, table=table, totals=MappingProxyType(totals)),
        percentiles=MappingProxyType(percentiles),
        chances=MappingProxyType(chances),
    )


class TrayOddsCache:
    """The luck odds of each distinct tray (sizes as rolled, in any order, and table),
    computed the first time it is asked for. A report holds one and passes it on, so a
    campaign's trays, which repeat, are computed once; `computed` counts the trays
    actually computed (what the tests and a benchmark look at).

    The exact odds are worked out once per distinct set of dice; a tray of the same dice
    with another table is those odds shifted (see `_on_table`), which `computed` counts
    too, being a tray the report asked for. `log` is the roll log as the last report
    read it, and what was judged of each line (see `LogCopy`): a second report reads
    only what changed since."""

    def __init__(self) -> None:
        self._trays: dict[tuple[tuple[int, ...], int], TrayLuck] = {}
        self._dice: dict[tuple[int, ...], TrayLuck] = {}  # table 0, the odds worked out
        self.computed = 0
        self.log = LogCopy()

    def luck(self, sizes: Sequence[int], table: int = 0) -> TrayLuck:
        # The order of the dice changes no odds: sorting makes d6+d4 and d4+d6 one tray.
        key = (tuple(sorted(sizes)), table)
        found = self._trays.get(key)
        if found is None:
            if isinstance(table, bool) or not isinstance(table, int) or table < 0:
                found = tray_luck(key[0], table)  # a bad table: the rules say what is wrong
            else:
                dice = self._dice.get(key[0])
                if dice is None:
                    dice = self._dice[key[0]] = tray_luck(key[0])
                found = _on_table(dice, table)
            self.computed += 1
            self._trays[key] = found
        return found

    def __len__(self) -> int:
        return len(self._trays)
