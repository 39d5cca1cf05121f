"""SySCards: Capacity and Efficiency.

Source: ``rules/syscards-capacity-and-efficiency.txt``; where that text is silent or
ambiguous, ``RULES.md`` section 1 decides, and the comments below say which decision
was taken here and why.

Everything is pure: no Qt, no database, no imports from the rest of GM Desk. Dice
enter only as throws passed in, or through a ``random.Random`` passed in, so every
rule can be tested with fixed throws. Every public function validates its inputs and
raises ``ValueError`` with a message a GM can read.
"""

import random
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import groupby
from typing import Final, Literal

from desktop.rules.numbers import WholeRange, whole_number

__all__ = [
    "ACTION_MODE",
    "CATEGORIES",
    "DEFAULT_RAISE_BY",
    "DEFAULT_RAISE_FROM",
    "EFFICIENCY",
    "GRADES",
    "MAX_RATE",
    "MIN_RATE",
    "NEW_CARD_EFFICIENCY",
    "TALE_MODE",
    "ActOutcome",
    "CardStats",
    "ChallengeEntry",
    "ChallengeOutcome",
    "Contender",
    "Grade",
    "Mode",
    "act",
    "challenge",
    "check_efficiency",
    "check_necessary_rate",
    "check_throw",
    "efficiency_label",
    "grade_for",
    "grade_info",
    "is_raise_throw",
    "needs_throw",
    "owner_chain",
    "raise_efficiency",
    "rejection",
    "roll_d100",
    "settle_ties",
    "throw_result",
    "validate_new_owner",
    "validate_owner_chain",
]

# --------------------------------------------------------------------------- data

MIN_RATE: Final = 1
MAX_RATE: Final = 100
# An efficiency is a rate: the rules check it by this, the store bounds a stored one by it.
EFFICIENCY: Final = WholeRange("Efficiency", MIN_RATE, MAX_RATE)

# "Any SySCard with a Capacity starts with a mandatory "1%" of Efficiency."
NEW_CARD_EFFICIENCY: Final = 1

# A Raise Throw is a throw of 100 that adds 1% unless the GM widens or changes it.
DEFAULT_RAISE_FROM: Final = 100
DEFAULT_RAISE_BY: Final = 1

Mode = Literal["tale", "action"]
TALE_MODE: Final[Mode] = "tale"
ACTION_MODE: Final[Mode] = "action"

CATEGORIES: Final[tuple[str, ...]] = (
    "character",
    "skill",
    "ability",
    "item",
    "vehicle",
    "creature",
    "place",
    "other",
)


@dataclass(frozen=True, slots=True)
class Grade:
    """One band of the Necessary Rate Range Table (it also grades efficiencies)."""

    name: str
    low: int
    high: int
    quality: str
    description: str

    def contains(self, rate: int) -> bool:
        return self.low <= rate <= self.high


# The table's wording is kept verbatim so the rules reference can show it as written.
GRADES: Final[tuple[Grade, ...]] = (
    Grade("Novice", 1, 9, "basic", "Act requiring basic principles in its execution."),
    Grade("Adept", 10, 19, "essential", "Act requiring essentials in its execution."),
    Grade("Master", 20, 29, "fundamental", "Act requiring disciplined training to execute."),
    Grade("Qualified", 30, 39, "proficient", "Act requiring proficiency to execute."),
    Grade("Expert", 40, 49, "expertise", "Act requiring experience to execute."),
    Grade("Specialist", 50, 59, "specialization", "Act requiring specialization to execute."),
    Grade("Exceptional", 60, 69, "Mastery", "Act requiring inspiration to execute."),
    Grade("Excellent", 70, 79, "Excellence", "Act requiring excellency to execute."),
    Grade("Supreme", 80, 89, "Supremacy", "Act requiring devotion to execute."),
    Grade("Ultimate", 90, 100, "Ultimacy", "Act almost impossible to execute."),
)


# --------------------------------------------------------------------- validation


def _in_range(value: object, what: str, low: int, high: int) -> int:
    return whole_number(value, what, low, high)


def _at_least(value: object, what: str, low: int) -> int:
    return whole_number(value, what, low)


