"""The last roll: its dice drawn as on the Dice Table, tumbling for a moment, then the
total and the roll in words (depletions, a tuple), as the roll log keeps it.

Only a player character's Dice Table roll is shown: the GM's NPC and challenge rolls,
conflicts and SySCard acts (whose words may name a hidden card) stay on the GM's screen.
An undone roll gives way to the one before it. desktop/views/public.py decides which
roll that is, for this display and the players' own pages alike.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import cast

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QPainter, QPaintEvent
from PySide6.QtWidgets import QHBoxLayout, QSizePolicy, QWidget

from desktop.paint.dice import paint_die
from desktop.rules import dicepool
from desktop.store import Campaign, Topic
from desktop.ui.dice_table.animation import RollAnimation
from desktop.ui.plain_text import PlainLabel
from desktop.ui.player_display.section import Section, sized_font
from desktop.ui.widgets.dice_scene import DieState
from desktop.ui.window_language import tr
from desktop.views.public import RollDieView, RollView, last_player_roll


@dataclass(frozen=True)
class _Tumbling:
    """What the tumble reads of a roll: the dice and the sizes they roll as. The dice
    are named by their places in the roll (the view carries no store ids)."""

    die_ids: tuple[int, ...]
    sizes: tuple[int, ...]


class DiceStrip(QWidget):
    """The roll's dice in a row, large, drawn by the Dice Table's own routine."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("playerDice")
        self.dice: list[RollDieView] = []
        self.faces: dict[int, DieState] = {}  # while tumbling: the faces of this frame
        self.tumbling = False
        self.side = 96.0
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def set_side(self, side: float) -> None:
        self.side = side
        self.setFixedHeight(round(side * 1.1))
        self.update()

    def sizeHint(self) -> QSize:
        return QSize(round(self.side * max(1, len(self.dice)) * 1.15), round(self.side * 1.1))

    def paintEvent(self, event: QPaintEvent) -> None:
        if not self.dice:
            return
        painter = QPainter(self)
        gap = self.side * 0.15
        side = min(self.side, (self.width() - gap) / len(self.dice) - gap)
        left = (self.width() - len(self.dice) * (side + gap) + gap) / 2
        top = (self.height() - side) / 2
        for index, die in enumerate(self.dice):
            rect = QRectF(left + index * (side + gap), top, side, side)
            state = self.faces.get(die.place)
            face = state.face if self.tumbling and state is not None else die.face
            paint_die(
                painter,
                rect,
                die.size,
                face=face,
                depleted=die.depleted and not self.tumbling,
                rolled_size=die.rolled_as,
            )
        painter.end()


class RollSection(Section):
    topics = frozenset({Topic.ROLLS, Topic.CHARACTERS})

    def __init__(self, parent: QWidget | None = None, rng: random.Random | None = None) -> None:
        super().__init__(tr("Last roll"), "playerRoll", parent)
        self.roll_id: int | None = None
        self.header = PlainLabel()
        self.header.setObjectName("playerRollWho")
        self.dice = DiceStrip()
        self.total = PlainLabel()
        self.total.setObjectName("playerRollTotal")
        self.total.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.words = PlainLabel()
        self.words.setObjectName("playerRollWords")
        self.words.setWordWrap(True)
        self.words.setAlignment(Qt.AlignmentFlag.AlignCenter)
        row = QHBoxLayout()
        row.addWidget(self.header, 1)
        self.body.addLayout(row)
        self.body.addWidget(self.dice)
        self.body.addWidget(self.total)
        self.body.addWidget(self.words)
        self.body.addStretch(1)
        self.animation = RollAnimation(self, rng)
        self._roll: RollView | None = None
        self._campaign: Campaign | None = None  # the campaign the last refresh read

    def restyle(self) -> None:
        self.header.setFont(sized_font(self.font(), self.unit * 1.1, bold=True))
        self.total.setFont(sized_font(self.font(), self.unit * 3.2, bold=True))
        self.words.setFont(sized_font(self.font(), self.unit))
        self.dice.set_side(self.unit * 4.6)

    def refresh(self, campaign: Campaign | None) -> None:
        roll = None if campaign is None else last_player_roll(campaign)
        if roll is None:
            self._campaign = campaign
            self.animation.stop()
            self.roll_id, self._roll = None, None
            self.header.setText(tr("No roll yet"))
            self.dice.dice, self.dice.tumbling = [], False
            self.dice.update()
            self.total.clear()
            self.words.clear()
            return
        # The first roll read from a campaign is one made before the display looked.
        first, self._campaign = campaign is not self._campaign, campaign
        if roll.id == self.roll_id:
            return
        self.roll_id, self._roll = roll.id, roll
        self.dice.dice = list(roll.dice)
        self.dice.updateGeometry()
        # A new roll tumbles while the players are watching; opening the display on a
        # roll already made, or a display nobody sees, shows where it landed at once.
        if first or not self.isVisible() or not self.dice.dice:
            self.land()
            return
        self.header.setText(tr("{name} rolls…").format(name=roll.character_name))
        self.total.setText("…")
        self.words.clear()
        self.dice.tumbling = True
        sizes = tuple(die.rolled_as for die in self.dice.dice)
        tumbling = _Tumbling(tuple(die.place for die in self.dice.dice), sizes)
        self.animation.stop()
        self.animation.start(
            [cast(dicepool.Roll, tumbling)],  # the tumble reads only die_ids and sizes
            still_here=self.isVisible,
            show=self._show_faces,
            land=self.land,
        )
        self._show_faces(
            {
                die.place: DieState(face=die.face, rolled_size=die.rolled_as)
                for die in self.dice.dice
            }
        )

    def _show_faces(self, faces: dict[int, DieState]) -> None:
        self.dice.faces = faces
        self.dice.update()

    def land(self) -> None:
        """The roll as it landed: its faces, the total and the roll in words."""
        self.animation.stop()
        roll = self._roll
        if roll is None:
            return
        self.dice.tumbling = False
        self.dice.update()
        self.header.setText(tr("{name} rolled").format(name=roll.character_name))
        self.total.setText("" if roll.total is None else str(roll.total))
        self.words.setText(roll.summary)
