"""A player's gift of a depleted die (issue 30): the declared model takes one die id and
one character id, whole numbers in the store's range, and refuses anything else in plain
words; the real server hands it to the GM's side once per id."""

from __future__ import annotations

import asyncio
import json

import aiohttp
import pytest

from desktop.share.messages import GiveRequest, RefusedFrame, read_inbound
from desktop.share.server import ShareServer
from tests.share.harness import KARA, KARA_TOKEN, hello, next_json, running
from tests.share.test_roll_requests import Requests


def gift(**changes: object) -> str:
    return json.dumps({"type": "give", "id": "g1", "die": 3, "to": 2, **changes})


def test_a_gift_reads_as_its_model() -> None:
    request = read_inbound(gift())
    assert isinstance(request, GiveRequest)
    assert (request.id, request.die, request.to) == ("g1", 3, 2)


@pytest.mark.parametrize(
    "changes",
    [
        {"extra": 1},
        {"dice": [3]},  # another request's field
        {"die": 0},
        {"die": -3},
        {"die": 3.0},
        {"die": "3"},
        {"die": True},
        {"die": None},
        {"die": [3]},
        {"die": 10**30},
        {"to": 0},
        {"to": "Ilse"},
        {"to": {"id": 2}},
        {"to": 2**63},
        {"id": ""},
        {"id": 7},
        {"type": "Give"},
    ],
)
def test_a_hostile_gift_is_refused_in_plain_words(changes: dict[str, object]) -> None:
    with pytest.raises(RefusedFrame, match=r"could not read that give message|does not know"):
        read_inbound(gift(**changes))


def test_a_gift_without_its_die_or_receiver_is_refused() -> None:
    for frame in ({"type": "give", "id": "g1", "die": 3}, {"type": "give", "id": "g1", "to": 2}):
        with pytest.raises(RefusedFrame, match="could not read that give message"):
            read_inbound(json.dumps(frame))


def test_the_server_hands_a_gift_over_once() -> None:
    requests = Requests()

    async def scenario(server: ShareServer) -> None:
        async with aiohttp.ClientSession() as session:
            ws = await session.ws_connect(f"{server.url_base}/ws/{KARA_TOKEN}")
            await hello(ws)
            await ws.send_str(gift())
            await asyncio.to_thread(requests.arrived.wait, 5)
            server.answer(KARA, "g1", True)
            done = await next_json(ws)
            assert done == {"type": "done", "id": "g1"}
            await ws.send_str(gift())  # a replay: the first answer, never handed over again
            assert await next_json(ws) == done

    with running(on_request=requests) as server:
        asyncio.run(scenario(server))
    [(cid, request, _thread)] = requests.got
    assert cid == KARA and isinstance(request, GiveRequest) and request.die == 3
