"""The Roll Log dock: every roll of the campaign, newest first, filterable, exportable;
and, in its second tab, the Statistics view of those rolls (desktop.ui.statistics).

Undone rolls stay in the log, marked undone and greyed, because the table saw them.
"""

from __future__ import annotations

import contextlib
import csv
import json
import os
from datetime import date
from pathlib import Path

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt, QThreadPool
from PySide6.QtGui import QFont, QGuiApplication
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from desktop.language import N_
from desktop.outputs import OutputKind, write_failure
from desktop.partial_files import partial_name
from desktop.store import RollRecord, Topic
from desktop.ui import read_guard
from desktop.ui.accessible import named
from desktop.ui.docks.roll_log_columns import NarrowColumns
from desktop.ui.energy_summary import day_date
from desktop.ui.file_names import export_path
from desktop.ui.file_outputs import output_refusal
from desktop.ui.form_helpers import follow_changes, narrow_combo, push_button
from desktop.ui.plain_text import PlainLabel, tooltip
from desktop.ui.session import CampaignSession
from desktop.ui.theme import UNDONE, colour
from desktop.ui.widgets.flow import Flow
from desktop.ui.widgets.record_table import RecordTableModel, read_only_rows
from desktop.ui.window_language import ntr, ptr, tr, window_translator

ModelIndex = QModelIndex | QPersistentModelIndex
# RULES.md section 5: every line carries the campaign day (and its date), the game,
# scene, round and turn when one is running, and the wall-clock time, labelled as such.
# The headers in English are the columns' keys (`NarrowColumns`, the export's header);
# the table shows them translated.
COLUMNS = (
    N_("Campaign day"),
    N_("Wall clock"),
    N_("Who"),
    N_("Kind"),
    N_("Dice"),
    N_("Faces"),
    N_("Total"),
    N_("In game"),
    N_("Result"),
)
# The export gives the game's place as numbers, one column each, for a spreadsheet. Its
# header stays in English in every language: it is how an earlier export is recognised.
CSV_HEADER = (
    *(c for c in COLUMNS if c != "In game"),
    "Undone",  # untranslated: the export's header (a file format)
    "Detail",  # untranslated: the export's header (a file format)
    "Game",  # untranslated: the export's header (a file format)
    "Scene",  # untranslated: the export's header (a file format)
    "Round",  # untranslated: the export's header (a file format)
    "Turn",  # untranslated: the export's header (a file format)
    "Day",  # untranslated: the export's header (a file format)
)
# Before the game's columns: a file an export of that time wrote may be replaced too.
EARLIER_CSV_HEADER = (
    "When",  # untranslated: an earlier export's header (a file format)
    *("Who", "Kind", "Dice", "Faces", "Total", "Result"),  # untranslated: the same
)
# A file the export may replace: one an earlier export wrote (it starts with the header).
ROLL_LOG = OutputKind(
    N_("roll log"),  # a word of desktop.outputs' sentences, translated with them
    lambda head: head.startswith(
        (",".join(CSV_HEADER).encode(), ",".join(EARLIER_CSV_HEADER).encode())
    ),
)


def dice_text(record: RollRecord) -> str:
    dice = record.detail.get("dice", []) if isinstance(record.detail, dict) else []
    parts = []
    for die in dice if isinstance(dice, list) else []:
        if not isinstance(die, dict):
            continue
        # A challenge's and a party roll's dice carry only the size they were rolled as.
        rolled = die.get("rolled_as", die.get("size"))
        size = die.get("size", rolled)
        if rolled is None:
            continue
        shown = f"d{size}→d{rolled}"  # untranslated: a die notation
        parts.append(f"d{size}" if size == rolled else shown)
    return " ".join(parts)


def faces_text(record: RollRecord) -> str:
    dice = record.detail.get("dice", []) if isinstance(record.detail, dict) else []
    return " ".join(str(die.get("face", "")) for die in dice if isinstance(die, dict))


def day_text(record: RollRecord, start: date | None) -> str:
    """The campaign day (RULES.md section 5: every line carries it) and its date; empty
    for lines logged before the day was recorded."""
    if record.day is None:
        return ""
    if start is None:
        return tr("Day {day}").format(day=record.day)
    when = window_translator().long_date(day_date(start, record.day))
    return tr("Day {day} · {date}").format(day=record.day, date=when)


def clock_text(record: RollRecord) -> str:
    """The wall-clock time it was rolled at (the computer's, not the campaign's)."""
    return record.at.replace("T", " ")[:19]


def game_text(record: RollRecord) -> str:
    """Where in play it was rolled: the game, and its scene, round and turn once set."""
    if record.game_id is None:
        return ""
    parts = [tr("Game {number}").format(number=record.game_id)]
    for place, value in (
        (N_("scene {number}"), record.scene),
        (N_("round {number}"), record.round),
        (N_("turn {number}"), record.turn),
    ):
        if value is not None:
            parts.append(tr(place).format(number=value))
    return " · ".join(parts)


