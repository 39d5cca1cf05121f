"""Sharing for real on the loopback: the window's controller and the aiohttp server
together serve the join page and a player's page, and Stop sharing leaves no thread and
no port behind (issue 29)."""

from __future__ import annotations

import socket
import threading
import urllib.error
import urllib.request
from datetime import date
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from desktop.store import Campaign
from desktop.ui.main_window import MainWindow
from desktop.ui.settings import Settings
from desktop.ui.sharing.addresses import loopback_address


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def fetch(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as refused:
        return refused.code, b""


@pytest.mark.slow  # draws every die picture and starts a server
def test_sharing_on_the_loopback_serves_the_pages_and_stops_cleanly(
    qtbot: QtBot, settings_path: Path, campaign_path: Path, data_dir: Path
) -> None:
    campaign_path.parent.mkdir(parents=True, exist_ok=True)
    campaign = Campaign.create(campaign_path, data_dir=data_dir, start_date=date(2026, 3, 1))
    campaign.roster.add("Kara Voss", "pc")
    campaign.close()
    threads = set(threading.enumerate())
    window = MainWindow(
        Settings(QSettings(str(settings_path), QSettings.Format.IniFormat)), data_dir
    )
    window.sharing.addresses = lambda: (loopback_address(),)
    qtbot.addWidget(window)
    window.show()
    assert window.open_campaign(campaign_path, interactive=False)
    port = free_port()
    assert window.sharing.share_at("127.0.0.1", port)
    [kara] = window.sharing.shared_links()
    assert kara["name"] == "Kara Voss"
    status, page = fetch(kara["link"])
    assert status == 200 and b"<html" in page.lower()
    assert fetch(f"http://127.0.0.1:{port}/")[0] == 200
    assert fetch(kara["link"][:-4] + "xxxx")[0] in (403, 404)  # a wrong token: no page
    window.sharing.stop()
    with pytest.raises(OSError), socket.create_connection(("127.0.0.1", port), timeout=2):
        pass
    assert set(threading.enumerate()) <= threads  # the server's thread is gone
    window.sharing.close_window()
    window.close()
    QApplication.processEvents()
