"""The faction game: tiers, hold, status, war, development, claims and gang scale.

Source: ``rules/downtime-and-factions.txt`` ("The Faction Game"), with the
decisions of RULES.md section 4. Everything here is pure: values in, new
values out, so the app can store each state and undo by putting the old one
back. ``downtime.py`` builds on this module; this module imports nothing of
the project.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from desktop.rules.numbers import WholeRange, whole_number

__all__ = [
    "DEVELOP_NOTHING",
    "DEVELOP_STRENGTHEN",
    "DEVELOP_TIER_UP",
    "ENEMY_STATUS_CHANGE",
    "FULL_REP",
    "GANG_SCALE",
    "GANG_SCALE_LABELS",
    "HOLDS",
    "LAIR",
    "LAIR_ID",
    "MAX_STATUS",
    "MAX_TIER",
    "MAX_TURF",
    "MIN_STATUS",
    "MIN_TIER",
    "MIN_TURF",
    "NEUTRAL",
    "SEIZE_STATUS_CHANGE",
    "STATUS",
    "STATUS_LABELS",
    "STRONG",
    "TIER",
    "TIER_COST_PER_LEVEL",
    "WAR_HEAT",
    "WAR_STATUS",
    "WEAK",
    "Chapter",
    "Claim",
    "ClaimMap",
    "DevelopOption",
    "Faction",
    "HoldLoss",
    "Seizure",
    "change_status",
    "chapter_at_war",
    "check_hold",
    "check_status",
    "check_tier",
    "check_turf",
    "counting_tier",
    "develop_option",
    "fortune_rating",
    "gain_hold",
    "gang_scale",
    "gang_scale_label",
    "hold_loss",
    "is_war",
    "lose_hold",
    "loss_threatens_lair",
    "rep_to_develop",
    "require_bool",
    "require_int",
    "require_non_negative",
    "require_text",
    "score_heat",
    "status_label",
    "status_text",
    "tier_advantage",
    "tier_up_cost",
    "war_standing",
]

# --- Validation shared by the downtime rules ---------------------------------
# They live here because factions.py is the module the other one imports;
# putting them anywhere else would create an import cycle.


def require_int(value: object, what: str) -> int:
    """Return ``value`` if it is a whole number; bools are refused (True is not 1 here)."""
    return whole_number(value, what)


def require_non_negative(value: object, what: str) -> int:
    """Return ``value`` if it is a whole number of 0 or more."""
    return whole_number(value, what, 0)


def require_bool(value: object, what: str) -> bool:
    """Return ``value`` if it is True or False; 0 and 1 are refused to catch mix-ups."""
    if not isinstance(value, bool):
        raise ValueError(f"{what} must be True or False, not {value!r}.")
    return value


def require_text(value: object, what: str) -> str:
    """Return ``value`` if it is a string with something other than blanks in it."""
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{what} needs a name, not {value!r}.")
    return value


def _require_range(value: object, what: str, low: int, high: int) -> int:
    number = require_int(value, what)
    if not low <= number <= high:
        raise ValueError(f"{what} is {low} to {high}, not {number}.")
    return number


# --- Tier and hold ------------------------------------------------------------

MIN_TIER = 0
MAX_TIER = 6  # "the Tier 5 and 6 factions, the true powers of the world"
# The tiers as data: the store bounds a stored tier by it (refusals keep this module's
# "is 0 to 6" words, see `_require_range`).
TIER = WholeRange("A tier", MIN_TIER, MAX_TIER)
WEAK = "weak"
STRONG = "strong"
HOLDS = (WEAK, STRONG)


def check_tier(tier: object) -> int:
    """Return a valid tier (0..6) or raise ValueError."""
    return _require_range(tier, TIER.what, TIER.low, TIER.high)


def check_hold(hold: object) -> str:
    """Return a valid hold ("weak" or "strong") or raise ValueError."""
    if not isinstance(hold, str) or hold not in HOLDS:
        raise ValueError(f'Hold is "weak" or "strong", not {hold!r}.')
    return hold


def lose_hold(tier: int, hold: str) -> tuple[int, str]:
    """Tier and hold after losing one level of hold.

    Strong drops to weak at the same tier; weak drops a tier and stays weak.
    A tier-0 faction with weak hold has no tier left to lose, so it stays at
    (0, "weak"); for the chapter that means its lair is under threat, which
    ``loss_threatens_lair`` reports before the loss is applied.
    """
    tier = check_tier(tier)
    if check_hold(hold) == STRONG:
        return tier, WEAK
    return max(MIN_TIER, tier - 1), WEAK


def loss_threatens_lair(tier: int, hold: str) -> bool:
    """True if losing hold now puts the chapter's lair under threat (tier 0, weak)."""
    return check_tier(tier) == MIN_TIER and check_hold(hold) == WEAK


