"""The player pages' server: aiohttp on an asyncio loop of its own, on one thread.

The server runs on its own thread rather than through qasync: the GUI thread never
waits on a socket, no extra dependency comes in, and a slow or hostile phone cannot
delay painting. The Qt side talks to it only through the thread-safe methods below
(`publish`, `set_images`, `set_tokens`, `connections`, `answer`, `stop`), which hand
work to the loop with `call_soon_threadsafe`; `on_change` and `on_request` are called
from the server's thread and must only hand over (the server never touches the campaign).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime

from aiohttp import WSMsgType, web
from aiohttp.typedefs import Handler

from desktop.language import N_
from desktop.share.binding import ShareError, bind
from desktop.share.capped import CappedSite
from desktop.share.devices import BEHIND, Device, Frame
from desktop.share.guards import (
    FailureLimit,
    FrameLimit,
    OriginGuard,
    add_security_headers,
    host_in_url,
)
from desktop.share.messages import (
    Hello,
    OddsRequest,
    PlayerRequest,
    RefusedFrame,
    Resync,
    bye_frame,
    done_frame,
    encode_view,
    error_frame,
    read_inbound,
    refused_frame,
    view_frame,
)
from desktop.share.page_words import PageLanguages
from desktop.share.quiet_log import QuietRequests
from desktop.share.requests import RequestMemory
from desktop.share.tokens import character_of
from desktop.share.tray_odds import FAILED as ODDS_FAILED
from desktop.share.tray_odds import OddsAnswers
from desktop.views.own import ENERGY_WORDS, IN_TRAY_WORDS, KIND_WORDS, PLACE_WORDS
from desktop.views.tray_odds import TRAY_ODDS_ROWS

__all__ = ["NO_LONGER_SHARED", "RENEWED", "Connection", "ShareError", "ShareServer"]

log = logging.getLogger(__name__)

# No request carries a body; headers and a path are all a page ever sends.
REQUEST_BYTES = 4096
FRAME_BYTES = 4096  # inbound WebSocket frames: a hello is ~40 bytes
HEARTBEAT_S = 20.0  # a ping each 20 s; a phone that stops answering is dropped
HELLO_S = 10.0  # a socket that has not said hello by then is closed
KEEPALIVE_S = 15.0  # idle HTTP keep-alive connections
SHUTDOWN_S = 2.0
# Stopping: pages get this long to take their farewell, then are dropped, so that
# quitting, Stop sharing or opening another campaign never waits on a phone that
# stopped reading (the whole stop stays well under 3 s).
FAREWELL_S = 1.0
RENEWED = N_("The GM gave this character a new link. Ask your GM for it.")
NO_LONGER_SHARED = N_("This character is no longer shared with you.")
UNKNOWN = N_("This link no longer works. Ask your GM for the new one.")
STOPPED = N_("The GM stopped sharing.")
TOO_FAST = N_("Too many messages; GM Desk closed this connection.")
WATCH_ONLY = N_("This page can only watch.")
LOST = N_("GM Desk could not take that request; try again.")
NO_PICTURE = N_("There is no such picture.")
ID_DIGITS = 10  # a handout's id is a 32-bit whole number (store/checks.INTEGER_MAX)
# An image handout's picture: (bytes, content type), by handout id, per character.
Pictures = Mapping[int, tuple[bytes, str]]

# character id, the request: called on the server's thread, it must only hand over.
RequestHandler = Callable[[int, PlayerRequest], None]
HEARD_NOTHING = N_("GM Desk heard nothing from this page.")
TEXT_ONLY = N_("GM Desk reads text messages only.")
TOO_MANY_WRONG = N_("Too many wrong links from this device; wait a minute.")
# What GM Desk sends a page in words (a farewell, a refusal): the page shows each in
# its own language, from the words the server writes into it.
PAGE_MESSAGES: tuple[str, ...] = (
    RENEWED,
    NO_LONGER_SHARED,
    UNKNOWN,
    STOPPED,
    TOO_FAST,
    WATCH_ONLY,
    LOST,
    HEARD_NOTHING,
    TEXT_ONLY,
    BEHIND,
    ODDS_FAILED,
    *TRAY_ODDS_ROWS,
    # A die's kind and place, which the view sends in English and the page's t() words.
    *KIND_WORDS.values(),
    *PLACE_WORDS.values(),
    IN_TRAY_WORDS,
    *ENERGY_WORDS,  # why the energy section has no figures
)


@dataclass(frozen=True)
class Connection:
    """The pages open for one character: since the first device came, and how many."""

    character_id: int
    since: datetime
    devices: int


class ShareServer:
    """Serves the join page, each player's page (for a known token only), the page's
    files and one WebSocket per page that carries that character's view."""

    def __init__(
        self,
        host: str,
        port: int,
        files: Mapping[str, tuple[bytes, str]],
        on_change: Callable[[], None] | None = None,
        on_request: RequestHandler | None = None,
        *,
        max_sockets: int = 128,
        max_per_token: int = 16,
        max_connections: int = 192,
        language: str = "en",
    ) -> None:
        self.host = host
        self.port = port
        self.files = dict(files)
        # The pages in each phone's language; `language`, the GM's, for any other phone.
        self.pages = PageLanguages(self.files, language, PAGE_MESSAGES)
        self.on_change = on_change
        self.on_request = on_request
        self.max_sockets = max_sockets
        self.max_per_token = max_per_token
        # Every TCP connection, page files and sockets alike (see desktop.share.capped):
        # a page loads its files over a handful at once, its socket takes one more.
        self.max_connections = max_connections
        self._lock = threading.Lock()  # tokens, latest views, versions, the loop
        self._tokens: dict[str, int] = {}
        self._latest: dict[int, Frame] = {}  # per character: only the newest whole view
        self._versions: dict[int, int] = {}
        self._pictures: dict[int, dict[int, tuple[bytes, str]]] = {}  # per character
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._stopping: asyncio.Event | None = None
        self._devices: dict[int, list[Device]] = {}  # the loop's own; never read elsewhere
        self._connections: tuple[Connection, ...] = ()
        self._bound_port = 0
        self._failures = FailureLimit()  # the loop's own, made anew on each start
        self._requests: RequestMemory[Device] = RequestMemory()  # the loop's own
        self._odds = OddsAnswers()  # the loop's own, made anew on each start

    # ------------------------------------------------------------ the caller's side

    @property
    def url_base(self) -> str:
        return f"http://{host_in_url(self.host)}:{self._bound_port or self.port}"

    def start(self) -> int:
        """Binds host:port and starts serving; the port bound. ShareError on failure."""
        if self._thread is not None:
            return self._bound_port
        listener = bind(self.host, self.port)
        self._bound_port = listener.getsockname()[1]
        bound_host = str(listener.getsockname()[0])
        ready = threading.Event()
        failure: list[BaseException] = []
        thread = threading.Thread(
            target=self._run,
            args=(listener, bound_host, ready, failure),
            name="gm-desk-share",
            daemon=True,
        )
        thread.start()
        ready.wait()
        if failure:
            thread.join()
            listener.close()
            self._bound_port = 0
            raise ShareError(f"GM Desk could not start sharing: {failure[0]}")
        self._thread = thread
        return self._bound_port

    def stop(self) -> None:
        """Says goodbye to every page, closes every socket and joins the thread."""
        thread = self._thread
        if thread is None:
            return
        if thread is threading.current_thread():
            raise RuntimeError("ShareServer.stop() cannot be called from on_change")
        with self._lock:
            loop, stopping = self._loop, self._stopping
        if loop is not None and stopping is not None:
            with contextlib.suppress(RuntimeError):  # the loop already ended
                loop.call_soon_threadsafe(stopping.set)
        thread.join()
        self._thread = None

    def set_tokens(
        self, tokens: Mapping[str, int], reasons: Mapping[int, str] | None = None
    ) -> None:
        """Token -> character id. Pages of a token no longer there are cut off at once,
        told `reasons[character id]` (the caller knows why: a renewed link, a character
        removed...), RENEWED when the caller gives none for that character."""
        with self._lock:
            self._tokens = dict(tokens)
            self._call(self._cut_off_dropped, dict(reasons or {}))

    def publish(self, character_id: int, payload: Mapping[str, object]) -> int:
        """Hands a character's new view to its pages, in order; the new version.
        Encoded here, on the caller's thread, so the server never reads a mapping the
        caller still holds; TypeError or ValueError for anything that is not plain data."""
        view_json = encode_view(payload)  # once per change, whatever the number of pages
        with self._lock:  # one lock for the version and the hand-off: order kept
            version = self._versions.get(character_id, 0) + 1
            self._versions[character_id] = version
            frame = Frame(view_frame(version, view_json), version)
            self._latest[character_id] = frame
            self._call(self._deliver, character_id, frame)
        return version

    def set_images(self, character_id: int, pictures: Pictures) -> None:
        """The pictures of the image handouts `character_id`'s page holds, by handout id:
        served at /h/<that character's token>/<handout id> and nowhere else, so a page
        shows them under the policy's `img-src 'self'` and no other link reaches them."""
        with self._lock:
            self._pictures[character_id] = dict(pictures)

    def connections(self) -> tuple[Connection, ...]:
        return self._connections

    def answer(self, character_id: int, request_id: str, ok: bool, message: str = "") -> None:
        """The GM's side's word on a request handed to `on_request`: done, or refused
        with `message` (shown on the page). Kept for replays of the same id."""
        frame = done_frame(request_id) if ok else refused_frame(request_id, message)
        with self._lock:
            self._call(self._answered, character_id, request_id, frame)

    def _call(self, callback: Callable[..., None], *args: object) -> None:
        """Runs `callback` on the server's loop (the lock is held by the caller)."""
        if self._loop is not None:
            with contextlib.suppress(RuntimeError):  # stopping: nothing left to tell
                self._loop.call_soon_threadsafe(callback, *args)

    # ------------------------------------------------------------ the server's thread

    def _run(
        self,
        listener: socket.socket,
        bound_host: str,
        ready: threading.Event,
        failure: list[BaseException],
    ) -> None:
        try:
            asyncio.run(self._serve(listener, bound_host, ready))
        except Exception as error:  # reported to start(), or logged after it
            failure.append(error)
            log.exception("The player pages' server stopped on an error")
        finally:
            with self._lock:
                self._loop = None
                self._stopping = None
            ready.set()

    async def _serve(
        self, listener: socket.socket, bound_host: str, ready: threading.Event
    ) -> None:
        guard = OriginGuard({self.host, bound_host}, self._bound_port)
        self._failures = FailureLimit()
        self._odds = OddsAnswers()
        app = self._app(guard)
        runner = web.AppRunner(
            app,
            access_log=None,  # paths carry tokens: never logged
            logger=QuietRequests(),
            handle_signals=False,
            keepalive_timeout=KEEPALIVE_S,
            shutdown_timeout=FAREWELL_S,  # HTTP answers still being sent at stop
        )
        await runner.setup()
        try:
            await CappedSite(runner, listener, self.max_connections).start()
            stopping = asyncio.Event()
            with self._lock:
                self._loop = asyncio.get_running_loop()
                self._stopping = stopping
            ready.set()
            await stopping.wait()
            await self._close_all()
        finally:
            self._odds.close()
            await runner.cleanup()
            listener.close()

    def _app(self, guard: OriginGuard) -> web.Application:
        @web.middleware
        async def guarded(request: web.Request, handler: Handler) -> web.StreamResponse:
            refused = guard.refusal(request.headers.get("Host"), request.headers.get("Origin"))
            if refused is not None:
                return _plain(*refused)
            try:
                return await handler(request)
            except web.HTTPException as error:  # 404, 405: plain words, same headers
                return _plain(error.status, error.reason)

        app = web.Application(middlewares=[guarded], client_max_size=REQUEST_BYTES)
        app.on_response_prepare.append(_headers)
        app.router.add_get("/", self._index)
        app.router.add_get("/p/{token}", self._player)
        app.router.add_get("/static/{path:.+}", self._static)
        app.router.add_get("/ws/{token}", self._socket)
        app.router.add_get("/h/{token}/{handout}", self._picture)
        return app

    def _file(self, path: str) -> web.Response:
        found = self.files.get(path)
        if found is None:
            return _plain(404, "There is no such file.")
        body, content_type = found
        response = web.Response(body=body)
        response.headers["Content-Type"] = content_type
        return response

    def _page(self, path: str, request: web.Request) -> web.Response:
        body = self.pages.page(path, request.headers.get("Accept-Language"))
        if body is None:
            return _plain(404, "There is no such file.")
        response = web.Response(body=body)
        response.headers["Content-Type"] = "text/html; charset=utf-8"
        response.headers["Vary"] = "Accept-Language"
        return response

    async def _index(self, request: web.Request) -> web.StreamResponse:
        return self._page("index.html", request)

    async def _static(self, request: web.Request) -> web.StreamResponse:
        path = request.match_info["path"]
        if path.endswith(".html"):  # its words filled in, as at its own address
            return self._page(path, request)
        return self._file(path)

    def _character(self, request: web.Request) -> int | web.Response | None:
        """The character the request's token opens, None for an unknown token, or the
        refusal to send (too many wrong tokens from that address).

        A blocked address's token is still compared (in constant time, as any other), so
        a right link opens its page; a wrong one is counted and refused, and at the
        ceiling nothing is compared any more (see FailureLimit): guessing stays bounded.
        Blocked or not, a token costs the same comparison; only a locked address, which
        its own 429s already told, is answered without one."""
        limit = self._failures
        remote = request.remote or "?"
        if limit.locked(remote):
            return _plain(429, TOO_MANY_WRONG)
        with self._lock:
            tokens = self._tokens
        character_id = character_of(request.match_info["token"], tokens)
        if character_id is not None:
            return character_id  # a right link is not a guess; the count stays as it is
        blocked = limit.blocked(remote)
        limit.failed(remote)
        return _plain(429, TOO_MANY_WRONG) if blocked else None

    async def _player(self, request: web.Request) -> web.StreamResponse:
        character_id = self._character(request)
        if isinstance(character_id, web.Response):
            return character_id
        if character_id is None:
            return _plain(404, UNKNOWN)
        return self._page("player.html", request)

    async def _picture(self, request: web.Request) -> web.StreamResponse:
        """An image handout's picture, for the page of the token's character only: a
        handout id of another character's (or none) is "no such picture", the same as
        one that does not exist, so a page learns nothing of other players' handouts."""
        character_id = self._character(request)
        if isinstance(character_id, web.Response):
            return character_id
        if character_id is None:
            return _plain(404, UNKNOWN)
        wanted = request.match_info["handout"]
        with self._lock:
            mine = self._pictures.get(character_id, {})
        readable = wanted.isascii() and wanted.isdigit() and len(wanted) <= ID_DIGITS
        found = mine.get(int(wanted)) if readable else None
        if found is None:
            return _plain(404, NO_PICTURE)
        body, content_type = found
        response = web.Response(body=body)
        response.headers["Content-Type"] = content_type
        return response

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        character_id = self._character(request)
        if isinstance(character_id, web.Response):
            return character_id
        if character_id is None:
            # A page whose link was renewed while its phone slept: told once, so it
            # stops retrying (the page shows the words and does not reconnect).
            ws = web.WebSocketResponse(timeout=SHUTDOWN_S, compress=False)
            await ws.prepare(request)
            await ws.send_str(bye_frame(UNKNOWN))
            await ws.close()
            return ws
        mine = self._devices.get(character_id, [])
        token = request.match_info["token"]
        if sum(len(d) for d in self._devices.values()) >= self.max_sockets:
            return _plain(503, "Too many pages are open; close one and try again.")
        if sum(1 for device in mine if device.token == token) >= self.max_per_token:
            return _plain(503, "Too many devices use this link; close one and try again.")
        ws = web.WebSocketResponse(
            heartbeat=HEARTBEAT_S,
            max_msg_size=FRAME_BYTES,
            timeout=SHUTDOWN_S,  # waiting for a page's answer to our close
            compress=False,  # the view is encoded once; deflate would be once per socket
        )
        await ws.prepare(request)
        device = Device(ws, token, character_id, datetime.now(UTC), transport=request.transport)
        self._devices.setdefault(character_id, []).append(device)
        self._changed()
        sender = asyncio.create_task(device.run_sender())
        try:
            await self._listen(device)
        except (TimeoutError, ConnectionError):
            pass  # the phone went away: nothing to tell anyone but on_change
        finally:
            self._forget(device)
            if device.farewell is not None and not sender.done():
                with contextlib.suppress(Exception):  # its last words, then it closes
                    await asyncio.wait_for(sender, SHUTDOWN_S)
            sender.cancel()
            with contextlib.suppress(BaseException):
                await sender
            await ws.close()
        return ws

    async def _listen(self, device: Device) -> None:
        ws = device.socket
        frames = FrameLimit()
        while not ws.closed and device.farewell is None:
            timeout = None if device.ready else HELLO_S
            try:
                message = await ws.receive(timeout=timeout)
            except TimeoutError:
                device.close_with(error_frame(HEARD_NOTHING))
                return
            if message.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED):
                return
            if message.type == WSMsgType.ERROR:
                return  # too large, or broken: aiohttp has closed it with a reason
            if not frames.allow():
                device.close_with(error_frame(TOO_FAST))
                return
            if message.type != WSMsgType.TEXT:
                device.send(Frame(error_frame(TEXT_ONLY)))
                continue
            try:
                inbound = read_inbound(message.data)
            except RefusedFrame as refused:
                # A request its model refuses is answered under its id: its page waits
                # for that answer (one request at a time) and would stay busy for good.
                said = refused.request_id
                frame = (
                    error_frame(str(refused)) if said is None else refused_frame(said, str(refused))
                )
                device.send(Frame(frame))
                continue
            if isinstance(inbound, OddsRequest):
                # Read only, answered here: it neither waits on nor holds up a request.
                self._odds.ask(device, inbound, lambda frame: device.send(Frame(frame)))
            elif isinstance(inbound, Hello | Resync):
                self._answer(device, inbound.version if isinstance(inbound, Hello) else -1)
            else:
                self._request(device, inbound)  # every other model is a player's request

    def _request(self, device: Device, request: PlayerRequest) -> None:
        """A player's request, handed to the GM's side the first time its id comes; a
        replayed id is never handed over again (it gets the first answer)."""
        if self.on_request is None:
            device.send(Frame(refused_frame(request.id, WATCH_ONLY)))
            return
        new, answer = self._requests.ask(device.character_id, request.id, device)
        if answer is not None:
            device.send(Frame(answer))
        if not new:
            return
        try:
            self.on_request(device.character_id, request)
        except Exception:  # the GM's window must not take the server down
            log.exception("The player request handler failed")
            self._answered(device.character_id, request.id, refused_frame(request.id, LOST))

    def _answered(self, character_id: int, request_id: str, frame: str) -> None:
        for device in self._requests.answered(character_id, request_id, frame):
            if device.farewell is None and not device.socket.closed:
                device.send(Frame(frame))

    def _answer(self, device: Device, shown: int | None) -> None:
        """A hello (`shown`: the version the page holds) or a resync (-1): the page gets
        the whole current view unless it already holds it, and every version after."""
        device.ready = True
        with self._lock:
            latest = self._latest.get(device.character_id)
        if latest is not None and latest.version != shown:
            device.replace_views(latest)

    def _deliver(self, character_id: int, frame: Frame) -> None:
        for device in self._devices.get(character_id, ()):
            if device.ready and device.farewell is None:
                device.send(frame)

    def _cut_off_dropped(self, reasons: Mapping[int, str]) -> None:
        with self._lock:
            tokens = self._tokens
        for devices in list(self._devices.values()):
            for device in list(devices):
                if character_of(device.token, tokens) != device.character_id:
                    reason = reasons.get(device.character_id, RENEWED)
                    device.close_with(bye_frame(reason))
                    self._forget(device)

    async def _close_all(self) -> None:
        devices = [device for group in self._devices.values() for device in group]
        for device in devices:
            device.close_with(bye_frame(STOPPED))
        # Each socket's handler ends once its farewell is sent and the close answered.
        deadline = asyncio.get_running_loop().time() + FAREWELL_S
        while any(not d.socket.closed for d in devices):
            if asyncio.get_running_loop().time() > deadline:
                break
            await asyncio.sleep(0.01)
        for device in devices:
            if not device.socket.closed:
                device.abort()  # it never read its farewell: its handler ends now
        self._devices.clear()
        self._changed()

    def _forget(self, device: Device) -> None:
        self._odds.forget(device)
        devices = self._devices.get(device.character_id, [])
        if device in devices:
            devices.remove(device)
            if not devices:
                del self._devices[device.character_id]
            self._changed()

    def _changed(self) -> None:
        self._connections = tuple(
            Connection(character_id, min(d.since for d in devices), len(devices))
            for character_id, devices in sorted(self._devices.items())
        )
        if self.on_change is not None:
            try:
                self.on_change()
            except Exception:  # the GM's window must not take the server down
                log.exception("The sharing window's change handler failed")


def _plain(status: int, text: str) -> web.Response:
    return web.Response(status=status, text=text, content_type="text/plain", charset="utf-8")


async def _headers(request: web.Request, response: web.StreamResponse) -> None:
    add_security_headers(response.headers)
