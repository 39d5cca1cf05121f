"""A page's query for the exact odds of the tray it has picked (issue 30): read only,
answered by the server itself in the Dice Table's own words, never handed to the GM's
side, never held up by a roll waiting for its answer nor holding one up; hostile queries
are refused in plain words and a flood is cut off like any other."""

from __future__ import annotations

import asyncio
import json
import threading
import time

import aiohttp
import pytest

from desktop.rules import dicepool, odds
from desktop.share.messages import (
    ODDS_TABLE_MAX,
    TRAY_MAX,
    OddsRequest,
    RefusedFrame,
    read_inbound,
)
from desktop.share.server import TOO_FAST, ShareServer
from desktop.share.tray_odds import OddsAnswers
from desktop.ui.dice_table.odds import tray_odds_texts as desktop_texts
from desktop.views.tray_odds import TRAY_ODDS_ROWS, tray_odds_rows
from tests.share.harness import KARA, KARA_TOKEN, hello, next_json, running, view
from tests.share.test_roll_requests import Requests, roll, ws_url


def query(**changes: object) -> str:
    frame: dict[str, object] = {"type": "odds", "id": "o1", "sizes": [6, 8], "table": 0}
    frame["target"] = 10
    return json.dumps({**frame, **changes})


def desktop_rows(sizes: tuple[int, ...], table: int, target: int) -> list[list[str]]:
    """What the Dice Table's odds box shows for that tray, through the desktop's path."""
    texts = desktop_texts(odds.tray_odds(sizes, table), target)
    assert texts is not None
    return [[row, text] for row, text in zip(TRAY_ODDS_ROWS, texts, strict=True)]


def test_an_odds_query_reads_as_its_model() -> None:
    request = read_inbound(query(sizes=[20, 6, 6], table=2, target=25))
    assert isinstance(request, OddsRequest)
    assert request.key() == ((6, 6, 20), 2, 25)  # the same dice in any order: one key
    for size in dicepool.SIZES:  # every die the rules know, and no other
        assert isinstance(read_inbound(query(sizes=[size])), OddsRequest)


@pytest.mark.parametrize(
    "changes",
    [
        {"sizes": []},
        {"sizes": [6] * (TRAY_MAX + 1)},  # too many dice
        {"sizes": [7]},  # no such die
        {"sizes": [0]},
        {"sizes": [2]},
        {"sizes": [-6]},
        {"sizes": [100]},
        {"sizes": [2**60]},
        {"sizes": ["6"]},
        {"sizes": [6.0]},
        {"sizes": [True]},
        {"sizes": None},
        {"table": -1},
        {"table": ODDS_TABLE_MAX + 1},
        {"table": 10**30},
        {"target": 0},
        {"target": dicepool.MAX_REACH + 1},
        {"target": "10"},
        {"id": ""},
        {"id": "<b>"},
        {"extra": 1},
    ],
)
def test_a_hostile_odds_query_is_refused_in_plain_words(changes: dict[str, object]) -> None:
    with pytest.raises(RefusedFrame, match="could not read that odds message"):
        read_inbound(query(**changes))


def test_the_words_are_the_dice_tables_own() -> None:
    # Stepped dice (a d6 stepped to d8, a d10 to d12), a d20, depleted dice on the table.
    for sizes, table, target in (((8, 12), 0, 10), ((20, 4, 4), 2, 15), ((6, 6, 6, 20), 1, 7)):
        rows = [list(row) for row in tray_odds_rows(sizes, table, target)]
        assert rows == desktop_rows(sizes, table, target)
    # Numbers that could be wrong: 2d6 reach 7 is 21/36, one d6 shows a one 11/36.
    assert tray_odds_rows((6, 6), 0, 7)[0] == ("Chance", "58% to reach 7")
    assert tray_odds_rows((6, 6), 0, 7)[2] == ("Depletes", "31% any · 0.33 expected")
    assert tray_odds_rows((20,), 3, 23)[0] == ("Chance", "5% to reach 23")  # the 20 + 3
    assert tray_odds_rows((20,), 3, 24)[0] == ("Chance", "0% to reach 24")


