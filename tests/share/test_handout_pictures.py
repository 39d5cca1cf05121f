"""An image handout's picture over HTTP (issue 30): served at /h/<token>/<handout id>
only to the token of a character holding it, with the page's strict headers; another
character's token, an unknown token, a hostile id all get "no such picture"."""

from __future__ import annotations

import asyncio

import aiohttp

from desktop.share.guards import CONTENT_SECURITY_POLICY
from desktop.share.server import NO_PICTURE, UNKNOWN
from tests.share.harness import BRAM, BRAM_TOKEN, KARA, KARA_TOKEN, running

JPEG = b"\xff\xd8\xff\xe0 a picture"
PNG = b"\x89PNG\r\n\x1a\n a picture"


async def get(url: str) -> tuple[int, dict[str, str], bytes]:
    async with aiohttp.ClientSession() as session, session.get(url) as response:
        return response.status, dict(response.headers), await response.read()


def fetch(url: str) -> tuple[int, dict[str, str], bytes]:
    return asyncio.run(get(url))


def test_a_picture_reaches_only_the_page_of_a_character_holding_it() -> None:
    with running() as server:
        base = server.url_base
        server.set_images(KARA, {7: (JPEG, "image/jpeg"), 9: (PNG, "image/png")})
        server.set_images(BRAM, {9: (PNG, "image/png")})  # the one to every player
        status, headers, body = fetch(f"{base}/h/{KARA_TOKEN}/7")
        assert (status, body, headers["Content-Type"]) == (200, JPEG, "image/jpeg")
        assert headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert headers["Cache-Control"] == "no-store"
        assert fetch(f"{base}/h/{BRAM_TOKEN}/9")[2] == PNG
        # Bram's token with Kara's handout id: the same words as a handout that is not.
        status, _headers, body = fetch(f"{base}/h/{BRAM_TOKEN}/7")
        assert (status, body.decode()) == (404, NO_PICTURE)
        assert fetch(f"{base}/h/{BRAM_TOKEN}/8")[2].decode() == NO_PICTURE
        status, _headers, body = fetch(f"{base}/h/not-a-token/7")
        assert (status, body.decode()) == (404, UNKNOWN)


def test_a_hostile_handout_id_is_no_such_picture() -> None:
    with running() as server:
        base = server.url_base
        server.set_images(KARA, {7: (JPEG, "image/jpeg")})
        for wanted in ("07x", "-7", "7.0", "%37%00", "٧", "9" * 5000, "1" * 11, "+7"):
            status, _headers, body = fetch(f"{base}/h/{KARA_TOKEN}/{wanted}")
            assert status in (404, 400, 414), wanted
            assert b"Traceback" not in body


def test_a_picture_taken_back_is_no_longer_served() -> None:
    with running() as server:
        base = server.url_base
        server.set_images(KARA, {7: (JPEG, "image/jpeg")})
        assert fetch(f"{base}/h/{KARA_TOKEN}/7")[0] == 200
        server.set_images(KARA, {})
        assert fetch(f"{base}/h/{KARA_TOKEN}/7")[0] == 404