@dataclass(frozen=True)
class HoldLoss:
    """What losing hold does: the tier and hold after it, and whether the lair is now
    under threat (a tier-0 weak *chapter* has no tier left to lose)."""

    tier: int
    hold: str
    lair_threatened: bool


def hold_loss(tier: int, hold: str, chapter: bool = False) -> HoldLoss:
    """Losing hold, an action on the chapter and on every faction (RULES.md section 4):
    strong -> weak; weak -> one tier lower, still weak. A tier-0 weak chapter that loses
    hold gets its lair under threat; a tier-0 weak faction has nothing left to lose."""
    chapter = require_bool(chapter, "The chapter")
    threatened = loss_threatens_lair(tier, hold)
    if threatened and not chapter:
        raise ValueError("At tier 0 with weak hold there is no hold left to lose.")
    new_tier, new_hold = lose_hold(tier, hold)
    return HoldLoss(new_tier, new_hold, threatened)


def gain_hold(tier: int, hold: str) -> tuple[int, str]:
    """Tier and hold after a faction increases its hold (a downtime maneuver).

    Only weak can become strong: going up a tier is development, not hold.
    """
    tier = check_tier(tier)
    if check_hold(hold) == STRONG:
        raise ValueError("Hold is already strong; only development raises the tier.")
    return tier, STRONG


def tier_advantage(tier: int) -> int:
    """Advantage on action rolls: "you gain Advantage equal to your Tier"."""
    return check_tier(tier)


def fortune_rating(tier: int, modifier: int = 0) -> int:
    """The trait for a faction's fortune roll: its tier, moved up or down by circumstance.

    Never below 0, because a trait cannot be negative.
    """
    return max(0, check_tier(tier) + require_int(modifier, "A fortune modifier"))


# --- Gang scale ---------------------------------------------------------------

# People in a gang of each tier: (fewest, most). The text's table stops at
# tier 5 and doubles from tier 3 on (20, 40, 80), so tier 6 continues the
# doubling at 160.
GANG_SCALE: dict[int, tuple[int, int]] = {
    0: (1, 2),
    1: (3, 6),
    2: (12, 12),
    3: (20, 20),
    4: (40, 40),
    5: (80, 80),
    6: (160, 160),
}
# The ladder's wording, from the text's table (tier 6 added to match).
GANG_SCALE_LABELS: dict[int, str] = {
    0: "1 or 2 people",
    1: "Small gangs (3-6 people)",
    2: "Medium gangs (12 people)",
    3: "Large gangs (20 people)",
    4: "Huge gangs (40 people)",
    5: "Massive gangs (80 people)",
    6: "Vast gangs (160 people)",
}


def gang_scale(tier: int) -> tuple[int, int]:
    """How many people a gang of this tier has, as (fewest, most)."""
    return GANG_SCALE[check_tier(tier)]


def gang_scale_label(tier: int) -> str:
    """The gang scale as the ladder shows it, e.g. "Small gangs (3-6 people)"."""
    return GANG_SCALE_LABELS[check_tier(tier)]


# --- Status and war -----------------------------------------------------------

MIN_STATUS = -3
MAX_STATUS = 3
NEUTRAL = 0  # "zero (neutral) being the default starting status"
STATUS = WholeRange("A status", MIN_STATUS, MAX_STATUS)  # as TIER: the store's bound too
WAR_STATUS = -3
STATUS_LABELS: dict[int, str] = {
    3: "Allies",
    2: "Friendly",
    1: "Helpful",
    0: "Neutral",
    -1: "Interfering",
    -2: "Hostile",
    -3: "War",
}
SEIZE_STATUS_CHANGE = -2  # "usually resulting in -2 faction status with the target"
ENEMY_STATUS_CHANGE = 1  # "and potentially +1 status with its enemies"
WAR_HEAT = 1  # "+1 heat from scores"


