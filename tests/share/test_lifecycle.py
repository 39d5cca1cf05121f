"""Starting and stopping: plain errors, and nothing left behind."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import socket
import threading
import time

import aiohttp
import pytest

from desktop.share.server import ShareError, ShareServer
from tests.share.harness import FILES, KARA, KARA_TOKEN, TOKENS, hello, next_json, running


def open_fds() -> int:
    return len(os.listdir("/proc/self/fd")) if os.path.isdir("/proc/self/fd") else 0


def test_start_binds_only_the_given_address_and_stop_frees_the_port() -> None:
    threads = set(threading.enumerate())
    server = ShareServer("127.0.0.1", 0, FILES)
    port = server.start()
    assert port > 0 and server.url_base == f"http://127.0.0.1:{port}"
    assert len(set(threading.enumerate()) - threads) == 1
    server.stop()
    server.stop()  # idempotent
    assert set(threading.enumerate()) == threads
    with socket.socket() as again:  # the port can be bound again at once
        again.bind(("127.0.0.1", port))


def test_a_port_in_use_is_a_plain_share_error() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(ShareError, match=f"Port {port} is already in use"):
            ShareServer("127.0.0.1", port, FILES).start()


def test_an_address_not_on_this_machine_is_a_plain_share_error() -> None:
    threads = set(threading.enumerate())
    with pytest.raises(
        ShareError, match=re.escape("203.0.113.7 is not an address of this computer")
    ):
        ShareServer("203.0.113.7", 0, FILES).start()
    assert set(threading.enumerate()) == threads


@pytest.mark.parametrize("host", ["", "0.0.0.0", "::"])
def test_every_interface_at_once_is_refused(host: str) -> None:
    with pytest.raises(ShareError, match="Choose one of this computer's addresses"):
        ShareServer(host, 0, FILES).start()


def test_an_unknown_name_is_a_plain_share_error() -> None:
    with pytest.raises(ShareError, match="not an address of this computer"):
        ShareServer("no-such-host.invalid", 0, FILES).start()


def test_stop_with_100_idle_sockets_leaves_nothing() -> None:
    threads = set(threading.enumerate())
    fds = open_fds()
    server = ShareServer("127.0.0.1", 0, FILES, max_per_token=64)
    port = server.start()
    server.set_tokens(TOKENS)
    byes: list[str] = []

    async def idle() -> None:
        async with aiohttp.ClientSession() as session:
            sockets = [
                await session.ws_connect(f"{server.url_base}/ws/{token}")
                for token in list(TOKENS) * 50
            ]
            for ws in sockets[:10]:
                await hello(ws)  # some said hello, most only sit there
            while sum(c.devices for c in server.connections()) < 100:
                await asyncio.sleep(0.01)
            await asyncio.get_running_loop().run_in_executor(None, server.stop)
            for ws in sockets:
                message = await ws.receive(timeout=5)
                if message.type == aiohttp.WSMsgType.TEXT:
                    byes.append(message.json()["type"])
                    message = await ws.receive(timeout=5)
                assert message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
                await ws.close()

    asyncio.run(idle())
    assert byes == ["bye"] * 100
    assert server.connections() == ()
    assert set(threading.enumerate()) == threads
    assert open_fds() == fds
    # The closed connections linger in TIME_WAIT; a new server takes the port anyway.
    again = ShareServer("127.0.0.1", port, FILES)
    assert again.start() == port
    again.stop()


def test_sockets_are_capped_per_link_and_in_all() -> None:
    async def count(server: ShareServer, token: str, tries: int) -> list[int]:
        statuses = []
        async with aiohttp.ClientSession() as session:
            opened = []
            for _ in range(tries):
                try:
                    opened.append(await session.ws_connect(f"{server.url_base}/ws/{token}"))
                    statuses.append(101)
                except aiohttp.WSServerHandshakeError as error:
                    statuses.append(error.status)
            for ws in opened:
                await ws.close()
        return statuses

    with running(max_per_token=3, max_sockets=100) as server:
        assert asyncio.run(count(server, KARA_TOKEN, 5)) == [101, 101, 101, 503, 503]
    with running(max_per_token=10, max_sockets=2) as server:
        assert asyncio.run(count(server, KARA_TOKEN, 3)) == [101, 101, 503]


def test_connections_are_reported_per_character() -> None:
    changes: list[int] = []
    server = ShareServer("127.0.0.1", 0, FILES, on_change=lambda: changes.append(1))
    server.start()
    server.set_tokens(TOKENS)

    async def connect() -> None:
        async with aiohttp.ClientSession() as session:
            kara = [await session.ws_connect(f"{server.url_base}/ws/{KARA_TOKEN}") for _ in "ab"]
            while not server.connections() or server.connections()[0].devices < 2:
                await asyncio.sleep(0.01)
            (only,) = server.connections()
            assert (only.character_id, only.devices) == (1, 2)
            for ws in kara:
                await ws.close()
            while server.connections():
                await asyncio.sleep(0.01)

    try:
        asyncio.run(connect())
    finally:
        server.stop()
    assert len(changes) >= 4


def test_a_stopped_server_starts_again_and_versions_keep_rising() -> None:
    async def first_view(server: ShareServer) -> dict:
        async with aiohttp.ClientSession() as session:
            ws = await session.ws_connect(f"{server.url_base}/ws/{KARA_TOKEN}")
            await hello(ws)
            return await next_json(ws)

    server = ShareServer("127.0.0.1", 0, FILES)
    server.start()
    server.set_tokens(TOKENS)
    assert server.publish(1, {"n": 1}) == 1
    server.stop()
    assert server.publish(1, {"n": 2}) == 2  # kept while stopped: the latest only
    assert server.start() > 0  # port 0 was asked: any free port will do
    try:
        assert asyncio.run(first_view(server)) == {"type": "view", "version": 2, "view": {"n": 2}}
    finally:
        server.stop()


def test_a_flood_of_idle_connections_is_capped_and_pages_still_load() -> None:
    # Any device on the network could otherwise hold sockets open until the GM's
    # process runs out of file descriptors (and can no longer save).
    with running(max_connections=20) as server:
        host, port = "127.0.0.1", int(server.url_base.rsplit(":", 1)[1])
        flood = [socket.create_connection((host, port)) for _ in range(60)]
        try:
            time.sleep(0.5)  # the refused ones are closed as soon as accepted
            closed = 0
            for held in flood:
                held.setblocking(False)
                with contextlib.suppress(BlockingIOError):  # one of the 20 held open
                    closed += held.recv(1) == b""
            assert closed >= 40
        finally:
            for held in flood[:50]:
                held.close()
        # Room again once the flood lets go: a page loads.
        for _ in range(50):
            with socket.create_connection((host, port)) as page:
                page.sendall(f"GET / HTTP/1.1\r\nHost: {host}:{port}\r\n\r\n".encode())
                page.settimeout(2.0)
                if page.recv(12).startswith(b"HTTP/1.1 200"):
                    break
        else:
            raise AssertionError("no page loaded after the flood")
        for held in flood[50:]:
            held.close()


def test_stop_does_not_wait_on_a_page_that_stopped_reading() -> None:
    # Quitting, Stop sharing and opening another campaign call stop() on the GUI
    # thread: a phone that stopped reading mid-view must not hold them up.
    server = ShareServer("127.0.0.1", 0, FILES)
    port = server.start()
    server.set_tokens(TOKENS)
    stuck = socket.create_connection(("127.0.0.1", port))
    try:
        stuck.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        stuck.sendall(
            f"GET /ws/{KARA_TOKEN} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
            "Upgrade: websocket\r\nConnection: Upgrade\r\n"
            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n".encode()
        )
        stuck.settimeout(5)
        assert stuck.recv(4096).startswith(b"HTTP/1.1 101")
        hello = json.dumps({"type": "hello", "version": None}).encode()
        mask = os.urandom(4)
        masked = bytes(byte ^ mask[i % 4] for i, byte in enumerate(hello))
        stuck.sendall(bytes([0x81, 0x80 | len(hello)]) + mask + masked)
        while not server.connections():
            time.sleep(0.01)
        for number in range(100):  # far more than the socket's buffers hold: never read
            server.publish(KARA, {"text": "x" * 60_000, "number": number})
        time.sleep(0.3)
        began = time.monotonic()
        server.stop()
        assert time.monotonic() - began < 2.0
        assert server.connections() == ()
    finally:
        stuck.close()
