"""The Dice Table dock: the selected character's Energy System dice pool, drawn and rolled.

Dice are dragged between pool and tray (or double-clicked), trait chips are dropped on
tray dice to step them up, a depleted die dragged onto the roster is an award, and the
GM can drop a new depleted die as an award. Live exact odds of the tray are computed off
the GUI thread. Every change is an undo command that writes through the store; the
rules (depletion, tuples, the all-ones choice, rest, damage) all come from
`desktop.rules.dicepool`. The parts it composes live in `desktop.ui.dice_table`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from PySide6.QtCore import QPoint, Qt, QThreadPool
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidgetItem,
    QMenu,
    QPushButton,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from desktop.rules import dicepool
from desktop.store import CharacterRecord, DieRecord, ItemRecord, NotFound, TraitRecord
from desktop.ui.dice_commands import (
    AddDice,
    RemoveDice,
    RollDice,
    RollEntry,
    UpdateDice,
    award_depleted,
    to_pool,
)
from desktop.ui.dice_table.animation import RollAnimation
from desktop.ui.dice_table.chips import NewDieChip, TraitChips
from desktop.ui.dice_table.menus import die_menu
from desktop.ui.dice_table.odds import (
    conflict_odds,
    conflict_odds_text,
    is_conflict_odds,
    tray_odds,
    tray_odds_texts,
)
from desktop.ui.dice_table.roll_words import describe_roll, roll_detail, rolled_size
from desktop.ui.docks.conflict import Conflict, ItemRoll, SideRoll, after_pool
from desktop.ui.form_helpers import vertical_scroll
from desktop.ui.plain_text import escaped
from desktop.ui.session import CampaignSession
from desktop.ui.widgets.dice_scene import DiceScene, DiceView, DieState, SideView

TOPICS = {"dice", "traits", "items", "characters"}


class DiceTableWidget(QWidget):
    def __init__(self, pool: QThreadPool, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("diceTable")
        self._session: CampaignSession | None = None
        self._character: CharacterRecord | None = None
        self._dice: list[DieRecord] = []
        self._traits: list[TraitRecord] = []
        self._states: dict[int, DieState] = {}
        self._applied: set[int] = set()
        self._pending: dicepool.Roll | None = None
        self._opponent: CharacterRecord | None = None
        self._opp_dice: list[DieRecord] = []
        # The opponent steps only with its own traits, ticked on its own side.
        self._opp_traits: list[TraitRecord] = []
        self._opp_applied: set[int] = set()
        self._items: dict[int, list[ItemRecord]] = {}
        self._conflict: Conflict | None = None
        self._item_choice: dict[tuple[int, str], int | None] = {}  # (character, kind) -> item
        self.animation = RollAnimation(self)
        from desktop.ui.odds_worker import OddsWorker

        self.odds_worker = OddsWorker(pool, self)
        self.odds_worker.ready.connect(self._show_odds)
        self.odds_worker.failed.connect(self._show_odds_problem)
        self.conflict_worker = OddsWorker(pool, self)
        self.conflict_worker.ready.connect(self._show_conflict_odds)
        self.conflict_worker.failed.connect(self.conflict_odds_label_text)
        self._build()

    # -- building ---------------------------------------------------------------------------

    def _build(self) -> None:
        self.scene = DiceScene(self)
        self.view = DiceView(self.scene)
        self.view.setObjectName("diceView")
        self.view.resized.connect(self._redraw)
        self.view.die_dropped.connect(self._on_die_dropped)
        self.view.trait_dropped.connect(self._on_trait_dropped)
        self.view.new_die_dropped.connect(self._on_new_die)
        self.scene.die_activated.connect(self.toggle_tray)
        self.scene.selectionChanged.connect(self._update_buttons)

        self.name_label = QLabel()
        self.name_label.setObjectName("diceName")
        self.name_label.setTextFormat(Qt.TextFormat.PlainText)  # a name, never HTML
        self.name_label.setStyleSheet("font-size: 15px; font-weight: bold;")
        self.counts_label = QLabel()
        self.counts_label.setObjectName("diceCounts")
        self.roll_button = QPushButton("Roll")
        self.roll_button.setObjectName("rollButton")
        self.roll_button.setToolTip("Roll the tray (Space)")
        self.roll_button.clicked.connect(self.roll)
        self.clear_button = QPushButton("Empty tray")
        self.clear_button.clicked.connect(self.clear_tray)
        self.animate_check = QCheckBox("Animate")
        self.animate_check.setChecked(True)
        self.add_button = QToolButton()
        self.add_button.setText("Add die")
        self.add_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        menu = QMenu(self.add_button)
        for size in dicepool.SIZES:
            action = menu.addAction(f"Add a d{size} to the pool")
            action.triggered.connect(lambda _=False, s=size: self.add_die(s))
        self.add_button.setMenu(menu)
        header = QHBoxLayout()
        header.addWidget(self.name_label)
        header.addWidget(self.counts_label, 1)
        # The counts may be cut short rather than widen the dock.
        self.counts_label.setMinimumWidth(1)
        self.conflict_button = QPushButton("Conflict")
        self.conflict_button.setObjectName("conflictButton")
        self.conflict_button.setCheckable(True)
        self.conflict_button.setToolTip("Roll this character against another one")
        self.conflict_button.toggled.connect(self._on_conflict_toggled)
        controls = QHBoxLayout()
        controls.addWidget(self.conflict_button)
        controls.addWidget(self.add_button)
        controls.addWidget(self.clear_button)
        controls.addWidget(self.animate_check)
        controls.addStretch(1)
        controls.addWidget(self.roll_button)
        self.roll_button.setMinimumWidth(110)
        self.view.setMinimumWidth(180)

        left = QVBoxLayout()
        left.addLayout(header)
        left.addLayout(controls)
        left.addWidget(self.view, 1)

        self.traits = TraitChips()
        self.traits.itemChanged.connect(self._on_trait_ticked)
        self.steps_label = QLabel()
        self.steps_label.setObjectName("stepsLabel")
        trait_box = QGroupBox("Traits")
        trait_layout = QVBoxLayout(trait_box)
        trait_layout.addWidget(self.traits)
        trait_layout.addWidget(self.steps_label)

        self.target_spin = QSpinBox()
        self.target_spin.setObjectName("oddsTarget")
        self.target_spin.setRange(1, 999)
        self.target_spin.setValue(10)
        self.target_spin.valueChanged.connect(self._request_odds)
        self.reach_label = QLabel("–")
        self.reach_label.setObjectName("oddsReach")
        self.expected_label = QLabel("–")
        self.deplete_label = QLabel("–")
        self.deplete_label.setObjectName("oddsDeplete")
        self.tuple_label = QLabel("–")
        self.tuple_label.setObjectName("oddsTuple")
        odds_box = QGroupBox("Odds of the tray")
        odds_form = QFormLayout(odds_box)
        odds_form.addRow("Reach", self.target_spin)
        odds_form.addRow("Chance", self.reach_label)
        odds_form.addRow("Expected total", self.expected_label)
        odds_form.addRow("Depletes", self.deplete_label)
        odds_form.addRow("Tuple", self.tuple_label)
        self._odds_latest: object = None

        self.result_label = QLabel("No roll yet.")
        self.result_label.setObjectName("rollResult")
        self.result_label.setWordWrap(True)
        self.keep_button = QPushButton("Keep this one, rest to the table")
        self.keep_button.setObjectName("catastropheKeep")
        # The player picks which die stays or goes; the app suggests the largest to keep
        # and the smallest to lose (RULES.md section 2, All-ones tuple).
        self.keep_die_combo = QComboBox()
        self.keep_die_combo.setObjectName("catastropheKeepDie")
        self.lose_die_combo = QComboBox()
        self.lose_die_combo.setObjectName("catastropheLoseDie")
        self.keep_button.clicked.connect(
            lambda: self.choose(dicepool.Catastrophe.DEPLETE_ALL_BUT_ONE)
        )
        self.lose_button = QPushButton("Lose this one, rest to the pool")
        self.lose_button.setObjectName("catastropheLose")
        self.lose_button.clicked.connect(lambda: self.choose(dicepool.Catastrophe.LOSE_ONE))
        self.choice_frame = QFrame()
        self.choice_frame.setObjectName("catastropheChoice")
        choice_layout = QVBoxLayout(self.choice_frame)
        choice_layout.setContentsMargins(0, 0, 0, 0)
        self.choice_label = QLabel("<b>All ones!</b> The player chooses:")
        choice_layout.addWidget(self.choice_label)
        choice_layout.addWidget(self.keep_die_combo)
        choice_layout.addWidget(self.keep_button)
        choice_layout.addWidget(self.lose_die_combo)
        choice_layout.addWidget(self.lose_button)
        self.choice_frame.hide()
        result_box = QGroupBox("Last roll")
        result_layout = QVBoxLayout(result_box)
        result_layout.addWidget(self.result_label)
        result_layout.addWidget(self.choice_frame)

        self.rest_button = QPushButton("Rest 2 hours")
        self.rest_button.clicked.connect(lambda: self.rest(2))
        self.rest_day_button = QPushButton("Rest a day")
        self.rest_day_button.clicked.connect(lambda: self.rest(24))
        self.damage_spin = QSpinBox()
        self.damage_spin.setRange(1, 99)
        self.damage_button = QPushButton("Take damage")
        self.damage_button.setObjectName("takeDamage")
        self.damage_button.clicked.connect(lambda: self.take_damage(self.damage_spin.value()))
        self.new_die = NewDieChip()
        self.new_die_size = QComboBox()
        for size in dicepool.SIZES:
            self.new_die_size.addItem(f"d{size}", size)
        self.new_die_size.setCurrentIndex(dicepool.SIZES.index(dicepool.DEFAULT_SIZE))
        self.new_die_size.currentIndexChanged.connect(
            lambda: self.new_die.set_size(int(self.new_die_size.currentData()))
        )
        actions_box = QGroupBox("Rest, damage, awards")
        actions = QVBoxLayout(actions_box)
        rest_row = QHBoxLayout()
        rest_row.addWidget(self.rest_button)
        rest_row.addWidget(self.rest_day_button)
        damage_row = QHBoxLayout()
        damage_row.addWidget(self.damage_spin)
        damage_row.addWidget(self.damage_button, 1)
        award_row = QHBoxLayout()
        award_row.addWidget(self.new_die_size)
        award_row.addWidget(self.new_die, 1)
        actions.addLayout(rest_row)
        actions.addLayout(damage_row)
        actions.addLayout(award_row)

        side = QVBoxLayout()
        side.addWidget(self._build_conflict_box())
        side.addWidget(result_box)
        side.addWidget(odds_box)
        side.addWidget(trait_box, 1)
        side.addWidget(actions_box)
        side_widget = QWidget()
        side_widget.setLayout(side)
        # Scrolls rather than forcing its height on the window when the dock is short.
        side_scroll = vertical_scroll(side_widget)
        side_scroll.setFixedWidth(280)

        layout = QHBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addLayout(left, 1)
        layout.addWidget(side_scroll)

        context = Qt.ShortcutContext.WidgetWithChildrenShortcut
        for keys, slot in (
            (QKeySequence(Qt.Key.Key_Space), self.roll),
            (QKeySequence(Qt.Key.Key_Plus), lambda: self.step_selected(1)),
            (QKeySequence(Qt.Key.Key_Equal), lambda: self.step_selected(1)),
            (QKeySequence(Qt.Key.Key_Minus), lambda: self.step_selected(-1)),
            (QKeySequence(Qt.Key.Key_D), self.toggle_down_selected),
            (QKeySequence(Qt.Key.Key_Return), self.toggle_tray_selected),
            (QKeySequence(QKeySequence.StandardKey.Delete), self.delete_selected),
        ):
            shortcut = QShortcut(keys, self, context=context)
            shortcut.activated.connect(slot)
        self.view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.view.customContextMenuRequested.connect(self._context_menu)
        self._update_buttons()

    def _build_conflict_box(self) -> QGroupBox:
        self.conflict_box = QGroupBox("Conflict")
        self.conflict_box.setObjectName("conflictBox")
        self.opponent_combo = QComboBox()
        self.opponent_combo.setObjectName("opponentCombo")
        self.opponent_combo.currentIndexChanged.connect(self._on_opponent_chosen)
        self.item_combos: list[tuple[QComboBox, QComboBox]] = []
        self._side_labels: list[QLabel] = []
        form = QFormLayout()
        form.addRow("Against", self.opponent_combo)
        self.opp_traits = TraitChips()
        self.opp_traits.setObjectName("opponentTraitChips")
        self.opp_traits.setMaximumHeight(90)
        self.opp_traits.itemChanged.connect(self._on_opp_trait_ticked)
        self.opp_steps_label = QLabel()
        self.opp_steps_label.setObjectName("opponentStepsLabel")
        self.opp_traits_label = QLabel("Its traits")
        self.opp_traits_label.setWordWrap(True)
        form.addRow(self.opp_traits_label)
        form.addRow(self.opp_traits)
        form.addRow(self.opp_steps_label)
        for side in (0, 1):
            weapon, armour = QComboBox(), QComboBox()
            weapon.setObjectName(f"weapon{side}")
            armour.setObjectName(f"armour{side}")
            for combo, kind in ((weapon, "weapon"), (armour, "armour")):
                combo.currentIndexChanged.connect(self._request_odds)
                combo.activated.connect(
                    lambda _=0, c=combo, k=kind, i=side: self._remember_item(i, k, c)
                )
            self.item_combos.append((weapon, armour))
            label = QLabel()
            self._side_labels.append(label)
            form.addRow(label)
            form.addRow("  Weapon", weapon)
            form.addRow("  Armour", armour)
        self.conflict_odds_label = QLabel("–")
        self.conflict_odds_label.setObjectName("conflictOdds")
        self.conflict_odds_label.setWordWrap(True)
        self.conflict_result_label = QLabel("Fill both trays, then Roll.")
        self.conflict_result_label.setObjectName("conflictResult")
        self.conflict_result_label.setWordWrap(True)
        self.damage_roll_button = QPushButton("Roll the winner's damage die")
        self.damage_roll_button.setObjectName("rollDamageDie")
        self.damage_roll_button.clicked.connect(lambda: self.roll_item_die("damage"))
        self.protection_roll_button = QPushButton("Roll the loser's protection die")
        self.protection_roll_button.setObjectName("rollProtectionDie")
        self.protection_roll_button.clicked.connect(lambda: self.roll_item_die("protection"))
        self.apply_button = QPushButton("Apply the outcome")
        self.apply_button.setObjectName("applyConflict")
        self.apply_button.clicked.connect(self.apply_conflict)
        self.discard_button = QPushButton("Discard the roll")
        self.discard_button.clicked.connect(self.discard_conflict)
        layout = QVBoxLayout(self.conflict_box)
        layout.addLayout(form)
        layout.addWidget(self.conflict_odds_label)
        layout.addWidget(self.conflict_result_label)
        for button in (
            self.damage_roll_button,
            self.protection_roll_button,
            self.apply_button,
            self.discard_button,
        ):
            layout.addWidget(button)
        self.conflict_box.hide()
        return self.conflict_box

    # -- following the campaign ---------------------------------------------------------------

    def set_session(self, session: CampaignSession | None) -> None:
        self._stop_animation()
        self._pending = None
        self._conflict = None
        self.odds_worker.cancel()
        self.conflict_worker.cancel()
        if self._session is not None:
            self._hold_undo(False)
            self._session.changed.disconnect(self._on_changed)
            self._session.character_selected.disconnect(self._on_selected)
        self._session = session
        self._states.clear()
        self._applied.clear()
        if session is not None:
            session.changed.connect(self._on_changed)
            session.character_selected.connect(self._on_selected)
            self._on_selected(session.selected_character)
        else:
            self._on_selected(None)

    def _on_selected(self, character_id: object) -> None:
        previous = self._character.id if self._character else None
        self._character = None
        if self._session is not None and isinstance(character_id, int):
            try:
                self._character = self._session.campaign.roster.get(character_id)
            except NotFound:
                self._character = None
        if (self._character.id if self._character else None) != previous:
            self._stop_animation()
            self._states.clear()
            self._applied.clear()
            self._cancel_pending()
            self._conflict = None
            self.result_label.setText("No roll yet.")
        self.reload()

    def _on_changed(self, topic: str) -> None:
        if topic in TOPICS:
            if topic == "characters" and self._character is not None:
                self._on_selected(self._character.id)
                return
            self.reload()

    def reload(self) -> None:
        character, session = self._character, self._session
        if character is None or session is None:
            self._dice, self._traits = [], []
            self.name_label.setText("No one selected" if session else "No campaign open")
            self.traits.set_traits(0, [], set())
        else:
            self._dice = session.campaign.kit.dice(character.id)
            self._traits = session.campaign.kit.traits(character.id)
            self._applied &= {t.id for t in self._traits}
            self.name_label.setText(character.name)
            self.traits.set_traits(character.id, self._traits, self._applied)
        self._reload_opponent()
        ids = {d.id for d in self._dice} | {d.id for d in self._opp_dice}
        self._states = {k: v for k, v in self._states.items() if k in ids}
        self._redraw()
        self._update_counts()
        self._update_buttons()
        self._request_odds()

    def _reload_opponent(self) -> None:
        session = self._session
        in_conflict = self.conflict_button.isChecked() and session is not None
        if in_conflict and self._opponent is not None and self._opponent != self._character:
            try:
                self._opponent = session.campaign.roster.get(self._opponent.id)  # type: ignore[union-attr]
                self._opp_dice = session.campaign.kit.dice(self._opponent.id)  # type: ignore[union-attr]
            except NotFound:
                self._opponent, self._opp_dice = None, []
                self._conflict = None  # the other side is gone: its roll means nothing
        else:
            self._opp_dice = []
        opponent = self._opponent if in_conflict and self._opponent is not None else None
        if opponent is not None and opponent != self._character and session is not None:
            self._opp_traits = session.campaign.kit.traits(opponent.id)
        else:
            opponent, self._opp_traits = None, []
        self._opp_applied &= {t.id for t in self._opp_traits}
        self.opp_traits.set_traits(
            opponent.id if opponent else 0, self._opp_traits, self._opp_applied
        )
        self.opp_traits_label.setText(
            f"{opponent.name}'s traits: they step only {opponent.name}'s dice" if opponent else ""
        )
        self._items = {}
        for who in (self._character, self._opponent if in_conflict else None):
            if who is not None and session is not None:
                self._items[who.id] = session.campaign.kit.items(who.id)
        self._fill_item_combos()

    def _sides(self) -> list[tuple[CharacterRecord, list[DieRecord]]]:
        sides = []
        if self._character is not None:
            sides.append((self._character, self._dice))
        if self._in_conflict():
            assert self._opponent is not None
            sides.append((self._opponent, self._opp_dice))
        return sides

    def _in_conflict(self) -> bool:
        return (
            self.conflict_button.isChecked()
            and self._character is not None
            and self._opponent is not None
            and self._opponent.id != self._character.id
        )

    def _redraw(self) -> None:
        width = max(200.0, float(self.view.viewport().width()))
        sides = [
            SideView(
                title=character.name if self._in_conflict() else "",
                dice=dice,
                states=self._states,
                rolled_sizes={d.id: rolled_size(d) for d in dice if d.in_tray},
            )
            for character, dice in self._sides()
        ]
        self.scene.show_sides(sides or [SideView("", [], {}, {})], width, self.palette())

    def _update_counts(self) -> None:
        pool = to_pool(self._dice)
        state = dicepool.pool_play_state(pool)
        words = (
            "" if state is dicepool.PlayState.IN_PLAY else f" · {dicepool.PLAY_STATE_WORDS[state]}"
        )
        self.counts_label.setText(
            f"Pool {len(pool.in_pool)} · Table {len(pool.on_table)} · Removed {len(pool.removed)}"
            + words
            if self._character
            else ""
        )
        self.counts_label.setToolTip(dicepool.PLAY_STATE_WORDS[state].capitalize())
        used = sum(d.steps for d in self._tray())
        self.steps_label.setText(f"Trait steps: {used} of {self.steps_allowed()} used")
        opp_used = sum(d.steps for d in self._tray(self._opp_dice))
        self.opp_steps_label.setText(
            f"Trait steps: {opp_used} of {self.steps_allowed(1)} used"
            if self._in_conflict()
            else ""
        )

    def _update_buttons(self) -> None:
        writable = self._session is not None and not self._session.read_only
        has_character = writable and self._character is not None
        conflict = self._conflict
        waiting = self._pending is not None or (
            conflict is not None and conflict.waiting_for is not None
        )
        busy = waiting or conflict is not None or self.animation.running()
        self._hold_undo(busy)
        trays = bool(self._tray()) or (self._in_conflict() and bool(self._tray(self._opp_dice)))
        ready = self._in_conflict() if self.conflict_button.isChecked() else trays
        self.roll_button.setEnabled(
            has_character and ready and not busy and not self.animation.running()
        )
        self.roll_button.setText("Roll both" if self.conflict_button.isChecked() else "Roll")
        self.clear_button.setEnabled(has_character and trays and not busy)
        for widget in (
            self.add_button,
            self.rest_button,
            self.rest_day_button,
            self.damage_button,
            self.new_die,
            self.conflict_button,
        ):
            widget.setEnabled(has_character and not busy)
        self.choice_frame.setVisible(waiting)
        self.conflict_box.setVisible(self.conflict_button.isChecked())
        decided = conflict is not None and conflict.waiting_for is None
        winner = conflict.winner if decided and conflict else None
        self.damage_roll_button.setEnabled(
            decided
            and winner is not None
            and conflict.damage is None  # type: ignore[union-attr]
            and bool(self._chosen_item(winner, 0))
        )
        self.protection_roll_button.setEnabled(
            decided
            and winner is not None
            and conflict.protection is None  # type: ignore[union-attr]
            and bool(self._chosen_item(1 - winner, 1))
        )
        self.apply_button.setEnabled(decided and writable)
        self.discard_button.setEnabled(conflict is not None)
        self.opponent_combo.setEnabled(conflict is None)

    # -- what the GM does ----------------------------------------------------------------------

    def _tray(self, dice: list[DieRecord] | None = None) -> list[DieRecord]:
        chosen = self._dice if dice is None else dice
        return [d for d in chosen if d.in_tray and d.place == "pool" and d.kind == "ordinary"]

    def steps_allowed(self, side: int = 0) -> int:
        """The trait steps a side may spend on this roll: its own ticked traits only."""
        traits, applied = (
            (self._traits, self._applied) if side == 0 else (self._opp_traits, self._opp_applied)
        )
        return dicepool.trait_steps([t.value for t in traits if t.id in applied])

    def _side_of_die(self, die_id: int) -> int:
        return 1 if any(d.id == die_id for d in self._opp_dice) else 0

    def _push(self, command: object) -> bool:
        assert self._session is not None
        return self._session.push(command)  # type: ignore[arg-type]

    def _problem(self, message: str) -> None:
        if self._session is not None:
            self._session.report_failure(message)

    def _die(self, die_id: int) -> DieRecord | None:
        return next((d for d in [*self._dice, *self._opp_dice] if d.id == die_id), None)

    def _writable(self) -> bool:
        return (
            self._session is not None
            and not self._session.read_only
            and self._character is not None
            and self._pending is None
            and self._conflict is None
            and not self.animation.running()
        )

    def toggle_tray(self, die_id: int) -> None:
        die = self._die(die_id)
        if not self._writable() or die is None:
            return
        self.move_die(die, "pool" if die.in_tray else "tray")

    def move_die(self, die: DieRecord, area: str) -> None:
        """Move one of this character's dice to an area of the table."""
        if die.kind != "ordinary" and area in ("tray",):
            self._problem("Weapon and armour dice are rolled in a conflict, not from the tray.")
            return
        if area in ("pool", "tray"):
            if die.place != "pool" and die.kind == "ordinary" and area == "tray":
                self._problem("Only dice in the pool can go in the tray.")
                return
            changed = replace(die, place="pool", in_tray=area == "tray", steps=0, down_to_d4=False)
        else:
            changed = replace(die, place=area, in_tray=False, steps=0, down_to_d4=False)
        if changed == die:
            return
        names = {"pool": "the pool", "tray": "the tray", "table": "the table", "removed": "removed"}
        self._push(UpdateDice(self._session, f"Move d{die.size} to {names[area]}", [changed]))  # type: ignore[arg-type]

    def _on_die_dropped(self, die_id: int, from_character: int, side: int, area: str) -> None:
        sides = self._sides()
        if not self._writable() or side >= len(sides):
            return
        target = sides[side][0]
        if from_character != target.id:
            award_depleted(self._session, die_id, from_character, target.id)  # type: ignore[arg-type]
            return
        die = self._die(die_id)
        if die is not None:
            self.move_die(die, area)

    def _on_trait_dropped(self, trait_id: int, die_id: int) -> None:
        if not self._writable():
            return
        mine = trait_id in {t.id for t in self._traits}
        theirs = trait_id in {t.id for t in self._opp_traits}
        if not mine and not theirs:
            return
        if (0 if mine else 1) != self._side_of_die(die_id):
            self._problem("Each side steps its dice only with its own traits.")
            return
        if mine and trait_id not in self._applied:
            self._applied.add(trait_id)
            self.traits.set_traits(self._character.id, self._traits, self._applied)  # type: ignore[union-attr]
        if theirs and trait_id not in self._opp_applied:
            self._opp_applied.add(trait_id)
            self.opp_traits.set_traits(
                self.opp_traits.character_id, self._opp_traits, self._opp_applied
            )
        self.step(die_id, 1)

    def _on_opp_trait_ticked(self, item: QListWidgetItem) -> None:
        trait = int(item.data(Qt.ItemDataRole.UserRole))
        if item.checkState() == Qt.CheckState.Checked:
            self._opp_applied.add(trait)
        else:
            self._opp_applied.discard(trait)
        self._update_counts()
        self._request_odds()

    def _on_trait_ticked(self, item: QListWidgetItem) -> None:
        trait = int(item.data(Qt.ItemDataRole.UserRole))
        if item.checkState() == Qt.CheckState.Checked:
            self._applied.add(trait)
        else:
            self._applied.discard(trait)
        self._update_counts()
        self._request_odds()

    def step(self, die_id: int, delta: int) -> None:
        """Spend (or take back) one trait step on a tray die."""
        die = self._die(die_id)
        if not self._writable() or die is None or not die.in_tray:
            return
        steps = die.steps + delta
        if steps < 0:
            return
        side = self._side_of_die(die_id)
        used = sum(d.steps for d in self._tray(self._opp_dice if side else self._dice)) + delta
        if delta > 0 and used > self.steps_allowed(side):
            who = self._opponent.name if side and self._opponent else "this side"
            self._problem(
                f"No trait steps left for {who}: tick one of its own traits that applies."
            )
            return
        try:
            dicepool.step_size(die.size, steps)
        except ValueError as error:
            self._problem(str(error))
            return
        verb = "Step up" if delta > 0 else "Step back"
        changed = replace(die, steps=steps, down_to_d4=False)
        self._push(UpdateDice(self._session, f"{verb} a d{die.size}", [changed]))  # type: ignore[arg-type]

    def _selected(self) -> DieRecord | None:
        items = self.scene.selectedItems()
        record = getattr(items[0], "record", None) if items else None
        return record if isinstance(record, DieRecord) else None

    def step_selected(self, delta: int) -> None:
        die = self._selected()
        if die is not None:
            self.step(die.id, delta)

    def toggle_tray_selected(self) -> None:
        die = self._selected()
        if die is not None:
            self.toggle_tray(die.id)

    def toggle_down_selected(self) -> None:
        die = self._selected()
        if die is None or not self._writable() or not die.in_tray:
            return
        changed = replace(die, down_to_d4=not die.down_to_d4, steps=0)
        text = f"Step a d{die.size} down to d4" if changed.down_to_d4 else f"Restore a d{die.size}"
        self._push(UpdateDice(self._session, text, [changed]))  # type: ignore[arg-type]

    def delete_selected(self) -> None:
        die = self._selected()
        if die is not None and self._writable():
            self._push(RemoveDice(self._session, [die], f"Delete a d{die.size}"))  # type: ignore[arg-type]

    def add_die(self, size: int) -> None:
        if self._writable():
            assert self._character is not None
            self._push(AddDice(self._session, self._character.id, size))  # type: ignore[arg-type]

    def _on_new_die(self, size: int, side: int, area: str) -> None:
        sides = self._sides()
        if not self._writable() or side >= len(sides):
            return
        target = sides[side][0]
        place = "table" if area == "table" else "pool"
        text = f"Award a new d{size} to {target.name}"
        self._push(AddDice(self._session, target.id, size, place=place, text=text))  # type: ignore[arg-type]

    def clear_tray(self) -> None:
        if self._writable():
            trays = [*self._tray(), *self._tray(self._opp_dice)]
            changed = [replace(d, in_tray=False, steps=0, down_to_d4=False) for d in trays]
            self._applied.clear()
            self._push(UpdateDice(self._session, "Empty the tray", changed))  # type: ignore[arg-type]

    def rest(self, hours: int) -> None:
        if not self._writable():
            return
        try:
            after = dicepool.rest(to_pool(self._dice), hours)
        except ValueError as error:
            self._problem(str(error))
            return
        changed = after_pool(self._dice, after)
        if not changed:
            self._problem("Resting changes nothing here: no depleted or removed die to return.")
            return
        text = "Rest two hours" if hours == 2 else "Rest a day"
        self._push(UpdateDice(self._session, text, changed))  # type: ignore[arg-type]

    def take_damage(self, count: int) -> None:
        if not self._writable():
            return
        try:
            after = dicepool.take_damage(to_pool(self._dice), count)
        except ValueError as error:
            self._problem(str(error))
            return
        assert self._character is not None
        text = f"{self._character.name} takes {count} damage"
        self._push(UpdateDice(self._session, text, after_pool(self._dice, after)))  # type: ignore[arg-type]

    # -- rolling ---------------------------------------------------------------------------------

    def roll(self) -> None:
        if not self._writable() or self.animation.running():
            return
        if self._in_conflict():
            self.roll_conflict()
            return
        if not self._tray():
            return
        assert self._session is not None
        try:
            roll = self._roll_side(self._dice, self.steps_allowed())
        except ValueError as error:
            self._problem(str(error))
            return
        self._animate([roll], lambda: self._land(roll))

    def _roll_side(self, dice: list[DieRecord], steps_allowed: int) -> dicepool.Roll:
        assert self._session is not None
        tray = [dicepool.TrayDie(d.id, d.steps, d.down_to_d4) for d in self._tray(dice)]
        return dicepool.roll_tray(to_pool(dice), tray, self._session.rng, steps_allowed)

    def _animate(self, rolls: list[dicepool.Roll], land: Callable[[], None]) -> None:
        """Tumble the rolled dice for a moment (unless turned off), then land them.

        The roll lands only in the session and for the character it was rolled for;
        while the dice tumble, nothing else can change the pool (undo included).
        """
        if not self.animate_check.isChecked():
            land()
            return
        session, showing = self._session, self._character.id if self._character else None

        def still_here() -> bool:
            character = self._character
            return self._session is session and character is not None and character.id == showing

        def show(faces: dict[int, DieState]) -> None:
            self._states.update(faces)
            self._redraw()

        self.animation.start(
            rolls, still_here=still_here, show=show, land=land, done=self._update_buttons
        )
        self._update_buttons()

    def is_rolling(self) -> bool:
        """Whether dice are tumbling: a roll that has not landed yet."""
        return self.animation.running()

    def _stop_animation(self) -> None:
        self.animation.stop()

    def _hold_undo(self, held: bool) -> None:
        # A pending roll was computed from the pool as it is: undo must wait for it.
        if self._session is not None:
            self._session.undo_stack.setActive(not held)

    def _show_faces(self, rolls: list[dicepool.Roll]) -> None:
        self._states = {}
        for roll in rolls:
            depleted = set(roll.depleted_ids)
            for die_id, size, face in zip(roll.die_ids, roll.sizes, roll.faces, strict=True):
                self._states[die_id] = DieState(face, size, highlight=die_id in depleted)

    def _land(self, roll: dicepool.Roll) -> None:
        self._show_faces([roll])
        if roll.result.catastrophe:
            self._pending = roll
            self.result_label.setText(self._describe(roll) + "\nAll ones: choose below.")
            self.choice_label.setText("<b>All ones!</b> The player chooses:")
            self._offer_dice(roll)
            self._redraw()
            self._update_buttons()
            return
        self._commit(roll, None)

    def _offer_dice(self, roll: dicepool.Roll) -> None:
        """Fill the two die pickers with the rolled dice, the rules' suggestion chosen."""
        for combo, choice in (
            (self.keep_die_combo, dicepool.Catastrophe.DEPLETE_ALL_BUT_ONE),
            (self.lose_die_combo, dicepool.Catastrophe.LOSE_ONE),
        ):
            combo.clear()
            for number, (die_id, size) in enumerate(
                zip(roll.die_ids, roll.sizes, strict=True), start=1
            ):
                combo.addItem(f"Die {number}: d{size}", die_id)
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
        """The player's answer to an all-ones roll (in a conflict, for the side asked):
        the choice and the die picked for it."""
        chosen = self.chosen_die(choice)
        if self._conflict is not None:
            side = self._conflict.waiting_for
            if side is not None:
                self._conflict.sides[side].choice = choice
                self._conflict.sides[side].chosen = chosen
            self._show_conflict()
            return
        roll, self._pending = self._pending, None
        if roll is not None:
            self._commit(roll, choice, chosen)

    def _cancel_pending(self) -> None:
        self._pending = None
        self.choice_frame.hide()

    def _commit(
        self,
        roll: dicepool.Roll,
        choice: dicepool.Catastrophe | None,
        chosen: int | None = None,
    ) -> None:
        assert self._session is not None and self._character is not None
        try:
            after = dicepool.apply_roll(to_pool(self._dice), roll, choice=choice, chosen=chosen)
        except ValueError as error:
            self._problem(str(error))
            return
        changed = after_pool(self._dice, after)
        summary = self._describe(roll, choice)
        entry = RollEntry(
            character_id=self._character.id,
            character_name=self._character.name,
            kind="roll",
            detail=roll_detail(self._dice, roll, choice, self.steps_allowed(), chosen),
            total=roll.result.total,
            summary=summary,
        )
        if self._push(RollDice(self._session, f"Roll for {self._character.name}", changed, entry)):
            self._applied.clear()
            self.result_label.setText(summary)
        self._update_buttons()

    def _describe(self, roll: dicepool.Roll, choice: dicepool.Catastrophe | None = None) -> str:
        return describe_roll(self._character.name if self._character else "", roll, choice)

    # -- conflict ---------------------------------------------------------------------------

    def _on_conflict_toggled(self, on: bool) -> None:
        self._conflict = None
        self._states.clear()
        if on:
            self._fill_opponents()
        self.reload()

    def _fill_opponents(self) -> None:
        chosen = self._opponent.id if self._opponent else None
        self.opponent_combo.blockSignals(True)
        self.opponent_combo.clear()
        if self._session is not None:
            for character in self._session.campaign.roster.all():
                if self._character is None or character.id != self._character.id:
                    self.opponent_combo.addItem(character.name, character.id)
        index = self.opponent_combo.findData(chosen)
        self.opponent_combo.setCurrentIndex(max(0, index))
        self.opponent_combo.blockSignals(False)
        self._on_opponent_chosen()

    def _on_opponent_chosen(self) -> None:
        chosen = self.opponent_combo.currentData()
        self._opponent = None
        if self._session is not None and isinstance(chosen, int):
            try:
                self._opponent = self._session.campaign.roster.get(chosen)
            except NotFound:
                self._opponent = None
        self._states.clear()
        self.reload()

    def set_opponent(self, character_id: int) -> None:
        """Start (or change) a conflict against `character_id`."""
        if not self.conflict_button.isChecked():
            self.conflict_button.setChecked(True)
        index = self.opponent_combo.findData(character_id)
        if index >= 0:
            self.opponent_combo.setCurrentIndex(index)

    def _fill_item_combos(self) -> None:
        sides = self._sides()
        for side, (weapon, armour) in enumerate(self.item_combos):
            who = sides[side][0] if side < len(sides) else None
            self._side_labels[side].setText(f"<b>{escaped(who.name)}</b>" if who else "")
            for combo, kind in ((weapon, "weapon"), (armour, "armour")):
                chosen = self._item_choice.get((who.id, kind)) if who else None
                combo.blockSignals(True)
                combo.clear()
                combo.addItem("None", None)
                dice = {d.id: d for d in sides[side][1]} if who else {}
                for item in self._items.get(who.id, []) if who else []:
                    die = dice.get(item.die_id) if item.die_id is not None else None
                    if item.kind == kind and die is not None and die.place == "pool":
                        combo.addItem(f"{item.name} (d{die.size})", item.id)
                # The GM's last choice for this character, else its first item.
                index = (
                    combo.findData(chosen) if who and (who.id, kind) in self._item_choice else -1
                )
                combo.setCurrentIndex(index if index >= 0 else min(1, combo.count() - 1))
                combo.setEnabled(who is not None)
                combo.blockSignals(False)

    def _remember_item(self, side: int, kind: str, combo: QComboBox) -> None:
        sides = self._sides()
        if side < len(sides):
            self._item_choice[(sides[side][0].id, kind)] = combo.currentData()
        self._update_buttons()

    def _chosen_item(self, side: int, which: int) -> ItemRecord | None:
        """The weapon (which=0) or armour (which=1) chosen for a side, if any."""
        sides = self._sides()
        if side >= len(sides):
            return None
        item_id = self.item_combos[side][which].currentData()
        items = self._items.get(sides[side][0].id, [])
        return next((i for i in items if i.id == item_id), None)

    def roll_conflict(self) -> None:
        if not self._in_conflict() or self._conflict is not None:
            return
        assert self._character is not None and self._opponent is not None
        try:
            mine = self._roll_side(self._dice, self.steps_allowed(0))
            theirs = self._roll_side(self._opp_dice, self.steps_allowed(1))
        except ValueError as error:
            self._problem(str(error))
            return
        conflict = Conflict(
            [
                SideRoll(
                    self._character, self._dice, self._items.get(self._character.id, []), mine
                ),
                SideRoll(
                    self._opponent, self._opp_dice, self._items.get(self._opponent.id, []), theirs
                ),
            ]
        )

        def land() -> None:
            self._conflict = conflict
            self._show_faces([mine, theirs])
            self._show_conflict()

        self._animate([mine, theirs], land)

    def _show_conflict(self) -> None:
        conflict = self._conflict
        if conflict is None:
            return
        waiting = conflict.waiting_for
        if waiting is not None:
            name = conflict.sides[waiting].character.name
            self.choice_label.setText(f"<b>All ones for {name}!</b> The player chooses:")
            self._offer_dice(conflict.sides[waiting].roll)
            self.conflict_result_label.setText(f"{name} rolled all ones: choose below first.")
        else:
            self.conflict_result_label.setText(conflict.summary())
        self._redraw()
        self._update_buttons()

    def roll_item_die(self, which: str) -> None:
        """The winner rolls its weapon's damage die, or the loser its armour's protection die."""
        conflict = self._conflict
        if conflict is None or conflict.waiting_for is not None or conflict.winner is None:
            return
        assert self._session is not None
        side = conflict.winner if which == "damage" else 1 - conflict.winner
        item = self._chosen_item(side, 0 if which == "damage" else 1)
        if item is None or item.die_id is None:
            return
        pool = to_pool(conflict.sides[side].dice)
        try:
            rolled = dicepool.roll_item_die(pool, item.die_id, self._session.rng)
        except ValueError as error:
            self._problem(str(error))
            return
        used = ItemRoll(item, rolled)
        if which == "damage":
            conflict.damage = used
        else:
            conflict.protection = used
        self._states[item.die_id] = DieState(rolled.face, rolled.size, highlight=True)
        self._show_conflict()

    def apply_conflict(self) -> None:
        """Write the whole outcome as one undoable step, and log it."""
        conflict = self._conflict
        if conflict is None or conflict.waiting_for is not None or self._session is None:
            return
        try:
            changed = conflict.changes()
        except ValueError as error:
            self._problem(str(error))
            return
        first, second = (side.character for side in conflict.sides)
        entry = RollEntry(
            character_id=first.id,
            character_name=first.name,
            kind="conflict",
            detail=conflict.detail(),
            total=conflict.sides[0].total,
            summary=conflict.summary(),
        )
        text = f"Conflict: {first.name} against {second.name}"
        self._conflict = None  # the push below reloads the dice; no conflict may hold them
        if self._push(RollDice(self._session, text, changed, entry)):
            self._applied.clear()
            self._opp_applied.clear()
            self.result_label.setText(entry.summary)
            self.conflict_result_label.setText(entry.summary)
        else:
            self._conflict = conflict  # refused: the GM can still discard it
        self._update_buttons()

    def discard_conflict(self) -> None:
        self._conflict = None
        self._states.clear()
        self.conflict_result_label.setText("Roll discarded: nothing was written.")
        self._redraw()
        self._update_buttons()

    # -- odds ------------------------------------------------------------------------------

    def _request_odds(self) -> None:
        self._request_conflict_odds()
        tray = self._tray()
        if not tray:
            self.odds_worker.cancel()
            self._odds_latest = None
            for label in (
                self.reach_label,
                self.expected_label,
                self.deplete_label,
                self.tuple_label,
            ):
                label.setText("–")
            return
        sizes = tuple(rolled_size(d) for d in tray)
        table = len(to_pool(self._dice).on_table)
        self.odds_worker.request(lambda: tray_odds(sizes, table))

    def _show_odds(self, result: object) -> None:
        texts = tray_odds_texts(result, self.target_spin.value())
        if texts is None:
            return
        self._odds_latest = result
        for label, text in zip(
            (self.reach_label, self.expected_label, self.deplete_label, self.tuple_label),
            texts,
            strict=True,
        ):
            label.setText(text)

    def _request_conflict_odds(self) -> None:
        if not self._in_conflict():
            return
        sides = []
        for side, (_who, dice) in enumerate(self._sides()):
            weapon, armour = self._chosen_item(side, 0), self._chosen_item(side, 1)
            sizes = {d.id: d.size for d in dice}
            sides.append(
                (
                    tuple(rolled_size(d) for d in self._tray(dice)),
                    len(to_pool(dice).on_table),
                    sizes.get(weapon.die_id) if weapon and weapon.die_id else None,
                    sizes.get(armour.die_id) if armour and armour.die_id else None,
                )
            )
        self.conflict_worker.request(lambda: conflict_odds(sides))

    def _show_conflict_odds(self, result: object) -> None:
        if not is_conflict_odds(result) or not self._in_conflict():
            return
        first, second = (who.name for who, _dice in self._sides())
        self.conflict_odds_label.setText(conflict_odds_text(result, first, second))

    def conflict_odds_label_text(self, message: str) -> None:
        self.conflict_odds_label.setText(message)

    def _show_odds_problem(self, message: str) -> None:
        self.reach_label.setText(message)

    # -- context menu --------------------------------------------------------------------

    def _context_menu(self, position: QPoint) -> None:
        die_id = self.scene.die_at(self.view.mapToScene(position))
        die = self._die(die_id) if die_id is not None else None
        if die is None or not self._writable():
            return
        die_menu(self, die, self).exec(self.view.viewport().mapToGlobal(position))

    def delete_die(self, die: DieRecord) -> None:
        self._push(RemoveDice(self._session, [die], f"Delete a d{die.size}"))  # type: ignore[arg-type]