STATUS_MINUS = "\u2212"  # a real minus sign: "-3" in a hyphen reads as a dash


def status_text(status: int) -> str:
    """A status with its sign and word, as the ladder and the printed summary write it:
    "+2 Friendly", "0 Neutral", "\u22123 War"."""
    label = status_label(status)
    if status > 0:
        return f"+{status} {label}"
    if status < 0:
        return f"{STATUS_MINUS}{-status} {label}"
    return f"0 {label}"


def check_status(status: object) -> int:
    """Return a valid status (-3..+3) or raise ValueError."""
    return _require_range(status, STATUS.what, STATUS.low, STATUS.high)


def status_label(status: int) -> str:
    """The name of a status: +3 Allies .. 0 Neutral .. -3 War."""
    return STATUS_LABELS[check_status(status)]


def change_status(status: int, delta: int, quiet: bool = False) -> int:
    """Status after a change, held inside -3..+3.

    A quiet operation changes nothing ("If you keep your operation completely
    quiet then your status doesn't change"). A change past the ends stops at
    War or Allies: the scale has nothing beyond them.
    """
    status = check_status(status)
    delta = require_int(delta, "A status change")
    if require_bool(quiet, "Quiet"):
        return status
    return max(MIN_STATUS, min(MAX_STATUS, status + delta))


def is_war(status: int) -> bool:
    """True if this status means war (-3)."""
    return check_status(status) == WAR_STATUS


def chapter_at_war(statuses: Iterable[int]) -> bool:
    """True if the chapter is at war with any faction ("with any number of factions")."""
    return any([is_war(status) for status in statuses])  # list: validate every status


def war_standing(tier: int, hold: str, at_war: bool) -> tuple[int, str]:
    """Tier and hold that count while at war.

    War "temporarily loses 1 hold", which at weak hold costs a tier. The
    stored tier and hold stay the pre-war ones, so ending the war restores
    them ("restore your Chapter's Tier back to its pre-war level").
    """
    if require_bool(at_war, "At war"):
        return lose_hold(tier, hold)
    return check_tier(tier), check_hold(hold)


def counting_tier(tier: int, hold: str, at_war: bool) -> int:
    """The tier that counts now: the war standing's tier while at war, else the tier.

    "Wherever a tier counts (payoff rep, asset quality, the dice of a fortune or action
    roll on tier, gang scale), a chapter or faction at war counts with its war standing."
    """
    return war_standing(tier, hold, at_war)[0]


def score_heat(heat: int, at_war: bool) -> int:
    """Heat a score brings: what the GM sets, +1 while at war."""
    heat = require_non_negative(heat, "Heat from a score")
    return heat + (WAR_HEAT if require_bool(at_war, "At war") else 0)


# --- Development --------------------------------------------------------------

FULL_REP = 12  # "You need 12 Rep to fill the Rep tracker"
MIN_TURF = 0
MAX_TURF = 6  # "You can hold a maximum of 6 Turf."
TIER_COST_PER_LEVEL = 5  # "Coin equal to your new Tier × 5"

DEVELOP_NOTHING = "nothing"
DEVELOP_STRENGTHEN = "strengthen"
DEVELOP_TIER_UP = "tier_up"


def check_turf(turf: object) -> int:
    """Return a valid turf count (0..6) or raise ValueError."""
    return _require_range(turf, "Turf", MIN_TURF, MAX_TURF)


def rep_to_develop(turf: int) -> int:
    """Rep that fills the tracker: 12, less one per piece of turf."""
    return FULL_REP - check_turf(turf)


def tier_up_cost(new_tier: int) -> int:
    """Coin to reach ``new_tier`` (1..6): the new tier x 5."""
    new_tier = _require_range(new_tier, "A new tier", MIN_TIER + 1, MAX_TIER)
    return new_tier * TIER_COST_PER_LEVEL


