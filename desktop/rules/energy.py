"""Energy and tasks: each character's energy, day by day.

Source: ``rules/energy-and-tasks.txt``; where that text is silent or ambiguous,
``RULES.md`` section 3 decides, and where both are silent the decision taken here
is written next to the code that takes it (and listed below).

Everything is pure: frozen values in, new frozen values out (the old value is the
undo), no Qt, no database, no imports from the rest of GM Desk, no randomness.
Every public function validates its inputs and raises ``ValueError`` with a
message a GM can read.

Decisions where the texts are silent:

- Daily energy is ``floor(daily net x sleep x proximity)``: rounding down never
  creates energy. Proximity is a whole percentage 0..100, so the product is exact.
- Only the trailing run of bad nights counts (a normal night ends it), and a day
  remembers at most four of them: four bad nights already take 100%.
- A new day's night defaults to normal and its proximity to the day before's.
- Daily net energy, ability ratings, costs and committed energy are whole numbers,
  0 or more. A named ability the character lacks is an error; no ability rates 0.
- A led character moves with the higher of its own rating and the group's best.
- Knowing a cost rounds 80% half up; for whole costs a half never occurs.
- Each investment wastes its own remainder below 5 at once; remainders of separate
  investments are not pooled.
- Investments, moves, attacks and deductions draw on daily energy and the general
  store only; only a task or contest *of a project* draws on that project's pool.
- A repayment is paid at the opening of the day from daily energy, then the store;
  project pools never pay debts (they serve their project only).
- Whether a debt kills is judged against the best next day the GM can expect: a
  normal night at today's proximity, with the store decayed and general yields
  landed. A spend that adds no debt never kills.
- Death by debt is judged twice (RULES.md section 3): when the debt is incurred,
  against the best next day; and at the rollover, against the day that actually
  opens: a repayment above that day's daily energy plus general store kills then.
  No unpaid part is carried on.
- Energy gained during a day (a cancelled project's refund) pays today's debt first;
  the rest goes into the general store at once.
- Cancelling a project counts today's specific investments in it as part of its pool.
  A pool that decays to 0 stays until the GM cancels it.
- Attacking energy: the side whose total commitment (energy + ability) is strictly
  greater deducts; a tie deducts nothing.
- "Kill" means leaving a debt whose repayment (2 x D) exceeds what the character can
  have the next day; a character is defenceless (may be killed) when in debt and
  unable to spend even 1 more without that.
- An altered input or output changes the daily net from the next day opened.
- A dead character cannot spend, invest, cancel or roll over.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Final, Literal

__all__ = [
    "ALTER_COST_PER_POINT",
    "GENERAL_YIELD_PER_STEP",
    "INVESTMENT_STEP",
    "KILLING_BASE_COST",
    "KNOW_COST_PERCENT",
    "MOVE_BASE_DEFAULT",
    "MOVE_BASE_MAX",
    "MOVE_BASE_MIN",
    "NIGHTS",
    "REFUND_STEP",
    "ROLLOVER_STEPS",
    "SPECIFIC_YIELD_PER_STEP",
    "Ability",
    "CharacterProfile",
    "DayFigures",
    "DayState",
    "Destination",
    "Draw",
    "EntryKind",
    "LedgerEntry",
    "MoveOutcome",
    "Outcome",
    "ProjectPool",
    "Rollover",
    "Side",
    "SpendPreview",
    "alter_cost",
    "alter_daily_net",
    "attack",
    "attack_winner",
    "available",
    "cancel_project",
    "cancel_refund",
    "commitment",
    "contest",
    "contest_cost",
    "daily_energy",
    "day_figures",
    "decay",
    "deduct",
    "general_yield",
    "group_rating",
    "invest",
    "investment_waste",
    "is_defenceless",
    "killing_cost",
    "knowing_cost",
    "max_deduction",
    "move",
    "move_cost",
    "next_day_capacity",
    "next_nights",
    "plan_draw",
    "preview_spend",
    "repayment",
    "rollover",
    "sleep_factor",
    "sleep_percent",
    "specific_yield",
    "start_day",
    "task",
    "task_succeeds",
    "waste_warning",
]

# --------------------------------------------------------------------------- data

# "For every 5 energy so invested, the character has 1 more energy the next day."
INVESTMENT_STEP: Final = 5
GENERAL_YIELD_PER_STEP: Final = 1
# "For every 5 energy invested, 4 is added to the pool for this specific project."
SPECIFIC_YIELD_PER_STEP: Final = 4
# "they may recoup 1 energy for every full 10 invested"
REFUND_STEP: Final = 10
# "These energy decay at a rate of 1 per day, or 5%, whichever is more." 5% is 1/20.
_DECAY_DIVISOR: Final = 20

# "To move one area on the map costs between 4 and 6 points of Energy, typically 5."
MOVE_BASE_MIN: Final = 4
MOVE_BASE_MAX: Final = 6
MOVE_BASE_DEFAULT: Final = 5
_LEVEL_CHANGE_COST: Final = 1
_DISTRICT_CHANGE_COST: Final = 2

# "It costs about 20 energy to adjust an input or output by 1."
ALTER_COST_PER_POINT: Final = 20
# "around 20% less than the total energy cost that's being determined"
KNOW_COST_PERCENT: Final = 80
# "This act is contested with a base energy cost of 40."
KILLING_BASE_COST: Final = 40

# A debt is repaid "at double the cost".
_REPAYMENT_FACTOR: Final = 2

NIGHTS: Final[tuple[str, ...]] = ("normal", "little", "none")
# Percent of daily energy each kind of night takes away; a run of bad nights adds up.
_NIGHT_LOSS: Final[Mapping[str, int]] = {"normal": 0, "little": 25, "none": 50}
_NIGHT_SET: Final = frozenset(NIGHTS)
# Every bad night takes at least 25%, so four of them already take everything.
_NIGHTS_REMEMBERED: Final = 4

ROLLOVER_STEPS: Final[tuple[str, ...]] = (
    "unspent daily energy is lost",
    "stores and pools decay",
    "the day's investments land",
    "debts become repayments",
    "the new day opens with its sleep and proximity",
)

Destination = Literal["area", "way"]
Side = Literal["attacker", "defender"]


class EntryKind(StrEnum):
    """What a ledger entry records."""

    TASK = "task"
    MOVE = "move"
    CONTEST = "contest"
    ATTACK = "attack"  # a side's commitment to an attacking-energy contest
    DEDUCTED = "deducted"  # energy taken by the side that committed more
    INVEST_GENERAL = "invest_general"
    INVEST_SPECIFIC = "invest_specific"
    REPAYMENT = "repayment"
    CANCEL_PROJECT = "cancel_project"


# --------------------------------------------------------------------- validation


def _integer(value: object, what: str) -> int:
    # energy imports nothing of the project (tests/rules/test_energy.py), so it keeps its own
    # copy of `rules.numbers.whole_number`, in the same words (tests/rules/test_numbers.py).
    # An exact type test: it refuses bool (True as an amount is always a caller's
    # mistake) and is cheap enough for values built thousands of times a second.
    if type(value) is not int:
        raise ValueError(f"{what} must be a whole number, not {value!r}.")
    return value


def _whole(value: object, what: str, low: int = 0) -> int:
    number = _integer(value, what)
    if number < low:
        raise ValueError(f"{what} must be at least {low}, not {number}.")
    return number


def _in_range(value: object, what: str, low: int, high: int) -> int:
    number = _integer(value, what)
    if not low <= number <= high:
        raise ValueError(f"{what} must be between {low} and {high}, not {number}.")
    return number


def _flag(value: object, what: str) -> bool:
    # 0 and 1 are accepted by `if`, but here they would hide a swapped argument.
    if type(value) is not bool:
        raise ValueError(f"{what} must be True or False, not {value!r}.")
    return value


def _name(value: object, what: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{what} must be a name that is not empty, not {value!r}.")
    return value


def _text(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{what} must be text, not {value!r}.")
    return value


def _night(value: object) -> str:
    if not isinstance(value, str) or value not in _NIGHT_LOSS:
        raise ValueError(f"A night must be one of {', '.join(NIGHTS)}; not {value!r}.")
    return str(value)


def _nights(nights: object) -> tuple[str, ...]:
    # A single string is a Sequence[str] of letters: refuse it rather than read "none"
    # as four unknown nights.
    if isinstance(nights, str | bytes) or not isinstance(nights, Sequence):
        raise ValueError(f"Nights must be a list of nights, most recent last; not {nights!r}.")
    if type(nights) is tuple and _known_nights(nights):
        return nights
    return tuple(_night(night) for night in nights)


def _known_nights(nights: tuple[object, ...]) -> bool:
    try:
        return _NIGHT_SET.issuperset(nights)
    except TypeError:  # something unhashable is no night either
        return False


def _destination(value: object) -> Destination:
    if value == "area":
        return "area"
    if value == "way":
        return "way"
    raise ValueError(f"A move goes to an 'area' or a 'way', not {value!r}.")


def _unique_names(names: Iterable[str], what: str) -> None:
    seen: set[str] = set()
    for name in names:
        if name in seen:
            raise ValueError(f"{what} {name!r} appears twice.")
        seen.add(name)


# ------------------------------------------------------------ the rules contract


def general_yield(invested: int) -> int:
    """Energy a general investment adds to the general store: 1 per full 5."""
    steps = _whole(invested, "Investment") // INVESTMENT_STEP
    return steps * GENERAL_YIELD_PER_STEP


def specific_yield(invested: int) -> int:
    """Energy a specific investment adds to its project's pool: 4 per full 5."""
    steps = _whole(invested, "Investment") // INVESTMENT_STEP
    return steps * SPECIFIC_YIELD_PER_STEP


