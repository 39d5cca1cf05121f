"""The game at the table, as it is said aloud: the scene's line of text, the round, whose
turn it is (large) and the turn order in seating order, the current player marked with a
sign as well as colour and out-of-play players marked in words. Hidden while no game runs.

It shows desktop/views/public.py's `SceneView`, the public parts of the store's play
view that the players' own pages show too: the scene text the GM typed and the player
characters' names. The scene's cast (NPCs, challenges) and the declared actions stay
behind the screen.
"""

from __future__ import annotations

from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QLabel, QWidget

from desktop.store import Campaign, Topic
from desktop.ui.plain_text import PlainLabel
from desktop.ui.player_display.section import Section, clear_layout, sized_font
from desktop.ui.window_language import tr
from desktop.views.public import SceneView, SeatView, scene_view

PER_ROW = 5  # seats on a line of the turn order before it wraps
TURN_MARK = "▶"
# A long scene is cut to about three lines: the type scales with the window's height, so
# a 16:9 screen holds about 110 characters a line at any size.
SCENE_CHARS = 300


def seat_words(seat: SeatView) -> str:
    """ "▶ 2. Bryn" for the current player, "3. Cole — out of play" for one skipped."""
    text = f"{TURN_MARK + ' ' if seat.current else ''}{seat.turn}. {seat.name}"
    if not seat.in_play:
        text += f" — {seat.state_words}"
    return text


class SceneSection(Section):
    # The order's out-of-play marks follow the dice; its names follow the roster.
    topics = frozenset({Topic.GAMES, Topic.CHARACTERS, Topic.DICE})
    stretch = 0  # as tall as it needs: the other sections share the rest

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(tr("Scene"), "playerScene", parent)
        self.view = SceneView()
        self.scene_text = PlainLabel()
        self.scene_text.setObjectName("playerSceneText")
        self.scene_text.setWordWrap(True)
        self.round = PlainLabel()
        self.round.setObjectName("playerRound")
        self.round.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        top = QHBoxLayout()
        top.addWidget(self.scene_text, 1)
        top.addWidget(self.round)
        self.turn = PlainLabel()
        self.turn.setObjectName("playerTurn")
        self.turn.setWordWrap(True)
        self.turn.setForegroundRole(QPalette.ColorRole.Highlight)
        self.order = QGridLayout()
        self.body.addLayout(top)
        self.body.addWidget(self.turn)
        self.body.addLayout(self.order)
        self.refresh(None)

    def restyle(self) -> None:
        self.scene_text.setFont(sized_font(self.font(), self.unit * 1.1))
        self.round.setFont(sized_font(self.font(), self.unit, bold=True))
        self.turn.setFont(sized_font(self.font(), self.unit * 2, bold=True))
        self.order.setHorizontalSpacing(round(self.unit * 1.2))
        self.order.setVerticalSpacing(round(self.unit * 0.2))

    def refresh(self, campaign: Campaign | None) -> None:
        clear_layout(self.order)
        self.view = SceneView() if campaign is None else scene_view(campaign)
        view = self.view
        if not view.running:
            # No game: nothing, not even a title, left in the window's widget tree.
            for label in (self.title, self.scene_text, self.round, self.turn):
                label.clear()
            self.setVisible(False)
            return
        self.title.setText(
            tr("Scene {number}").format(number=view.number) if view.number else tr("Scene")
        )
        self._fit_scene_text()
        self.round.setText(tr("Round {round}").format(round=view.round) if view.number else "")
        self.turn.setText(
            tr("{mark} {name}'s turn").format(mark=TURN_MARK, name=view.turn_name)
            if view.turn_name
            else ""
        )
        self.turn.setVisible(bool(view.turn_name))
        per_row = max(1, min(PER_ROW, len(view.order)))
        for index, seat in enumerate(view.order):
            self.order.addWidget(self._seat(seat), index // per_row, index % per_row)
        for column in range(PER_ROW):
            self.order.setColumnStretch(column, 1 if column < per_row else 0)
        self.setVisible(True)

    def _fit_scene_text(self) -> None:
        """The scene's text, cut at a word with an ellipsis past `SCENE_CHARS` (a scene
        may hold a paragraph; the table hears it in full, the display keeps its room)."""
        text = " ".join(self.view.text.split()) or tr("The scene is being set.")
        if len(text) > SCENE_CHARS:
            text = text[: SCENE_CHARS + 1].rsplit(" ", 1)[0].rstrip(" ,;:.") + " …"
        self.scene_text.setText(text)

    def _seat(self, seat: SeatView) -> QLabel:
        current = seat.current
        label = PlainLabel(seat_words(seat))
        label.setObjectName(f"playerSeat{seat.character_id}")
        label.setWordWrap(True)
        label.setFont(sized_font(self.font(), self.unit * 0.9, bold=current))
        if current:
            label.setForegroundRole(QPalette.ColorRole.Highlight)
        elif not seat.in_play:
            label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        return label
