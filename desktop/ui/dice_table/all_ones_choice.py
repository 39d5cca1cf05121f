"""The player's choice after an all-ones roll, asked in place on the Dice Table.

RULES.md section 2, All-ones tuple: the player keeps one die (the rest go to the table)
or loses one (the rest return to the pool), and picks which die; the rules suggest the
largest to keep and the smallest to lose (`dicepool.suggested_die`).
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QFrame, QVBoxLayout, QWidget

from desktop.rules import dicepool
from desktop.ui.dice_table.wrap_button import BUTTON_WORDS, WrapButton
from desktop.ui.plain_text import RichLabel, escaped
from desktop.ui.window_language import tr


class AllOnesChoice(QFrame):
    chosen = Signal(object, object)  # the dicepool.Catastrophe, the die id picked (or None)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("catastropheChoice")
        self.label = RichLabel(tr("<b>All ones!</b> The player chooses:"))
        self.label.setWordWrap(True)
        self.keep_die_combo = QComboBox()
        self.keep_die_combo.setObjectName("catastropheKeepDie")
        # In the table's fixed column: a longer language's sentence wraps.
        self.keep_button = WrapButton(tr("Keep this one, rest to the table"), BUTTON_WORDS)
        self.keep_button.setObjectName("catastropheKeep")
        self.keep_button.clicked.connect(
            lambda: self.choose(dicepool.Catastrophe.DEPLETE_ALL_BUT_ONE)
        )
        self.lose_die_combo = QComboBox()
        self.lose_die_combo.setObjectName("catastropheLoseDie")
        self.lose_button = WrapButton(tr("Lose this one, rest to the pool"), BUTTON_WORDS)
        self.lose_button.setObjectName("catastropheLose")
        self.lose_button.clicked.connect(lambda: self.choose(dicepool.Catastrophe.LOSE_ONE))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        for widget in (
            self.label,
            self.keep_die_combo,
            self.keep_button,
            self.lose_die_combo,
            self.lose_button,
        ):
            layout.addWidget(widget)
        self.hide()

    def offer(self, roll: dicepool.Roll, name: str = "") -> None:
        """Ask about `roll` (for `name`'s side in a conflict): fill both die pickers with
        the rolled dice, the rules' suggestion chosen."""
        # A name: only text in our markup.
        self.label.setText(
            tr("<b>All ones for {name}!</b> The player chooses:").format(name=escaped(name))
            if name
            else tr("<b>All ones!</b> The player chooses:")
        )
        for combo, choice in (
            (self.keep_die_combo, dicepool.Catastrophe.DEPLETE_ALL_BUT_ONE),
            (self.lose_die_combo, dicepool.Catastrophe.LOSE_ONE),
        ):
            combo.clear()
            for number, (die_id, size) in enumerate(
                zip(roll.die_ids, roll.sizes, strict=True), start=1
            ):
                combo.addItem(tr("Die {number}: d{size}").format(number=number, size=size), die_id)
            combo.setCurrentIndex(combo.findData(dicepool.suggested_die(roll, choice)))

    def chosen_die(self, choice: dicepool.Catastrophe) -> int | None:
        combo = (
            self.keep_die_combo
            if choice is dicepool.Catastrophe.DEPLETE_ALL_BUT_ONE
            else self.lose_die_combo
        )
        data = combo.currentData()
        return data if isinstance(data, int) else None

    def choose(self, choice: dicepool.Catastrophe) -> None:
        self.chosen.emit(choice, self.chosen_die(choice))