def _rate(value: object, what: str) -> int:
    return _in_range(value, what, MIN_RATE, MAX_RATE)


def _throw(value: object, what: str = "A throw") -> int:
    return _in_range(value, what, MIN_RATE, MAX_RATE)


def _efficiency(value: object, what: str | None = None) -> int:
    return EFFICIENCY.check(value, what)


def _necessary_rate(value: object, what: str = "The Necessary Rate") -> int:
    return _in_range(value, what, MIN_RATE, MAX_RATE)


def check_throw(value: object) -> int:
    """A Dice Throw: one d100, 1..100."""
    return _throw(value, "A throw")


def check_necessary_rate(value: object) -> int:
    """A Necessary Rate: 1..100, set by the GM."""
    return _necessary_rate(value)


def check_efficiency(value: object) -> int:
    """A card's efficiency: 1..100."""
    return _efficiency(value)


def raise_settings(raise_from: object, raise_by: object) -> tuple[int, int]:
    """The Raise Throw settings (lowest throw, award) checked, whatever their type."""
    # The Raise Throw range always ends at 100, so only its lower end is a setting.
    low = _in_range(raise_from, "The lowest Raise Throw (raise_from)", MIN_RATE, MAX_RATE)
    # 0 is allowed: it is how a GM switches Raise Throws off for a campaign. More than
    # 100 could never add anything, since efficiency stops at 100.
    award = _in_range(raise_by, "The Raise Throw award (raise_by)", 0, MAX_RATE)
    return low, award


def _random_source(rng: object) -> random.Random:
    if not isinstance(rng, random.Random):
        raise ValueError(f"Dice need a random.Random to roll with, not {rng!r}.")
    return rng


def _name(value: object, what: str = "A contender's name") -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{what} must be some text, not {value!r}.")
    return value


# ------------------------------------------------------------------ grades, dice


def grade_info(rate: int) -> Grade:
    """The band of the Necessary Rate Range Table that ``rate`` falls in."""
    checked = _rate(rate, "A rate")
    return next(grade for grade in GRADES if grade.contains(checked))


def grade_for(rate: int) -> str:
    """The grade name of a Necessary Rate or an Efficiency: "Novice" .. "Ultimate"."""
    return grade_info(rate).name


def roll_d100(rng: random.Random) -> int:
    """One percentile Dice Throw, 1..100, drawn from the generator passed in."""
    return _random_source(rng).randint(MIN_RATE, MAX_RATE)


def throw_result(throw: int, efficiency: int) -> int:
    """The Dice Throw Result: efficiency floors the throw, success or not."""
    return max(_throw(throw), _efficiency(efficiency))


def efficiency_label(efficiency: int, owner: str | None = None) -> str:
    """The top-right corner text of a card, the rule text's ``#efc%``.

    ``efc`` is the efficiency followed by ``%`` ("1%", "45%"). The ``#`` stands for the
    entity the efficiency belongs to; it is written only when the card has an owner
    ("Kara 45%"), with a space so a name ending in a digit cannot run into the number.
    """
    checked = _efficiency(efficiency)
    if owner is None:
        return f"{checked}%"
    return f"{_name(owner, 'The owner shown on a card')} {checked}%"


# ------------------------------------------------------------------ raise throws


def is_raise_throw(throw: int, raise_from: int = DEFAULT_RAISE_FROM) -> bool:
    """Whether a raw throw lies in the Raise Throw range ``raise_from``..100.

    The raw throw counts, not the result: a high efficiency floors the result but is
    not a lucky throw, and RULES.md says "a raw throw >= raise_from".
    """
    low, _ = raise_settings(raise_from, DEFAULT_RAISE_BY)
    return _throw(throw) >= low


def raise_efficiency(
    efficiency: int,
    throw: int,
    raise_from: int = DEFAULT_RAISE_FROM,
    raise_by: int = DEFAULT_RAISE_BY,
) -> int:
    """The efficiency after ``throw``: raised by ``raise_by`` on a Raise Throw, capped at 100."""
    checked = _efficiency(efficiency)
    low, award = raise_settings(raise_from, raise_by)
    if _throw(throw) < low:
        return checked
    # "This is true until the Efficiency Rate reaches 100%."
    return min(MAX_RATE, checked + award)


