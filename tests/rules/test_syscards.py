"""Tests for desktop.rules.syscards.

Examples come straight from rules/syscards-capacity-and-efficiency.txt (the sentence is
quoted in each docstring) and RULES.md section 1; hypothesis checks the properties.
"""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from desktop.rules.syscards import (
    ACTION_MODE,
    CATEGORIES,
    GRADES,
    NEW_CARD_EFFICIENCY,
    TALE_MODE,
    ActOutcome,
    CardStats,
    ChallengeOutcome,
    Contender,
    act,
    challenge,
    efficiency_label,
    grade_for,
    grade_info,
    is_raise_throw,
    needs_throw,
    owner_chain,
    raise_efficiency,
    rejection,
    roll_d100,
    settle_ties,
    throw_result,
    validate_new_owner,
    validate_owner_chain,
)

rates = st.integers(min_value=1, max_value=100)
raise_froms = st.integers(min_value=1, max_value=100)
raise_bys = st.integers(min_value=0, max_value=100)
velocities = st.integers(min_value=0, max_value=5)
out_of_range = st.one_of(st.integers(max_value=0), st.integers(min_value=101))
not_whole = st.one_of(
    st.booleans(),
    st.floats(allow_nan=True),
    st.text(max_size=3),
    st.none(),
    st.lists(st.integers(), max_size=2),
)
bad_rates = st.one_of(out_of_range, not_whole)


@st.composite
def contender_lists(draw: st.DrawFn, min_size: int = 2, max_size: int = 8) -> list[Contender]:
    # Few distinct values so that ties on velocity, result and efficiency are common.
    count = draw(st.integers(min_value=min_size, max_value=max_size))
    small_rates = st.sampled_from([1, 40, 41, 95, 99, 100])
    return [
        Contender(
            name=f"C{index}",
            throw=draw(small_rates),
            efficiency=draw(small_rates),
            velocity=draw(st.integers(min_value=0, max_value=2)),
            necessary_rate=draw(st.one_of(st.none(), small_rates)),
        )
        for index in range(count)
    ]


# --------------------------------------------------------------- worked examples


class TestCapacityAndNecessaryRate:
    def test_reaching_the_rate_succeeds(self) -> None:
        """ "if the Entity, reaches or surpasses the NR with its Dice Throw Result, then the
        Act is considered successful"."""
        assert act(10, 60, throw=60).success
        assert act(10, 60, throw=61).success

    def test_falling_short_fails(self) -> None:
        """ "If the Entity, fails to reach the Necessary Rate, then its Act is considered as
        failed.\""""
        outcome = act(10, 60, throw=59)
        assert not outcome.success
        assert outcome.mode == ACTION_MODE

    def test_a_better_throw_is_still_just_a_success(self) -> None:
        """ "it is executed exactly as attempted ... even if the Dice Throw Result suggests
        even a better result\": the outcome says success and nothing more."""
        exact = act(10, 60, throw=60)
        better = act(10, 60, throw=99)
        assert exact.success and better.success
        assert exact.failure_degree == better.failure_degree == 0

    def test_degree_of_failure(self) -> None:
        """ "the Master can deduct the Dice Throw Result of that Entity for that failed Act
        from the Necessary Rate ... Bigger the number, bigger the failure\"."""
        assert act(10, 70, throw=45).failure_degree == 25
        assert act(10, 70, throw=69).failure_degree == 1
        assert act(10, 70, throw=20).failure_degree > act(10, 70, throw=45).failure_degree

    def test_degree_of_failure_uses_the_floored_result(self) -> None:
        """The deduction is of the Dice Throw Result, which efficiency floors (RULES.md:
        `NR - result`)."""
        assert act(30, 70, throw=5).failure_degree == 40


