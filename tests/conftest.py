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
# GM_DESK_TEST_LANGUAGE=fr (or pseudo) runs the whole suite with the window in that
# language instead: a sweep for what breaks only when the shown words are not English
# (a .format() on a translation, a shown word compared or parsed). Most assertions of
# English text then fail, as they must; the others are the bugs looked for.
TEST_LANGUAGE = os.environ.get("GM_DESK_TEST_LANGUAGE", "")


@pytest.fixture(autouse=True)
def window_language_under_test(request: pytest.FixtureRequest) -> Iterator[None]:
    """With GM_DESK_TEST_LANGUAGE set, the application's window language for every
    test (given again to a test after one that took it away)."""
    if not TEST_LANGUAGE:
        yield
        return
    from desktop.ui.window_language import install_window_language, window_translator

    app = request.getfixturevalue("qapp")
    if window_translator().code != TEST_LANGUAGE:
        install_window_language(app, TEST_LANGUAGE)
    yield


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
