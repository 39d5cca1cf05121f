"""Were the dice kind? The roll log's luck against the exact odds, for a scope (the
campaign, a game, a range of days) and for each character, NPC and challenge.

Counts (rolls, dice, depletions, tuples, all-ones) stand against their exact
expectations: the sums of each roll's own expectation from its tray as rolled.

Luck is the mean of the rolls' mid-rank percentiles (see `tray_luck`). At a fair table
each percentile has mean 1/2 and an exact variance from its own distribution, so the
mean of n of them has standard error sqrt(sum of the variances) / n. How surprising a
mean is, is a one-sided p-value by the normal approximation of that mean (the central
limit theorem; fair enough from a handful of rolls up, and the sentence says "too few
rolls to tell" under five): the chance of a mean at least this far from 1/2 on the side
it fell, told as "about 1 in N".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from math import erfc, lcm, sqrt

from desktop.language import N_, Translator, translator
from desktop.rules.roster import isolated
from desktop.store import Campaign, RollRecord
from desktop.views.roll_luck import NotCovered, RollLuck, judge_rolls
from desktop.views.tray_luck import TrayOddsCache

__all__ = [
    "BINS",
    "EVERYONE",
    "FEWEST_ROLLS",
    "LuckReport",
    "LuckSummary",
    "StatisticsScope",
    "exact_sum",
    "luck_report",
    "luck_sentence",
    "percentile_histogram",
    "rolls_report",
    "summarise",
]

FEWEST_ROLLS = 5  # under this many judged percentiles the sentence will not tell
BINS = 10  # a histogram's slices of the percentile scale: tenths
EVERYONE = N_("Everyone")  # the overall summary's name, translated where it is shown


@dataclass(frozen=True)
class StatisticsScope:
    """Which rolls: one game's (`game_id`), or campaign days `first_day` to `last_day`
    (inclusive, either open), or the whole campaign when nothing is given."""

    game_id: int | None = None
    first_day: int | None = None
    last_day: int | None = None

    def holds(self, record: RollRecord) -> bool:
        if self.game_id is not None and record.game_id != self.game_id:
            return False
        if self.first_day is None and self.last_day is None:
            return True
        if record.day is None:  # logged before days were kept: in no range of days
            return False
        if self.first_day is not None and record.day < self.first_day:
            return False
        return self.last_day is None or record.day <= self.last_day


@dataclass(frozen=True)
class LuckSummary:
    """The luck of some rolls: one roller's, or everyone's in the scope."""

    name: str
    character_id: int | None
    rolls: int
    dice: int
    depleted: int
    expected_depleted: Fraction
    tuples: int
    expected_tuples: Fraction
    all_ones: int
    expected_all_ones: Fraction
    judged: int  # rolls whose percentile is defined
    not_defined: int  # rolls whose percentile is not (an all-ones choice)
    mean_percentile: Fraction | None  # None with no judged roll
    standard_error: float | None  # of the mean percentile, at a fair table
    p_value: float | None  # one-sided, normal approximation; None with no judged roll
    # Everyone's rolls together, not one roller's: `name` is then a marked message
    # ("Everyone", "The table"), translated where it is shown (`shown_name`).
    group: bool = False

    def shown_name(self, words: Translator | None = None) -> str:
        """The name as shown in the language of `words` (English without): a roller's
        as the campaign has it, everyone's translated."""
        if self.group:
            return (words or translator("en")).gettext(self.name)
        return self.name

    @property
    def one_in(self) -> int | None:
        """The p-value as "1 in N"."""
        if self.p_value is None or self.p_value <= 0:
            return None
        return max(1, round(1 / self.p_value))

    @property
    def sentence(self) -> str:
        """The sentence in English (`luck_sentence` with a translator for another)."""
        return luck_sentence(self)


@dataclass(frozen=True)
class LuckReport:
    """A scope's luck: everyone's, each roller's (in order of first roll), every tray
    judged, and the lines that could not be."""

    overall: LuckSummary
    rollers: tuple[LuckSummary, ...]
    rolls: tuple[RollLuck, ...]
    not_covered: tuple[NotCovered, ...]