class TestNecessaryRateRangeTable:
    @pytest.mark.parametrize(
        ("name", "low", "high"),
        [
            ("Novice", 1, 9),
            ("Adept", 10, 19),
            ("Master", 20, 29),
            ("Qualified", 30, 39),
            ("Expert", 40, 49),
            ("Specialist", 50, 59),
            ("Exceptional", 60, 69),
            ("Excellent", 70, 79),
            ("Supreme", 80, 89),
            ("Ultimate", 90, 100),
        ],
    )
    def test_band_edges(self, name: str, low: int, high: int) -> None:
        """ "Novice, basic: 01-09" ... "Ultimate, Ultimacy: 90-100": each band's edges."""
        assert grade_for(low) == name
        assert grade_for(high) == name
        assert (grade_info(low).low, grade_info(high).high) == (low, high)

    def test_table_wording_is_kept(self) -> None:
        """ "Exceptional, Mastery: 60-69 / Act requiring inspiration to execute.\""""
        grade = grade_info(65)
        assert (grade.name, grade.quality) == ("Exceptional", "Mastery")
        assert grade.description == "Act requiring inspiration to execute."

    def test_the_table_also_grades_efficiency(self) -> None:
        """ "the above table not only represents the "Necessary Rates" but also gives an idea
        on the the different grades of the "Efficiency Rates"\"."""
        assert CardStats("skill", efficiency=42).grade == "Expert"

    def test_bands_cover_one_to_a_hundred_without_gaps(self) -> None:
        covered = [rate for grade in GRADES for rate in range(grade.low, grade.high + 1)]
        assert covered == list(range(1, 101))


class TestEfficiency:
    def test_a_novice_may_succeed_by_luck(self) -> None:
        """ "(A novice may execute a masterful or even ultimate Act by luck)\"."""
        assert act(efficiency=3, necessary_rate=95, throw=97).success
        assert grade_for(3) == "Novice" and grade_for(95) == "Ultimate"

    def test_efficiency_floors_a_low_throw(self) -> None:
        """ "if the Dice Throw Result is lower than its Efficiency, then the Efficiency is
        considered as the Dice Throw Result, even if the Act is a success or a failure.\""""
        assert throw_result(12, 40) == 40
        assert throw_result(75, 40) == 75
        failed = act(40, 60, throw=12)
        assert (failed.result, failed.success) == (40, False)
        floored_to_success = act(40, 45, throw=99)
        assert floored_to_success.result == 99

    def test_action_mode_result_is_the_efficiency_when_higher(self) -> None:
        """ "If the Dice Throw Result suggests a lower rate than the Entity's Efficiency,
        then the Efficiency Rate will be considered as the Result.\""""
        outcome = act(30, 60, throw=12)
        assert outcome.result == 30
        assert outcome.throw == 12

    def test_new_card_starts_at_one_percent(self) -> None:
        """ "Any SySCard with a Capacity starts with a mandatory "1%" of Efficiency.\""""
        assert NEW_CARD_EFFICIENCY == 1
        card = CardStats("skill")
        assert card.efficiency == 1
        assert card.label() == "1%"

    def test_efficiency_label(self) -> None:
        """ "Efficiency is noted as #efc% on the top right of the SySCard. The "#" declares
        the Entity to which the Efficiency belongs.\""""
        assert efficiency_label(45) == "45%"
        assert efficiency_label(100) == "100%"
        assert efficiency_label(45, owner="Kara") == "Kara 45%"
        assert CardStats("ability", efficiency=7).label("R2") == "R2 7%"


class TestRaiseThrow:
    def test_a_hundred_raises_by_one(self) -> None:
        """ "When a Player throws a Dice Throw Result of "100%" ... his Efficiency Rate is
        raised by "1%". This throw is called a "Raise Throw".\""""
        outcome = act(40, 90, throw=100)
        assert outcome.raise_throw and outcome.raised
        assert (outcome.efficiency_before, outcome.efficiency) == (40, 41)
        assert act(40, 90, throw=99).efficiency == 40

    def test_raises_stop_at_a_hundred(self) -> None:
        """ "This is true until the Efficiency Rate reaches 100%.\""""
        assert raise_efficiency(99, 100) == 100
        assert raise_efficiency(100, 100) == 100
        assert raise_efficiency(98, 100, raise_by=5) == 100

    def test_gm_widened_range_and_bigger_award(self) -> None:
        """ "the Master can declare that a Dice Throw Result above 95% will trigger a Raise
        Throw and award 3% Efficiency Rate raise": "above 95%" is 96..100."""
        settings = {"raise_from": 96, "raise_by": 3}
        assert act(20, 99, throw=96, **settings).efficiency == 23
        assert act(20, 99, throw=100, **settings).efficiency == 23
        assert act(20, 99, throw=95, **settings).efficiency == 20

    def test_range_always_ends_at_a_hundred(self) -> None:
        """ "a range between two different percentages, one always been 100%\": only the
        lower end is a setting."""
        assert all(is_raise_throw(throw, raise_from=90) for throw in range(90, 101))
        assert not is_raise_throw(89, raise_from=90)

    def test_the_raw_throw_counts_not_the_floored_result(self) -> None:
        """RULES.md: "a raw throw >= raise_from": a high efficiency is not a lucky throw."""
        assert raise_efficiency(97, 10, raise_from=96) == 97

    def test_gm_can_switch_raises_off(self) -> None:
        """ "the Game Master can change the percentage he awards from "1%" to any other
        percentage\": 0 turns them off."""
        outcome = act(40, 90, throw=100, raise_by=0)
        assert outcome.raise_throw and not outcome.raised
        assert outcome.efficiency == 40

    def test_result_uses_the_efficiency_from_before_the_raise(self) -> None:
        """A raise is a consequence of the throw, so it does not lift that throw's result."""
        outcome = act(60, 98, throw=96, raise_from=96, raise_by=50)
        assert outcome.efficiency == 100
        assert outcome.result == 96
        assert not outcome.success

    def test_card_takes_the_raised_efficiency(self) -> None:
        card = CardStats("skill", efficiency=40)
        assert card.after_act(act(40, 90, throw=100)).efficiency == 41
        with pytest.raises(ValueError, match="efficiency 39"):
            card.after_act(act(39, 90, throw=100))


