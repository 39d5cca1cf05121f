"""Downtime: result levels, clocks, payoff and the downtime activities.

Source: ``rules/downtime-and-factions.txt`` ("Downtime", "NPC & faction
downtime"), with the decisions of RULES.md section 4. Tiers, hold, status
and the chapter's rep tracker live in ``factions.py``. Everything here is
pure; dice enter as faces passed in, or through a ``random.Random`` passed in.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from desktop.rules.factions import (
    Chapter,
    check_tier,
    require_bool,
    require_int,
    require_non_negative,
    require_text,
    score_heat,
)
from desktop.rules.numbers import WholeRange

__all__ = [
    "ACQUIRE_ASSET",
    "ACTIVITIES",
    "ACTIVITY_LABELS",
    "ATTRACT_TROUBLE",
    "BASE_REP",
    "BIG",
    "BRAG",
    "BRAG_REP",
    "COIN",
    "COMMON_SEGMENTS",
    "CONTROLLED",
    "CRITICAL",
    "CRITICAL_MARGIN",
    "DEFAULT_STRESS_TRACK",
    "DESPERATE",
    "EXEMPLIFY_VIRTUE",
    "EXTRA_ACTIVITY_COST",
    "FAILURE",
    "FREE_ACTIVITIES",
    "FREE_ACTIVITIES_AT_WAR",
    "HEALING",
    "HEALING_MODES",
    "INDULGE_VICE",
    "JOB_COIN",
    "JOB_SIZES",
    "LEVELS",
    "LONG_TERM_PROJECT",
    "LOST",
    "MAJOR",
    "MAX_SEGMENTS",
    "MAX_STRESS_TRACK",
    "MINOR",
    "MIN_SEGMENTS",
    "OVERINDULGENCES",
    "QUALITY_COIN",
    "RECOVERY_STRESS",
    "REP",
    "RISKY",
    "SEGMENTS",
    "SELF",
    "SELF_TRACK",
    "SESSION_XP",
    "SMALL",
    "STANDARD",
    "SUCCESS",
    "TAPPED",
    "TARGETS",
    "TRAIN",
    "TRAINING_UPGRADE_XP",
    "TRAIN_XP",
    "TREATED",
    "UNTREATED",
    "VICE_DIE",
    "VIRTUE_DIE",
    "ActionRoll",
    "ActivityCharge",
    "CharacterDowntime",
    "Clock",
    "HealingMode",
    "Health",
    "Overindulgence",
    "Payoff",
    "Result",
    "StressTrack",
    "ViceOutcome",
    "action_roll",
    "action_total",
    "activity_advantage",
    "asset_quality",
    "can_mark_session_xp",
    "chapter_payoff",
    "charge_activity",
    "clock_ticks",
    "coin_to_raise",
    "downtime_activities",
    "exemplify_virtue",
    "heal",
    "healing_mode",
    "indulge_vice",
    "meets_minimum",
    "overindulgence",
    "pay_extra_activity",
    "payoff",
    "payoff_coin",
    "payoff_rep",
    "quality_bought",
    "raise_result",
    "recover_with_stress",
    "recovery_hp",
    "roll_die",
    "session_xp_marks",
    "suggest_result",
    "target_number",
    "train_marks",
    "train_xp",
]

# --- Result levels --------------------------------------------------------------

FAILURE = "failure"
SUCCESS = "success"
CRITICAL = "critical"
LEVELS = (FAILURE, SUCCESS, CRITICAL)

CONTROLLED = 6
RISKY = 11
DESPERATE = 16
TARGETS: dict[str, int] = {"controlled": CONTROLLED, "risky": RISKY, "desperate": DESPERATE}
CRITICAL_MARGIN = 5  # a total this far over the target is a critical; each further 5 adds 1 to m


@dataclass(frozen=True)
class Result:
    """A result level; only a critical has a multiplier, and it is at least 1."""

    level: str
    multiplier: int = 0

    def __post_init__(self) -> None:
        if not isinstance(self.level, str) or self.level not in LEVELS:
            raise ValueError(f'A result is "failure", "success" or "critical", not {self.level!r}.')
        multiplier = require_int(self.multiplier, "A critical multiplier")
        if self.level == CRITICAL and multiplier < 1:
            raise ValueError(f"A critical has a multiplier of at least 1, not {multiplier}.")
        if self.level != CRITICAL and multiplier != 0:
            raise ValueError(f"Only a critical has a multiplier; a {self.level} has {multiplier}.")

    @property
    def rank(self) -> int:
        """Steps above failure: failure 0, success 1, critical xm 1 + m."""
        return LEVELS.index(self.level) if self.level != CRITICAL else 1 + self.multiplier

    @property
    def units(self) -> int:
        """The text's one progress scale: Failure 1, Success 2, Critical 2 + m.

        Clock segments, faction ticks and recoveries all count by it.
        """
        return 1 + self.rank

    @property
    def label(self) -> str:
        if self.level == CRITICAL:
            return f"Critical ×{self.multiplier}"
        return self.level.capitalize()

    @classmethod
    def from_rank(cls, rank: int) -> Result:
        rank = require_non_negative(rank, "A result rank")
        if rank < 2:
            return cls(LEVELS[rank])
        return cls(CRITICAL, rank - 1)


def clock_ticks(result: str, multiplier: int = 0) -> int:
    """Segments a roll marks: "failure" 1, "success" 2, "critical" 2 + multiplier (>= 1)."""
    return Result(result, multiplier).units


def raise_result(result: Result, coin: int) -> Result:
    """The result after spending coin on it: each coin raises it one level.

    "a Failure becomes a Success, a Success becomes a Critical, and a
    Critical increases its multiplier by one."
    """
    coin = require_non_negative(coin, "Coin spent")
    return Result.from_rank(_check_result(result).rank + coin)


def coin_to_raise(start: Result, goal: Result) -> int:
    """Coin it takes to raise ``start`` to ``goal``; spending coin never lowers a result."""
    difference = _check_result(goal).rank - _check_result(start).rank
    if difference < 0:
        raise ValueError(f"Coin only raises a result; {goal.label} is below {start.label}.")
    return difference


def target_number(position: str) -> int:
    """The target number of a position: controlled 6, risky 11, desperate 16."""
    if not isinstance(position, str) or position not in TARGETS:
        raise ValueError(f'A position is "controlled", "risky" or "desperate", not {position!r}.')
    return TARGETS[position]


def suggest_result(total: int, target: int) -> Result:
    """The level a dice total suggests against a target; the GM has the final word.

    Below the target fails, at or above succeeds, at or above target + 5 is a
    critical whose multiplier grows by one for every further 5.
    """
    total = require_int(total, "A dice total")  # may be negative after modifiers
    target = require_int(target, "A target number")
    if target < 1:
        raise ValueError(f"A target number is at least 1, not {target}.")
    over = total - target
    if over < 0:
        return Result(FAILURE)
    if over < CRITICAL_MARGIN:
        return Result(SUCCESS)
    return Result(CRITICAL, 1 + (over - CRITICAL_MARGIN) // CRITICAL_MARGIN)


def _check_result(result: object) -> Result:
    if not isinstance(result, Result):
        raise ValueError(f"Expected a result level, not {result!r}.")
    return result


# --- Clocks -------------------------------------------------------------------

MIN_SEGMENTS = 2
MAX_SEGMENTS = 12
COMMON_SEGMENTS = (4, 6, 8)
# The segments as data: the store bounds a stored clock's by it (a refusal here keeps
# its own words, "A clock has 2 to 12 segments").
SEGMENTS = WholeRange("A clock's segments", MIN_SEGMENTS, MAX_SEGMENTS)


def _check_segments(segments: object) -> int:
    segments = require_int(segments, SEGMENTS.what)
    if not SEGMENTS.low <= segments <= SEGMENTS.high:
        raise ValueError(f"A clock has {SEGMENTS.low} to {SEGMENTS.high} segments, not {segments}.")
    return segments


@dataclass(frozen=True)
class Clock:
    """A progress clock. Who owns it (character, chapter, faction, none) is the store's."""

    name: str
    segments: int
    filled: int = 0

    def __post_init__(self) -> None:
        require_text(self.name, "A clock")
        segments = _check_segments(self.segments)
        filled = require_int(self.filled, "Filled segments")
        if not 0 <= filled <= segments:
            raise ValueError(
                f"A {segments}-segment clock has 0 to {segments} filled, not {filled}."
            )

    @property
    def full(self) -> bool:
        return self.filled == self.segments

    @property
    def remaining(self) -> int:
        return self.segments - self.filled

    def tick(self, segments: int = 1) -> Clock:
        """Mark (or, if negative, clear) segments; stops at full and at empty."""
        change = require_int(segments, "Segments ticked")
        return replace(self, filled=max(0, min(self.segments, self.filled + change)))

    def advance(self, result: Result) -> Clock:
        """Mark what a roll earns: failure 1, success 2, critical 2 + m ("never past full")."""
        return self.tick(_check_result(result).units)

    def fill_to(self, filled: int) -> Clock:
        """Fill or empty up to a segment, as a click on the dial does."""
        return replace(self, filled=filled)

    def resize(self, segments: int) -> Clock:
        """Change the number of segments; progress beyond the new size is cut off."""
        segments = _check_segments(segments)
        return replace(self, segments=segments, filled=min(self.filled, segments))

    def renamed(self, name: str) -> Clock:
        return replace(self, name=name)


