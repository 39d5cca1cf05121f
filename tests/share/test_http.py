"""The player pages over HTTP: files, tokens, the guards and the headers on a real server."""

from __future__ import annotations

import asyncio
import logging
import socket
from collections.abc import Mapping
from pathlib import Path

import aiohttp
import pytest

from desktop.share import server as server_module
from desktop.share.guards import CONTENT_SECURITY_POLICY
from desktop.share.server import ShareServer
from tests.share.harness import BRAM_TOKEN, FILES, KARA_TOKEN, running


async def get(url: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
    async with (
        aiohttp.ClientSession() as session,
        session.get(url, headers=headers, allow_redirects=False) as response,
    ):
        return response.status, dict(response.headers), await response.read()


def fetch(url: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
    return asyncio.run(get(url, **headers))


def test_join_page_and_player_page_only_for_a_known_token() -> None:
    with running() as server:
        base = server.url_base
        assert fetch(base + "/")[2] == FILES["index.html"][0]
        status, headers, body = fetch(f"{base}/p/{KARA_TOKEN}")
        assert (status, body) == (200, FILES["player.html"][0])
        assert headers["Content-Type"].startswith("text/html")
        status, headers, body = fetch(f"{base}/p/not-a-token")
        assert status == 404 and b"no longer works" in body
        assert headers["Content-Type"].startswith("text/plain")
        assert fetch(f"{base}/p/{KARA_TOKEN}x")[0] == 404  # a prefix is not enough
        assert fetch(f"{base}/p/{KARA_TOKEN[:-1]}")[0] == 404


def test_static_files_carry_their_content_types_and_nothing_else_is_served() -> None:
    with running() as server:
        base = server.url_base
        for path, (body, content_type) in FILES.items():
            status, headers, got = fetch(f"{base}/static/{path}")
            assert (status, got, headers["Content-Type"]) == (200, body, content_type)
        for missing in ("nope.js", "../server.py", "%2e%2e/%2e%2e/etc/passwd", "dice/"):
            assert fetch(f"{base}/static/{missing}")[0] == 404
        assert fetch(f"{base}/server.py")[0] == 404


def test_every_response_has_the_strict_headers_and_no_cookie() -> None:
    with running() as server:
        base = server.url_base
        for url in (
            base + "/",
            f"{base}/p/{KARA_TOKEN}",
            f"{base}/static/player.js",
            f"{base}/p/wrong",
            f"{base}/nothing",
        ):
            _, headers, _ = fetch(url)
            assert headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY
            assert headers["X-Content-Type-Options"] == "nosniff"
            assert headers["Referrer-Policy"] == "no-referrer"
            assert headers["Cache-Control"] == "no-store"
            assert "Set-Cookie" not in headers
            assert "aiohttp" not in headers.get("Server", "")


def test_a_forged_host_is_refused_plainly() -> None:
    with running() as server:
        port = server.start()
        for host in ("evil.example", f"evil.example:{port}", "127.0.0.1", f"127.0.0.1:{port + 1}"):
            status, _, body = fetch(f"{server.url_base}/p/{KARA_TOKEN}", Host=host)
            assert status == 421 and body == b"This address is not the one GM Desk shares on."
        assert fetch(f"{server.url_base}/", Host=f"127.0.0.1:{port}")[0] == 200


def test_a_forged_origin_is_refused_plainly() -> None:
    with running() as server:
        base = server.url_base
        for origin in ("http://evil.example", "null", base.replace("http", "https"), base + "1"):
            status, _, body = fetch(f"{base}/p/{KARA_TOKEN}", Origin=origin)
            assert status == 403 and body == b"GM Desk answers only its own pages."
        assert fetch(f"{base}/p/{KARA_TOKEN}", Origin=base)[0] == 200


def test_wrong_tokens_are_rate_limited_per_address() -> None:
    with running() as server:
        base = server.url_base
        for number in range(10):
            assert fetch(f"{base}/p/guess-{number}")[0] == 404
        status, _, body = fetch(f"{base}/p/guess-10")
        assert status == 429 and b"wait a minute" in body
        # A right link is not a guess: the blocked device still opens its page...
        assert fetch(f"{base}/p/{KARA_TOKEN}")[0] == 200
        assert fetch(f"{base}/static/player.css")[0] == 200  # files are not tokens
        # ...without resetting the count: guesses between right links are still refused,
        for number in range(11, 29):  # 29 wrong in all
            assert fetch(f"{base}/p/guess-{number}")[0] == 429
            assert fetch(f"{base}/p/{BRAM_TOKEN}")[0] == 200
        # and at the ceiling (30 wrong in the window) nothing is compared any more, so a
        # device can never try more than 30 tokens a minute, right links or not.
        assert fetch(f"{base}/p/guess-29")[0] == 429
        assert fetch(f"{base}/p/{KARA_TOKEN}")[0] == 429


def test_a_blocked_device_costs_the_same_comparison(monkeypatch: pytest.MonkeyPatch) -> None:
    """No timing hint of being blocked: every token until the ceiling goes through the
    same constant-time comparison against every known token."""
    compared: list[str] = []
    real = server_module.character_of

    def counting(token: str, tokens: Mapping[str, int]) -> int | None:
        compared.append(token)
        return real(token, tokens)

    monkeypatch.setattr(server_module, "character_of", counting)
    with running() as server:
        base = server.url_base
        statuses = [fetch(f"{base}/p/guess-{number}")[0] for number in range(30)]
        assert statuses == [404] * 10 + [429] * 20
        assert len(compared) == 30  # blocked (10 to 29) compared like the first ten
        assert fetch(f"{base}/p/{KARA_TOKEN}")[0] == 429  # locked: refused, not compared
        assert len(compared) == 30


def test_only_get_and_small_requests() -> None:
    async def post() -> int:
        async with (
            aiohttp.ClientSession() as session,
            session.post(f"{base}/p/{KARA_TOKEN}", data=b"x" * 100_000) as response,
        ):
            return response.status

    with running() as server:
        base = server.url_base
        assert asyncio.run(post()) in (405, 413)


def test_the_real_page_files_are_served() -> None:
    page = Path(__file__).parents[2] / "desktop" / "share" / "page"
    types = {
        ".html": "text/html; charset=utf-8",
        ".js": "text/javascript; charset=utf-8",
        ".css": "text/css; charset=utf-8",
    }
    files = {p.name: (p.read_bytes(), types[p.suffix]) for p in page.iterdir()}
    server = ShareServer("127.0.0.1", 0, files)
    server.start()
    server.set_tokens({BRAM_TOKEN: 2})
    try:
        base = server.url_base
        status, _, body = fetch(f"{base}/p/{BRAM_TOKEN}")
        assert status == 200 and b'src="/static/player.js"' in body
        for name in ("player.js", "player.css"):
            status, headers, body = fetch(f"{base}/static/{name}")
            assert status == 200 and body == files[name][0]
            assert headers["Content-Type"] == types["." + name.rsplit(".", 1)[1]]
        assert b"open the link your GM gave you" in fetch(base + "/")[2]
    finally:
        server.stop()


def test_malformed_requests_are_refused_without_filling_the_log(
    caplog: pytest.LogCaptureFixture,
) -> None:
    # Any device on the network can send these as fast as it likes: a traceback each
    # at ERROR would rotate every useful line out of the GM's log.
    caplog.set_level(logging.DEBUG)
    with running() as server:
        port = int(server.url_base.rsplit(":", 1)[1])
        for request in (
            "GET / HTTP/1.1\r\n\r\n",  # no Host
            f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nHost: evil\r\n\r\n",
            f"GET /p/{KARA_TOKEN} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nbad header\r\n\r\n",
        ):
            with socket.create_connection(("127.0.0.1", port)) as sent:
                sent.sendall(request.encode())
                sent.settimeout(5)
                assert sent.recv(12).split(b" ")[1:2] == [b"400"]
    loud = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert loud == []
    assert all(r.exc_info is None for r in caplog.records if r.name.startswith("desktop.share"))
    assert not any(KARA_TOKEN in r.getMessage() for r in caplog.records)
