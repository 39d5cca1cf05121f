"""The player page's WebSocket: validated frames, the right view for the right token,
every version in order, renewed links cut off."""

from __future__ import annotations

import asyncio
import json
import logging

import aiohttp
import pytest

from desktop.share import server as server_module
from desktop.share.server import ShareServer
from tests.share.harness import (
    BRAM,
    BRAM_TOKEN,
    KARA,
    KARA_TOKEN,
    connections_after_closing,
    hello,
    next_json,
    running,
    view,
)


def ws_url(server: ShareServer, token: str) -> str:
    return f"{server.url_base}/ws/{token}"


def test_hello_gets_the_current_view_unless_the_page_holds_it() -> None:
    async def scenario(server: ShareServer) -> None:
        async with aiohttp.ClientSession() as session:
            ws = await session.ws_connect(ws_url(server, KARA_TOKEN))
            await hello(ws)
            assert await next_json(ws) == {"type": "view", "version": 2, "view": view("Kara", 2)}
            again = await session.ws_connect(ws_url(server, KARA_TOKEN))
            await hello(again, 2)  # holds the current one: nothing comes
            with pytest.raises(asyncio.TimeoutError):
                await again.receive(timeout=0.3)
            await again.send_str('{"type":"resync"}')
            assert (await next_json(again))["version"] == 2
            assert server.publish(KARA, view("Kara", 3)) == 3
            for page in (ws, again):
                assert await next_json(page) == {
                    "type": "view",
                    "version": 3,
                    "view": view("Kara", 3),
                }

    with running() as server:
        server.publish(KARA, view("Kara", 1))
        server.publish(KARA, view("Kara", 2))
        server.publish(BRAM, view("Bram"))
        asyncio.run(scenario(server))


def test_a_token_opens_only_its_own_characters_view() -> None:
    async def scenario(server: ShareServer) -> None:
        async with aiohttp.ClientSession() as session:
            bram = await session.ws_connect(ws_url(server, BRAM_TOKEN))
            await hello(bram)
            first = await next_json(bram)
            assert first["view"] == view("Bram") and "Kara" not in json.dumps(first)
            server.publish(KARA, view("Kara secret"))
            with pytest.raises(asyncio.TimeoutError):
                await bram.receive(timeout=0.3)

    with running() as server:
        server.publish(KARA, view("Kara"))
        server.publish(BRAM, view("Bram"))
        asyncio.run(scenario(server))


def test_a_wrong_token_is_told_bye_and_counted() -> None:
    async def scenario(server: ShareServer) -> list[object]:
        seen: list[object] = []
        async with aiohttp.ClientSession() as session:
            for number in range(10):
                ws = await session.ws_connect(ws_url(server, f"guess{number}"))
                seen.append((await next_json(ws))["type"])
                await ws.close()
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await session.ws_connect(ws_url(server, "guess10"))
            seen.append(refused.value.status)
            # The right link still opens its page: it is not a guess.
            ws = await session.ws_connect(ws_url(server, KARA_TOKEN))
            await hello(ws)
            seen.append((await next_json(ws))["view"])
            await ws.close()
        return seen

    with running() as server:
        server.publish(KARA, view("Kara"))
        assert asyncio.run(scenario(server)) == ["bye"] * 10 + [429, view("Kara")]
        assert connections_after_closing(server) == ()
        assert server.connections() == ()