class TestTaleAndActionMode:
    def test_no_throw_when_efficiency_reaches_the_rate(self) -> None:
        """ "it is unnecessary to ask a Dice Throw from Players for Acts requiring a Necessary
        Value which their Efficiency Rate has already reached or surpassed.\""""
        for rate in (30, 50):
            outcome = act(50, rate)
            assert outcome.mode == TALE_MODE
            assert outcome.success
            assert outcome.needed_throw is None
            assert outcome.throw is None
            assert outcome.result == 50
        assert not needs_throw(50, 50)

    def test_higher_rate_triggers_action_mode(self) -> None:
        """ "If the Entity tries to execute an Act which requires a higher rate than its
        Efficiency, the Master triggers "Action Mode", and sets a Necessary Rate. Then the
        Player will perform a Dice Throw\"."""
        assert needs_throw(50, 51)
        outcome = act(50, 51, throw=70)
        assert outcome.mode == ACTION_MODE
        assert outcome.needed_throw == 51

    def test_action_mode_without_a_throw_is_refused(self) -> None:
        with pytest.raises(ValueError, match="Action Mode"):
            act(50, 51)

    def test_action_mode_rolls_with_the_given_generator(self) -> None:
        outcome = act(5, 60, rng=random.Random(7))
        assert outcome.throw == random.Random(7).randint(1, 100)

    def test_a_given_throw_wins_over_the_generator(self) -> None:
        assert act(5, 60, throw=61, rng=random.Random(7)).throw == 61

    def test_tale_mode_does_not_consume_randomness(self) -> None:
        rng = random.Random(3)
        act(50, 20, rng=rng)
        assert rng.randint(1, 100) == random.Random(3).randint(1, 100)

    def test_a_throw_in_tale_mode_is_ignored_and_raises_nothing(self) -> None:
        """ "Remember that dices are thrown only when the Master demands a Necessary Rate\":
        a throw offered for a Tale Mode act is no Dice Throw, so no Raise Throw."""
        outcome = act(50, 20, throw=100)
        assert outcome.mode == TALE_MODE
        assert outcome.throw is None
        assert outcome.efficiency == 50

    def test_roll_d100(self) -> None:
        rng = random.Random(1)
        throws = {roll_d100(rng) for _ in range(2000)}
        assert throws == set(range(1, 101))

    def test_efficiency_never_sets_the_rate(self) -> None:
        """ "Efficiency Rates can never influence any Necessary Rate.\": the throw needed is
        the GM's rate whatever the efficiency."""
        assert {act(eff, 80, throw=1).needed_throw for eff in range(1, 80)} == {80}


# Ann and Cy tie, and so do Bo and Di; Ed stands alone between the pairs.
TWO_TIED_PAIRS = [
    Contender("Ann", 70, 20),
    Contender("Bo", 30, 10),
    Contender("Cy", 70, 20),
    Contender("Di", 30, 10),
    Contender("Ed", 50, 1),
]


