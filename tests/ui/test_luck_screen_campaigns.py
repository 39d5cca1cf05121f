"""The player display's luck screen when the GM opens another campaign while the first
one's luck is still being judged (issue 33 under review)."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from PySide6.QtCore import QThreadPool
from pytestqt.qtbot import QtBot

from desktop.store import Campaign
from desktop.ui.player_display.luck_screen import LuckScreen
from desktop.views import players_luck as views_module
from desktop.views.players_luck import PlayersLuck, judge_players
from desktop.views.players_rolls import PlayersRolls
from desktop.views.tray_luck import TrayOddsCache
from tests.views.test_players_luck import roll


def _one_game(campaign: Campaign, pc: str) -> None:
    character = campaign.roster.add(pc, "pc").id
    campaign.games.start()
    for _ in range(5):
        roll(campaign, character, (6, 6))
    campaign.games.finish()


def test_another_campaigns_luck_never_reaches_the_players_screen(
    campaign: Campaign, data_dir: Path, tmp_path: Path, qtbot: QtBot,
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    _one_game(campaign, "Ashes' Kara")
    other = Campaign.create(tmp_path / "Other.gmdesk", data_dir=data_dir)
    _one_game(other, "Brightwater's Tam")
    gate = threading.Event()

    def judge(read: PlayersRolls, cache: TrayOddsCache) -> PlayersLuck:
        if any("Ashes" in name for _, name in read.names):
            gate.wait(10)  # the first campaign's judging is still under way
        return judge_players(read, cache)

    monkeypatch.setattr(views_module, "judge_players", judge)
    pool = QThreadPool()
    screen = LuckScreen(pool)
    qtbot.addWidget(screen)
    shown: list[tuple[str, ...]] = []
    monkeypatch.setattr(screen, "show_lines", lambda lines, name: shown.append(tuple(lines)))
    screen.refresh(campaign)
    screen.refresh(other)  # the GM opened another campaign meanwhile
    gate.set()
    qtbot.waitUntil(lambda: screen.luck is not None and not screen.busy)
    assert screen.luck is not None and "Tam" in screen.luck.body()
    assert not any("Kara" in line for lines in shown for line in lines)
    pool.waitForDone()
    other.close()
