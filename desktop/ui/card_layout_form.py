"""The Print dialog's layout choices: card size, bleed, gap, cut marks, back offset,
duplex edge, fold-over, and two-sided character sheets.

The values are the campaign's to remember (``values`` / ``set_values``, plain JSON) and
the printing layer's to judge (``CardPrintOptions``): the form shows how many cards a
page holds on the chosen paper and says so plainly when the choice fits none.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QWidget,
)

from desktop.language import N_
from desktop.printing.cards import (
    CARD_SIZES,
    PAPER_MM,
    CardPrintOptions,
    PageSizeName,
    sheet_layout,
)
from desktop.ui.form_helpers import wrapped_label
from desktop.ui.plain_text import PlainLabel
from desktop.ui.window_language import ntr, ptr, tr

__all__ = ["SHEETS_TWO_SIDED", "CardLayoutForm"]

SHEETS_TWO_SIDED: Final = "sheets_two_sided"  # remembered beside the card options
# Marked only: translated when shown (tr), as the language is chosen after the import.
CARD_SIZE_NAMES: Final = {
    "poker": N_("Poker"),
    "bridge": N_("Bridge"),
    "mini": N_("Mini"),
    "tarot": N_("Tarot"),
}


def _spin(low: float, high: float, step: float, name: str) -> QDoubleSpinBox:
    spin = QDoubleSpinBox()
    spin.setObjectName(name)
    spin.setRange(low, high)
    spin.setSingleStep(step)
    spin.setDecimals(1)
    spin.setSuffix(tr(" mm"))
    return spin


def _cut_mark_labels() -> dict[str, str]:
    """The cut marks' choices, by the options' keys, in the window's language."""
    return {
        "short": tr("Short crop marks in the margin"),
        "lines": tr("Full-length cut lines"),
        "both": tr("Crop marks and cut lines"),
        "none": ptr("cut marks", "None"),
    }


def _duplex_labels() -> dict[str, str]:
    """The duplex edges, by the options' keys, in the window's language."""
    return {"long": tr("Flip on long edge"), "short": tr("Flip on short edge")}