# --- Payoff -------------------------------------------------------------------

BASE_REP = 2  # "The Chapter earns 2 Rep per Adventure by default."
MINOR, SMALL, STANDARD, BIG, MAJOR = "minor", "small", "standard", "big", "major"
JOB_COIN: dict[str, int] = {MINOR: 2, SMALL: 4, STANDARD: 6, BIG: 8, MAJOR: 10}
JOB_SIZES = tuple(JOB_COIN)


def payoff_rep(chapter_tier: int, target_tier: int, quiet: bool = False) -> int:
    """Rep from a successful job: 2, +1 per tier the target is above the chapter, -1 per
    tier below, never below 0; nothing if the job was kept completely quiet."""
    difference = check_tier(target_tier) - check_tier(chapter_tier)
    if require_bool(quiet, "Quiet"):
        return 0
    return max(0, BASE_REP + difference)


def payoff_coin(size: str, coin: int | None = None) -> int:
    """Coin from a job by its size; a major job pays 10 "or more", as the GM sets."""
    if not isinstance(size, str) or size not in JOB_COIN:
        raise ValueError(f"A job is {', '.join(JOB_SIZES)}, not {size!r}.")
    if coin is None:
        return JOB_COIN[size]
    coin = require_int(coin, "Coin")
    if size == MAJOR and coin >= JOB_COIN[MAJOR]:
        return coin
    if coin == JOB_COIN[size]:
        return coin
    raise ValueError(f"A {size} job pays {_pay_text(size)} coin, not {coin}.")


