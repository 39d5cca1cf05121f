"""Properties of the rules that views and the store used to work out themselves
(issue 13): each is now one public function in desktop/rules."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from desktop.rules import dicepool, downtime, energy, factions, numbers

tiers = st.integers(factions.MIN_TIER, factions.MAX_TIER)
holds = st.sampled_from(factions.HOLDS)
sizes = st.sampled_from(dicepool.SIZES)


@given(st.lists(st.integers(0, 20), max_size=6))
def test_trait_steps_are_the_sum_of_a_sides_own_traits(values: list[int]) -> None:
    assert dicepool.trait_steps(values) == sum(values)


@given(sizes, st.integers(0, 5), st.booleans())
def test_rolled_size_never_exceeds_d20_and_d4_wins(size: int, steps: int, down: bool) -> None:
    if down and steps:
        with pytest.raises(ValueError):
            dicepool.rolled_size(size, steps, down)
        return
    room = len(dicepool.SIZES) - 1 - dicepool.SIZES.index(size)
    if steps > room:
        with pytest.raises(ValueError):
            dicepool.rolled_size(size, steps, down)
        return
    rolled = dicepool.rolled_size(size, steps, down)
    assert rolled == (4 if down else dicepool.SIZES[dicepool.SIZES.index(size) + steps])


@given(st.integers(0, 5), st.integers(0, 5), st.integers(0, 5))
def test_play_state_follows_where_the_dice_are(pool: int, table: int, removed: int) -> None:
    state = dicepool.play_state(pool, table, removed)
    if pool:
        assert state is dicepool.PlayState.IN_PLAY
    elif table:
        assert state is dicepool.PlayState.OUT_OF_PLAY
    elif removed:
        assert state is dicepool.PlayState.OUT_FOR_GOOD
    else:
        assert state is dicepool.PlayState.NO_POOL
    assert dicepool.PLAY_STATE_WORDS[state]  # always said in words


@given(st.lists(sizes, min_size=2, max_size=6), st.sampled_from(list(dicepool.Catastrophe)))
def test_the_suggested_die_is_the_largest_to_keep_or_smallest_to_lose(
    rolled: list[int], choice: dicepool.Catastrophe
) -> None:
    pool = dicepool.Pool(tuple(dicepool.Die(i + 1, size) for i, size in enumerate(rolled)))
    tray = [dicepool.TrayDie(i + 1) for i in range(len(rolled))]
    roll = dicepool.roll_with_faces(pool, tray, [1] * len(rolled))
    chosen = dicepool.suggested_die(roll, choice)
    size = rolled[chosen - 1]
    if choice is dicepool.Catastrophe.DEPLETE_ALL_BUT_ONE:
        assert size == max(rolled)
    else:
        assert size == min(rolled)
    after = dicepool.apply_roll(pool, roll, choice=choice, chosen=chosen)
    assert len(after.dice) == len(pool.dice)  # dice are conserved


@given(tiers, holds, tiers, st.booleans(), st.booleans())
def test_a_payoff_counts_the_war_tier_and_adds_heat_at_war(
    tier: int, hold: str, target: int, quiet: bool, at_war: bool
) -> None:
    chapter = factions.Chapter(tier, hold)
    paid, after = downtime.chapter_payoff(chapter, target, downtime.STANDARD, quiet, at_war=at_war)
    counted = factions.counting_tier(tier, hold, at_war)
    assert paid.rep == downtime.payoff_rep(counted, target, quiet)
    assert paid.heat == (1 if at_war else 0)
    assert after.heat == chapter.heat + paid.heat
    assert after.coin == chapter.coin + paid.coin
    assert after.rep == min(paid.rep, after.rep_needed)
    assert counted <= tier  # war never raises a tier


@given(st.integers(0, 6), sizes, st.randoms(use_true_random=False))
def test_zero_dice_roll_two_and_keep_the_lower(count: int, size: int, rng: random.Random) -> None:
    rolled = downtime.action_roll(rng, count, size)
    if count == 0:
        assert len(rolled.faces) == 2 and rolled.total == min(rolled.faces)
    else:
        assert len(rolled.faces) == count and rolled.total == sum(rolled.faces)
    assert all(1 <= face <= size for face in rolled.faces)


@given(st.integers(0, 6), st.integers(0, 6), st.integers(0, 6), st.integers(0, 2), st.booleans())
def test_charging_an_activity_never_goes_below_zero(
    coin: int, rep: int, spent: int, taken: int, pay_rep: bool
) -> None:
    chapter = factions.Chapter(coin=coin, rep=rep)
    progress = downtime.CharacterDowntime(taken=(downtime.HEALING,) * taken)
    currency = downtime.REP if pay_rep else downtime.COIN
    try:
        charge = downtime.charge_activity(chapter, progress, currency, coin_spent=spent)
    except ValueError:
        extra = 1 if progress.free_left == 0 else 0
        have_coin = coin - (extra if not pay_rep else 0)
        have_rep = rep - (extra if pay_rep else 0)
        assert have_coin < spent or have_rep < 0 or have_coin < 0
        return
    extra = progress.free_left == 0
    assert charge.extra == (currency if extra else "")
    paid_coin = spent + (1 if extra and not pay_rep else 0)
    paid_rep = 1 if extra and pay_rep else 0
    assert (charge.chapter.coin, charge.chapter.rep) == (coin - paid_coin, rep - paid_rep)


@given(st.integers(0, 20), st.booleans())
def test_quality_bought_is_one_per_two_coin(coin: int, upgraded: bool) -> None:
    if coin % 2:
        with pytest.raises(ValueError):
            downtime.quality_bought(coin)
    else:
        assert downtime.quality_bought(coin) == coin // 2
    marks = (("Insight", 1), ("Prowess", 0))
    after = downtime.train_marks(marks, "Prowess", upgraded)
    assert dict(after) == {"Insight": 1, "Prowess": 2 if upgraded else 1}


@given(tiers, holds, st.booleans())
def test_losing_hold_goes_one_step_down(tier: int, hold: str, chapter: bool) -> None:
    if tier == 0 and hold == factions.WEAK and not chapter:
        with pytest.raises(ValueError):
            factions.hold_loss(tier, hold, chapter)
        return
    loss = factions.hold_loss(tier, hold, chapter)
    assert loss.hold == factions.WEAK
    assert loss.tier == (tier if hold == factions.STRONG else max(0, tier - 1))
    assert loss.lair_threatened == (chapter and tier == 0 and hold == factions.WEAK)


@given(st.integers(0, 200), st.integers(0, 100), st.integers(0, 300), st.integers(0, 200))
def test_day_figures_give_the_opening_available(
    net: int, store: int, spend: int, pool: int
) -> None:
    profile = energy.CharacterProfile("Ann", net)
    day = energy.start_day(profile, general_store=store, pools={"Tower": pool})
    opening = energy.available(day)
    day = energy.task(profile, day, spend, 0).state
    if not day.dead:
        day = energy.cancel_project(profile, day, "Tower").state
    figures = energy.day_figures(day)
    assert figures.available == opening
    assert figures.left == day.daily + day.general_store
    assert energy.repayment(day.debt) == 2 * day.debt


@given(st.text(max_size=6))
def test_typed_numbers_are_whole_numbers_or_refused(text: str) -> None:
    try:
        value = numbers.typed_number(text, "A throw")
    except ValueError as error:
        assert "A throw" in str(error) or "a throw" in str(error)
        return
    assert str(value) == str(int(text.strip()))
    assert text.strip().lstrip("+-").isdigit()


@pytest.mark.parametrize("text", ["+-5", "--5", "-+1", "1" * 5000, "-" + "9" * 4400])
def test_a_typed_number_python_cannot_read_is_refused_in_the_rule_s_words(text: str) -> None:
    """Two signs, or more digits than Python converts, are refused with the field's
    name, never Python's own "invalid literal for int()" or "Exceeds the limit"."""
    with pytest.raises(ValueError) as refused:
        numbers.typed_number(text, "A throw")
    assert str(refused.value).startswith("A throw")
    assert "int()" not in str(refused.value) and "limit" not in str(refused.value)