# -------------------------------------------------------------------------- acts


@dataclass(frozen=True, slots=True)
class ActOutcome:
    """What one act came to.

    ``needed_throw`` is the lowest raw throw that succeeds (the Necessary Rate, since
    Action Mode means efficiency is below it), or None in Tale Mode, where no throw is
    asked. ``failure_degree`` is ``NR - result`` on a failure (for the GM's eyes only)
    and 0 on a success. ``efficiency`` is the card's efficiency after any Raise Throw.
    """

    success: bool
    needed_throw: int | None
    result: int
    failure_degree: int
    efficiency: int
    mode: Mode
    raised: bool
    raise_throw: bool
    throw: int | None
    necessary_rate: int
    efficiency_before: int


def needs_throw(efficiency: int, necessary_rate: int) -> bool:
    """Whether the act is in Action Mode: efficiency is below the Necessary Rate.

    "it is unnecessary to ask a Dice Throw from Players for Acts requiring a Necessary
    Value which their Efficiency Rate has already reached or surpassed."
    """
    return _efficiency(efficiency) < _necessary_rate(necessary_rate)


def act(
    efficiency: int,
    necessary_rate: int,
    throw: int | None = None,
    raise_from: int = DEFAULT_RAISE_FROM,
    raise_by: int = DEFAULT_RAISE_BY,
    *,
    rng: random.Random | None = None,
) -> ActOutcome:
    """Resolve one act against a Necessary Rate set by the GM.

    Tale Mode (efficiency >= NR): success at once, with no throw.
    Action Mode: the act needs ``throw``, or ``rng`` to roll one; it succeeds iff
    ``max(throw, efficiency) >= NR``. A given throw wins over ``rng``.

    The Necessary Rate is its own input and is never derived from the efficiency:
    "Efficiency Rates can never influence any Necessary Rate."
    """
    before = _efficiency(efficiency)
    rate = _necessary_rate(necessary_rate)
    raise_settings(raise_from, raise_by)
    if throw is not None:
        _throw(throw)
    if rng is not None:
        _random_source(rng)

    if before >= rate:
        return _tale_outcome(before, rate)
    if throw is None:
        if rng is None:
            raise ValueError(
                f"This act is in Action Mode (efficiency {before} is below the Necessary "
                f"Rate {rate}), so it needs a throw: pass throw= or rng=."
            )
        throw = roll_d100(rng)
    return _action_outcome(before, rate, throw, raise_from, raise_by)


def _tale_outcome(efficiency: int, necessary_rate: int) -> ActOutcome:
    # Tale Mode: "its Efficiency Rate is considered automatically valid", so the result
    # is the efficiency. A throw passed in anyway is ignored and cannot be a Raise
    # Throw: "dices are thrown only when the Master demands a Necessary Rate", and
    # otherwise easy acts could be thrown over and over to farm raises.
    return ActOutcome(
        success=True,
        needed_throw=None,
        result=efficiency,
        failure_degree=0,
        efficiency=efficiency,
        mode=TALE_MODE,
        raised=False,
        raise_throw=False,
        throw=None,
        necessary_rate=necessary_rate,
        efficiency_before=efficiency,
    )


def _action_outcome(
    efficiency: int, necessary_rate: int, throw: int, raise_from: int, raise_by: int
) -> ActOutcome:
    # The result uses the efficiency the card had when it threw: the raise is a
    # consequence of this throw, so it cannot feed back into this throw's result.
    result = throw_result(throw, efficiency)
    after = raise_efficiency(efficiency, throw, raise_from, raise_by)
    success = result >= necessary_rate
    return ActOutcome(
        success=success,
        needed_throw=necessary_rate,
        result=result,
        failure_degree=0 if success else necessary_rate - result,
        efficiency=after,
        mode=ACTION_MODE,
        raised=after > efficiency,
        raise_throw=is_raise_throw(throw, raise_from),
        throw=throw,
        necessary_rate=necessary_rate,
        efficiency_before=efficiency,
    )