def test_the_server_answers_an_odds_query_and_hands_nothing_over() -> None:
    requests = Requests()

    async def scenario(server: ShareServer) -> list[dict[str, object]]:
        async with aiohttp.ClientSession() as session:
            ws = await session.ws_connect(ws_url(server, KARA_TOKEN))
            await hello(ws)
            assert (await next_json(ws))["type"] == "view"
            answers = []
            trays = (([8, 12], 0, 10), ([20, 4, 4], 2, 15), ([6, 6, 6, 20], 1, 7))
            for number, (sizes, table, target) in enumerate(trays):
                await ws.send_str(query(id=f"o{number}", sizes=sizes, table=table, target=target))
                answers.append(await next_json(ws))
            return answers

    with running(on_request=requests) as server:
        server.publish(KARA, view("Kara"))
        answers = asyncio.run(scenario(server))
    assert answers == [
        {"type": "odds", "id": "o0", "rows": desktop_rows((8, 12), 0, 10)},
        {"type": "odds", "id": "o1", "rows": desktop_rows((20, 4, 4), 2, 15)},
        {"type": "odds", "id": "o2", "rows": desktop_rows((6, 6, 6, 20), 1, 7)},
    ]
    assert requests.got == []  # read only: the GM's side never heard of them


def test_odds_are_answered_while_a_roll_waits_and_the_roll_still_gets_its_answer() -> None:
    requests = Requests()

    async def scenario(server: ShareServer) -> None:
        async with aiohttp.ClientSession() as session:
            ws = await session.ws_connect(ws_url(server, KARA_TOKEN))
            await hello(ws)
            assert (await next_json(ws))["type"] == "view"
            await ws.send_str(roll())  # handed to the GM's side, which has not answered
            await asyncio.to_thread(requests.arrived.wait, 5)
            await ws.send_str(query(id="o1"))
            answer = await next_json(ws)
            assert answer["type"] == "odds" and answer["id"] == "o1"
            server.answer(KARA, "r1", True)
            assert await next_json(ws) == {"type": "done", "id": "r1"}

    with running(on_request=requests) as server:
        server.publish(KARA, view("Kara"))
        asyncio.run(scenario(server))
    assert [request.id for _character, request, _thread in requests.got] == ["r1"]


def test_a_page_that_may_only_watch_still_gets_odds() -> None:
    # The odds are arithmetic on what the page sent: nothing of the campaign, nothing
    # written, so no permission guards them.
    async def scenario(server: ShareServer) -> dict[str, object]:
        async with aiohttp.ClientSession() as session:
            ws = await session.ws_connect(ws_url(server, KARA_TOKEN))
            await hello(ws)
            await next_json(ws)
            await ws.send_str(query())
            return await next_json(ws)

    with running() as server:
        server.publish(KARA, view("Kara"))
        assert asyncio.run(scenario(server))["rows"] == desktop_rows((6, 8), 0, 10)


def test_a_hostile_odds_query_gets_a_plain_error_and_the_page_stays() -> None:
    async def scenario(server: ShareServer) -> None:
        async with aiohttp.ClientSession() as session:
            ws = await session.ws_connect(ws_url(server, KARA_TOKEN))
            await hello(ws)
            await next_json(ws)
            await ws.send_str(query(sizes=[6] * 1000))
            assert await next_json(ws) == {
                "type": "error",
                "message": "GM Desk could not read that odds message.",
            }
            await ws.send_str(query(sizes=[7]))
            assert (await next_json(ws))["type"] == "error"
            await ws.send_str(query(id="ok"))
            assert (await next_json(ws))["id"] == "ok"

    with running() as server:
        server.publish(KARA, view("Kara"))
        asyncio.run(scenario(server))


def test_a_flood_of_odds_queries_is_cut_off_like_any_other() -> None:
    async def scenario(server: ShareServer) -> list[str]:
        async with aiohttp.ClientSession() as session:
            ws = await session.ws_connect(ws_url(server, KARA_TOKEN))
            await hello(ws)
            for number in range(200):
                await ws.send_str(query(id=f"o{number}", target=1 + number))
            kinds = []
            async for message in ws:
                decoded = json.loads(message.data)
                kinds.append(decoded["type"])
                if decoded["type"] == "error":
                    assert decoded["message"] == TOO_FAST
            assert ws.closed
            return kinds

    with running() as server:
        server.publish(KARA, view("Kara"))
        kinds = asyncio.run(scenario(server))
    assert kinds[-1] == "error"
    assert kinds.count("odds") <= 29  # 30 frames in 10 s, the hello among them


