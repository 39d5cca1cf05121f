"""The Statistics view (issue 33): a dock in Between Sessions and a tab of the Roll Log,
driven over a real campaign: its table and sentence are `views.statistics`' numbers, it
follows the scope and new rolls off the GUI thread, and its plots draw and save."""

from __future__ import annotations

import csv
import errno
import json
import os
import stat
import subprocess
import sys
import threading
import xml.etree.ElementTree as ElementTree
from collections.abc import Iterator
from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtCore import QThreadPool
from PySide6.QtGui import QImage
from pytestqt.qtbot import QtBot

from desktop.store import Campaign, RollRecord
from desktop.ui.docks.roll_log import RollLogWidget
from desktop.ui.main_window import MainWindow
from desktop.ui.session import CampaignSession
from desktop.ui.statistics.rollers import COLUMNS, cells
from desktop.ui.statistics.widget import StatisticsWidget
from desktop.views.statistics import (
    LuckReport,
    StatisticsScope,
    luck_report,
    percentile_histogram,
)
from desktop.views.tray_luck import TrayOddsCache


def _roll(campaign: Campaign, who: int, faces: list[int], size: int = 6) -> RollRecord:
    """A Dice Table line as the store keeps it: each die as rolled and its face."""
    name = campaign.roster.get(who).name
    dice = [{"size": size, "rolled_as": size, "face": face} for face in faces]
    return campaign.rolls.log(
        who, name, "roll", {"dice": dice, "table": 0}, sum(faces), f"{name} rolled {sum(faces)}"
    )


@pytest.fixture
def pool() -> Iterator[QThreadPool]:
    made = QThreadPool()
    made.setMaxThreadCount(2)
    yield made
    made.waitForDone(10_000)


@pytest.fixture
def view(qtbot: QtBot, session: CampaignSession, pool: QThreadPool) -> StatisticsWidget:
    widget = StatisticsWidget(pool)
    qtbot.addWidget(widget)
    widget.resize(900, 1100)
    widget.set_session(session)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def _played(campaign: Campaign) -> tuple[int, int]:
    """Kara's and Bryn's rolls: four on day 1, outside a game; three on day 2 in one."""
    kara = campaign.roster.add("Kara Voss", "pc").id
    bryn = campaign.roster.add("Bryn", "pc").id
    _roll(campaign, kara, [6, 5])
    _roll(campaign, kara, [1, 2])
    _roll(campaign, bryn, [3, 3])
    campaign.rolls.log(bryn, "Bryn", "act", {}, None, "Bryn acts")
    campaign.calendar.end_day()
    campaign.games.start()
    _roll(campaign, kara, [6, 6, 4])
    _roll(campaign, kara, [1])
    _roll(campaign, bryn, [5, 2])
    return kara, bryn


def _rows(view: StatisticsWidget) -> list[list[str]]:
    model = view.model
    return [
        [str(model.index(row, column).data()) for column in range(len(COLUMNS))]
        for row in range(model.rowCount())
    ]


def _shows(view: StatisticsWidget, rolls: int, qtbot: QtBot) -> LuckReport:
    qtbot.waitUntil(
        lambda: view.report is not None and view.report.overall.rolls == rolls, timeout=10_000
    )
    assert view.report is not None
    return view.report


def test_the_table_and_sentence_are_the_reports_numbers(
    view: StatisticsWidget, campaign: Campaign, qtbot: QtBot
) -> None:
    _played(campaign)
    view.refresh()
    _shows(view, 6, qtbot)
    expected = luck_report(campaign, TrayOddsCache())
    assert view.sentence.text() == expected.overall.sentence
    assert _rows(view) == [list(cells(s)) for s in (expected.overall, *expected.rollers)]
    # Written out, so that a change in either side shows: 6 trays, 12 dice; Kara's 2d6
    # of 1 and 2 and her d6 of 1 deplete two dice.
    assert _rows(view)[0][:3] == ["Everyone", "6", "12"]
    kara = _rows(view)[1]
    assert kara[:4] == [
        "Kara Voss",
        "4",
        "8",
        f"2 ({float(expected.rollers[0].expected_depleted):.1f})",
    ]
    assert view.not_covered.text() == (
        "1 log line not judged: 1 × an act spends dice, it rolls no tray."
    )
    view.table.selectRow(1)
    assert view.roller_line.text() == expected.rollers[0].sentence
    assert view.busy.isHidden()