# A Challenge Rejection, resolved from the challenger's side, is exactly `act`: the
# defender throws nothing and only sets (through the GM) the Necessary Rate, so every
# argument is the challenger's. Tale Mode applies: the rejection "refus[es] to enter in
# Challenge" and leaves the challenger an ordinary act that "will need only to reach or
# surpass the Necessary Rate", and for any such act "it is unnecessary to ask a Dice
# Throw" once the efficiency has reached it. One function, so the rule lives in one place.
rejection = act


# -------------------------------------------------------------------- challenges


@dataclass(frozen=True, slots=True)
class Contender:
    """One act in a challenge. ``necessary_rate`` set means a Forced Challenge for it."""

    name: str
    throw: int
    efficiency: int
    velocity: int = 0
    necessary_rate: int | None = None

    def __post_init__(self) -> None:
        name = _name(self.name)
        # Everyone in a challenge throws, even a contender whose efficiency is above
        # its own NR: the throw also sets priority.
        _throw(self.throw, f"{name}'s throw")
        _efficiency(self.efficiency, f"{name}'s efficiency")
        # Velocity's scale is not given by this rule text; only its order matters here.
        _at_least(self.velocity, f"{name}'s velocity", 0)
        if self.necessary_rate is not None:
            _necessary_rate(self.necessary_rate, f"{name}'s Necessary Rate")


@dataclass(frozen=True, slots=True)
class ChallengeEntry:
    """One contender's line in a resolved challenge, for a UI to show."""

    name: str
    velocity: int
    throw: int
    result: int
    efficiency_before: int
    efficiency: int
    raise_throw: bool
    raised: bool
    necessary_rate: int | None
    success: bool
    failure_degree: int


@dataclass(frozen=True, slots=True)
class ChallengeOutcome:
    """A resolved challenge.

    ``order``: every name, first = priority. Contenders the rules cannot separate keep
    their input order there until the GM settles them.
    ``undecided``: names still waiting for the GM's decision, in ``order``'s order.
    ``succeeded``: names whose act succeeds, in priority order.
    ``tied_groups``: each group of names the rules left to the GM, in ``order``'s order.
    They stay after ``settle_ties`` as a record; ``undecided`` empties.
    ``entries``: one line per contender, in ``order``'s order.
    """

    order: tuple[str, ...]
    undecided: tuple[str, ...]
    succeeded: tuple[str, ...]
    tied_groups: tuple[tuple[str, ...], ...]
    entries: tuple[ChallengeEntry, ...]

    def entry(self, name: str) -> ChallengeEntry:
        for line in self.entries:
            if line.name == name:
                return line
        raise ValueError(f"{name!r} is not a contender in this challenge.")


def _contenders(contenders: object) -> tuple[Contender, ...]:
    if isinstance(contenders, str | bytes) or not isinstance(contenders, Iterable):
        raise ValueError(f"A challenge needs a list of contenders, not {contenders!r}.")
    checked = tuple(contenders)
    for item in checked:
        if not isinstance(item, Contender):
            raise ValueError(f"Every contender must be a Contender, not {item!r}.")
    # "When multiple Acts are executed ... they enter in challenge": one act alone
    # has nobody to take priority over.
    if len(checked) < 2:
        raise ValueError(f"A challenge needs at least two contenders, not {len(checked)}.")
    seen: set[str] = set()
    for item in checked:
        # Case and outer spaces are ignored so "Kara" and "kara " cannot both appear
        # in the GM's tie dialog looking like the same entity.
        key = item.name.strip().casefold()
        if key in seen:
            raise ValueError(
                f"Two contenders are both called {item.name.strip()!r}; give each one its own name."
            )
        seen.add(key)
    return checked


def _entry(contender: Contender, raise_from: int, raise_by: int) -> ChallengeEntry:
    result = throw_result(contender.throw, contender.efficiency)
    # "If a Challenge will be resolved by comparing Efficiency Rates, and a Raise Throw
    # just raised any of the Efficiency Rates, then the newly raised Efficiency Rate will
    # be valid": so the tie-break below uses this raised value.
    after = raise_efficiency(contender.efficiency, contender.throw, raise_from, raise_by)
    rate = contender.necessary_rate
    # Forced Challenge: with its own NR the act must reach it. Without one, the act is
    # executed in priority order; whether a higher act cancels it is the GM's call.
    success = rate is None or result >= rate
    return ChallengeEntry(
        name=contender.name,
        velocity=contender.velocity,
        throw=contender.throw,
        result=result,
        efficiency_before=contender.efficiency,
        efficiency=after,
        raise_throw=is_raise_throw(contender.throw, raise_from),
        raised=after > contender.efficiency,
        necessary_rate=rate,
        success=success,
        failure_degree=0 if success or rate is None else rate - result,
    )


