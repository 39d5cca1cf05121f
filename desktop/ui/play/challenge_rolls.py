"""The scene's non-character challenges roll each turn: the app offers the same number
of dice as the challenge's last roll. A party-wide condition rolls once and every
player in the scene rolls against that one total (`party_roll.against_party`).

energy-system-dice-pool.txt, Noncharacter Challenges: "The GM should usually roll the
same number of dice each turn for noncharacter challenges for situations that are
consistent."
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QSize, Signal
from PySide6.QtWidgets import (
    QFormLayout,
    QHBoxLayout,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from desktop.language import N_
from desktop.store import CharacterRecord, PlayView
from desktop.ui.plain_text import PlainLabel
from desktop.ui.play.round_award import narrow_combo
from desktop.ui.step_result import StepResult
from desktop.ui.widgets.english_width import EnglishWidth
from desktop.ui.widgets.number_field import NumberField
from desktop.ui.window_language import tr

if TYPE_CHECKING:
    from desktop.ui.dice_table.all_ones_choice import AllOnesChoice

CHALLENGE, ITS_DICE, EACH = N_("Challenge"), N_("Its dice"), N_("Each player's dice")
ROLL, PARTY = N_("Roll challenge"), N_("Roll vs party")
MOST_DICE = 200  # a Deadly challenge rolls 23d6; far more is a slip of the keyboard
PARTY_DICE = 2  # what each player rolls against a condition unless the GM says otherwise


def _dice_count(value: int) -> None:
    if not 1 <= value <= MOST_DICE:
        raise ValueError(tr("Roll from 1 to {most} dice.").format(most=MOST_DICE))


class ChallengeRolls(QWidget):
    roll_requested = Signal(int, int)  # challenge id, dice
    party_requested = Signal(int, int, int)  # condition id, its dice, each player's dice
    # The player's all-ones choice: the dicepool.Catastrophe, the die id picked (or None).
    all_ones_chosen = Signal(object, object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        row = QFormLayout()
        # A label too long to sit beside its field goes above it (French, German): the
        # dock stays as wide as in English (`minimumSizeHint`).
        row.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        self._form = row
        self.challenge = narrow_combo("sceneChallenge")
        self.count = NumberField(tr("The challenge's dice"), _dice_count, width=48)
        self.count.setObjectName("challengeDice")
        self.party_count = NumberField(tr("Each player's dice"), _dice_count, width=48)
        self.party_count.setObjectName("partyDice")
        self.party_count.setValue(PARTY_DICE)
        self.roll_button = QPushButton(tr(ROLL))
        self.party_button = QPushButton(tr(PARTY))
        # Each roll beside its count: the dock fits 1366 x 768 without scrolling.
        # Each row's label and field, the label's and the button's least width in English
        # kept (`minimumSizeHint`).
        self._english: list[tuple[QWidget, EnglishWidth, EnglishWidth | None]] = []
        for label, field, button, words in (
            (CHALLENGE, self.challenge, None, ""),
            (ITS_DICE, _beside(self.count, self.roll_button), self.roll_button, ROLL),
            (EACH, _beside(self.party_count, self.party_button), self.party_button, PARTY),
        ):
            shown = PlainLabel(tr(label))
            shown.setBuddy(field)  # as addRow with the label's text makes it
            row.addRow(shown, field)
            english = EnglishWidth(button, words) if button is not None else None
            self._english.append((field, EnglishWidth(shown, label), english))
        self.roll_button.setToolTip(tr("The challenge rolls; the roll log keeps it for its turn."))
        self.party_button.setToolTip(
            tr(
                "Roll against the party: the party-wide condition rolls once; every player in "
                "the scene rolls against it: each loser takes damage, each winner damages it."
            )
        )
        self.roll_button.clicked.connect(self._roll)
        self.party_button.clicked.connect(self._party)
        self.result = PlainLabel()
        self.result.setObjectName("challengeResult")
        self.result.setWordWrap(True)
        self.outcome = StepResult(self.result)
        # An all-ones roll asks here, as on the Dice Table: the player chooses. Made when
        # a roll first asks (a plain start imports none of it: tests/ui/test_paint_first.py).
        self._all_ones: AllOnesChoice | None = None
        self._layout = layout
        layout.addLayout(row)
        layout.addWidget(self.result)
        self.challenge.currentIndexChanged.connect(lambda _i: self._offer())
        self._offers: dict[int, int] = {}
        self._condition: int | None = None
        self._writable = False
        self._playing = False

    def minimumSizeHint(self) -> QSize:
        """As wide as its rows side by side in English, at least: the window at 1366 x 768
        is laid out for them, and in every language it stays so (its rows wrap within)."""
        least = super().minimumSizeHint()
        labels, fields = 0, 0
        for field, label, button in self._english:
            labels = max(labels, label.width)
            width = field.minimumSizeHint().width()
            if button is not None:
                width += button.width - button.widget.minimumSizeHint().width()
            fields = max(fields, width)
        english = labels + self._form.horizontalSpacing() + fields
        return QSize(max(least.width(), english), least.height())

    @property
    def all_ones(self) -> AllOnesChoice:
        """The all-ones choice under the result line, made when first asked for."""
        if self._all_ones is None:
            from desktop.ui.dice_table.all_ones_choice import AllOnesChoice

            self._all_ones = AllOnesChoice()
            self._all_ones.chosen.connect(self.all_ones_chosen)
            self._layout.insertWidget(self._layout.indexOf(self.result) + 1, self._all_ones)
        return self._all_ones

    def hide_all_ones(self) -> None:
        if self._all_ones is not None:
            self._all_ones.hide()

    def show_view(
        self,
        view: PlayView,
        characters: list[CharacterRecord],
        offers: dict[int, int],
        writable: bool,
    ) -> None:
        """`offers`: each challenge's dice count at its last roll."""
        self._offers = offers
        self._condition = view.condition_id
        self._writable = writable
        self._playing = view.game_id is not None and view.scene_number > 0
        kept = self.challenge.currentData()
        self.challenge.blockSignals(True)
        self.challenge.clear()
        members = set(view.members)
        for character in characters:
            if character.kind == "challenge" and character.id in members:
                label = character.name
                if character.id == view.condition_id:
                    label = tr("{name} (party-wide)").format(name=character.name)
                self.challenge.addItem(label, character.id)
        index = self.challenge.findData(kept)
        if index < 0:
            index = self.challenge.findData(view.condition_id)
        self.challenge.setCurrentIndex(max(index, 0))
        self.challenge.blockSignals(False)
        self._offer(keep_typed=index >= 0 and kept is not None)

    def _offer(self, keep_typed: bool = False) -> None:
        chosen = self.challenge.currentData()
        if not keep_typed or self.count.value() is None:
            self.count.setValue(self._offers.get(chosen, 1) if chosen else 1)
        has = chosen is not None and self._writable and self._playing
        self.roll_button.setEnabled(has)
        self.party_button.setEnabled(has and chosen == self._condition)

    def _roll(self) -> None:
        count = self.count.value()
        if count is None:
            self.outcome.say(self.count.problem() or tr("Say how many dice to roll."))
            return
        self.roll_requested.emit(int(self.challenge.currentData()), count)

    def _party(self) -> None:
        count, each = self.count.value(), self.party_count.value()
        if count is None or each is None:
            problem = self.count.problem() or self.party_count.problem()
            self.outcome.say(problem or tr("Say how many dice to roll."))
            return
        self.party_requested.emit(int(self.challenge.currentData()), count, each)


def _beside(field: QWidget, button: QPushButton) -> QWidget:
    row = QWidget()
    line = QHBoxLayout(row)
    line.setContentsMargins(0, 0, 0, 0)
    line.addWidget(field)
    line.addWidget(button, 1)
    return row
