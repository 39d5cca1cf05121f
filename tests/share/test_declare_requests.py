"""A player's declared action (issue 30): the declared model takes one line of plain
text, stripped, 1 to 500 characters, and refuses anything else in plain words; the real
server hands it to the GM's side once per id, and a frame too large never reaches it."""

from __future__ import annotations

import asyncio
import json

import aiohttp
import pytest

from desktop.share.messages import (
    DECLARE_UNREADABLE,
    DECLARED_MAX,
    DeclareRequest,
    RefusedFrame,
    read_inbound,
)
from desktop.share.server import FRAME_BYTES, ShareServer
from tests.share.harness import KARA, KARA_TOKEN, hello, next_json, running
from tests.share.test_roll_requests import Requests


def declare(**changes: object) -> str:
    return json.dumps({"type": "declare", "id": "d1", "text": "I climb the crane", **changes})


def test_a_declared_action_reads_as_its_model_stripped() -> None:
    request = read_inbound(declare(text="  I climb the crane \t"))
    assert isinstance(request, DeclareRequest)
    assert (request.id, request.text) == ("d1", "I climb the crane")
    longest = read_inbound(declare(text="é" * DECLARED_MAX))  # any letters, up to the bound
    assert isinstance(longest, DeclareRequest) and len(longest.text) == DECLARED_MAX
    # Right-to-left letters, their marks and emoji joined by ZWJ are plain text.
    for text in ("אני מטפס על העגורן", "أتسلق الرافعة\u200f", "I climb 👩\u200d🚒"):
        said = read_inbound(declare(text=text))
        assert isinstance(said, DeclareRequest) and said.text == text


@pytest.mark.parametrize(
    "changes",
    [
        {"extra": 1},  # unknown field
        {"dice": [3]},  # another request's field
        {"text": ""},
        {"text": "   "},  # nothing once stripped
        {"text": "x" * (DECLARED_MAX + 1)},
        {"text": "x" * 100_000},  # huge
        {"text": 5},
        {"text": None},
        {"text": ["I climb"]},
        {"text": {"say": "I climb"}},
        {"text": True},
        {"text": "I climb\nthe crane"},  # one line only
        {"text": "I climb\x00"},
        {"text": "I climb\x1b[31m"},
        {"text": "I climb\x7f"},
        {"text": "I\u0085climb"},  # NEL inside (at an end it is stripped as whitespace)
        {"text": "I climb\u2028the crane"},
        {"text": "\u202eenarc eht bmilc I"},  # right-to-left override: reads backwards
        {"text": "I climb \u2066the crane"},  # an isolate left open
        {"text": "I climb\u202a"},
        {"text": "\u200b\u200b"},  # zero-width spaces only: an empty line
        {"text": "\u200d\ufeff\u3000"},  # joiner, BOM and an ideographic space only
        {"text": "\u0301"},  # a lone combining accent
        {"text": "I climb \ud800"},  # a lone surrogate (JSON may escape one)
        {"id": ""},
        {"id": 7},
        {"id": "<b>"},
        {"type": "Declare"},
    ],
)
def test_a_hostile_declaration_is_refused_in_plain_words(changes: dict[str, object]) -> None:
    with pytest.raises(RefusedFrame, match=r"could not read that declare|does not know|one line"):
        read_inbound(declare(**changes))


def test_a_declaration_without_text_or_id_is_refused() -> None:
    for frame in ({"type": "declare", "id": "d1"}, {"type": "declare", "text": "I climb"}):
        with pytest.raises(RefusedFrame, match=r"could not read that declare|one line"):
            read_inbound(json.dumps(frame))


def test_the_server_hands_a_declaration_over_once() -> None:
    requests = Requests()

    async def scenario(server: ShareServer) -> None:
        async with aiohttp.ClientSession() as session:
            ws = await session.ws_connect(f"{server.url_base}/ws/{KARA_TOKEN}")
            await hello(ws)
            await ws.send_str(declare())
            await asyncio.to_thread(requests.arrived.wait, 5)
            server.answer(KARA, "d1", False, "It is not your turn.")
            refused = await next_json(ws)
            assert refused == {"type": "refused", "id": "d1", "message": "It is not your turn."}
            await ws.send_str(declare())  # a replay: the first answer, never handed over again
            assert await next_json(ws) == refused
            # A declaration its model refuses is refused under its id: the page waiting
            # for that answer is freed (an error frame left it busy for good).
            for request_id, text in (("d2", "x" * (DECLARED_MAX + 1)), ("d4", "\u202eevil")):
                await ws.send_str(declare(id=request_id, text=text))
                assert await next_json(ws) == {
                    "type": "refused",
                    "id": request_id,
                    "message": DECLARE_UNREADABLE,
                }
            await ws.send_str(json.dumps({"type": "declare", "id": "<b>", "text": 5}))
            assert await next_json(ws) == {  # no id to answer under
                "type": "error",
                "message": "GM Desk could not read that declare message.",
            }
            await ws.send_str(declare(id="d3", text="x" * FRAME_BYTES))  # past the frame cap
            closed = await ws.receive(timeout=5)
            assert closed.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)

    with running(on_request=requests) as server:
        asyncio.run(scenario(server))
    [(cid, request, _thread)] = requests.got
    assert (
        cid == KARA and isinstance(request, DeclareRequest) and request.text == "I climb the crane"
    )
