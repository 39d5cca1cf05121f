"""The exact odds of the tray a page has picked, worked out by the server for that page:
a read-only query (`OddsRequest`) answered with an odds frame, never handed to the GM's
side and never written anywhere.

The words come from `desktop.views.tray_odds`, the function the Dice Table's odds box
words its own with. One tray takes up to ~30 ms (24 d20s; icepool's first import ~50 ms
more): too long for the server's loop, which carries every page's frames. So the odds are
worked out on one worker thread of their own, one tray at a time for all pages; a page's
newer query replaces its older one still waiting (only its latest tray matters to it) and
an answer to a query since replaced is not sent. Answers are remembered (least recently
used first out), so a die tapped out and back in is answered from memory on the loop.
The worker is Python and holds the GIL only in slices (`sys.getswitchinterval()`, 5 ms),
so neither the loop nor the GM's GUI thread waits on it longer than that at a stretch.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Callable, Hashable
from concurrent.futures import ThreadPoolExecutor

from desktop.language import N_
from desktop.share.messages import OddsRequest, odds_frame
from desktop.views.tray_odds import tray_odds_rows

log = logging.getLogger(__name__)

# Answers remembered: a few hundred bytes each, far more trays than a table picks in a night.
REMEMBERED = 2048
FAILED = N_("GM Desk could not work out these odds.")

Rows = tuple[tuple[str, str], ...]
Worker = Callable[[tuple[int, ...], int, int], Rows]  # sizes, table, target -> rows
Reply = Callable[[str], None]  # sends a frame to the page that asked


class OddsAnswers:
    """The odds queries of every page. Used on the server's loop only, except the worker
    function, which runs on the odds thread."""

    def __init__(self, work: Worker = tray_odds_rows, remembered: int = REMEMBERED) -> None:
        self.work = work
        self.remembered = remembered
        self._answers: OrderedDict[tuple[tuple[int, ...], int, int], Rows] = OrderedDict()
        self._latest: dict[Hashable, str] = {}  # per page: the id of its newest query
        self._waiting: dict[Hashable, tuple[OddsRequest, Reply]] = {}
        self._working: set[Hashable] = set()  # pages whose queries are being worked out
        self._tasks: set[asyncio.Task[None]] = set()
        self._pool: ThreadPoolExecutor | None = None  # made with the first tray to weigh
        self._closed = False
        self.worked_out = 0  # trays worked out on the thread (not answered from memory)

    def ask(self, page: Hashable, request: OddsRequest, reply: Reply) -> None:
        """`page`'s query: answered now when remembered, else once worked out (if no newer
        query from `page` came in the meantime)."""
        self._latest[page] = request.id
        known = self._answers.get(request.key())
        if known is not None:
            self._answers.move_to_end(request.key())
            self._waiting.pop(page, None)  # an older query still waiting is stale now
            reply(odds_frame(request.id, known))
            return
        self._waiting[page] = (request, reply)
        if page in self._working:
            return  # its worker takes this one next
        self._working.add(page)
        task = asyncio.get_running_loop().create_task(self._answer(page))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def forget(self, page: Hashable) -> None:
        """`page` closed: nothing more is sent to it."""
        self._latest.pop(page, None)
        self._waiting.pop(page, None)

    def close(self) -> None:
        """The server stops: trays not yet started are dropped, the thread ends."""
        self._closed = True
        self._waiting.clear()
        self._latest.clear()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    async def _answer(self, page: Hashable) -> None:
        try:
            while (waiting := self._waiting.pop(page, None)) is not None:
                request, reply = waiting
                rows, message = await self._rows(request)
                if self._latest.get(page) == request.id:
                    reply(odds_frame(request.id, rows, message))
        finally:
            self._working.discard(page)

    async def _rows(self, request: OddsRequest) -> tuple[Rows, str]:
        key = request.key()
        known = self._answers.get(key)
        if known is not None:  # worked out for another page while this one waited
            return known, ""
        if self._closed:
            return (), FAILED
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="gm-desk-odds")
        try:
            rows = await asyncio.get_running_loop().run_in_executor(self._pool, self.work, *key)
        except ValueError as error:  # the rules' own words: a size or total they refuse
            return (), str(error)
        except RuntimeError:  # the server is stopping: the pool takes no more work
            return (), FAILED
        except Exception:  # a page must get an answer, the server must keep serving
            log.exception("Working out a tray's odds failed")
            return (), FAILED
        self.worked_out += 1
        self._answers[key] = rows
        while len(self._answers) > self.remembered:
            self._answers.popitem(last=False)
        return rows, ""