def _pay_text(size: str) -> str:
    return f"{JOB_COIN[size]} or more" if size == MAJOR else str(JOB_COIN[size])


@dataclass(frozen=True)
class Payoff:
    """What a job brings the chapter, shown before it is applied."""

    rep: int
    coin: int
    heat: int = 0  # +1 for a payoff recorded while the chapter is at war


def chapter_payoff(
    chapter: Chapter,
    target_tier: int,
    size: str,
    quiet: bool = False,
    coin: int | None = None,
    at_war: bool = False,
) -> tuple[Payoff, Chapter]:
    """A job's payoff for this chapter, and the chapter after it.

    At war the chapter's tier counts with its war standing (hold one lower, which may
    drop a tier), and the payoff adds +1 heat (RULES.md section 4, War standing). The
    rep goes on the tracker, which earns nothing once full.
    """
    if not isinstance(chapter, Chapter):
        raise ValueError(f"Expected the chapter, not {chapter!r}.")
    at_war = require_bool(at_war, "At war")
    tier, _hold = chapter.standing(at_war)
    paid = payoff(tier, target_tier, size, quiet, coin)
    paid = replace(paid, heat=score_heat(0, at_war))
    return paid, chapter.earn_rep(paid.rep).gain_coin(paid.coin).add_heat(paid.heat)