def _number(value: int | None) -> str:
    return "" if value is None else str(value)


class RollLogModel(RecordTableModel):
    HEADERS = COLUMNS

    def __init__(self) -> None:
        super().__init__()
        self.records: list[RollRecord] = []
        self.start: date | None = None  # the campaign's day 1, for each line's date

    def set_records(self, records: list[RollRecord], start: date | None = None) -> None:
        self.beginResetModel()
        self.records = records
        self.start = start
        self.endResetModel()

    def add_newer(self, records: list[RollRecord]) -> None:
        """Lines logged since, newest first, on top of those held (no reset: the view
        keeps its place and nothing else is read again)."""
        if records:
            self.beginInsertRows(QModelIndex(), 0, len(records) - 1)
            self.records = records + self.records
            self.endInsertRows()

    def replace(self, records: dict[int, RollRecord]) -> None:
        """Lines read again by id (their undone mark changed), redrawn where they stand."""
        last = self.columnCount() - 1
        for row, held in enumerate(self.records):
            fresh = records.get(held.id)
            if fresh is not None:
                self.records[row] = fresh
                self.dataChanged.emit(self.index(row, 0), self.index(row, last))

    def cell(self, record: RollRecord, column: int) -> str:
        values = (
            day_text(record, self.start),
            clock_text(record),
            record.character_name,
            record.kind,
            dice_text(record),
            faces_text(record),
            "" if record.total is None else str(record.total),
            game_text(record),
            tr("(undone) {summary}").format(summary=record.summary)
            if record.undone
            else record.summary,
        )
        return values[column]

    def csv_row(self, record: RollRecord) -> list[str]:
        """One line of the export, as `CSV_HEADER` names its columns."""
        place = COLUMNS.index("In game")  # untranslated: a column's key
        shown = [self.cell(record, c) for c in range(place)]
        return [
            *shown,
            record.summary,
            "yes" if record.undone else "no",
            json.dumps(record.detail, ensure_ascii=False),
            *(_number(v) for v in (record.game_id, record.scene, record.round, record.turn)),
            _number(record.day),
        ]

    def record_data(self, record: RollRecord, column: int, role: int) -> object:
        if role == Qt.ItemDataRole.DisplayRole:
            return self.cell(record, column)
        if role == Qt.ItemDataRole.ToolTipRole:
            return tooltip(record.summary)
        if role == Qt.ItemDataRole.ForegroundRole and record.undone:
            return colour(QGuiApplication.palette(), UNDONE)
        if role == Qt.ItemDataRole.FontRole and record.undone:
            font = QFont()
            font.setStrikeOut(True)
            return font
        return None


