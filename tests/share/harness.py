"""A real ShareServer on 127.0.0.1 for the tests, and small client helpers."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import contextmanager

import aiohttp

from desktop.share.server import Connection, ShareServer

FILES = {
    "index.html": (b"<!doctype html><title>join</title>", "text/html; charset=utf-8"),
    "player.html": (b"<!doctype html><title>player</title>", "text/html; charset=utf-8"),
    "player.js": (b"'use strict';", "text/javascript; charset=utf-8"),
    "player.css": (b"body{}", "text/css; charset=utf-8"),
    "dice/d6.svg": (b"<svg xmlns='http://www.w3.org/2000/svg'/>", "image/svg+xml"),
}
KARA, BRAM = 1, 2
TOKENS = {"kara-token-aaaaaaaaaaaaaaaaaaaaaaaa": KARA, "bram-token-bbbbbbbbbbbbbbbbbbbbbbbb": BRAM}
KARA_TOKEN, BRAM_TOKEN = list(TOKENS)


@contextmanager
def running(**options: object) -> Iterator[ShareServer]:
    server = ShareServer("127.0.0.1", 0, FILES, **options)  # type: ignore[arg-type]
    server.start()
    server.set_tokens(TOKENS)
    try:
        yield server
    finally:
        server.stop()


def connections_after_closing(server: ShareServer, seconds: float = 5.0) -> tuple[Connection, ...]:
    """The server's connections once the sockets a test closed are gone: aiohttp answers
    a page's close before the server's handler forgets that page, so a test that closes
    a socket and reads `connections()` at once may still see it."""
    deadline = time.monotonic() + seconds
    while server.connections() and time.monotonic() < deadline:
        time.sleep(0.01)
    return server.connections()


def view(name: str, number: int = 0) -> dict[str, object]:
    return {"character": {"name": name}, "number": number}


async def next_json(ws: aiohttp.ClientWebSocketResponse, timeout: float = 5.0) -> dict:
    message = await ws.receive(timeout=timeout)
    assert message.type == aiohttp.WSMsgType.TEXT, message
    decoded = json.loads(message.data)
    assert isinstance(decoded, dict)
    return decoded


async def hello(ws: aiohttp.ClientWebSocketResponse, version: int | None = None) -> None:
    await ws.send_str(json.dumps({"type": "hello", "version": version}))