class TestChallenge:
    def test_highest_result_has_priority(self) -> None:
        """ "More than one Acts can enter in challenge. The Act with the highest Dice Throw
        Result will have priority over the others.\""""
        outcome = challenge(
            [Contender("Ann", 40, 10), Contender("Bo", 85, 10), Contender("Cy", 62, 10)]
        )
        assert outcome.order == ("Bo", "Cy", "Ann")
        assert outcome.undecided == ()
        assert outcome.tied_groups == ()

    def test_efficiency_floors_challenge_results_too(self) -> None:
        outcome = challenge([Contender("Ann", 70, 10), Contender("Bo", 20, 75)])
        assert outcome.order == ("Bo", "Ann")
        assert outcome.entry("Bo").result == 75

    def test_tie_goes_to_higher_efficiency(self) -> None:
        """ "If multiple Dice Results have the same highest Result, than the Entity's Act
        with the highest Efficiency Rate will have Priority.\""""
        outcome = challenge([Contender("Ann", 70, 20), Contender("Bo", 70, 45)])
        assert outcome.order == ("Bo", "Ann")
        assert outcome.undecided == ()

    def test_full_tie_is_left_to_the_gm(self) -> None:
        """ "If they also have the same Efficiency Rate than the outcome is decided by the
        game master.\": never at random, input order kept, names reported."""
        contenders = [Contender("Ann", 70, 20), Contender("Bo", 70, 20), Contender("Cy", 5, 1)]
        outcome = challenge(contenders)
        assert outcome.order == ("Ann", "Bo", "Cy")
        assert outcome.undecided == ("Ann", "Bo")
        assert outcome.tied_groups == (("Ann", "Bo"),)
        assert challenge(list(reversed(contenders))).order == ("Bo", "Ann", "Cy")

    def test_two_separate_tied_groups(self) -> None:
        outcome = challenge(TWO_TIED_PAIRS)
        assert outcome.order == ("Ann", "Cy", "Ed", "Bo", "Di")
        assert outcome.tied_groups == (("Ann", "Cy"), ("Bo", "Di"))
        assert outcome.undecided == ("Ann", "Cy", "Bo", "Di")

    def test_gm_settles_the_ties(self) -> None:
        outcome = challenge(TWO_TIED_PAIRS)
        settled = settle_ties(outcome, ["Di", "Cy", "Bo", "Ann"])
        assert settled.order == ("Cy", "Ann", "Ed", "Di", "Bo")
        assert settled.undecided == ()
        assert settled.tied_groups == (("Cy", "Ann"), ("Di", "Bo"))
        assert [entry.name for entry in settled.entries] == list(settled.order)

    def test_gm_order_parameter(self) -> None:
        contenders = [Contender("Ann", 70, 20), Contender("Bo", 70, 20)]
        assert challenge(contenders, gm_order=["Bo", "Ann"]).order == ("Bo", "Ann")

    def test_gm_order_without_ties_is_empty(self) -> None:
        contenders = [Contender("Ann", 70, 20), Contender("Bo", 60, 20)]
        assert challenge(contenders, gm_order=[]).order == ("Ann", "Bo")

    @pytest.mark.parametrize(
        ("gm_order", "message"),
        [
            (["Bo"], "missing"),
            (["Ann", "Bo", "Cy"], "not tied"),
            (["Ann", "Bo", "Zed"], "not a contender"),
            (["Ann", "Ann", "Bo"], "twice"),
            ("AnnBo", "list of names"),
            (None, "list of names"),
        ],
    )
    def test_bad_gm_orders(self, gm_order: object, message: str) -> None:
        outcome = challenge(
            [Contender("Ann", 70, 20), Contender("Bo", 70, 20), Contender("Cy", 5, 1)]
        )
        with pytest.raises(ValueError, match=message):
            settle_ties(outcome, gm_order)  # type: ignore[arg-type]

    def test_a_raise_throw_counts_in_the_same_challenge(self) -> None:
        """ "If a Challenge will be resolved by comparing Efficiency Rates, and a Raise Throw
        just raised any of the Efficiency Rates, then the newly raised Efficiency Rate will
        be valid and considered to resolve that Challenge.\""""
        # Both results are 95 (their efficiency); Bo's raw 92 is a Raise Throw from 90.
        contenders = [Contender("Ann", 60, 95), Contender("Bo", 92, 95)]
        outcome = challenge(contenders, raise_from=90)
        assert outcome.order == ("Bo", "Ann")
        assert outcome.entry("Bo").efficiency == 96
        assert outcome.undecided == ()
        # Without the raise they would be tied for the GM.
        assert challenge(contenders).undecided == ("Ann", "Bo")

    def test_higher_velocity_always_goes_first(self) -> None:
        """ "Acts with superior Velocity will always have priority of execution over Acts
        with lower Velocity.\""""
        outcome = challenge(
            [Contender("Slow", 100, 100, velocity=1), Contender("Fast", 1, 1, velocity=2)]
        )
        assert outcome.order == ("Fast", "Slow")

    def test_only_equal_velocities_tie(self) -> None:
        """ "Acts can only enter in Challenge if they have the same Velocity\": equal throws
        at different velocities are no tie."""
        outcome = challenge(
            [Contender("Slow", 50, 10, velocity=1), Contender("Fast", 50, 10, velocity=3)]
        )
        assert outcome.order == ("Fast", "Slow")
        assert outcome.undecided == ()

    def test_plain_challenge_sets_priority_not_success(self) -> None:
        """ "A Challenge declares not the winner but the Act which has the priority.\": with
        no Necessary Rate every act succeeds, in priority order."""
        outcome = challenge([Contender("Ann", 3, 1), Contender("Bo", 90, 1)])
        assert outcome.succeeded == ("Bo", "Ann")

    def test_forced_challenge_needs_its_rate(self) -> None:
        """ "In a Forced Challenge, Entities in Challenge need not only to surpass each
        others Dice Throw Result, but they also need to reach a Necessary Rate\"."""
        outcome = challenge(
            [Contender("Cowboy A", 55, 10, necessary_rate=60), Contender("Cowboy B", 40, 10)]
        )
        assert outcome.order == ("Cowboy A", "Cowboy B")
        assert outcome.succeeded == ("Cowboy B",)
        assert outcome.entry("Cowboy A").failure_degree == 5

    def test_forced_challenge_for_some_with_different_rates(self) -> None:
        """ "He can decide that one or several of the Entities in Challenge will be in a
        Forced Challenge, while the other Entities won't. He can also give different
        Necessary Rates to reach for each of the Entities\"."""
        outcome = challenge(
            [
                Contender("Ship A", 70, 10, necessary_rate=60),
                Contender("Ship B", 50, 10, necessary_rate=40),
                Contender("Ship C", 20, 10),
                Contender("Ship D", 65, 10, necessary_rate=80),
            ]
        )
        assert outcome.order == ("Ship A", "Ship D", "Ship B", "Ship C")
        assert outcome.succeeded == ("Ship A", "Ship B", "Ship C")

    def test_forced_rate_reached_by_efficiency(self) -> None:
        outcome = challenge([Contender("Ann", 2, 70, necessary_rate=70), Contender("Bo", 9, 1)])
        assert outcome.succeeded == ("Ann", "Bo")

    def test_indirect_challenge_orders_timing(self) -> None:
        """ "When multiple Acts are not in direct challenge, but still, are indirectly
        interacting with each other, the highest Dice Throw Result Result has the priority
        over the others, concerning the timing of its execution.\""""
        outcome = challenge([Contender("Ann", 10, 1), Contender("Bo", 20, 1)])
        assert outcome.order == ("Bo", "Ann")

    def test_names_must_be_unique_and_present(self) -> None:
        with pytest.raises(ValueError, match="both called"):
            challenge([Contender("Kara", 10, 1), Contender("kara ", 20, 1)])
        with pytest.raises(ValueError, match="name"):
            Contender("  ", 10, 1)
        with pytest.raises(ValueError, match="name"):
            Contender(7, 10, 1)  # type: ignore[arg-type]

    def test_a_challenge_needs_two_contenders(self) -> None:
        with pytest.raises(ValueError, match="at least two"):
            challenge([Contender("Ann", 10, 1)])
        with pytest.raises(ValueError, match="at least two"):
            challenge([])

    def test_contenders_must_be_contenders(self) -> None:
        with pytest.raises(ValueError, match="Contender"):
            challenge([Contender("Ann", 10, 1), ("Bo", 20, 1)])  # type: ignore[list-item]
        with pytest.raises(ValueError, match="list of contenders"):
            challenge("Ann")  # type: ignore[arg-type]

    def test_contender_errors_name_the_contender(self) -> None:
        with pytest.raises(ValueError, match="Kara's efficiency must be between 1 and 100"):
            Contender("Kara", 50, 0)
        with pytest.raises(ValueError, match="Kara's velocity must be at least 0"):
            Contender("Kara", 50, 5, velocity=-1)

    def test_entry_lookup(self) -> None:
        outcome = challenge([Contender("Ann", 10, 1), Contender("Bo", 20, 1)])
        with pytest.raises(ValueError, match="not a contender"):
            outcome.entry("Cy")


