"""Tokens and the per-address and per-socket limits, without a server."""

from __future__ import annotations

import base64

from desktop.share.guards import FailureLimit, FrameLimit, OriginGuard
from desktop.share.tokens import character_of, new_token, same_token


def test_new_tokens_are_url_safe_and_at_least_128_bits() -> None:
    tokens = {new_token() for _ in range(200)}
    assert len(tokens) == 200
    for token in tokens:
        assert len(base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))) * 8 >= 128
        assert token.replace("-", "").replace("_", "").isalnum()


def test_tokens_compare_whole_and_any_text_is_safe() -> None:
    assert same_token("abc", "abc") and not same_token("abc", "abd")
    assert not same_token("abc", "ab") and not same_token("ünï", "abc")
    tokens = {"kara": 1, "bram": 2}
    assert character_of("bram", tokens) == 2
    assert character_of("bra", tokens) is None and character_of("", tokens) is None
    assert character_of("x" * 10_000, tokens) is None


def test_failures_block_an_address_for_the_window_only() -> None:
    now = [0.0]
    limit = FailureLimit(limit=3, window=60, addresses=2, clock=lambda: now[0])
    for _ in range(3):
        assert not limit.blocked("10.0.0.2")
        limit.failed("10.0.0.2")
    assert limit.blocked("10.0.0.2") and not limit.blocked("10.0.0.3")
    now[0] = 61.0
    assert not limit.blocked("10.0.0.2")
    for number in range(10):  # a flood of addresses keeps only the newest two
        limit.failed(f"10.0.1.{number}")
    assert len(limit.failures) == 2


def test_a_blocked_address_is_locked_only_at_the_ceiling() -> None:
    now = [0.0]
    limit = FailureLimit(limit=3, window=60, ceiling=5, clock=lambda: now[0])
    for _ in range(3):
        limit.failed("10.0.0.2")
    assert limit.blocked("10.0.0.2") and not limit.locked("10.0.0.2")
    for _ in range(2):
        limit.failed("10.0.0.2")
    assert limit.locked("10.0.0.2") and len(limit.failures["10.0.0.2"]) == 5
    now[0] = 61.0
    assert not limit.blocked("10.0.0.2") and not limit.locked("10.0.0.2")
    assert FailureLimit(limit=10).ceiling == 30 and FailureLimit(limit=4, ceiling=2).ceiling == 4


def test_frames_beyond_the_rate_are_refused() -> None:
    now = [0.0]
    frames = FrameLimit(limit=3, window=10, clock=lambda: now[0])
    assert [frames.allow() for _ in range(4)] == [True, True, True, False]
    now[0] = 10.5
    assert frames.allow()


def test_the_origin_guard_knows_ipv6_and_the_default_port() -> None:
    guard = OriginGuard({"::1"}, 8080)
    assert guard.refusal("[::1]:8080", "http://[::1]:8080") is None
    assert guard.refusal("[::1]", None) is not None
    assert OriginGuard({"192.168.1.5"}, 80).refusal("192.168.1.5", "http://192.168.1.5") is None
    assert guard.refusal(None, None) == (421, "This address is not the one GM Desk shares on.")
