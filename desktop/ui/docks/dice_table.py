"""The Dice Table dock: the selected character's Energy System dice pool, drawn and rolled.

Dice are dragged between pool and tray (or double-clicked), trait chips are dropped on
tray dice to step them up, a depleted die dragged onto the roster is an award, and the
GM can drop a new depleted die as an award. Live exact odds of the tray are computed off
the GUI thread. Every change is an undo command that writes through the store; the
rules (depletion, tuples, the all-ones choice, rest, damage) all come from
`desktop.rules.dicepool`. The parts it composes live in `desktop.ui.dice_table`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import QPoint, Qt, QThreadPool, Signal
from PySide6.QtGui import QFont, QKeyEvent, QUndoCommand
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QListWidgetItem,
    QMenu,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from desktop.actions import pool as pool_actions
from desktop.actions import tray_moves
from desktop.actions.actor import Actor
from desktop.actions.all_ones import PendingAllOnes
from desktop.actions.dice import quick_roll, roll_tray, to_pool, tray_of
from desktop.actions.roll_words import describe_roll, rolled_size
from desktop.language import N_
from desktop.printing.words import PLAY_STATE_WORDS
from desktop.rules import dicepool
from desktop.store import CharacterRecord, DieRecord, NotFound, Topic, TraitRecord
from desktop.ui import read_guard
from desktop.ui.accessible import named
from desktop.ui.damaged_note import damaged_note, read_around
from desktop.ui.dice_commands import (
    AddDice,
    DiceAction,
    MoveTrayDice,
    RemoveDice,
    RollTray,
    award_depleted,
    settle_all_ones,
)
from desktop.ui.dice_table.animation import RollAnimation
from desktop.ui.dice_table.chips import NewDieChip, TraitChips
from desktop.ui.dice_table.tray_odds_box import TrayOddsBox
from desktop.ui.form_helpers import (
    follow_changes,
    push_button,
    reserve_lines,
    vertical_scroll,
)
from desktop.ui.plain_text import PlainLabel
from desktop.ui.session import CampaignSession
from desktop.ui.sharing.ask_button import AskToRollButton
from desktop.ui.step_result import StepResult
from desktop.ui.table_keys import clicks_keep_focus
from desktop.ui.widgets.dice_scene import DiceScene, DiceView, DieState, SideView
from desktop.ui.widgets.elided_label import ElidedLabel
from desktop.ui.widgets.flow import Flow
from desktop.ui.widgets.number_field import NumberField, problem_label
from desktop.ui.window_language import ntr, tr, window_translator
from desktop.ui.zoom import zoom_size, zoomed

if TYPE_CHECKING:
    from desktop.actions.conflict import Conflict
    from desktop.ui.dice_table.all_ones_choice import AllOnesChoice
    from desktop.ui.dice_table.conflict_box import ConflictBox

TOPICS = frozenset({Topic.DICE, Topic.TRAITS, Topic.ITEMS, Topic.CHARACTERS})
# The undo step of a die's move: a whole sentence for each area it goes to.
MOVE_TEXTS = {
    "pool": N_("Move d{size} to the pool"),
    "tray": N_("Move d{size} to the tray"),
    "table": N_("Move d{size} to the table"),
    "removed": N_("Move d{size} to removed"),
}
# The row of buttons over the table, in English: its width in English is the table's
# least width in every language (`Flow.add(english=…)`).
CONFLICT = N_("Conflict")
ADD_DIE = N_("Add die")
EMPTY_TRAY = N_("Empty tray")
ANIMATE = N_("Animate")
ROLL = N_("Roll")
# The Add die menu's entry for a die of a kind laid on a character by hand
# (`dicepool.LOOSE_KINDS`): a new loose kind adds its whole sentence here.
ADD_KIND_TEXTS = {
    dicepool.Kind.DAMAGE: N_("Add a damage d{size}"),
    dicepool.Kind.PROTECTION: N_("Add a protection d{size}"),
}


def _focusable_before(widget: QWidget) -> QWidget:
    """The widget Tab reaches just before `widget`."""
    # The focus chain is a ring: it leads back to `widget` if nothing before it takes Tab.
    previous = widget.previousInFocusChain()
    while previous is not None and previous is not widget:
        if previous.focusPolicy() & Qt.FocusPolicy.TabFocus:
            return previous
        previous = previous.previousInFocusChain()
    return widget


def _tab_after(anchor: QWidget, part: QWidget) -> None:
    """Put the widgets of `part`, made after the table, next after `anchor` in the Tab
    order (made last, they would come last)."""
    previous = anchor
    for widget in part.findChildren(QWidget):
        if widget.focusPolicy() & Qt.FocusPolicy.TabFocus:
            QWidget.setTabOrder(previous, widget)
            previous = widget


class DiceTableWidget(QWidget):
    # Whether a quick roll's number is typed: the window's Escape takes it back.
    quick_count_changed = Signal(bool)

    def __init__(self, pool: QThreadPool, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("diceTable")
        self._session: CampaignSession | None = None
        self._character: CharacterRecord | None = None
        self._dice: list[DieRecord] = []
        self._traits: list[TraitRecord] = []
        self._states: dict[int, DieState] = {}
        self._applied: set[int] = set()
        self._typed_count = ""  # digits typed for a quick roll, waiting for Space
        self.animation = RollAnimation(self)
        # A tumble's end frees the table: Roll, the conflict's Apply, undo.
        self.animation.settled.connect(self._update_buttons)
        # A phone's roll, already written, tumbles here too; it holds nothing (undo, Roll
        # and other phones stay free), since there is no roll left to land.
        self.echo = RollAnimation(self)
        self.odds_box = TrayOddsBox(pool)
        self._pool = pool
        # The opponent's side, the conflict's odds and the roll in progress: built (with
        # its module) when a conflict is first asked for, since most rolls need none.
        self._conflict_box: ConflictBox | None = None
        self._build()

    # -- building ---------------------------------------------------------------------------

    def _build(self) -> None:
        self.scene = DiceScene(self)
        self.view = DiceView(self.scene)
        self.view.setObjectName("diceView")
        zoom_size(self.view, minimumWidth=180)  # and the row of buttons' English width
        named(self.view, tr("Dice table"))
        self.view.tumbling = lambda: self.animation.running() or self.echo.running()
        self.view.resized.connect(self._redraw)
        self.view.die_dropped.connect(self._on_die_dropped)
        self.view.trait_dropped.connect(self._on_trait_dropped)
        self.view.new_die_dropped.connect(self._on_new_die)
        self.scene.die_activated.connect(self.toggle_tray)
        self.scene.selectionChanged.connect(self._update_buttons)

        self.name_label = ElidedLabel()  # a long name must not widen the table
        self.name_label.setObjectName("diceName")
        name_font = QFont(self.name_label.font())
        name_font.setPixelSize(zoomed(15))  # View > Zoom scales it from then on
        name_font.setBold(True)
        self.name_label.setFont(name_font)
        self.counts_label = PlainLabel()
        self.counts_label.setObjectName("diceCounts")
        self.roll_button = push_button(
            tr(ROLL), "rollButton", self.roll, tip=tr("Roll the tray (Space)")
        )
        self.clear_button = QPushButton(tr(EMPTY_TRAY))
        self.clear_button.clicked.connect(self.clear_tray)
        self.animate_check = QCheckBox(tr(ANIMATE))
        self.animate_check.setChecked(True)
        self.add_button = QToolButton()
        self.add_button.setText(tr(ADD_DIE))
        self.add_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        menu = QMenu(self.add_button)
        for size in dicepool.SIZES:
            action = menu.addAction(tr("Add a d{size} to the pool").format(size=size))
            action.triggered.connect(lambda _=False, s=size: self.add_die(s))
        for kind in dicepool.LOOSE_KINDS:
            text = tr(ADD_KIND_TEXTS[kind]).format(size=dicepool.DEFAULT_SIZE)
            action = menu.addAction(text)
            action.triggered.connect(lambda _=False, k=kind: self.add_die(dicepool.DEFAULT_SIZE, k))
        self.add_button.setMenu(menu)
        header = QHBoxLayout()
        header.addWidget(self.name_label)
        header.addWidget(self.counts_label, 1)
        # The counts wrap rather than widen the dock: cut short, they lost the words
        # "out of play (no die in the pool)" at their end. A long name gives way to them
        # (it is cut short), down to two lines of counts.
        self.counts_label.setWordWrap(True)
        zoom_size(self.counts_label, minimumWidth=200)
        self.conflict_button = QPushButton(tr(CONFLICT))
        self.conflict_button.setObjectName("conflictButton")
        self.conflict_button.setCheckable(True)
        self.conflict_button.setToolTip(tr("Roll this character against another one"))
        self.conflict_button.toggled.connect(self._on_conflict_toggled)
        # One row in English; longer words wrap it onto a second row (Roll at its right
        # edge) rather than widen the dock.
        # The table keeps the row's width in English, in every language and at every
        # zoom: the Play workspace gives the docks beside the table what its least width
        # leaves (`workspaces`), so that width must not follow the length of the words.
        zoom_size(self.roll_button, minimumWidth=110)
        self._controls = controls = Flow()
        for widget, english in (
            (self.conflict_button, CONFLICT),
            (self.add_button, ADD_DIE),
            (self.clear_button, EMPTY_TRAY),
            (self.animate_check, ANIMATE),
        ):
            controls.add(widget, english=english, whole=True)
        controls.add(self.roll_button, english=ROLL, whole=True, end=True)

        # While sharing: ask this character's player to roll from their phone.
        self.ask_button = AskToRollButton()

        self.quick_label = PlainLabel()
        self.quick_label.setObjectName("quickRoll")
        self.quick_label.setToolTip(
            tr(
                "Type a number and press Space (anywhere but in a text field): that many pool "
                "dice, the smallest first, are rolled without dragging."
            )
        )
        # A die another program changed into one the rules refuse: said here, not raised.
        self.damage_label = damaged_note()
        left = QVBoxLayout()
        left.addLayout(header)
        left.addWidget(self.damage_label)
        left.addLayout(controls)
        left.addWidget(self.ask_button)
        left.addWidget(self.quick_label)
        left.addWidget(self.view, 1)

        self.traits = TraitChips()
        self.traits.itemChanged.connect(self._on_trait_ticked)
        self.steps_label = PlainLabel()
        self.steps_label.setObjectName("stepsLabel")
        self.steps_label.setWordWrap(True)  # the fixed column's width, in any language
        trait_box = QGroupBox(tr("Traits"))
        trait_layout = QVBoxLayout(trait_box)
        trait_layout.addWidget(self.traits)
        trait_layout.addWidget(self.steps_label)

        # The odds box's parts that tests reach from the table.
        self.target_spin = self.odds_box.target_spin
        self.reach_label = self.odds_box.reach_label
        self.deplete_label = self.odds_box.deplete_label

        self.result_label = PlainLabel(tr("No roll yet."))
        self.result_label.setObjectName("rollResult")
        self.result_label.setWordWrap(True)
        self._result = StepResult(self.result_label, tr("No roll yet."))
        # The player's choice after an all-ones roll: made when one is first rolled.
        self._choice_frame: AllOnesChoice | None = None
        result_box = QGroupBox(tr("Last roll"))
        self._result_layout = QVBoxLayout(result_box)
        self._result_layout.addWidget(self.result_label)

        self.rest_button = QPushButton(tr("Rest 2 hours"))
        self.rest_button.clicked.connect(lambda: self.rest(2))
        self.rest_day_button = QPushButton(tr("Rest a day"))
        self.rest_day_button.clicked.connect(lambda: self.rest(24))
        self.damage_spin = NumberField(tr("The damage"), dicepool.check_damage, width=56)
        self.damage_spin.setObjectName("damageCount")
        self.damage_spin.setValue(1)
        self.damage_spin.checked.connect(self._update_buttons)
        self.damage_button = push_button(tr("Take damage"), "takeDamage", self._take_typed_damage)
        self.new_die = NewDieChip()
        self.new_die.award_requested.connect(lambda size: self._on_new_die(size, 0, "table"))
        self.new_die_size = QComboBox()
        for size in dicepool.SIZES:
            self.new_die_size.addItem(f"d{size}", size)
        self.new_die_size.setCurrentIndex(dicepool.SIZES.index(dicepool.DEFAULT_SIZE))
        self.new_die_size.currentIndexChanged.connect(
            lambda: self.new_die.set_size(int(self.new_die_size.currentData()))
        )
        actions_box = QGroupBox(tr("Rest, damage, awards"))
        actions = QVBoxLayout(actions_box)
        # Side by side in English; one above the other when their words are longer
        # than the fixed column.
        rest_row = Flow()
        rest_row.add(self.rest_button, 1, whole=True)
        rest_row.add(self.rest_day_button, 1, whole=True)
        damage_row = QHBoxLayout()
        damage_row.addWidget(self.damage_spin)
        damage_row.addWidget(self.damage_button, 1)
        award_row = QHBoxLayout()
        award_row.addWidget(self.new_die_size)
        award_row.addWidget(self.new_die, 1)
        actions.addLayout(rest_row)
        actions.addLayout(damage_row)
        # Two lines kept for the damage's problem: Take damage stays under the GM's pointer.
        actions.addWidget(reserve_lines(problem_label(self.damage_spin, "damageProblem"), 2))
        actions.addLayout(award_row)

        side = QVBoxLayout()
        self._conflict_place = QVBoxLayout()  # the conflict box's place, first in the column
        self._conflict_place.setContentsMargins(0, 0, 0, 0)
        side.addLayout(self._conflict_place)
        side.addWidget(result_box)
        side.addWidget(self.odds_box)
        side.addWidget(trait_box, 1)
        side.addWidget(actions_box)
        side_widget = QWidget()
        side_widget.setLayout(side)
        # Scrolls rather than forcing its height on the window when the dock is short.
        side_scroll = vertical_scroll(side_widget)
        zoom_size(side_scroll, fixedWidth=280)

        layout = QHBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addLayout(left, 1)
        layout.addWidget(side_scroll)

        # The keys for the selected die (+, -, D, Enter, Delete) are read in
        # keyPressEvent: they act when the table or a part of it that does not use the
        # key itself has the focus. Space, Escape and the quick roll's digits are the
        # main window's (`table_keys`), wherever the focus is; read here too, they serve
        # the table shown on its own.
        self._keys: dict[Qt.Key, Callable[[], None]] = {
            Qt.Key.Key_Space: self.roll,
            Qt.Key.Key_Plus: lambda: self.step_selected(1),
            Qt.Key.Key_Equal: lambda: self.step_selected(1),
            Qt.Key.Key_Minus: lambda: self.step_selected(-1),
            Qt.Key.Key_D: self.toggle_down_selected,
            Qt.Key.Key_Return: self.toggle_tray_selected,
            Qt.Key.Key_Enter: self.toggle_tray_selected,
            Qt.Key.Key_Delete: self.delete_selected,
            # The drags' keys: the arrows pick a die (`DiceView`), then T puts it on the
            # table, G gives it to another character (an award), Backspace brings it
            # back to the pool (a quick roll's digits, when typed, go first).
            Qt.Key.Key_T: lambda: self.move_selected("table"),
            Qt.Key.Key_G: self.award_selected,
            Qt.Key.Key_Menu: self.menu_for_selected,
            Qt.Key.Key_F10: self.menu_for_selected,  # with Shift, as everywhere
        }
        self.view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.view.customContextMenuRequested.connect(self._context_menu)
        # A click on a button leaves the keyboard where it was (Tab still reaches it):
        # Space after Rest 2 hours rolls, never rests again.
        clicks_keep_focus(self)
        self._update_buttons()

    @property
    def conflict_box(self) -> ConflictBox:
        """The conflict box, made the first time it is reached."""
        if self._conflict_box is None:
            from desktop.ui.dice_table.conflict_box import ConflictBox

            box = ConflictBox(self._pool)
            box.opponent_changed.connect(self._on_opponent_changed)
            box.changed.connect(self._on_conflict_changed)
            box.item_die_rolled.connect(self._show_item_die)
            box.choice_needed.connect(self._offer_choice)
            box.applied.connect(self._on_conflict_applied)
            box.discarded.connect(self._on_conflict_discarded)
            box.problem.connect(self._problem)
            self._conflict_place.addWidget(box)
            _tab_after(self.conflict_button, box)
            box.follow(self._session, self._character, self._dice)
            box.update_buttons(self._session is not None and not self._session.read_only)
            self._conflict_box = box
        return self._conflict_box

    @property
    def choice_frame(self) -> AllOnesChoice:
        """The all-ones choice, made (with its module) the first time it is reached."""
        if self._choice_frame is None:
            from desktop.ui.dice_table.all_ones_choice import AllOnesChoice

            frame = AllOnesChoice()  # hidden until offered
            frame.chosen.connect(self._on_chosen)
            clicks_keep_focus(frame)  # chosen, it hides: the focus stays where it was
            self._result_layout.addWidget(frame)
            _tab_after(_focusable_before(self.target_spin), frame)  # below the last roll
            self._choice_frame = frame
        return self._choice_frame

    def _opponent_dice(self) -> list[DieRecord]:
        box = self._conflict_box
        return box.opponent_dice if box is not None else []

    def _rolled_conflict(self) -> Conflict | None:
        box = self._conflict_box
        return box.conflict if box is not None else None

    def flush_edits(self) -> None:
        """Before the campaign closes: a conflict rolled and not applied is set aside,
        and the log keeps it (RULES.md section 5)."""
        if self._conflict_box is not None:
            self._conflict_box.abandon(tr("the campaign was closed"))

    def has_unapplied_conflict(self) -> bool:
        """A conflict rolled whose outcome is not applied yet (quitting asks first)."""
        return self._rolled_conflict() is not None

    # -- following the campaign ---------------------------------------------------------------

    def set_session(self, session: CampaignSession | None) -> None:
        self.animation.stop()
        self.echo.stop()
        if self._session is not None and self._session.conflict_host is self:
            self._session.conflict_host = None
        if self._conflict_box is not None:
            self._conflict_box.reset()
        self.odds_box.cancel()
        if self._session is not None:
            self._hold_undo(False)
        self._session = follow_changes(
            self._session,
            session,
            self._on_changed,
            character_selected=self._on_selected,
            all_ones_changed=self._on_all_ones,
            rolled_elsewhere=self._on_rolled_elsewhere,
        )
        self._result.set_session(session)
        self.ask_button.set_session(session)
        self._states.clear()
        self._applied.clear()
        if session is not None:
            session.conflict_host = self
            self._on_selected(session.selected_character)
            self.view.setFocus(Qt.FocusReason.OtherFocusReason)
        else:
            self._on_selected(None)

    @read_guard.guarded
    def _on_selected(self, character_id: object) -> None:
        previous = self._character.id if self._character else None
        self._character = None
        if self._session is not None and isinstance(character_id, int):
            try:
                self._character = self._session.campaign.roster.get(character_id)
            except NotFound:
                self._character = None
        if (self._character.id if self._character else None) != previous:
            self.animation.stop()
            self.echo.stop()
            self._states.clear()
            self._applied.clear()
            self._cancel_pending()
            self._set_typed("")
            if self._conflict_box is not None:
                self._conflict_box.reset()
            self._result.clear()
            self._offer_waiting()
            self.reload()
            self._tell_conflict()  # the conflict's sides are another pair now
            return
        self.reload()

    @read_guard.guarded
    def _on_changed(self, topic: str) -> None:
        if topic in TOPICS:
            if topic == Topic.CHARACTERS and self._character is not None:
                self._on_selected(self._character.id)
                return
            self.reload()

    def reload(self) -> None:
        character, session = self._character, self._session
        if character is None or session is None:
            self._dice, self._traits = [], []
            self.damage_label.hide()
            self.name_label.setText(tr("No one selected") if session else tr("No campaign open"))
            self.traits.set_traits(0, [], set())
        else:
            campaign = session.campaign
            self._dice = read_around(self.damage_label, lambda: campaign.kit.dice(character.id), [])
            self._traits = session.campaign.kit.traits(character.id)
            self._applied &= {t.id for t in self._traits}
            self.name_label.setText(character.name)
            self.traits.set_traits(character.id, self._traits, self._applied)
        self.ask_button.follow(
            character.id if character is not None and session is not None else None,
            character.name if character is not None else "",
        )
        if self._conflict_box is not None:
            self._conflict_box.follow(session, character, self._dice)
        ids = {d.id for d in self._dice} | {d.id for d in self._opponent_dice()}
        self._states = {k: v for k, v in self._states.items() if k in ids}
        self._redraw()
        self._update_counts()
        self._update_buttons()
        self._request_odds()

    def _sides(self) -> list[tuple[CharacterRecord, list[DieRecord]]]:
        sides = []
        if self._character is not None:
            sides.append((self._character, self._dice))
        if self._in_conflict():
            box = self.conflict_box
            if box.opponent is not None:
                sides.append((box.opponent, box.opponent_dice))
        return sides

    def _in_conflict(self) -> bool:
        return self._conflict_box is not None and self._conflict_box.in_conflict()

    def _redraw(self) -> None:
        width = max(200.0, self.view.scene_width())
        sides = [
            SideView(
                title=character.name if self._in_conflict() else "",
                dice=dice,
                states=self._states,
                rolled_sizes={d.id: rolled_size(d) for d in dice if d.in_tray},
                owner=character.id,
            )
            for character, dice in self._sides()
        ]
        self.scene.show_sides(sides or [SideView("", [], {}, {})], width, self.palette())

    def _update_counts(self) -> None:
        pool = to_pool(self._dice)
        state = dicepool.pool_play_state(pool)
        words = tr(PLAY_STATE_WORDS[state])
        counts = {
            "pool": len(pool.in_pool),
            "table": len(pool.on_table),
            "removed": len(pool.removed),
        }
        if not self._character:
            text = ""
        elif state is dicepool.PlayState.IN_PLAY:
            text = tr("Pool {pool} · Table {table} · Removed {removed}").format(**counts)
        else:
            text = tr("Pool {pool} · Table {table} · Removed {removed} · {state}").format(
                state=words, **counts
            )
        self.counts_label.setText(text)
        self.counts_label.setToolTip(words[:1].upper() + words[1:])
        used = sum(d.steps for d in self._tray())
        self.steps_label.setText(
            tr("Trait steps: {used} of {allowed} used").format(
                used=used, allowed=self.steps_allowed()
            )
        )
        if self._conflict_box is not None:
            self._conflict_box.show_steps()

    def _update_buttons(self) -> None:
        writable = self._session is not None and not self._session.read_only
        has_character = writable and self._character is not None
        box = self._conflict_box
        conflict = self._rolled_conflict()
        # An all-ones roll waiting for any character holds the table (and undo): it was
        # rolled from the dice as they are.
        pending = self._all_ones() is not None
        waiting = self._waiting_here() is not None or (box is not None and box.waiting())
        busy = pending or waiting or conflict is not None or self.animation.running()
        self._hold_undo(busy)
        opponent_tray = tray_of(self._opponent_dice())
        trays = bool(self._tray()) or (self._in_conflict() and bool(opponent_tray))
        ready = self._in_conflict() if self.conflict_button.isChecked() else trays
        self.roll_button.setEnabled(
            has_character and ready and not busy and not self.animation.running()
        )
        self.roll_button.setText(tr("Roll both") if self.conflict_button.isChecked() else tr(ROLL))
        self.clear_button.setEnabled(has_character and trays and not busy)
        for widget in (
            self.add_button,
            self.rest_button,
            self.rest_day_button,
            self.new_die,
            self.conflict_button,
        ):
            widget.setEnabled(has_character and not busy)
        self.damage_button.setEnabled(
            has_character and not busy and self.damage_spin.value() is not None
        )
        if waiting or self._choice_frame is not None:
            self.choice_frame.setVisible(waiting)
        if box is not None:
            box.setVisible(self.conflict_button.isChecked())
            box.update_buttons(writable)

    # -- what the GM does ----------------------------------------------------------------------

    def _tray(self, dice: list[DieRecord] | None = None) -> list[DieRecord]:
        return tray_of(self._dice if dice is None else dice)

    def steps_allowed(self, side: int = 0) -> int:
        """The trait steps a side may spend on this roll: its own ticked traits only."""
        if side:
            return self._conflict_box.steps_allowed() if self._conflict_box is not None else 0
        return dicepool.trait_steps([t.value for t in self._traits if t.id in self._applied])

    def _side_of_die(self, die_id: int) -> int:
        return 1 if any(d.id == die_id for d in self._opponent_dice()) else 0

    @property
    def _live(self) -> CampaignSession:
        """The session a GM action at the table runs in: the table takes actions only
        with a campaign open (`_writable`)."""
        assert self._session is not None
        return self._session

    def _push(self, command: QUndoCommand) -> bool:
        return self._live.push(command)

    def _problem(self, message: str) -> None:
        if self._session is not None:
            self._session.report_failure(message)

    def _die(self, die_id: int) -> DieRecord | None:
        dice = [*self._dice, *self._opponent_dice()]
        return next((d for d in dice if d.id == die_id), None)

    def _writable(self) -> bool:
        return (
            self._session is not None
            and not self._session.read_only
            and self._character is not None
            and self._all_ones() is None
            and self._rolled_conflict() is None
            and not self.animation.running()
        )

    def toggle_tray(self, die_id: int) -> None:
        die = self._die(die_id)
        if not self._writable() or die is None:
            return
        self.move_die(die, "pool" if die.in_tray else "tray")

    def move_die(self, die: DieRecord, area: str) -> None:
        """Move one of the shown dice to an area of the table."""
        try:
            changed = tray_moves.moved_die(die, area)
        except ValueError as error:
            self._problem(str(error))
            return
        if changed == die:
            return
        text = tr(MOVE_TEXTS[area]).format(size=die.size)
        act = partial(
            tray_moves.move_die, self._live.campaign, Actor.gm(), die.character_id, die.id, area
        )
        # Into or out of the tray: the moves that fill a tray merge into one undo step.
        kind = MoveTrayDice if die.place == "pool" and area in ("pool", "tray") else DiceAction
        self._push(kind(self._live, text, act))

    def _on_die_dropped(self, die_id: int, from_character: int, side: int, area: str) -> None:
        sides = self._sides()
        if not self._writable() or side >= len(sides):
            return
        target = sides[side][0]
        if from_character != target.id:
            award_depleted(self._live, die_id, from_character, target.id)
            return
        die = self._die(die_id)
        if die is not None:
            self.move_die(die, area)

    def _on_trait_dropped(self, trait_id: int, die_id: int) -> None:
        if not self._writable():
            return
        mine = trait_id in {t.id for t in self._traits}
        theirs = self._conflict_box is not None and self._conflict_box.owns_trait(trait_id)
        if not mine and not theirs:
            return
        if (0 if mine else 1) != self._side_of_die(die_id):
            self._problem(tr("Each side steps its dice only with its own traits."))
            return
        if mine and trait_id not in self._applied and self._character is not None:
            self._applied.add(trait_id)
            self.traits.set_traits(self._character.id, self._traits, self._applied)
        if theirs:
            self.conflict_box.tick_trait(trait_id)
        self.step(die_id, 1)

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
        if not self._writable() or die is None:
            return
        side = self._side_of_die(die_id)
        opponent = self._conflict_box.opponent if side and self._conflict_box else None
        who = opponent.name if opponent else tr("this side")
        own = self._opponent_dice() if side else self._dice
        allowed = self.steps_allowed(side)
        try:
            changed = tray_moves.stepped_die(own, die_id, delta, allowed, who)
        except ValueError as error:
            self._problem(str(error))
            return
        if changed is None:
            return
        text = tr("Step up a d{size}") if delta > 0 else tr("Step back a d{size}")
        act = partial(
            tray_moves.step_die,
            self._live.campaign,
            Actor.gm(),
            die.character_id,
            die_id,
            delta,
            steps_allowed=allowed,
            who=who,
        )
        self._push(DiceAction(self._live, text.format(size=die.size), act))

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
        text = (
            tr("Restore a d{size}") if die.down_to_d4 else tr("Step a d{size} down to d4")
        ).format(size=die.size)
        act = partial(
            tray_moves.toggle_down_to_d4, self._live.campaign, Actor.gm(), die.character_id, die.id
        )
        self._push(DiceAction(self._live, text, act))

    def delete_selected(self) -> None:
        die = self._selected()
        if die is not None and self._writable():
            self._push(RemoveDice(self._live, [die], tr("Delete a d{size}").format(size=die.size)))

    def add_die(self, size: int, kind: str = dicepool.Kind.ORDINARY) -> None:
        if self._writable():
            assert self._character is not None
            self._push(AddDice(self._live, self._character.id, size, kind=kind))

    def _on_new_die(self, size: int, side: int, area: str) -> None:
        sides = self._sides()
        if not self._writable() or side >= len(sides):
            return
        target = sides[side][0]
        place = "table" if area == "table" else "pool"
        text = tr("Award a new d{size} to {name}").format(size=size, name=target.name)
        self._push(AddDice(self._live, target.id, size, place=place, text=text))

    def clear_tray(self) -> None:
        if self._writable():
            owners = [character.id for character, _dice in self._sides()]
            act = partial(tray_moves.empty_trays, self._live.campaign, Actor.gm(), owners)
            self._applied.clear()
            self._push(DiceAction(self._live, tr("Empty the tray"), act))

    def rest(self, hours: int) -> None:
        if not self._writable():
            return
        session, character = self._live, self._character
        assert character is not None
        if not self._allowed(lambda: pool_actions.rested(self._dice, hours)):
            return
        text = tr("Rest two hours") if hours == 2 else tr("Rest a day")
        act = partial(pool_actions.rest, session.campaign, Actor.gm(), character.id, hours)
        self._push(DiceAction(session, text, act))

    def _take_typed_damage(self) -> None:
        count = self.damage_spin.value()
        if count is None:  # refused at the field: say why there, and write nothing
            self._problem(self.damage_spin.problem() or tr("Type the damage first."))
            return
        self.take_damage(count)

    def take_damage(self, count: int) -> None:
        if not self._writable():
            return
        session, character = self._live, self._character
        assert character is not None
        if not self._allowed(lambda: pool_actions.damaged(self._dice, count)):
            return
        text = ntr("{name} takes {count} damage", "{name} takes {count} damage", count).format(
            name=character.name, count=count
        )
        act = partial(pool_actions.take_damage, session.campaign, Actor.gm(), character.id, count)
        self._push(DiceAction(session, text, act))

    def _allowed(self, check: Callable[[], object]) -> bool:
        """Whether an action's rules `check` passes on the dice shown; if not, the rules'
        refusal is said and nothing is pushed (a refused push would drop the redo steps)."""
        try:
            check()
        except ValueError as error:
            self._problem(str(error))
            return False
        return True

    # -- rolling ---------------------------------------------------------------------------------

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """The table's keys; digits typed on the table (not in one of its fields) count
        the dice of a quick roll, Space rolls them, Escape or Backspace takes them back."""
        text = event.text()
        shifts = Qt.KeyboardModifier.KeypadModifier | Qt.KeyboardModifier.ShiftModifier
        plain = not event.modifiers() & ~shifts  # no Ctrl, Alt or Meta: not a shortcut
        action = self._keys.get(Qt.Key(event.key())) if plain else None
        if event.key() == Qt.Key.Key_F10 and not event.modifiers() & shifts:
            action = None  # F10 alone is the platform's menu bar key
        if plain and text.isdigit() and text.isascii():
            self.type_quick_digit(text)
        elif action is not None:
            action()
        elif self._typed_count and event.key() == Qt.Key.Key_Backspace:
            self._set_typed(self._typed_count[:-1])
        elif plain and event.key() == Qt.Key.Key_Backspace and self._selected() is not None:
            self.move_selected("pool")
        elif self._typed_count and event.key() == Qt.Key.Key_Escape:
            self._set_typed("")
        else:
            super().keyPressEvent(event)

    def type_quick_digit(self, digit: str) -> None:
        """One more digit of a quick roll's count (three at most)."""
        if len(self._typed_count) < 3:
            self._set_typed(self._typed_count + digit)

    def quick_count(self) -> str:
        """The digits typed for a quick roll, waiting for Space ("" for none)."""
        return self._typed_count

    def cancel_quick_roll(self) -> None:
        self._set_typed("")

    def roll_hint(self) -> str:
        """Why Space would do nothing now, in the GM's words ("" when it rolls)."""
        if self._session is None or self.animation.running():
            return ""
        if self._character is None:
            return tr("Space rolls the selected character's dice: select one in the roster first.")
        if self._session.read_only:
            return tr("The campaign is open read-only: nothing can be rolled.")
        waiting = self._all_ones()
        if waiting is not None and waiting.actor.is_gm:
            return tr("All ones: the player chooses first, on the Dice Table.")
        if waiting is not None:
            return tr(
                "All ones from a player's phone: they choose first, there or on the Dice Table."
            )
        if self._rolled_conflict() is not None:
            return tr("The conflict is rolled: apply the outcome or discard the roll first.")
        if not self._typed_count and not self._in_conflict() and not self._tray():
            return tr(
                "{name}'s tray is empty: type a number, then Space, "
                "for a quick roll, or put dice in the tray first."
            ).format(name=self._character.name)
        return ""

    def _set_typed(self, digits: str) -> None:
        was = bool(self._typed_count)
        self._typed_count = digits
        self.quick_label.setText(
            ntr(
                "Quick roll: {digits} of the pool's smallest dice. Space rolls, Esc cancels.",
                "Quick roll: {digits} of the pool's smallest dice. Space rolls, Esc cancels.",
                int(digits),
            ).format(digits=digits)
            if digits
            else ""
        )
        if bool(digits) != was:
            self.quick_count_changed.emit(bool(digits))

    def quick_roll(self, count: int) -> None:
        """Roll `count` of the selected character's pool dice, the smallest first (the
        rules choose them), as one roll: no drag, no tray."""
        if not self._writable() or self.animation.running():
            return
        assert self._session is not None and self._character is not None
        if self._in_conflict():
            self._quick_fill(count)
            return
        if self._tray():
            self._problem(
                tr(
                    "The tray already holds dice: press Space alone to roll them, "
                    "or empty the tray for a quick roll."
                )
            )
            return
        try:
            roll = quick_roll(self._dice, count, self._session.rng)
        except ValueError as error:
            self._problem(f"{self._character.name}: {error}")
            return
        self._animate([roll], lambda: self._land(roll))

    def _quick_fill(self, count: int) -> None:
        """In a conflict each side names its count in turn: the first number fills the
        selected character's tray, the second the opponent's, and then both roll."""
        sides = self._sides()
        empty = [side for side, (_who, dice) in enumerate(sides) if not self._tray(dice)]
        if not empty:
            self._problem(tr("Both trays hold dice: press Space alone to roll both."))
            return
        who, dice = sides[empty[0]]
        try:
            tray_moves.quick_filled(dice, count, who.name)
        except ValueError as error:
            self._problem(str(error))
            return
        text = ntr(
            "Put {count} of {name}'s dice in the tray",
            "Put {count} of {name}'s dice in the tray",
            count,
        ).format(count=count, name=who.name)
        act = partial(tray_moves.fill_tray, self._live.campaign, Actor.gm(), who.id, count)
        if self._push(MoveTrayDice(self._live, text, act)) and len(empty) == 1:
            self.roll_conflict()  # the other side had named its dice: both roll now

    def roll(self) -> None:
        if self._typed_count:  # a number was typed first: a quick roll of that many
            count = int(self._typed_count)
            self._set_typed("")
            self.quick_roll(count)
            return
        if not self._writable() or self.animation.running():
            return
        if self._in_conflict():
            self.roll_conflict()
            return
        if not self._tray():
            return
        assert self._session is not None
        try:
            roll = roll_tray(self._dice, self.steps_allowed(), self._session.rng)
        except ValueError as error:
            self._problem(str(error))
            return
        self._animate([roll], lambda: self._land(roll))

    def _animate(self, rolls: list[dicepool.Roll], land: Callable[[], None]) -> None:
        """Tumble the rolled dice for a moment (unless turned off), then land them.

        The roll lands only in the session and for the character it was rolled for;
        while the dice tumble, nothing else can change the pool (undo included).
        """
        self.echo.stop()  # a phone's roll still tumbling gives way to the GM's own
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

        self.animation.start(rolls, still_here=still_here, show=show, land=land)
        self._update_buttons()

    @read_guard.guarded
    def _on_rolled_elsewhere(self, character_id: int, roll: object, summary: str) -> None:
        """A player's phone rolled for `character_id` (the session selected it first): its
        dice tumble and land here as the GM's own would, with the roll's summary."""
        if self._character is None or self._character.id != character_id:
            return
        if not isinstance(roll, dicepool.Roll) or self.animation.running():
            return  # the GM's own tumble keeps the table; the log and pages have the roll

        def land() -> None:
            self._show_faces([roll])
            self._redraw()
            self._result.show(summary)

        if not self.animate_check.isChecked():
            land()
            return
        self.echo.stop()
        self._result.clear()

        def still_here() -> bool:
            return self._character is not None and self._character.id == character_id

        def show(faces: dict[int, DieState]) -> None:
            self._states.update(faces)
            self._redraw()

        self.echo.start([roll], still_here=still_here, show=show, land=land)

    def faces_shown(self) -> dict[int, int]:
        """Die id -> the face the table shows on it (rolled or tumbling)."""
        return {i: state.face for i, state in self._states.items() if state.face is not None}

    def is_rolling(self) -> bool:
        """Whether dice are tumbling: a roll that has not landed yet."""
        return self.animation.running()

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
            assert self._character is not None
            name = self._character.name
            said = describe_roll(name, roll, None, window_translator())
            self._result.say(tr("{roll}\nAll ones: choose below.").format(roll=said))
            pending = PendingAllOnes(self._character.id, roll, self.steps_allowed(), Actor.gm())
            self._live.wait_for_choice(pending)  # offered below by `_on_all_ones`
            self._redraw()
            return
        self._commit(roll)

    def chosen_die(self, choice: dicepool.Catastrophe) -> int | None:
        return self.choice_frame.chosen_die(choice)

    def choose(self, choice: dicepool.Catastrophe) -> None:
        """The player's answer to an all-ones roll, with the die picked in its box."""
        self._on_chosen(choice, self.chosen_die(choice))

    def _on_chosen(self, choice: dicepool.Catastrophe, chosen: int | None) -> None:
        """The player's answer to an all-ones roll (in a conflict, for the side asked):
        the choice and the die picked for it."""
        if self._rolled_conflict() is not None:
            self.conflict_box.choose(choice, chosen)
            return
        if self._session is None or self._character is None:
            return
        if chosen is None:
            self._problem(tr("Pick the die for the all-ones choice first."))
            return
        # The GM chooses for the roll shown, whoever rolled it; a player's phone that
        # chose first has settled it ("already chosen", and the table shows the roll).
        try:
            command = settle_all_ones(self._session, Actor.gm(), self._character.id, choice, chosen)
        except (ValueError, NotFound) as error:
            self._problem(str(error))
            self._update_buttons()
            return
        self._landed(command)

    def _all_ones(self) -> PendingAllOnes | None:
        """The all-ones roll waiting for its choice, for any character."""
        return self._session.all_ones if self._session is not None else None

    def _waiting_here(self) -> PendingAllOnes | None:
        """The all-ones roll waiting for the character shown, if any."""
        waiting = self._all_ones()
        if waiting is None or self._character is None:
            return None
        return waiting if waiting.character_id == self._character.id else None

    @read_guard.guarded
    def _on_all_ones(self) -> None:
        """An all-ones roll began or stopped waiting (here, or from a player's phone)."""
        frame = self._choice_frame
        asked = frame is not None and frame.isVisibleTo(self) and self._rolled_conflict() is None
        if asked and self._waiting_here() is None:
            # Chosen (on the phone, or here: its summary follows) or dropped: the
            # "choose below" no longer holds.
            self._result.clear()
        self._offer_waiting()
        self._update_buttons()

    def _offer_waiting(self) -> None:
        """Offer the choice of the roll waiting for the character shown, its faces shown
        (a player's phone rolled it, or the GM here)."""
        waiting = self._waiting_here()
        if waiting is None:
            return
        self._show_faces([waiting.roll])
        if not waiting.actor.is_gm and self._character is not None:
            said = describe_roll(self._character.name, waiting.roll, None, window_translator())
            self._result.say(
                tr("{roll}\nAll ones from their phone: they choose there, or below.").format(
                    roll=said
                )
            )
        self.choice_frame.offer(waiting.roll)
        self._redraw()

    def _cancel_pending(self) -> None:
        """Another character shown: the GM's own all-ones roll is dropped, unwritten, as
        before; a player's waits for their phone's choice."""
        waiting = self._all_ones()
        if waiting is not None and waiting.actor.is_gm and self._session is not None:
            self._session.end_choice(chosen=False)
        if self._choice_frame is not None:
            self._choice_frame.hide()

    def _commit(self, roll: dicepool.Roll) -> None:
        """A roll that needs no choice, written at once."""
        assert self._session is not None and self._character is not None
        command = RollTray(self._session, self._character, roll, steps_allowed=self.steps_allowed())
        self._push(command)
        self._landed(command)

    def _landed(self, command: RollTray) -> None:
        """A roll written (or refused, said by the session): its summary shown."""
        if command.done is not None:
            self._applied.clear()
            self._result.show(command.shown_summary())
        # The landed faces drawn: a quick roll that depletes nothing leaves every record
        # as it was, so no change of the pool redraws the table, and the walk found the
        # tumble's last random faces left on the dice, not the roll's.
        self._redraw()
        self._update_buttons()

    # -- conflict ---------------------------------------------------------------------------

    def _on_conflict_toggled(self, on: bool) -> None:
        self._states.clear()
        if on or self._conflict_box is not None:
            self.conflict_box.set_active(on)
        self.reload()
        self._tell_conflict()

    def _on_opponent_changed(self) -> None:
        self._states.clear()
        self.reload()
        self._tell_conflict()

    def _on_conflict_changed(self) -> None:
        self._update_counts()
        self._redraw()
        self._update_buttons()
        self._tell_conflict()

    def _show_item_die(self, die_id: int, state: DieState) -> None:
        self._states[die_id] = state

    def _offer_choice(self, roll: dicepool.Roll, name: str) -> None:
        self.choice_frame.offer(roll, name)

    def _on_conflict_applied(self, summary: str) -> None:
        self._applied.clear()
        self._result.show(summary)
        self._tell_conflict()

    def _on_conflict_discarded(self) -> None:
        self._states.clear()
        self._tell_conflict()

    def _tell_conflict(self) -> None:
        if self._session is not None:
            self._session.conflict_changed.emit()

    # A conflict's side filled from a player's phone (`ConflictHost`).

    def open_sides(self) -> tuple[int, int] | None:
        """The two sides (shown character, opponent) while the conflict waits for its roll."""
        box = self._conflict_box
        if (
            box is None
            or not self._in_conflict()
            or box.conflict is not None
            or self.animation.running()
            or self._character is None
            or box.opponent is None
        ):
            return None
        return self._character.id, box.opponent.id

    def filled_from_phone(self, character_id: int, trait_ids: Sequence[int]) -> None:
        """A side's player filled their tray from their phone (already written): their
        ticked traits ticked here for that side, and both sides roll once both trays hold
        dice, as when the GM names the second side's dice."""
        sides = self.open_sides()
        if sides is None or character_id not in sides:
            return
        if character_id == sides[0]:
            assert self._character is not None
            self._applied = {t.id for t in self._traits if t.id in set(trait_ids)}
            self.traits.set_traits(self._character.id, self._traits, self._applied)
        else:
            self.conflict_box.tick_only(trait_ids)
        self.reload()
        if self._tray() and self._tray(self._opponent_dice()):
            self.roll_conflict()

    def set_opponent(self, character_id: int) -> None:
        """Start (or change) a conflict against `character_id`."""
        if not self.conflict_button.isChecked():
            self.conflict_button.setChecked(True)
        self.conflict_box.set_opponent(character_id)

    def roll_conflict(self) -> None:
        if not self._in_conflict() or self.conflict_box.conflict is not None:
            return
        assert self._session is not None
        try:
            conflict = self.conflict_box.roll_sides(
                self._dice, self.steps_allowed(0), self._session.rng
            )
        except ValueError as error:
            self._problem(str(error))
            return
        rolls = [side.roll for side in conflict.sides]

        def land(landed: Conflict = conflict) -> None:
            self._show_faces(rolls)
            self.conflict_box.land(landed)

        self._animate(rolls, land)

    def roll_item_die(self, which: str) -> None:
        """The winner rolls its weapon's damage die, or the loser its armour's protection die."""
        self.conflict_box.roll_item_die(which)

    def apply_conflict(self) -> None:
        """Write the conflict's whole outcome as one undoable step, and log it."""
        self.conflict_box.apply()

    def discard_conflict(self) -> None:
        self.conflict_box.discard()

    # -- odds ------------------------------------------------------------------------------

    def _request_odds(self) -> None:
        if self._conflict_box is not None:
            self._conflict_box.request_odds()
        sizes = tuple(rolled_size(d) for d in self._tray())
        self.odds_box.request(sizes, len(to_pool(self._dice).on_table))

    # -- context menu --------------------------------------------------------------------

    def _context_menu(self, position: QPoint) -> None:
        die_id = self.scene.die_at(self.view.mapToScene(position))
        if die_id is None:  # the menu key, or a click beside the dice: the selected die
            self.menu_for_selected()
            return
        self._open_menu(die_id, position)

    def _die_point(self, die_id: int) -> QPoint:
        """Where a die is drawn, in the view's viewport: its menus open there."""
        item = self.scene.die_items[die_id]
        return self.view.mapFromScene(item.sceneBoundingRect().center())

    def _open_menu(self, die_id: int, position: QPoint) -> None:
        die = self._die(die_id)
        if die is None or not self._writable():
            return
        from desktop.ui.dice_table.menus import die_menu  # the first right-click pays for it

        die_menu(self, die, self).exec(self.view.viewport().mapToGlobal(position))

    def menu_for_selected(self) -> None:
        """The selected die's menu (the menu key or Shift+F10), opened on the die."""
        die = self._selected()
        if die is not None and die.id in self.scene.die_items:
            self._open_menu(die.id, self._die_point(die.id))

    def award_targets(self, die: DieRecord) -> list[CharacterRecord]:
        """Who `die` can be given to: every other character of the roster."""
        if self._session is None:
            return []
        return [c for c in self._session.campaign.roster.all() if c.id != die.character_id]

    def award_die(self, die: DieRecord, to_character: int) -> None:
        """Give a depleted die to another character: the roster drop's award, one undo step."""
        if self._writable():
            award_depleted(self._live, die.id, die.character_id, to_character)

    def award_selected(self) -> None:
        """G: ask which character the selected depleted die goes to, by a menu on the
        die (the keyboard's way to drop it on the roster)."""
        die = self._selected()
        if die is None or not self._writable() or die.id not in self.scene.die_items:
            return
        if die.place != "table":
            self._problem(
                tr("Only a depleted die (on the table) can be awarded, not this d{size}.").format(
                    size=die.size
                )
            )
            return
        from desktop.ui.dice_table.menus import award_menu

        menu = award_menu(self, die, self)
        menu.exec(self.view.viewport().mapToGlobal(self._die_point(die.id)))

    def move_selected(self, area: str) -> None:
        """Move the selected die to `area` (the keys' drag)."""
        die = self._selected()
        if die is not None and self._writable():
            self.move_die(die, area)

    def delete_die(self, die: DieRecord) -> None:
        self._push(RemoveDice(self._live, [die], tr("Delete a d{size}").format(size=die.size)))
