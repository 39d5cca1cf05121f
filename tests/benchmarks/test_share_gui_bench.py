"""A GM's roll with the players' pages live: the real window, store, sharing controller
and server on 127.0.0.1, and 8 pages (WebSocket clients on a thread of their own, one
per player character of the sample campaign and five more).

The roll is the Dice Table's: the rules pick two of Kara's pool dice (`quick_roll`) and
the RollTray undo command writes it through the session, as the table's quick roll
lands; the GUI's event loop then runs once (the controller's hand-off to the server).
Each roll is undone, untimed, before the next, so every roll starts from the same pool.

Targets (issue 29), measured in the same run:
- from the start of the roll until all 8 pages hold it: p95 at most 50 ms;
- the GUI thread's time for the roll and the event-loop turn that publishes, with
  sharing on and 8 pages, at most 1.3x the same roll with sharing off (the controller
  holding no server, as after Stop sharing), the two taking turns. A shared roll's
  time runs until the controller has handed every view over (one hand-off per change,
  posted to the event loop), however many turns that takes.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
from pytest_benchmark.fixture import BenchmarkFixture

from desktop.actions.dice import quick_roll
from desktop.paths import resources_dir
from desktop.share.server import Connection
from desktop.store import Campaign, CharacterRecord, ensure_sample_campaign
from desktop.ui.dice_commands import RollTray
from desktop.ui.main_window import MainWindow
from desktop.ui.session import CampaignSession
from desktop.ui.settings import Settings
from desktop.ui.sharing.addresses import loopback_address
from desktop.ui.sharing.controller import SharingServer
from desktop.views.player import player_characters
from tests.benchmarks.player_pages import PlayerPages
from tests.benchmarks.timing import alternating

PAGES = 8
ROLLS = 50
ROUNDS = 30
TARGET_P95_S = 0.050
TARGET_RATIO = 1.3


@dataclass
class Table:
    """The GM's window sharing the sample campaign on the loopback, and Kara to roll."""

    window: MainWindow
    session: CampaignSession
    kara: CharacterRecord
    links: list[str]

    def roll(self) -> None:
        """Two of Kara's dice, as the Dice Table's quick roll lands them (all ones asks
        the GM a question first: rolled again here)."""
        dice = self.session.campaign.kit.dice(self.kara.id)
        roll = quick_roll(dice, 2, self.session.rng)
        while roll.result.catastrophe:
            roll = quick_roll(dice, 2, self.session.rng)
        assert self.session.push(RollTray(self.session, self.kara, roll, steps_allowed=0))

    def undo_roll(self) -> bool:
        """The last roll undone, if there is one still done."""
        if not self.session.undo_stack.canUndo():
            return False
        self.session.undo_stack.undo()
        return True


class CountedHandOffs:
    """The real server, counting the views the controller hands it: the timed turn of a
    shared roll lasts until its hand-off is done, wherever the event loop puts it."""

    def __init__(self, server: SharingServer) -> None:
        self.server = server
        self.published = 0

    def start(self) -> int:
        return self.server.start()

    def stop(self) -> None:
        self.server.stop()

    def set_tokens(self, tokens: Mapping[str, int]) -> None:
        self.server.set_tokens(tokens)

    def publish(self, character_id: int, payload: Mapping[str, object]) -> int:
        self.published += 1
        return self.server.publish(character_id, payload)

    def set_images(self, character_id: int, pictures: Mapping[int, tuple[bytes, str]]) -> None:
        self.server.set_images(character_id, pictures)

    def connections(self) -> tuple[Connection, ...]:
        return self.server.connections()

    @property
    def url_base(self) -> str:
        return self.server.url_base


def _p95(samples: list[float]) -> float:
    return statistics.quantiles(samples, n=20)[-1]


def _turn() -> None:
    QApplication.processEvents()