def decay(value: int) -> int:
    """What a store or pool of `value` loses at one rollover.

    1 or 5% rounded down, whichever is more, but never more than there is, so an
    empty store loses nothing.
    """
    return _decay(_whole(value, "A store or pool"))


def _decay(value: int) -> int:
    return min(value, max(1, value // _DECAY_DIVISOR))


def cancel_refund(pool: int) -> int:
    """Energy a cancelled project returns to the general store: 1 per full 10."""
    return _whole(pool, "A project pool") // REFUND_STEP


def move_cost(
    base: int = MOVE_BASE_DEFAULT, level_change: bool = False, district_change: bool = False
) -> int:
    """Energy cost of moving one area: base 4..6, +1 for a city level, +2 for a district."""
    cost = _in_range(base, "A move's base cost", MOVE_BASE_MIN, MOVE_BASE_MAX)
    if _flag(level_change, "Level change"):
        cost += _LEVEL_CHANGE_COST
    if _flag(district_change, "District change"):
        cost += _DISTRICT_CHANGE_COST
    return cost


def sleep_percent(nights: Sequence[str]) -> int:
    """Percent of daily energy left after the nights given, most recent last.

    Only the trailing run of bad nights counts: their losses add up (little 25,
    none 50), a normal night ends the run, and the result never goes below 0.
    """
    return _sleep(_nights(nights))


def _sleep(nights: tuple[str, ...]) -> int:
    loss = 0
    for night in reversed(nights):
        if night == "normal":
            break
        loss += _NIGHT_LOSS[night]
    return max(0, 100 - loss)


def sleep_factor(nights: Sequence[str]) -> float:
    """Sleep factor 0.0..1.0 after the nights given (see `sleep_percent`)."""
    # Quarters are exact in binary floating point, so 0.75 really is 0.75.
    return sleep_percent(nights) / 100


def task_succeeds(energy: int, ability: int, cost: int) -> bool:
    """Whether energy committed + ability rating reaches the task's cost."""
    total = commitment(energy, ability)
    return total >= _whole(cost, "A task's cost")


def least_energy_to_succeed(ability: int, cost: int) -> int:
    """The least energy that, committed with an ability of that rating, reaches `cost`:
    the commitment the app offers once the GM has said the cost."""
    return max(0, _whole(cost, "A task's cost") - _whole(ability, "An ability rating"))


# ------------------------------------------------------------- costs and yields


def commitment(energy: int, ability: int) -> int:
    """Total character commitment: energy committed plus the ability rating."""
    return _whole(energy, "Committed energy") + _whole(ability, "An ability rating")


def contest_cost(opposition: int, base: int | None = None) -> int:
    """Cost of a contested task.

    With a `base` cost, the opposition's total commitment (energy + ability) is added
    to it; with no base the opposition is direct and its commitment *is* the cost.
    """
    opposed = _whole(opposition, "The opposition's commitment")
    if base is None:
        return opposed
    return _whole(base, "A task's base cost") + opposed


def killing_cost(opposition: int = 0) -> int:
    """Cost of killing a defenceless character: a contest with base cost 40."""
    return contest_cost(opposition, base=KILLING_BASE_COST)


def knowing_cost(cost: int, obfuscation: int = 0) -> int:
    """Cost of learning a task's cost: 80% of it, rounded half up, plus any energy
    the opposition spends to obfuscate."""
    cost = _whole(cost, "The cost to find out")
    extra = _whole(obfuscation, "Obfuscation")
    # Round half up in integers: floor(cost * 80 / 100 + 1/2).
    return (cost * KNOW_COST_PERCENT + 50) // 100 + extra


def alter_cost(points: int = 1) -> int:
    """Cost of adjusting an energy input or output by `points`: 20 each."""
    return _whole(points, "Points to alter", low=1) * ALTER_COST_PER_POINT


def group_rating(ratings: Sequence[int]) -> int:
    """Rating a led group moves with: the highest rating for the level in the group."""
    if isinstance(ratings, str | bytes) or not isinstance(ratings, Sequence) or not ratings:
        raise ValueError(f"A group needs at least one ability rating, not {ratings!r}.")
    return max(_whole(rating, "An ability rating") for rating in ratings)


def attack_winner(attacker: int, defender: int) -> Side | None:
    """Which side may deduct energy after an attacking contest; None on a tie."""
    attacker = _whole(attacker, "The attacker's commitment")
    defender = _whole(defender, "The defender's commitment")
    if attacker > defender:
        return "attacker"
    if defender > attacker:
        return "defender"
    return None


def investment_waste(invested: int) -> int:
    """Energy an investment wastes: the remainder below a full 5."""
    return _whole(invested, "Investment") % INVESTMENT_STEP


def waste_warning(invested: int) -> str | None:
    """The warning to show before an investment wastes energy, or None."""
    wasted = investment_waste(invested)
    if not wasted:
        return None
    return (
        f"{wasted} of the {invested} energy invested will be wasted: "
        f"only full {INVESTMENT_STEP}s are invested."
    )


def _bad_run(nights: tuple[str, ...]) -> tuple[str, ...]:
    # Only the trailing run of bad nights affects sleep, and four of them already
    # take everything, so that is all a day needs to remember.
    start = len(nights)
    while start and nights[start - 1] != "normal":
        start -= 1
    return nights[start:][-_NIGHTS_REMEMBERED:]


def next_nights(nights: Sequence[str], night: str) -> tuple[str, ...]:
    """The nights a day remembers after one more `night`: the trailing run of bad
    nights, at most four (a normal night forgets them all)."""
    return _bad_run((*_nights(nights), _night(night)))


def daily_energy(daily_net: int, nights: Sequence[str] = (), proximity: int = 100) -> int:
    """Daily energy a day opens with: daily net x sleep x proximity, rounded down."""
    net = _whole(daily_net, "Daily net energy")
    near = _in_range(proximity, "Proximity", 0, 100)
    return _daily(net, sleep_percent(nights), near)


def _daily(daily_net: int, sleep: int, proximity: int) -> int:
    # Both factors are whole percentages, so the floor is exact; rounding down never
    # creates energy.
    return daily_net * sleep * proximity // 10_000


# ------------------------------------------------------------------- the day model
#
# These values are built thousands of times in a simulated year, so their checks are
# written as one cheap test of the whole value; only when it fails do they look
# field by field to say plainly what is wrong.


@dataclass(frozen=True, slots=True)
class Ability:
    """A named ability rating, added to energy committed to a task."""

    name: str
    rating: int

    def __post_init__(self) -> None:
        _name(self.name, "An ability's name")
        _whole(self.rating, f"The rating of {self.name!r}")


@dataclass(frozen=True, slots=True)
class CharacterProfile:
    """What a character brings to every day: daily net energy and ability ratings."""

    name: str
    daily_net: int
    abilities: tuple[Ability, ...] = ()

    def __post_init__(self) -> None:
        _name(self.name, "A character's name")
        _whole(self.daily_net, f"The daily net energy of {self.name}")
        if type(self.abilities) is not tuple or not all(
            type(ability) is Ability for ability in self.abilities
        ):
            raise ValueError(f"The abilities of {self.name} must be a tuple of Ability.")
        _unique_names((ability.name for ability in self.abilities), "The ability")

    @classmethod
    def create(
        cls, name: str, daily_net: int, abilities: Mapping[str, int] | None = None
    ) -> CharacterProfile:
        """Build a profile from a plain mapping of ability name to rating."""
        if abilities is not None and not isinstance(abilities, Mapping):
            raise ValueError(f"Abilities must map names to ratings, not {abilities!r}.")
        pairs = (abilities or {}).items()
        return cls(name, daily_net, tuple(Ability(key, value) for key, value in pairs))

    def rating(self, ability: str | None) -> int:
        """The rating of the named ability; None (no pertinent ability) rates 0."""
        if ability is None:
            return 0
        for known in self.abilities:
            if known.name == ability:
                return known.rating
        raise ValueError(f"{self.name} has no ability called {ability!r}.")


def alter_daily_net(profile: CharacterProfile, change: int) -> CharacterProfile:
    """The profile after a successful alteration of an input (+) or output (-).

    The new daily net applies from the next day opened with this profile: today's
    daily energy was set when the day opened.
    """
    change = _integer(change, "A change of daily net energy")
    if change == 0:
        raise ValueError("A change of daily net energy cannot be 0.")
    new_net = profile.daily_net + change
    if new_net < 0:
        raise ValueError(
            f"Daily net energy cannot go below 0: {profile.name} has {profile.daily_net}, "
            f"the change is {change}."
        )
    return replace(profile, daily_net=new_net)


@dataclass(frozen=True, slots=True)
class ProjectPool:
    """A project's name and an amount of energy (its pool, or what lands in it)."""

    project: str
    value: int

    def __post_init__(self) -> None:
        if type(self.project) is not str or not self.project.strip():
            _name(self.project, "A project's name")
        if type(self.value) is not int or self.value < 0:
            _whole(self.value, f"The pool of {self.project!r}")


def _unchecked_pool(project: str, value: int) -> ProjectPool:
    # For a value worked out from a checked pool (its decay): End Day lists these for a
    # whole roster, and checking them again cost as much as the rollover's arithmetic.
    pool = object.__new__(ProjectPool)
    object.__setattr__(pool, "project", project)
    object.__setattr__(pool, "value", value)
    return pool


def _pools_ok(pools: object) -> bool:
    if type(pools) is not tuple:
        return False
    if not pools:
        return True
    return all(type(pool) is ProjectPool for pool in pools) and len(
        {pool.project for pool in pools}
    ) == len(pools)


def _check_pools(pools: object, what: str) -> None:
    if type(pools) is not tuple or not all(type(pool) is ProjectPool for pool in pools):
        raise ValueError(f"{what} must be a tuple of ProjectPool.")
    _unique_names((pool.project for pool in pools), "The project")


@dataclass(frozen=True, slots=True)
class Draw:
    """Where the energy of one spend comes from, in the spending order."""

    daily: int = 0
    general: int = 0
    pool: int = 0
    debt: int = 0  # the part nothing could pay for: it becomes debt

    def __post_init__(self) -> None:
        for part in (self.daily, self.general, self.pool, self.debt):
            if type(part) is not int or part < 0:
                _whole(part, "Energy drawn")

    @property
    def total(self) -> int:
        return self.daily + self.general + self.pool + self.debt


@dataclass(frozen=True, slots=True)
class LedgerEntry:
    """One line of a character's day: what was spent, where it came from, what came of it."""

    kind: EntryKind
    amount: int  # energy taken from the character (committed, invested, deducted, repaid)
    draw: Draw
    project: str | None = None
    ability: str | None = None
    rating: int = 0
    cost: int | None = None
    success: bool | None = None
    gained: int = 0  # energy on its way in: an investment's yield, a cancel's refund
    fatal: bool = False  # this entry left a debt that cannot be repaid: the death
    note: str = ""

    def __post_init__(self) -> None:
        if not self._looks_valid():
            self._explain()

    def _looks_valid(self) -> bool:
        return (
            type(self.kind) is EntryKind
            and type(self.amount) is int
            and type(self.draw) is Draw
            and self.draw.total == self.amount
            and (self.project is None or (type(self.project) is str and bool(self.project.strip())))
            and (self.ability is None or (type(self.ability) is str and bool(self.ability.strip())))
            and type(self.rating) is int
            and self.rating >= 0
            and (self.cost is None or (type(self.cost) is int and self.cost >= 0))
            and (self.success is None or type(self.success) is bool)
            and type(self.gained) is int
            and self.gained >= 0
            and type(self.fatal) is bool
            and type(self.note) is str
        )

    def _explain(self) -> None:
        if not isinstance(self.kind, EntryKind):
            raise ValueError(f"A ledger entry's kind must be an EntryKind, not {self.kind!r}.")
        _whole(self.amount, "A ledger entry's amount")
        if type(self.draw) is not Draw or self.draw.total != self.amount:
            raise ValueError(f"A ledger entry's draw must add up to its amount, {self.amount}.")
        if self.project is not None:
            _name(self.project, "A project's name")
        if self.ability is not None:
            _name(self.ability, "An ability's name")
        _whole(self.rating, "An ability rating")
        if self.cost is not None:
            _whole(self.cost, "A task's cost")
        if self.success is not None:
            _flag(self.success, "Success")
        _whole(self.gained, "Energy gained")
        _flag(self.fatal, "Fatal")
        _text(self.note, "A note")
        raise ValueError(f"{self.kind} is not a ledger entry.")


@dataclass(frozen=True, slots=True)
class DayState:
    """One character's energy on one day. A new value replaces it after every change."""

    day: int = 0  # index of the day in the campaign's calendar
    nights: tuple[str, ...] = ()  # the trailing run of bad nights before today
    proximity: int = 100  # percent of the daily net the character can reach today
    opened_daily: int = 0  # daily energy the day opened with, before any repayment
    daily: int = 0  # daily energy not yet spent today
    general_store: int = 0
    pools: tuple[ProjectPool, ...] = ()
    pending_general: int = 0  # yields of today's general investments
    pending_specific: tuple[ProjectPool, ...] = ()  # yields of today's specific investments
    debt: int = 0  # D: spent today beyond what was available
    dead: bool = False
    entries: tuple[LedgerEntry, ...] = ()

    def __post_init__(self) -> None:
        if not self._looks_valid():
            self._explain()

    def _looks_valid(self) -> bool:
        return (
            type(self.day) is int
            and self.day >= 0
            and type(self.nights) is tuple
            and _known_nights(self.nights)
            and type(self.proximity) is int
            and 0 <= self.proximity <= 100
            and type(self.opened_daily) is int
            and type(self.daily) is int
            and 0 <= self.daily <= self.opened_daily
            and type(self.general_store) is int
            and self.general_store >= 0
            and _pools_ok(self.pools)
            and type(self.pending_general) is int
            and self.pending_general >= 0
            and _pools_ok(self.pending_specific)
            and type(self.debt) is int
            and self.debt >= 0
            # Debt only arises once daily energy and the store are spent (the spending
            # order), and energy gained later pays it first: both cannot coexist.
            and not (self.debt and (self.daily or self.general_store))
            and type(self.dead) is bool
            and type(self.entries) is tuple
            and all(type(entry) is LedgerEntry for entry in self.entries)
        )

    def _explain(self) -> None:
        _whole(self.day, "A day")
        if type(self.nights) is not tuple:
            raise ValueError(f"Nights must be a tuple, not {self.nights!r}.")
        _nights(self.nights)
        _in_range(self.proximity, "Proximity", 0, 100)
        _whole(self.opened_daily, "Opening daily energy")
        _whole(self.daily, "Daily energy")
        if self.daily > self.opened_daily:
            raise ValueError(
                f"Daily energy left ({self.daily}) cannot exceed what the day opened with "
                f"({self.opened_daily})."
            )
        _whole(self.general_store, "The general store")
        _check_pools(self.pools, "Project pools")
        _whole(self.pending_general, "Pending general yield")
        _check_pools(self.pending_specific, "Pending specific yields")
        _whole(self.debt, "Debt")
        if self.debt and (self.daily or self.general_store):
            raise ValueError("A character in debt has no daily energy or general store left.")
        _flag(self.dead, "Dead")
        if type(self.entries) is not tuple or not all(
            type(entry) is LedgerEntry for entry in self.entries
        ):
            raise ValueError("Ledger entries must be a tuple of LedgerEntry.")
        raise ValueError(f"This is not a valid day: {self!r}.")  # pragma: no cover

    @property
    def last_night(self) -> str:
        """The night before today."""
        return self.nights[-1] if self.nights else "normal"

    def pool(self, project: str) -> int:
        """The value of a project's pool; ValueError if there is no such project."""
        for pool in self.pools:
            if pool.project == project:
                return pool.value
        raise ValueError(f"There is no project called {project!r}.")

    def pending(self, project: str) -> int:
        """What today's specific investments will add to a project at the rollover."""
        for pool in self.pending_specific:
            if pool.project == project:
                return pool.value
        return 0


_set = object.__setattr__  # frozen dataclasses refuse plain assignment


def _evolve(
    state: DayState,
    *,
    day: int | None = None,
    nights: tuple[str, ...] | None = None,
    proximity: int | None = None,
    opened_daily: int | None = None,
    daily: int | None = None,
    general_store: int | None = None,
    pools: tuple[ProjectPool, ...] | None = None,
    pending_general: int | None = None,
    pending_specific: tuple[ProjectPool, ...] | None = None,
    debt: int | None = None,
    dead: bool | None = None,
    entries: tuple[LedgerEntry, ...] | None = None,
) -> DayState:
    """A copy of a checked state with the fields given changed, built without checks.

    Only the rule functions below call this, with values they derived from checked
    ones by arithmetic that keeps them valid; the property tests rebuild every state
    they produce through the checking constructor to prove it. Checking every field
    of every state again made a simulated year about half as fast again. (No field
    of a day state can be None, so None means "keep".)
    """
    new = object.__new__(DayState)
    _set(new, "day", state.day if day is None else day)
    _set(new, "nights", state.nights if nights is None else nights)
    _set(new, "proximity", state.proximity if proximity is None else proximity)
    _set(new, "opened_daily", state.opened_daily if opened_daily is None else opened_daily)
    _set(new, "daily", state.daily if daily is None else daily)
    _set(new, "general_store", state.general_store if general_store is None else general_store)
    _set(new, "pools", state.pools if pools is None else pools)
    _set(
        new,
        "pending_general",
        state.pending_general if pending_general is None else pending_general,
    )
    _set(
        new,
        "pending_specific",
        state.pending_specific if pending_specific is None else pending_specific,
    )
    _set(new, "debt", state.debt if debt is None else debt)
    _set(new, "dead", state.dead if dead is None else dead)
    _set(new, "entries", state.entries if entries is None else entries)
    return new


@dataclass(frozen=True, slots=True)
class Outcome:
    """A new day state and the ledger entry that produced it."""

    state: DayState
    entry: LedgerEntry

    @property
    def success(self) -> bool | None:
        return self.entry.success


@dataclass(frozen=True, slots=True)
class MoveOutcome:
    """A move's new day state and entry, and where the character ended up."""

    state: DayState
    entry: LedgerEntry
    moved: bool  # the character is now in the destination
    lost: bool  # ... but lost there (a failed move to an area)

    @property
    def success(self) -> bool | None:
        return self.entry.success


@dataclass(frozen=True, slots=True)
class SpendPreview:
    """What a spend would do, shown before the GM confirms it."""

    draw: Draw
    total_debt: int  # today's debt after the spend
    repayment: int  # what the next day must repay first: 2 x total debt
    next_day_capacity: int  # what the character can have to repay with the next day
    creates_debt: bool
    kills: bool


@dataclass(frozen=True, slots=True)
class Rollover:
    """The day that ended and the day that opened. What each rollover step did is
    worked out on demand (for the End Day summary) from the two."""

    ended: DayState
    state: DayState

    @property
    def lost_daily(self) -> int:
        """Step 1: daily energy left unspent."""
        return self.ended.daily

    @property
    def general_decay(self) -> int:
        """Step 2: what the general store lost."""
        return _decay(self.ended.general_store)

    @property
    def pool_decay(self) -> tuple[ProjectPool, ...]:
        """Step 2: what each project pool lost."""
        return tuple(ProjectPool(p.project, _decay(p.value)) for p in self.ended.pools)

    @property
    def pool_losses(self) -> tuple[ProjectPool, ...]:
        """Step 2, only the pools that lost something: the End Day summary's list."""
        # A pool above 0 always loses: 5% once that is 1 or more, else 1 (see `decay`).
        return tuple(
            _unchecked_pool(p.project, p.value // _DECAY_DIVISOR or 1)
            for p in self.ended.pools
            if p.value
        )

    @property
    def landed_general(self) -> int:
        """Step 3: the general investments' yield that landed in the store."""
        return self.ended.pending_general

    @property
    def landed_specific(self) -> tuple[ProjectPool, ...]:
        """Step 3: the specific investments' yields that landed in their pools."""
        return self.ended.pending_specific

    @property
    def repayment(self) -> int:
        """Step 4: yesterday's debt, doubled, paid first today."""
        return _REPAYMENT_FACTOR * self.ended.debt

    @property
    def unpaid(self) -> int:
        """The part of the repayment the day that opened could not pay (0 if it could):
        a shortfall kills at the rollover, it is never carried on."""
        if not self.repayment:
            return 0
        return self.state.entries[0].draw.debt

    @property
    def died(self) -> bool:
        """Whether the repayment left a debt that cannot be repaid."""
        return self.state.dead


# --------------------------------------------------------------------- availability


def start_day(
    profile: CharacterProfile,
    *,
    day: int = 0,
    nights: Sequence[str] = (),
    proximity: int = 100,
    general_store: int = 0,
    pools: Mapping[str, int] | None = None,
) -> DayState:
    """The first day of a character's energy calendar, opened with its daily energy."""
    if pools is not None and not isinstance(pools, Mapping):
        raise ValueError(f"Project pools must map names to values, not {pools!r}.")
    opened = daily_energy(profile.daily_net, nights, proximity)
    return DayState(
        day=day,
        nights=_bad_run(_nights(nights)),
        proximity=proximity,
        opened_daily=opened,
        daily=opened,
        general_store=general_store,
        pools=tuple(ProjectPool(name, value) for name, value in (pools or {}).items()),
    )


def day_to_end(
    profile: CharacterProfile, day: int, today: DayState | None, earlier: DayState | None
) -> tuple[DayState, bool]:
    """The state a character's `day` ends from, and whether it is started only now.

    `today` is its row of `day`, `earlier` its latest row before (read only when there
    is no row today). No row today means one of two things: the character died on an
    earlier day (End Day writes no row for the dead, so the day of its death still
    speaks for it), or its calendar starts now, with the fresh day of `start_day`.
    """
    if today is not None:
        return today, False
    if earlier is not None and earlier.dead:
        return earlier, False
    return start_day(profile, day=day), True


def available(state: DayState, project: str | None = None) -> int:
    """What the character can commit now: daily energy left + general store, plus the
    project's pool for a task of that project.

    At the opening of a day with no repayment this is daily net x sleep x proximity
    (rounded down) + general store (+ pool).
    """
    pool = state.pool(project) if project is not None else 0
    return state.daily + state.general_store + pool


def plan_draw(state: DayState, amount: int, project: str | None = None) -> Draw:
    """Split a spend in the spending order: daily energy, general store, the project's
    pool; whatever is left over becomes debt."""
    rest = _whole(amount, "Energy to spend")
    pool = state.pool(project) if project is not None else 0
    from_daily = min(rest, state.daily)
    rest -= from_daily
    from_general = min(rest, state.general_store)
    rest -= from_general
    from_pool = min(rest, pool)
    return Draw(from_daily, from_general, from_pool, rest - from_pool)


def _with_pool(pools: tuple[ProjectPool, ...], project: str, value: int) -> tuple[ProjectPool, ...]:
    # Keep the project's place in the order; a new project goes last.
    for index, pool in enumerate(pools):
        if pool.project == project:
            return (*pools[:index], ProjectPool(project, value), *pools[index + 1 :])
    return (*pools, ProjectPool(project, value))


def _without_pool(pools: tuple[ProjectPool, ...], project: str) -> tuple[ProjectPool, ...]:
    return tuple(pool for pool in pools if pool.project != project)


def _capacity(daily_net: int, proximity: int, general_store: int, pending_general: int) -> int:
    # The next opening after a normal night, with the store decayed and the general
    # yields landed: everything a repayment may be paid from.
    store = general_store - _decay(general_store) + pending_general
    return _daily(daily_net, 100, proximity) + store


def next_day_capacity(profile: CharacterProfile, state: DayState) -> int:
    """What the character can repay with at the next opening: the next day's daily
    energy plus the general store after decay and landing.

    The GM cannot know the next night yet, so this is the best next day: a normal
    night and today's proximity. Project pools never repay debts.
    """
    return _capacity(profile.daily_net, state.proximity, state.general_store, state.pending_general)


def repayment(debt: int) -> int:
    """What a debt D costs at the next rollover: 2 x D, paid first."""
    return _REPAYMENT_FACTOR * _whole(debt, "Debt")


@dataclass(frozen=True, slots=True)
class DayFigures:
    """What a day's ledger comes to, worked out from the day alone."""

    available: int  # daily energy and general store the day opened with
    spent: int  # energy taken from the character today (not a cancelled pool)
    left: int  # daily energy and general store still on hand
    repaid: int  # the repayment of yesterday's debt that opened the day


def day_figures(state: DayState) -> DayFigures:
    """The opening's available energy and the day's spending, from a day's entries.

    "Available today = daily net energy x sleep factor x proximity factor + general
    store": the day opened with `opened_daily` and the store as it was before any
    entry. Working the store back, a cancelled project's refund counts only for the
    part that reached the store: it pays today's debt first (RULES.md section 3).
    """
    if type(state) is not DayState:
        raise ValueError(f"Expected a day's energy, not {state!r}.")
    spent = drawn_store = reached_store = repaid = debt = 0
    for entry in state.entries:
        if entry.kind is EntryKind.CANCEL_PROJECT:
            paid_off = min(entry.gained, debt)
            debt -= paid_off
            reached_store += entry.gained - paid_off
            continue
        debt += entry.draw.debt
        spent += entry.amount
        drawn_store += entry.draw.general
        if entry.kind is EntryKind.REPAYMENT:
            repaid += entry.amount
    opening_store = state.general_store + drawn_store - reached_store
    return DayFigures(
        available=state.opened_daily + opening_store,
        spent=spent,
        left=state.daily + state.general_store,
        repaid=repaid,
    )


def _kills(debt: int, capacity: int) -> bool:
    # "an energy debt so high that they will not be able to pay it off the following day"
    return _REPAYMENT_FACTOR * debt > capacity


def preview_spend(
    profile: CharacterProfile, state: DayState, amount: int, project: str | None = None
) -> SpendPreview:
    """Whether spending `amount` (on a task of `project`, if given) would create a debt,
    and whether that debt kills."""
    _alive(profile, state)
    draw = plan_draw(state, amount, project)
    debt = state.debt + draw.debt
    general = state.general_store - draw.general
    capacity = _capacity(profile.daily_net, state.proximity, general, state.pending_general)
    return SpendPreview(
        draw=draw,
        total_debt=debt,
        repayment=_REPAYMENT_FACTOR * debt,
        next_day_capacity=capacity,
        creates_debt=draw.debt > 0,
        # Only a spend that adds debt can kill: the debt is incurred by this loss.
        kills=draw.debt > 0 and _kills(debt, capacity),
    )


def _alive(profile: CharacterProfile, state: DayState) -> None:
    if state.dead:
        raise ValueError(f"{profile.name} is dead and has no more energy to spend or receive.")


def _spend(
    profile: CharacterProfile,
    state: DayState,
    amount: int,
    kind: EntryKind,
    *,
    draw_from: str | None = None,
    project: str | None = None,
    ability: str | None = None,
    rating: int = 0,
    cost: int | None = None,
    success: bool | None = None,
    gained: int = 0,
    note: str = "",
    pending_general: int = 0,
    pending_specific: tuple[ProjectPool, ...] | None = None,
) -> tuple[DayState, LedgerEntry]:
    """Take `amount` in the spending order, record it, and record a death it causes.

    `pending_general` (added) and `pending_specific` (replaced) let an investment land
    its yield in the same new state.
    """
    _alive(profile, state)
    draw = plan_draw(state, amount, draw_from)
    general = state.general_store - draw.general
    debt = state.debt + draw.debt
    pending = state.pending_general + pending_general
    fatal = draw.debt > 0 and _kills(
        debt, _capacity(profile.daily_net, state.proximity, general, pending)
    )
    entry = LedgerEntry(
        kind=kind,
        amount=amount,
        draw=draw,
        project=project,
        ability=ability,
        rating=rating,
        cost=cost,
        success=success,
        gained=gained,
        fatal=fatal,
        note=note,
    )
    pools = state.pools
    if draw.pool:
        assert draw_from is not None  # plan_draw only draws on a pool it was given
        pools = _with_pool(pools, draw_from, state.pool(draw_from) - draw.pool)
    new = _evolve(
        state,
        daily=state.daily - draw.daily,
        general_store=general,
        pools=pools,
        pending_general=pending,
        pending_specific=state.pending_specific if pending_specific is None else pending_specific,
        debt=debt,
        dead=fatal,
        entries=(*state.entries, entry),
    )
    return new, entry


# -------------------------------------------------------------------------- spending


def task(
    profile: CharacterProfile,
    state: DayState,
    committed: int,
    cost: int,
    *,
    ability: str | None = None,
    project: str | None = None,
    note: str = "",
) -> Outcome:
    """Commit energy to a task: success when energy + ability >= cost. The committed
    energy is spent either way; a task of a project may draw on its pool."""
    return _attempt(profile, state, committed, cost, EntryKind.TASK, ability, project, note)


def move(
    profile: CharacterProfile,
    state: DayState,
    committed: int,
    *,
    ability: str | None = None,
    base: int = MOVE_BASE_DEFAULT,
    level_change: bool = False,
    district_change: bool = False,
    destination: Destination = "area",
    routine: bool = False,
    led_rating: int | None = None,
    note: str = "",
) -> MoveOutcome:
    """Move one area. `ability` is the one for the level of the destination; when the
    character is led, `led_rating` is the group's highest rating for that level (see
    `group_rating`). A failed move to a way goes nowhere; to an area, it arrives lost."""
    cost = move_cost(base, level_change, district_change)
    destination = _destination(destination)
    committed = _whole(committed, "Committed energy")
    # "A player must always commit at least one energy to moving ... if the move in
    # question is not something that the character does daily."
    if not _flag(routine, "Routine") and committed < 1:
        raise ValueError(
            "A move that is not part of the daily routine needs at least 1 energy committed."
        )
    rating = profile.rating(ability)
    if led_rating is not None:
        rating = max(rating, _whole(led_rating, "The leader's rating"))
    success = task_succeeds(committed, rating, cost)
    new, entry = _spend(
        profile,
        state,
        committed,
        EntryKind.MOVE,
        ability=ability,
        rating=rating,
        cost=cost,
        success=success,
        note=note,
    )
    moved = success or destination == "area"
    return MoveOutcome(new, entry, moved=moved, lost=not success and destination == "area")


def contest(
    profile: CharacterProfile,
    state: DayState,
    committed: int,
    opposition: int,
    *,
    base: int | None = None,
    ability: str | None = None,
    project: str | None = None,
    note: str = "",
) -> Outcome:
    """A task facing opposition: the cost is `base` + the opposition's commitment, or,
    for direct opposition (no base), the opposition's commitment itself."""
    cost = contest_cost(opposition, base)
    return _attempt(profile, state, committed, cost, EntryKind.CONTEST, ability, project, note)


def _attempt(
    profile: CharacterProfile,
    state: DayState,
    committed: int,
    cost: int,
    kind: EntryKind,
    ability: str | None,
    project: str | None,
    note: str,
) -> Outcome:
    """Energy committed against a cost (a task or a contest): spent either way."""
    rating = profile.rating(ability)
    success = task_succeeds(committed, rating, cost)
    new, entry = _spend(
        profile,
        state,
        committed,
        kind,
        draw_from=project,
        project=project,
        ability=ability,
        rating=rating,
        cost=cost,
        success=success,
        note=note,
    )
    return Outcome(new, entry)


def attack(
    profile: CharacterProfile,
    state: DayState,
    committed: int,
    *,
    ability: str | None = None,
    note: str = "",
) -> Outcome:
    """One side's commitment to an attacking-energy contest (attacker or defender).

    The commitment is spent; `attack_winner` on both sides' totals says who may then
    `deduct` from the other.
    """
    rating = profile.rating(ability)
    commitment(committed, rating)  # checks the committed energy
    new, entry = _spend(
        profile, state, committed, EntryKind.ATTACK, ability=ability, rating=rating, note=note
    )
    return Outcome(new, entry)


def max_deduction(profile: CharacterProfile, state: DayState) -> int:
    """The most energy the winner of an attack may deduct without killing.

    Everything left today (daily energy and the store) may go, and then a debt up to
    half of what the character can have the next day.
    """
    _alive(profile, state)
    on_hand = state.daily + state.general_store
    # Once the store is drained, only the next day's daily energy and what lands in
    # the store at rollover can repay.
    capacity = _capacity(profile.daily_net, state.proximity, 0, state.pending_general)
    return on_hand + max(0, capacity // _REPAYMENT_FACTOR - state.debt)


def deduct(profile: CharacterProfile, state: DayState, amount: int, *, note: str = "") -> Outcome:
    """Energy deducted by the side that committed more; never enough to kill."""
    amount = _whole(amount, "Energy deducted")
    most = max_deduction(profile, state)
    if amount > most:
        raise ValueError(
            f"Deducting {amount} energy would kill {profile.name}; at most {most} can be deducted."
        )
    new, entry = _spend(profile, state, amount, EntryKind.DEDUCTED, note=note)
    return Outcome(new, entry)


def is_defenceless(profile: CharacterProfile, state: DayState) -> bool:
    """At negative energy and unable to spend even 1 more without dying: may be killed
    (a contest with base cost 40, see `killing_cost`)."""
    return state.debt > 0 and max_deduction(profile, state) == 0


def invest(
    profile: CharacterProfile,
    state: DayState,
    amount: int,
    *,
    project: str | None = None,
    note: str = "",
) -> Outcome:
    """Invest energy, generally (no project) or in a project. The yield lands at the
    next rollover; the remainder below 5 is wasted (see `waste_warning`)."""
    # Investing draws on daily energy and the store only: see the module's decisions.
    if project is None:
        gained = general_yield(amount)
        new, entry = _spend(
            profile,
            state,
            amount,
            EntryKind.INVEST_GENERAL,
            gained=gained,
            note=note,
            pending_general=gained,
        )
        return Outcome(new, entry)
    gained = specific_yield(amount)
    _name(project, "A project's name")
    pending = state.pending_specific
    if gained:
        pending = _with_pool(pending, project, state.pending(project) + gained)
    new, entry = _spend(
        profile,
        state,
        amount,
        EntryKind.INVEST_SPECIFIC,
        project=project,
        gained=gained,
        note=note,
        pending_specific=pending,
    )
    return Outcome(new, entry)


def _project_held(state: DayState, project: str) -> int:
    # A project invested in for the first time today has no pool yet, only a yield on
    # its way in; it can be cancelled all the same.
    if any(pool.project == project for pool in state.pending_specific):
        in_pool = next((p.value for p in state.pools if p.project == project), 0)
        return in_pool + state.pending(project)
    return state.pool(project)


def cancel_project(
    profile: CharacterProfile, state: DayState, project: str, *, note: str = ""
) -> Outcome:
    """Cancel a project: 1 per full 10 in its pool (with what is on its way in) comes
    back at once, paying off today's debt first, then into the general store."""
    _alive(profile, state)
    held = _project_held(state, project)
    refund = cancel_refund(held)
    paid_off = min(refund, state.debt)
    entry = LedgerEntry(
        kind=EntryKind.CANCEL_PROJECT,
        amount=held,
        draw=Draw(pool=held),
        project=project,
        gained=refund,
        note=_text(note, "A note"),
    )
    new = _evolve(
        state,
        pools=_without_pool(state.pools, project),
        pending_specific=_without_pool(state.pending_specific, project),
        debt=state.debt - paid_off,
        general_store=state.general_store + refund - paid_off,
        entries=(*state.entries, entry),
    )
    return Outcome(new, entry)


# -------------------------------------------------------------------------- rollover


def _rolled_pools(
    pools: tuple[ProjectPool, ...], arriving: tuple[ProjectPool, ...]
) -> tuple[ProjectPool, ...]:
    # Steps 2 and 3 for the project pools: decay first, so a fresh investment is whole
    # on its first day, then the yields land. A project first invested in yesterday
    # gets its pool now, after the older ones.
    if not arriving:  # most days: decay only
        return tuple(
            ProjectPool(p.project, p.value - _decay(p.value)) if p.value else p for p in pools
        )
    landing = {pool.project: pool.value for pool in arriving}
    rolled = [
        ProjectPool(p.project, p.value - _decay(p.value) + landing.pop(p.project, 0))
        if p.value or p.project in landing
        else p
        for p in pools
    ]
    rolled.extend(ProjectPool(project, value) for project, value in landing.items())
    return tuple(rolled)


def rollover(
    profile: CharacterProfile,
    state: DayState,
    night: str = "normal",
    proximity: int | None = None,
) -> Rollover:
    """End the day and open the next, in the order of `ROLLOVER_STEPS`.

    `night` is the night between the two days; `proximity` is the new day's (None
    keeps today's). The new day's ledger starts with the repayment, if any.
    """
    _alive(profile, state)
    night = _night(night)
    near = state.proximity if proximity is None else _in_range(proximity, "Proximity", 0, 100)
    # 1. Unspent daily energy is lost: it went on things unimportant to the plot.
    #    (The new day below simply does not carry it.)
    # 2. Stores and pools decay, and 3. the day's investments land.
    general = state.general_store - _decay(state.general_store) + state.pending_general
    pools = _rolled_pools(state.pools, state.pending_specific)
    # 4. Debts become repayments, due before anything else the new day.
    repayment = _REPAYMENT_FACTOR * state.debt
    # 5. The new day opens with its sleep and proximity, and pays the repayment first.
    nights = _bad_run((*state.nights, night)) if night != "normal" else ()
    opened = _daily(profile.daily_net, _sleep(nights), near)
    new = _evolve(
        state,
        day=state.day + 1,
        nights=nights,
        proximity=near,
        opened_daily=opened,
        daily=opened,
        general_store=general,
        pools=pools,
        pending_general=0,
        pending_specific=(),
        debt=0,
        entries=(),
    )
    if repayment:
        new, entry = _spend(profile, new, repayment, EntryKind.REPAYMENT)
        if entry.draw.debt and not new.dead:
            # Judged again against the day that actually opened: the repayment is more
            # than its daily energy plus general store, so the character "immediately
            # dies as some result of the loss that created the debt" (RULES.md section 3).
            fatal = replace(entry, fatal=True)
            new = _evolve(new, dead=True, entries=(*new.entries[:-1], fatal))
    return Rollover(state, new)