def summarise(
    name: str, character_id: int | None, rolls: Iterable[RollLuck], *, group: bool = False
) -> LuckSummary:
    """The counts, expectations and mean percentile of `rolls` (everyone's with `group`,
    `name` then a marked message: see `LuckSummary.group`)."""
    rolls = list(rolls)
    judged = [r for r in rolls if r.percentile is not None]
    mean = error = p_value = None
    if judged:
        mean = exact_sum(r.percentile for r in judged if r.percentile is not None)
        mean /= len(judged)
        variance = exact_sum(
            r.percentile_variance for r in judged if r.percentile_variance is not None
        )
        error = sqrt(variance) / len(judged)
        p_value = _one_sided(mean, error)
    return LuckSummary(
        name=name,
        character_id=character_id,
        rolls=len(rolls),
        dice=sum(len(r.sizes) for r in rolls),
        depleted=sum(r.depleted for r in rolls),
        expected_depleted=exact_sum(r.expected_depleted for r in rolls),
        tuples=sum(r.is_tuple for r in rolls),
        expected_tuples=exact_sum(r.tuple_chance for r in rolls),
        all_ones=sum(r.all_ones for r in rolls),
        expected_all_ones=exact_sum(r.all_ones_chance for r in rolls),
        judged=len(judged),
        not_defined=len(rolls) - len(judged),
        mean_percentile=mean,
        standard_error=error,
        p_value=p_value,
        group=group,
    )


