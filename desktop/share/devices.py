"""One connected page: its socket's outbound queue and the loop that empties it.

Each socket has its own queue and sender, so a slow phone only ever delays itself.
Every view frame is a whole view, so a socket that falls far behind drops the views it
has not sent and gets only the latest: versions still only increase."""

from __future__ import annotations

import asyncio
import json
from collections import deque
from dataclasses import dataclass, field
from datetime import datetime

from aiohttp import web

from desktop.language import N_

# Frames waiting on one socket before its pending views collapse to the latest.
BACKLOG = 256
BEHIND = N_("This page read nothing GM Desk sent for too long; reload it.")


@dataclass(frozen=True)
class Frame:
    text: str
    version: int | None = None  # None: an error or other control frame


@dataclass(eq=False)
class Device:
    socket: web.WebSocketResponse
    token: str
    character_id: int
    since: datetime
    ready: bool = False  # said hello: from now on it gets every version
    queue: deque[Frame] = field(default_factory=deque)
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    farewell: str | None = None  # a last frame, then the socket closes
    # The newest version queued: a change published while the page's hello was being
    # answered with that same version is not sent twice.
    newest: int = 0
    # The connection under the socket, to drop at once a page that stops reading: its
    # farewell could wait forever behind views its phone never takes.
    transport: asyncio.Transport | None = None

    def send(self, frame: Frame) -> None:
        if frame.version is not None:
            if frame.version <= self.newest:
                return
            self.newest = frame.version
        self._queue(frame)

    def _queue(self, frame: Frame) -> None:
        if self.farewell is not None:
            return  # nothing more but the farewell
        self.queue.append(frame)
        if len(self.queue) > BACKLOG:
            latest = frame if frame.version is not None else self._latest_view()
            kept = [queued for queued in self.queue if queued.version is None]
            self.queue.clear()
            self.queue.extend(kept)
            if latest is not None:
                self.queue.append(latest)
            if len(kept) > BACKLOG:
                # Error answers pile up from a page that keeps sending bad messages and
                # never reads: not one a phone makes. It is closed, its memory freed.
                self.close_with(json.dumps({"type": "error", "message": BEHIND}))
                return
        self.wake.set()

    def _latest_view(self) -> Frame | None:
        return next((q for q in reversed(self.queue) if q.version is not None), None)

    def replace_views(self, frame: Frame) -> None:
        """Whatever views wait, only `frame` (the whole current view) is worth sending."""
        kept = [queued for queued in self.queue if queued.version is None]
        self.queue.clear()
        self.queue.extend(kept)
        self.newest = max(self.newest, frame.version or 0)
        self._queue(frame)  # even a version sent before: the page asked again

    def close_with(self, farewell: str) -> None:
        """Nothing more but `farewell`, then close."""
        self.queue.clear()
        self.farewell = farewell
        self.wake.set()

    def abort(self) -> None:
        """Drop the connection now, unsent frames and all."""
        if self.transport is not None:
            self.transport.abort()

    async def run_sender(self) -> None:
        """Sends the queue in order until the socket closes or a farewell is due."""
        socket = self.socket
        while not socket.closed:
            await self.wake.wait()
            self.wake.clear()
            while self.queue and self.farewell is None and not socket.closed:
                await socket.send_str(self.queue.popleft().text)
            if self.farewell is not None:
                if not socket.closed:
                    await socket.send_str(self.farewell)
                    await socket.close()
                return
