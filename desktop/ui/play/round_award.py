"""The end of a round: the GM may award one depleted die from an NPC or a challenge on
the table (or, when none has one, a new depleted die) to a player. Award and end the
round is one key (A); ending it without an award (skipping) is one key too (R).

energy-system-dice-pool.txt, Storytelling: "At the end of a round of turns has gone by,
the GM may award one depleted die from NPC or noncharacter challenges to one of the
players. If the GM does not have any depleted dice on the table, they may create a
depleted die and give it to the player."
"""

from __future__ import annotations

from typing import NamedTuple

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFormLayout, QPushButton, QVBoxLayout, QWidget

from desktop.rules import dicepool
from desktop.store import CharacterRecord, DieRecord, PlayView
from desktop.ui.form_helpers import narrow_combo, spread_row
from desktop.ui.table_keys import AWARD_KEY
from desktop.ui.window_language import tr


class Source(NamedTuple):
    """Where the awarded die comes from: a depleted die of an NPC or a challenge, or
    (`die` None) a new die the GM makes."""

    label: str
    die: DieRecord | None = None


def award_sources(
    characters: list[CharacterRecord], dice: dict[int, list[DieRecord]], scene: set[int]
) -> list[Source]:
    """The NPCs' and challenges' depleted dice (those in the scene first), or a new die
    when none has one."""
    found = []
    for character in sorted(characters, key=lambda c: c.id not in scene):
        if character.kind == "pc":
            continue
        for die in dice.get(character.id, []):
            if die.kind == "ordinary" and die.place == "table":
                label = tr("a depleted d{size} of {name}").format(
                    size=die.size, name=character.name
                )
                found.append(Source(label, die))
                break  # one offer per NPC or challenge is enough to choose from
    return found or [Source(tr("a new depleted d{size}").format(size=dicepool.DEFAULT_SIZE))]


class RoundAward(QWidget):
    award_requested = Signal(object, int)  # Source, receiver id

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        row = QFormLayout()
        self.source = narrow_combo("awardSource")
        self.receiver = narrow_combo("awardReceiver")
        row.addRow(tr("Give"), self.source)
        row.addRow(tr("to"), self.receiver)
        self.award_button = QPushButton(tr("Award and end round ({key})").format(key=AWARD_KEY))
        self.award_button.setToolTip(
            tr("The GM's award at a round's end; End round alone (R) skips it.")
        )
        self.award_button.clicked.connect(self.award)
        buttons = spread_row([self.award_button])
        layout.addLayout(row)
        layout.addLayout(buttons)
        # A is the main window's key (`table_keys`): it works with this dock unbuilt.
        self._sources: list[Source] = []

    def show_view(
        self,
        view: PlayView,
        characters: list[CharacterRecord],
        dice: dict[int, list[DieRecord]],
        writable: bool,
    ) -> None:
        self._sources = award_sources(characters, dice, set(view.members))
        kept_source = self.source.currentIndex()
        kept_receiver = self.receiver.currentData()
        self.source.clear()
        for source in self._sources:
            self.source.addItem(source.label)
        self.source.setCurrentIndex(min(max(kept_source, 0), len(self._sources) - 1))
        self.receiver.clear()
        for seat in view.order:
            self.receiver.addItem(seat.name, seat.character_id)
        index = self.receiver.findData(kept_receiver)
        self.receiver.setCurrentIndex(max(index, 0))
        playing = view.game_id is not None and view.scene_number > 0
        self.award_button.setEnabled(writable and playing and bool(view.order))

    def award(self) -> None:
        if not self.award_button.isEnabled() or not self._sources:
            return
        source = self._sources[max(self.source.currentIndex(), 0)]
        self.award_requested.emit(source, int(self.receiver.currentData()))
