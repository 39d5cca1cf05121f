"""The rollers' table: everyone's row first, then each roller's, as `LuckSummary` says."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontMetrics

from desktop.language import N_
from desktop.ui.plain_text import tooltip
from desktop.ui.widgets.record_table import ModelIndex, RecordTableModel
from desktop.ui.window_language import tr, window_translator

if TYPE_CHECKING:  # the odds (icepool) are imported off the GUI thread: plot_loader
    from desktop.views.statistics import LuckSummary

COLUMNS = (
    N_("Who"),
    N_("Rolls"),
    N_("Dice"),
    N_("Depleted"),
    N_("Tuples"),
    N_("All ones"),
    N_("Percentile"),
    N_("By chance"),
    N_("Not defined"),
)
# Each column's header explained, on hover.
EXPLAINED = (
    N_("Who rolled: everyone in the scope, then each character, NPC and challenge"),
    N_("Trays rolled (each side of a conflict is one)"),
    N_("Dice rolled in them"),
    N_("Dice sent to the table, and in brackets how many the exact odds expected"),
    N_("Rolls with every die the same face, and in brackets how many were expected"),
    N_("Rolls of all ones, and in brackets how many were expected"),
    N_(
        "Where the totals fell in their own odds, on average (50 at a fair table), "
        "± its standard error"
    ),
    N_("How often a fair table would be this far from 50, as 1 in N"),
    N_("Rolls whose outcome was the roller's choice (all ones): no percentile"),
)


def _decimal(text: str) -> str:
    """A number written with "." in the window language's decimal mark (ungrouped)."""
    return text.replace(".", window_translator().language.decimal)


def expected(value: Fraction) -> str:
    return _decimal(f"{float(value):.1f}")


def against(actual: int, wanted: Fraction) -> str:
    """A count and its exact expectation: "3 (2.4)"."""
    return f"{actual} ({expected(wanted)})"


def percentile_text(summary: LuckSummary) -> str:
    """The mean percentile and its standard error in percentile points: "64.2 ± 4.6"."""
    if summary.mean_percentile is None:
        return ""
    error = "" if summary.standard_error is None else f" ± {summary.standard_error * 100:.1f}"
    return _decimal(f"{float(summary.mean_percentile) * 100:.1f}{error}")


def chance_text(summary: LuckSummary) -> str:
    """How likely luck this far from the middle is by chance: "1 in 12"."""
    from desktop.views.statistics import FEWEST_ROLLS, MILLION  # imported by then

    if summary.judged < FEWEST_ROLLS:
        return tr("too few rolls")
    one_in = summary.one_in
    if one_in is None or one_in >= MILLION:  # as the sentence says it
        return tr("< 1 in a million")
    return tr("1 in {number}").format(number=window_translator().number(one_in))


def cells(summary: LuckSummary) -> tuple[str, ...]:
    """A summary's row, in the order of `COLUMNS`."""
    return (
        summary.shown_name(window_translator()),
        str(summary.rolls),
        str(summary.dice),
        against(summary.depleted, summary.expected_depleted),
        against(summary.tuples, summary.expected_tuples),
        against(summary.all_ones, summary.expected_all_ones),
        percentile_text(summary),
        chance_text(summary),
        str(summary.not_defined),
    )


class RollersModel(RecordTableModel):
    """Everyone's row (bold), then each roller's; each row's sentence is its tooltip."""

    HEADERS = COLUMNS

    def __init__(self) -> None:
        super().__init__()
        self.records: list[LuckSummary] = []
        # Each row's texts, worked out once per report: the view asks for every cell's
        # text on each paint, and worked out each time they took a few ms of the window.
        self.texts: list[tuple[str, ...]] = []

    def set_summaries(self, summaries: Sequence[LuckSummary]) -> None:
        self.beginResetModel()
        self.records = list(summaries)
        self.texts = [cells(summary) for summary in self.records]
        self.endResetModel()

    def widths(self, font: QFont, margin: int) -> list[int]:
        """Each column's width for its texts (everyone's row in bold), `margin` added:
        measured here, without asking the model for every cell through Qt as
        `resizeColumnsToContents` does (4-17 ms of the window per report)."""
        bold_font = QFont(font)
        bold_font.setBold(True)
        plain, bold = QFontMetrics(font), QFontMetrics(bold_font)
        widths = [0] * len(COLUMNS)
        for row, texts in enumerate(self.texts):
            metrics = bold if row == 0 else plain
            for column, text in enumerate(texts):
                widths[column] = max(widths[column], metrics.horizontalAdvance(text))
        return [width + margin for width in widths]

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if role == Qt.ItemDataRole.DisplayRole and index.isValid():
            return self.texts[index.row()][index.column()]
        return super().data(index, role)

    def record_data(self, record: LuckSummary, column: int, role: int) -> object:
        if role == Qt.ItemDataRole.ToolTipRole:
            from desktop.views.statistics import luck_sentence  # imported by then

            return tooltip(luck_sentence(record, window_translator()))
        if role == Qt.ItemDataRole.TextAlignmentRole and column > 0:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.FontRole and self.records and record is self.records[0]:
            font = QFont()
            font.setBold(True)
            return font
        return None
