"""Players' pages for the benchmarks: WebSocket clients on an event loop of their own
thread, each noting when every version of its character's view arrives.

The GM's side (the window, the store, the controller) runs on the test's thread as in
the app; these stand for the phones, so their work never runs on the GUI thread. A page
may also ask (a roll, a choice: `send`), and notes when each answer came.
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Callable, Coroutine
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any, TypeVar

import aiohttp

T = TypeVar("T")
HELLO = '{"type":"hello","version":null}'


@dataclass(frozen=True)
class Answer:
    """GM Desk's answer to a page's request: done or refused (with its words), and when
    the request left the page and when the answer reached it (perf_counter)."""

    done: bool
    message: str
    sent: float
    answered: float


class PlayerPages:
    """One WebSocket per link, as a phone's page opens it; `arrivals[page]` holds the
    (version, perf_counter time) of every view frame that page received, in order."""

    def __init__(self, links: list[str]) -> None:
        self.sockets = [link.replace("/p/", "/ws/", 1) for link in links]
        self.arrivals: list[list[tuple[int, float]]] = [[] for _ in links]
        # The newest view each page holds, and its requests: when each left, its answer.
        self.views: list[dict[str, Any] | None] = [None for _ in links]
        self.sent: list[dict[str, float]] = [{} for _ in links]
        self.answers: list[dict[str, Answer]] = [{} for _ in links]
        self.answered_again: list[str] = []  # ids a page was answered for a second time
        self._open: list[aiohttp.ClientWebSocketResponse] = []
        self.changed = threading.Condition()
        self._ready = threading.Event()
        self._failure: list[BaseException] = []
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._thread = threading.Thread(target=self._run, name="bench-pages", daemon=True)

    def __enter__(self) -> PlayerPages:
        self._thread.start()
        self._ready.wait(30)
        if self._failure:
            raise self._failure[0]
        return self

    def __exit__(self, *exc: object) -> None:
        if self._loop is not None and self._stop is not None:
            self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(30)

    # ------------------------------------------------------------ the test's side

    def latest(self) -> list[int]:
        """The newest version each page holds (0 before any)."""
        with self.changed:
            return [frames[-1][0] if frames else 0 for frames in self.arrivals]

    def held_after(self, versions: list[int]) -> list[float] | None:
        """For each page, when it first held a version newer than `versions[page]`; None
        while a page has none yet."""
        times = []
        for frames, before in zip(self.arrivals, versions, strict=True):
            newer = next((at for version, at in frames if version > before), None)
            if newer is None:
                return None
            times.append(newer)
        return times

    def wait_newer(
        self, versions: list[int], turn: Callable[[], object], timeout: float = 10.0
    ) -> list[float]:
        """Waits until every page holds a version newer than `versions`, running `turn`
        (the GUI's event loop) between waits as the app's loop would; the arrival times."""
        return self._wait(lambda: self.held_after(versions), turn, timeout)

    def wait_holding(self, version: int, turn: Callable[[], object], timeout: float = 10.0) -> None:
        """Waits, turning the GUI's loop, until every page's newest version is `version`."""
        self._wait(lambda: self.latest() == [version] * len(self.arrivals), turn, timeout)

    def _wait(self, held: Callable[[], T | None], turn: Callable[[], object], timeout: float) -> T:
        deadline = time.perf_counter() + timeout
        while True:
            with self.changed:
                result = self.changed.wait_for(held, timeout=0.002)
            if result:
                return result
            if time.perf_counter() > deadline:
                raise AssertionError(f"the pages still hold {self.latest()} after {timeout} s")
            turn()

    def send(self, page: int, frame: dict[str, object]) -> None:
        """Page `page` sends `frame` (a request with its `id`) from the pages' thread."""
        self.schedule(self.ask(page, frame))

    def schedule(self, work: Coroutine[Any, Any, T]) -> Future[T]:
        """Run `work` on the pages' event loop (as the phones would, off the GUI thread)."""
        assert self._loop is not None
        return asyncio.run_coroutine_threadsafe(work, self._loop)

    def answer(self, page: int, request_id: str) -> Answer | None:
        with self.changed:
            return self.answers[page].get(request_id)

    # ------------------------------------------------------------ the pages' thread

    async def ask(self, page: int, frame: dict[str, object]) -> None:
        """On the pages' loop: send a request, noting when it left."""
        text = json.dumps(frame)
        with self.changed:
            self.sent[page][str(frame["id"])] = time.perf_counter()
        await self._open[page].send_str(text)

    def _run(self) -> None:
        try:
            asyncio.run(self._serve())
        except BaseException as error:  # told to the test through __enter__
            self._failure.append(error)
            self._ready.set()

    async def _serve(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        async with aiohttp.ClientSession() as session:
            sockets = [await session.ws_connect(url) for url in self.sockets]
            self._open = sockets
            for ws in sockets:
                await ws.send_str(HELLO)
            readers = [asyncio.create_task(self._read(page, ws)) for page, ws in enumerate(sockets)]
            # Ready once every page holds its first whole view.
            while not all(self.arrivals):
                await asyncio.sleep(0.005)
            self._ready.set()
            await self._stop.wait()
            for ws in sockets:
                await ws.close()
            await asyncio.gather(*readers, return_exceptions=True)

    async def _read(self, page: int, ws: aiohttp.ClientWebSocketResponse) -> None:
        async for message in ws:
            if message.type != aiohttp.WSMsgType.TEXT:
                continue
            arrived = time.perf_counter()
            frame = json.loads(message.data)
            kind = frame.get("type")
            if kind == "view":
                with self.changed:
                    self.arrivals[page].append((int(frame["version"]), arrived))
                    self.views[page] = frame["view"]
                    self.changed.notify_all()
            elif kind in ("done", "refused"):
                with self.changed:
                    asked = str(frame["id"])
                    sent = self.sent[page].get(asked, arrived)
                    said = str(frame.get("message", ""))
                    if asked in self.answers[page]:
                        self.answered_again.append(asked)
                    self.answers[page][asked] = Answer(kind == "done", said, sent, arrived)
                    self.changed.notify_all()