def payoff(
    chapter_tier: int, target_tier: int, size: str, quiet: bool = False, coin: int | None = None
) -> Payoff:
    """Rep and coin for a job. A quiet job still pays its coin; only rep is lost."""
    return Payoff(payoff_rep(chapter_tier, target_tier, quiet), payoff_coin(size, coin))


# --- Downtime activities ----------------------------------------------------------

ACQUIRE_ASSET = "acquire_asset"
LONG_TERM_PROJECT = "long_term_project"
HEALING = "healing"
TRAIN = "train"
EXEMPLIFY_VIRTUE = "exemplify_virtue"
INDULGE_VICE = "indulge_vice"
ACTIVITY_LABELS: dict[str, str] = {
    ACQUIRE_ASSET: "Acquire Asset",
    LONG_TERM_PROJECT: "Long-Term Project",
    HEALING: "Healing and Recovery",
    TRAIN: "Train",
    EXEMPLIFY_VIRTUE: "Exemplify Virtue",
    INDULGE_VICE: "Indulge Vice",
}
ACTIVITIES = tuple(ACTIVITY_LABELS)

FREE_ACTIVITIES = 2
FREE_ACTIVITIES_AT_WAR = 1
EXTRA_ACTIVITY_COST = 1  # "Each additional Activity from the list costs 1 Coin or 1 Rep"
COIN = "coin"
REP = "rep"


def downtime_activities(at_war: bool) -> int:
    """Free activities per character: two, or one while the chapter is at war."""
    return FREE_ACTIVITIES_AT_WAR if require_bool(at_war, "At war") else FREE_ACTIVITIES


def activity_advantage(helped: bool, same_asset_again: bool = False) -> int:
    """Sources of advantage on a downtime roll: a friend or contact helping, and
    acquiring the same asset again. Each counts one; the dice decide what advantage does."""
    return int(require_bool(helped, "Helped")) + int(
        require_bool(same_asset_again, "Same asset again")
    )


def pay_extra_activity(coin: int, rep: int, currency: str) -> tuple[int, int]:
    """Coin and rep left after paying for one extra activity in ``currency``."""
    coin, rep = require_non_negative(coin, "Coin"), require_non_negative(rep, "Rep")
    if currency not in (COIN, REP):
        raise ValueError(f'An extra activity is paid in "coin" or "rep", not {currency!r}.')
    have = coin if currency == COIN else rep
    if have < EXTRA_ACTIVITY_COST:
        raise ValueError(
            f"An extra activity costs {EXTRA_ACTIVITY_COST} {currency}; there is {have}."
        )
    if currency == COIN:
        return coin - EXTRA_ACTIVITY_COST, rep
    return coin, rep - EXTRA_ACTIVITY_COST