def _priority(entry: ChallengeEntry) -> tuple[int, int, int]:
    # Velocity first ("Acts with superior Velocity will always have priority"), then the
    # throw result, then efficiency after any raise. Nothing else: a full tie is the GM's.
    return (entry.velocity, entry.result, entry.efficiency)


def _outcome(
    ranked: Sequence[ChallengeEntry], tied_groups: tuple[tuple[str, ...], ...]
) -> ChallengeOutcome:
    return ChallengeOutcome(
        order=tuple(entry.name for entry in ranked),
        undecided=tuple(name for group in tied_groups for name in group),
        succeeded=tuple(entry.name for entry in ranked if entry.success),
        tied_groups=tied_groups,
        entries=tuple(ranked),
    )


def challenge(
    contenders: Sequence[Contender],
    raise_from: int = DEFAULT_RAISE_FROM,
    raise_by: int = DEFAULT_RAISE_BY,
    *,
    gm_order: Sequence[str] | None = None,
) -> ChallengeOutcome:
    """Order acts at the same Action Time by priority (also for Indirect Challenges).

    Higher velocity always goes first; within a velocity the higher throw result, then
    the higher efficiency after any Raise Throw. Contenders still tied are left to the
    GM: never decided at random, kept in input order, reported in ``undecided`` and
    ``tied_groups``. Pass ``gm_order`` (see ``settle_ties``) to apply the GM's decision.
    """
    checked = _contenders(contenders)
    raise_settings(raise_from, raise_by)
    entries = [_entry(item, raise_from, raise_by) for item in checked]
    # sorted() is stable, also with reverse=True, so full ties keep the input order.
    ranked = sorted(entries, key=_priority, reverse=True)
    groups = (tuple(group) for _, group in groupby(ranked, key=_priority))
    tied = tuple(tuple(e.name for e in group) for group in groups if len(group) > 1)
    outcome = _outcome(ranked, tied)
    return outcome if gm_order is None else settle_ties(outcome, gm_order)


def _gm_positions(outcome: ChallengeOutcome, gm_order: object) -> dict[str, int]:
    if isinstance(gm_order, str | bytes) or not isinstance(gm_order, Iterable):
        raise ValueError(f"The GM's order must be a list of names, not {gm_order!r}.")
    names = tuple(gm_order)
    positions: dict[str, int] = {}
    for index, name in enumerate(names):
        if not isinstance(name, str) or name not in outcome.order:
            raise ValueError(f"{name!r} is not a contender in this challenge.")
        if name in positions:
            raise ValueError(f"The GM's order names {name!r} twice.")
        if name not in outcome.undecided:
            # The rules already place this act; the GM decides only what they leave open.
            raise ValueError(f"{name!r} is not tied, so the rules already set its place.")
        positions[name] = index
    missing = [name for name in outcome.undecided if name not in positions]
    if missing:
        raise ValueError(f"The GM's order must place every tied contender; missing: {missing}.")
    return positions


def settle_ties(outcome: ChallengeOutcome, gm_order: Sequence[str]) -> ChallengeOutcome:
    """Apply the GM's decision to the ties of ``outcome``.

    ``gm_order`` names every undecided contender once, and no other (the rules already
    place the rest), best first. Within each tied group the members take the GM's order;
    the groups themselves keep their places. The result has no undecided names.
    """
    if not isinstance(outcome, ChallengeOutcome):
        raise ValueError(f"Ties can only be settled on a ChallengeOutcome, not {outcome!r}.")
    positions = _gm_positions(outcome, gm_order)
    if not positions:
        return outcome
    by_name = {entry.name: entry for entry in outcome.entries}
    ranked = list(outcome.entries)
    settled: list[tuple[str, ...]] = []
    for group in outcome.tied_groups:
        # A tied group is consecutive in the order, so it can be reordered in place.
        start = outcome.order.index(group[0])
        chosen = tuple(sorted(group, key=positions.__getitem__))
        ranked[start : start + len(group)] = [by_name[name] for name in chosen]
        settled.append(chosen)
    return replace(_outcome(ranked, tuple(settled)), undecided=())