class CardLayoutForm(QGroupBox):
    """The layout choices, in two parts: the cards' and two-sided printing's."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(tr("Layout"), parent)
        self.setObjectName("cardLayout")
        self.paper: PageSizeName = "A4"
        form = QFormLayout(self)
        self.card_size = QComboBox()
        self.card_size.setObjectName("cardSize")
        for key, (width, height) in CARD_SIZES.items():
            size = CARD_SIZE_NAMES.get(key)
            text = tr("{size} {width} × {height} mm").format(
                size=tr(size) if size else key.capitalize(),
                width=f"{width:g}",
                height=f"{height:g}",
            )
            self.card_size.addItem(text, key)
        self.bleed = _spin(0, 10, 0.5, "bleed")
        self.bleed.setToolTip(
            tr(
                "3 mm gives each card a grey edge running past the cut, so a cut a little "
                "off shows no white sliver; 0 keeps the cards white to their edge."
            )
        )
        self.gap = _spin(0, 30, 1, "gap")
        self.gap.setToolTip(tr("Room between cards: 0 lets one cut serve two cards."))
        self.cut_marks = QComboBox()
        self.cut_marks.setObjectName("cutMarks")
        for key, label in _cut_mark_labels().items():
            self.cut_marks.addItem(label, key)
        self.cut_marks.setToolTip(
            tr("Full-length lines survive the first cut; short marks are cut off with the margin.")
        )
        self.fold_over = QCheckBox(tr("Fold-over: each back beside its front (no duplex)"))
        self.fold_over.setObjectName("foldOver")
        self.offset_x = _spin(-10, 10, 0.1, "backOffsetX")
        self.offset_y = _spin(-10, 10, 0.1, "backOffsetY")
        offset = QHBoxLayout()
        for label, spin in (("X", self.offset_x), ("Y", self.offset_y)):
            offset.addWidget(PlainLabel(label))
            offset.addWidget(spin)
        offset_row = QWidget()
        offset_row.setLayout(offset)
        offset.setContentsMargins(0, 0, 0, 0)
        offset_row.setToolTip(
            tr(
                "Moves every back, + right and down as the back is read. "
                "Print File > Print Alignment Test to measure it."
            )
        )
        self.duplex = QComboBox()
        self.duplex.setObjectName("duplex")
        for key, label in _duplex_labels().items():
            self.duplex.addItem(label, key)
        self.sheets_two_sided = QCheckBox(tr("Character sheets two-sided (backs moved too)"))
        self.sheets_two_sided.setObjectName("sheetsTwoSided")
        self.fit = wrapped_label("cardFit")
        form.addRow(tr("Card size"), self.card_size)
        form.addRow(tr("Bleed"), self.bleed)
        form.addRow(tr("Gap"), self.gap)
        form.addRow(tr("Cut marks"), self.cut_marks)
        form.addRow(self.fold_over)
        form.addRow(tr("Back offset"), offset_row)
        form.addRow(tr("Duplex"), self.duplex)
        form.addRow(self.sheets_two_sided)
        form.addRow(self.fit)
        self._card_widgets: list[QWidget] = [
            self.card_size,
            self.bleed,
            self.gap,
            self.cut_marks,
            self.fold_over,
        ]
        for combo in (self.card_size, self.cut_marks, self.duplex):
            combo.currentIndexChanged.connect(self._update)
        for spin in (self.bleed, self.gap, self.offset_x, self.offset_y):
            spin.valueChanged.connect(self._update)
        for box in (self.fold_over, self.sheets_two_sided):
            box.toggled.connect(self._update)
        self._update()

    # -- values ------------------------------------------------------------------------

    def set_values(self, stored: Mapping[str, object]) -> None:
        """Show what the campaign remembered (a damaged value shows its default)."""
        options = CardPrintOptions.from_mapping(stored)
        self.card_size.setCurrentIndex(self.card_size.findData(options.card_size))
        self.bleed.setValue(options.bleed_mm)
        self.gap.setValue(options.gap_mm)
        self.cut_marks.setCurrentIndex(self.cut_marks.findData(options.cut_marks))
        self.offset_x.setValue(options.back_offset_mm[0])
        self.offset_y.setValue(options.back_offset_mm[1])
        self.duplex.setCurrentIndex(self.duplex.findData(options.duplex))
        self.fold_over.setChecked(options.fold_over)
        self.sheets_two_sided.setChecked(stored.get(SHEETS_TWO_SIDED) is True)
        self._update()

    def options(self) -> CardPrintOptions:
        return CardPrintOptions(
            card_size=str(self.card_size.currentData()),
            bleed_mm=self.bleed.value(),
            gap_mm=self.gap.value(),
            cut_marks=str(self.cut_marks.currentData()),  # type: ignore[arg-type]  # checked by the options
            back_offset_mm=(self.offset_x.value(), self.offset_y.value()),
            duplex=str(self.duplex.currentData()),  # type: ignore[arg-type]  # checked by the options
            fold_over=self.fold_over.isChecked(),
        )

    def values(self) -> dict[str, object]:
        """Everything to remember with the campaign."""
        return {**self.options().to_mapping(), SHEETS_TWO_SIDED: self.sheets_two_sided.isChecked()}

    # -- showing -----------------------------------------------------------------------

    def set_paper(self, paper: PageSizeName) -> None:
        self.paper = paper
        self._update()

    def set_for_cards(self, cards: bool) -> None:
        """Card choices only matter when cards print; the sheets' box only for sheets."""
        for widget in self._card_widgets:
            widget.setEnabled(cards)
        self.sheets_two_sided.setEnabled(not cards)
        self.fit.setVisible(cards)

    def fits(self) -> bool:
        """Whether the cards' layout holds at least one card on the paper shown."""
        return self.problem() is None

    def problem(self) -> str | None:
        try:
            sheet_layout(*PAPER_MM[self.paper], self.options())
        except ValueError as error:
            return str(error)
        return None

    def _update(self) -> None:
        problem = self.problem()
        if problem is not None:
            self.fit.setText(problem)
        else:
            per_page = sheet_layout(*PAPER_MM[self.paper], self.options()).per_page
            paper = ptr("paper size", "Letter") if self.paper == "Letter" else self.paper
            self.fit.setText(
                ntr(
                    "{count} card a page on {paper}", "{count} cards a page on {paper}", per_page
                ).format(count=per_page, paper=paper)
            )
        self.changed.emit()
