"""What every request to the player pages passes first: the Host header and the Origin
must be the server's own (DNS rebinding, cross-site WebSocket hijacking), wrong tokens
are rate-limited per remote address (right ones still open their page), and every
response carries the same strict headers."""

from __future__ import annotations

import time
from collections import OrderedDict, deque
from collections.abc import Callable, Iterable, MutableMapping

# The page loads only its own files: no inline script or style, no frames, no forms.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; connect-src 'self'; img-src 'self'; style-src 'self'; "
    "script-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
)
SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Cache-Control": "no-store",
}


def add_security_headers(headers: MutableMapping[str, str]) -> None:
    """Every response: the policy above, nothing cached (a renewed link must not linger
    in a phone's cache), and no server banner."""
    headers.update(SECURITY_HEADERS)
    headers["Server"] = "GM Desk"


def host_in_url(host: str) -> str:
    """`host` as it stands in a URL: IPv6 addresses in brackets."""
    return f"[{host}]" if ":" in host and not host.startswith("[") else host


class OriginGuard:
    """The Host headers and Origins the server answers: only its own address and port."""

    def __init__(self, hosts: Iterable[str], port: int) -> None:
        names = {host_in_url(host).lower() for host in hosts}
        allowed = {f"{name}:{port}" for name in names}
        if port == 80:  # browsers leave the default port out
            allowed |= names
        self.hosts = frozenset(allowed)
        self.origins = frozenset(f"http://{host}" for host in allowed)

    def refusal(self, host: str | None, origin: str | None) -> tuple[int, str] | None:
        """None when the request may go on, else the status and a plain sentence."""
        if host is None or host.lower() not in self.hosts:
            return 421, "This address is not the one GM Desk shares on."
        if origin is not None and origin.lower() not in self.origins:
            return 403, "GM Desk answers only its own pages."
        return None


class FailureLimit:
    """Wrong tokens per remote address, in two steps.

    After `limit` wrong tokens in `window` seconds an address is *blocked*: its wrong
    tokens are refused as too many, but a known token still opens its page (a right link
    is not a guess: a phone that tried an old link ten times must still open the new one).
    Each wrong token while blocked counts too, and at `ceiling` the address is *locked*:
    nothing it sends is even compared until its oldest failure ages out. So an address
    gets at most `ceiling` comparisons of wrong tokens per window, blocked or not: the
    limit on guessing holds, and right links in between neither reset it nor get past it.
    Keeps at most `addresses` addresses (the oldest forgotten first), so a flood of
    addresses cannot grow memory."""

    def __init__(
        self,
        limit: int = 10,
        window: float = 60.0,
        addresses: int = 1024,
        clock: Callable[[], float] = time.monotonic,
        ceiling: int | None = None,
    ) -> None:
        self.limit = limit
        self.ceiling = max(limit, 3 * limit if ceiling is None else ceiling)
        self.window = window
        self.addresses = addresses
        self.clock = clock
        self.failures: OrderedDict[str, deque[float]] = OrderedDict()

    def _recent(self, remote: str) -> deque[float] | None:
        times = self.failures.get(remote)
        if times is None:
            return None
        horizon = self.clock() - self.window
        while times and times[0] <= horizon:
            times.popleft()
        if not times:
            del self.failures[remote]
            return None
        return times

    def _count(self, remote: str) -> int:
        times = self._recent(remote)
        return 0 if times is None else len(times)

    def blocked(self, remote: str) -> bool:
        """Whether this address's wrong tokens are refused as too many."""
        return self._count(remote) >= self.limit

    def locked(self, remote: str) -> bool:
        """Whether this address is refused whatever it sends (not even compared)."""
        return self._count(remote) >= self.ceiling

    def failed(self, remote: str) -> None:
        times = self._recent(remote)
        if times is None:
            times = self.failures[remote] = deque(maxlen=self.ceiling)
        times.append(self.clock())
        self.failures.move_to_end(remote)
        while len(self.failures) > self.addresses:
            self.failures.popitem(last=False)


class FrameLimit:
    """Inbound frames on one socket: at most `limit` in `window` seconds (a page sends a
    hello per connect and a rare resync; anything faster is a flood)."""

    def __init__(
        self, limit: int = 30, window: float = 10.0, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.window = window
        self.clock = clock
        self.times: deque[float] = deque(maxlen=limit)

    def allow(self) -> bool:
        now = self.clock()
        full = len(self.times) == self.times.maxlen
        if full and now - self.times[0] < self.window:
            return False
        self.times.append(now)
        return True
