"""Exact odds for the Energy System dice pool.

The sums of dice are computed with icepool (https://github.com/HighDiceRoller/icepool):
it is exact (integer quantities, no floating point), fast (it convolves distributions
instead of enumerating outcomes, so twelve mixed dice take milliseconds where the
outcomes number in the hundreds of billions) and well kept (typed, tested, released
regularly). Depletion and tuple chances are small closed forms and convolutions of
their own, written out below.

Every chance is a ``fractions.Fraction``; :func:`percent` and :func:`format_percent`
turn them into what the screen shows. The rules themselves are in ``dicepool``; these
odds agree with ``dicepool.resolve_roll`` outcome for outcome (the tests check it by
brute force), including what ``depleted`` means on an all-ones roll.
"""

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from math import prod
from types import MappingProxyType
from typing import Final

import icepool

from desktop.rules.dicepool import SIZES, conflict_damage
from desktop.rules.numbers import whole_number

__all__ = [
    "ConflictOdds",
    "Side",
    "TrayOdds",
    "chance_any_depletes",
    "chance_catastrophe",
    "chance_to_reach",
    "chance_tuple",
    "conflict_odds",
    "depletion_distribution",
    "expected_depleted",
    "format_percent",
    "percent",
    "total_distribution",
    "tray_odds",
]

_D4: Final = 4
_ZERO: Final = icepool.Die([0])


# --------------------------------------------------------------------------- validation


def _sizes(sizes: Iterable[int]) -> tuple[int, ...]:
    if isinstance(sizes, str | bytes) or not isinstance(sizes, Iterable):
        raise ValueError(f"The dice must be a list of sizes, not {sizes!r}.")
    result = tuple(sizes)
    for size in result:
        if isinstance(size, bool) or not isinstance(size, int) or size not in SIZES:
            allowed = ", ".join(str(s) for s in SIZES)
            raise ValueError(f"Die size must be one of {allowed}, not {size!r}.")
    return result


def _count(value: object, what: str) -> int:
    return whole_number(value, what, 0)


def _optional_size(value: int | None, what: str) -> int | None:
    if value is None:
        return None
    try:
        return _sizes((value,))[0]
    except ValueError as error:
        raise ValueError(f"The {what} die: {error}") from None


# --------------------------------------------------------------------------- icepool glue


def _sum_die(sizes: Sequence[int], table: int) -> icepool.Die:
    """The distribution of a roll's total: the dice plus 1 for each depleted die."""
    total = icepool.Die([table])
    # Grouping equal sizes lets icepool convolve n copies at once (n @ die).
    for size, n in sorted(Counter(sizes).items()):
        total = total + (n @ icepool.d(size))
    return total


def _fractions(die: icepool.Die) -> Mapping[int, Fraction]:
    denominator = die.denominator()
    return MappingProxyType(
        {outcome: Fraction(quantity, denominator) for outcome, quantity in die.items()}
    )


def _bernoulli(ones: int, sides: int) -> icepool.Die:
    """1 with chance ones/sides, else 0: "did this die show a one"."""
    return icepool.Die({0: sides - ones, 1: ones})


# --------------------------------------------------------------------------- one tray


def total_distribution(sizes: Sequence[int], table: int = 0) -> Mapping[int, Fraction]:
    """Chance of each total for dice of ``sizes`` (after steps) plus ``table`` depleted dice."""
    return _fractions(_sum_die(_sizes(sizes), _count(table, "The table")))


def chance_to_reach(sizes: Sequence[int], target: int, table: int = 0) -> Fraction:
    """Chance that the total is ``target`` or more."""
    _target(target)
    return _at_least(total_distribution(sizes, table), target)


def _target(target: object) -> int:
    return whole_number(target, "The target")


def _at_least(distribution: Mapping[int, Fraction], target: int) -> Fraction:
    return sum((p for total, p in distribution.items() if total >= target), Fraction(0))


