"""Each player character's dice: in the pool, on the table, removed, and whether the
character is out of play, in words (RULES.md section 2: never by colour only). The
numbers and whose pools they are come from desktop/views/public.py."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QGridLayout, QLabel, QWidget

from desktop.language import N_
from desktop.rules import dicepool
from desktop.store import Campaign, Topic
from desktop.ui.plain_text import PlainLabel
from desktop.ui.player_display.section import Section, clear_layout, sized_font
from desktop.ui.window_language import tr
from desktop.views.public import table_pools

COLUMNS = (N_("In pool"), N_("On the table"), N_("Removed"))


class PoolsSection(Section):
    topics = frozenset({Topic.DICE, Topic.CHARACTERS})

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(tr("Dice pools"), "playerPools", parent)
        self.grid = QGridLayout()
        self.body.addLayout(self.grid)
        self.body.addStretch(1)
        self.rows: dict[int, tuple[int, int, int, dicepool.PlayState]] = {}
        self._cells: dict[int, list[QLabel]] = {}  # each character's three numbers
        self._shape: tuple[object, ...] = ()  # who is shown, in which state

    def refresh(self, campaign: Campaign | None) -> None:
        if campaign is None:
            clear_layout(self.grid)
            self.rows, self._cells, self._shape = {}, {}, ()
            return
        pools = table_pools(campaign)
        rows = {p.character_id: (p.in_pool, p.on_table, p.removed, p.state) for p in pools}
        shape = tuple((p.character_id, p.name, p.state) for p in pools)
        if shape and shape == self._shape:
            # The same characters in the same states (a roll): only the numbers change.
            for character_id, cells in self._cells.items():
                for cell, number in zip(cells, rows[character_id][:3], strict=True):
                    cell.setText(str(number))
            self.rows = rows
            return
        clear_layout(self.grid)
        self.rows, self._cells, self._shape = rows, {}, shape
        if not pools:
            self.grid.addWidget(self._label(tr("No player characters yet"), muted=True), 0, 0)
            return
        for column, title in enumerate(COLUMNS, start=1):
            heading = self._label(tr(title), muted=True, small=True)
            heading.setAlignment(Qt.AlignmentFlag.AlignCenter)
            self.grid.addWidget(heading, 0, column)
        for row, pool in enumerate(pools, start=1):
            name = pool.name
            if pool.state is not dicepool.PlayState.IN_PLAY:
                name = f"{name} — {pool.state_words}"
            who = self._label(name, bold=True)
            who.setWordWrap(True)
            self.grid.addWidget(who, row, 0)
            cells = []
            for column, number in enumerate((pool.in_pool, pool.on_table, pool.removed), start=1):
                cell = self._label(str(number), bold=column == 1)
                cell.setAlignment(Qt.AlignmentFlag.AlignCenter)
                self.grid.addWidget(cell, row, column)
                cells.append(cell)
            self._cells[pool.character_id] = cells
        self.grid.setColumnStretch(0, 1)

    def _label(
        self, text: str, *, bold: bool = False, muted: bool = False, small: bool = False
    ) -> QLabel:
        label = PlainLabel(text)
        label.setFont(sized_font(self.font(), self.unit * (0.75 if small else 1.0), bold=bold))
        if muted:
            label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        return label

    def restyle(self) -> None:
        self._shape = ()  # new type sizes: the next refresh builds the rows again
        self.grid.setHorizontalSpacing(round(self.unit))
        self.grid.setVerticalSpacing(round(self.unit * 0.3))
