"""View > Share with Players: the share server's life, the players' links and the live
hand-off of each player's view.

Off by default and remembered per campaign (on/off, address, port, one link token per
player character, in the campaign's settings: see Campaign.sharing). A campaign left
sharing starts sharing again when reopened, so the players' phones reconnect by
themselves; it is never silent: the sharing window opens and the status bar says it.
After every store change a player may see (PLAYER_TOPICS), each shared character's view
is built here, on the Qt thread, and handed to the server as plain data; the server's
thread never touches the campaign. The server stops with Stop sharing, with the
campaign and with the app (the window closes the campaign on quit).
"""

from __future__ import annotations

import ipaddress
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Final, Protocol

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QWidget

from desktop.store import ROLL_TIMINGS, ROLL_WHENEVER
from desktop.ui.plain_text import PlainLabel
from desktop.ui.read_guard import guarded, guarded_call
from desktop.ui.session import CampaignSession
from desktop.ui.sharing.files import SiteFiles, share_files
from desktop.ui.sharing.roll_asks import RollAsks
from desktop.ui.sharing.share_address import DEFAULT_PORT
from desktop.ui.window_language import tr

if TYPE_CHECKING:
    from desktop.share.messages import PlayerRequest
    from desktop.share.server import Connection
    from desktop.ui.sharing.addresses import Address
    from desktop.ui.sharing.window import PlayerLink, SharingWindow
    from desktop.views.handouts import HandoutView


class SharingServer(Protocol):
    """What the controller calls of desktop.share.server.ShareServer."""

    def start(self) -> int: ...
    def stop(self) -> None: ...
    def set_tokens(
        self, tokens: Mapping[str, int], reasons: Mapping[int, str] | None = None
    ) -> None: ...
    def publish(self, character_id: int, payload: Mapping[str, object]) -> int: ...
    def set_images(self, character_id: int, pictures: Mapping[int, tuple[bytes, str]]) -> None: ...
    def connections(self) -> tuple[Connection, ...]: ...
    def answer(self, character_id: int, request_id: str, ok: bool, message: str = "") -> None: ...
    @property
    def url_base(self) -> str: ...


# host, port, files, on_change and on_request (both called from the server's thread)
# -> a server not started.
ServerFactory = Callable[
    [
        str,
        int,
        Mapping[str, tuple[bytes, str]],
        Callable[[], None],
        Callable[[int, "PlayerRequest"], None],
    ],
    SharingServer,
]


def share_server(
    host: str,
    port: int,
    files: Mapping[str, tuple[bytes, str]],
    on_change: Callable[[], None],
    on_request: Callable[[int, PlayerRequest], None],
) -> SharingServer:
    """The real server (aiohttp, imported when the GM first shares); its pages in each
    phone's language, else the window's."""
    from desktop.share.server import ShareServer
    from desktop.ui.window_language import window_translator

    language = window_translator().code
    return ShareServer(host, port, files, on_change, on_request, language=language)


def remembered_tokens(remembered: Mapping[str, object]) -> dict[int, str]:
    """Character id -> token, as Campaign.sharing() keeps them (ids as text in JSON)."""
    tokens = remembered.get("tokens")
    if not isinstance(tokens, Mapping):
        return {}
    return {int(key): str(token) for key, token in tokens.items() if str(key).isdigit()}


def network_addresses() -> tuple[Address, ...]:
    """The machine's addresses (QtNetwork, loaded when the GM first opens the window)."""
    from desktop.ui.sharing.addresses import loopback_address, machine_addresses

    return machine_addresses() or (loopback_address(),)


# How often, while sharing, the chosen address is looked for among the machine's own: a
# laptop that moved to another network loses it, and the players' phones can no longer
# reach the pages. Listing the interfaces costs well under a millisecond.
ADDRESS_CHECK_MS: Final = 5000


def address_gone(host: str) -> str:
    """What the GM is told when the shared address left the machine."""
    return tr(
        "The address {host} is no longer on this computer: stop sharing, "
        "pick the new one and start again."
    ).format(host=host)