@dataclass(frozen=True)
class CharacterDowntime:
    """One character's downtime so far: the activities taken and the XP tracks trained.

    A new adventure starts a new one ("you reset and get two free Activities again").
    """

    at_war: bool = False
    taken: tuple[str, ...] = ()
    trained: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        require_bool(self.at_war, "At war")
        if not isinstance(self.taken, tuple) or not isinstance(self.trained, tuple):
            raise ValueError("Activities taken and tracks trained must be tuples.")
        for activity in self.taken:
            _check_activity(activity)
        for track in self.trained:
            require_text(track, "An XP track")
        if len(set(self.trained)) != len(self.trained):
            raise ValueError("An XP track can be trained only once per downtime.")
        if self.taken.count(TRAIN) != len(self.trained):
            raise ValueError("Every Train activity names exactly one XP track.")

    @property
    def free(self) -> int:
        return downtime_activities(self.at_war)

    @property
    def free_left(self) -> int:
        return max(0, self.free - len(self.taken))

    @property
    def next_cost(self) -> int:
        """What the next activity costs in coin or rep: nothing while free ones are left."""
        return 0 if self.free_left else EXTRA_ACTIVITY_COST

    def can_train(self, track: str) -> bool:
        return require_text(track, "An XP track") not in self.trained

    def take(self, activity: str, track: str | None = None) -> CharacterDowntime:
        """Record an activity; paying for an extra one is ``pay_extra_activity``'s job."""
        _check_activity(activity)
        if activity != TRAIN:
            if track is not None:
                raise ValueError("Only Train names an XP track.")
            return replace(self, taken=(*self.taken, activity))
        if track is None:
            raise ValueError("Train needs the XP track to mark.")
        if not self.can_train(track):
            raise ValueError(f"The {track} track was already trained this downtime.")
        return replace(self, taken=(*self.taken, activity), trained=(*self.trained, track))


@dataclass(frozen=True)
class ActivityCharge:
    """What one downtime activity costs the chapter: the chapter after paying, and the
    currency an extra activity was paid in ("" while a free one was left)."""

    chapter: Chapter
    extra: str


def charge_activity(
    chapter: Chapter,
    progress: CharacterDowntime,
    currency: str,
    coin_spent: int = 0,
    rep_lost: int = 0,
) -> ActivityCharge:
    """Charge the chapter for the next activity of ``progress`` (before it is taken).

    Beyond the free ones (two, one at war) an activity costs 1 coin or 1 rep, as the GM
    chooses; then the coin spent on the activity (raising a result, buying quality) must
    be there; rep lost (bragging) stops at an empty tracker.
    """
    if not isinstance(chapter, Chapter):
        raise ValueError(f"Expected the chapter, not {chapter!r}.")
    if not isinstance(progress, CharacterDowntime):
        raise ValueError(f"Expected the character's downtime, not {progress!r}.")
    coin_spent = require_non_negative(coin_spent, "Coin spent")
    rep_lost = require_non_negative(rep_lost, "Rep lost")
    coin, rep, extra = chapter.coin, chapter.rep, ""
    if progress.free_left == 0:
        coin, rep = pay_extra_activity(coin, rep, currency)
        extra = currency
    if coin_spent > coin:
        raise ValueError(f"The chapter has {coin} coin to spend, not the {coin_spent} needed.")
    after = replace(chapter, coin=coin, rep=rep).spend_coin(coin_spent).lose_rep(rep_lost)
    return ActivityCharge(after, extra)


def train_marks(
    marks: tuple[tuple[str, int], ...], track: str, upgraded: bool
) -> tuple[tuple[str, int], ...]:
    """XP tracks after training ``track``: +1 XP, +2 with the chapter's upgrade."""
    track = require_text(track, "An XP track")
    if track not in {name for name, _old in marks}:
        raise ValueError(f"There is no {track} track.")
    xp = train_xp(upgraded)
    return tuple((name, old + xp if name == track else old) for name, old in marks)


def _check_activity(activity: object) -> str:
    if not isinstance(activity, str) or activity not in ACTIVITY_LABELS:
        raise ValueError(
            f"A downtime activity is one of {', '.join(ACTIVITIES)}, not {activity!r}."
        )
    return activity


# --- Acquire asset ----------------------------------------------------------------

QUALITY_COIN = 2  # "spending 2 Coin per additional Tier level added"