class TestChallengeRejection:
    def test_challenger_needs_to_reach_the_rate(self) -> None:
        """ "The Challenger will need to reach or surpass the Necessary Rate to execute its
        Act with success.\""""
        assert rejection(20, 55, throw=55).success
        assert rejection(20, 55, throw=80).success
        assert not rejection(20, 55, throw=54).success

    def test_defender_throws_nothing(self) -> None:
        """ "A Challenge Rejection is considered executed without necessitating any Dice
        Throws.\": the function takes no defender throw at all."""
        outcome = rejection(efficiency=20, necessary_rate=55, throw=30)
        assert isinstance(outcome, ActOutcome)
        assert outcome.failure_degree == 25

    def test_tale_mode_applies_to_the_challenger(self) -> None:
        """ "the Challenging Entity will need only to reach or surpass the Necessary Rate\"
        and "it is unnecessary to ask a Dice Throw ... [when] their Efficiency Rate has
        already reached or surpassed" it."""
        outcome = rejection(60, 55)
        assert outcome.mode == TALE_MODE
        assert outcome.success

    def test_same_as_an_act(self) -> None:
        for throw in (1, 54, 55, 100):
            assert rejection(20, 55, throw=throw) == act(20, 55, throw=throw)


class TestCards:
    def test_categories(self) -> None:
        assert CATEGORIES == (
            "character",
            "skill",
            "ability",
            "item",
            "vehicle",
            "creature",
            "place",
            "other",
        )

    def test_bad_cards(self) -> None:
        with pytest.raises(ValueError, match="category"):
            CardStats("spell")
        with pytest.raises(ValueError, match="efficiency"):
            CardStats("item", efficiency=0)
        with pytest.raises(ValueError, match="power"):
            CardStats("item", power=-1)
        with pytest.raises(ValueError, match="focus"):
            CardStats("item", focus=True)

    def test_owner_chain(self) -> None:
        """ "The "#" allows to precise to whom the ability or skill belongs.\""""
        owners = {"sword": "kara", "parry": "kara", "kara": None, "horse": "kara"}
        validate_owner_chain(owners)
        assert owner_chain(owners, "sword") == ("kara",)
        assert owner_chain(owners, "kara") == ()
        assert owner_chain({"a": "b", "b": "c", "c": None}, "a") == ("b", "c")

    def test_card_cannot_own_itself(self) -> None:
        with pytest.raises(ValueError, match="cannot own itself"):
            validate_owner_chain({1: None, 2: 2})

    def test_card_cannot_be_owned_within_its_chain(self) -> None:
        with pytest.raises(ValueError, match="own ownership chain"):
            validate_owner_chain({1: 2, 2: 3, 3: 1, 4: None})

    def test_owner_outside_the_mapping_ends_the_chain(self) -> None:
        validate_owner_chain({1: 99})
        assert owner_chain({1: 99}, 1) == (99,)

    def test_new_owner_checked_before_the_change(self) -> None:
        owners = {"kara": None, "sword": "kara", "rune": "sword"}
        validate_new_owner(owners, "rune", "kara")
        with pytest.raises(ValueError, match="own ownership chain"):
            validate_new_owner(owners, "kara", "rune")
        with pytest.raises(ValueError, match="cannot own itself"):
            validate_new_owner(owners, "sword", "sword")

    def test_bad_owner_inputs(self) -> None:
        with pytest.raises(ValueError, match="mapping"):
            validate_owner_chain([(1, 2)])  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="not among"):
            owner_chain({1: None}, 2)


