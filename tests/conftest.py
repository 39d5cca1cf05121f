"""Shared fixtures. Qt runs offscreen; every test gets its own data folder and settings."""

from __future__ import annotations

import os
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest

# Before any Qt import: the tests never need a screen.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# And the window in English, the source text the tests assert, whatever the language of
# the machine they run on (View > Language follows the system's by default).
os.environ["LANGUAGE"] = "en"
os.environ["LC_ALL"] = "C.UTF-8"


@pytest.fixture(autouse=True)
def gm_desk_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Keep every test's data and settings out of the real user's folders."""
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("GM_DESK_HOME", str(home))
    return home


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    folder.mkdir()
    return folder


@pytest.fixture
def campaign_path(tmp_path: Path) -> Path:
    return tmp_path / "campaigns" / "Test Campaign.gmdesk"


@pytest.fixture
def campaign(campaign_path: Path, data_dir: Path) -> Iterator[object]:
    from desktop.store import Campaign

    campaign_path.parent.mkdir(parents=True, exist_ok=True)
    opened = Campaign.create(campaign_path, data_dir=data_dir, start_date=date(2026, 3, 1))
    yield opened
    opened.close()
