"""The roll: dice against a position, or a result entered by the GM."""

from __future__ import annotations

import random
from collections.abc import Callable

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QPushButton,
    QSpinBox,
    QWidget,
)

from desktop.rules import dicepool, downtime
from desktop.rules.downtime import Result
from desktop.ui.downtime.planning import (
    DEFAULT_DICE,
    MAX_COIN,
    MAX_DICE,
    MAX_MULTIPLIER,
    level_word,
    position_word,
    result_label,
)
from desktop.ui.form_helpers import spread_row
from desktop.ui.plain_text import PlainLabel, RichLabel
from desktop.ui.theme import HINT_STYLE
from desktop.ui.window_language import tr, window_translator

# -- the roll: dice against a position, or a result entered by the GM ---------------------------


class ResultPicker(QWidget):
    """Roll Nd(size) against a position for a suggested result, or pick the result; coin
    spent after the roll raises it one level a coin (shown live with its cost)."""

    changed = Signal()

    def __init__(self, rng: Callable[[], random.Random], coin: bool, prefix: str) -> None:
        super().__init__()
        self._rng = rng
        self._with_coin = coin
        self._roll_text = ""
        self.dice_spin = QSpinBox()
        self.dice_spin.setObjectName(f"{prefix}Dice")
        self.dice_spin.setRange(0, MAX_DICE)
        self.dice_spin.setValue(DEFAULT_DICE)
        self.size_combo = QComboBox()
        self.size_combo.setObjectName(f"{prefix}Size")
        for size in dicepool.SIZES:
            self.size_combo.addItem(f"d{size}", size)  # untranslated: a die's notation
        self.size_combo.setCurrentIndex(dicepool.SIZES.index(dicepool.DEFAULT_SIZE))
        self.position_combo = QComboBox()
        self.position_combo.setObjectName(f"{prefix}Position")
        words = window_translator()
        for key, target in downtime.TARGETS.items():
            self.position_combo.addItem(
                tr("{position} ({target})").format(
                    position=position_word(words, key), target=target
                ),
                key,
            )
        self.position_combo.setCurrentIndex(list(downtime.TARGETS).index("risky"))
        self.roll_button = QPushButton(tr("Roll"))
        self.roll_button.setObjectName(f"{prefix}Roll")
        self.roll_label = RichLabel()
        self.roll_label.setObjectName(f"{prefix}Rolled")
        self.roll_label.setWordWrap(True)
        self.level_combo = QComboBox()
        self.level_combo.setObjectName(f"{prefix}Level")
        self.level_combo.addItem(tr("Roll, or pick the result…"), "")
        for level in downtime.LEVELS:
            self.level_combo.addItem(level_word(words, level), level)
        self.multiplier_spin = QSpinBox()
        self.multiplier_spin.setObjectName(f"{prefix}Multiplier")
        self.multiplier_spin.setRange(1, MAX_MULTIPLIER)
        self.multiplier_spin.setPrefix("×")
        self.multiplier_spin.setToolTip(tr("The critical's multiplier"))
        self.coin_spin = QSpinBox()
        self.coin_spin.setObjectName(f"{prefix}RaiseCoin")
        self.coin_spin.setRange(0, MAX_COIN)
        self.coin_spin.setSuffix(tr(" coin"))
        self.coin_spin.setToolTip(tr("Each coin spent after the roll raises the result one level."))
        self.raised_label = RichLabel()
        self.raised_label.setObjectName(f"{prefix}Raised")
        self._build(coin)
        for signal in (
            self.dice_spin.valueChanged,
            self.size_combo.currentIndexChanged,
            self.position_combo.currentIndexChanged,
        ):
            signal.connect(self._forget_roll)
        self.level_combo.currentIndexChanged.connect(self._on_edit)
        self.multiplier_spin.valueChanged.connect(self._on_edit)
        self.coin_spin.valueChanged.connect(self._on_edit)
        self.roll_button.clicked.connect(self.roll)
        self._on_edit()

    def _build(self, coin: bool) -> None:
        dice = spread_row(
            [
                self.dice_spin,
                self.size_combo,
                PlainLabel(tr("against")),
                self.position_combo,
                self.roll_button,
            ]
        )
        level = spread_row([self.level_combo, self.multiplier_spin])
        form = QFormLayout(self)
        form.setContentsMargins(0, 0, 0, 0)
        form.addRow(tr("Dice"), dice)
        form.addRow("", self.roll_label)
        form.addRow(tr("Result"), level)
        if coin:
            raise_row = QHBoxLayout()
            raise_row.addWidget(self.coin_spin)
            raise_row.addWidget(self.raised_label, 1)
            form.addRow(tr("Raise with"), raise_row)
        else:
            self.coin_spin.hide()
            self.raised_label.hide()

    # -- values --------------------------------------------------------------------------------

    def result(self) -> Result | None:
        level = self.level_combo.currentData()
        if not level:
            return None
        multiplier = self.multiplier_spin.value() if level == downtime.CRITICAL else 0
        return Result(level, multiplier)

    def require_result(self) -> Result:
        result = self.result()
        if result is None:
            raise ValueError(tr("Roll the dice, or pick the result the table rolled."))
        return result

    def coin(self) -> int:
        return self.coin_spin.value() if self._with_coin else 0

    def describe(self) -> str:
        """How the result came about, for the summary: the roll, or "entered"."""
        return self._roll_text or tr("result entered")

    def rolled(self) -> bool:
        """Whether the result was rolled here (not entered from the table)."""
        return bool(self._roll_text)

    # -- changes -------------------------------------------------------------------------------

    def set_position(self, position: str, locked: bool, tip: str = "") -> None:
        self.position_combo.setCurrentIndex(max(0, self.position_combo.findData(position)))
        self.position_combo.setEnabled(not locked)
        self.position_combo.setToolTip(tip)

    def set_dice(self, count: int, locked: bool, tip: str = "") -> None:
        self.dice_spin.setValue(count)
        self.dice_spin.setEnabled(not locked)
        self.dice_spin.setToolTip(tip)

    def roll(self) -> None:
        size, count = int(self.size_combo.currentData()), self.dice_spin.value()
        position = str(self.position_combo.currentData())
        target = downtime.target_number(position)
        rolled = downtime.action_roll(self._rng(), count, size)
        total = rolled.total
        suggested = downtime.suggest_result(total, target)
        shown = rolled.text()
        if rolled.zero_dice and len(rolled.faces) == 2:  # the rules' words, in the window's
            shown = tr("0 dice: rolled {first} and {second}, the lower kept").format(
                first=rolled.faces[0], second=rolled.faces[1]
            )
        words = window_translator()
        self._roll_text = tr("{count}d{size} rolled {total} against {position} {target}").format(
            count=count,
            size=size,
            total=total,
            position=position_word(words, position, in_text=True),
            target=target,
        )
        self.roll_label.setText(
            tr(
                "{shown} = <b>{total}</b> against {position} {target}: <b>{result}</b> suggested"
            ).format(
                shown=shown,
                total=total,
                position=position_word(words, position),
                target=target,
                result=result_label(words, suggested),
            )
        )
        self.level_combo.setCurrentIndex(self.level_combo.findData(suggested.level))
        self.multiplier_spin.setValue(max(1, suggested.multiplier))
        self._on_edit()

    def reset(self) -> None:
        self._forget_roll()
        for widget in (self.level_combo, self.coin_spin):
            widget.blockSignals(True)
        self.level_combo.setCurrentIndex(0)
        self.coin_spin.setValue(0)
        for widget in (self.level_combo, self.coin_spin):
            widget.blockSignals(False)
        self._on_edit()

    def _forget_roll(self) -> None:
        self._roll_text = ""
        self.roll_label.setText(tr("Roll here, or roll at the table and pick the result below."))
        self.roll_label.setStyleSheet(HINT_STYLE)

    def _on_edit(self) -> None:
        if self._roll_text:
            self.roll_label.setStyleSheet("")
        result = self.result()
        self.multiplier_spin.setVisible(result is not None and result.level == downtime.CRITICAL)
        coin = self.coin_spin.value()
        if result is None:
            self.raised_label.setText("")
        elif coin:
            raised = downtime.raise_result(result, coin)
            self.raised_label.setText(
                tr("→ <b>{result}</b> for {coin} of the chapter's coin").format(
                    result=result_label(window_translator(), raised), coin=coin
                )
            )
        else:
            self.raised_label.setText(tr("1 coin raises the result one level"))
        self.changed.emit()
