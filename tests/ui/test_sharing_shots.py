"""The sharing window as a GM sees it on a 1366 x 768 laptop with four players, light
and dark: every row's QR code drawn and readable against the page, the window within
the screen. The pictures are kept when GM_DESK_SHOTS names a folder (to look at)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from datetime import UTC, date, datetime
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QApplication, QLabel
from pytestqt.qtbot import QtBot

from desktop.store import Campaign
from desktop.ui.main_window import MainWindow
from desktop.ui.settings import Settings
from desktop.ui.sharing.addresses import Address
from desktop.ui.sharing.window import SharingWindow
from desktop.ui.theme import apply_theme
from tests.ui.sharing_doubles import FakeServers

PLAYERS = ("Kara Voss", "Ilse Marr", "Tomas Reyne", "Odile Fenwick-Harrowgate")


@pytest.fixture
def four_players(
    qtbot: QtBot,
    qapp: QApplication,
    settings_path: Path,
    campaign_path: Path,
    data_dir: Path,
) -> Iterator[tuple[MainWindow, FakeServers]]:
    campaign_path.parent.mkdir(parents=True, exist_ok=True)
    campaign = Campaign.create(campaign_path, data_dir=data_dir, start_date=date(2026, 3, 1))
    for name in PLAYERS:
        campaign.roster.add(name, "pc")
    campaign.close()
    servers = FakeServers()
    settings = Settings(QSettings(str(settings_path), QSettings.Format.IniFormat))
    window = MainWindow(settings, data_dir, share_server=servers, share_files=dict)
    window.sharing.addresses = lambda: (
        Address("Ethernet (enp3s0) — 192.168.1.20", "192.168.1.20", False),
        Address("This computer only (127.0.0.1)", "127.0.0.1", True),
    )
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    assert window.open_campaign(campaign_path, interactive=False)
    yield window, servers
    window.close()
    apply_theme(qapp, "system")  # the next test's window on the scheme it expects
    QApplication.processEvents()


def _dark_share(image: QImage) -> float:
    """How much of a picture is dark: a QR code is about half dark modules."""
    dark = 0
    step = 3
    total = 0
    for y in range(0, image.height(), step):
        for x in range(0, image.width(), step):
            total += 1
            dark += QColor(image.pixel(x, y)).lightness() < 100
    return dark / total


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_window_with_four_players_fits_a_laptop(
    four_players: tuple[MainWindow, FakeServers],
    qapp: QApplication,
    qtbot: QtBot,
    tmp_path: Path,
    scheme: str,
) -> None:
    gm, servers = four_players
    apply_theme(qapp, scheme)
    gm.sharing.action.trigger()
    window = gm.sharing.window
    assert isinstance(window, SharingWindow)
    since = datetime(2026, 3, 1, 19, 30, tzinfo=UTC)
    servers.last.connect_device(gm.sharing.player_links()[0].character_id, since)
    qtbot.waitUntil(lambda: "since" in window.rows[next(iter(window.rows))].connected.text())
    QApplication.processEvents()

    assert window.width() <= 1366 and window.height() <= 768 - 60  # the panel's room
    assert [row.player.name for row in window.rows.values()] == list(PLAYERS)
    codes = [row.findChild(QLabel, "shareQr") for row in window.rows.values()]
    assert all(code is not None and not code.pixmap().isNull() for code in codes)
    for code in codes:
        assert code is not None
        share = _dark_share(code.pixmap().toImage())
        assert 0.3 < share < 0.7, share  # a code, not a blank or a black square
    # A label with a key (Alt+A, Alt+O, Alt+R) names its field: without a buddy Qt would show
    # the "&" as written and the key would reach nothing.
    keyed = [label for label in window.findChildren(QLabel) if "&" in label.text()]
    assert {label.buddy() for label in keyed} == {window.address, window.port, window.timing}
    # The first row is seen whole without scrolling; the rest are a scroll away.
    first = next(iter(window.rows.values()))
    assert first.visibleRegion().boundingRect().height() == first.height()

    folder = Path(os.environ.get("GM_DESK_SHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    assert window.grab().save(str(folder / f"sharing-4-players-{scheme}.png"))

    # Stopped: the codes give way to words, the address and port can be changed again.
    window.toggle.click()
    assert servers.last.stopped and window.address.isEnabled() and window.port.isEnabled()
    assert all(code is not None and code.pixmap().isNull() for code in codes)
    assert all("stopped" in code.text() for code in codes if code is not None)
    assert window.grab().save(str(folder / f"sharing-4-players-{scheme}-stopped.png"))
