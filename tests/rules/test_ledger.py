"""A day's ledger adds up: every day the energy rules make passes, altered ones do not."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from desktop.rules import energy
from desktop.rules.energy import DayState, Draw, EntryKind, LedgerEntry
from desktop.rules.ledger import check_ledger

PROFILE = energy.CharacterProfile.create("Kara", 20, {"Stealth": 3})

_ACTS = st.lists(
    st.tuples(
        st.sampled_from(["task", "pool_task", "invest", "invest_in", "cancel", "deduct", "end"]),
        st.integers(0, 40),
    ),
    max_size=12,
)


def _play(acts: list[tuple[str, int]]) -> list[DayState]:
    """The days a run of the rules' own acts leaves, each as it is stored."""
    state = energy.start_day(PROFILE, day=1, general_store=7, pools={"Tower": 12})
    days = []
    for act, amount in acts:
        if state.dead:
            break
        try:
            if act == "task":
                state = energy.task(PROFILE, state, amount, 10, ability="Stealth").state
            elif act == "pool_task":
                state = energy.task(PROFILE, state, amount, 10, project="Tower").state
            elif act == "invest":
                state = energy.invest(PROFILE, state, amount).state
            elif act == "invest_in":
                state = energy.invest(PROFILE, state, amount, project="Tower").state
            elif act == "cancel":
                state = energy.cancel_project(PROFILE, state, "Tower").state
            elif act == "deduct":
                most = energy.max_deduction(PROFILE, state)
                state = energy.deduct(PROFILE, state, min(amount, most)).state
            else:
                days.append(state)
                state = energy.rollover(PROFILE, state).state
        except ValueError:
            continue  # a project cancelled before: the rules refuse, as the GM would see
    days.append(state)
    return days


@settings(max_examples=150, deadline=None)
@given(_ACTS)
def test_every_day_the_rules_make_adds_up(acts: list[tuple[str, int]]) -> None:
    for state in _play(acts):
        check_ledger(state)


def _spent_day() -> DayState:
    state = energy.start_day(PROFILE, day=1, general_store=17)
    state = energy.task(PROFILE, state, 25, 10).state  # 20 daily, 5 from the store
    return energy.invest(PROFILE, state, 10).state


def test_a_changed_figure_is_refused() -> None:
    day = _spent_day()
    check_ledger(day)
    for changed, words in [
        (replace(day, daily=3), "daily energy left"),
        (replace(day, pending_general=0), "general yield"),
    ]:
        with pytest.raises(ValueError, match=words):
            check_ledger(changed)
    in_debt = energy.task(PROFILE, energy.start_day(PROFILE, day=1), 25, 10).state
    check_ledger(in_debt)
    with pytest.raises(ValueError, match="the debt is 6"):
        check_ledger(replace(in_debt, debt=6))


def test_spending_after_death_and_a_death_without_a_killing_entry_are_refused() -> None:
    state = energy.start_day(PROFILE, day=1)
    dead = energy.task(PROFILE, state, 100, 10).state
    assert dead.dead
    check_ledger(dead)
    later = LedgerEntry(EntryKind.TASK, 0, Draw(), cost=1, success=False)
    with pytest.raises(ValueError, match="after the death"):
        check_ledger(replace(dead, entries=(*dead.entries, later)))
    with pytest.raises(ValueError, match="died"):
        check_ledger(replace(state, dead=True))


def test_a_yield_the_rules_would_not_give_is_refused() -> None:
    state = energy.invest(PROFILE, energy.start_day(PROFILE, day=1), 10).state
    entry = replace(state.entries[0], gained=9)
    with pytest.raises(ValueError, match="gains 9"):
        check_ledger(replace(state, entries=(entry,), pending_general=9))
