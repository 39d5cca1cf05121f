"""The listening site with a cap on open connections.

aiohttp accepts every connection it is offered and closes an idle one only after its
keep-alive time, so any device on the network could open thousands of sockets and use
up the GM's process's file descriptors (1,024 on many Linux desktops, 256 on macOS):
GM Desk could then no longer save, back up or open a campaign. Past the cap a new
connection is closed as soon as it is accepted; the pages already open keep working.
"""

from __future__ import annotations

import asyncio
import socket
from collections.abc import Callable

from aiohttp import web
from aiohttp.web_server import Server


class Refused(asyncio.Protocol):
    """A connection over the cap: closed at once, nothing read or written."""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        transport.close()


class CappedSite(web.SockSite):
    """web.SockSite on an already bound `sock`, serving at most `limit` connections."""

    def __init__(self, runner: web.BaseRunner, sock: socket.socket, limit: int) -> None:
        super().__init__(runner, sock)
        self.limit = limit
        self.open = 0  # connections made and not yet lost, counted as they are accepted

    async def start(self) -> None:
        # SockSite.start with a counting protocol factory in place of the runner's own.
        await web.BaseSite.start(self)
        server = self._runner.server
        assert server is not None
        self._server = await asyncio.get_running_loop().create_server(
            lambda: self._protocol(server), sock=self._sock, backlog=self._backlog
        )

    def _protocol(self, server: Server) -> asyncio.Protocol:
        # Counted here, when accepted, not when aiohttp registers the connection a loop
        # turn later: a burst of connects cannot slip past the cap.
        if self.open >= self.limit:
            return Refused()
        self.open += 1
        return Counted(server(), self._lost)

    def _lost(self) -> None:
        self.open -= 1


class Counted(asyncio.Protocol):
    """aiohttp's own protocol for one connection, telling `lost` when it ends."""

    def __init__(self, inner: asyncio.Protocol, lost: Callable[[], None]) -> None:
        self.inner = inner
        self.lost = lost

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.inner.connection_made(transport)

    def data_received(self, data: bytes) -> None:
        self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self.inner.eof_received()

    def pause_writing(self) -> None:
        self.inner.pause_writing()

    def resume_writing(self) -> None:
        self.inner.resume_writing()

    def connection_lost(self, exc: Exception | None) -> None:
        self.lost()
        self.inner.connection_lost(exc)