@pytest.mark.parametrize(
    ("frame", "words"),
    [
        ("not json", "not JSON"),
        ("[1, 2]", "expects a message with a type"),
        ('{"type": "roll", "dice": 3}', "could not read that roll"),
        ('{"type": "teleport", "die": 3}', "does not know that kind"),
        ('{"type": "give", "die": 3}', "could not read that give"),
        ('{"version": 1}', "does not know that kind"),
        ('{"type": "hello", "version": "1"}', "could not read that hello"),
        ('{"type": "hello", "version": true}', "could not read that hello"),
        ('{"type": "hello", "version": -1}', "could not read that hello"),
        ('{"type": "hello", "version": 9007199254740992}', "could not read that hello"),
        ('{"type": "hello"}', "could not read that hello"),
        ('{"type": "hello", "version": 1, "admin": true}', "could not read that hello"),
        ('{"type": "resync", "all": 1}', "could not read that resync"),
        ("[" * 3000 + "]" * 1000, "not JSON"),
    ],
)
def test_a_bad_frame_gets_a_plain_error_and_the_socket_stays_usable(frame: str, words: str) -> None:
    async def scenario(server: ShareServer) -> None:
        async with aiohttp.ClientSession() as session:
            ws = await session.ws_connect(ws_url(server, KARA_TOKEN))
            await ws.send_str(frame)
            error = await next_json(ws)
            assert error["type"] == "error" and words in error["message"]
            assert "Traceback" not in error["message"]
            await ws.send_bytes(b"\x00\x01")
            assert (await next_json(ws))["message"] == "GM Desk reads text messages only."
            await hello(ws)
            assert (await next_json(ws))["view"] == view("Kara")

    with running() as server:
        server.publish(KARA, view("Kara"))
        asyncio.run(scenario(server))


def test_an_oversized_frame_closes_that_socket_only() -> None:
    async def scenario(server: ShareServer) -> None:
        async with aiohttp.ClientSession() as session:
            other = await session.ws_connect(ws_url(server, KARA_TOKEN))
            await hello(other)
            await next_json(other)
            big = await session.ws_connect(ws_url(server, KARA_TOKEN))
            await big.send_str('{"type":"hello","version":null,"x":"' + "x" * 10_000 + '"}')
            closed = await big.receive(timeout=5)
            assert closed.type == aiohttp.WSMsgType.CLOSE
            assert big.close_code == aiohttp.WSCloseCode.MESSAGE_TOO_BIG
            server.publish(KARA, view("Kara", 2))
            assert (await next_json(other))["version"] == 2

    with running() as server:
        server.publish(KARA, view("Kara"))
        asyncio.run(scenario(server))


def test_a_flood_of_frames_is_cut_off_plainly() -> None:
    async def scenario(server: ShareServer) -> list[str]:
        async with aiohttp.ClientSession() as session:
            ws = await session.ws_connect(ws_url(server, KARA_TOKEN))
            for _ in range(200):
                await ws.send_str('{"type":"resync"}')
            messages = []
            async for message in ws:
                messages.append(json.loads(message.data)["type"])
            assert ws.closed
            return messages

    with running() as server:
        server.publish(KARA, view("Kara"))
        got = asyncio.run(scenario(server))
        assert got[-1] == "error" and len(got) <= 31
        assert server.connections() == ()


def test_a_socket_that_never_says_hello_is_closed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(server_module, "HELLO_S", 0.2)

    async def scenario(server: ShareServer) -> None:
        async with aiohttp.ClientSession() as session:
            ws = await session.ws_connect(ws_url(server, KARA_TOKEN))
            assert (await next_json(ws))["message"] == "GM Desk heard nothing from this page."
            assert (await ws.receive(timeout=5)).type == aiohttp.WSMsgType.CLOSE

    with running() as server:
        asyncio.run(scenario(server))
        assert server.connections() == ()


def test_a_renewed_link_is_cut_off_at_once_with_bye() -> None:
    async def scenario(server: ShareServer) -> None:
        async with aiohttp.ClientSession() as session:
            old = [await session.ws_connect(ws_url(server, KARA_TOKEN)) for _ in "ab"]
            bram = await session.ws_connect(ws_url(server, BRAM_TOKEN))
            for ws in [*old, bram]:
                await hello(ws)
                await next_json(ws)
            server.set_tokens({"kara-renewed-cccccccccccccccccccccccc": KARA, BRAM_TOKEN: BRAM})
            for ws in old:
                assert await next_json(ws) == {
                    "type": "bye",
                    "message": "The GM gave this character a new link. Ask your GM for it.",
                }
                assert (await ws.receive(timeout=5)).type == aiohttp.WSMsgType.CLOSE
            server.publish(BRAM, view("Bram", 2))
            assert (await next_json(bram))["version"] == 2
            assert [c.character_id for c in server.connections()] == [BRAM]
            fresh = await session.ws_connect(
                ws_url(server, "kara-renewed-cccccccccccccccccccccccc")
            )
            await hello(fresh)
            assert (await next_json(fresh))["view"] == view("Kara")

    with running() as server:
        server.publish(KARA, view("Kara"))
        server.publish(BRAM, view("Bram"))
        asyncio.run(scenario(server))


