"""Tests for desktop.rules.downtime.

Examples come straight from rules/downtime-and-factions.txt (the sentence is quoted
in each docstring) and RULES.md section 4; hypothesis checks the properties.
"""

import random
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from desktop.rules.downtime import (
    ACQUIRE_ASSET,
    ACTIVITIES,
    ATTRACT_TROUBLE,
    BRAG,
    CONTROLLED,
    CRITICAL,
    DESPERATE,
    EXEMPLIFY_VIRTUE,
    FAILURE,
    HEALING,
    INDULGE_VICE,
    LONG_TERM_PROJECT,
    LOST,
    OVERINDULGENCES,
    RISKY,
    SELF,
    SELF_TRACK,
    SUCCESS,
    TAPPED,
    TRAIN,
    TREATED,
    UNTREATED,
    CharacterDowntime,
    Clock,
    Health,
    Payoff,
    Result,
    StressTrack,
    activity_advantage,
    asset_quality,
    clock_ticks,
    coin_to_raise,
    downtime_activities,
    exemplify_virtue,
    heal,
    healing_mode,
    indulge_vice,
    meets_minimum,
    overindulgence,
    pay_extra_activity,
    payoff,
    payoff_coin,
    payoff_rep,
    raise_result,
    recover_with_stress,
    recovery_hp,
    roll_die,
    suggest_result,
    target_number,
    train_xp,
)
from desktop.rules.factions import Chapter

FAIL = Result(FAILURE)
WIN = Result(SUCCESS)


def crit(multiplier: int) -> Result:
    return Result(CRITICAL, multiplier)


def exact(message: str) -> str:
    """A pytest.raises pattern matching the whole plain-language message."""
    return f"^{re.escape(message)}$"


# --- Result levels ---------------------------------------------------------------