@dataclass(frozen=True)
class DevelopOption:
    """What Develop would do now, whether it may, at what coin cost, and why."""

    action: str  # DEVELOP_NOTHING | DEVELOP_STRENGTHEN | DEVELOP_TIER_UP
    allowed: bool
    cost: int
    reason: str


@dataclass(frozen=True)
class Chapter:
    """The players' faction. Starts at tier 0 with strong hold.

    ``tier`` and ``hold`` are the chapter's own, pre-war values; use
    ``standing`` for the values that count while at war.
    """

    tier: int = MIN_TIER
    hold: str = STRONG
    rep: int = 0
    turf: int = 0
    coin: int = 0
    heat: int = 0

    def __post_init__(self) -> None:
        check_tier(self.tier)
        check_hold(self.hold)
        check_turf(self.turf)
        _require_range(self.rep, "Rep", 0, rep_to_develop(self.turf))
        require_non_negative(self.coin, "Coin")
        require_non_negative(self.heat, "Heat")

    @property
    def rep_needed(self) -> int:
        return rep_to_develop(self.turf)

    @property
    def rep_full(self) -> bool:
        return self.rep == self.rep_needed

    def earn_rep(self, amount: int) -> Chapter:
        """Add rep; a full tracker earns nothing ("12 is the max")."""
        amount = require_non_negative(amount, "Rep earned")
        return replace(self, rep=min(self.rep + amount, self.rep_needed))

    def lose_rep(self, amount: int) -> Chapter:
        """Take rep away (bragging costs 2); the tracker never goes below empty."""
        amount = require_non_negative(amount, "Rep lost")
        return replace(self, rep=max(0, self.rep - amount))

    def with_turf(self, turf: int) -> Chapter:
        """Set turf (it follows the turf claims held).

        More turf lowers the rep needed; rep above the new need is cut to it,
        since the tracker cannot hold more than it takes to fill.
        """
        return replace(self, turf=turf, rep=min(self.rep, rep_to_develop(turf)))

    def gain_coin(self, amount: int) -> Chapter:
        return replace(self, coin=self.coin + require_non_negative(amount, "Coin gained"))

    def spend_coin(self, amount: int) -> Chapter:
        amount = require_non_negative(amount, "Coin spent")
        if amount > self.coin:
            raise ValueError(f"The chapter has {self.coin} coin, not the {amount} needed.")
        return replace(self, coin=self.coin - amount)

    def add_heat(self, amount: int) -> Chapter:
        """Change heat by ``amount`` (negative lowers it); heat never goes below 0."""
        amount = require_int(amount, "A heat change")
        return replace(self, heat=max(0, self.heat + amount))

    def lose_hold(self) -> Chapter:
        """Lose one level of hold; check ``loss_threatens_lair`` first for the lair."""
        tier, hold = lose_hold(self.tier, self.hold)
        return replace(self, tier=tier, hold=hold)

    def standing(self, at_war: bool) -> tuple[int, str]:
        """Tier and hold that count now (one hold lower while at war)."""
        return war_standing(self.tier, self.hold, at_war)

    def develop_option(self) -> DevelopOption:
        return develop_option(self)

    def develop(self) -> Chapter:
        """Apply Develop: weak -> strong, or pay for the next tier. Rep resets, turf stays."""
        option = develop_option(self)
        if not option.allowed:
            raise ValueError(option.reason)
        if option.action == DEVELOP_STRENGTHEN:
            return replace(self, hold=STRONG, rep=0)
        return replace(self.spend_coin(option.cost), tier=self.tier + 1, hold=WEAK, rep=0)


def develop_option(chapter: Chapter) -> DevelopOption:
    """What Develop may do for this chapter now, and the plain reason if nothing.

    Development follows the chapter's own hold, not the war-reduced one: the
    war loss is temporary and is laid on top of whatever the chapter has.
    """
    if not chapter.rep_full:
        missing = chapter.rep_needed - chapter.rep
        return DevelopOption(
            DEVELOP_NOTHING, False, 0, f"The rep tracker needs {missing} more rep to be full."
        )
    if chapter.hold == WEAK:
        return DevelopOption(DEVELOP_STRENGTHEN, True, 0, "Hold becomes strong; rep resets to 0.")
    if chapter.tier == MAX_TIER:
        return DevelopOption(
            DEVELOP_NOTHING, False, 0, f"Tier {MAX_TIER} is the top of the ladder."
        )
    new_tier = chapter.tier + 1
    cost = tier_up_cost(new_tier)
    if chapter.coin < cost:
        return DevelopOption(
            DEVELOP_TIER_UP,
            False,
            cost,
            f"Tier {new_tier} costs {cost} coin; the chapter has {chapter.coin}.",
        )
    return DevelopOption(
        DEVELOP_TIER_UP,
        True,
        cost,
        f"Pay {cost} coin to reach tier {new_tier}; rep resets to 0 and hold becomes weak.",
    )


