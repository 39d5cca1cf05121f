"""The top of the Play dock: where the game is (scene, round, whose turn) in large
type, Start game and End game, and what End game found (who grew)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QVBoxLayout, QWidget

from desktop.language import N_
from desktop.store import NO_PLAYERS, DieRecord, GameRecord, PlayView
from desktop.ui.form_helpers import push_button, spread_row
from desktop.ui.plain_text import PlainLabel
from desktop.ui.widgets.flow import Flow
from desktop.ui.window_language import ntr, tr

START_TIP = N_("Record every character's pool size and begin play.")
NO_GAME = N_("No game running. Start game records every pool; then set the scene.")


def status_text(view: PlayView) -> str:
    if view.game_id is None:
        return tr(NO_GAME)
    if not view.scene_number:
        return tr("Game {game}: set the scene to begin.").format(game=view.game_id)
    if view.turn_name:
        return tr("Scene {scene} · Round {round} · {name}'s turn").format(
            scene=view.scene_number, round=view.round, name=view.turn_name
        )
    return tr("Scene {scene} · Round {round} · every player has had a turn").format(
        scene=view.scene_number, round=view.round
    )


def grown_text(ended: GameRecord, names: dict[int, str], taken: Sequence[DieRecord] = ()) -> str:
    """End game's summary (RULES.md section 2, "A game"): who grew (S → N), and whose
    awarded dice went back (the surplus over the new pool size, taken off the table)."""

    def name(cid: int) -> str:
        return names.get(cid, tr("character {id}").format(id=cid))

    if ended.grown:
        grew = ", ".join(f"{name(cid)} {before} → {after}" for cid, before, after in ended.grown)
        text = tr("Game ended. Pools that grew: {grew}.").format(grew=grew)
    else:
        text = tr("Game ended. No pool grew.")
    back = Counter(die.character_id for die in taken)
    if back:
        went = ", ".join(
            ntr("{name} {count} die", "{name} {count} dice", count).format(
                name=name(cid), count=count
            )
            for cid, count in back.items()
        )
        text += " " + tr("Boosts that went back off the table: {went}.").format(went=went)
    elif not ended.grown:
        text += " " + tr("Every pool stays as it was.")
    return text


class GameBar(QWidget):
    start_requested = Signal()
    end_requested = Signal()
    luck_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        # Campaign text (names, the scene) is shown as the text it is, never as HTML.
        self.status = PlainLabel(tr(NO_GAME))
        self.status.setObjectName("playStatus")
        self.status.setWordWrap(True)
        font = self.status.font()
        font.setPointSizeF(font.pointSizeF() * 1.25)
        font.setBold(True)
        self.status.setFont(font)
        self.scene = PlainLabel()
        self.scene.setObjectName("playSceneText")
        self.scene.setWordWrap(True)
        self.start_button = push_button(
            tr("Start game"),
            clicked=self.start_requested,
            tip=tr(START_TIP),
        )
        self.end_button = push_button(
            tr("End game"),
            clicked=self.end_requested,
            tip=tr("End the game: a pool that grew becomes the new pool."),
        )
        # Side by side while they fit; End game below Start game in a narrow dock.
        buttons = Flow()
        buttons.add(self.start_button)
        buttons.add(self.end_button)
        self.summary = PlainLabel()
        self.summary.setObjectName("playGameSummary")
        self.summary.setWordWrap(True)
        self.summary.hide()
        # After End game: the players' luck in the game just ended (issue 33).
        self.luck_button = push_button(
            tr("Players' luck…"),
            clicked=self.luck_requested,
            tip=tr("Each player character's luck in this game: to show or send to the players"),
        )
        self.luck_button.setObjectName("playPlayersLuck")
        self.luck_button.hide()
        layout.addWidget(self.status)
        layout.addWidget(self.scene)
        layout.addLayout(buttons)
        layout.addWidget(self.summary)
        layout.addLayout(spread_row([self.luck_button]))

    def show_view(self, view: PlayView, writable: bool, has_players: bool = True) -> None:
        """`has_players`: the roster holds a player character (a game needs one)."""
        self.status.setText(status_text(view))
        self.scene.setText(view.scene_text)
        self.scene.setVisible(bool(view.scene_text))
        running = view.game_id is not None
        self.start_button.setEnabled(writable and not running and has_players)
        self.start_button.setToolTip(tr(START_TIP) if has_players or running else tr(NO_PLAYERS))
        self.end_button.setEnabled(writable and running)
        if running:
            self.luck_button.hide()  # End game undone (or a new game): no game just ended

    def show_summary(self, text: str) -> None:
        self.summary.setText(text)
        self.summary.setVisible(bool(text))
        self.luck_button.setVisible(bool(text))  # a summary is End game's, and so is this
