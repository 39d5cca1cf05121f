"""Paint first (issue 19): the window shows its docks' titles, then the docks fill in,
a slice of the event loop at a time, the roster and the Dice Table first; nothing moves
when they do, and a plain start imports nothing it does not show."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QRect, QSettings
from pytestqt.qtbot import QtBot

from desktop.store import Campaign, CampaignRefused, list_backups
from desktop.ui.commands import AddCharacter
from desktop.ui.main_window import MainWindow
from desktop.ui.panel import Panel
from desktop.ui.session import CampaignSession
from desktop.ui.settings import Settings


def _shown(window: MainWindow) -> list[Panel]:
    """The docks on screen (a dock tabbed out of sight fills when its tab is chosen)."""
    return [panel for panel in window.panels if panel.is_on_screen()]


def test_the_docks_show_their_titles_then_fill_roster_and_dice_table_first(
    qtbot: QtBot, second_window: MainWindow, campaign_path: Path
) -> None:
    window = second_window
    filled: list[str] = []
    window.filler.panel_filled.connect(lambda panel: filled.append(panel.name))
    window.show_layout_before_opening()
    QCoreApplication.processEvents()
    assert not window.start_page.isVisible()
    assert window.campaign_label.text() == "Opening the campaign…"
    shown = _shown(window)
    assert {"roster", "diceTable", "play"} <= {panel.name for panel in shown}
    assert not any(panel.is_filled() for panel in shown)  # titles only, before the campaign
    assert not window.is_ready()

    assert window.open_campaign(campaign_path, interactive=False)
    assert not any(panel.is_filled() for panel in shown)  # none built before the paint
    qtbot.waitUntil(window.is_ready)
    assert filled[:2] == ["roster", "diceTable"]
    assert all(panel.is_filled() and panel.widget() is not None for panel in _shown(window))


def _opened_before_the_docks(window: MainWindow, campaign_path: Path) -> CampaignSession:
    """`campaign_path` opened in `window` as at a start: its layout shown first, the docks
    given the campaign but not yet filled."""
    window.show_layout_before_opening()
    window.show()
    QCoreApplication.processEvents()
    assert window.open_campaign(campaign_path, interactive=False)
    assert window.session is not None and not window.is_ready()
    return window.session


def test_the_backup_and_the_sweeps_of_an_opening_wait_for_the_docks(
    qtbot: QtBot, second_window: MainWindow, settings_path: Path, campaign_path: Path
) -> None:
    """Workers started while the docks fill would take turns with them for Python's
    lock: the backup of the campaign as opened and the leftover sweeps start once the
    docks on screen are filled (a window made as `desktop.app.main` makes it, nothing
    run between making it and showing its layout)."""
    second_window.close()
    settings = Settings(QSettings(str(settings_path), QSettings.Format.IniFormat))
    window = MainWindow(settings, second_window.data_dir)
    qtbot.addWidget(window)
    started: list[object] = []
    window.pool.start = lambda work: started.append(work)  # type: ignore[method-assign]
    _opened_before_the_docks(window, campaign_path)
    assert started == []
    qtbot.waitUntil(window.is_ready)
    qtbot.waitUntil(lambda: len(started) == 3)  # the backup, and both folders swept
    window.close()


def test_a_change_before_the_docks_are_filled_is_not_in_the_opening_backup(
    qtbot: QtBot, second_window: MainWindow, campaign_path: Path
) -> None:
    window = second_window
    session = _opened_before_the_docks(window, campaign_path)
    folder = session.campaign.backup_folder
    before = {backup.path for backup in list_backups(folder)}
    assert session.push(AddCharacter(session, "Kara", "pc"))  # before the docks: backed up first
    (opening,) = [backup for backup in list_backups(folder) if backup.path not in before]
    with Campaign.open(opening.path, data_dir=window.data_dir, read_only=True) as backup:
        assert backup.roster.all() == []
    qtbot.waitUntil(window.is_ready)
    window.pool.waitForDone()
    assert len(list_backups(folder)) == len(before) + 1  # none more once the docks are there


def test_nothing_moves_when_the_docks_fill_in(
    qtbot: QtBot, second_window: MainWindow, campaign_path: Path
) -> None:
    window = second_window
    window.show_layout_before_opening()
    QCoreApplication.processEvents()

    def places() -> dict[str, QRect]:
        return {panel.name: panel.geometry() for panel in _shown(window)}

    before = places()
    assert window.open_campaign(campaign_path, interactive=False)
    QCoreApplication.processEvents()
    assert places() == before
    qtbot.waitUntil(window.is_ready)
    QCoreApplication.processEvents()
    assert places() == before


def test_a_refused_campaign_brings_the_start_page_back(
    qtbot: QtBot, make_window: Callable[[], MainWindow], tmp_path: Path
) -> None:
    bogus = tmp_path / "bogus.gmdesk"
    bogus.write_bytes(b"\x00" * 4096)
    window = make_window()
    window.show_layout_before_opening()
    with pytest.raises(CampaignRefused):
        window.open_campaign(bogus, interactive=False)
    assert window.start_page.isVisible()
    assert window.campaign_label.text() == "No campaign open"
    assert not _shown(window)
    assert window.is_ready()  # nothing left waiting to be filled


def test_a_panel_without_a_filler_builds_when_shown(qtbot: QtBot) -> None:
    """Outside the window (a test, a dialog) a panel fills at once, as it always has."""
    from desktop.ui.docks.panels import RollLogPanel

    panel = RollLogPanel()
    qtbot.addWidget(panel)
    panel.show()
    assert panel.is_filled() and panel.widget() is not None


# Modules a plain start (the campaign last used, the Play workspace) never needs: the
# export and import, the printing of cards and sheets, and what only they load.
HEAVY = (
    "desktop.store.exchange",
    "desktop.store.sample",
    "desktop.printing.cards",
    "desktop.printing.sheets",
    "desktop.printing.layout",  # the card geometry: the command line reads printing.choices
    "desktop.ui.print_choice",
    "desktop.ui.help",
    "desktop.ui.player_display.window",  # the players' screen, until the GM opens it
    "desktop.ui.docks.energy_calendar",  # docks tabbed out of sight, until shown
    "desktop.ui.docks.faction_ladder",
    "desktop.ui.widgets.character_kit",  # the roster's other tabs, until opened
    "desktop.ui.widgets.downtime_sheet",
    # The areas the Play workspace does not show: their managers, records, checks and
    # rules are imported when a view or a command first reaches them.
    "desktop.rules.downtime",
    "desktop.rules.factions",
    "desktop.rules.syscards",
    "desktop.rules.energy",
    "desktop.store.downtime.records",
    "desktop.store.downtime.checks",
    "desktop.store.cards.rows",
    "desktop.store.calendar.rows",
    "desktop.store.cards.manager",
    "desktop.store.clocks.manager",
    # What only a conflict, File > Check Campaign or a repair needs.
    "desktop.ui.dice_table.conflict_box",
    "desktop.ui.dice_table.all_ones_choice",
    "desktop.ui.dice_table.menus",
    "desktop.ui.odds_worker",  # the tray is empty until the GM fills it
    "desktop.actions.conflict",
    "desktop.store.checkup",
    "html.parser",
    "pydantic",
    "alembic",
    # Sharing with the players' phones: only when the GM shares (issue 29).
    "aiohttp",
    "segno",
    "PySide6.QtNetwork",
    "desktop.share.server",
    "desktop.ui.sharing.window",
    "desktop.ui.share_art",
    # The plots (issue 33): pyqtgraph and numpy, when a statistics view first opens.
    "pyqtgraph",
    "numpy",
    "desktop.ui.plot_check",
)


@pytest.mark.slow  # two whole starts in their own processes
def test_a_plain_start_imports_no_heavy_module(gm_desk_home: Path) -> None:
    env = {**os.environ, "GM_DESK_HOME": str(gm_desk_home), "QT_QPA_PLATFORM": "offscreen"}
    script = (
        "import json, sys\n"
        "from desktop.app import main\n"
        "code = main(['--smoke-test'])\n"
        "print(json.dumps({'code': code, 'modules': sorted(sys.modules)}))\n"
    )

    def start() -> dict[str, object]:
        result = subprocess.run(
            [sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=120
        )
        assert result.returncode == 0, result.stderr
        return json.loads(result.stdout.strip().splitlines()[-1])

    start()  # the first run makes the sample campaign (through the import) and saves the layout
    report = start()
    assert report["code"] == 0
    modules = set(report["modules"])  # type: ignore[arg-type]
    assert "desktop.ui.docks.roster" in modules  # the docks were filled
    loaded = [name for name in HEAVY if name in modules]
    assert not loaded, f"a plain start imported {loaded}"


def test_a_panel_fills_in_three_slices(qtbot: QtBot, campaign_path: Path, data_dir: Path) -> None:
    """Importing the widget's module, building the widget, placing it with its campaign:
    each one turn of the event loop, so none makes the window wait for all three."""
    from desktop.ui.docks.panels import RollLogPanel

    panel = RollLogPanel()
    qtbot.addWidget(panel)
    assert panel.module == "desktop.ui.docks.roll_log"
    assert not panel.fill_step()
    assert panel.widget() is None  # imported, not yet built
    assert not panel.fill_step()
    assert not panel.is_filled()  # built, not yet placed
    assert panel.fill_step()
    assert panel.is_filled() and panel.widget() is panel.content()


def test_a_reserved_room_is_kept_until_the_view_is_placed(qtbot: QtBot) -> None:
    from desktop.ui.docks.panels import ClocksPanel

    panel = ClocksPanel()
    qtbot.addWidget(panel)
    panel.reserve(300, 200)
    room = panel.widget()
    assert room is not None and (room.minimumWidth(), room.minimumHeight()) == (300, 200)
    view = panel.content()
    assert panel.widget() is view
    assert panel.room_needed() is not None


def test_a_damaged_saved_room_is_ignored(settings_path: Path) -> None:
    from PySide6.QtCore import QSettings

    from desktop.ui.settings import Settings

    store = QSettings(str(settings_path), QSettings.Format.IniFormat)
    settings = Settings(store)
    settings.set_dock_minimum("roster", 320, 400)
    assert settings.dock_minimum("roster") == (320, 400)
    for damaged in ("", "wide", "3x4x5", "-3x4", "x"):
        store.setValue("docks/roster", damaged)
        assert settings.dock_minimum("roster") is None
    assert settings.dock_minimum("never saved") is None
