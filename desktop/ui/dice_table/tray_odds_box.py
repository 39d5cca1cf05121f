"""The Dice Table's "Odds of the tray" box: the chance to reach a total the GM types, the
expected total, depletion and tuple odds, worked out exactly off the GUI thread as the
tray changes (`desktop.rules.odds` through `OddsWorker`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QThreadPool
from PySide6.QtWidgets import QFormLayout, QGroupBox, QLabel, QWidget

from desktop.rules import dicepool
from desktop.ui.dice_table.odds import tray_odds, tray_odds_texts
from desktop.ui.plain_text import PlainLabel
from desktop.ui.widgets.number_field import NumberField, problem_label
from desktop.ui.window_language import tr
from desktop.views.tray_odds import TRAY_ODDS_ROWS

if TYPE_CHECKING:
    from desktop.ui.odds_worker import OddsWorker


class TrayOddsBox(QGroupBox):
    def __init__(self, pool: QThreadPool, parent: QWidget | None = None) -> None:
        super().__init__(tr("Odds of the tray"), parent)
        self._pool = pool
        self._worker: OddsWorker | None = None  # made with the first tray to weigh
        self._asked: tuple[tuple[int, ...], int] = ((), 0)
        self.target_spin = NumberField(tr("The total to reach"), dicepool.check_reach)
        self.target_spin.setObjectName("oddsTarget")
        self.target_spin.setValue(10)
        self.target_spin.checked.connect(self._again)
        self.reach_label = PlainLabel("–")
        self.reach_label.setObjectName("oddsReach")
        self.expected_label = PlainLabel("–")
        self.deplete_label = PlainLabel("–")
        self.deplete_label.setObjectName("oddsDeplete")
        self.tuple_label = PlainLabel("–")
        self.tuple_label.setObjectName("oddsTuple")
        form = QFormLayout(self)
        form.addRow(tr("Reach"), self.target_spin)
        form.addRow(problem_label(self.target_spin, "oddsTargetProblem"))
        # The rows' names are the player's page's too (desktop.views.tray_odds).
        for row, label in zip(TRAY_ODDS_ROWS, self._labels(), strict=True):
            form.addRow(tr(row), label)

    def _labels(self) -> tuple[QLabel, QLabel, QLabel, QLabel]:
        return (self.reach_label, self.expected_label, self.deplete_label, self.tuple_label)

    def request(self, sizes: tuple[int, ...], on_table: int) -> None:
        """The odds of rolling dice of `sizes` with `on_table` depleted dice counting."""
        self._asked = (sizes, on_table)
        if not sizes:
            self.cancel()
            for label in self._labels():
                label.setText("–")
            return
        if self._worker is None:
            from desktop.ui.odds_worker import OddsWorker

            self._worker = OddsWorker(self._pool, self)
            self._worker.ready.connect(self._show)
            self._worker.failed.connect(self._show_problem)
        self._worker.request(lambda: tray_odds(sizes, on_table))

    def cancel(self) -> None:
        if self._worker is not None:
            self._worker.cancel()

    def _again(self) -> None:
        self.request(*self._asked)  # another target: the same tray's odds, read again

    def _show(self, result: object) -> None:
        target = self.target_spin.value()
        texts = tray_odds_texts(result, target) if target is not None else None
        if texts is None:
            if target is None and result is not None:
                self.reach_label.setText(self.target_spin.problem() or "–")
            return
        for label, text in zip(self._labels(), texts, strict=True):
            label.setText(text)

    def _show_problem(self, message: str) -> None:
        self.reach_label.setText(message)
