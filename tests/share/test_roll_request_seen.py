"""A roll request's `seen` (issue 30): the roll count of the view the tray was picked on,
a whole number a browser keeps exactly, or left out; anything else is refused."""

from __future__ import annotations

import json

import pytest

from desktop.share.messages import LARGEST_VERSION, RefusedFrame, RollRequest, read_inbound


def frame(**changes: object) -> str:
    base: dict[str, object] = {"type": "roll", "id": "r1", "dice": [3], "traits": [], "steps": {}}
    return json.dumps({**base, **changes})


@pytest.mark.parametrize("seen", [0, 7, LARGEST_VERSION])
def test_a_roll_request_says_which_rolls_its_page_had_seen(seen: int) -> None:
    request = read_inbound(frame(seen=seen))
    assert isinstance(request, RollRequest) and request.seen == seen


def test_a_page_that_does_not_say_is_still_read() -> None:
    request = read_inbound(frame())
    assert isinstance(request, RollRequest) and request.seen is None


@pytest.mark.parametrize("seen", [-1, LARGEST_VERSION + 1, 2**80, "3", True, 1.5, [1], {}])
def test_a_hostile_seen_is_refused_in_plain_words(seen: object) -> None:
    with pytest.raises(RefusedFrame) as refused:
        read_inbound(frame(seen=seen))
    assert str(refused.value) == "GM Desk could not read that roll message."
