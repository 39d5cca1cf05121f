"""The players' link tokens: unguessable, compared in constant time, never logged."""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Mapping

# 24 random bytes: 192 bits, well over the 128 a guess-proof link needs; 32 url-safe
# characters, short enough for a QR code a phone reads from across the table.
TOKEN_BYTES = 24
# A token longer than any we make is refused before comparing (a huge path costs nothing).
LONGEST_TOKEN = 128


def new_token() -> str:
    """A fresh url-safe token of TOKEN_BYTES random bytes."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def same_token(a: str, b: str) -> bool:
    """Whether two tokens are equal, in time that does not depend on where they differ."""
    # Bytes, because compare_digest refuses non-ASCII str and a path may hold anything.
    return hmac.compare_digest(a.encode("utf-8", "replace"), b.encode("utf-8", "replace"))


def character_of(token: str, tokens: Mapping[str, int]) -> int | None:
    """The character id `token` opens, or None. Compared against every known token,
    with no early exit, so timing does not tell how many tokens or which one was near."""
    if not token or len(token) > LONGEST_TOKEN:
        return None
    found: int | None = None
    for known, character_id in tokens.items():
        if same_token(token, known):
            found = character_id
    return found
