"""A player's roll request: the declared model refuses anything else, and the server
hands a request to the GM's side once per id, answering replays with the first answer."""

from __future__ import annotations

import asyncio
import json
import threading

import aiohttp
import pytest

from desktop.share.messages import (
    TRAY_MAX,
    ChooseRequest,
    PlayerRequest,
    RefusedFrame,
    RollRequest,
    read_inbound,
)
from desktop.share.server import WATCH_ONLY, ShareServer
from tests.share.harness import BRAM, BRAM_TOKEN, KARA, KARA_TOKEN, hello, next_json, running


def roll(**changes: object) -> str:
    frame: dict[str, object] = {"type": "roll", "id": "r1", "dice": [3, 4], "traits": [7]}
    frame["steps"] = {"3": 1}
    return json.dumps({**frame, **changes})


def test_a_roll_request_reads_as_its_model() -> None:
    request = read_inbound(roll())
    assert isinstance(request, RollRequest)
    assert (request.id, request.dice, request.traits) == ("r1", [3, 4], [7])
    assert request.steps_of() == {3: 1}


@pytest.mark.parametrize(
    "changes",
    [
        {"extra": 1},  # unknown field
        {"id": ""},
        {"id": "x" * 65},
        {"id": "<script>"},
        {"id": "é1"},  # letters beyond ASCII: never needed, never taken
        {"id": 5},
        {"dice": []},
        {"dice": list(range(1, TRAY_MAX + 2))},  # a huge tray
        {"dice": [3, 3]},  # a die twice
        {"dice": ["3"]},
        {"dice": [True]},
        {"dice": [0]},
        {"dice": [2**60]},
        {"dice": [3.0]},
        {"traits": list(range(1, 100))},
        {"traits": [7, 7]},
        {"traits": None},
        {"steps": {"9": 1}},  # a step on a die not picked
        {"steps": {"3": 13}},
        {"steps": {"3": -1}},
        {"steps": {"x": 1}},
        {"steps": {"03": 1}},
        {"steps": [1]},
    ],
)
def test_a_hostile_roll_request_is_refused_in_plain_words(changes: dict[str, object]) -> None:
    with pytest.raises(RefusedFrame, match="could not read that roll message"):
        read_inbound(roll(**changes))


def test_a_roll_request_with_missing_fields_is_refused() -> None:
    with pytest.raises(RefusedFrame):
        read_inbound('{"type": "roll", "id": "r1"}')


def ws_url(server: ShareServer, token: str) -> str:
    return f"{server.url_base}/ws/{token}"


class Requests:
    """A fake GM side: records what the server hands over, on the server's thread."""

    def __init__(self) -> None:
        self.got: list[tuple[int, PlayerRequest, str]] = []
        self.arrived = threading.Event()

    def __call__(self, character_id: int, request: PlayerRequest) -> None:
        self.got.append((character_id, request, threading.current_thread().name))
        self.arrived.set()


def test_a_request_is_handed_over_once_and_replays_get_the_first_answer() -> None:
    requests = Requests()

    async def scenario(server: ShareServer) -> None:
        async with aiohttp.ClientSession() as session:
            ws = await session.ws_connect(ws_url(server, KARA_TOKEN))
            await hello(ws)
            await ws.send_str(roll())
            await asyncio.to_thread(requests.arrived.wait, 5)
            await ws.send_str(roll())  # replayed while it waits: joins the wait
            await asyncio.sleep(0.1)
            server.answer(KARA, "r1", False, "That die is not in Kara's pool.")
            refused = {"type": "refused", "id": "r1", "message": "That die is not in Kara's pool."}
            assert await next_json(ws) == refused
            with pytest.raises(asyncio.TimeoutError):  # one answer for the wait, not two
                await ws.receive(timeout=0.3)
            # Another device replaying the same id after the answer: the first answer.
            other = await session.ws_connect(ws_url(server, KARA_TOKEN))
            await hello(other)
            await other.send_str(roll(dice=[5], steps={}))
            assert await next_json(other) == refused
            server.answer(KARA, "r1", True)  # a second answer counts for nothing
            await other.send_str(roll(id="r2"))
            await asyncio.sleep(0.2)
            server.answer(KARA, "r2", True)
            assert await next_json(other) == {"type": "done", "id": "r2"}

    with running(on_request=requests) as server:
        asyncio.run(scenario(server))
    assert [(cid, r.id) for cid, r, _thread in requests.got] == [(KARA, "r1"), (KARA, "r2")]
    assert {thread for _cid, _r, thread in requests.got} == {"gm-desk-share"}


