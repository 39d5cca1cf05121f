"""The one place End Day decides what a day with no row means (`energy.day_to_end`)."""

from __future__ import annotations

from desktop.rules.energy import CharacterProfile, day_to_end, start_day, task

ANN = CharacterProfile.create("Ann", 20, {"Streets": 3})


def test_a_row_today_is_the_day_to_end() -> None:
    today = task(ANN, start_day(ANN, day=4), 5, 40).state
    assert day_to_end(ANN, 4, today, None) == (today, False)


def test_no_row_today_after_a_death_is_the_day_of_the_death() -> None:
    dead = task(ANN, start_day(ANN, day=2), 40, 40).state
    assert dead.dead
    assert day_to_end(ANN, 4, None, dead) == (dead, False)


def test_no_row_today_otherwise_starts_a_fresh_day() -> None:
    alive = start_day(ANN, day=2)
    for earlier in (None, alive):
        state, started = day_to_end(ANN, 4, None, earlier)
        assert started and state == start_day(ANN, day=4)
        assert (state.daily, state.proximity) == (20, 100)