# ------------------------------------------------------------------------ cards


@dataclass(frozen=True, slots=True)
class CardStats:
    """A SySCard's rule-relevant numbers.

    Power, Velocity, Focus and Resistance belong to other chapters of the rules; this
    one only needs them to be whole numbers of 0 or more.
    """

    category: str
    efficiency: int = NEW_CARD_EFFICIENCY
    power: int = 0
    velocity: int = 0
    focus: int = 0
    resistance: int = 0

    def __post_init__(self) -> None:
        if self.category not in CATEGORIES:
            raise ValueError(
                f"A card's category must be one of {', '.join(CATEGORIES)}, not {self.category!r}."
            )
        _efficiency(self.efficiency, "A card's efficiency")
        for what in ("power", "velocity", "focus", "resistance"):
            _at_least(getattr(self, what), f"A card's {what}", 0)

    @property
    def grade(self) -> str:
        return grade_for(self.efficiency)

    def label(self, owner: str | None = None) -> str:
        return efficiency_label(self.efficiency, owner)

    def after_act(self, outcome: ActOutcome) -> "CardStats":
        """This card with the efficiency an act left it (after any Raise Throw)."""
        if not isinstance(outcome, ActOutcome):
            raise ValueError(f"A card can only take an ActOutcome, not {outcome!r}.")
        if outcome.efficiency_before != self.efficiency:
            raise ValueError(
                f"That act was made with efficiency {outcome.efficiency_before}, "
                f"but this card has {self.efficiency}."
            )
        return replace(self, efficiency=outcome.efficiency)


def _cycle_message(cycle: Sequence[Hashable]) -> str:
    if len(cycle) == 2:
        return f"Card {cycle[0]!r} is owned by itself: a card cannot own itself."
    links = ", which is owned by ".join(f"card {card!r}" for card in cycle[1:])
    return (
        f"Card {cycle[0]!r} is owned by {links}: a card cannot be owned by a card in "
        "its own ownership chain."
    )


def validate_owner_chain(owners: Mapping[Hashable, Hashable | None]) -> None:
    """Reject ownership that loops: a card owned by itself or by a card it owns.

    ``owners`` maps each card id to its owner's id, or None for a card with no owner.
    An owner id missing from the mapping ends its chain: the mapping may cover only
    part of a campaign, and a dangling owner is the store's foreign key's business.
    """
    if not isinstance(owners, Mapping):
        raise ValueError(f"Owners must be a mapping of card id to owner id, not {owners!r}.")
    cleared: set[Hashable] = set()
    for start in owners:
        path: list[Hashable] = []
        on_path: set[Hashable] = set()
        current: Hashable | None = start
        while current is not None and current in owners and current not in cleared:
            if current in on_path:
                raise ValueError(_cycle_message([*path[path.index(current) :], current]))
            path.append(current)
            on_path.add(current)
            current = owners[current]
        # Every card on a finished walk is known to end outside any loop.
        cleared.update(path)


def validate_new_owner(
    owners: Mapping[Hashable, Hashable | None], card_id: Hashable, owner_id: Hashable | None
) -> None:
    """Reject giving ``card_id`` the owner ``owner_id`` if that would make a loop."""
    if not isinstance(owners, Mapping):
        raise ValueError(f"Owners must be a mapping of card id to owner id, not {owners!r}.")
    validate_owner_chain({**owners, card_id: owner_id})


def owner_chain(
    owners: Mapping[Hashable, Hashable | None], card_id: Hashable
) -> tuple[Hashable, ...]:
    """The owners of ``card_id``, nearest first (the ``#`` of a skill, its owner's owner...)."""
    validate_owner_chain(owners)
    if card_id not in owners:
        raise ValueError("The card asked for is not among the cards given.")
    chain: list[Hashable] = []
    current = owners[card_id]
    while current is not None:
        chain.append(current)
        current = owners.get(current)
    return tuple(chain)