def test_request_ids_are_each_characters_own() -> None:
    requests = Requests()

    async def scenario(server: ShareServer) -> None:
        async with aiohttp.ClientSession() as session:
            for token in (KARA_TOKEN, BRAM_TOKEN):
                ws = await session.ws_connect(ws_url(server, token))
                await hello(ws)
                await ws.send_str(roll())
                await asyncio.sleep(0.2)

    with running(on_request=requests) as server:
        asyncio.run(scenario(server))
    assert [(cid, r.id) for cid, r, _thread in requests.got] == [(KARA, "r1"), (BRAM, "r1")]


def test_a_server_with_no_request_handler_says_the_page_only_watches() -> None:
    async def scenario(server: ShareServer) -> None:
        async with aiohttp.ClientSession() as session:
            ws = await session.ws_connect(ws_url(server, KARA_TOKEN))
            await hello(ws)
            await ws.send_str(roll())
            assert await next_json(ws) == {"type": "refused", "id": "r1", "message": WATCH_ONLY}

    with running() as server:
        asyncio.run(scenario(server))


def test_a_failing_handler_refuses_the_request_and_the_socket_stays_usable() -> None:
    def broken(character_id: int, request: RollRequest) -> None:
        raise RuntimeError("boom")

    async def scenario(server: ShareServer) -> None:
        async with aiohttp.ClientSession() as session:
            ws = await session.ws_connect(ws_url(server, KARA_TOKEN))
            await hello(ws)
            assert (await next_json(ws))["type"] == "view"
            await ws.send_str(roll())
            answer = await next_json(ws)
            assert answer["type"] == "refused" and "try again" in answer["message"]
            await ws.send_str('{"type":"resync"}')
            assert (await next_json(ws))["type"] == "view"

    with running(on_request=broken) as server:
        server.publish(KARA, {"character": {"name": "Kara"}})
        asyncio.run(scenario(server))


def test_a_choice_is_handed_over_once_like_a_roll() -> None:
    requests = Requests()
    choice = json.dumps({"type": "choose", "id": "c1", "lose": 4})

    async def scenario(server: ShareServer) -> None:
        async with aiohttp.ClientSession() as session:
            ws = await session.ws_connect(ws_url(server, KARA_TOKEN))
            await hello(ws)
            await ws.send_str(choice)
            await asyncio.to_thread(requests.arrived.wait, 5)
            server.answer(KARA, "c1", False, "Already chosen: that all-ones roll is settled.")
            refused = await next_json(ws)
            assert refused["type"] == "refused" and "Already chosen" in refused["message"]
            await ws.send_str(choice)  # a replay: the first answer, not handed over again
            assert await next_json(ws) == refused
            await ws.send_str(json.dumps({"type": "choose", "id": "c2", "keep": 4, "lose": 5}))
            error = await next_json(ws)
            assert error == {  # refused under its id: the page waiting for it is freed
                "type": "refused",
                "id": "c2",
                "message": "GM Desk could not read that choose message.",
            }

    with running(on_request=requests) as server:
        asyncio.run(scenario(server))
    [(cid, request, _thread)] = requests.got
    assert cid == KARA and isinstance(request, ChooseRequest) and request.lose == 4
