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
