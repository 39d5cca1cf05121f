"""A label that tells the outcome of one step (a roll, a conflict, an act), and only
while that outcome holds.

A result left on screen after its step was undone, or from the game before, or from
the campaign before, reads as the table's present. So the text goes when the step that
showed it is undone, when the game it was rolled in ends (or another starts), and when
the campaign changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

from desktop.store import Topic
from desktop.ui import read_guard
from desktop.ui.accessible import announce

if TYPE_CHECKING:
    from PySide6.QtWidgets import QLabel

    from desktop.ui.session import CampaignSession


class StepResult(QObject):
    """`label` shows a step's outcome (`show`) or a word that is no outcome (`say`); it
    shows `empty` once the outcome no longer holds."""

    def __init__(self, label: QLabel, empty: str = "", parent: QObject | None = None) -> None:
        super().__init__(parent or label)
        self.label = label
        self._empty = empty
        self._session: CampaignSession | None = None
        self._shown_at: int | None = None  # the undo index just after the step shown
        self._game: int | None = None  # the game it was shown in (None: no game)

    def set_session(self, session: CampaignSession | None) -> None:
        """Follow `session`'s undo stack and games; what was shown was the last one's."""
        if self._session is not None:
            self._session.undo_stack.indexChanged.disconnect(self._on_index)
            self._session.changed.disconnect(self._on_changed)
        self._session = session
        if session is not None:
            session.undo_stack.indexChanged.connect(self._on_index)
            session.changed.connect(self._on_changed)
        self.clear()

    def show(self, text: str) -> None:
        """Show the outcome of the step just pushed (and read it out)."""
        self.label.setText(text)
        announce(self.label, text)
        session = self._session
        if session is None:
            return
        self._shown_at = session.undo_stack.index()
        self._game = self._current_game()

    def say(self, text: str) -> None:
        """Show a word that is no step's outcome (a refusal, what to do next)."""
        self._shown_at = None
        self.label.setText(text)
        announce(self.label, text, assertive=True)  # it asks for the GM's attention

    def clear(self) -> None:
        self._shown_at = None
        self.label.setText(self._empty)

    def _on_index(self, index: int) -> None:
        if self._shown_at is not None and index < self._shown_at:
            self.clear()

    @read_guard.guarded
    def _on_changed(self, topic: str) -> None:
        if (
            topic == Topic.GAMES
            and self._shown_at is not None
            and self._current_game() != self._game
        ):
            self.clear()

    def _current_game(self) -> int | None:
        assert self._session is not None
        return self._session.campaign.games.current().game_id