def test_the_scope_changes_the_numbers_and_is_kept_in_the_campaign(
    view: StatisticsWidget,
    campaign: Campaign,
    session: CampaignSession,
    qtbot: QtBot,
    pool: QThreadPool,
) -> None:
    _played(campaign)
    view.refresh()
    _shows(view, 6, qtbot)
    scope = view.scope
    scope.kind_combo.setCurrentIndex(scope.kind_combo.findData("game"))
    report = _shows(view, 3, qtbot)  # the game at the table: day 2's three
    game = campaign.games.all()[0]
    assert report == luck_report(campaign, TrayOddsCache(), StatisticsScope(game_id=game.id))
    assert scope.game_combo.itemText(1) == "Game 1, from day 2 (at the table)"
    scope.kind_combo.setCurrentIndex(scope.kind_combo.findData("days"))
    scope.first_day.setValue(1)
    scope.last_day.setValue(1)
    _shows(view, 3, qtbot)  # day 1's three trays (the act is not one)
    assert view.sentence.text() == "Everyone: too few rolls to tell (3 rolls)."
    qtbot.waitUntil(lambda: campaign.statistics_scope()["scope"] == "days", timeout=5_000)
    assert campaign.statistics_scope() == {
        "scope": "days",
        "game_id": None,
        "first_day": 1,
        "last_day": 1,
    }
    again = StatisticsWidget(pool)  # the next opening shows the scope as the GM left it
    qtbot.addWidget(again)
    again.set_session(session)
    assert again.scope.kind_combo.currentData() == "days"
    assert again.scope.scope() == StatisticsScope(first_day=1, last_day=1)


def test_a_new_roll_refreshes_the_view(
    view: StatisticsWidget, campaign: Campaign, qtbot: QtBot
) -> None:
    kara, _ = _played(campaign)
    view.refresh()
    _shows(view, 6, qtbot)
    _roll(campaign, kara, [4, 4])
    report = _shows(view, 7, qtbot)
    assert _rows(view)[0][1] == "7"
    assert report.rollers[0].tuples == 1  # the 4 and 4


