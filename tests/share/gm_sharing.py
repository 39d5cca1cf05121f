"""The GM's real window sharing a campaign on 127.0.0.1: the real store, the real
controller (window.sharing) and the real ShareServer on its own thread, as a GM would
have them. Used by the browser tests and the secrets-over-the-wire test."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from desktop.store import Campaign
from desktop.ui.main_window import MainWindow
from desktop.ui.session import CampaignSession
from desktop.ui.settings import Settings
from desktop.ui.sharing.addresses import loopback_address
from desktop.views.player import payload, player_view


@dataclass
class Sharing:
    window: MainWindow
    ids: dict[str, int]  # what `fill` returned: names -> character ids

    @property
    def session(self) -> CampaignSession:
        assert self.window.session is not None
        return self.window.session

    @property
    def campaign(self) -> Campaign:
        return self.session.campaign

    @property
    def origin(self) -> str:
        server = self.window.sharing.server
        assert server is not None
        return server.url_base

    def links(self) -> dict[str, str]:
        """Character name -> its page's link, as the sharing window shows them."""
        return {shared["name"]: shared["link"] for shared in self.window.sharing.shared_links()}

    def tokens(self) -> dict[int, str]:
        return dict(self.window.sharing.tokens)

    def view(self, character_id: int) -> dict[str, object]:
        """What the controller publishes for the character now (plain data)."""
        return dict(payload(player_view(self.campaign, character_id)))


@contextmanager
def gm_sharing(
    qtbot: QtBot, folder: Path, data_dir: Path, fill: Callable[[Campaign], dict[str, int]]
) -> Iterator[Sharing]:
    """A campaign filled by `fill`, opened in a real MainWindow that shares it on
    127.0.0.1 at a port the system picks; sharing stops and the window closes after."""
    path = folder / "campaigns" / "Shared.gmdesk"
    path.parent.mkdir(parents=True, exist_ok=True)
    campaign = Campaign.create(path, data_dir=data_dir, start_date=date(2026, 3, 1))
    try:
        ids = fill(campaign)
    finally:
        campaign.close()
    settings = Settings(QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat))
    window = MainWindow(settings, data_dir)
    window.sharing.addresses = lambda: (loopback_address(),)
    qtbot.addWidget(window)
    window.show()
    try:
        assert window.open_campaign(path, interactive=False)
        assert window.sharing.share_at("127.0.0.1", 0)
        yield Sharing(window, ids)
    finally:
        window.sharing.stop()
        window.sharing.close_window()
        window.close()
        QApplication.processEvents()