def asset_quality(tier: int, result: Result, coin: int = 0) -> int:
    """Quality of an acquired asset: Failure tier - 1, Success tier, Critical tier + m,
    +1 per 2 coin. Never below 0, the lowest quality there is."""
    tier = check_tier(tier)
    result = _check_result(result)
    bought = quality_bought(coin)
    base = {FAILURE: tier - 1, SUCCESS: tier}.get(result.level, tier + result.multiplier)
    return max(0, base + bought)


def quality_bought(coin: int) -> int:
    """Quality levels bought with coin: 1 per 2 coin (Acquire Asset's own price)."""
    coin = require_int(coin, "Coin for quality")
    if coin < 0 or coin % QUALITY_COIN:
        raise ValueError(f"Quality costs {QUALITY_COIN} coin a level, so not {coin} coin.")
    return coin // QUALITY_COIN


def meets_minimum(quality: int, minimum: int | None) -> bool:
    """True if the quality reaches the GM's minimum ("A lower result won't do")."""
    quality = require_int(quality, "Quality")
    return minimum is None or quality >= require_int(minimum, "A minimum quality")


# --- Stress, virtue and vice ----------------------------------------------------------

DEFAULT_STRESS_TRACK = 9  # campaign setting
MAX_STRESS_TRACK = 20  # more boxes than this can't be drawn sensibly
VIRTUE_DIE = 6
VICE_DIE = 10


@dataclass(frozen=True)
class StressTrack:
    """A character's stress boxes: ``marked`` of ``length``."""

    marked: int = 0
    length: int = DEFAULT_STRESS_TRACK

    def __post_init__(self) -> None:
        length = require_int(self.length, "A stress track")
        if not 1 <= length <= MAX_STRESS_TRACK:
            raise ValueError(f"A stress track has 1 to {MAX_STRESS_TRACK} boxes, not {length}.")
        marked = require_int(self.marked, "Marked stress")
        if not 0 <= marked <= length:
            raise ValueError(f"A {length}-box stress track has 0 to {length} marked, not {marked}.")

    @property
    def room(self) -> int:
        return self.length - self.marked

    def mark(self, stress: int) -> StressTrack:
        """Mark stress. The text has no rule for a full track, so a cost that does not fit
        is refused rather than guessed at."""
        stress = require_non_negative(stress, "Stress")
        if stress > self.room:
            raise ValueError(f"Only {self.room} stress box(es) are free, not the {stress} needed.")
        return replace(self, marked=self.marked + stress)

    def clear(self, stress: int) -> StressTrack:
        """Clear stress; the track stops at empty."""
        return replace(self, marked=max(0, self.marked - require_non_negative(stress, "Stress")))


def roll_die(rng: random.Random, sides: int) -> int:
    """One die face from the given generator (the only way randomness enters)."""
    if not isinstance(rng, random.Random):
        raise ValueError(f"Dice need a random.Random, not {rng!r}.")
    sides = require_int(sides, "A die's sides")
    if sides < 2:
        raise ValueError(f"A die has at least 2 sides, not {sides}.")
    return rng.randint(1, sides)


ZERO_DICE_ROLLED = 2  # "a roll of 0 dice rolls two dice and keeps the lower"


@dataclass(frozen=True)
class ActionRoll:
    """A dice roll for a result: the faces rolled and the total that counts.

    ``zero_dice`` marks a roll of 0 dice (a tier-0 fortune roll, a rating of 0): two
    dice were rolled and the lower one kept as the total.
    """

    count: int
    size: int
    faces: tuple[int, ...]
    total: int

    @property
    def zero_dice(self) -> bool:
        return self.count == 0

    def text(self) -> str:
        shown = " + ".join(str(face) for face in self.faces)
        if self.zero_dice:
            shown = f"0 dice: rolled {' and '.join(str(f) for f in self.faces)}, the lower kept"
        return shown