# ------------------------------------------------------------------ properties


@given(throw=rates, efficiency=rates)
def test_result_never_below_efficiency_or_throw(throw: int, efficiency: int) -> None:
    result = throw_result(throw, efficiency)
    assert result >= efficiency
    assert result >= throw
    assert result in (throw, efficiency)


@given(efficiency=rates, rate=rates, throw=rates, raise_from=raise_froms, raise_by=raise_bys)
def test_act_succeeds_exactly_when_result_reaches_rate(
    efficiency: int, rate: int, throw: int, raise_from: int, raise_by: int
) -> None:
    outcome = act(efficiency, rate, throw, raise_from, raise_by)
    assert outcome.result >= efficiency
    assert outcome.success == (outcome.result >= rate)
    if efficiency >= rate:
        assert outcome.mode == TALE_MODE and outcome.success
    else:
        assert outcome.mode == ACTION_MODE
        assert outcome.success == (max(throw, efficiency) >= rate)
        assert outcome.needed_throw == rate
    if outcome.success:
        assert outcome.failure_degree == 0
    else:
        assert outcome.failure_degree == rate - outcome.result > 0


@given(efficiency=rates, throw=rates, raise_from=raise_froms, raise_by=raise_bys)
def test_raises_never_exceed_a_hundred(
    efficiency: int, throw: int, raise_from: int, raise_by: int
) -> None:
    after = raise_efficiency(efficiency, throw, raise_from, raise_by)
    assert efficiency <= after <= 100
    assert (after > efficiency) == (throw >= raise_from and raise_by > 0 and efficiency < 100)
    outcome = act(efficiency, 100, throw, raise_from, raise_by)
    assert outcome.efficiency <= 100


