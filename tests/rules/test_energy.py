"""Energy and tasks: examples from the rule text, then properties.

Quotes are from ``rules/energy-and-tasks.txt`` unless marked RULES.md.
"""

from __future__ import annotations

import dataclasses
import inspect
import re
from collections.abc import Callable

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    rule,
)

from desktop.rules import energy
from desktop.rules.energy import (
    ROLLOVER_STEPS,
    Ability,
    CharacterProfile,
    DayState,
    Draw,
    EntryKind,
    LedgerEntry,
    ProjectPool,
    alter_cost,
    alter_daily_net,
    attack,
    attack_winner,
    available,
    cancel_project,
    cancel_refund,
    commitment,
    contest,
    contest_cost,
    daily_energy,
    decay,
    deduct,
    general_yield,
    group_rating,
    invest,
    investment_waste,
    is_defenceless,
    killing_cost,
    knowing_cost,
    max_deduction,
    move,
    move_cost,
    next_day_capacity,
    next_nights,
    preview_spend,
    rollover,
    sleep_factor,
    sleep_percent,
    specific_yield,
    start_day,
    task,
    task_succeeds,
    waste_warning,
)

ANN = CharacterProfile.create("Ann", 20, {"Streets": 3, "Towers": 1})


def held(state: DayState) -> int:
    """All the energy a character holds, including yields on their way in."""
    pools = sum(pool.value for pool in state.pools)
    pending = sum(pool.value for pool in state.pending_specific)
    return state.daily + state.general_store + pools + state.pending_general + pending


def rebuilt(state: DayState) -> DayState:
    """The state rebuilt through the checking constructor (raises if it is invalid)."""
    values = {field.name: getattr(state, field.name) for field in dataclasses.fields(state)}
    return DayState(**values)


# ----------------------------------------------------------- the rules contract


@pytest.mark.parametrize(
    ("invested", "general", "specific"),
    [(0, 0, 0), (4, 0, 0), (5, 1, 4), (9, 1, 4), (10, 2, 8), (23, 4, 16), (100, 20, 80)],
)
def test_yields_count_only_full_fives(invested: int, general: int, specific: int) -> None:
    """Text: "For every 5 energy so invested, the character has 1 more energy the next day."
    "For every 5 energy invested, 4 is added to the pool for this specific project."
    """
    assert general_yield(invested) == general
    assert specific_yield(invested) == specific


@pytest.mark.parametrize(
    ("value", "lost"),
    [(0, 0), (1, 1), (2, 1), (19, 1), (20, 1), (39, 1), (40, 2), (59, 2), (100, 5), (1000, 50)],
)
def test_decay_is_one_or_five_percent_whichever_is_more(value: int, lost: int) -> None:
    """Text: "These energy decay at a rate of 1 per day, or 5%, whichever is more."
    RULES.md: "`max(1, value // 20)` ... never going below 0."
    """
    assert decay(value) == lost


@pytest.mark.parametrize(("pool", "refund"), [(0, 0), (9, 0), (10, 1), (19, 1), (25, 2), (100, 10)])
def test_cancel_refund_is_one_per_full_ten(pool: int, refund: int) -> None:
    """Text: "If a character cancels a project, they may recoup 1 energy for every full 10
    invested." RULES.md: "Cancelling a project returns `pool // 10`"."""
    assert cancel_refund(pool) == refund


def test_move_costs_between_four_and_six_typically_five() -> None:
    """Text: "To move one area on the map costs between 4 and 6 points of Energy, typically 5." """
    assert move_cost() == 5
    assert [move_cost(base) for base in (4, 5, 6)] == [4, 5, 6]


def test_move_cost_rises_for_level_and_district() -> None:
    """Text: "This goes up by one if the move involves a change in city level, and by two if
    there is a change in district."
    """
    assert move_cost(5, level_change=True) == 6
    assert move_cost(5, district_change=True) == 7
    assert move_cost(5, level_change=True, district_change=True) == 8
    assert move_cost(4, True, True) == 7


@pytest.mark.parametrize(
    ("nights", "factor"),
    [
        ((), 1.0),
        (("normal",), 1.0),
        (("little",), 0.75),
        (("none",), 0.5),
    ],
)
def test_sleep_takes_25_percent_for_little_50_for_none(
    nights: tuple[str, ...], factor: float
) -> None:
    """Text: "A lack of sleep will impact a character's energy level, reducing it by 25% per
    day of little sleep, or 50% per day of no sleep at all."
    """
    assert sleep_factor(nights) == factor


@pytest.mark.parametrize(
    ("nights", "factor"),
    [
        (("little", "little"), 0.5),
        (("little", "none"), 0.25),
        (("none", "little"), 0.25),
        (("little", "little", "little"), 0.25),
        (("none", "none"), 0.0),
        (("none", "none", "none"), 0.0),
        (("little",) * 9, 0.0),
    ],
)
def test_consecutive_bad_nights_add_up_never_below_zero(
    nights: tuple[str, ...], factor: float
) -> None:
    """RULES.md: "consecutive bad nights add up (two of little sleep 50%, a little and a
    none 25%), never below 0%."
    """
    assert sleep_factor(nights) == factor


@pytest.mark.parametrize(
    ("nights", "factor"),
    [
        (("none", "normal"), 1.0),
        (("none", "none", "normal", "little"), 0.75),
        (("little", "normal", "little", "none"), 0.25),
    ],
)
def test_a_normal_night_ends_the_run(nights: tuple[str, ...], factor: float) -> None:
    """RULES.md: only *consecutive* bad nights add up; a normal night starts afresh."""
    assert sleep_factor(nights) == factor
    assert sleep_factor(list(nights)) == factor


def test_task_succeeds_when_commitment_reaches_cost() -> None:
    """Text: "If the total character commitment is equal to, or greater than the task energy
    cost, the character accomplishes the task in question."
    """
    assert task_succeeds(5, 3, 8)
    assert task_succeeds(6, 3, 8)
    assert not task_succeeds(4, 3, 8)
    assert task_succeeds(0, 10, 10)