def test_clock_ticks_by_level() -> None:
    """Text: "Failure: 1 Segment, Success: 2 Segments, Critical: 2 Segments + Critical
    multiplier." """
    assert clock_ticks("failure") == 1
    assert clock_ticks("success") == 2
    assert clock_ticks("critical", 1) == 3
    assert clock_ticks("critical", 3) == 5


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("critical",), "at least 1"),
        (("critical", 0), "at least 1"),
        (("success", 2), "Only a critical"),
        (("Success",), '"failure", "success" or "critical"'),
        (("win",), '"failure", "success" or "critical"'),
        (("critical", True), "whole number"),
        (("critical", 1.5), "whole number"),
    ],
)
def test_clock_ticks_rejects_bad_input(args: tuple[object, ...], message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        clock_ticks(*args)  # type: ignore[arg-type]


def test_raise_with_coin_examples() -> None:
    """Text: "Increase the Result Level by 1 for each Coin spent. So, a Failure becomes a Success,
    a Success becomes a Critical, and a Critical increases its multiplier by one." """
    assert raise_result(FAIL, 1) == WIN
    assert raise_result(WIN, 1) == crit(1)
    assert raise_result(crit(1), 1) == crit(2)
    assert raise_result(FAIL, 4) == crit(3)
    assert raise_result(WIN, 0) == WIN


def test_coin_to_raise_counts_levels() -> None:
    assert coin_to_raise(FAIL, crit(2)) == 3
    assert coin_to_raise(WIN, WIN) == 0
    with pytest.raises(ValueError, match="only raises"):
        coin_to_raise(crit(1), WIN)


def test_raise_rejects_negative_coin() -> None:
    with pytest.raises(ValueError, match="must be at least 0, not -"):
        raise_result(WIN, -1)


def test_result_labels() -> None:
    assert [FAIL.label, WIN.label, crit(2).label] == ["Failure", "Success", "Critical ×2"]


def test_target_numbers() -> None:
    """Text: "make an Action Roll versus a Controlled (6), Risky (11), or Desperate (16)
    target number" """
    assert (CONTROLLED, RISKY, DESPERATE) == (6, 11, 16)
    assert [target_number(p) for p in ("controlled", "risky", "desperate")] == [6, 11, 16]
    with pytest.raises(ValueError, match="position"):
        target_number("easy")


@pytest.mark.parametrize(
    ("total", "target", "expected"),
    [
        (10, 11, FAIL),
        (11, 11, WIN),
        (15, 11, WIN),
        (16, 11, crit(1)),
        (20, 11, crit(1)),
        (21, 11, crit(2)),
        (31, 11, crit(4)),
        (5, 6, FAIL),
        (6, 6, WIN),
        (11, 6, crit(1)),
        (-3, 6, FAIL),
    ],
)
def test_suggest_result(total: int, target: int, expected: Result) -> None:
    assert suggest_result(total, target) == expected


def test_suggest_result_rejects_bad_target() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        suggest_result(10, 0)
    with pytest.raises(ValueError, match="whole number"):
        suggest_result(True, 6)


@given(st.integers(-50, 200), st.sampled_from([6, 11, 16]))
def test_suggestion_grows_with_the_total(total: int, target: int) -> None:
    assert suggest_result(total + 1, target).rank >= suggest_result(total, target).rank


@given(st.integers(0, 40), st.integers(0, 10))
def test_raising_adds_one_rank_per_coin(rank: int, coin: int) -> None:
    start = Result.from_rank(rank)
    assert raise_result(start, coin).rank == rank + coin
    assert coin_to_raise(start, raise_result(start, coin)) == coin


# --- Clocks ------------------------------------------------------------------


def test_long_term_project_example() -> None:
    """Text: "start a Long-Term Project---6 Segments---called... 'Weird God Vibes.'" """
    clock = Clock("Weird God Vibes", 6)
    assert (clock.filled, clock.remaining, clock.full) == (0, 6, False)
    clock = clock.advance(WIN).advance(crit(1))
    assert (clock.filled, clock.full) == (5, False)
    assert clock.advance(FAIL).full


def test_zibiah_family_sword_clock() -> None:
    """Text: "The GM says this is an 8--clock" for "Get My Family Sword Back from the Pawn
    Shop." """
    clock = Clock("Get My Family Sword Back from the Pawn Shop", 8)
    assert clock.advance(crit(2)).filled == 4


def test_faction_fortune_roll_ticks() -> None:
    """Text: "Given Failure: tick 1 Segment, Success: tick 2 Segments, Critical: tick 2 Segments +
    Critical multiplier." """
    clock = Clock("The Hive seizes the docks", 8)
    assert [clock.advance(r).filled for r in (FAIL, WIN, crit(2))] == [1, 2, 4]


def test_clock_never_past_full() -> None:
    """RULES.md: "Progress from a roll: Failure 1, Success 2, Critical 2 + m; never past full." """
    assert Clock("Escape", 4, 3).advance(crit(3)).filled == 4


def test_clock_fill_to_and_resize() -> None:
    clock = Clock("Heist", 8, 5)
    assert clock.fill_to(8).full
    assert clock.fill_to(0).filled == 0
    assert clock.resize(4) == Clock("Heist", 4, 4)
    assert clock.resize(12) == Clock("Heist", 12, 5)
    assert clock.renamed("Big heist").name == "Big heist"
    assert clock.tick(-9).filled == 0


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Clock("X", 13), "A clock has 2 to 12 segments, not 13."),
        (lambda: Clock("X", 1), "A clock has 2 to 12 segments, not 1."),
        (lambda: Clock("X", True), "whole number"),
        (lambda: Clock("X", 4, 5), "A 4-segment clock has 0 to 4 filled, not 5."),
        (lambda: Clock("X", 4, -1), "not -1"),
        (lambda: Clock("  ", 4), "needs a name"),
        (lambda: Clock("X", 6).fill_to(7), "not 7"),
        (lambda: Clock("X", 6).resize(14), "not 14"),
        (lambda: Clock("X", 6).tick(1.0), "whole number"),
    ],
)
def test_clock_validation(make: object, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        make()  # type: ignore[operator]


clock_ops = st.one_of(
    st.tuples(st.just("tick"), st.integers(-20, 20)),
    st.tuples(st.just("advance"), st.integers(0, 12).map(Result.from_rank)),
    st.tuples(st.just("fill_to"), st.integers(0, 12)),
    st.tuples(st.just("resize"), st.integers(2, 12)),
)


@given(st.integers(2, 12), st.lists(clock_ops, max_size=30))
def test_clocks_never_overfill_or_go_below_empty(segments: int, ops: list[tuple]) -> None:
    clock = Clock("Prop", segments)
    for name, arg in ops:
        if name == "fill_to":
            arg = min(arg, clock.segments)
        clock = getattr(clock, name)(arg)
        assert 0 <= clock.filled <= clock.segments
        assert 2 <= clock.segments <= 12


# --- Payoff --------------------------------------------------------------------


def test_payoff_rep_higher_target() -> None:
    """Text: "If your Chapter is Tier I and you pull off a successful Adventure against a Tier III
    target, you earn 4 Rep (2 Rep, +2 Rep for a target two Tiers above you)." """
    assert payoff_rep(1, 3) == 4


def test_payoff_rep_lower_target() -> None:
    """Text: "If your Chapter is Tier III and you complete a Adventure against a Tier I target,
    you earn 0 Rep (2 Rep, -2 Rep for the lower Tier target)." """
    assert payoff_rep(3, 1) == 0


def test_payoff_rep_default_and_minimum() -> None:
    """Text: "The Chapter earns 2 Rep per Adventure by default. ... -1 Rep per Tier lower
    (minimum zero)." """
    assert payoff_rep(2, 2) == 2
    assert payoff_rep(2, 1) == 1
    assert payoff_rep(6, 0) == 0
    assert payoff_rep(0, 6) == 8


def test_payoff_rep_quiet() -> None:
    """Text: "If you keep the operation completely quiet so no one knows about it, you earn zero
    Rep." """
    assert payoff_rep(0, 4, quiet=True) == 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((7, 1), "A tier is 0 to 6, not 7."),
        ((1, -1), "not -1"),
        ((True, 1), "whole number"),
        ((1, 1, 1), "True or False"),
    ],
)
def test_payoff_rep_validation(args: tuple[object, ...], message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        payoff_rep(*args)  # type: ignore[arg-type]


def test_payoff_coin_by_job_size() -> None:
    """Text: "2 Coin: A minor job ... 4 Coin: A small job ... 6 Coin: A standard Adventure ...
    8 Coin: A big Adventure ... 10+ Coin: A major Adventure" """
    sizes = ("minor", "small", "standard", "big", "major")
    assert [payoff_coin(size) for size in sizes] == [2, 4, 6, 8, 10]
    assert payoff_coin("major", 14) == 14
    assert payoff_coin("small", 4) == 4
    with pytest.raises(ValueError, match=exact("A major job pays 10 or more coin, not 9.")):
        payoff_coin("major", 9)
    with pytest.raises(ValueError, match=exact("A small job pays 4 coin, not 5.")):
        payoff_coin("small", 5)
    with pytest.raises(ValueError, match="A job is"):
        payoff_coin("huge")


def test_quiet_job_still_pays_coin() -> None:
    assert payoff(1, 3, "big", quiet=True) == Payoff(rep=0, coin=8)
    assert payoff(1, 3, "major", coin=12) == Payoff(rep=4, coin=12)


# --- Downtime activities ---------------------------------------------------------------


def test_activities_per_character() -> None:
    """Text: "Each Character may Work twice during Downtime. When you're at war, each Character has
    time for only one." """
    assert downtime_activities(False) == 2
    assert downtime_activities(True) == 1
    with pytest.raises(ValueError, match="True or False"):
        downtime_activities(1)  # type: ignore[arg-type]


def test_the_six_activities() -> None:
    assert ACTIVITIES == (
        ACQUIRE_ASSET,
        LONG_TERM_PROJECT,
        HEALING,
        TRAIN,
        EXEMPLIFY_VIRTUE,
        INDULGE_VICE,
    )


def test_extra_activities_cost_coin_or_rep() -> None:
    """Text: "Each additional Activity from the list costs 1 Coin or 1 Rep." """
    turn = CharacterDowntime().take(HEALING)
    assert (turn.free_left, turn.next_cost) == (1, 0)
    turn = turn.take(HEALING)
    assert (turn.free_left, turn.next_cost) == (0, 1)
    assert pay_extra_activity(3, 5, "coin") == (2, 5)
    assert pay_extra_activity(3, 5, "rep") == (3, 4)
    with pytest.raises(ValueError, match="costs 1 rep; there is 0"):
        pay_extra_activity(3, 0, "rep")
    with pytest.raises(ValueError, match='"coin" or "rep"'):
        pay_extra_activity(3, 3, "xp")


def test_at_war_the_second_activity_costs() -> None:
    turn = CharacterDowntime(at_war=True).take(INDULGE_VICE)
    assert (turn.free, turn.next_cost) == (1, 1)


def test_same_activity_more_than_once() -> None:
    """Text: "You may choose to Work on any Activity more than once." """
    turn = CharacterDowntime().take(LONG_TERM_PROJECT).take(LONG_TERM_PROJECT)
    assert turn.taken == (LONG_TERM_PROJECT, LONG_TERM_PROJECT)


def test_train_each_track_once() -> None:
    """Text: "You can train a given XP track only once per downtime." """
    turn = CharacterDowntime().take(TRAIN, "Prowess")
    assert not turn.can_train("Prowess")
    assert turn.take(TRAIN, SELF_TRACK).trained == ("Prowess", SELF_TRACK)
    with pytest.raises(ValueError, match="already trained"):
        turn.take(TRAIN, "Prowess")
    with pytest.raises(ValueError, match="needs the XP track"):
        turn.take(TRAIN)
    with pytest.raises(ValueError, match="Only Train"):
        turn.take(HEALING, "Prowess")
    with pytest.raises(ValueError, match="downtime activity"):
        turn.take("nap")


def test_train_xp() -> None:
    """Text: "mark 1 XP ... If you have the appropriate Chapter Training upgrade unlocked, mark
    +1 XP (2 total)." """
    assert train_xp(False) == 1
    assert train_xp(True) == 2


def test_advantage_from_help() -> None:
    """Text: "gain Advantage on the roll if a friend or contact helps you" and "If you acquire the
    same Asset again, you gain Advantage on your roll." """
    assert activity_advantage(False) == 0
    assert activity_advantage(True) == 1
    assert activity_advantage(True, same_asset_again=True) == 2


def test_character_downtime_validation() -> None:
    with pytest.raises(ValueError, match="exactly one XP track"):
        CharacterDowntime(taken=(TRAIN,))
    with pytest.raises(ValueError, match="only once"):
        CharacterDowntime(taken=(TRAIN, TRAIN), trained=("Self", "Self"))
    with pytest.raises(ValueError, match="tuples"):
        CharacterDowntime(taken=[HEALING])  # type: ignore[arg-type]


# --- Acquire asset -------------------------------------------------------------------


def test_asset_quality_by_result() -> None:
    """Text: "A Failure is Tier - 1; a Success is Tier, and a Critical is Tier + Critical
    multiplier." """
    assert asset_quality(2, FAIL) == 1
    assert asset_quality(2, WIN) == 2
    assert asset_quality(2, crit(2)) == 4


def test_asset_quality_bought_with_coin() -> None:
    """Text: "You can spend Coin to raise the result of this roll by spending 2 Coin per additional
    Tier level added." """
    assert asset_quality(2, WIN, coin=4) == 4
    with pytest.raises(ValueError, match="2 coin a level"):
        asset_quality(2, WIN, coin=3)


def test_asset_quality_never_below_zero() -> None:
    assert asset_quality(0, FAIL) == 0


def test_minimum_quality() -> None:
    """Text: "if you want to get a set of military uniforms and masks, you'd need to acquire a Tier
    IV Asset. A lower result won't do." """
    assert not meets_minimum(asset_quality(3, WIN), 4)
    assert meets_minimum(asset_quality(3, crit(1)), 4)
    assert meets_minimum(0, None)


# --- Healing and recovery ---------------------------------------------------------------


def test_recover_by_spending_stress() -> None:
    """Text: "During Downtime, you can expend 1 Stress to Recover (regaining one-quarter of your
    maximum HP)." """
    health, stress = recover_with_stress(Health(10, 20), StressTrack(2))
    assert (health, stress) == (Health(15, 20), StressTrack(3))


def test_recovery_rounds_down_but_restores_at_least_one() -> None:
    assert [recovery_hp(m) for m in (1, 3, 4, 10, 20)] == [1, 1, 1, 2, 5]


def test_treated_healing() -> None:
    """Text: "Your healer rolls ... versus a Risky (11) target number and then you Recover based on
    the roll: Failure: Recover 1×, Success: Recover 2×, Critical: Recover 2× + Critical
    multiplier." """
    assert healing_mode(TREATED).target == RISKY
    start, stress = Health(0, 40), StressTrack(0)
    assert [heal(start, stress, TREATED, r)[0].current for r in (FAIL, WIN, crit(1))] == [
        10,
        20,
        30,
    ]
    assert heal(start, stress, TREATED, WIN)[1] == stress


def test_healing_yourself() -> None:
    """Text: "You may heal yourself by rolling against a Desperate (16) target number, but you take
    2 stress when you do so." """
    mode = healing_mode(SELF)
    assert (mode.target, mode.stress) == (DESPERATE, 2)
    assert heal(Health(4, 8), StressTrack(1), SELF, FAIL) == (Health(6, 8), StressTrack(3))


def test_tough_it_out() -> None:
    """Text: "choose to simply tough it out ... take 1 stress and suffer Disadvantage on the Action
    Roll." """
    mode = healing_mode(UNTREATED)
    assert (mode.stress, mode.disadvantage) == (1, True)
    assert heal(Health(4, 8), StressTrack(0), UNTREATED, WIN)[1] == StressTrack(1)


def test_healing_never_above_maximum() -> None:
    assert heal(Health(7, 8), StressTrack(), TREATED, crit(3))[0] == Health(8, 8)


def test_healing_needs_room_for_its_stress() -> None:
    with pytest.raises(ValueError, match="Only 1 stress box"):
        heal(Health(1, 8), StressTrack(8, 9), SELF, WIN)


# --- Stress, virtue and vice ---------------------------------------------------------------


def test_stress_track_default_and_validation() -> None:
    assert StressTrack().length == 9
    with pytest.raises(ValueError, match=exact("A 9-box stress track has 0 to 9 marked, not 10.")):
        StressTrack(10)
    with pytest.raises(ValueError, match="1 to 20 boxes"):
        StressTrack(0, 0)


def test_exemplify_virtue_clears_d6() -> None:
    """Text: "Roll [d6]. Clear Stress equal to your roll." """
    assert exemplify_virtue(StressTrack(5), 4) == StressTrack(1)
    assert exemplify_virtue(StressTrack(2), 6) == StressTrack(0)
    with pytest.raises(ValueError, match=exact("A d6 shows 1 to 6, not 7.")):
        exemplify_virtue(StressTrack(5), 7)


def test_indulge_vice_clears_d10() -> None:
    """Text: "Roll [d10]. Clear Stress equal to your roll." """
    outcome = indulge_vice(StressTrack(8), 7)
    assert (outcome.stress, outcome.overindulged) == (StressTrack(1), False)
    assert indulge_vice(StressTrack(7), 7).overindulged is False


def test_overindulgence() -> None:
    """Text: "If you clear more Stress boxes than you had marked, you Overindulge." """
    outcome = indulge_vice(StressTrack(3), 4)
    assert (outcome.stress, outcome.overindulged) == (StressTrack(0), True)


def test_the_four_overindulgences() -> None:
    """Text: "Attract Trouble. ... Brag about your exploits. -2 Rep. ... Lost. ... When your
    character returns, they've also healed any harm they had. ... Tapped." """
    assert set(OVERINDULGENCES) == {ATTRACT_TROUBLE, BRAG, LOST, TAPPED}
    brag = overindulgence(BRAG)
    assert Chapter(rep=5).lose_rep(brag.rep_lost).rep == 3
    assert Chapter(rep=1).lose_rep(brag.rep_lost).rep == 0
    assert overindulgence(LOST).heals_harm
    assert Health(2, 12).healed() == Health(12, 12)
    with pytest.raises(ValueError, match="overindulgence"):
        overindulgence("sulk")


def test_dice_come_from_the_generator_passed_in() -> None:
    faces = [roll_die(random.Random(7), 10) for _ in range(3)]
    assert faces == [roll_die(random.Random(7), 10)] * 3
    rng = random.Random(1)
    assert all(1 <= roll_die(rng, 6) <= 6 for _ in range(200))
    with pytest.raises(ValueError, match=r"random\.Random"):
        roll_die(random, 6)  # type: ignore[arg-type]


@given(st.integers(0, 9), st.integers(1, 10))
def test_vice_never_clears_below_empty(marked: int, face: int) -> None:
    outcome = indulge_vice(StressTrack(marked), face)
    assert outcome.stress.marked == max(0, marked - face)
    assert outcome.overindulged == (face > marked)


@given(
    st.integers(1, 20).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, n))),
    st.lists(st.integers(-5, 5), max_size=20),
)
def test_stress_stays_on_the_track(start: tuple[int, int], changes: list[int]) -> None:
    length, marked = start
    track = StressTrack(marked, length)
    for change in changes:
        track = track.mark(min(change, track.room)) if change >= 0 else track.clear(-change)
        assert 0 <= track.marked <= track.length
