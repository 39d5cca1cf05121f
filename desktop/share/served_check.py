"""The smoke test's look at a running share server from outside: the join page and one
player's page fetched over the loopback as a browser would, their HTTP statuses kept.

Standard library only (urllib), so the frozen build's check needs nothing the app does
not ship; the server runs on its own thread, so a blocking fetch here cannot stall it.
"""

from __future__ import annotations

import urllib.error
import urllib.request
from urllib.parse import urlsplit, urlunsplit

FETCH_TIMEOUT_S = 10.0
UNREACHED = 0  # the status kept when no HTTP answer came at all


def join_page_of(player_link: str) -> str:
    """The join page's address on the server a player's link points at."""
    parts = urlsplit(player_link)
    return urlunsplit((parts.scheme, parts.netloc, "/", "", ""))


def status_of(url: str, timeout: float = FETCH_TIMEOUT_S) -> int:
    """The HTTP status `url` answers with; UNREACHED when nothing answered."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            response.read()
            return int(response.status)
    except urllib.error.HTTPError as error:
        return int(error.code)
    except (urllib.error.URLError, OSError):
        return UNREACHED


def served_statuses(player_link: str) -> dict[str, int]:
    """{"join": status, "player": status} of the join page and `player_link`'s page."""
    if urlsplit(player_link).scheme != "http":
        raise ValueError(f"{player_link} is not a link the share server gives")
    return {"join": status_of(join_page_of(player_link)), "player": status_of(player_link)}
