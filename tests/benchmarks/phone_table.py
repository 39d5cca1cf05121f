"""The GM's side for the phone benchmarks: the real window on the sample campaign (and
more player characters, to 8), sharing on 127.0.0.1 with rolls allowed from every
phone, its Dice Table shown; and what the pages pick to roll from the views they hold.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from desktop.paths import resources_dir
from desktop.store import Campaign, ensure_sample_campaign
from desktop.ui.docks.dice_table import DiceTableWidget
from desktop.ui.main_window import MainWindow
from desktop.ui.session import CampaignSession
from desktop.ui.settings import Settings
from desktop.ui.sharing.addresses import loopback_address
from desktop.views.player import player_characters

PAGES = 8


@dataclass
class PhoneTable:
    """The window, its session and Dice Table, and each page's link with its character
    (in the order of `links`)."""

    window: MainWindow
    session: CampaignSession
    table: DiceTableWidget
    links: list[str]
    characters: list[int]


def turn() -> None:
    """One turn of the GUI's event loop (the test's thread stands for it)."""
    QApplication.processEvents()


@contextmanager
def phone_table(folder: Path, data_dir: Path, dice_of_new: int = 10) -> Iterator[PhoneTable]:
    """The sample campaign shared with 8 pages' links, every player allowed to roll;
    the characters added to make 8 have `dice_of_new` d6 each."""
    path = ensure_sample_campaign(data_dir, resources_dir())
    campaign = Campaign.open(path, data_dir=data_dir)
    for number in range(PAGES - len(player_characters(campaign))):
        player = campaign.roster.add(f"Player {number + 1}", "pc")
        campaign.kit.add_dice(player.id, 6, count=dice_of_new)
    campaign.close()
    settings = Settings(QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat))
    window = MainWindow(settings, data_dir)
    window.sharing.addresses = lambda: (loopback_address(),)
    window.resize(1366, 768)
    window.show()
    try:
        assert window.open_campaign(path, interactive=False)
        deadline = time.perf_counter() + 60
        while not window.is_ready() and time.perf_counter() < deadline:
            turn()
        session = window.session
        assert session is not None
        session.rng = random.Random(30)
        window.sharing.start("127.0.0.1", 0)
        shared = window.sharing.player_links()
        for player in shared:
            window.sharing.allow_rolls(player.character_id, True)
        window.sharing.publish_all()  # the pages open on views that let them roll
        links = [player.link for player in shared if player.link is not None]
        assert len(links) == PAGES
        table = dice_table(window)
        yield PhoneTable(window, session, table, links, [p.character_id for p in shared])
    finally:
        window.sharing.stop()
        window.sharing.close_window()
        window.close()
        turn()
        window.deleteLater()


def dice_table(window: MainWindow) -> DiceTableWidget:
    """The window's Dice Table, shown (its tumble is what the GM sees of a roll)."""
    for panel in window.panels:
        if panel.name == "diceTable":
            panel.show()
            panel.raise_()
            widget = panel.content()
            assert isinstance(widget, DiceTableWidget)
            return widget
    raise AssertionError("the window has no Dice Table")


def pickable(view: Mapping[str, Any]) -> list[int]:
    """The dice a page offers to pick: its character's ordinary dice in the pool."""
    return [
        die["id"]
        for die in view["dice"]
        if die["kind"] == "ordinary" and die["place"] == "pool" and not die.get("item")
    ]


def roll_frame(request_id: str, view: Mapping[str, Any], count: int) -> dict[str, object] | None:
    """The roll request a page sends for `count` of its pool dice (None: too few)."""
    dice = pickable(view)[:count]
    if len(dice) < count:
        return None
    seen = view["character"]["rolls"]
    return {"type": "roll", "id": request_id, "dice": dice, "traits": [], "steps": {}, "seen": seen}


def choose_frame(request_id: str, view: Mapping[str, Any]) -> dict[str, object] | None:
    """The all-ones choice a page makes when its view offers one: keep the die the rules
    suggest (None: no choice waits for it)."""
    waiting = view.get("all_ones")
    if not isinstance(waiting, dict):
        return None
    return {"type": "choose", "id": request_id, "keep": waiting["keep"]}


def wait_until(
    done: Callable[[], bool], pages_changed: Any, timeout: float = 10.0, what: str = ""
) -> None:
    """Turn the GUI's loop until `done()`, sleeping on the pages' condition between
    turns (a page's frame wakes it at once)."""
    deadline = time.perf_counter() + timeout
    while not done():
        if time.perf_counter() > deadline:
            raise AssertionError(f"still waiting after {timeout} s: {what}")
        with pages_changed:
            pages_changed.wait(0.001)
        turn()
