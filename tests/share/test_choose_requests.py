"""A player's all-ones choice: the declared model takes exactly one of keep/lose, a
die's id, and refuses anything else in plain words; the server hands it over once."""

from __future__ import annotations

import json

import pytest

from desktop.share.messages import ChooseRequest, RefusedFrame, read_inbound


def choose(**fields: object) -> str:
    return json.dumps({"type": "choose", "id": "c1", **fields})


def test_a_choice_reads_as_its_model() -> None:
    keep = read_inbound(choose(keep=12))
    lose = read_inbound(choose(lose=3))
    assert isinstance(keep, ChooseRequest) and (keep.id, keep.keep, keep.lose) == ("c1", 12, None)
    assert isinstance(lose, ChooseRequest) and (lose.keep, lose.lose) == (None, 3)


@pytest.mark.parametrize(
    "fields",
    [
        {},  # neither
        {"keep": 3, "lose": 4},  # both
        {"keep": None},
        {"keep": 3, "lose": None},  # both named: one of them only
        {"keep": "3"},
        {"keep": True},
        {"keep": 3.0},
        {"keep": 0},
        {"lose": -1},
        {"keep": 2**60},
        {"keep": [3]},
        {"keep": 3, "extra": 1},
        {"keep": 3, "id": ""},
        {"keep": 3, "id": "<b>"},
        {"keep": 3, "id": 7},
        {"keep": 3, "dice": [3]},
    ],
)
def test_a_hostile_choice_is_refused_in_plain_words(fields: dict[str, object]) -> None:
    with pytest.raises(RefusedFrame, match="could not read that choose message"):
        read_inbound(choose(**fields))


def test_a_choice_without_an_id_is_refused() -> None:
    with pytest.raises(RefusedFrame, match="could not read that choose message"):
        read_inbound(json.dumps({"type": "choose", "keep": 3}))
