"""The factions' phase of a downtime session: each faction's clock ticks."""

from __future__ import annotations

import random
from collections.abc import Callable

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QSpinBox,
    QSplitter,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop.rules import factions
from desktop.store import OWNER_FACTION, ClockRecord, DowntimeStep, FactionRecord
from desktop.ui.chapter.labels import hold_word, status_word
from desktop.ui.downtime.look import PREVIEW_STYLE, clock_icon
from desktop.ui.downtime.planning import plan_faction_tick
from desktop.ui.downtime.result_picker import ResultPicker
from desktop.ui.form_helpers import push_button, spread_row, wrapped_label
from desktop.ui.plain_text import PlainLabel, escaped, tooltip
from desktop.ui.theme import HINT_STYLE
from desktop.ui.window_language import ntr, tr, window_translator


class FactionPhase(QWidget):
    """Each faction's clocks; a clock ticks by a fortune roll on tier or by a result."""

    record_requested = Signal(object)  # DowntimeStep

    def __init__(self, rng: Callable[[], random.Random]) -> None:
        super().__init__()
        self._factions: dict[int, FactionRecord] = {}
        self._clocks: dict[int, ClockRecord] = {}
        self._writable = False
        self.tree = QTreeWidget()
        self.tree.setObjectName("factionClocks")
        self.tree.setHeaderHidden(True)
        self.tree.setColumnCount(2)
        self.tree.setIconSize(QSize(24, 24))
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        self.title = wrapped_label("factionTitle", rich=True)
        self.modifier_spin = QSpinBox()
        self.modifier_spin.setObjectName("fortuneModifier")
        self.modifier_spin.setRange(-6, 6)
        self.modifier_spin.setToolTip(tr("Up or down for the opposition or the circumstances."))
        self.picker = ResultPicker(rng, coin=False, prefix="fortune")
        self.preview = wrapped_label("factionPreview", rich=True)
        self.preview.setStyleSheet(PREVIEW_STYLE.replace("#preview", "#factionPreview"))
        self.tick_button = push_button(tr("Tick the clock"), "tickClock", self._tick)
        self._build_layout()
        self.tree.currentItemChanged.connect(self._on_current)
        self.modifier_spin.valueChanged.connect(self._follow_rating)
        self.picker.changed.connect(self.update_preview)
        self._on_current()

    def _build_layout(self) -> None:
        rating = QHBoxLayout()
        rating.addWidget(PlainLabel(tr("Fortune roll on tier, modified by")))
        rating.addWidget(self.modifier_spin)
        rating.addStretch(1)
        hint = PlainLabel(
            tr(
                "The GM advances the clocks of the factions they care about now. A fortune "
                "roll uses the faction's tier as its dice; Failure ticks 1, Success 2, "
                "Critical 2 + m."
            )
        )
        hint.setWordWrap(True)
        hint.setStyleSheet(HINT_STYLE)
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.addWidget(self.title)
        right_layout.addLayout(rating)
        right_layout.addWidget(self.picker)
        right_layout.addWidget(self.preview)
        buttons = spread_row([], [self.tick_button])
        right_layout.addLayout(buttons)
        right_layout.addWidget(hint)
        right_layout.addStretch(1)
        splitter = QSplitter()
        splitter.addWidget(self.tree)
        splitter.addWidget(right)
        splitter.setStretchFactor(0, 2)
        splitter.setStretchFactor(1, 3)
        splitter.setSizes([460, 560])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(splitter)

    def set_records(
        self, faction_list: list[FactionRecord], clocks: list[ClockRecord], writable: bool
    ) -> None:
        self._writable = writable
        self._factions = {faction.id: faction for faction in faction_list}
        self._clocks = {c.id: c for c in clocks if c.owner_kind == OWNER_FACTION}
        current = self.current_clock()
        self.tree.blockSignals(True)
        self.tree.clear()
        for faction in faction_list:
            item = QTreeWidgetItem([faction.name, _faction_text(faction)])
            item.setData(0, Qt.ItemDataRole.UserRole, 0)
            item.setToolTip(
                0,
                tooltip(
                    tr("{name}: {standing}").format(
                        name=faction.name, standing=_faction_text(faction)
                    )
                ),
            )
            font = item.font(0)
            font.setBold(True)
            item.setFont(0, font)
            item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsSelectable)
            self.tree.addTopLevelItem(item)
            owned = [c for c in self._clocks.values() if c.owner_id == faction.id]
            for clock in owned:
                progress = tr("complete") if clock.done else f"{clock.filled}/{clock.segments}"
                child = QTreeWidgetItem([clock.name, progress])
                child.setIcon(0, clock_icon(clock.segments, clock.filled, self.palette()))
                child.setData(0, Qt.ItemDataRole.UserRole, clock.id)
                child.setTextAlignment(1, Qt.AlignmentFlag.AlignCenter)
                item.addChild(child)
            item.setExpanded(True)
        self.tree.blockSignals(False)
        self._select_clock(current.id if current else None)
        self._on_current()

    def _select_clock(self, clock_id: int | None) -> None:
        first = None
        for top in range(self.tree.topLevelItemCount()):
            parent = self.tree.topLevelItem(top)
            if parent is None:  # within topLevelItemCount: never
                continue
            for row in range(parent.childCount()):
                child = parent.child(row)
                if child is None:  # within childCount: never
                    continue
                value = child.data(0, Qt.ItemDataRole.UserRole)
                if not value:
                    continue
                if value == clock_id:
                    self.tree.setCurrentItem(child)
                    return
                first = first or child
        if first is not None:
            self.tree.setCurrentItem(first)

    def select_clock(self, clock_id: int) -> None:
        self._select_clock(clock_id)

    def current_clock(self) -> ClockRecord | None:
        item = self.tree.currentItem()
        value = item.data(0, Qt.ItemDataRole.UserRole) if item is not None else None
        return self._clocks.get(value) if isinstance(value, int) else None

    def _faction(self) -> FactionRecord | None:
        clock = self.current_clock()
        return self._factions.get(clock.owner_id) if clock else None

    def _on_current(self, *_args: object) -> None:
        clock, faction = self.current_clock(), self._faction()
        if not self._clocks:
            self.title.setText(
                tr("<b>No faction has a clock yet.</b> Add them in the Clocks dock.")
            )
        elif clock is None or faction is None:
            self.title.setText(tr("<b>Pick a faction's clock</b>"))
        else:
            self.title.setText(
                tr("<b>{faction}</b> · “{clock}” {filled}/{segments}").format(
                    faction=escaped(faction.name),
                    clock=escaped(clock.name),
                    filled=clock.filled,
                    segments=clock.segments,
                )
            )
        self._follow_rating()

    def _follow_rating(self) -> None:
        faction = self._faction()
        # At war a faction's tier counts with its war standing (RULES.md section 4).
        tier = (
            factions.counting_tier(faction.tier, faction.hold, faction.faction.at_war)
            if faction
            else 0
        )
        war = bool(faction and tier != faction.tier)
        rating = factions.fortune_rating(tier, self.modifier_spin.value())
        if rating == 0 and war:
            tip = tr("Tier {tier} at war, modified: 0 dice (0 dice: roll two, keep the lower).")
        elif rating == 0:
            tip = tr("Tier {tier}, modified: 0 dice (0 dice: roll two, keep the lower).")
        elif war:
            tip = ntr(
                "Tier {tier} at war, modified: {count} dice.",
                "Tier {tier} at war, modified: {count} dice.",
                rating,
            )
        else:
            tip = ntr(
                "Tier {tier}, modified: {count} dice.",
                "Tier {tier}, modified: {count} dice.",
                rating,
            )
        self.picker.set_dice(rating, locked=True, tip=tip.format(tier=tier, count=rating))
        self.update_preview()

    def make_step(self) -> DowntimeStep:
        clock, faction = self.current_clock(), self._faction()
        if clock is None or faction is None:
            raise ValueError(tr("Pick a faction's clock to tick."))
        if clock.done:
            raise ValueError(tr("“{clock}” is already complete.").format(clock=clock.name))
        result = self.picker.require_result()
        how = self.picker.describe()
        if self.picker.rolled():
            how = tr("fortune roll, {roll}").format(roll=how)
        return plan_faction_tick(faction, clock, result, how, window_translator())

    def update_preview(self) -> None:
        try:
            step = self.make_step()
        except ValueError as error:
            self.preview.setText(f"<i>{escaped(str(error))}</i>")  # untranslated: markup
            self.tick_button.setEnabled(False)
            return
        self.preview.setText(escaped(step.summary))  # names: only text
        self.tick_button.setEnabled(self._writable)

    def _tick(self) -> None:
        try:
            step = self.make_step()
        except ValueError as error:
            self.preview.setText(f"<i>{escaped(str(error))}</i>")  # untranslated: markup
            return
        self.record_requested.emit(step)

    def recorded(self) -> None:
        self.picker.reset()
        self.modifier_spin.setValue(0)


def _faction_text(faction: FactionRecord) -> str:
    return tr("tier {tier} {hold} · {status}").format(
        tier=faction.tier, hold=hold_word(faction.hold), status=status_word(faction.status)
    )
