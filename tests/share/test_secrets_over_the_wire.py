"""Secrets stay in the GM's app, over the wire (issue 29): the GM's real window shares a
campaign with a secret in every table and field a player may not see
(tests/views/secret_campaign.py); every player connects with their own link, and every
frame received, every page file and every die picture fetched is searched for them.

The Qt event loop runs between the socket reads (qtbot.wait): the controller publishes
from it after each change the GM makes, as in the app.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from pytestqt.qtbot import QtBot

from desktop.actions.dice import roll_tray
from desktop.ui.dice_commands import AddDice, RollTray
from tests.actions.conftest import in_tray
from tests.share.gm_sharing import Sharing, gm_sharing
from tests.ui.scripted import ScriptedRng
from tests.views.secret_campaign import (
    BRYN_NUMBERS,
    GM_NUMBERS,
    MARKS,
    SECRET,
    leaks,
    secret_campaign,
)

PAGE_FILES = ("/static/player.html", "/static/player.js", "/static/player.css")


@pytest.fixture
def shared(qtbot: QtBot, tmp_path: Path, data_dir: Path) -> Iterator[Sharing]:
    with gm_sharing(qtbot, tmp_path, data_dir, secret_campaign) as sharing:
        yield sharing


@pytest.fixture
def loop() -> Iterator[asyncio.AbstractEventLoop]:
    made = asyncio.new_event_loop()
    yield made
    made.close()


def arts(value: object) -> set[str]:
    """Every die picture a view names."""
    if isinstance(value, dict):
        found = {str(value["art"])} if "art" in value else set()
        return found.union(*(arts(item) for item in value.values()))
    if isinstance(value, list):
        return set().union(*(arts(item) for item in value))
    return set()


class Player:
    """One player's phone: its socket and every text frame it got."""

    def __init__(self, name: str, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.name = name
        self.ws = ws
        self.frames: list[str] = []

    async def read(self, quiet: float = 0.3) -> None:
        """Every frame that comes until the socket has been quiet for `quiet` s."""
        while True:
            try:
                message = await self.ws.receive(timeout=quiet)
            except TimeoutError:
                return
            if message.type != aiohttp.WSMsgType.TEXT:
                return
            self.frames.append(message.data)

    def views(self) -> list[dict[str, Any]]:
        decoded = [json.loads(frame) for frame in self.frames]
        return [frame["view"] for frame in decoded if frame.get("type") == "view"]


async def join(
    session: aiohttp.ClientSession, origin: str, name: str, token: str, path: str | None = None
) -> Player:
    ws = await session.ws_connect(
        f"{origin}{path or '/ws/' + token}", headers={"Origin": origin}, autoping=True
    )
    await ws.send_str(json.dumps({"type": "hello", "version": None}))
    return Player(name, ws)


def gm_plays(qtbot: QtBot, shared: Sharing) -> None:
    """The GM changes what both players see: a roll for Kara, dice for Bryn."""
    session, campaign = shared.session, shared.campaign
    kara, bryn = shared.ids["kara"], shared.ids["bryn"]
    pool = [d for d in campaign.kit.dice(kara) if d.place == "pool" and not d.item_id][:2]
    roll = roll_tray(in_tray(campaign, pool), 0, ScriptedRng([6, 2]))
    assert session.push(RollTray(session, campaign.roster.get(kara), roll, steps_allowed=0))
    assert session.push(AddDice(session, bryn, 10, count=1))
    qtbot.wait(100)  # the controller publishes from the Qt event loop


async def fetch_text(session: aiohttp.ClientSession, origin: str, path: str) -> str:
    async with session.get(f"{origin}{path}", headers={"Origin": origin}) as response:
        assert response.status == 200, path
        return await response.text()


async def read_every(players: list[Player]) -> None:
    for player in players:
        await player.read()


def players_of(shared: Sharing) -> dict[int, str]:
    return {shared.ids["kara"]: "Kara Voss", shared.ids["bryn"]: "Bryn"}


def test_no_secret_reaches_any_player_over_the_wire(
    qtbot: QtBot, shared: Sharing, loop: asyncio.AbstractEventLoop
) -> None:
    origin, links, tokens = shared.origin, shared.links(), shared.tokens()
    assert sorted(links) == ["Bryn", "Kara Voss"]  # no NPC or challenge gets a link
    session = aiohttp.ClientSession(loop=loop)
    try:
        players = [
            loop.run_until_complete(join(session, origin, name, tokens[cid]))
            for cid, name in players_of(shared).items()
        ]
        loop.run_until_complete(read_every(players))
        gm_plays(qtbot, shared)  # Qt turns between two reads: the controller publishes
        loop.run_until_complete(read_every(players))
        pages = ("/", *(link[len(origin) :] for link in links.values()), *PAGE_FILES)
        files = {path: loop.run_until_complete(fetch_text(session, origin, path)) for path in pages}
        named = set().union(*(arts(view) for player in players for view in player.views()))
        for art in named:
            path = f"/static/dice/{art}"
            files[path] = loop.run_until_complete(fetch_text(session, origin, path))
        for player in players:
            loop.run_until_complete(player.ws.close())
    finally:
        loop.run_until_complete(session.close())

    for player in players:
        views = player.views()
        assert len(views) >= 2, player.name  # the first view and the GM's changes
        assert {view["character"]["name"] for view in views} == {player.name}
        text = "\n".join(player.frames)
        others = tuple(mark for who, mark in MARKS.items() if who != player.name)
        numbers = GM_NUMBERS + (BRYN_NUMBERS if player.name != "Bryn" else ())
        assert leaks(text, (SECRET, *others), numbers) == [], player.name
        assert MARKS[player.name] in text.casefold()  # the control: the search finds text
    kara = next(player for player in players if player.name == "Kara Voss")
    assert kara.views()[-1]["last_roll"]["total"] == 8  # the GM's roll reached her
    assert len(named) >= 3, named
    for path, text in files.items():
        assert leaks(text, (SECRET, *MARKS.values()), GM_NUMBERS + BRYN_NUMBERS) == [], path


def test_a_players_socket_never_gets_another_characters_view(
    qtbot: QtBot, shared: Sharing, loop: asyncio.AbstractEventLoop
) -> None:
    """Bryn's phone asks for Kara in every way a page could: her id or token in its hello,
    her token after his in the path or the query, a forged token; it only ever gets
    Bryn's own view, and a forged link gets no view at all."""
    origin, tokens = shared.origin, shared.tokens()
    kara, bryn = shared.ids["kara"], shared.ids["bryn"]
    kara_token, bryn_token = tokens[kara], tokens[bryn]
    session = aiohttp.ClientSession(loop=loop)
    try:
        phones = [
            loop.run_until_complete(join(session, origin, "Bryn", bryn_token, path))
            for path in (
                None,
                f"/ws/{bryn_token}?token={kara_token}",
                f"/ws/{bryn_token}?character={kara}",
            )
        ]
        for phone in phones:
            asks = (
                {"type": "hello", "version": None, "token": kara_token, "character": kara},
                {"type": "resync", "token": kara_token, "character_id": kara},
            )
            for ask in asks:
                loop.run_until_complete(phone.ws.send_str(json.dumps(ask)))
        forged = kara_token[:-1] + ("a" if kara_token[-1] != "a" else "b")
        impostor = loop.run_until_complete(join(session, origin, "nobody", forged))
        loop.run_until_complete(read_every([*phones, impostor]))
        gm_plays(qtbot, shared)
        loop.run_until_complete(read_every([*phones, impostor]))
        for phone in phones:
            loop.run_until_complete(phone.ws.close())
    finally:
        loop.run_until_complete(session.close())

    bryn_dice = len(shared.campaign.kit.dice(bryn))
    for phone in phones:
        views = phone.views()
        assert len(views) >= 2  # his first view and the GM's change (his new d10)
        assert {view["character"]["name"] for view in views} == {"Bryn"}
        text = "\n".join(phone.frames).casefold()
        assert "karaonly" not in text and "brynonly" in text  # her sabre, his shield
        assert len(views[-1]["dice"]) == bryn_dice  # his kit, with the GM's new d10
    assert impostor.views() == []
    assert [json.loads(frame)["type"] for frame in impostor.frames] == ["bye"]