# ------------------------------------------------------------------- validation


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: general_yield(-3), "Investment must be at least 0, not -3."),
        (lambda: specific_yield(-1), "Investment must be at least 0, not -1."),
        (lambda: general_yield(True), "Investment must be a whole number, not True."),
        (lambda: specific_yield(2.5), "Investment must be a whole number, not 2.5."),
        (lambda: decay(-1), "A store or pool must be at least 0, not -1."),
        (lambda: decay(False), "A store or pool must be a whole number, not False."),
        (lambda: cancel_refund(-10), "A project pool must be at least 0, not -10."),
        (lambda: move_cost(3), "A move's base cost must be between 4 and 6, not 3."),
        (lambda: move_cost(7), "A move's base cost must be between 4 and 6, not 7."),
        (lambda: move_cost(True), "A move's base cost must be a whole number, not True."),
        (lambda: move_cost(5, 1), "Level change must be True or False, not 1."),
        (lambda: move_cost(5, False, "yes"), "District change must be True or False, not 'yes'."),
        (lambda: sleep_factor("none"), "Nights must be a list of nights"),
        (lambda: sleep_factor(None), "Nights must be a list of nights"),  # type: ignore[arg-type]
        (lambda: sleep_factor(["tired"]), "A night must be one of normal, little, none; not"),
        (lambda: sleep_factor([["none"]]), "A night must be one of normal, little, none; not"),
        (lambda: task_succeeds(-1, 0, 0), "Committed energy must be at least 0, not -1."),
        (lambda: task_succeeds(0, -2, 0), "An ability rating must be at least 0, not -2."),
        (lambda: task_succeeds(0, 0, -5), "A task's cost must be at least 0, not -5."),
        (lambda: task_succeeds(True, 0, 0), "Committed energy must be a whole number, not True."),
        (lambda: task_succeeds(1, 1, 1.0), "A task's cost must be a whole number, not 1.0."),
        (lambda: knowing_cost(-1), "The cost to find out must be at least 0, not -1."),
        (lambda: alter_cost(0), "Points to alter must be at least 1, not 0."),
        (lambda: contest_cost(-1), "The opposition's commitment must be at least 0, not -1."),
        (lambda: contest_cost(3, base=-1), "A task's base cost must be at least 0, not -1."),
        (lambda: group_rating([]), "A group needs at least one ability rating"),
        (lambda: attack_winner(1, -1), "The defender's commitment must be at least 0, not -1."),
        (lambda: daily_energy(10, (), 101), "Proximity must be between 0 and 100, not 101."),
        (lambda: daily_energy(-1), "Daily net energy must be at least 0, not -1."),
        (lambda: next_nights((), "awake"), "A night must be one of normal, little, none;"),
    ],
)
def test_bad_inputs_are_refused_in_plain_words(call: Callable[[], object], message: str) -> None:
    with pytest.raises(ValueError, match="^" + re.escape(message)):
        call()


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: CharacterProfile("", 10), "A character's name must be a name that is not empty"),
        (lambda: CharacterProfile("Bo", -1), "The daily net energy of Bo must be at least 0"),
        (lambda: CharacterProfile("Bo", 5, [Ability("Run", 1)]), "The abilities of Bo must be"),
        (
            lambda: CharacterProfile("Bo", 5, (Ability("Run", 1), Ability("Run", 2))),
            "The ability 'Run' appears twice.",
        ),
        (
            lambda: CharacterProfile.create("Bo", 5, {"Run": -1}),
            "The rating of 'Run' must be at least 0",
        ),
        (lambda: CharacterProfile.create("Bo", 5, ["Run"]), "Abilities must map names"),  # type: ignore[arg-type]
        (lambda: ProjectPool(" ", 3), "A project's name must be a name that is not empty"),
        (lambda: ProjectPool("Mayor", -3), "The pool of 'Mayor' must be at least 0, not -3."),
        (lambda: Draw(daily=-1), "Energy drawn must be at least 0, not -1."),
        (lambda: DayState(day=-1), "A day must be at least 0, not -1."),
        (lambda: DayState(nights=["little"]), "Nights must be a tuple"),  # type: ignore[arg-type]
        (lambda: DayState(nights=("lots",)), "A night must be one of"),
        (lambda: DayState(proximity=150), "Proximity must be between 0 and 100, not 150."),
        (lambda: DayState(opened_daily=5, daily=6), "Daily energy left (6) cannot exceed"),
        (lambda: DayState(general_store=-2), "The general store must be at least 0, not -2."),
        (lambda: DayState(pools=(3,)), "Project pools must be a tuple of ProjectPool."),  # type: ignore[arg-type]
        (
            lambda: DayState(pools=(ProjectPool("A", 1), ProjectPool("A", 2))),
            "The project 'A' appears twice.",
        ),
        (lambda: DayState(pending_general=-1), "Pending general yield must be at least 0"),
        (lambda: DayState(pending_specific=[]), "Pending specific yields must be a tuple"),  # type: ignore[arg-type]
        (lambda: DayState(debt=True), "Debt must be a whole number, not True."),
        (
            lambda: DayState(general_store=3, debt=2),
            "A character in debt has no daily energy or general store left.",
        ),
        (lambda: DayState(dead=0), "Dead must be True or False, not 0."),  # type: ignore[arg-type]
        (lambda: DayState(entries=("x",)), "Ledger entries must be a tuple of LedgerEntry."),  # type: ignore[arg-type]
        (lambda: LedgerEntry("task", 0, Draw()), "A ledger entry's kind must be an EntryKind"),  # type: ignore[arg-type]
        (lambda: LedgerEntry(EntryKind.TASK, 3, Draw(daily=2)), "A ledger entry's draw must add"),
        (lambda: LedgerEntry(EntryKind.TASK, 0, Draw(), note=None), "A note must be text"),  # type: ignore[arg-type]
        (lambda: LedgerEntry(EntryKind.TASK, 0, Draw(), success=1), "Success must be True or"),  # type: ignore[arg-type]
    ],
)
def test_bad_values_cannot_be_built(build: Callable[[], object], message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        build()


def test_values_are_frozen_so_the_old_one_is_the_undo() -> None:
    state = start_day(ANN, general_store=10)
    after = task(ANN, state, 25, 20).state
    assert state == start_day(ANN, general_store=10)
    assert after != state
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.daily = 3  # type: ignore[misc]


def test_evolve_copies_every_field_of_a_day() -> None:
    """The unchecked copy used by the rule steps must know every field of DayState."""
    params = list(inspect.signature(energy._evolve).parameters)[1:]
    assert params == [field.name for field in dataclasses.fields(DayState)]


def test_the_rules_import_nothing_of_the_project() -> None:
    source = inspect.getsource(energy)
    imports = [line for line in source.splitlines() if line.startswith(("import ", "from "))]
    assert all("desktop" not in line and "PySide" not in line for line in imports)


# ------------------------------------------------------------- energy in a day


def test_net_energy_is_available_each_day() -> None:
    """Text: "Net energy is available each day." RULES.md: "Available today = daily net energy
    x sleep factor x proximity factor + general store + (for a task of a project) that
    project's pool."
    """
    state = start_day(ANN, general_store=4, pools={"Mayor": 30})
    assert state.opened_daily == 20
    assert available(state) == 24
    assert available(state, "Mayor") == 54


def test_fractional_daily_energy_is_rounded_down() -> None:
    """Decision: daily net x sleep x proximity is floored, so no energy is created.
    20 x 75% x 50% = 7.5 -> 7."""
    assert daily_energy(20, ("little",), 50) == 7
    state = start_day(ANN, nights=("little",), proximity=50)
    assert available(state) == 7


def test_cut_off_from_energy_sources_sets_daily_energy_to_zero() -> None:
    """Text: "If they are in a cell somewhere, they may well not have any of their usual
    sources of energy." RULES.md: "cut off from the sources of energy sets daily energy
    to 0 (or a fraction the GM enters)."
    """
    assert start_day(ANN, proximity=0).opened_daily == 0
    assert start_day(ANN, proximity=30).opened_daily == 6
    assert start_day(ANN, proximity=0, general_store=5).daily == 0


def test_energy_is_there_whenever_needed_during_the_day() -> None:
    """Text: "we assume that the character has it whenever they need it during the day." The
    whole day's energy can be committed to the first task."""
    outcome = task(ANN, start_day(ANN), 20, 20)
    assert outcome.success
    assert outcome.entry.draw == Draw(daily=20)


def test_commitment_can_use_day_store_and_the_goals_pool() -> None:
    """Text: "This can be up to as much as they have available for the day plus any stored
    away through general investment, plus any energy specifically invested towards this
    goal." RULES.md: "Spending takes from daily energy first, then the general store,
    then (for its project) the project pool."
    """
    state = start_day(ANN, general_store=5, pools={"Mayor": 30, "Guild": 10})
    outcome = task(ANN, state, 40, 40, project="Mayor")
    assert outcome.entry.draw == Draw(daily=20, general=5, pool=15)
    assert outcome.state.pool("Mayor") == 15
    assert outcome.state.pool("Guild") == 10
    assert outcome.state.debt == 0


def test_a_task_of_no_project_never_touches_the_pools() -> None:
    state = start_day(ANN, general_store=5, pools={"Mayor": 30})
    outcome = task(ANN, state, 30, 30)
    assert outcome.entry.draw == Draw(daily=20, general=5, debt=5)
    assert outcome.state.pool("Mayor") == 30


def test_ability_rating_adds_to_the_commitment() -> None:
    """Text: "The GM selects the pertinent ability and it's rating is added to the energy
    commitment to get the total character commitment to the task."
    """
    assert commitment(5, 3) == 8
    outcome = task(ANN, start_day(ANN), 5, 8, ability="Streets")
    assert outcome.success
    assert (outcome.entry.rating, outcome.entry.ability) == (3, "Streets")
    assert not task(ANN, start_day(ANN), 5, 8).success  # no pertinent ability: rating 0


def test_committed_energy_is_spent_either_way() -> None:
    """RULES.md: "commit energy + ability rating >= cost means success; the committed
    energy is spent either way"."""
    failed = task(ANN, start_day(ANN), 6, 50, ability="Streets")
    assert failed.success is False
    assert failed.state.daily == 14
    assert failed.entry.kind is EntryKind.TASK
    assert failed.state.entries == (failed.entry,)


def test_unknown_ability_or_project_is_refused() -> None:
    with pytest.raises(ValueError, match=re.escape("Ann has no ability called 'Swim'.")):
        task(ANN, start_day(ANN), 1, 1, ability="Swim")
    with pytest.raises(ValueError, match=re.escape("There is no project called 'Moon'.")):
        task(ANN, start_day(ANN), 1, 1, project="Moon")


# ----------------------------------------------------------------------- moves


def test_a_move_uses_the_ability_of_the_destinations_level() -> None:
    """Text: "The ability used is always the one that represents the level on which the
    destination area or way resides." The GM names it; its rating counts."""
    outcome = move(ANN, start_day(ANN), 2, ability="Streets")
    assert outcome.success
    assert (outcome.entry.cost, outcome.entry.rating) == (5, 3)
    assert outcome.entry.kind is EntryKind.MOVE


def test_a_move_needs_one_energy_unless_it_is_routine() -> None:
    """Text: "A player must always commit at least one energy to moving, even if the character
    would normally be able to do this on skill alone, if the move in question is not
    something that the character does daily."
    """
    skilled = CharacterProfile.create("Cat", 10, {"Streets": 9})
    with pytest.raises(ValueError, match="needs at least 1 energy committed"):
        move(skilled, start_day(skilled), 0, ability="Streets")
    routine = move(skilled, start_day(skilled), 0, ability="Streets", routine=True)
    assert routine.success
    assert routine.state.daily == 10
    assert move(skilled, start_day(skilled), 1, ability="Streets").success


def test_failing_a_move_to_a_way_goes_nowhere() -> None:
    """Text: "If the character fails on the task to move to a way, then they simply do not
    move at all."
    """
    outcome = move(ANN, start_day(ANN), 1, destination="way", district_change=True)
    assert not outcome.success
    assert (outcome.moved, outcome.lost) == (False, False)
    assert outcome.state.daily == 19  # spent either way


def test_failing_a_move_to_an_area_arrives_lost() -> None:
    """Text: "If they fail on the task to move to an area, they do move, but are now lost in
    that area."
    """
    outcome = move(ANN, start_day(ANN), 1, destination="area")
    assert not outcome.success
    assert (outcome.moved, outcome.lost) == (True, True)


def test_a_successful_move_arrives_not_lost() -> None:
    for destination in ("area", "way"):
        outcome = move(ANN, start_day(ANN), 5, destination=destination)  # type: ignore[arg-type]
        assert (outcome.success, outcome.moved, outcome.lost) == (True, True, False)


def test_a_leader_sets_the_cost_for_everyone_led() -> None:
    """Text: "If one character leads another, the cost for each is based on the ability of the
    character with the highest rating for the level in question."
    """
    novice = CharacterProfile.create("Dan", 10, {"Towers": 0})
    guide = CharacterProfile.create("Eve", 10, {"Towers": 5})
    best = group_rating([novice.rating("Towers"), guide.rating("Towers")])
    assert best == 5
    alone = move(novice, start_day(novice), 1, ability="Towers", level_change=True)
    led = move(novice, start_day(novice), 1, ability="Towers", level_change=True, led_rating=best)
    assert not alone.success
    assert led.success
    assert led.entry.rating == 5


def test_a_move_refuses_an_unknown_destination() -> None:
    with pytest.raises(
        ValueError, match=re.escape("A move goes to an 'area' or a 'way', not 'sea'.")
    ):
        move(ANN, start_day(ANN), 1, destination="sea")  # type: ignore[arg-type]


# -------------------------------------------------------------- other task costs


def test_altering_an_input_or_output_costs_20_per_point() -> None:
    """Text: "It costs about 20 energy to adjust an input or output by 1." """
    assert alter_cost() == 20
    assert alter_cost(3) == 60
    assert alter_daily_net(ANN, 1).daily_net == 21
    assert alter_daily_net(ANN, -20).daily_net == 0
    with pytest.raises(ValueError, match="Daily net energy cannot go below 0"):
        alter_daily_net(ANN, -21)
    with pytest.raises(ValueError, match="cannot be 0"):
        alter_daily_net(ANN, 0)


@pytest.mark.parametrize(
    ("cost", "to_know"), [(0, 0), (1, 1), (3, 2), (5, 4), (7, 6), (10, 8), (12, 10), (40, 32)]
)
def test_knowing_a_cost_is_80_percent_rounded(cost: int, to_know: int) -> None:
    """Text: "This should be around 20% less than the total energy cost that's being
    determined. So it may well cost a player energy to know the energy cost in
    question." Decision: round half up (for whole costs a half never occurs)."""
    assert knowing_cost(cost) == to_know


def test_obfuscation_adds_to_the_cost_of_knowing() -> None:
    """Text: "Note that in the case of a contested action, the opposition may spend energy to
    obfuscate their investment, over and above the value suggested above."
    """
    assert knowing_cost(10, obfuscation=5) == 13


def test_opposition_adds_its_commitment_to_the_cost() -> None:
    """Text: "Very simply, when facing opposition, the task energy cost is increased by the
    energy expenditure (including ability), of the opposition."
    """
    opposition = commitment(6, 2)
    assert contest_cost(opposition, base=10) == 18
    outcome = contest(ANN, start_day(ANN), 15, opposition, base=10, ability="Streets")
    assert outcome.success
    assert outcome.entry.cost == 18
    assert outcome.entry.kind is EntryKind.CONTEST
    assert not contest(ANN, start_day(ANN), 14, opposition, base=10).success


def test_direct_opposition_is_the_cost() -> None:
    """Text: "In many cases opposition is direct, in which case the opposition's total
    commitment becomes the task energy cost."
    """
    assert contest_cost(12) == 12
    assert contest(ANN, start_day(ANN), 9, 12, ability="Streets").success
    assert not contest(ANN, start_day(ANN), 8, 12, ability="Streets").success


def test_killing_is_a_contest_with_base_cost_40() -> None:
    """Text: "This act is contested with a base energy cost of 40." """
    assert killing_cost() == 40
    assert killing_cost(opposition=3) == 43


# --------------------------------------------------------------- attacking energy


def test_the_side_committing_more_deducts() -> None:
    """Text: "The side investing more energy may then deduct as many energy as they like from
    their opponent". Decision: a tie deducts nothing."""
    assert attack_winner(10, 7) == "attacker"
    assert attack_winner(7, 10) == "defender"
    assert attack_winner(8, 8) is None
    first = attack(ANN, start_day(ANN), 6, ability="Streets")
    assert first.entry.kind is EntryKind.ATTACK
    assert first.state.daily == 14
    assert commitment(first.entry.amount, first.entry.rating) == 9


def test_a_deduction_may_not_kill() -> None:
    """Text: "... so long as this does not kill them (see Energy Debt above)." Everything on
    hand may go, then a debt whose double the next day can still repay."""
    state = start_day(ANN, general_store=4)
    assert max_deduction(ANN, state) == 24 + 10
    survived = deduct(ANN, state, 34)
    assert survived.state.debt == 10
    assert not survived.state.dead
    assert survived.entry.kind is EntryKind.DEDUCTED
    with pytest.raises(ValueError, match="Deducting 35 energy would kill Ann; at most 34"):
        deduct(ANN, state, 35)


def test_a_defenceless_character_may_be_killed() -> None:
    """Text: "A character who is at negative energy, who cannot spend more to defend
    themselves because to do so would cause their death, may be killed."
    """
    state = start_day(ANN)
    assert not is_defenceless(ANN, state)
    at_the_edge = deduct(ANN, state, max_deduction(ANN, state)).state
    assert at_the_edge.debt == 10
    assert is_defenceless(ANN, at_the_edge)
    in_debt_but_able = deduct(ANN, state, 25).state
    assert not is_defenceless(ANN, in_debt_but_able)


# ------------------------------------------------------------------- investment


def test_general_investment_lands_in_the_store_the_next_day() -> None:
    """Text: "For every 5 energy so invested, the character has 1 more energy the next day." """
    outcome = invest(ANN, start_day(ANN), 10)
    assert outcome.entry.kind is EntryKind.INVEST_GENERAL
    assert (outcome.entry.gained, outcome.state.pending_general) == (2, 2)
    assert outcome.state.general_store == 0  # not today
    assert rollover(ANN, outcome.state).state.general_store == 2


def test_specific_investment_goes_into_its_own_pool() -> None:
    """Text: "For every 5 energy invested, 4 is added to the pool for this specific project."
    "Specific investments should be tracked in separate pools for each project."
    """
    state = start_day(ANN, pools={"Mayor": 0})
    state = invest(ANN, state, 10, project="Mayor").state
    state = invest(ANN, state, 5, project="Harbour").state
    assert state.pending("Mayor") == 8
    assert state.pending("Harbour") == 4
    next_day = rollover(ANN, state).state
    assert next_day.pools == (ProjectPool("Mayor", 8), ProjectPool("Harbour", 4))


def test_general_investment_is_inefficient_specific_efficient() -> None:
    """Text: "General investment is very inefficient, but allows flexibility. Specific
    investments dedicate energy to a single project, but are far more efficient."
    """
    assert specific_yield(20) == 4 * general_yield(20)


def test_the_remainder_below_five_is_wasted_with_a_warning() -> None:
    """RULES.md: "The remainder below 5 is wasted (the app warns before it happens)." """
    assert investment_waste(13) == 3
    assert waste_warning(13) == (
        "3 of the 13 energy invested will be wasted: only full 5s are invested."
    )
    assert waste_warning(15) is None
    outcome = invest(ANN, start_day(ANN), 13, project="Mayor")
    assert (outcome.entry.amount, outcome.entry.gained) == (13, 8)
    assert outcome.state.daily == 7


def test_investing_never_draws_on_a_pool() -> None:
    """Decision: investments come from daily energy and the store only."""
    state = start_day(ANN, pools={"Mayor": 50})
    outcome = invest(ANN, state, 25, project="Mayor")
    assert outcome.entry.draw == Draw(daily=20, debt=5)
    assert outcome.state.pool("Mayor") == 50


def test_stores_and_pools_decay_at_each_rollover() -> None:
    """Text: "These energy decay at a rate of 1 per day, or 5%, whichever is more." (general)
    "These decay at the rate of 1 per day, or 5%, whichever is more." (specific)"""
    state = start_day(ANN, general_store=60, pools={"Mayor": 19, "Guild": 0})
    ended = task(ANN, state, 20, 0).state
    result = rollover(ANN, ended)
    assert result.state.general_store == 57
    assert result.state.pools == (ProjectPool("Mayor", 18), ProjectPool("Guild", 0))
    assert result.general_decay == 3
    assert result.pool_decay == (ProjectPool("Mayor", 1), ProjectPool("Guild", 0))
    assert result.pool_losses == (ProjectPool("Mayor", 1),)  # the summary's: only real losses


def test_cancelling_a_project_recoups_one_per_full_ten_for_anything() -> None:
    """Text: "If a character cancels a project, they may recoup 1 energy for every full 10
    invested, which then count as though they had been generally invested (can be used
    for anything)."
    """
    state = start_day(ANN, general_store=2, pools={"Mayor": 37, "Guild": 5})
    outcome = cancel_project(ANN, state, "Mayor")
    assert outcome.entry.kind is EntryKind.CANCEL_PROJECT
    assert (outcome.entry.amount, outcome.entry.gained) == (37, 3)
    assert outcome.state.general_store == 5
    assert outcome.state.pools == (ProjectPool("Guild", 5),)
    assert task(ANN, outcome.state, 25, 25).state.debt == 0  # usable for anything, now


def test_cancelling_counts_what_is_on_its_way_in() -> None:
    """Decision: today's specific investments count as part of the cancelled pool."""
    state = invest(ANN, start_day(ANN, pools={"Mayor": 6}), 5, project="Mayor").state
    outcome = cancel_project(ANN, state, "Mayor")
    assert (outcome.entry.amount, outcome.entry.gained) == (10, 1)
    assert outcome.state.pending_specific == ()
    fresh = invest(ANN, start_day(ANN), 15, project="New").state
    assert cancel_project(ANN, fresh, "New").entry.gained == 1
    with pytest.raises(ValueError, match=re.escape("There is no project called 'Moon'.")):
        cancel_project(ANN, fresh, "Moon")


def test_a_refund_pays_todays_debt_first() -> None:
    """Decision: energy gained during the day pays off the day's debt before the store."""
    in_debt = task(ANN, start_day(ANN, pools={"Mayor": 50}), 22, 0).state
    assert in_debt.debt == 2
    outcome = cancel_project(ANN, in_debt, "Mayor")
    assert (outcome.state.debt, outcome.state.general_store) == (0, 3)


# ------------------------------------------------------------------------- debt


def test_debt_is_repaid_double_before_anything_else() -> None:
    """Text: "If a character should ever go to negative energy for a day, then this energy
    debt has to be repaid the next day, at double the cost, before anything else is done
    that day."
    """
    in_debt = task(ANN, start_day(ANN), 24, 24).state
    assert in_debt.debt == 4
    result = rollover(ANN, in_debt)
    first = result.state.entries[0]
    assert first.kind is EntryKind.REPAYMENT
    assert (first.amount, first.draw) == (8, Draw(daily=8))
    assert result.repayment == 8
    assert (result.state.daily, result.state.debt) == (12, 0)
    assert available(result.state) == 12


def test_going_into_debt_has_repercussions_next_day() -> None:
    """Text: "Also going into energy debt, (negative net energy for the day), will have
    repercussions for the following day."
    """
    calm = rollover(ANN, task(ANN, start_day(ANN), 20, 0).state).state
    indebted = rollover(ANN, task(ANN, start_day(ANN), 21, 0).state).state
    assert available(indebted) == available(calm) - 2


def test_the_gm_sees_a_debt_before_it_is_incurred() -> None:
    """RULES.md: "the app shows this before the GM confirms the spending"."""
    state = start_day(ANN, general_store=3)
    safe = preview_spend(ANN, state, 23)
    assert (safe.creates_debt, safe.kills) == (False, False)
    indebted = preview_spend(ANN, state, 30)
    assert indebted.draw == Draw(daily=20, general=3, debt=7)
    assert (indebted.total_debt, indebted.repayment, indebted.next_day_capacity) == (7, 14, 20)
    assert (indebted.creates_debt, indebted.kills) == (True, False)
    outcome = task(ANN, state, 30, 0)
    assert (outcome.entry.draw, outcome.state.debt) == (indebted.draw, indebted.total_debt)


def test_a_debt_that_cannot_be_repaid_kills_at_once() -> None:
    """Text: "Note that if a character ever accumulates an energy debt so high that they will
    not be able to pay it off the following day, the character immediately dies as some
    result of the loss that created the debt."
    """
    state = start_day(ANN)
    assert preview_spend(ANN, state, 30).kills is False  # debt 10, repay 20 of 20
    assert preview_spend(ANN, state, 31).kills is True  # debt 11, repay 22 of 20
    outcome = task(ANN, state, 31, 40, note="One last leap")
    assert outcome.entry.fatal
    assert outcome.state.dead
    with pytest.raises(ValueError, match="Ann is dead"):
        task(ANN, outcome.state, 0, 0)
    with pytest.raises(ValueError, match="Ann is dead"):
        rollover(ANN, outcome.state)


def test_a_debt_accumulates_over_the_day() -> None:
    """Text: "if a character ever accumulates an energy debt so high ..." Each new spend is
    judged on the day's whole debt."""
    state = task(ANN, start_day(ANN), 26, 0).state
    assert (state.debt, state.dead) == (6, False)
    assert not task(ANN, state, 4, 0).state.dead  # 10 in all: 20 to repay, 20 to come
    assert task(ANN, state, 5, 0).state.dead


def test_the_landing_store_counts_towards_repayment() -> None:
    """The store after decay plus today's general yields can repay, as the rollover
    lands investments before it turns debts into repayments."""
    broke = CharacterProfile("Fay", 0)
    state = invest(broke, start_day(broke, general_store=10), 10).state  # 2 on the way
    assert next_day_capacity(broke, state) == 2
    state = task(broke, state, 1, 0).state
    assert (state.debt, state.dead) == (1, False)
    result = rollover(broke, state)
    assert (result.unpaid, result.died, result.state.general_store) == (0, False, 0)
    assert task(broke, state, 1, 0).state.dead


def test_a_repayment_the_opened_day_cannot_cover_kills_at_the_rollover() -> None:
    """RULES.md section 3: "Death by debt is judged twice ... at the rollover, against
    the day that actually opens: if the repayment 2 x D is more than that day's daily
    energy plus general store, the character dies at the rollover ... There is no
    'unpaid part' carried on."""
    state = task(ANN, start_day(ANN), 30, 0).state  # debt 10: 20 to repay, 20 to come
    assert not state.dead  # judged survivable when incurred: a normal night gives 20
    result = rollover(ANN, state, night="little")  # only 15 comes
    assert (result.repayment, result.unpaid) == (20, 5)
    assert result.died and result.state.entries[0].fatal
    survivable = rollover(ANN, task(ANN, start_day(ANN), 26, 0).state, night="none")
    assert (survivable.repayment, survivable.unpaid, survivable.died) == (12, 2, True)
    exact = rollover(ANN, task(ANN, start_day(ANN), 27, 0).state, night="little")
    assert (exact.repayment, exact.unpaid, exact.died) == (14, 0, False)  # 15 covers 14
    assert exact.state.debt == 0 and exact.state.daily == 1
    cut_off = rollover(ANN, state, proximity=0)  # nothing comes
    assert (cut_off.unpaid, cut_off.died, cut_off.state.entries[0].fatal) == (20, True, True)


# --------------------------------------------------------------------- rollover


def test_rollover_steps_are_in_the_rules_order() -> None:
    """RULES.md: "unspent daily energy is lost -> stores and pools decay -> the day's
    investments land -> debts become repayments -> the new day opens with its sleep and
    proximity."
    """
    assert ROLLOVER_STEPS == (
        "unspent daily energy is lost",
        "stores and pools decay",
        "the day's investments land",
        "debts become repayments",
        "the new day opens with its sleep and proximity",
    )


def test_unspent_daily_energy_is_lost() -> None:
    """Text: "Energy not used is “lost,” though we imagine that the character expends it on
    things unimportant to the plot of play."
    """
    state = task(ANN, start_day(ANN), 13, 0).state
    result = rollover(ANN, state)
    assert result.lost_daily == 7
    assert result.state.daily == result.state.opened_daily == 20


def test_decay_comes_before_landing() -> None:
    """A fresh investment is whole on its first day: 39 in the store and 1 landing is
    39 (decay 1, then +1), not 38 (40 decaying by 2); a new pool of 4 stays 4."""
    state = start_day(ANN, general_store=39)
    state = invest(ANN, state, 5).state
    state = invest(ANN, state, 5, project="Mayor").state
    result = rollover(ANN, state)
    assert result.state.general_store == 39
    assert result.state.pools == (ProjectPool("Mayor", 4),)
    assert result.landed_general == 1
    assert result.landed_specific == (ProjectPool("Mayor", 4),)


def test_the_new_day_opens_with_its_sleep_and_proximity() -> None:
    state = start_day(ANN, proximity=50)
    result = rollover(ANN, state, night="little")
    assert (result.state.day, result.state.opened_daily, result.state.proximity) == (1, 7, 50)
    assert result.state.last_night == "little"
    result = rollover(ANN, result.state, night="none", proximity=100)
    assert (result.state.opened_daily, result.state.nights) == (5, ("little", "none"))
    result = rollover(ANN, result.state, night="normal")
    assert (result.state.opened_daily, result.state.nights) == (20, ())


def test_a_new_day_starts_an_empty_ledger() -> None:
    state = task(ANN, start_day(ANN), 3, 0).state
    assert len(state.entries) == 1
    assert rollover(ANN, state).state.entries == ()


def test_next_nights_remembers_the_trailing_run_only() -> None:
    assert next_nights((), "normal") == ()
    assert next_nights(("none",), "normal") == ()
    assert next_nights(("little",), "none") == ("little", "none")
    assert next_nights(("little",) * 4, "none") == ("little", "little", "little", "none")
    assert sleep_percent(next_nights(("little",) * 4, "none")) == 0


def test_start_day_validates_its_pools() -> None:
    with pytest.raises(ValueError, match="Project pools must map names to values"):
        start_day(ANN, pools=[("Mayor", 3)])  # type: ignore[arg-type]
    assert start_day(ANN, nights=["none", "normal", "little"]).nights == ("little",)


# ------------------------------------------------------------------- properties

amounts = st.integers(min_value=0, max_value=200)
nights_st = st.lists(st.sampled_from(energy.NIGHTS), max_size=8)
night_st = st.sampled_from(energy.NIGHTS)
proximity_st = st.integers(min_value=0, max_value=100)
profiles_st = st.builds(
    CharacterProfile.create,
    name=st.just("Gil"),
    daily_net=st.integers(min_value=0, max_value=60),
    abilities=st.just({"Streets": 2}),
)


@st.composite
def days(draw: st.DrawFn) -> tuple[CharacterProfile, DayState]:
    """A profile and a day part spent, with investments on their way in, no debt yet."""
    profile = draw(profiles_st)
    state = start_day(
        profile,
        nights=draw(nights_st),
        proximity=draw(proximity_st),
        general_store=draw(st.integers(0, 80)),
        pools={"Mayor": draw(st.integers(0, 80))},
    )
    state = task(profile, state, draw(st.integers(0, available(state))), 0).state
    state = invest(profile, state, draw(st.integers(0, available(state)))).state
    return profile, state


@given(st.lists(st.integers(0, 500), max_size=6))
def test_the_summary_lists_exactly_the_pools_that_decayed(values: list[int]) -> None:
    pools = {f"Project {i}": value for i, value in enumerate(values)}
    result = rollover(ANN, start_day(ANN, pools=pools))
    assert result.pool_losses == tuple(pool for pool in result.pool_decay if pool.value)
    assert all(loss.value == decay(pools[loss.project]) for loss in result.pool_losses)


@given(amounts)
def test_decay_never_takes_a_value_below_zero(value: int) -> None:
    lost = decay(value)
    assert 0 <= value - lost <= value
    assert lost == (0 if value == 0 else max(1, value // 20))


@given(nights_st, night_st)
def test_sleep_factor_stays_between_zero_and_one_and_bad_nights_never_help(
    nights: list[str], night: str
) -> None:
    before = sleep_factor(nights)
    after = sleep_factor([*nights, night])
    assert 0.0 <= after <= 1.0
    if night == "normal":
        assert after == 1.0
    else:
        assert after <= before
    assert sleep_percent(next_nights(nights, night)) == sleep_percent([*nights, night])


@given(amounts, amounts)
def test_investments_never_yield_more_than_invested(invested: int, extra: int) -> None:
    assert general_yield(invested) + investment_waste(invested) <= invested
    assert specific_yield(invested) + investment_waste(invested) <= invested
    assert general_yield(invested + extra) >= general_yield(invested)


@given(days(), amounts)
def test_a_character_dies_exactly_when_a_debt_cannot_be_repaid(
    day: tuple[CharacterProfile, DayState], amount: int
) -> None:
    profile, state = day
    preview = preview_spend(profile, state, amount)
    outcome = task(profile, state, amount, 0)
    after = outcome.state
    # What the best next day can repay with, from the contract functions alone.
    store = after.general_store - decay(after.general_store) + after.pending_general
    can_repay = daily_energy(profile.daily_net, (), after.proximity) + store
    cannot = 2 * after.debt > can_repay
    assert after.dead == outcome.entry.fatal == preview.kills == (after.debt > 0 and cannot)
    if not after.dead:
        result = rollover(profile, after, night="normal")
        assert (result.unpaid, result.died) == (0, False)
        if after.debt:
            first = result.state.entries[0]
            assert (first.kind, first.amount, first.draw.debt) == (
                EntryKind.REPAYMENT,
                2 * after.debt,
                0,
            )


@given(days(), night_st, proximity_st, st.booleans())
def test_available_is_daily_energy_plus_yields_minus_decay_and_repayments(
    day: tuple[CharacterProfile, DayState], night: str, proximity: int, indebted: bool
) -> None:
    """Energy is never created: after a rollover, what is available is exactly the new
    daily energy plus the landed yields, minus decay and the repayment."""
    profile, state = day
    if indebted:  # end the day with as much debt as an attacker may leave
        state = deduct(profile, state, max_deduction(profile, state)).state
    assert not state.dead
    result = rollover(profile, state, night=night, proximity=proximity)
    new = result.state
    opened = daily_energy(profile.daily_net, [*state.nights, night], proximity)
    store = state.general_store - decay(state.general_store) + state.pending_general
    repaid = min(2 * state.debt, opened + store)
    assert new.opened_daily == opened
    assert available(new) == opened + store - repaid
    assert new.debt == 2 * state.debt - repaid
    for pool in state.pools:
        expected = pool.value - decay(pool.value) + state.pending(pool.project)
        assert new.pool(pool.project) == expected
    assert rebuilt(new) == new


@given(days(), amounts)
def test_an_attack_never_deducts_a_fatal_amount(
    day: tuple[CharacterProfile, DayState], extra: int
) -> None:
    profile, state = day
    most = max_deduction(profile, state)
    assert not deduct(profile, state, most).state.dead
    assert preview_spend(profile, state, most + 1 + extra).kills


class EnergyLedger(RuleBasedStateMachine):
    """Random days of tasks, investments, attacks, cancellations and rollovers.

    Checks after every step that the values stay valid, that every change of what the
    character holds is accounted for by the contract functions, and that all the energy
    ever spent or held came from the daily energies the days opened with.
    """

    def __init__(self) -> None:
        super().__init__()
        self.profile = ANN
        self.state = start_day(ANN)
        self.opened_total = 0  # every unit of energy that ever entered
        self.used_total = 0  # energy that left to buy something (tasks, investments...)
        self.destroyed_total = 0  # energy that left for nothing (loss, decay, waste)

    @initialize(
        net=st.integers(0, 40), store=st.integers(0, 50), pool=st.integers(0, 60), near=proximity_st
    )
    def start(self, net: int, store: int, pool: int, near: int) -> None:
        self.profile = CharacterProfile.create("Hal", net, {"Streets": 2})
        self.state = start_day(
            self.profile, general_store=store, pools={"Mayor": pool}, proximity=near
        )
        self.opened_total = held(self.state)

    def _dead_refuse(self) -> bool:
        """Whether the character is dead, after checking the dead can do nothing."""
        if not self.state.dead:
            return False
        event("dead")
        with pytest.raises(ValueError, match="is dead"):
            task(self.profile, self.state, 0, 0)
        with pytest.raises(ValueError, match="is dead"):
            rollover(self.profile, self.state)
        return True

    def _spent(self, before: DayState, amount: int, gained: int) -> None:
        # What was not paid from what the character held became debt.
        after = self.state
        paid = amount - (after.debt - before.debt)
        assert 0 <= paid <= amount
        assert held(after) == held(before) - paid + gained
        if after.debt > before.debt:
            event("debt incurred")

    @rule(committed=st.integers(0, 60), cost=st.integers(0, 60), mayor=st.booleans())
    def do_task(self, committed: int, cost: int, mayor: bool) -> None:
        if self._dead_refuse():
            return
        project = "Mayor" if mayor and any(p.project == "Mayor" for p in self.state.pools) else None
        before = self.state
        self.state = task(self.profile, before, committed, cost, project=project).state
        self._spent(before, committed, 0)
        self.used_total += committed

    @rule(amount=st.integers(0, 30), project=st.sampled_from([None, "Mayor", "Harbour"]))
    def do_invest(self, amount: int, project: str | None) -> None:
        if self._dead_refuse():
            return
        before = self.state
        outcome = invest(self.profile, before, amount, project=project)
        self.state = outcome.state
        expected = general_yield(amount) if project is None else specific_yield(amount)
        assert outcome.entry.gained == expected
        assert expected <= amount
        self._spent(before, amount, expected)
        self.destroyed_total += amount - expected  # the waste bought nothing

    @rule(share=st.integers(0, 100))
    def do_deduct(self, share: int) -> None:
        if self._dead_refuse():
            return
        before = self.state
        amount = max_deduction(self.profile, before) * share // 100
        self.state = deduct(self.profile, before, amount).state
        assert not self.state.dead
        self._spent(before, amount, 0)
        self.used_total += amount

    @rule()
    def do_cancel(self) -> None:
        if self._dead_refuse() or not self.state.pools:
            return
        before = self.state
        project = before.pools[0].project
        gone = before.pool(project) + before.pending(project)
        self.state = cancel_project(self.profile, before, project).state
        refund = cancel_refund(gone)
        assert held(self.state) + (before.debt - self.state.debt) == held(before) - gone + refund
        self.destroyed_total += gone - refund

    @rule(night=night_st, near=st.one_of(st.none(), proximity_st))
    def end_day(self, night: str, near: int | None) -> None:
        if self._dead_refuse():
            return
        before = self.state
        result = rollover(self.profile, before, night=night, proximity=near)
        self.state = result.state
        opened = daily_energy(
            self.profile.daily_net,
            [*before.nights, night],
            before.proximity if near is None else near,
        )
        decayed = decay(before.general_store) + sum(decay(p.value) for p in before.pools)
        repaid = 2 * before.debt - self.state.debt
        assert held(self.state) == held(before) - before.daily - decayed + opened - repaid
        assert result.lost_daily == before.daily
        if result.repayment:
            # Judged again at the rollover: the character dies exactly when the repayment
            # is more than the opened day's daily energy plus its general store.
            store = before.general_store - decay(before.general_store) + before.pending_general
            short = result.repayment > opened + store
            if short:
                event("repayment short")
            assert result.died == short
            assert result.unpaid == max(0, result.repayment - opened - store)
        self.opened_total += opened
        # The doubling of a debt is energy lost for nothing, like decay.
        self.destroyed_total += before.daily + decayed + before.debt

    @invariant()
    def stays_valid(self) -> None:
        assert rebuilt(self.state) == self.state

    @invariant()
    def energy_is_never_created(self) -> None:
        assert held(self.state) >= 0
        # Every unit held, used or destroyed entered as some day's daily energy (or
        # was there at the start); a debt is energy used that never entered yet.
        assert (
            held(self.state) + self.used_total + self.destroyed_total
            == self.opened_total + self.state.debt
        )

    @invariant()
    def death_is_recorded_by_its_entry(self) -> None:
        fatal = [entry for entry in self.state.entries if entry.fatal]
        assert self.state.dead == bool(fatal)


EnergyLedger.TestCase.settings = settings(max_examples=60, stateful_step_count=30, deadline=None)
test_energy_ledger = EnergyLedger.TestCase


@given(st.integers(0, 200), st.integers(0, 500))
def test_the_least_energy_to_succeed_succeeds_and_one_less_fails(ability: int, cost: int) -> None:
    """Tasks: "energy committed + ability rating >= cost" succeeds; the offered
    commitment is the least that does."""
    least = energy.least_energy_to_succeed(ability, cost)
    assert energy.task_succeeds(least, ability, cost)
    assert least == 0 or not energy.task_succeeds(least - 1, ability, cost)
