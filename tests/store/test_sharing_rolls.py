"""Which players may roll from their phones (issue 30), kept with the campaign's sharing
settings: view only unless the GM said so, and a damaged value never lets anyone roll."""

from __future__ import annotations

import pytest

from desktop.store import checks


def test_rolls_default_to_view_only_and_are_kept_sorted_once() -> None:
    assert checks.sharing_settings({})["rolls"] == []
    assert checks.sharing_settings({"rolls": [3, 1, 3]})["rolls"] == [1, 3]


@pytest.mark.parametrize(
    "rolls",
    [
        "1",
        {"1": True},
        [True],
        ["1"],
        [0],
        [-2],
        [1.0],
        list(range(1, checks.SHARING_TOKENS_MAX + 2)),
    ],
)
def test_a_damaged_rolls_value_is_refused(rolls: object) -> None:
    with pytest.raises(ValueError, match="Rolls from the phones"):
        checks.sharing_settings({"rolls": rolls})


def test_rolls_come_whenever_unless_the_gm_asks_for_turn_order() -> None:
    assert checks.sharing_settings({})["roll_timing"] == checks.ROLL_WHENEVER == "whenever"
    turns = checks.sharing_settings({"roll_timing": "turn_order"})
    assert turns["roll_timing"] == checks.ROLL_TURN_ORDER


@pytest.mark.parametrize("timing", ["", "turns", "Whenever", None, 1, True, ["turn_order"]])
def test_a_damaged_roll_timing_is_refused(timing: object) -> None:
    with pytest.raises(ValueError, match="whenever, or in turn order"):
        checks.sharing_settings({"roll_timing": timing})