def action_total(count: int, size: int, faces: tuple[int, ...] | list[int]) -> ActionRoll:
    """The total of ``count`` dice of ``size`` showing ``faces``: their sum, or for 0
    dice the lower of the two rolled (RULES.md section 4, "A roll of 0 dice")."""
    count = require_non_negative(count, "The number of dice")
    size = require_int(size, "A die's sides")
    rolled = ZERO_DICE_ROLLED if count == 0 else count
    faces = tuple(_check_face(face, size) for face in faces)
    if len(faces) != rolled:
        raise ValueError(f"{count} dice roll {rolled} faces, not {len(faces)}.")
    total = min(faces) if count == 0 else sum(faces)
    return ActionRoll(count, size, faces, total)


def action_roll(rng: random.Random, count: int, size: int) -> ActionRoll:
    """Roll ``count`` dice of ``size`` (0 dice roll two and keep the lower)."""
    count = require_non_negative(count, "The number of dice")
    rolled = ZERO_DICE_ROLLED if count == 0 else count
    return action_total(count, size, tuple(roll_die(rng, size) for _ in range(rolled)))


def _check_face(face: object, sides: int) -> int:
    face = require_int(face, f"A d{sides} face")
    if not 1 <= face <= sides:
        raise ValueError(f"A d{sides} shows 1 to {sides}, not {face}.")
    return face


def exemplify_virtue(stress: StressTrack, face: int) -> StressTrack:
    """Clear stress equal to a d6."""
    return stress.clear(_check_face(face, VIRTUE_DIE))


@dataclass(frozen=True)
class ViceOutcome:
    """After a vice roll: the track, and whether the roll cleared more than was marked."""

    stress: StressTrack
    overindulged: bool


def indulge_vice(stress: StressTrack, face: int) -> ViceOutcome:
    """Clear stress equal to a d10; clearing more than was marked is an overindulgence."""
    face = _check_face(face, VICE_DIE)
    return ViceOutcome(stress.clear(face), face > stress.marked)


ATTRACT_TROUBLE = "attract_trouble"
BRAG = "brag"
LOST = "lost"
TAPPED = "tapped"
BRAG_REP = 2  # "Brag about your exploits. -2 Rep."


@dataclass(frozen=True)
class Overindulgence:
    """One way to overindulge, with what it does mechanically (the rest is story)."""

    key: str
    label: str
    effect: str
    rep_lost: int = 0
    heals_harm: bool = False


OVERINDULGENCES: dict[str, Overindulgence] = {
    ATTRACT_TROUBLE: Overindulgence(
        ATTRACT_TROUBLE, "Attract Trouble", "Suffer additional consequences."
    ),
    BRAG: Overindulgence(BRAG, "Brag about your exploits", "-2 Rep.", rep_lost=BRAG_REP),
    LOST: Overindulgence(
        LOST,
        "Lost",
        "Vanishes for a few weeks; returns with all harm healed.",
        heals_harm=True,
    ),
    TAPPED: Overindulgence(
        TAPPED, "Tapped", "Your purveyor cuts you off; find a new source for your vice."
    ),
}


def overindulgence(key: str) -> Overindulgence:
    if not isinstance(key, str) or key not in OVERINDULGENCES:
        raise ValueError(f"An overindulgence is one of {', '.join(OVERINDULGENCES)}, not {key!r}.")
    return OVERINDULGENCES[key]


# --- Healing and recovery ---------------------------------------------------------------

RECOVERY_STRESS = 1  # "you can expend 1 Stress to Recover"