def test_a_removed_character_is_told_it_is_no_longer_shared() -> None:
    async def scenario(server: ShareServer) -> None:
        async with aiohttp.ClientSession() as session:
            kara = await session.ws_connect(ws_url(server, KARA_TOKEN))
            bram = await session.ws_connect(ws_url(server, BRAM_TOKEN))
            for ws in (kara, bram):
                await hello(ws)
                await next_json(ws)
            # Kara deleted, Bram's link renewed in the same hand-off: each told its own.
            server.set_tokens(
                {"bram-renewed-cccccccccccccccccccccccc": BRAM},
                {KARA: server_module.NO_LONGER_SHARED},
            )
            assert await next_json(kara) == {
                "type": "bye",
                "message": "This character is no longer shared with you.",
            }
            assert await next_json(bram) == {"type": "bye", "message": server_module.RENEWED}

    with running() as server:
        server.publish(KARA, view("Kara"))
        server.publish(BRAM, view("Bram"))
        asyncio.run(scenario(server))


async def ten_pages(server: ShareServer, changes: int, paced: bool) -> list[list[int]]:
    """Ten pages of one character; `changes` publishes, each followed by a millisecond of the
    pages' loop when `paced` (changes as a table makes them), else all in one burst."""

    async def page(session: aiohttp.ClientSession) -> list[int]:
        ws = await session.ws_connect(ws_url(server, KARA_TOKEN))
        await hello(ws, 0)
        versions: list[int] = []
        while not versions or versions[-1] < changes:
            message = await next_json(ws, timeout=10)
            assert message["view"] == view("Kara", message["version"])
            versions.append(message["version"])
        await ws.close()
        return versions

    async with aiohttp.ClientSession() as session:
        pages = [asyncio.create_task(page(session)) for _ in range(10)]
        while sum(c.devices for c in server.connections()) < 10:
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.1)  # every hello answered
        for number in range(1, changes + 1):
            assert server.publish(KARA, view("Kara", number)) == number
            if paced:
                await asyncio.sleep(0.001)
        return await asyncio.gather(*pages)


def test_ten_pages_a_thousand_changes_none_lost_none_out_of_order() -> None:
    with running() as server:
        for versions in asyncio.run(ten_pages(server, 1000, paced=True)):
            assert versions == list(range(1, 1001))


def test_a_page_far_behind_catches_up_with_whole_views_in_order() -> None:
    with running() as server:
        for versions in asyncio.run(ten_pages(server, 1000, paced=False)):
            assert versions == sorted(set(versions)) and versions[-1] == 1000


def test_upgrades_with_a_forged_host_or_origin_are_refused() -> None:
    async def status(server: ShareServer, **headers: str) -> int:
        async with aiohttp.ClientSession() as session:
            try:
                ws = await session.ws_connect(ws_url(server, KARA_TOKEN), headers=headers)
            except aiohttp.WSServerHandshakeError as error:
                return error.status
            await ws.close()
            return 101

    with running() as server:
        assert asyncio.run(status(server, Origin="http://evil.example")) == 403
        assert asyncio.run(status(server, Host="rebound.example")) == 421
        assert asyncio.run(status(server, Origin=server.url_base)) == 101
        assert connections_after_closing(server) == ()


def test_no_token_is_ever_logged(caplog: pytest.LogCaptureFixture) -> None:
    async def visit(server: ShareServer) -> None:
        async with aiohttp.ClientSession() as session:
            for token in (KARA_TOKEN, "wrong-token-dddddddddddddddddddddd"):
                async with session.get(f"{server.url_base}/p/{token}") as response:
                    await response.read()
                ws = await session.ws_connect(ws_url(server, token))
                await ws.send_str("not json")
                await ws.receive(timeout=5)
                await ws.close()

    caplog.set_level(logging.DEBUG)
    with running() as server:
        server.publish(KARA, view("Kara"))
        asyncio.run(visit(server))
    logged = "\n".join(record.getMessage() for record in caplog.records)
    assert "token" not in logged