def test_the_loop_answers_other_frames_while_heavy_odds_are_worked_out() -> None:
    # 24 d20s take tens of milliseconds (and icepool's first import more): off the loop,
    # so a resync sent just after is answered first.
    async def scenario(server: ShareServer) -> list[str]:
        async with aiohttp.ClientSession() as session:
            ws = await session.ws_connect(ws_url(server, KARA_TOKEN))
            await hello(ws)
            await next_json(ws)
            await ws.send_str(query(sizes=[20] * TRAY_MAX, table=7, target=251))
            await ws.send_str('{"type":"resync"}')
            return [str((await next_json(ws))["type"]) for _ in range(2)]

    with running() as server:
        server.publish(KARA, view("Kara"))
        assert asyncio.run(scenario(server)) == ["view", "odds"]


# ------------------------------------------------------------------ OddsAnswers on its own


def request(number: int, sizes: list[int], target: int = 10) -> OddsRequest:
    found = read_inbound(query(id=f"q{number}", sizes=sizes, target=target))
    assert isinstance(found, OddsRequest)
    return found


def test_only_the_latest_query_of_a_page_is_answered_and_answers_are_remembered() -> None:
    release = threading.Event()
    worked: list[tuple[tuple[int, ...], int, int]] = []

    def slow(sizes: tuple[int, ...], table: int, target: int) -> tuple[tuple[str, str], ...]:
        worked.append((sizes, table, target))
        release.wait(5)
        return (("Chance", f"{sum(sizes)} vs {target}"),)

    async def scenario() -> list[dict[str, object]]:
        answers = OddsAnswers(slow)
        sent: list[dict[str, object]] = []
        page = object()
        try:
            answers.ask(page, request(1, [6]), lambda f: sent.append(json.loads(f)))
            await asyncio.sleep(0.05)  # q1 is being worked out
            answers.ask(page, request(2, [8]), lambda f: sent.append(json.loads(f)))
            answers.ask(page, request(3, [10]), lambda f: sent.append(json.loads(f)))
            release.set()
            deadline = time.monotonic() + 5
            while not sent and time.monotonic() < deadline:
                await asyncio.sleep(0.01)
            await asyncio.sleep(0.1)
            # The same tray asked again, dice in another order: from memory, not worked.
            answers.ask(page, request(4, [10]), lambda f: sent.append(json.loads(f)))
            return sent
        finally:
            answers.close()

    sent = asyncio.run(scenario())
    # q1 was replaced while worked out (not sent), q2 never worked out (replaced waiting).
    assert [frame["id"] for frame in sent] == ["q3", "q4"]
    assert sent[1]["rows"] == [["Chance", "10 vs 10"]]
    assert [sizes for sizes, _table, _target in worked] == [(6,), (10,)]


def test_rules_refusing_a_tray_are_said_in_their_words() -> None:
    def refusing(sizes: tuple[int, ...], table: int, target: int) -> tuple[tuple[str, str], ...]:
        raise ValueError("The total to reach must be at most 999, not 1000.")

    async def scenario() -> dict[str, object]:
        answers = OddsAnswers(refusing)
        sent: list[dict[str, object]] = []
        try:
            answers.ask(object(), request(1, [6]), lambda f: sent.append(json.loads(f)))
            while not sent:
                await asyncio.sleep(0.01)
            return sent[0]
        finally:
            answers.close()

    assert asyncio.run(asyncio.wait_for(scenario(), 5)) == {
        "type": "odds",
        "id": "q1",
        "rows": [],
        "message": "The total to reach must be at most 999, not 1000.",
    }


def test_one_tray_is_quick_and_the_largest_stays_off_the_loop() -> None:
    tray_odds_rows((6, 8), 0, 10)  # icepool loaded and warm
    started = time.perf_counter()
    tray_odds_rows((6, 8, 10), 1, 12)
    assert time.perf_counter() - started < 0.05  # ~1 ms here; generous for a busy machine