@given(contenders=contender_lists(), raise_from=raise_froms, raise_by=raise_bys)
def test_challenge_order_is_a_permutation(
    contenders: list[Contender], raise_from: int, raise_by: int
) -> None:
    outcome = challenge(contenders, raise_from, raise_by)
    assert sorted(outcome.order) == sorted(c.name for c in contenders)
    assert [entry.name for entry in outcome.entries] == list(outcome.order)


@given(contenders=contender_lists())
def test_higher_velocity_always_precedes_lower(contenders: list[Contender]) -> None:
    outcome = challenge(contenders)
    speeds = [outcome.entry(name).velocity for name in outcome.order]
    assert speeds == sorted(speeds, reverse=True)


@given(contenders=contender_lists(), raise_from=raise_froms, raise_by=raise_bys)
def test_priority_keys_never_increase(
    contenders: list[Contender], raise_from: int, raise_by: int
) -> None:
    entries = challenge(contenders, raise_from, raise_by).entries
    keys = [(e.velocity, e.result, e.efficiency) for e in entries]
    assert keys == sorted(keys, reverse=True)


@given(contenders=contender_lists())
def test_undecided_are_exactly_the_full_ties(contenders: list[Contender]) -> None:
    outcome = challenge(contenders)
    keys = {e.name: (e.velocity, e.result, e.efficiency) for e in outcome.entries}
    shared = {name for name, key in keys.items() if list(keys.values()).count(key) > 1}
    assert set(outcome.undecided) == shared
    for group in outcome.tied_groups:
        assert len(group) >= 2
        assert len({keys[name] for name in group}) == 1
        # Ties keep the input order until the GM settles them.
        positions = [next(i for i, c in enumerate(contenders) if c.name == n) for n in group]
        assert positions == sorted(positions)


@given(contenders=contender_lists(), data=st.data())
def test_settling_ties_follows_the_gm(contenders: list[Contender], data: st.DataObject) -> None:
    outcome = challenge(contenders)
    gm_order = data.draw(st.permutations(outcome.undecided))
    settled = settle_ties(outcome, gm_order)
    assert sorted(settled.order) == sorted(outcome.order)
    assert settled.undecided == ()
    assert settled.succeeded == tuple(n for n in settled.order if n in outcome.succeeded)
    for group in settled.tied_groups:
        assert list(group) == [name for name in gm_order if name in group]
    untied = [name for name in outcome.order if name not in outcome.undecided]
    for name in untied:
        assert settled.order.index(name) == outcome.order.index(name)
    assert challenge(contenders, gm_order=gm_order) == settled


@given(contenders=contender_lists())
def test_succeeded_follows_forced_rates(contenders: list[Contender]) -> None:
    outcome = challenge(contenders)
    expected = [
        e.name
        for e in outcome.entries
        if e.necessary_rate is None or max(e.throw, e.efficiency_before) >= e.necessary_rate
    ]
    assert list(outcome.succeeded) == expected


