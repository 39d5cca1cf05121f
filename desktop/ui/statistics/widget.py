"""The Statistics view: were the dice kind? The scope's luck against the exact odds, in a
sentence, a table of rollers and three plots.

The report is worked out on the window's worker pool: the roll log is read here on the
GUI thread (one quick read, so the worker never shares the campaign's connection) and
handed over as plain records; the newest request wins. The view works only while it is
on screen: a change while it is hidden marks it stale, and it catches up when shown.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING, cast

from PySide6.QtCore import QItemSelection, Qt, QThreadPool, QTimer
from PySide6.QtGui import QFont, QShowEvent
from PySide6.QtWidgets import (
    QFileDialog,
    QMainWindow,
    QMenu,
    QProgressBar,
    QStyle,
    QTableView,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from desktop.language import translator
from desktop.outputs import write_failure
from desktop.store import Topic
from desktop.ui import read_guard
from desktop.ui.accessible import named
from desktop.ui.file_names import export_path
from desktop.ui.file_outputs import documents_folder, output_refusal
from desktop.ui.form_helpers import follow_changes, push_button, vertical_scroll, wrapped_label
from desktop.ui.odds_worker import OddsWorker
from desktop.ui.session import CampaignSession
from desktop.ui.statistics.not_covered import not_covered_line
from desktop.ui.statistics.plot_data import Worked
from desktop.ui.statistics.plot_loader import PlotLoader
from desktop.ui.statistics.rollers import RollersModel
from desktop.ui.statistics.scope import ScopeChooser
from desktop.ui.widgets.flow import StackRow
from desktop.ui.widgets.record_table import read_only_rows
from desktop.ui.window_language import tr, window_translator

# Saving, exporting and printing are imported when first used: the printing modules took
# 230-285 ms to import, on the GUI thread, when the view was first opened.
if TYPE_CHECKING:
    import pyqtgraph as pg

    from desktop.ui.print_choice import PrintJob
    from desktop.ui.statistics.plots import LuckPlots
    from desktop.views.statistics import LuckReport

log = logging.getLogger(__name__)
# A burst of changes (a conflict writes a line per side, phones roll at once) makes one
# report; and a scope the GM is still clicking through is remembered once they stop.
REFRESH_DELAY_MS = 60
REMEMBER_DELAY_MS = 800
TABLE_ROWS_SHOWN = 5


class StatisticsWidget(QWidget):
    def __init__(self, pool: QThreadPool | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("statisticsView")
        self._session: CampaignSession | None = None
        self.report: LuckReport | None = None
        self.worked: Worked | None = None  # the report and its plots' numbers
        self.plots: LuckPlots | None = None
        self.stale = True  # the report shown is not the campaign's as it is now
        self.worker = OddsWorker(pool if pool is not None else QThreadPool(self), self)
        self.worker.ready.connect(self._show_report)
        self.worker.failed.connect(self._show_failure)
        self._refresh_timer = self._timer(REFRESH_DELAY_MS, self.refresh)
        self._remember_timer = self._timer(REMEMBER_DELAY_MS, self._remember_scope)
        self._page_timer = self._timer(0, self.refresh)  # the next page of the log
        # The plots come in slices, none over a frame: pyqtgraph imported on a thread,
        # then a plot made per turn of the event loop, then the report drawn in them on
        # the turn after the table's.
        self._loader = PlotLoader(self)
        self._loader.loaded.connect(self._plot_step)
        self._loader.odds_loaded.connect(self._odds_loaded)
        self._made: list[pg.PlotWidget] = []
        self._built: LuckPlots | None = None  # made, not yet in the view
        self._plot_timer = self._timer(0, self._plot_step)
        self._draw_timer = self._timer(0, self._draw_plots)

        self.scope = ScopeChooser()
        self.scope.changed.connect(self._scope_changed)
        self.busy = QProgressBar()
        self.busy.setObjectName("statisticsBusy")
        self.busy.setRange(0, 0)  # no end known: it only says "working"
        self.busy.setTextVisible(False)
        self.busy.setMaximumWidth(80)
        self.busy.setToolTip(tr("Working out the odds…"))
        self.busy.hide()
        self.save_button = push_button(
            tr("Save Plots…"),
            "statisticsSavePlots",
            self.save_dialog,
            tip=tr("Save the three plots as one PNG picture or SVG drawing"),
        )
        self.csv_button = push_button(
            tr("Export CSV…"),
            "statisticsCsv",
            self.csv_dialog,
            tip=tr("Save each roller's numbers and every roll judged as a CSV table"),
        )
        self.print_button = QToolButton()
        self.print_button.setObjectName("statisticsPrint")
        self.print_button.setText(tr("Print"))
        self.print_button.setToolTip(tr("Print the report, preview it or save it as a PDF"))
        self.print_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        print_menu = QMenu(self.print_button)
        print_menu.addAction(tr("Print…"), lambda: self.print_report("print"))
        print_menu.addAction(tr("Print Preview…"), lambda: self.print_report("preview"))
        print_menu.addAction(tr("Export PDF…"), lambda: self.print_report("pdf"))
        self.print_button.setMenu(print_menu)
        self.sentence = wrapped_label("statisticsSentence")
        font = QFont(self.sentence.font())
        font.setPointSizeF(font.pointSizeF() * 1.3)
        font.setBold(True)
        self.sentence.setFont(font)
        self.model = RollersModel()
        self.table = QTableView()
        read_only_rows(self.table, "statisticsRollers")
        named(self.table, tr("Luck of each roller"))
        self.table.setModel(self.model)
        self.table.selectionModel().selectionChanged.connect(self._row_chosen)
        self.roller_line = wrapped_label("statisticsRollerSentence")
        self.not_covered = wrapped_label("statisticsNotCovered")
        self.plots_area = QWidget()
        self.plots_layout = QVBoxLayout(self.plots_area)
        self.plots_layout.setContentsMargins(0, 0, 0, 0)

        # The scope, with the buttons beside it where they fit, else under it (a
        # longer language's button words would widen the dock past the screen).
        button_column = QWidget()
        buttons = QVBoxLayout(button_column)
        buttons.setContentsMargins(0, 0, 0, 0)
        buttons.addWidget(self.save_button)
        buttons.addWidget(self.csv_button)
        buttons.addWidget(self.print_button)
        buttons.addWidget(self.busy)
        buttons.addStretch(1)
        top = StackRow(
            [(self.scope, 1), button_column], stacked_alignment=Qt.AlignmentFlag.AlignLeft
        )
        body = QWidget()
        inner = QVBoxLayout(body)
        inner.setContentsMargins(0, 0, 0, 0)
        inner.addWidget(self.sentence)
        inner.addWidget(self.table)
        inner.addWidget(self.roller_line)
        inner.addWidget(self.not_covered)
        inner.addWidget(self.plots_area, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(top)
        layout.addWidget(vertical_scroll(body, "statisticsScroll"), 1)
        self._size_table()
        self._show_report(None)

    def _timer(self, delay: int, slot: object) -> QTimer:
        timer = QTimer(self)
        timer.setSingleShot(True)
        timer.setInterval(delay)
        timer.timeout.connect(slot)
        return timer

    # -- the campaign ---------------------------------------------------------------------

    def set_session(self, session: CampaignSession | None) -> None:
        if self._remember_timer.isActive():
            self._remember_timer.stop()
            self._remember_scope()  # the choice made in the campaign being left
        self._session = follow_changes(self._session, session, self._on_changed)
        self.worker.cancel()
        self._fill_scope()
        if session is not None:
            self.scope.restore(session.campaign.statistics_scope())
        self._show_report(None)
        self.stale = True
        if self.isVisible():
            self.refresh()

    @read_guard.guarded
    def _on_changed(self, topic: str) -> None:
        if topic in (Topic.GAMES, Topic.CAMPAIGN):
            self._fill_scope()  # a game started or ended, the day moved on
        if topic == Topic.STATISTICS and self._session is not None:
            stored = self._session.campaign.statistics_scope()
            # The other Statistics view (the dock, or the Roll Log's tab) chose: follow.
            if not self._remember_timer.isActive() and stored != self.scope.stored():
                self.scope.restore(stored)
            else:
                return
        if topic == Topic.CHARACTERS and self._session is not None:
            # A character removed or renamed: their lines changed with them.
            self._session.luck_odds().log.forget()
        if topic in (Topic.ROLLS, Topic.CHARACTERS, Topic.GAMES, Topic.CAMPAIGN, Topic.STATISTICS):
            self.refresh_soon()

    def _fill_scope(self) -> None:
        if self._session is None:
            self.scope.fill([], 1)
            return
        campaign = self._session.campaign
        self.scope.fill(campaign.games.all(), campaign.summary().current_day)

    def _scope_changed(self) -> None:
        self._remember_timer.start()
        self.refresh_soon()

    def _remember_scope(self) -> None:
        session = self._session
        if session is None or session.read_only:
            return  # a campaign opened read-only keeps the choice for this sitting only
        try:
            session.campaign.remember_statistics_scope(self.scope.stored())
        except (ValueError, OSError) as error:  # a view's choice: never worth a box
            log.warning("The statistics scope was not remembered (%s)", type(error).__name__)

    # -- the report -----------------------------------------------------------------------

    def refresh_soon(self) -> None:
        self.stale = True
        if self.isVisible():
            self._refresh_timer.start()

    def refresh(self) -> None:
        """Work the scope's report out again, off the GUI thread, if the view is shown."""
        self._refresh_timer.stop()
        self.stale = True
        if not self.isVisible():
            return  # worked out when next shown
        if not self._loader.odds_imported():
            self._loader.load()  # `_odds_loaded` refreshes
            return
        session = self._session
        scope = self.scope.scope()
        if session is None or scope is None:
            self.stale = False
            self.worker.cancel()
            self._show_report(None)
            return
        odds = session.luck_odds()
        odds.settle()  # before the log's pages and the report make more to walk
        self.busy.show()
        # Caught up with the log, or else a page read now and the rest on the next
        # turns of the event loop.
        whole = odds.log.catch_up(session.campaign) or odds.log.read_page(session.campaign)
        if not whole:
            self._page_timer.start()
            return
        self.stale = False
        odds.settle()  # the copy, whole now
        records = odds.log.records()
        # A renamed character is one roller, under the name they have now.
        names = {character.id: character.name for character in session.campaign.roster.all()}
        self.worker.request(
            lambda: Worked.of(odds.report([r for r in records if scope.holds(r)], names))
        )

    def _odds_loaded(self) -> None:
        if self.stale:
            self.refresh()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self.stale:
            self.refresh()
        if self.plots is None:
            self._loader.load()  # `_plot_step` follows, once pyqtgraph is imported

    def _plot_step(self) -> None:
        """One slice of making the plots: a plot, or the three put in the view."""
        if self.plots is not None:
            return
        if self.worker.busy():
            # Made once the report is in (`_show_report`): made while the worker held
            # the GIL, each plot's making took twice as long on the window's thread, 25-35
            # ms instead of 8-12 (issue 33's first opening, the cold report running).
            return
        from desktop.ui.statistics.plots import PLOTS, make_plot

        if len(self._made) < len(PLOTS):
            self._made.append(make_plot(len(self._made)))
            self._plot_timer.start()
            return
        if self._built is None:
            # Their items made and styled on a turn of their own (8 ms), before the turn
            # that puts them in the view and so lays them out and paints them (10 ms).
            self._built = self._build_plots()
            self._plot_timer.start()
            return
        self._place_plots()
        self._draw_timer.start()  # the next turn, after their first layout and paint

    def _build_plots(self) -> LuckPlots:
        from desktop.ui.statistics.plots import LuckPlots

        plots = LuckPlots(self._made)
        self._made = []
        return plots

    def _place_plots(self) -> LuckPlots:
        self._plot_timer.stop()
        plots = self._built if self._built is not None else self._build_plots()
        self._built = None
        self.plots = plots
        self.plots_layout.addWidget(plots)
        return plots

    def ensure_plots(self) -> LuckPlots:
        """The plots, built (and pyqtgraph imported) at once if not yet made, with the
        report shown drawn in them."""
        if self.plots is None:
            self._place_plots()
            self._draw_timer.start()
        if self._draw_timer.isActive():
            self._draw_plots()
        assert self.plots is not None
        return self.plots

    def _draw_plots(self) -> None:
        self._draw_timer.stop()
        if self.plots is not None:
            self.plots.show_report(self.worked)

    def _show_report(self, worked: Worked | None) -> None:
        self.worked = worked
        self.report = report = worked.report if worked is not None else None
        self.busy.hide()
        if worked is not None and self._session is not None:
            self._session.luck_odds().settle()  # the trays the report worked out
        self.model.set_summaries([] if report is None else [report.overall, *report.rollers])
        self._fit_columns()
        self.roller_line.setText("")
        if report is None:
            self.sentence.setText(self._nothing_to_judge())
        elif not report.rolls:
            self.sentence.setText(
                tr("No roll to judge for {scope}.").format(scope=self.scope.describe())
            )
        else:
            from desktop.views.statistics import luck_sentence  # imported by then

            self.sentence.setText(luck_sentence(report.overall, window_translator()))
        self.not_covered.setText("" if report is None else not_covered_line(report.not_covered))
        self.not_covered.setVisible(bool(self.not_covered.text()))
        for button in (self.save_button, self.csv_button, self.print_button):
            button.setEnabled(report is not None and bool(report.rolls))
        if self.plots is None and self._loader.is_loaded():
            self._plot_timer.start()  # the plots waited for the report (`_plot_step`)
        if self.plots is not None:
            # On the next turn: the table's and the plots' drawing each fit in a frame,
            # not both (measured with 5,000 rolls: 3-6 ms and 6-7 ms, then their paint).
            self._draw_timer.start()

    def _nothing_to_judge(self) -> str:
        if self._session is None:
            return ""
        if self.scope.is_empty():
            return tr("No game has been played yet.")
        return tr("Working out the odds…")

    def _show_failure(self, message: str) -> None:
        self.busy.hide()
        if self.plots is None and self._loader.is_loaded():
            self._plot_timer.start()
        self.sentence.setText(message)

    def _fit_columns(self) -> None:
        """Each column as wide as its header and its texts, as `resizeColumnsToContents`
        makes them, the texts measured from those the model holds (Qt's asked the model
        for every cell's text, font and alignment: 4-17 ms of the window per report)."""
        header = self.table.horizontalHeader()
        # A cell's text margin each side (Qt's delegate: the focus frame's, plus one),
        # and the grid's line.
        frame = self.table.style().pixelMetric(
            QStyle.PixelMetric.PM_FocusFrameHMargin, None, self.table
        )
        margin = 2 * (frame + 1) + int(self.table.showGrid()) + 1
        texts = self.model.widths(self.table.font(), margin)
        for column, width in enumerate(texts):
            header.resizeSection(column, max(width, header.sectionSizeHint(column)))

    def _size_table(self) -> None:
        """Tall enough for everyone's row and a few rollers, never the whole dock."""
        rows = self.table.verticalHeader().defaultSectionSize()
        header = self.table.horizontalHeader().sizeHint().height()
        scrollbar = self.table.horizontalScrollBar().sizeHint().height()
        self.table.setMinimumHeight(header + rows * TABLE_ROWS_SHOWN + scrollbar + 4)

    def _row_chosen(self, _selected: QItemSelection, _deselected: QItemSelection) -> None:
        rows = self.table.selectionModel().selectedRows()
        chosen = self.model.records[rows[0].row()] if rows else None
        from desktop.views.statistics import luck_sentence  # imported by then

        words = window_translator()
        self.roller_line.setText("" if chosen is None else luck_sentence(chosen, words))

    # -- Save Plots… ----------------------------------------------------------------------

    def save_dialog(self) -> None:
        if self._session is None:
            return
        campaign = self._session.campaign
        offered = export_path(documents_folder(), campaign.summary().name, tr("luck"), ".png")
        from desktop.ui.statistics.plot_files import FILTER

        name, _ = QFileDialog.getSaveFileName(self, tr("Save the plots"), str(offered), tr(FILTER))
        if name:
            self.save_to(Path(name))

    def save_to(self, target: Path) -> bool:
        """The three plots to `target`, PNG or SVG by its suffix; False (the GM told
        plainly, nothing written) when they could not be saved there."""
        session = self._session
        if session is None:
            return False
        if not target.suffix:
            target = target.with_suffix(".png")
        from desktop.ui.statistics.plot_files import kind_of, picture, save_plots

        kind = kind_of(target)
        if kind is None:
            session.report_failure(
                tr(
                    "The plots were not saved: end the file's name with .png for a picture "
                    "or .svg for a drawing."
                )
            )
            return False
        refused = output_refusal(session.campaign, target, kind)
        if refused is not None:
            session.report_failure(tr("The plots were not saved. {why}").format(why=refused))
            return False
        name = session.campaign.summary().name
        scope = self.scope.describe()
        sentence = self.sentence.text() if self.report is not None else ""
        heading = tr("Roll statistics: {name}, {scope}").format(name=name, scope=scope)
        page = picture(self.worked, heading, sentence)
        try:
            save_plots(page, target, tr("{name}: luck, {scope}").format(name=name, scope=scope))
        except OSError as error:
            session.report_breakage(write_failure(target, error, words=window_translator()))
            return False
        finally:
            page.close()
            page.deleteLater()
        return True

    # -- Export CSV… and Print ------------------------------------------------------------

    def csv_dialog(self) -> None:
        if self._session is None or self.report is None:
            return
        campaign = self._session.campaign
        offered = export_path(documents_folder(), campaign.summary().name, tr("luck"), ".csv")
        name, _ = QFileDialog.getSaveFileName(
            self, tr("Export the numbers"), str(offered), tr("CSV table (*.csv)")
        )
        if name:
            self.csv_to(Path(name))

    def csv_to(self, target: Path) -> bool:
        """The report shown as CSV to `target`; False (the GM told plainly, nothing
        written) when it could not be written there."""
        session, report = self._session, self.report
        if session is None or report is None:
            return False
        if not target.suffix:
            target = target.with_suffix(".csv")
        from desktop.ui.statistics_print import write_luck_csv

        try:
            write_luck_csv(target, report, session.campaign, window_translator())
        except OSError as error:
            session.report_failure(tr("The numbers were not saved. {error}").format(error=error))
            return False
        window = self.window()
        if isinstance(window, QMainWindow):
            window.statusBar().showMessage(
                tr("Wrote the numbers to {path}").format(path=target), 8000
            )
        return True

    def print_job(self) -> PrintJob | None:
        """The report shown, ready to print; None before there is one."""
        if self._session is None or self.report is None or not self.report.rolls:
            return None
        from desktop.ui.statistics.printouts import statistics_job

        campaign = self._session.campaign
        printed = self.scope.describe(translator(campaign.print_language()))
        return statistics_job(campaign, self.report, self.scope.describe(), printed)

    def print_report(self, how: str) -> None:
        """Print ("print"), preview ("preview") or save as a PDF ("pdf") the report shown,
        through the window's own print flows."""
        window = self.window()
        job = self.print_job()
        # The main window is the print host; a view shown on its own has none.
        if job is None or not all(hasattr(window, n) for n in ("settings", "show_problem")):
            return
        from desktop.ui import print_choice

        host = cast(print_choice.PrintHost, window)
        if how == "print":
            print_choice.print_job(host, job)
        elif how == "preview":
            print_choice.preview_job(host, job)
        else:
            print_choice.export_job_as(host, job, print_choice.default_paper())