# --- Other factions -------------------------------------------------------------


@dataclass(frozen=True)
class Faction:
    """A faction on the ladder, with the chapter's status towards it.

    ``at_war_with_others`` marks a war that does not involve the chapter;
    a status of -3 is itself a war with the chapter.
    """

    name: str
    tier: int = MIN_TIER
    hold: str = STRONG
    status: int = NEUTRAL
    at_war_with_others: bool = False

    def __post_init__(self) -> None:
        require_text(self.name, "A faction")
        check_tier(self.tier)
        check_hold(self.hold)
        check_status(self.status)
        require_bool(self.at_war_with_others, "At war with others")

    @property
    def at_war(self) -> bool:
        return self.at_war_with_others or self.status == WAR_STATUS

    @property
    def status_label(self) -> str:
        return status_label(self.status)

    def standing(self) -> tuple[int, str]:
        """Tier and hold that count now: "a faction at war temporarily loses 1 Hold"."""
        return war_standing(self.tier, self.hold, self.at_war)

    def with_status(self, delta: int, quiet: bool = False) -> Faction:
        return replace(self, status=change_status(self.status, delta, quiet))

    def lose_hold(self) -> Faction:
        tier, hold = lose_hold(self.tier, self.hold)
        return replace(self, tier=tier, hold=hold)

    def gain_hold(self) -> Faction:
        tier, hold = gain_hold(self.tier, self.hold)
        return replace(self, tier=tier, hold=hold)


# --- Claims ---------------------------------------------------------------------

LAIR = "Lair"  # the central square of the claim map; a node for paths, not a claim
# The lair's id in claim paths; also "held by the chapter" as a claim's holder id.
LAIR_ID = 0


@dataclass(frozen=True)
class Claim:
    """One claim on the map: who holds it, what it gives, and whether it is turf."""

    name: str
    holder: str
    benefit: str = ""
    turf: bool = False

    def __post_init__(self) -> None:
        require_text(self.name, "A claim")
        if self.name == LAIR:
            raise ValueError(f'"{LAIR}" is the centre of the map, not a claim name.')
        require_text(self.holder, "A claim's holder")
        if not isinstance(self.benefit, str):
            raise ValueError(f"A claim's benefit must be text, not {self.benefit!r}.")
        require_bool(self.turf, "Turf")


@dataclass(frozen=True)
class Seizure:
    """A claim changing hands: the new map, who lost it, and the status change to offer."""

    claims: ClaimMap
    loser: str
    status_change: int