def exact_sum(values: Iterable[Fraction]) -> Fraction:
    """The exact sum of `values`, fast: a campaign's thousands of Fractions have few
    distinct denominators (one tray's chances share one), so the numerators are summed
    as integers per denominator and the Fraction arithmetic (a gcd per addition) is done
    once per denominator, not once per roll."""
    by_denominator: dict[int, int] = {}
    for value in values:
        d = value.denominator
        by_denominator[d] = by_denominator.get(d, 0) + value.numerator
    common = lcm(*by_denominator) if by_denominator else 1
    return Fraction(sum(n * (common // d) for d, n in by_denominator.items()), common)


def _one_sided(mean: Fraction, error: float) -> float:
    if error == 0:  # every roll certain (a single face): nothing could have gone otherwise
        return 1.0
    z = abs(float(mean) - 0.5) / error
    return 0.5 * erfc(z / sqrt(2))


def percentile_histogram(rolls: Iterable[RollLuck], bins: int = BINS) -> tuple[float, ...]:
    """How many judged rolls fell in each of `bins` equal slices of the percentile scale,
    each roll spread evenly over the part of the scale its total stands for (from the
    chance of rolling less to the chance of rolling as much or less, among the judged
    outcomes), so that at a fair table every slice expects exactly n / bins whatever the
    dice: the non-randomised PIT histogram (Czado, Gneiting and Held, 2009). Counting a
    roll only in the slice its mid-rank falls in would not be flat: a 2d6's 7 is the
    49th percentile every time, and its slice would stand well above a fair line."""
    counts = [0.0] * bins
    for roll in rolls:
        if roll.percentile is None or roll.chance is None:
            continue
        middle, width = float(roll.percentile), float(roll.chance)
        low, high = middle - width / 2, middle + width / 2
        first = min(bins - 1, max(0, int(low * bins)))
        last = min(bins - 1, max(0, int(high * bins)))
        for k in range(first, last + 1):
            overlap = min(high, (k + 1) / bins) - max(low, k / bins)
            if overlap > 0:
                counts[k] += overlap / width
    return tuple(counts)


def luck_sentence(summary: LuckSummary, words: Translator | None = None) -> str:
    """The luck in one plain sentence in the language of `words` (English without), e.g.
    "Kara Voss rolled above expectation: 64th percentile over 38 rolls, about 1 in 12 to
    be this lucky by chance"."""
    words = words or translator("en")
    mean = summary.mean_percentile
    name = isolated(summary.shown_name(words))  # a name's direction override stays within it
    count = summary.judged
    if mean is None or count < FEWEST_ROLLS:
        return words.ngettext(
            "{name}: too few rolls to tell ({count} roll).",
            "{name}: too few rolls to tell ({count} rolls).",
            count,
        ).format(name=name, count=count)
    # A mean of mid-ranks is never 0 nor 1; showing it as 0th or 100th would say it was.
    shown = min(99, max(1, round(mean * 100)))
    said = {"name": name, "percentile": _ordinal(shown, words), "count": count}
    if mean == Fraction(1, 2):
        return words.ngettext(
            "{name} rolled right on expectation: {percentile} percentile over {count} roll.",
            "{name} rolled right on expectation: {percentile} percentile over {count} rolls.",
            count,
        ).format(**said)
    if shown == 50:  # "above expectation: 50th percentile" would read as a contradiction
        return words.ngettext(
            "{name} rolled about as expected: {percentile} percentile over {count} roll.",
            "{name} rolled about as expected: {percentile} percentile over {count} rolls.",
            count,
        ).format(**said)
    one_in = summary.one_in
    if one_in is None or one_in >= MILLION:  # beyond a million, said so
        if mean > Fraction(1, 2):
            sentence = words.ngettext(
                "{name} rolled above expectation: {percentile} percentile over {count} roll, "
                "less than 1 in a million to be this lucky by chance.",
                "{name} rolled above expectation: {percentile} percentile over {count} rolls, "
                "less than 1 in a million to be this lucky by chance.",
                count,
            )
        else:
            sentence = words.ngettext(
                "{name} rolled below expectation: {percentile} percentile over {count} roll, "
                "less than 1 in a million to be this unlucky by chance.",
                "{name} rolled below expectation: {percentile} percentile over {count} rolls, "
                "less than 1 in a million to be this unlucky by chance.",
                count,
            )
        return sentence.format(**said)
    # "about 1 in 3,807", read across a table.
    if mean > Fraction(1, 2):
        sentence = words.ngettext(
            "{name} rolled above expectation: {percentile} percentile over {count} roll, "
            "about 1 in {odds} to be this lucky by chance.",
            "{name} rolled above expectation: {percentile} percentile over {count} rolls, "
            "about 1 in {odds} to be this lucky by chance.",
            count,
        )
    else:
        sentence = words.ngettext(
            "{name} rolled below expectation: {percentile} percentile over {count} roll, "
            "about 1 in {odds} to be this unlucky by chance.",
            "{name} rolled below expectation: {percentile} percentile over {count} rolls, "
            "about 1 in {odds} to be this unlucky by chance.",
            count,
        )
    return sentence.format(**said, odds=words.number(one_in))


# Past a million the normal approximation's tail says nothing a table could tell apart.
MILLION = 1_000_000


def _ordinal(n: int, words: Translator) -> str:
    """ "64th" by English's rule of suffixes; each language writes its own ordinal for
    each of the four forms ("{number}e" in French, "{number}." in German)."""
    if 11 <= n % 100 <= 13:
        form = words.pgettext("ordinal", "{number}th")
    elif n % 10 == 1:
        form = words.pgettext("ordinal", "{number}st")
    elif n % 10 == 2:
        form = words.pgettext("ordinal", "{number}nd")
    elif n % 10 == 3:
        form = words.pgettext("ordinal", "{number}rd")
    else:
        form = words.pgettext("ordinal", "{number}th")
    return form.format(number=n)


def rolls_report(
    records: Iterable[RollRecord],
    cache: TrayOddsCache,
    name: str = EVERYONE,
    names: Mapping[int, str] | None = None,
) -> LuckReport:
    """The luck of `records` (undone lines left out), overall as `name` (a marked
    message, translated where it is shown) and per roller.
    A roller is told by the character's id (RULES.md: never by name), so a renamed
    character is one roller, named as `names` (the roster now) names them, else as their
    latest line does; the lines of a deleted character (no id left) go by their name."""
    judged, skipped = judge_rolls(records, cache)
    by_roller: dict[int | str, list[RollLuck]] = {}
    called: dict[int | str, str] = {}
    for roll in judged:
        key: int | str = roll.character_name if roll.character_id is None else roll.character_id
        by_roller.setdefault(key, []).append(roll)
        called[key] = roll.character_name  # oldest first: the latest name wins
    if names:
        called.update({key: names[key] for key in called if isinstance(key, int) and key in names})
    return LuckReport(
        overall=summarise(name, None, judged, group=True),
        rollers=tuple(
            summarise(called[key], key if isinstance(key, int) else None, rolls)
            for key, rolls in by_roller.items()
        ),
        rolls=tuple(judged),
        not_covered=tuple(skipped),
    )


def luck_report(
    campaign: Campaign, cache: TrayOddsCache, scope: StatisticsScope | None = None
) -> LuckReport:
    """The luck of the campaign's rolls in `scope` (the whole campaign by default)."""
    scope = scope or StatisticsScope()
    # The log as the cache last read it, brought up to date: a second report reads only
    # what changed (see `LogCopy`), and lines already judged are not judged again.
    records = cache.log.lines(campaign)
    names = {character.id: character.name for character in campaign.roster.all()}
    return rolls_report([r for r in records if scope.holds(r)], cache, names=names)
