"""The smoke test's outside look at a running share server (desktop/share/served_check)."""

from __future__ import annotations

import socket

import pytest

from desktop.share.served_check import UNREACHED, join_page_of, served_statuses, status_of
from desktop.share.server import ShareServer
from tests.share.harness import FILES


def test_the_join_page_is_the_root_of_the_link_server() -> None:
    assert join_page_of("http://127.0.0.1:8765/p/abc") == "http://127.0.0.1:8765/"
    assert join_page_of("http://[::1]:9000/p/x?y=1#z") == "http://[::1]:9000/"


def test_a_link_that_is_not_plain_http_is_refused() -> None:
    with pytest.raises(ValueError, match="not a link"):
        served_statuses("file:///etc/passwd")


def test_nothing_listening_is_unreached() -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]  # closed again before the fetch: nothing listens
    assert status_of(f"http://127.0.0.1:{port}/", timeout=2) == UNREACHED


def test_a_running_server_answers_200_and_a_wrong_token_does_not() -> None:
    server = ShareServer("127.0.0.1", 0, FILES)
    server.start()
    try:
        server.set_tokens({"a-token-long-enough-to-be-one-xxxxxxxx": 1})
        good = f"{server.url_base}/p/a-token-long-enough-to-be-one-xxxxxxxx"
        assert served_statuses(good) == {"join": 200, "player": 200}
        assert served_statuses(f"{server.url_base}/p/another-token-xxxxxxxxxxxxxxxxx")[
            "player"
        ] in (403, 404)
    finally:
        server.stop()