@pytest.fixture
def table(tmp_path: Path, data_dir: Path, qapp: object) -> Iterator[Table]:
    path = ensure_sample_campaign(data_dir, resources_dir())
    campaign = Campaign.open(path, data_dir=data_dir)
    for number in range(PAGES - len(player_characters(campaign))):
        player = campaign.roster.add(f"Player {number + 1}", "pc")
        campaign.kit.add_dice(player.id, 6, count=10)
    campaign.close()
    settings = Settings(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    window = MainWindow(settings, data_dir)
    window.sharing.addresses = lambda: (loopback_address(),)
    window.resize(1366, 768)
    window.show()
    try:
        assert window.open_campaign(path, interactive=False)
        deadline = time.perf_counter() + 60
        while not window.is_ready() and time.perf_counter() < deadline:
            _turn()
        session = window.session
        assert session is not None
        session.rng = random.Random(29)
        window.sharing.start("127.0.0.1", 0)
        links = [player["link"] for player in window.sharing.shared_links()]
        assert len(links) == PAGES
        kara = next(c for c in session.campaign.roster.all() if c.name == "Kara Voss")
        yield Table(window, session, kara, links)
    finally:
        window.sharing.stop()
        window.sharing.close_window()
        window.close()
        _turn()
        window.deleteLater()


def test_a_gms_roll_reaches_8_pages(benchmark: BenchmarkFixture, table: Table) -> None:
    latencies: list[float] = []
    with PlayerPages(table.links) as pages:

        def settle() -> None:  # untimed: the last roll undone and held by every page
            before = pages.latest()
            if table.undo_roll():
                pages.wait_newer(before, _turn)

        def roll_to_pages() -> None:
            before = pages.latest()
            started = time.perf_counter()
            table.roll()
            _turn()  # the controller's hand-off
            held = pages.wait_newer(before, _turn)
            latencies.append(max(held) - started)

        for _ in range(3):  # warm up: the first roll loads SQLAlchemy, the first paint fonts
            settle()
            roll_to_pages()
        latencies.clear()
        benchmark.pedantic(roll_to_pages, setup=settle, rounds=ROLLS, warmup_rounds=0)
        settle()
    p50, p95 = statistics.median(latencies), _p95(latencies)
    benchmark.extra_info.update(p50_s=p50, p95_s=p95, rolls=len(latencies))
    print(
        f"\na GM's roll to all {PAGES} pages holding it: p50 {p50 * 1000:.1f} ms,"
        f" p95 {p95 * 1000:.1f} ms ({len(latencies)} rolls)"
    )
    assert len(latencies) == ROLLS
    assert p95 <= TARGET_P95_S


def test_a_roll_with_8_pages_against_none_on_the_gui_thread(
    benchmark: BenchmarkFixture, table: Table
) -> None:
    sharing = table.window.sharing
    assert sharing.server is not None
    server = CountedHandOffs(sharing.server)
    sharing.server = server
    with PlayerPages(table.links) as pages:
        # The versions the pages start from (the start of sharing hands each page its
        # view, and remembering the sharing setting is a change the pages follow too).
        pages.wait_newer([0] * PAGES, _turn)
        for _ in range(10):
            _turn()
        [base] = set(pages.latest())
        counted = server.published
        shared_rolls = [0]

        def rolled() -> None:  # timed: the roll and the event-loop turns to its hand-off
            handed = server.published
            table.roll()
            _turn()
            while sharing.server is not None and server.published == handed:
                _turn()
            shared_rolls[0] += sharing.server is not None

        def sharing_off() -> None:  # untimed: the shared roll undone, its pages caught up
            sharing.server = server
            handed = server.published
            if table.undo_roll():
                while server.published == handed:  # the undo's hand-off, then its arrival
                    _turn()
            pages.wait_holding(base + (server.published - counted) // PAGES, _turn)
            sharing.server = None  # as after Stop sharing: a change hands nothing over

        def sharing_on() -> None:  # untimed: the unshared roll undone (the pages never saw it)
            table.undo_roll()
            _turn()
            sharing.server = server

        for _ in range(3):  # warm up both
            sharing_off()
            rolled()
            sharing_on()
            rolled()
        try:
            _, off_s = alternating(
                benchmark,
                rolled,
                rolled,
                ROUNDS,
                before_plain=sharing_off,
                before_real=sharing_on,
            )
        finally:
            sharing.server = server
        sharing_off()
        sharing.server = server.server
        held = pages.latest()
    on_s = benchmark.stats.stats.median
    ratio = on_s / off_s
    benchmark.extra_info.update(off_s=off_s, on_s=on_s, ratio=ratio)
    print(
        f"\na roll on the GUI thread: sharing off {off_s * 1000:.1f} ms, with {PAGES} pages"
        f" {on_s * 1000:.1f} ms ({ratio:.2f}x)"
    )
    # Every shared roll and its undo handed each page's view over (the roll's in its own
    # timed turns: see rolled), and every page holds the last (`base` came at start).
    assert shared_rolls[0] > ROUNDS
    assert server.published - counted == 2 * PAGES * shared_rolls[0]
    assert held == [base + 2 * shared_rolls[0]] * PAGES
    assert ratio <= TARGET_RATIO