def still_present(host: str, addresses: tuple[Address, ...]) -> bool:
    """Whether `host` is one of `addresses`; a loopback address is always there."""
    try:
        if ipaddress.ip_address(host).is_loopback:
            return True
    except ValueError:
        pass  # not an IP address: only an exact match counts
    return any(address.host == host for address in addresses)


class SharingRefused(Exception):
    """Sharing could not start: a plain message for the GM (port in use, address gone)."""


class PlayerSharing(QObject):
    # The server's thread says its connections changed; received on the Qt thread.
    connections_changed = Signal()
    running_changed = Signal(bool)
    # A player's request (character id, PlayerRequest), from the server's thread.
    request_arrived = Signal(int, object)

    def __init__(
        self,
        gm_window: QWidget,
        server_factory: ServerFactory = share_server,
        files: Callable[[], SiteFiles] = share_files,
        addresses: Callable[[], tuple[Address, ...]] = network_addresses,
    ) -> None:
        super().__init__(gm_window)
        # Many topics come of one change (a roll: dice, rolls...): one hand-off, posted
        # when the first comes and run once the change is done. Posted at high priority,
        # it runs before the GM's window repaints what changed (a normal-priority event;
        # a 0 ms timer would wait until after it), so the players' pages hold a roll
        # sooner and the GUI thread does the same work. Set first: `event` reads them
        # from the first child added.
        self._hand_off_event = QEvent.Type(QEvent.registerEventType())
        self._hand_off_posted = False
        self.gm_window = gm_window
        self.server_factory = server_factory
        self.files = files
        self.addresses = addresses
        self._files: SiteFiles | None = None  # drawn once per run: the dice do not change
        self.session: CampaignSession | None = None
        self.server: SharingServer | None = None
        self.window: SharingWindow | None = None
        self.tokens: dict[int, str] = {}  # character id -> its link's token
        # Who the GM asked to roll from their phone (never in the campaign, never undone).
        self.asks = RollAsks(lambda: self.server is not None, self._may_ask, self._asks_changed)
        # Image handouts' pictures by handout id, read once: a handout never changes (it
        # is given, taken back, given back whole), and the pages' views follow every roll.
        self._pictures: dict[int, tuple[bytes, str]] = {}
        self.action = QAction(tr("Share with Pla&yers…"), self)
        self.action.setObjectName("actionSharePlayers")
        self.action.setCheckable(True)
        self.action.setToolTip(
            tr("Each player sees their own character live on their phone, from a QR code")
        )
        self.action.triggered.connect(self._chosen)
        self.status = PlainLabel("")
        self.status.setObjectName("statusSharing")
        self.status.hide()
        # While sharing: is the shared address still this machine's? Told, never acted on
        # (stopping or moving by itself would cut every phone off without the GM's say).
        self.address_watch = QTimer(self)
        self.address_watch.setInterval(ADDRESS_CHECK_MS)
        self.address_watch.timeout.connect(self.check_address)
        self.shared_host: str | None = None  # the address the running server is bound to
        self.address_problem: str | None = None  # the words shown while it is gone
        self.connections_changed.connect(self._show_connections, Qt.ConnectionType.QueuedConnection)
        self.request_arrived.connect(self._requested, Qt.ConnectionType.QueuedConnection)
        self._update_action()

    # -- the campaign ---------------------------------------------------------------------

    def set_session(self, session: CampaignSession | None) -> None:
        """Follow another campaign: sharing stops with the one closing (its setting kept)
        and starts again, shown, for one left sharing."""
        if self.session is not None:
            self.session.changed.disconnect(self._changed)
            self.session.all_ones_changed.disconnect(self._all_ones_changed)
            self.session.conflict_changed.disconnect(self._all_ones_changed)
            self._stop_server()
            self.session.roll_asks = None
        self.session = session
        self.tokens = {}
        self._pictures = {}
        if session is not None:
            session.changed.connect(self._changed)
            session.all_ones_changed.connect(self._all_ones_changed)
            session.conflict_changed.connect(self._all_ones_changed)
            session.roll_asks = self.asks
        self.asks.clear()  # asks were for the campaign closing
        self._update_action()
        if self.window is not None:
            self._fill_window()
        if session is None or session.read_only:
            if self.window is not None:
                self.window.close()
            return
        remembered = session.campaign.sharing()
        if remembered["on"]:
            # Never silent: the GM sees the window (and the status bar) saying so.
            self.open_window()
            host, port = str(remembered["host"]), int(str(remembered["port"]))
            try:
                self.start(host, port)
            except SharingRefused as refused:
                assert self.window is not None
                self.window.show_error(
                    tr("Sharing was on for this campaign: {reason}").format(reason=refused)
                )

    # -- the GM's acts --------------------------------------------------------------------

    def _chosen(self, checked: bool) -> None:
        """The menu item: on opens the window and starts at the remembered (or first)
        address; off stops sharing."""
        if not checked:
            self.stop()
            return
        self.share_at(*self.open_window().chosen())

    def share_at(self, host: str, port: int) -> bool:
        """Open the window and share at host:port (the menu, `--share`); a refusal is said
        in the window, where the address and port can be changed. Whether it started."""
        window = self.open_window()
        try:
            self.start(host, port)
        except SharingRefused as refused:
            window.show_error(str(refused))
            self._update_action()
            return False
        return True

    def start(self, host: str, port: int) -> None:
        """Share at host:port and remember it; SharingRefused in plain words."""
        if self.session is None or self.session.read_only:
            raise SharingRefused(tr("Open a campaign you can change to share it."))
        if not host:
            raise SharingRefused(tr("No network address to share on."))
        self._stop_server()
        from desktop.share.server import ShareError

        files = self._files if self._files is not None else self.files()
        self._files = files
        server = self.server_factory(
            host, port, files, self.connections_changed.emit, self.request_arrived.emit
        )
        try:
            bound = server.start()
        except ShareError as error:
            server.stop()
            raise SharingRefused(str(error)) from None
        self.server = server
        self.shared_host = host
        campaign = self.session.campaign
        self.tokens = remembered_tokens(campaign.sharing())
        self._sync_tokens()
        campaign.remember_sharing(
            {"on": True, "host": host, "port": bound, "tokens": self._stored_tokens()}
        )
        guarded_call(self, self.publish_all)
        self._shown_running()

    def stop(self) -> None:
        """Stop sharing (the GM's choice): every page is cut off; remembered as off."""
        self._stop_server()
        if self.session is not None and not self.session.read_only:
            remembered = self.session.campaign.sharing()
            self.session.campaign.remember_sharing({**remembered, "on": False})

    def renew(self, character_id: int) -> None:
        """A new link for `character_id`: the old token is dropped from the server at once
        (its devices get "bye")."""
        from desktop.share.tokens import new_token

        self.tokens[character_id] = new_token()
        self._remember_tokens()
        if self.server is not None:
            from desktop.share.server import RENEWED

            self.server.set_tokens(self._server_tokens(), {character_id: RENEWED})
            # A damaged record is told as after any change; the new link waits for the next.
            guarded_call(self, lambda: self._publish_one(character_id))
        self._fill_window()

    def rolls_allowed(self, character_id: int) -> bool:
        """Whether the GM lets `character_id`'s player roll from their phone (view only
        by default), as remembered with the campaign's sharing."""
        from desktop.views.player import rolls_allowed

        return self.session is not None and character_id in rolls_allowed(self.session.campaign)

    def allow_rolls(self, character_id: int, allowed: bool) -> None:
        """Let `character_id`'s player roll from their phone, or set their page back to
        view only; remembered with the campaign (not an undo step)."""
        if self.session is None or self.session.read_only:
            return
        remembered = self.session.campaign.sharing()
        rolls = remembered.get("rolls")
        kept = {cid for cid in rolls if isinstance(cid, int)} if isinstance(rolls, list) else set()
        wanted = kept | {character_id} if allowed else kept - {character_id}
        self.session.campaign.remember_sharing({**remembered, "rolls": sorted(wanted)})
        if self.window is not None:
            self.window.set_players(self.player_links())
        # A page set back to view only is no longer asked to roll; who may be asked changed.
        self.asks.keep_only({cid for cid in self.asks.asked() if self._may_ask(cid)})

    def roll_timing(self) -> str:
        """When players may roll from their phones: "whenever" (the default) or
        "turn_order" (on their character's turn, or when the GM asked), as remembered with
        the campaign's sharing."""
        if self.session is None:
            return ROLL_WHENEVER
        return str(self.session.campaign.sharing().get("roll_timing", ROLL_WHENEVER))

    def set_roll_timing(self, timing: str) -> None:
        """Remember when players may roll from their phones (one of ROLL_TIMINGS); not an
        undo step. Every page is told (it says whether rolls wait for turns)."""
        if self.session is None or self.session.read_only or timing not in ROLL_TIMINGS:
            return
        remembered = self.session.campaign.sharing()
        self.session.campaign.remember_sharing({**remembered, "roll_timing": timing})
        if self.window is not None:
            self.window.set_roll_timing(timing)

    def ask_to_roll(self, character_id: int) -> bool:
        """Ask `character_id`'s player to roll from their phone (their page says so, and
        in turn order they may roll out of turn once); False when their page cannot roll."""
        return self.asks.ask(character_id)

    def _may_ask(self, character_id: int) -> bool:
        """Whether `character_id`'s page can roll now: shared, and the GM allows it."""
        session = self.session
        return (
            self.server is not None
            and session is not None
            and not session.read_only
            and character_id in self.tokens
            and self.rolls_allowed(character_id)
        )

    def _asks_changed(self) -> None:
        # The docks' "Ask … to roll" follow; the pages show the prompt (or no longer).
        if self.session is not None:
            self.session.roll_asks_changed.emit()
        if self.server is not None:
            self._post_hand_off()

    @guarded
    def _requested(self, character_id: int, request: PlayerRequest) -> None:
        """A player's request, on the Qt thread: made as the GM's own action would be,
        and the server told whether it was done (a refusal in the player's words)."""
        from desktop.share.messages import DeclareRequest, GiveRequest, RollRequest
        from desktop.ui.sharing.player_gifts import give_from_phone
        from desktop.ui.sharing.player_rolls import choose_from_phone, roll_from_phone
        from desktop.ui.sharing.player_turns import declare_from_phone

        server, session = self.server, self.session
        if server is None:
            return  # sharing stopped while the request was on its way: no page to tell
        if session is None or character_id not in self.tokens:
            server.answer(character_id, request.id, False, tr("This character is not shared."))
            return
        try:
            # What the request writes, the history tells as this player's.
            with session.campaign.acting_as(character_id):
                allowed = self.rolls_allowed(character_id)
                if isinstance(request, RollRequest):
                    asked = self.asks.is_asked(character_id)
                    refusal = roll_from_phone(session, character_id, request, allowed, asked=asked)
                    if refusal is None:
                        self.asks.cancel(character_id)  # the roll asked for has landed
                elif isinstance(request, DeclareRequest):
                    refusal = declare_from_phone(session, character_id, request, allowed)
                elif isinstance(request, GiveRequest):
                    refusal = give_from_phone(session, character_id, request, allowed)
                else:
                    refusal = choose_from_phone(session, character_id, request, allowed)
        except Exception:
            # The page hears even then (a request never waits forever); the GM is told
            # by the guard, as after any view's failure.
            could_not = (
                tr("GM Desk could not write that action.")
                if isinstance(request, DeclareRequest | GiveRequest)
                else tr("GM Desk could not make that roll.")
            )
            server.answer(character_id, request.id, False, could_not)
            raise
        server.answer(character_id, request.id, refusal is None, refusal or "")
        if refusal is not None:
            # A fresh view with the refusal: a page that raced the GM (or another of its
            # devices) shows what is there now.
            guarded_call(self, lambda: self._publish_one(character_id))

    # -- the window -----------------------------------------------------------------------

    def open_window(self) -> SharingWindow:
        if self.window is None:
            from desktop.ui.sharing.window import SharingWindow

            window = SharingWindow(self.gm_window)
            window.start_requested.connect(self._start_asked)
            window.stop_requested.connect(self.stop)
            window.renew_requested.connect(self.renew)
            window.rolls_requested.connect(self.allow_rolls)
            window.timing_requested.connect(self.set_roll_timing)
            window.finished.connect(self._window_closed)
            self.window = window
            self._fill_window()
        self.window.show()
        self.window.raise_()
        self.window.activateWindow()
        return self.window

    def close_window(self) -> None:
        if self.window is not None:
            self.window.close()

    def _window_closed(self) -> None:
        window, self.window = self.window, None
        if window is not None:
            window.deleteLater()

    def _start_asked(self, host: str, port: int) -> None:
        try:
            self.start(host, port)
        except SharingRefused as refused:
            if self.window is not None:
                self.window.show_error(str(refused))

    def _fill_window(self) -> None:
        if self.window is None:
            return
        remembered = (
            self.session.campaign.sharing()
            if self.session is not None
            else {"host": "", "port": DEFAULT_PORT}
        )
        addresses = self.addresses()
        host = str(remembered["host"]) or (addresses[0].host if addresses else "")
        port = int(str(remembered["port"])) or DEFAULT_PORT
        self.window.set_addresses(addresses, host, port)
        self.window.set_running(None if self.server is None else self.server.url_base)
        self.window.set_players(self.player_links())
        self.window.set_roll_timing(self.roll_timing())
        self._show_connections()
        if self.address_problem is not None:  # set_running hid it: still true
            self.window.show_error(self.address_problem)

    def player_links(self) -> list[PlayerLink]:
        from desktop.ui.sharing.window import PlayerLink
        from desktop.views.player import player_characters

        if self.session is None:
            return []
        base = None if self.server is None else self.server.url_base
        return [
            PlayerLink(
                cid,
                name,
                None if base is None or cid not in self.tokens else f"{base}/p/{self.tokens[cid]}",
                self.rolls_allowed(cid),
            )
            for cid, name in player_characters(self.session.campaign)
        ]

    def shared_links(self) -> list[dict[str, str]]:
        """[{"name", "link"}] of every player character with a link (the smoke test's)."""
        return [
            {"name": player.name, "link": player.link}
            for player in self.player_links()
            if player.link is not None
        ]

    def _show_connections(self) -> None:
        if self.window is not None and self.server is not None:
            self.window.set_connections(self.server.connections())
        elif self.window is not None:
            self.window.set_connections(())

    # -- store changes --------------------------------------------------------------------

    @guarded
    def _changed(self, topic: str) -> None:
        from desktop.store import Topic
        from desktop.views.topics import PLAYER_TOPICS

        if topic == Topic.CHARACTERS:
            self._forget_gone_characters()
        if self.server is None:
            if topic == Topic.CHARACTERS and self.window is not None:
                self.window.set_players(self.player_links())  # names shown, no links yet
            return
        if topic == Topic.CHARACTERS and self._sync_tokens():
            self._remember_tokens()
            self._fill_window()
            self.asks.keep_only({cid for cid in self.asks.asked() if self._may_ask(cid)})
        elif topic == Topic.CHARACTERS and self.window is not None:
            self.window.set_players(self.player_links())  # a renamed character
        if topic in PLAYER_TOPICS:
            self._post_hand_off()

    def _all_ones_changed(self) -> None:
        # An all-ones roll waits for (or no longer waits for) its player's choice, or a
        # conflict's sides changed: not a store change, but the pages show them.
        if self.server is not None:
            self._post_hand_off()

    def _post_hand_off(self) -> None:
        if not self._hand_off_posted:
            self._hand_off_posted = True
            QCoreApplication.postEvent(
                self, QEvent(self._hand_off_event), Qt.EventPriority.HighEventPriority.value
            )

    def event(self, event: QEvent) -> bool:
        if event.type() == self._hand_off_event:
            self._hand_off_posted = False
            self._publish_change()
            return True
        return super().event(event)

    @guarded
    def _publish_change(self) -> None:
        """After a change: the pages keep what they showed when a record is damaged (the
        GM is told once, as by every view)."""
        self.publish_all()

    def publish_all(self) -> None:
        """Hand every shared character's view to the server (built here, on the Qt thread)."""
        from desktop.views.player import payload, player_views

        if self.server is None or self.session is None:
            return
        held: set[int] = set()
        for character_id, view in player_views(self.session.campaign).items():
            if character_id in self.tokens:
                self._hand_pictures(character_id, view.handouts)
                held.update(h.handout_id for h in view.handouts if h.image)
                self.server.publish(
                    character_id, self._with_live_state(character_id, payload(view))
                )
        # A picture taken back leaves the cache with the last page that held it.
        self._pictures = {key: value for key, value in self._pictures.items() if key in held}

    def _publish_one(self, character_id: int) -> None:
        from desktop.views.player import payload, player_view

        if self.server is not None and self.session is not None:
            built = player_view(self.session.campaign, character_id)
            self._hand_pictures(character_id, built.handouts)
            view = payload(built)
            self.server.publish(character_id, self._with_live_state(character_id, view))

    def _hand_pictures(self, character_id: int, handouts: tuple[HandoutView, ...]) -> None:
        """The pictures of the image handouts in a page's view, handed to the server
        before the view (so a page never asks for one the server does not hold yet)."""
        from desktop.views.handouts import picture_type

        assert self.server is not None and self.session is not None
        pictures: dict[int, tuple[bytes, str]] = {}
        for handout in handouts:
            if not handout.image:
                continue
            if handout.handout_id not in self._pictures:
                data = self.session.campaign.handouts.image(handout.handout_id)
                if data is None:
                    continue
                self._pictures[handout.handout_id] = (data, picture_type(handout.image_format))
            pictures[handout.handout_id] = self._pictures[handout.handout_id]
        self.server.set_images(character_id, pictures)

    def _with_live_state(self, character_id: int, view: dict[str, object]) -> dict[str, object]:
        """The page's view with what the window holds and the store does not: the all-ones
        choice waiting for its character, if any (held by the session), and whether the
        GM asked its player to roll (held here)."""
        from desktop.views.all_ones import all_ones_data

        asked = self.asks.is_asked(character_id)
        live = {**view, "asked_to_roll": asked, "conflict": self._conflict_of(character_id)}
        waiting = self.session.all_ones if self.session is not None else None
        if waiting is None or waiting.character_id != character_id:
            return {**live, "all_ones": None}
        return {**live, "all_ones": all_ones_data(waiting.roll)}

    def _conflict_of(self, character_id: int) -> dict[str, object] | None:
        """{"against": the other side, "ready": whether this side's tray holds dice}
        while `character_id` is a side of the conflict waiting for its roll on the Dice
        Table: another player's character by name, an NPC or a challenge only as "your
        opponent" (their names stay the GM's). "ready" lets a page that filled its tray
        say it waits for the other side (the view's dice do not say what is in a tray)."""
        from desktop.views.player import player_characters

        host = self.session.conflict_host if self.session is not None else None
        sides = host.open_sides() if host is not None else None
        if self.session is None or sides is None or character_id not in sides:
            return None
        other = sides[1] if sides[0] == character_id else sides[0]
        campaign = self.session.campaign
        names = dict(player_characters(campaign))
        ready = any(die.in_tray for die in campaign.kit.dice(character_id))
        against = names[other] if other in names else tr("your opponent")
        return {"against": against, "ready": ready}

    # -- tokens ---------------------------------------------------------------------------

    def _sync_tokens(self) -> bool:
        """One token per player character (new ones for new characters, none for removed
        ones), handed to the server; whether they changed. A removed character's pages
        are told it is no longer shared, not that its link was renewed."""
        from desktop.share.tokens import new_token
        from desktop.views.player import player_characters

        assert self.session is not None
        ids = [cid for cid, _name in player_characters(self.session.campaign)]
        wanted = {cid: self.tokens.get(cid) or new_token() for cid in ids}
        changed = wanted != self.tokens
        removed = set(self.tokens) - set(wanted)
        self.tokens = wanted
        if self.server is not None:
            from desktop.share.server import NO_LONGER_SHARED

            reasons = dict.fromkeys(removed, NO_LONGER_SHARED)
            self.server.set_tokens(self._server_tokens(), reasons)
        return changed

    def _forget_gone_characters(self) -> None:
        """Drop the remembered link and rolls permission of every character that is no
        longer a player's (deleted, or made an NPC), shared or not: the store gives the
        next character made the id of the last one deleted, which would inherit them (the
        old link showing the newcomer's page and acting for it). Back, it is view only
        with a new link."""
        from desktop.views.player import player_characters

        session = self.session
        if session is None or session.read_only:
            return
        players = {cid for cid, _name in player_characters(session.campaign)}
        remembered = session.campaign.sharing()
        tokens, rolls = remembered.get("tokens"), remembered.get("rolls")
        kept_tokens = {
            key: token
            for key, token in (tokens.items() if isinstance(tokens, Mapping) else ())
            if str(key).isdigit() and int(key) in players
        }
        kept_rolls = [cid for cid in rolls if cid in players] if isinstance(rolls, list) else []
        if kept_tokens != tokens or kept_rolls != rolls:
            session.campaign.remember_sharing(
                {**remembered, "tokens": kept_tokens, "rolls": kept_rolls}
            )

    def _server_tokens(self) -> dict[str, int]:
        return {token: cid for cid, token in self.tokens.items()}

    def _stored_tokens(self) -> dict[str, str]:
        return {str(cid): token for cid, token in self.tokens.items()}

    def _remember_tokens(self) -> None:
        if self.session is not None and not self.session.read_only:
            remembered = self.session.campaign.sharing()
            self.session.campaign.remember_sharing({**remembered, "tokens": self._stored_tokens()})

    # -- the server -----------------------------------------------------------------------

    def _stop_server(self) -> None:
        server, self.server = self.server, None  # a hand-off still posted finds no server
        if server is not None:
            server.stop()
        self._shown_running()

    def check_address(self) -> None:
        """While sharing: say so, in the window and the status bar, when the shared address
        is no longer the machine's (and take the words back when it returns)."""
        host = self.shared_host
        if self.server is None or host is None:
            return
        problem = None if still_present(host, self.addresses()) else address_gone(host)
        if problem == self.address_problem:
            return
        self.address_problem = problem
        self._show_status()
        if self.window is not None:
            self.window.show_error(problem)

    def _show_status(self) -> None:
        if self.server is not None:
            running = tr("Sharing with players at {address}").format(address=self.server.url_base)
            self.status.setText(self.address_problem or running)

    def _shown_running(self) -> None:
        running = self.server is not None
        if running:
            self._asks_changed()  # who may be asked changed with sharing
        else:
            self.asks.clear()  # no page to ask
        if running:
            self.address_watch.start()
        else:
            self.address_watch.stop()
            self.shared_host = None
            self.address_problem = None
        self._show_status()
        self.status.setVisible(running)
        self._update_action()
        if self.window is not None:
            self._fill_window()
        self.running_changed.emit(running)

    def _update_action(self) -> None:
        writable = self.session is not None and not self.session.read_only
        self.action.setEnabled(writable)
        running = self.server is not None
        if self.action.isChecked() != running:
            self.action.blockSignals(True)
            self.action.setChecked(running)
            self.action.blockSignals(False)
