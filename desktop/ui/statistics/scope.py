"""Which rolls the Statistics view judges: the whole campaign, one game (the one at the
table by default) or a range of campaign days, as the GM last left it in the campaign."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QSpinBox, QVBoxLayout, QWidget

from desktop.language import N_, Translator
from desktop.store import GameRecord
from desktop.ui.form_helpers import narrow_combo
from desktop.ui.plain_text import PlainLabel
from desktop.ui.window_language import tr, window_translator

if TYPE_CHECKING:  # the odds (icepool) are imported off the GUI thread: plot_loader
    from desktop.views.statistics import StatisticsScope

# Short: beside Save Plots in the Roll Log's tab, 300 px wide, "The whole campaign" was cut.
KINDS = ((N_("Whole campaign"), "campaign"), (N_("One game"), "game"), (N_("Days"), "days"))
# The game combo's first line: the game at the table, else the last one played (a game
# running is always the latest: one runs at a time).
FOLLOWING = N_("The latest game")


def game_label(number: int, game: GameRecord) -> str:
    """A game as the GM counts them (the campaign's first, second, ...), never its id."""
    if game.ended_at is None:
        label = tr("Game {number}, from day {day} (at the table)")
    else:
        label = tr("Game {number}, from day {day}")
    return label.format(number=number, day=game.started_day)


class ScopeChooser(QWidget):
    """The scope's three choices; `changed` when the GM changes one (not on `restore`)."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._games: list[GameRecord] = []
        self.kind_combo = narrow_combo("statisticsScopeKind", 8)
        for text, kind in KINDS:
            self.kind_combo.addItem(tr(text), kind)
        self.game_combo = narrow_combo("statisticsScopeGame", 8)
        self.game_combo.addItem(tr(FOLLOWING), None)
        self.game_combo.setToolTip(tr("The latest game follows the game at the table"))
        self.first_day = QSpinBox()
        self.first_day.setObjectName("statisticsFirstDay")
        self.last_day = QSpinBox()
        self.last_day.setObjectName("statisticsLastDay")
        for box in (self.first_day, self.last_day):
            box.setRange(1, 1)
            box.valueChanged.connect(self._told)
        self.kind_combo.currentIndexChanged.connect(self._told)
        self.game_combo.currentIndexChanged.connect(self._told)

        kind_row = QHBoxLayout()
        kind_row.addWidget(PlainLabel(tr("Scope")))
        kind_row.addWidget(self.kind_combo, 1)
        # The two days one under the other: side by side they made the scope wider than
        # "Whole campaign" needs, and choosing Days widened the Roll Log's dock.
        self.days_row = QWidget()
        days = QGridLayout(self.days_row)
        days.setContentsMargins(0, 0, 0, 0)
        for row, (words, box) in enumerate(
            ((tr("From day"), self.first_day), (tr("To day"), self.last_day))
        ):
            days.addWidget(PlainLabel(words), row, 0)
            days.addWidget(box, row, 1)
        days.setColumnStretch(2, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(kind_row)
        layout.addWidget(self.game_combo)
        layout.addWidget(self.days_row)
        self._show_parts()

    def fill(self, games: Sequence[GameRecord], current_day: int) -> None:
        """The campaign's games (newest first) and days (1 to today), the choice kept."""
        self._games = list(games)
        chosen = self.game_combo.currentData()
        blocked = [w.blockSignals(True) for w in (self.game_combo, self.first_day, self.last_day)]
        self.game_combo.clear()
        self.game_combo.addItem(tr(FOLLOWING), None)
        numbered = list(enumerate(self._games, 1))
        for number, game in reversed(numbered):
            self.game_combo.addItem(game_label(number, game), game.id)
        self.game_combo.setCurrentIndex(max(0, self.game_combo.findData(chosen)))
        last = max(1, current_day)
        first, final = self.first_day.value(), self.last_day.value()
        at_today = final >= self.last_day.maximum()
        for box in (self.first_day, self.last_day):
            box.setRange(1, last)
        # A range left at today follows today as the days go on.
        self.last_day.setValue(last if at_today else final)
        self.first_day.setValue(first)
        for widget, was in zip(
            (self.game_combo, self.first_day, self.last_day), blocked, strict=True
        ):
            widget.blockSignals(was)

    def stored(self) -> dict[str, object]:
        """The choice as the campaign keeps it (checks.statistics_scope)."""
        return {
            "scope": self.kind_combo.currentData(),
            "game_id": self.game_combo.currentData(),
            "first_day": self.first_day.value(),
            "last_day": self.last_day.value(),
        }

    def restore(self, stored: Mapping[str, object]) -> None:
        """Show `stored` (as the campaign kept it) without telling `changed`."""
        widgets = (self.kind_combo, self.game_combo, self.first_day, self.last_day)
        blocked = [w.blockSignals(True) for w in widgets]
        self.kind_combo.setCurrentIndex(max(0, self.kind_combo.findData(stored.get("scope"))))
        self.game_combo.setCurrentIndex(max(0, self.game_combo.findData(stored.get("game_id"))))
        for box, key in ((self.first_day, "first_day"), (self.last_day, "last_day")):
            value = stored.get(key)
            if isinstance(value, int):
                box.setValue(value)
        for widget, was in zip(widgets, blocked, strict=True):
            widget.blockSignals(was)
        self._show_parts()

    def scope(self) -> StatisticsScope | None:
        """The rolls chosen; None for one game when the campaign has played none."""
        from desktop.views.statistics import StatisticsScope

        kind = self.kind_combo.currentData()
        if kind == "days":
            first, last = sorted((self.first_day.value(), self.last_day.value()))
            return StatisticsScope(first_day=first, last_day=last)
        if kind != "game":
            return StatisticsScope()
        chosen = self.game_id()
        return None if chosen is None else StatisticsScope(game_id=chosen)

    def game_id(self) -> int | None:
        """The game chosen (the latest for "The latest game"); None when none was played."""
        chosen = self.game_combo.currentData()
        if chosen is None:
            at_table = [game for game in self._games if game.ended_at is None]
            latest = (at_table or self._games)[-1:]
            chosen = latest[0].id if latest else None
        return chosen if isinstance(chosen, int) else None

    def is_empty(self) -> bool:
        """One game chosen while the campaign has played none: no roll to judge."""
        return self.kind_combo.currentData() == "game" and self.game_id() is None

    def describe(self, words: Translator | None = None) -> str:
        """The scope in words, for the lines that say what is judged: in the window's
        language, or in that of `words` (a printout's)."""
        words = words or window_translator()
        kind = self.kind_combo.currentData()
        if kind == "days":
            first, last = sorted((self.first_day.value(), self.last_day.value()))
            if first == last:
                return words.gettext("day {day}").format(day=first)
            return words.gettext("days {first} to {last}").format(first=first, last=last)
        if kind == "game":
            chosen = self.game_id()
            for number, game in enumerate(self._games, 1):
                if chosen is not None and game.id == chosen:
                    return words.gettext("game {number}").format(number=number)
            return words.gettext("no game yet")
        return words.gettext("the whole campaign")

    def _told(self) -> None:
        self._show_parts()
        self.changed.emit()

    def _show_parts(self) -> None:
        kind = self.kind_combo.currentData()
        self.game_combo.setVisible(kind == "game")
        self.days_row.setVisible(kind == "days")