def _depletion_die(sizes: Sequence[int]) -> icepool.Die:
    """How many dice the plain depletion rule sends to the table.

    Each non-d4 one depletes on its own; the d4 ones are counted together and one die
    depletes per pair, so they are convolved as a binomial and then halved.
    """
    counts = Counter(sizes)
    d4s = counts.pop(_D4, 0)
    depleted = _ZERO
    for size, n in sorted(counts.items()):
        depleted = depleted + (n @ _bernoulli(1, size))
    if d4s:
        depleted = depleted + (d4s @ _bernoulli(1, _D4)).map(lambda ones: ones // 2)
    return depleted


def depletion_distribution(sizes: Sequence[int]) -> Mapping[int, Fraction]:
    """Chance of each number of depleted dice, as ``resolve_roll`` counts them.

    On an all-ones roll this is plain depletion; the catastrophe choice that replaces
    it is given by :func:`chance_catastrophe`.
    """
    return _fractions(_depletion_die(_sizes(sizes)))


def chance_any_depletes(sizes: Sequence[int]) -> Fraction:
    """Chance that at least one die goes to the table."""
    return 1 - depletion_distribution(sizes).get(0, Fraction(0))


def expected_depleted(sizes: Sequence[int]) -> Fraction:
    """The average number of dice that go to the table."""
    return _mean(depletion_distribution(sizes))


def _mean(distribution: Mapping[int, Fraction]) -> Fraction:
    return sum((k * p for k, p in distribution.items()), Fraction(0))


def chance_tuple(sizes: Sequence[int]) -> Fraction:
    """Chance that two or more dice all show the same face (all ones included).

    Every face up to the smallest die's size can be shared, each with chance
    1 / (product of sizes), hence smallest / product.
    """
    sizes = _sizes(sizes)
    if len(sizes) < 2:
        return Fraction(0)
    return Fraction(min(sizes), prod(sizes))


def chance_catastrophe(sizes: Sequence[int]) -> Fraction:
    """Chance of the all-ones tuple: every one of two or more dice shows 1."""
    sizes = _sizes(sizes)
    if len(sizes) < 2:
        return Fraction(0)
    return Fraction(1, prod(sizes))


@dataclass(frozen=True)
class TrayOdds:
    """Everything the tray shows next to the dice, exact."""

    sizes: tuple[int, ...]
    table: int
    totals: Mapping[int, Fraction] = field(hash=False)
    depleted: Mapping[int, Fraction] = field(hash=False)
    tuple_chance: Fraction  # all dice show the same face, all ones included
    catastrophe_chance: Fraction  # all dice show 1

    def reach(self, target: int) -> Fraction:
        """Chance that the total is ``target`` or more."""
        return _at_least(self.totals, _target(target))

    @property
    def expected_total(self) -> Fraction:
        return _mean(self.totals)

    @property
    def any_depletes(self) -> Fraction:
        return 1 - self.depleted.get(0, Fraction(0))

    @property
    def expected_depleted(self) -> Fraction:
        return _mean(self.depleted)


def tray_odds(sizes: Sequence[int], table: int = 0) -> TrayOdds:
    """All the odds of one tray: dice of ``sizes`` (after steps) plus ``table`` depleted."""
    sizes = _sizes(sizes)
    return TrayOdds(
        sizes=sizes,
        table=_count(table, "The table"),
        totals=total_distribution(sizes, table),
        depleted=depletion_distribution(sizes),
        tuple_chance=chance_tuple(sizes),
        catastrophe_chance=chance_catastrophe(sizes),
    )


# --------------------------------------------------------------------------- conflicts


@dataclass(frozen=True)
class Side:
    """One side of a conflict: its tray (sizes after steps), its table, its items.

    ``damage`` is the size of its weapon's damage die, rolled if it wins; ``protection``
    the size of its armour's protection die, rolled if it loses.
    """

    sizes: tuple[int, ...] = ()
    table: int = 0
    damage: int | None = None
    protection: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "sizes", _sizes(self.sizes))
        _count(self.table, "The table")
        _optional_size(self.damage, "damage")
        _optional_size(self.protection, "protection")