def recovery_hp(maximum: int) -> int:
    """HP one Recover restores: a quarter of the maximum, rounded down, at least 1."""
    maximum = require_int(maximum, "Maximum HP")
    if maximum < 1:
        raise ValueError(f"Maximum HP is at least 1, not {maximum}.")
    return max(1, maximum // 4)


@dataclass(frozen=True)
class Health:
    """Hit points: current of maximum."""

    current: int
    maximum: int

    def __post_init__(self) -> None:
        recovery_hp(self.maximum)  # validates the maximum
        current = require_int(self.current, "Current HP")
        if not 0 <= current <= self.maximum:
            raise ValueError(f"Current HP is 0 to {self.maximum}, not {current}.")

    def recover(self, times: int = 1) -> Health:
        """Recover ``times`` times; never above the maximum."""
        gained = require_non_negative(times, "Recoveries") * recovery_hp(self.maximum)
        return replace(self, current=min(self.maximum, self.current + gained))

    def healed(self) -> Health:
        return replace(self, current=self.maximum)


@dataclass(frozen=True)
class HealingMode:
    """How the healing roll is made: its target, the stress it costs, any disadvantage."""

    key: str
    label: str
    target: int
    stress: int
    disadvantage: bool = False


TREATED = "treated"
SELF = "self"
UNTREATED = "untreated"
HEALING_MODES: dict[str, HealingMode] = {
    TREATED: HealingMode(TREATED, "Treated by a healer", RISKY, 0),
    SELF: HealingMode(SELF, "Heal yourself", DESPERATE, 2),
    # The text gives no target for toughing it out; Risky, as for treatment,
    # with the disadvantage it does state.
    UNTREATED: HealingMode(UNTREATED, "Tough it out", RISKY, 1, disadvantage=True),
}


def healing_mode(key: str) -> HealingMode:
    if not isinstance(key, str) or key not in HEALING_MODES:
        raise ValueError(f"A way to heal is one of {', '.join(HEALING_MODES)}, not {key!r}.")
    return HEALING_MODES[key]


def heal(
    health: Health, stress: StressTrack, mode: str, result: Result
) -> tuple[Health, StressTrack]:
    """The healing activity: pay the mode's stress, then Recover 1x / 2x / 2x + m."""
    paid = stress.mark(healing_mode(mode).stress)
    return health.recover(_check_result(result).units), paid


def recover_with_stress(health: Health, stress: StressTrack) -> tuple[Health, StressTrack]:
    """Expend 1 stress to Recover once; not an activity, only during downtime."""
    return health.recover(1), stress.mark(RECOVERY_STRESS)


# --- Train ----------------------------------------------------------------------------

TRAIN_XP = 1
TRAINING_UPGRADE_XP = 1  # "mark +1 XP (2 total)" with the chapter's Training upgrade
SELF_TRACK = "self"  # the other tracks are one per attribute, named by the game


def train_xp(upgraded: bool) -> int:
    """XP a Train activity marks: 1, or 2 with the chapter's training upgrade."""
    return TRAIN_XP + (TRAINING_UPGRADE_XP if require_bool(upgraded, "Upgraded") else 0)


# --- End of the session (Roleplaying & XP) ------------------------------------------

# "By playing to the nature of your character's vice, you earn XP at the end of the
# session." (worded where the window shows it: desktop/ui/play/session_xp.py)
# The text does not say how much XP: one mark on one track, as Train's "mark 1 XP".
SESSION_XP = 1


def can_mark_session_xp(marks: tuple[tuple[str, int], ...], track: str, limit: int) -> bool:
    """Whether ``track`` can take the end-of-session mark without passing ``limit`` (the
    most marks a track may hold)."""
    limit = require_non_negative(limit, "A track's limit")
    old = dict(marks).get(require_text(track, "An XP track"))
    return old is not None and old + SESSION_XP <= limit


def session_xp_marks(
    marks: tuple[tuple[str, int], ...], track: str, limit: int
) -> tuple[tuple[str, int], ...]:
    """XP tracks after the end-of-session mark on ``track``: +1 XP for playing to the
    nature of the character's vice. A mark past ``limit`` is refused."""
    track = require_text(track, "An XP track")
    if track not in {name for name, _old in marks}:
        raise ValueError(f"There is no {track} track.")
    if not can_mark_session_xp(marks, track, limit):
        raise ValueError(f"The {track} track is full: it holds at most {limit:,} XP.")
    return tuple((name, old + SESSION_XP if name == track else old) for name, old in marks)