def test_a_stale_report_is_dropped(
    view: StatisticsWidget,
    campaign: Campaign,
    session: CampaignSession,
    qtbot: QtBot,
    pool: QThreadPool,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    kara, _ = _played(campaign)
    odds = session.luck_odds()
    real = odds.report
    gate = threading.Event()
    asked: list[int] = []

    def slow(records: list[RollRecord], names: dict[int, str] | None = None) -> LuckReport:
        asked.append(len(records))
        if len(asked) == 1:
            gate.wait(10)  # the first report is still being worked out...
        return real(records, names)

    monkeypatch.setattr(odds, "report", slow)
    view.refresh()
    qtbot.waitUntil(lambda: len(asked) == 1)
    assert not view.busy.isHidden()
    _roll(campaign, kara, [2, 2])  # ...when a roll asks for another
    _shows(view, 7, qtbot)
    gate.set()
    pool.waitForDone(10_000)
    qtbot.wait(50)  # the first answer's delivery
    assert asked == [7, 8]  # the act's line is read too, and left out by the report
    assert view.report is not None and view.report.overall.rolls == 7


def test_the_plots_draw_the_reports_numbers(
    view: StatisticsWidget, campaign: Campaign, qtbot: QtBot
) -> None:
    _played(campaign)
    view.refresh()
    report = _shows(view, 6, qtbot)
    plots = view.ensure_plots()
    counts = percentile_histogram(report.rolls)
    assert sum(counts) == pytest.approx(6)
    assert plots.histogram_bars is not None and plots.fair_line is not None
    assert list(plots.histogram_bars.opts["height"]) == list(counts)
    assert plots.fair_line.value() == pytest.approx(0.6)  # 6 judged rolls / 10 bins
    assert plots.actual_bars is not None and plots.expected_bars is not None
    assert list(plots.actual_bars.opts["height"]) == [r.depleted for r in report.rollers]
    assert list(plots.expected_bars.opts["height"]) == [
        pytest.approx(float(r.expected_depleted)) for r in report.rollers
    ]
    # A screen reader hears the same numbers in words.
    mean = sum(float(r.percentile or 0) for r in report.rolls) * 100 / len(report.rolls)
    assert plots.sequence.accessibleDescription() == (
        f"6 rolls, mean percentile {mean:.0f}; fair is 50."
    )
    assert plots.histogram.accessibleDescription().endswith("; fair is 0.6 each.")
    assert f"0-10: {counts[0]:.1f}, 10-20: {counts[1]:.1f}" in (
        plots.histogram.accessibleDescription()
    )
    kara = report.rollers[0]
    assert plots.depletions.accessibleDescription().startswith(
        f"Kara Voss: {kara.depleted} depleted, {float(kara.expected_depleted):.1f} expected; "
    )
    image = plots.grab().toImage()
    assert not image.isNull() and image.width() > 200 and image.height() > 500
    # Something is drawn: not every pixel is the background's.
    assert (
        len(
            {
                image.pixel(x, y)
                for x in range(0, image.width(), 7)
                for y in range(0, image.height(), 7)
            }
        )
        > 3
    )


@pytest.mark.parametrize("suffix", [".png", ".svg"])
def test_the_plots_are_saved_as_png_and_svg(
    view: StatisticsWidget, campaign: Campaign, qtbot: QtBot, tmp_path: Path, suffix: str
) -> None:
    _played(campaign)
    view.refresh()
    _shows(view, 6, qtbot)
    target = tmp_path / "out" / f"luck{suffix}"
    target.parent.mkdir()
    assert view.save_to(target)
    assert os.listdir(target.parent) == [target.name]  # no partial file left beside it
    if suffix == ".png":
        image = QImage(str(target))
        assert not image.isNull() and image.width() > 200
    else:
        root = ElementTree.parse(target).getroot()
        assert root.tag.endswith("svg")
        assert len(list(root.iter())) > 20


@pytest.mark.parametrize("suffix", [".png", ".svg"])
def test_saved_plots_are_a_readable_page_whatever_the_docks_width(
    view: StatisticsWidget, campaign: Campaign, qtbot: QtBot, tmp_path: Path, suffix: str
) -> None:
    """The new-GM walk saved from the Roll Log's tab: a picture 300 px wide and no title.
    The file is a page of its own, 1200 px wide, headed with the campaign and the scope,
    each plot titled; the view on screen is left as it was."""
    from desktop.ui.statistics.plot_files import PICTURE_SIZE

    _played(campaign)
    view.resize(300, 1100)  # the Roll Log's tab beside the Play dock
    view.refresh()
    _shows(view, 6, qtbot)
    plots = view.ensure_plots()
    qtbot.waitUntil(lambda: plots.side_by_side is False)
    before = (view.size(), plots.size(), plots.parentWidget(), plots.isVisible())
    target = tmp_path / f"luck{suffix}"
    assert view.save_to(target)
    assert (view.size(), plots.size(), plots.parentWidget(), plots.isVisible()) == before
    assert plots.side_by_side is False
    name = campaign.summary().name
    if suffix == ".png":
        image = QImage(str(target))
        assert (image.width(), image.height()) == (PICTURE_SIZE.width(), PICTURE_SIZE.height())
        # Drawn across the page, not a strip: the right half holds the depletions' bars.
        right = {image.pixel(x, y) for x in range(700, 1200, 9) for y in range(500, 900, 9)}
        assert len(right) > 3
    else:
        root = ElementTree.parse(target).getroot()
        assert root.get("viewBox") == f"0 0 {PICTURE_SIZE.width()} {PICTURE_SIZE.height()}"
        words = " ".join(t.strip() for t in root.itertext())
        assert f"Roll statistics: {name}, the whole campaign" in words
        for title in ("How the percentiles fell", "dashed: a fair table", "Dice depleted"):
            assert title in words
        # Its words as large as the PNG's (QSvgGenerator's own 72 dpi wrote 11 pt as 11 px).
        sizes = [float(e.get("font-size", 0)) for e in root.iter() if e.get("font-size")]
        assert max(sizes) > 20


def test_a_read_only_folder_gets_a_plain_message_and_nothing_written(
    view: StatisticsWidget,
    campaign: Campaign,
    session: CampaignSession,
    qtbot: QtBot,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _played(campaign)
    view.refresh()
    _shows(view, 6, qtbot)
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(stat.S_IRUSR | stat.S_IXUSR)
    if os.geteuid() == 0:  # root writes anywhere: the folder refuses as it would anyone else

        def refused(self: Path, data: bytes) -> int:
            raise PermissionError(errno.EACCES, "Permission denied", str(self))

        monkeypatch.setattr(Path, "write_bytes", refused)
    told: list[str] = []
    session.failed.connect(told.append)
    try:
        assert not view.save_to(folder / "luck.png")
        assert not view.save_to(folder / "luck.txt")
    finally:
        folder.chmod(stat.S_IRWXU)
    assert os.listdir(folder) == []
    assert told[0] == (
        "“luck.png” could not be saved: GM Desk may not write in its folder. Nothing was "
        "written. Choose another folder."
    )
    assert "Traceback" not in told[0] and ".partial" not in told[0]
    assert told[1].startswith("The plots were not saved: end the file's name with .png")


def test_the_dock_is_in_between_sessions_and_a_tab_of_the_roll_log(
    window: MainWindow, qtbot: QtBot
) -> None:
    assert window.session is not None
    campaign = window.session.campaign
    kara = campaign.roster.add("Kara Voss", "pc").id
    for faces in ([3, 4], [6, 1], [2, 2], [5, 5], [1, 6]):
        _roll(campaign, kara, faces)
    window.show_workspace("between")
    panel = next(p for p in window.panels if p.name == "statistics")
    assert not panel.isHidden()
    panel.raise_()
    qtbot.waitUntil(window.is_ready)
    dock = panel.content()
    assert isinstance(dock, StatisticsWidget)
    _shows(dock, 5, qtbot)
    assert dock.sentence.text() == luck_report(campaign, TrayOddsCache()).overall.sentence
    window.show_workspace("play")
    log = next(p for p in window.panels if p.name == "rollLog").content()
    assert isinstance(log, RollLogWidget)
    assert [log.tabs.tabText(i) for i in range(log.tabs.count())] == ["Log", "Statistics"]
    assert log.statistics is None  # nothing built until the tab is chosen
    log.tabs.setCurrentIndex(1)
    assert isinstance(log.statistics, StatisticsWidget)
    tab = log.statistics
    _shows(tab, 5, qtbot)
    # Still no wider than the Play dock it is tabbed with (303 px at 1366 x 768).
    assert log.minimumSizeHint().width() < 300
    # One cache of tray odds per open campaign, shared by the dock and the tab.
    assert window.session.luck_odds().computed == 1  # every roll was 2d6


START = """
import json, sys
from pathlib import Path
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
app = QApplication([])
from desktop.store import Campaign
from desktop.ui.main_window import MainWindow
from desktop.ui.settings import Settings
folder = Path(sys.argv[1])
path = folder / "Test.gmdesk"
made = Campaign.create(path, data_dir=folder)
kara = made.roster.add("Kara", "pc").id
made.rolls.log(kara, "Kara", "roll", {"dice": [{"rolled_as": 6, "face": 3}]}, 3, "Kara 3")
made.close()
window = MainWindow(Settings(QSettings(str(folder / "s.ini"), QSettings.Format.IniFormat)), folder)
window.show()
assert window.open_campaign(path, interactive=False)
while not window.is_ready():
    app.processEvents()
seen = {"start": "pyqtgraph" in sys.modules}
log = next(p for p in window.panels if p.name == "rollLog")
log.raise_()
while not window.is_ready():
    app.processEvents()
log.content()
app.processEvents()
seen["roll log"] = "pyqtgraph" in sys.modules
log.content().tabs.setCurrentIndex(1)
while log.content().statistics is None:  # its modules imported off the GUI thread
    app.processEvents()
view = log.content().statistics
while view.plots is None:  # imported off the GUI thread, then the plots made by slices
    app.processEvents()
seen["statistics tab"] = "pyqtgraph" in sys.modules
print(json.dumps(seen))
window.close()
"""


@pytest.mark.slow  # a start in a process of its own
def test_neither_start_up_nor_the_roll_log_imports_the_plotting_library(tmp_path: Path) -> None:
    env = {
        **os.environ,
        "GM_DESK_HOME": str(tmp_path / "home"),
        "QT_QPA_PLATFORM": "offscreen",
        "PYTHONPATH": str(Path(__file__).parents[2]),
    }
    result = subprocess.run(
        [sys.executable, "-c", START, str(tmp_path)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    seen = json.loads(result.stdout.strip().splitlines()[-1])
    # The last: the check can see the library once the view does import it.
    assert seen == {"start": False, "roll log": False, "statistics tab": True}


def test_the_log_is_read_by_pages_and_kept_in_step(campaign: Campaign) -> None:
    """Read whole in slices (a whole read of 5,000 lines held the window 42-108 ms),
    then only what each change added or marked undone."""
    from desktop.ui.statistics.log_copy import RollLogCopy

    kara = campaign.roster.add("Kara Voss", "pc").id
    lines = [_roll(campaign, kara, [face, 3]) for face in (1, 2, 3, 4, 5)]
    copy = RollLogCopy()
    assert not copy.catch_up(campaign)  # nothing read yet
    assert [copy.read_page(campaign, 2) for _ in range(3)] == [False, False, True]
    assert sorted(r.id for r in copy.records()) == [r.id for r in lines]
    campaign.rolls.set_undone(lines[1].id, True)
    added = _roll(campaign, kara, [6, 6])
    assert copy.catch_up(campaign)
    held = {r.id: r for r in copy.records()}
    assert held[lines[1].id].undone and added.id in held and len(held) == 6


def test_an_undone_roll_leaves_the_view(
    view: StatisticsWidget, campaign: Campaign, qtbot: QtBot
) -> None:
    kara, _ = _played(campaign)
    view.refresh()
    _shows(view, 6, qtbot)
    last = campaign.rolls.all(kara)[0]
    campaign.rolls.set_undone(last.id, True)
    _shows(view, 5, qtbot)


@pytest.mark.parametrize("dark", [False, True])
def test_the_plots_take_their_colours_from_the_theme(
    view: StatisticsWidget, campaign: Campaign, qtbot: QtBot, dark: bool
) -> None:
    from PySide6.QtGui import QPalette

    from desktop.ui import theme

    _played(campaign)
    view.refresh()
    _shows(view, 6, qtbot)
    plots = view.ensure_plots()
    palette = theme.dark_palette() if dark else theme.light_palette()
    plots.setPalette(palette)  # as View > Theme does to every widget
    base = palette.color(QPalette.ColorRole.Base)
    assert plots.histogram.backgroundBrush().color() == base
    assert plots.histogram_bars is not None and plots.expected_bars is not None
    rolled = plots.histogram_bars.opts["brush"].color()
    assert rolled == theme.colour(palette, theme.PLOT_ROLLED)
    assert plots.expected_bars.opts["brush"].color() == theme.colour(palette, theme.PLOT_EXPECTED)
    # Readable: the bars stand out from the plot's background in either scheme.
    assert abs(rolled.lightness() - base.lightness()) > 60
    # The legend's words drawn again in the text's colour (set, they kept the first).
    ink = palette.color(QPalette.ColorRole.Text).name()
    assert all(ink in label.item.toHtml() for _, label in plots.legend.items)


def test_a_range_of_days_left_at_today_follows_today(
    view: StatisticsWidget, campaign: Campaign, qtbot: QtBot
) -> None:
    scope = view.scope
    scope.kind_combo.setCurrentIndex(scope.kind_combo.findData("days"))
    campaign.calendar.end_day()
    campaign.calendar.end_day()
    assert (scope.first_day.value(), scope.last_day.value()) == (1, 3)
    scope.last_day.setValue(2)
    campaign.calendar.end_day()
    assert (scope.first_day.value(), scope.last_day.value()) == (1, 2)  # chosen: kept
    assert scope.last_day.maximum() == 4
    qtbot.waitUntil(lambda: view.sentence.text() == "No roll to judge for days 1 to 2.")


def test_each_line_is_judged_once_and_the_report_is_the_views(campaign: Campaign) -> None:
    """The view's copy keeps each unchanged line's record, so the cache's judgement of it
    is reused: a second report after a roll judges only the new line."""
    from desktop.ui.statistics.luck_odds import SharedLuckOdds
    from desktop.views.statistics import rolls_report

    kara, _ = _played(campaign)
    shared = SharedLuckOdds()
    assert shared.log.read_page(campaign)
    first = shared.report(shared.log.records())
    assert first == rolls_report(campaign.rolls.all(), TrayOddsCache())
    _roll(campaign, kara, [2, 5])
    assert shared.log.catch_up(campaign)
    second = shared.report(shared.log.records())
    assert second == rolls_report(campaign.rolls.all(), TrayOddsCache())
    # The same judgement objects: the lines held were not judged again.
    assert all(a is b for a, b in zip(first.rolls, second.rolls[:-1], strict=True))
    assert second.rolls[-1].total == 7


def test_the_numbers_are_exported_as_csv_from_the_view(
    view: StatisticsWidget,
    campaign: Campaign,
    session: CampaignSession,
    qtbot: QtBot,
    tmp_path: Path,
) -> None:
    assert not view.csv_button.isEnabled()  # nothing judged yet: nothing to export
    _played(campaign)
    view.refresh()
    report = _shows(view, 6, qtbot)
    assert view.csv_button.isEnabled() and view.print_button.isEnabled()
    target = tmp_path / "luck"  # no suffix: .csv is added
    assert view.csv_to(target)
    written = tmp_path / "luck.csv"
    rows = list(csv.reader(written.read_text(encoding="utf-8").splitlines()))
    everyone = next(row for row in rows if row[1] == "Everyone")
    assert everyone[0] == "roller" and everyone[2] == str(report.overall.rolls)
    assert sum(row[0] == "roll" for row in rows) == len(report.rolls)
    # Never over the campaign itself: a plain refusal, the campaign untouched.
    told: list[str] = []
    session.failed.connect(told.append)
    before = campaign.path.read_bytes()
    assert not view.csv_to(campaign.path)
    assert campaign.path.read_bytes() == before
    assert told and told[0].startswith("The numbers were not saved.")


def test_the_report_shown_is_printed_to_pdf(
    view: StatisticsWidget, campaign: Campaign, qtbot: QtBot, tmp_path: Path
) -> None:
    _played(campaign)
    view.refresh()
    report = _shows(view, 6, qtbot)
    job = view.print_job()
    assert job is not None and job.file_name.endswith(" luck.pdf")
    target = tmp_path / "luck.pdf"
    pages = job.export(target, "A4")
    # The PDF's text may break its lines, and space its words, anywhere.
    text = " ".join(" ".join(page.extract_text() for page in PdfReader(target).pages).split())
    assert pages == len(PdfReader(target).pages) >= 1
    assert "The whole campaign" in text
    assert " ".join(report.overall.sentence.split()) in text


def test_a_renamed_character_stays_one_row_under_their_new_name(
    view: StatisticsWidget, campaign: Campaign, qtbot: QtBot
) -> None:
    kara, _ = _played(campaign)
    view.refresh()
    _shows(view, 6, qtbot)
    campaign.roster.update(kara, name="Kara Vane")  # renamed: the same character
    qtbot.waitUntil(lambda: "Kara Vane" in [row[0] for row in _rows(view)], timeout=10_000)
    _roll(campaign, kara, [4, 3])
    report = _shows(view, 7, qtbot)
    names = [row[0] for row in _rows(view)]
    assert "Kara Voss" not in names and names.count("Kara Vane") == 1
    kara_row = next(r for r in report.rollers if r.character_id == kara)
    assert (kara_row.name, kara_row.rolls) == ("Kara Vane", 5)


def test_the_rollers_names_under_their_bars_fit_after_every_new_report(
    view: StatisticsWidget, campaign: Campaign, qtbot: QtBot, tmp_path: Path
) -> None:
    """The walk of the new statistics found the depletions' names drawn in full (and on
    top of one another) after a new report until the dock was resized, and so in every
    Save Plots picture: each new report cuts them to their bars' room too."""
    from PySide6.QtGui import QFontMetrics

    view.resize(320, 1100)  # the Roll Log's tab beside the Play dock
    plots = view.ensure_plots()
    qtbot.waitUntil(lambda: plots.side_by_side is False)
    names = ["Kara Voss of the Drowned Stair", "Mira Threnody", "Captain Reyne Dask", "Ilian"]
    for name in names:
        _roll(campaign, campaign.roster.add(name, "pc").id, [3, 4])
    view.refresh()  # a new report, the size unchanged
    _shows(view, 4, qtbot)
    axis = plots.depletions.getAxis("bottom")
    shown = [label for _, label in axis._tickLevels[0]]
    assert len(shown) == 4
    assert shown[0] != names[0] and shown[0].startswith("Kara")  # cut short, still hers
    metrics = QFontMetrics(axis.font())
    room = plots.width() / len(names)
    assert all(metrics.horizontalAdvance(label) < room for label in shown)


def test_the_plots_words_and_numbers_follow_the_zoom(
    view: StatisticsWidget, campaign: Campaign, qtbot: QtBot
) -> None:
    """The walk at View > Zoom 150%: the docks' text grew, the plots' axes stayed at
    pyqtgraph's own small fixed font."""
    from PySide6.QtWidgets import QApplication

    from desktop.ui.zoom import apply_zoom

    _played(campaign)
    view.refresh()
    _shows(view, 6, qtbot)
    plots = view.ensure_plots()
    axis = plots.sequence.getAxis("bottom")
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    try:
        assert axis.style["tickFont"].pointSizeF() == pytest.approx(plots.font().pointSizeF())
        before = axis.style["tickFont"].pointSizeF()
        apply_zoom(app, 150)
        QApplication.processEvents()
        assert axis.style["tickFont"].pointSizeF() == pytest.approx(before * 1.5, abs=0.1)
        assert axis.label.font().pointSizeF() == pytest.approx(before * 1.5, abs=0.1)
    finally:
        apply_zoom(app, 100)


def test_choosing_days_does_not_widen_the_view(
    view: StatisticsWidget, campaign: Campaign, qtbot: QtBot
) -> None:
    """The new-GM walk chose "Days" and the Roll Log's dock grew, shifting the window: the
    day boxes stood side by side. No scope may need more width than "Whole campaign"."""
    _played(campaign)
    for _ in range(3):
        campaign.calendar.end_day()
    scope = view.scope
    widths = {}
    for kind in ("campaign", "game", "days"):
        scope.kind_combo.setCurrentIndex(scope.kind_combo.findData(kind))
        qtbot.wait(1)
        widths[kind] = view.minimumSizeHint().width()
    assert scope.first_day.isVisible() and scope.last_day.maximum() == 5
    assert widths["days"] <= widths["campaign"]
    assert widths["game"] <= widths["campaign"]
    # A long campaign's day numbers (three digits) fit as well.
    scope.fill(campaign.games.all(), 365)
    assert view.minimumSizeHint().width() <= widths["campaign"]


@pytest.mark.parametrize("scheme", ["light", "dark", "high contrast"])
def test_each_plot_says_what_it_shows_and_what_its_dashed_line_is(
    view: StatisticsWidget, campaign: Campaign, qtbot: QtBot, scheme: str
) -> None:
    """The new-GM walk found three bare plots and a dashed line no word explained: each
    has a title (the printout's words) and the dashed line is named, in the theme's text
    colour, growing with View > Zoom and wrapped, never cut, in the Roll Log's narrow tab."""
    from PySide6.QtGui import QColor, QPalette
    from PySide6.QtWidgets import QApplication

    from desktop.ui import theme
    from desktop.ui.zoom import apply_zoom

    _played(campaign)
    view.refresh()
    _shows(view, 6, qtbot)
    plots = view.ensure_plots()
    palette = {
        "light": theme.light_palette,
        "dark": theme.dark_palette,
        "high contrast": theme.high_contrast_palette,
    }[scheme]()
    plots.setPalette(palette)
    ink = palette.color(QPalette.ColorRole.Text)
    titles = {
        plots.sequence: ("Each roll's percentile, in order", "dashed: a fair table"),
        plots.histogram: ("How the percentiles fell", "dashed: a fair table"),
        plots.depletions: ("Dice depleted: rolled and expected", None),
    }
    for plot, (title, note) in titles.items():
        label = plot.getPlotItem().titleLabel
        shown = label.item.toPlainText()
        assert label.isVisible() and title in shown
        assert (note in shown) if note else "dashed" not in shown
        assert QColor(label.opts["color"]) == ink
        assert abs(ink.lightness() - palette.color(QPalette.ColorRole.Base).lightness()) > 120
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    before = plots.sequence.getPlotItem().titleLabel.item.boundingRect().height()
    points = plots.font().pointSizeF()
    try:
        apply_zoom(app, 150)
        qtbot.waitUntil(lambda: plots.font().pointSizeF() > points * 1.4)
        view.resize(300, 1100)  # the Roll Log's tab beside the Play dock
        qtbot.waitUntil(lambda: plots.side_by_side is False)
        for plot in titles:  # laid out on the turn after
            title = plot.getPlotItem().titleLabel
            qtbot.waitUntil(
                lambda t=title: t.geometry().height() >= t.item.boundingRect().height(),
                timeout=2000,
            )
        for plot in titles:
            item = plot.getPlotItem()
            label = item.titleLabel
            assert label.opts["size"] == f"{plots.font().pointSizeF():g}pt"
            # Wrapped within the plot, and its row as high as its lines: nothing cut.
            assert label.item.boundingRect().width() <= plot.width()
            assert item.layout.itemAt(0, 0) is label
            assert label.geometry().height() >= label.item.boundingRect().height()
            assert item.geometry().width() <= plot.width() + 1  # the plot not pushed out
        assert plots.sequence.getPlotItem().titleLabel.item.boundingRect().height() > before
    finally:
        apply_zoom(app, 100)