@dataclass(frozen=True)
class ConflictOdds:
    """Each side's chance to win, the chance of a tie, and the dice each side loses."""

    first_wins: Fraction
    second_wins: Fraction
    tie: Fraction
    first_lost: Mapping[int, Fraction] = field(hash=False)  # chance of losing k dice
    second_lost: Mapping[int, Fraction] = field(hash=False)

    @property
    def expected_first_lost(self) -> Fraction:
        return _mean(self.first_lost)

    @property
    def expected_second_lost(self) -> Fraction:
        return _mean(self.second_lost)


def conflict_odds(first: Side, second: Side) -> ConflictOdds:
    """Exact odds of a conflict, as ``dicepool.settle_conflict`` settles it."""
    for side in (first, second):
        if not isinstance(side, Side):
            raise ValueError(f"A conflict is between two sides, not {side!r}.")
    margin = _sum_die(first.sizes, first.table) - _sum_die(second.sizes, second.table)
    return ConflictOdds(
        first_wins=margin.probability(">", 0),
        second_wins=margin.probability("<", 0),
        tie=margin.probability("==", 0),
        first_lost=_lost(-margin, _extra(second.damage) - _extra(first.protection)),
        second_lost=_lost(margin, _extra(first.damage) - _extra(second.protection)),
    )


def _extra(size: int | None) -> icepool.Die:
    return _ZERO if size is None else icepool.d(size)


def _lost(margin: icepool.Die, extra: icepool.Die) -> Mapping[int, Fraction]:
    """Chance of each number of dice lost by the side ``margin`` points behind.

    ``margin`` is the winner's total minus this side's (positive when this side
    loses); ``extra`` is the winner's damage die minus this side's protection die,
    rolled only once the conflict is lost. Integer quantities keep it exact and quick.
    """
    counts: Counter[int] = Counter()
    extras = list(extra.items())
    extra_total = extra.denominator()
    for gap, quantity in margin.items():
        if gap <= 0:  # this side won or tied: it loses nothing
            counts[0] += quantity * extra_total
            continue
        for shift, weight in extras:
            final = gap + shift
            # Protection that closes the gap cancels the damage.
            counts[conflict_damage(final, 0) if final > 0 else 0] += quantity * weight
    denominator = margin.denominator() * extra_total
    return MappingProxyType({k: Fraction(q, denominator) for k, q in sorted(counts.items())})


# --------------------------------------------------------------------------- display


def _chance(p: object) -> Fraction:
    if isinstance(p, bool) or not isinstance(p, int | Fraction):
        raise ValueError(f"A chance must be an exact fraction, not {p!r}.")
    if not 0 <= p <= 1:
        raise ValueError(f"A chance must be between 0 and 1, not {p}.")
    return Fraction(p)


def percent(p: Fraction) -> float:
    """The chance as a percentage, e.g. 1/4 -> 25.0."""
    return float(_chance(p) * 100)


def format_percent(p: Fraction, decimals: int = 0) -> str:
    """The chance for the screen, e.g. "25%".

    A chance that is not 0 never shows as "0%", nor one short of certain as "100%":
    a GM reading "0%" would think the roll cannot happen. Those show as "<1%" / ">99%"
    (with ``decimals``, "<0.1%" / ">99.9%").
    """
    p = _chance(p)
    decimals = _count(decimals, "The number of decimals")
    shown = f"{float(p * 100):.{decimals}f}"
    smallest = f"{10**-decimals:.{decimals}f}"
    if p > 0 and float(shown) == 0:
        return f"<{smallest}%"
    if p < 1 and float(shown) == 100:
        return f">{100 - 10**-decimals:.{decimals}f}%"
    return f"{shown}%"