@given(seed=st.integers(), efficiency=rates, rate=rates)
def test_same_seed_same_act(seed: int, efficiency: int, rate: int) -> None:
    first = act(efficiency, rate, rng=random.Random(seed))
    second = act(efficiency, rate, rng=random.Random(seed))
    assert first == second
    assert 1 <= roll_d100(random.Random(seed)) <= 100


@given(rate=rates)
def test_grade_for_is_total_and_ordered(rate: int) -> None:
    names = [grade.name for grade in GRADES]
    assert grade_for(rate) in names
    if rate < 100:
        assert names.index(grade_for(rate)) <= names.index(grade_for(rate + 1))


@given(owners=st.dictionaries(st.integers(0, 6), st.one_of(st.none(), st.integers(0, 8))))
def test_owner_validation_rejects_exactly_the_loops(owners: dict[int, int | None]) -> None:
    def loops(card: int) -> bool:
        seen: set[int] = set()
        current: int | None = card
        while current is not None and current in owners:
            if current in seen:
                return True
            seen.add(current)
            current = owners[current]
        return False

    if any(loops(card) for card in owners):
        with pytest.raises(ValueError, match="own"):
            validate_owner_chain(owners)
    else:
        validate_owner_chain(owners)
        for card in owners:
            assert card not in owner_chain(owners, card)


# -------------------------------------------------------------------- bad inputs


@given(bad=bad_rates, good=rates)
def test_bad_rates_raise(bad: object, good: int) -> None:
    calls = [
        lambda: throw_result(bad, good),
        lambda: throw_result(good, bad),
        lambda: act(bad, good, throw=good),
        lambda: act(good, bad, throw=good),
        lambda: act(1, 100, throw=bad),  # None here fails too: Action Mode needs a throw
        lambda: act(good, good, good, raise_from=bad),
        lambda: is_raise_throw(bad),
        lambda: raise_efficiency(bad, good),
        lambda: grade_for(bad),
        lambda: efficiency_label(bad),
        lambda: Contender("Ann", bad, good),
        lambda: Contender("Ann", good, bad),
        lambda: rejection(good, bad, throw=good),
        lambda: challenge([Contender("Ann", 10, 1), Contender("Bo", 20, 1)], raise_from=bad),
    ]
    if bad is not None:  # None is a valid "no Necessary Rate" for a contender
        calls.append(lambda: Contender("Ann", good, good, necessary_rate=bad))
    for call in calls:
        with pytest.raises(ValueError):
            call()


@given(bad=st.one_of(st.integers(max_value=-1), st.integers(min_value=101), not_whole))
def test_bad_raise_awards_raise(bad: object) -> None:
    with pytest.raises(ValueError, match="raise_by"):
        act(10, 50, throw=60, raise_by=bad)
    with pytest.raises(ValueError, match="raise_by"):
        challenge([Contender("Ann", 10, 1), Contender("Bo", 20, 1)], raise_by=bad)


@pytest.mark.parametrize("bad", [True, False])
def test_bools_are_not_numbers(bad: bool) -> None:
    with pytest.raises(ValueError, match="whole number, not"):
        act(bad, 50, throw=60)
    with pytest.raises(ValueError, match="whole number, not"):
        act(10, 50, throw=bad)
    with pytest.raises(ValueError, match="whole number, not"):
        Contender("Ann", 50, 10, velocity=bad)


def test_messages_are_plain() -> None:
    with pytest.raises(ValueError, match=r"^Efficiency must be between 1 and 100, not 0\.$"):
        act(0, 50)
    with pytest.raises(ValueError, match=r"^The Necessary Rate must be between 1 and 100, not 101"):
        act(10, 101)
    with pytest.raises(ValueError, match=r"^A throw must be between 1 and 100, not 0\.$"):
        throw_result(0, 5)


def test_dice_need_a_random_generator() -> None:
    with pytest.raises(ValueError, match=r"random\.Random"):
        roll_d100(42)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"random\.Random"):
        act(10, 50, rng=random)  # type: ignore[arg-type]


def test_outcomes_are_frozen() -> None:
    outcome = challenge([Contender("Ann", 10, 1), Contender("Bo", 20, 1)])
    assert isinstance(outcome, ChallengeOutcome)
    with pytest.raises(AttributeError):
        outcome.order = ()  # type: ignore[misc]
    with pytest.raises(AttributeError):
        act(10, 50, throw=5).success = True  # type: ignore[misc]
