"""The payoff form: a score's coin and rep, as the rules reckon them, before it is paid."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QSpinBox,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from desktop.rules import downtime, factions
from desktop.ui.accessible import named
from desktop.ui.chapter.labels import JOB_LABELS, check_coin
from desktop.ui.form_helpers import push_button, wrapped_label
from desktop.ui.plain_text import PlainLabel, escaped
from desktop.ui.session import CampaignSession
from desktop.ui.widgets.flow import Flow, pair
from desktop.ui.widgets.number_field import NumberField
from desktop.ui.window_language import tr

if TYPE_CHECKING:
    from desktop.store import ChapterRecord


class PayoffForm(QGroupBox):
    """Target tier, quiet, job size (and coin for a major job); shows what it brings."""

    apply_requested = Signal(int, bool, str, int)  # target tier, quiet, size, coin

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(tr("Payoff"), parent)
        self.setObjectName("chapterPayoff")
        self.record: ChapterRecord | None = None
        self.target_spin = QSpinBox()
        self.target_spin.setObjectName("payoffTarget")
        self.target_spin.setRange(factions.MIN_TIER, factions.MAX_TIER)
        self.target_spin.setPrefix(tr("Tier "))
        # The box and its words apart: the words wrap where they are long (a check box's
        # own text never does), and a click on them ticks the box all the same.
        quiet = tr("Kept quiet (no one knows: no rep)")
        self.quiet_check = named(QCheckBox(), quiet)
        self.quiet_check.setObjectName("payoffQuiet")
        self.quiet_label = CheckWords(quiet, self.quiet_check)
        self.size_combo = QComboBox()
        self.size_combo.setObjectName("payoffSize")
        for size in downtime.JOB_SIZES:
            self.size_combo.addItem(tr(JOB_LABELS[size]), size)
        self.size_combo.setCurrentIndex(self.size_combo.findData(downtime.STANDARD))
        # Typed, not spun: a spin box turned 99999 into 9999 without a word.
        self.coin_field = NumberField(tr("Coin"), self._check_coin, width=72)
        self.coin_field.setObjectName("payoffCoin")
        self.preview = wrapped_label("payoffPreview", rich=True)
        self.apply_button = push_button(tr("Apply payoff"), "payoffApply")
        # The job's choices wrap onto more rows where the words are long; the job's
        # name goes under its label rather than be cut short.
        choices = Flow(spacing=12, tall_minimum=True)
        choices.add(pair(PlainLabel(tr("Target")), self.target_spin))
        job = QWidget()
        job_row = Flow(job, spacing=6, tall_minimum=True)
        job_label = PlainLabel(tr("Job"))
        job_label.setBuddy(self.size_combo)
        job_row.add(job_label)
        job_row.add(self.size_combo, 1)
        choices.add(job, 1, whole=True)
        choices.add(pair(self.coin_field, PlainLabel(tr("coin")), stretch=False))
        quiet_row = QHBoxLayout()
        quiet_row.setSpacing(self.style().pixelMetric(QStyle.PixelMetric.PM_CheckBoxLabelSpacing))
        quiet_row.addWidget(self.quiet_check, 0, Qt.AlignmentFlag.AlignTop)
        quiet_row.addWidget(self.quiet_label, 1)
        result = Flow(spacing=12, tall_minimum=True)
        result.add(self.preview, 1)
        result.add(self.apply_button, align=Qt.AlignmentFlag.AlignBottom)
        layout = QVBoxLayout(self)
        layout.addLayout(choices)
        layout.addLayout(quiet_row)
        layout.addLayout(result)
        for signal in (self.target_spin.valueChanged, self.coin_field.checked):
            signal.connect(self.update_preview)
        self.quiet_check.toggled.connect(self.update_preview)
        self.size_combo.currentIndexChanged.connect(self._size_changed)
        self.apply_button.clicked.connect(self._apply)
        self._size_changed()

    def set_session(self, session: CampaignSession | None) -> None:
        # Another campaign: its first chapter shown sets the target tier again.
        self.record = None
        self.target_spin.setValue(factions.MIN_TIER)

    def show_chapter(self, record: ChapterRecord | None, writable: bool) -> None:
        first = self.record is None and record is not None
        self.record = record
        if first and record is not None:
            self.target_spin.setValue(record.tier)  # a job against an equal is the default
        self.setEnabled(writable)
        self.update_preview()

    def _check_coin(self, coin: int) -> None:
        """What the job chosen pays (a major job 10 or more), as the file can hold it."""
        downtime.payoff_coin(self.job_size(), coin)
        check_coin(coin)

    def job_size(self) -> str:
        return str(self.size_combo.currentData())

    def _size_changed(self) -> None:
        major = self.job_size() == downtime.MAJOR
        self.coin_field.setEnabled(major)
        typed = self.coin_field.value()
        if not major:
            self.coin_field.setValue(downtime.JOB_COIN[self.job_size()])
        elif typed is None or typed < downtime.JOB_COIN[downtime.MAJOR]:
            self.coin_field.setValue(downtime.JOB_COIN[downtime.MAJOR])
        self.update_preview()

    def result(self) -> tuple[downtime.Payoff, factions.Chapter] | None:
        """What the job pays and the chapter after it, or None without a chapter."""
        if self.record is None:
            return None
        coin = None
        if self.job_size() == downtime.MAJOR:
            coin = self.coin_field.value()
            if coin is None:  # refused where it is typed: the preview says why
                raise ValueError(self.coin_field.problem() or tr("Type the coin the job pays."))
        return downtime.chapter_payoff(
            self.record.chapter,
            self.target_spin.value(),
            self.job_size(),
            self.quiet_check.isChecked(),
            coin,
            at_war=self.record.at_war,
        )

    def update_preview(self) -> None:
        try:
            outcome = self.result()
        except ValueError as refused:  # the job would take the chapter past a bound
            self.preview.setText(escaped(tr("Not possible: {reason}").format(reason=refused)))
            self.apply_button.setEnabled(False)
            return
        if outcome is None or self.record is None:
            self.preview.setText("")
            self.apply_button.setEnabled(False)
            return
        pay, after = outcome
        self.preview.setText(payoff_text(self.record, pay, after, self.quiet_check.isChecked()))
        self.apply_button.setEnabled(self.isEnabled())

    def _apply(self) -> None:
        coin = self.coin_field.value()
        if coin is None:
            return  # refused where it is typed (and Apply is off)
        self.apply_requested.emit(
            self.target_spin.value(), self.quiet_check.isChecked(), self.job_size(), coin
        )


class CheckWords(PlainLabel):
    """The wrapped words of a check box beside it: a click on them ticks it."""

    def __init__(self, text: str, check: QCheckBox) -> None:
        super().__init__(text)
        self.check = check
        self.setWordWrap(True)
        self.setBuddy(check)
        self.setFocusProxy(check)  # the keyboard stands on the box, not its words

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton and self.check.isEnabled():
            self.check.click()
            self.check.setFocus(Qt.FocusReason.MouseFocusReason)
        super().mouseReleaseEvent(event)


def payoff_text(
    record: ChapterRecord, pay: downtime.Payoff, after: factions.Chapter, quiet: bool
) -> str:
    """The rep and coin a job brings, as the GM reads it before applying it."""
    gained = after.rep - record.rep
    needed = after.rep_needed
    if quiet:
        rep = tr("<b>no rep</b> (kept quiet)")
    elif record.chapter.rep_full and pay.rep:
        rep = tr("<b>no rep</b>: the tracker is full, so the chapter earns none until it develops")
    elif gained < pay.rep and gained:
        rep = tr(
            "<b>+{gained} rep</b> of {rep} (the tracker fills at {needed}) → {after} of {needed}"
        )
    elif gained < pay.rep:
        rep = tr("<b>+{gained} rep</b> of {rep} (the tracker fills at {needed})")
    elif gained:
        rep = tr("<b>+{gained} rep</b> → {after} of {needed}")
    else:
        rep = tr("<b>+{gained} rep</b>")
    rep = rep.format(gained=gained, rep=pay.rep, needed=needed, after=after.rep)
    coin = tr("<b>+{coin} coin</b> → {after}").format(coin=pay.coin, after=after.coin)
    if pay.heat:
        heat = tr(
            "<b>+{heat} heat</b> → {after} (at war; the chapter counts as tier {tier})"
        ).format(heat=pay.heat, after=after.heat, tier=after.standing(True)[0])
        return tr("This job brings {rep}, {coin}, and {heat}.").format(
            rep=rep, coin=coin, heat=heat
        )
    return tr("This job brings {rep}, and {coin}.").format(rep=rep, coin=coin)