@dataclass(frozen=True)
class ClaimMap:
    """The chapter's claim map: claims, paths between them and the lair, and the lair's state.

    Paths are undirected pairs of claim names or ``LAIR``.
    """

    chapter: str
    claims: tuple[Claim, ...] = ()
    paths: tuple[tuple[str, str], ...] = ()
    lair_held: bool = True

    def __post_init__(self) -> None:
        require_text(self.chapter, "The chapter")
        require_bool(self.lair_held, "Lair held")
        # Tuples, not lists: a stored state must not change behind the undo stack's back.
        if not isinstance(self.claims, tuple) or not isinstance(self.paths, tuple):
            raise ValueError("A claim map's claims and paths must be tuples.")
        if any(not isinstance(claim, Claim) for claim in self.claims):
            raise ValueError("Every claim on a map must be a Claim.")
        names = [claim.name for claim in self.claims]
        if len(set(names)) != len(names):
            raise ValueError("Two claims on one map can't share a name.")
        self._check_paths(set(names) | {LAIR})

    def _check_paths(self, nodes: set[str]) -> None:
        seen: set[frozenset[str]] = set()
        for path in self.paths:
            if not isinstance(path, tuple) or len(path) != 2:
                raise ValueError(f"A path joins two places, not {path!r}.")
            start, end = path
            for end_name in path:
                if end_name not in nodes:
                    raise ValueError(f"A path leads to {end_name!r}, which is not on the map.")
            if start == end:
                raise ValueError(f"A path can't lead from {start!r} to itself.")
            if frozenset(path) in seen:
                raise ValueError(f"There is already a path between {start!r} and {end!r}.")
            seen.add(frozenset(path))

    # Looking things up

    def claim(self, name: str) -> Claim:
        for claim in self.claims:
            if claim.name == name:
                return claim
        raise ValueError(f"There is no claim called {name!r} on the map.")

    def held(self) -> tuple[Claim, ...]:
        """The claims the chapter holds, whether or not their benefits apply."""
        return tuple(claim for claim in self.claims if claim.holder == self.chapter)

    def turf_count(self) -> int:
        """Turf the chapter counts: its turf claims, at most 6, none while the lair is lost.

        Turf is one of a claim's benefits, and losing the lair suspends them all.
        """
        if not self.lair_held:
            return 0
        return min(MAX_TURF, sum(1 for claim in self.held() if claim.turf))

    def benefits(self) -> tuple[str, ...]:
        """Benefits the chapter enjoys now: none while the lair is lost."""
        if not self.lair_held:
            return ()
        return tuple(claim.benefit for claim in self.held() if claim.benefit)

    def neighbours(self, name: str) -> tuple[str, ...]:
        if name != LAIR:
            self.claim(name)
        return tuple(end for path in self.paths if name in path for end in path if end != name)

    def on_path(self, name: str) -> bool:
        """True if the claim is next along the roadmap: linked to the lair or a held claim.

        Seizing one off the paths is allowed but "especially difficult".
        """
        if self.claim(name).holder == self.chapter:
            return False
        held = {claim.name for claim in self.held()} | {LAIR}
        return any(node in held for node in self.neighbours(name))

    # Changing hands

    def transfer(self, name: str, to: str) -> ClaimMap:
        """Give a claim to another holder: any faction may seize from any other."""
        require_text(to, "The new holder")
        if self.claim(name).holder == to:
            raise ValueError(f"{to} already holds {name!r}.")
        claims = tuple(replace(c, holder=to) if c.name == name else c for c in self.claims)
        return replace(self, claims=claims)

    def seize(self, name: str) -> Seizure:
        """The chapter seizes a claim; the status change with the loser is offered, not forced."""
        loser = self.claim(name).holder
        return Seizure(self.transfer(name, self.chapter), loser, SEIZE_STATUS_CHANGE)

    def lose(self, name: str, to: str) -> ClaimMap:
        """The chapter loses one of its claims, and its benefit, to another faction."""
        if self.claim(name).holder != self.chapter:
            raise ValueError(f"The chapter does not hold {name!r}, so it can't lose it.")
        return self.transfer(name, to)

    def lose_lair(self) -> ClaimMap:
        return replace(self, lair_held=False)

    def restore_lair(self) -> ClaimMap:
        """A restored or new lair (a score) brings every claim's benefit back."""
        return replace(self, lair_held=True)

    # Editing the map

    def add_claim(self, claim: Claim) -> ClaimMap:
        return replace(self, claims=(*self.claims, claim))

    def remove_claim(self, name: str) -> ClaimMap:
        """Remove a claim and every path that touches it."""
        self.claim(name)
        claims = tuple(claim for claim in self.claims if claim.name != name)
        paths = tuple(path for path in self.paths if name not in path)
        return replace(self, claims=claims, paths=paths)

    def add_path(self, start: str, end: str) -> ClaimMap:
        return replace(self, paths=(*self.paths, (start, end)))

    def remove_path(self, start: str, end: str) -> ClaimMap:
        pair = frozenset((start, end))
        paths = tuple(path for path in self.paths if frozenset(path) != pair)
        if len(paths) == len(self.paths):
            raise ValueError(f"There is no path between {start!r} and {end!r}.")
        return replace(self, paths=paths)