class RollLogWidget(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._session: CampaignSession | None = None
        self.model = RollLogModel()
        # No wider than the Play dock it is tabbed with: it sets the column's least width.
        self.filter_combo = narrow_combo("rollLogFilter", 6)
        self.filter_combo.currentIndexChanged.connect(self.reload)
        self.export_button = push_button(tr("Export CSV…"), "rollLogExport", self.export_dialog)
        self.count_label = PlainLabel()
        self.table = QTableView()
        read_only_rows(self.table, "rollLogTable")
        named(self.table, tr("Rolls"))
        self.table.setModel(self.model)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(len(COLUMNS) - 1, QHeaderView.ResizeMode.Stretch)
        self.columns = NarrowColumns(self.table, COLUMNS)
        # "Show" and its box stay together; the count and Export wrap below them when
        # the words make the row wider than the dock.
        show = QWidget()
        show_row = QHBoxLayout(show)
        show_row.setContentsMargins(0, 0, 0, 0)
        show_row.addWidget(PlainLabel(tr("Show")))
        show_row.addWidget(self.filter_combo, 1)
        top = Flow()
        top.add(show, 1)
        top.add(self.count_label)
        top.add(self.export_button)
        log_page = QWidget()
        log_layout = QVBoxLayout(log_page)
        log_layout.setContentsMargins(0, 6, 0, 0)
        log_layout.addLayout(top)
        log_layout.addWidget(self.table, 1)
        # The Statistics tab is built when first chosen: the log starts as it always did,
        # with neither the odds nor the plotting library imported.
        self.statistics: QWidget | None = None
        self.statistics_page = QWidget()
        self.statistics_layout = QVBoxLayout(self.statistics_page)
        self.statistics_layout.setContentsMargins(0, 6, 0, 0)
        self.tabs = QTabWidget()
        self.tabs.setObjectName("rollLogTabs")
        self.tabs.setDocumentMode(True)
        self.tabs.addTab(log_page, tr("Log"))
        self.tabs.addTab(self.statistics_page, tr("Statistics"))
        self.tabs.currentChanged.connect(self._tab_chosen)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.tabs, 1)

    def set_session(self, session: CampaignSession | None) -> None:
        self._session = follow_changes(self._session, session, self._on_changed)
        self._fill_filter()
        self.reload()
        view = getattr(self.statistics, "set_session", None)
        if callable(view):
            view(session)

    def _tab_chosen(self, index: int) -> None:
        if self.tabs.widget(index) is not self.statistics_page or self.statistics is not None:
            return
        self._make_statistics()

    def _make_statistics(self) -> None:
        if self.statistics is not None:
            return
        from desktop.ui.statistics.widget import StatisticsWidget

        # The window's worker pool, as the Statistics dock's; a log on its own brings one.
        pool = getattr(self.window(), "pool", None)
        made = StatisticsWidget(pool if isinstance(pool, QThreadPool) else None)
        self.statistics = made
        made.set_session(self._session)
        self.statistics_layout.addWidget(made)

    @read_guard.guarded
    def _on_changed(self, topic: str) -> None:
        if topic == Topic.CHARACTERS:
            self._fill_filter()
        if topic == Topic.CHARACTERS:
            self.reload()  # a name, or a character's lines gone with it
        elif topic == Topic.ROLLS:
            self.refresh()

    def _fill_filter(self) -> None:
        chosen = self.filter_combo.currentData()
        self.filter_combo.blockSignals(True)
        self.filter_combo.clear()
        self.filter_combo.addItem(tr("Everyone"), None)
        if self._session is not None:
            for character in self._session.campaign.roster.all():
                self.filter_combo.addItem(character.name, character.id)
        index = self.filter_combo.findData(chosen)
        self.filter_combo.setCurrentIndex(max(0, index))
        self.filter_combo.blockSignals(False)

    def refresh(self) -> None:
        """After a roll-log change: the lines logged since added on top and the lines
        whose undone mark changed read again, nothing else (a whole log read took tens of
        ms at a few thousand lines, after every roll, with players rolling from their
        phones every second); the whole log read again when the copy no longer matches
        (lines gone, or one logged with an earlier time than the newest shown)."""
        if self._session is None:
            self.reload()
            return
        rolls = self._session.campaign.rolls
        who = self.filter_combo.currentData()
        held = self.model.records
        added = rolls.newer(max((r.id for r in held), default=0), who)
        count, undone = rolls.marks(who)
        out_of_order = bool(held) and any(r.at < held[0].at for r in added)
        if count != len(held) + len(added) or out_of_order:
            self.reload()
            return
        flipped = [r.id for r in held if r.undone != (r.id in undone)]
        self.model.replace({roll_id: rolls.get(roll_id) for roll_id in flipped})
        self.model.add_newer(added)
        self._count_shown()

    def _count_shown(self) -> None:
        count = self.model.rowCount()
        self.count_label.setText(ntr("{count} roll", "{count} rolls", count).format(count=count))
        self.export_button.setEnabled(self.model.rowCount() > 0)

    def reload(self) -> None:
        if self._session is None:
            self.model.set_records([])
        else:
            campaign = self._session.campaign
            self.model.set_records(
                campaign.rolls.all(self.filter_combo.currentData()), campaign.summary().start_date
            )
        self._count_shown()

    def export_dialog(self) -> None:
        offered = Path.home() / "roll-log.csv"
        if self._session is not None:
            campaign = self._session.campaign
            what = ptr("a file's name", "roll log")
            offered = export_path(campaign.path.parent, campaign.summary().name, what, ".csv")
        name, _ = QFileDialog.getSaveFileName(
            self, tr("Export the roll log"), str(offered), tr("CSV (*.csv)")
        )
        if not name:
            return
        if self._session is not None:
            refused = output_refusal(self._session.campaign, Path(name), ROLL_LOG)
            if refused is not None:
                self._session.report_failure(
                    tr("The roll log was not exported. {reason}").format(reason=refused)
                )
                return
        self.export_csv(Path(name))

    def export_csv(self, destination: Path) -> None:
        """The rows shown, one line each, plus the full detail as JSON."""
        # Written whole under the one partial name, then put in place: a failure half
        # way leaves an earlier export as it was, and a kill's leftover is swept.
        partial = destination.with_name(partial_name(destination.name))
        try:
            with partial.open("w", newline="", encoding="utf-8") as handle:
                writer = csv.writer(handle)
                writer.writerow(CSV_HEADER)
                for record in self.model.records:
                    writer.writerow(self.model.csv_row(record))
            os.replace(partial, destination)
        except OSError as error:
            if self._session is not None:
                failure = write_failure(destination, error, words=window_translator())
                self._session.report_breakage(failure)
        finally:
            with contextlib.suppress(OSError):  # a read-only disk made none
                partial.unlink(missing_ok=True)
