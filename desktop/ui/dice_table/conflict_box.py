"""The Dice Table's conflict box: the opponent, its traits, both sides' weapon and armour,
the live odds of the conflict, and the roll in progress until the GM applies or discards it.

The box owns the opponent's side (its dice, traits and items) and the `Conflict` rolled;
the table owns the selected character's side, the drawing and the tumble. They talk
through a few calls and the signals below, never through each other's privates:

- the table tells the box who is selected and their dice (`follow`), hands it the
  selected side's roll to pair with the opponent's (`roll_sides`, then `land` once the
  dice stop tumbling) and asks it for the opponent's side when it draws;
- the box says when the opponent changed, when its buttons or counts need the table to
  redraw, when an item die was rolled, when an all-ones roll waits for the player, and
  when the outcome was written.

Nothing is written until *Apply the outcome*: one undoable step with one log entry.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from PySide6.QtCore import Qt, QThreadPool, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QListWidgetItem,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from desktop.actions.actor import Actor
from desktop.actions.conflict import (
    Conflict,
    ItemRoll,
    roll_conflict,
    set_aside_conflict,
)
from desktop.actions.dice import to_pool, tray_of
from desktop.actions.roll_words import rolled_size
from desktop.rules import dicepool
from desktop.store import (
    CharacterRecord,
    DieRecord,
    ItemRecord,
    NotFound,
    ReadOnlyCampaign,
    TraitRecord,
)
from desktop.ui.conflict_commands import ApplyConflict
from desktop.ui.damaged_note import read_or_tell
from desktop.ui.dice_table.chips import TraitChips
from desktop.ui.dice_table.odds import (
    BOTH_TRAYS_NEEDED,
    conflict_odds,
    conflict_odds_text,
    is_conflict_odds,
)
from desktop.ui.dice_table.wrap_button import BUTTON_WORDS, WrapButton
from desktop.ui.plain_text import PlainLabel, RichLabel, escaped
from desktop.ui.session import CampaignSession
from desktop.ui.step_result import StepResult
from desktop.ui.widgets.dice_scene import DieState
from desktop.ui.window_language import tr, window_translator
from desktop.ui.zoom import zoom_size


def _fitted_combo(name: str) -> QComboBox:
    """A box that takes the width the box's column gives it, not its longest name's:
    the box sits in the table's fixed column, and neither a long name nor a longer
    language's words beside it may widen it past the column (it would be cut off). A
    longer name is read whole in the open list."""
    combo = QComboBox()
    combo.setObjectName(name)
    combo.setSizePolicy(QSizePolicy.Policy.Ignored, combo.sizePolicy().verticalPolicy())
    zoom_size(combo, minimumWidth=110)
    return combo


class ConflictBox(QGroupBox):
    opponent_changed = Signal()  # another opponent (or none): the table draws its side again
    changed = Signal()  # the roll, the choices or the opponent's steps changed: redraw
    item_die_rolled = Signal(int, object)  # die id, its DieState: show the face rolled
    choice_needed = Signal(object, str)  # an all-ones dicepool.Roll, the side's name
    applied = Signal(str)  # the outcome was written: its summary, in the window's words
    discarded = Signal()  # the roll was thrown away: the faces shown mean nothing now
    problem = Signal(str)  # a plain message for the GM

    def __init__(self, pool: QThreadPool, parent: QWidget | None = None) -> None:
        super().__init__(tr("Conflict"), parent)
        self.setObjectName("conflictBox")
        self._session: CampaignSession | None = None
        self._character: CharacterRecord | None = None  # the selected side
        self._dice: list[DieRecord] = []
        self._active = False
        self.opponent: CharacterRecord | None = None
        self.opponent_dice: list[DieRecord] = []
        # The opponent steps only with its own traits, ticked on its own side.
        self._opp_traits: list[TraitRecord] = []
        self._opp_applied: set[int] = set()
        self._items: dict[int, list[ItemRecord]] = {}
        self._item_choice: dict[tuple[int, str], int | None] = {}  # (character, kind) -> item
        self.conflict: Conflict | None = None  # rolled, not yet applied or discarded
        from desktop.ui.odds_worker import OddsWorker

        self.odds_worker = OddsWorker(pool, self)
        self.odds_worker.ready.connect(self._show_odds)
        self.odds_worker.failed.connect(self._show_odds_problem)
        self._build()
        self.hide()

    def _build(self) -> None:
        self.opponent_combo = _fitted_combo("opponentCombo")
        self.opponent_combo.currentIndexChanged.connect(self._on_opponent_chosen)
        self.item_combos: list[tuple[QComboBox, QComboBox]] = []
        self._side_labels: list[QLabel] = []
        form = QFormLayout()
        form.addRow(tr("Against"), self.opponent_combo)
        self.opp_traits = TraitChips()
        self.opp_traits.setObjectName("opponentTraitChips")
        self.opp_traits.setMaximumHeight(90)
        self.opp_traits.itemChanged.connect(self._on_trait_ticked)
        self.opp_steps_label = PlainLabel()
        self.opp_steps_label.setObjectName("opponentStepsLabel")
        self.opp_steps_label.setWordWrap(True)
        self.opp_traits_label = PlainLabel(tr("Its traits"))
        self.opp_traits_label.setWordWrap(True)
        form.addRow(self.opp_traits_label)
        form.addRow(self.opp_traits)
        form.addRow(self.opp_steps_label)
        for side in (0, 1):
            weapon, armour = _fitted_combo(f"weapon{side}"), _fitted_combo(f"armour{side}")
            for combo, kind in ((weapon, "weapon"), (armour, "armour")):
                combo.currentIndexChanged.connect(self.request_odds)
                combo.activated.connect(
                    lambda _=0, c=combo, k=kind, i=side: self._remember_item(i, k, c)
                )
            self.item_combos.append((weapon, armour))
            label = RichLabel()  # the side's name in bold, escaped
            self._side_labels.append(label)
            form.addRow(label)
            form.addRow(tr("  Weapon"), weapon)
            form.addRow(tr("  Armour"), armour)
        self.odds_label = PlainLabel(tr(BOTH_TRAYS_NEEDED))
        self.odds_label.setObjectName("conflictOdds")
        self.odds_label.setWordWrap(True)
        self.result_label = PlainLabel()
        self.result_label.setObjectName("conflictResult")
        self.result_label.setWordWrap(True)
        self._result = StepResult(self.result_label, tr("Fill both trays, then Roll."))
        self._result.clear()
        # In the table's fixed column: a longer language's words wrap.
        self.damage_roll_button = WrapButton(tr("Roll the winner's damage die"), BUTTON_WORDS)
        self.damage_roll_button.setObjectName("rollDamageDie")
        self.damage_roll_button.clicked.connect(lambda: self.roll_item_die("damage"))
        self.protection_roll_button = WrapButton(
            tr("Roll the loser's protection die"), BUTTON_WORDS
        )
        self.protection_roll_button.setObjectName("rollProtectionDie")
        self.protection_roll_button.clicked.connect(lambda: self.roll_item_die("protection"))
        self.apply_button = WrapButton(tr("Apply the outcome"), BUTTON_WORDS)
        self.apply_button.setObjectName("applyConflict")
        self.apply_button.clicked.connect(self.apply)
        self.discard_button = WrapButton(tr("Discard the roll"), BUTTON_WORDS)
        self.discard_button.clicked.connect(self.discard)
        for button in (
            self.damage_roll_button,
            self.protection_roll_button,
            self.apply_button,
            self.discard_button,
        ):
            # A click leaves the keyboard on the table (Tab still reaches the button).
            button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.odds_label)
        layout.addWidget(self.result_label)
        for button in (
            self.damage_roll_button,
            self.protection_roll_button,
            self.apply_button,
            self.discard_button,
        ):
            layout.addWidget(button)

    # -- what the table tells the box ------------------------------------------------------

    def reset(self) -> None:
        """Another character or campaign (or none): set the roll aside, and forget any
        odds on their way."""
        # Why, as the log's entry says it (the log is written in English).
        self.abandon("the Dice Table turned to another character")  # untranslated: the log
        self.odds_worker.cancel()

    def set_active(self, on: bool) -> None:
        """The table's Conflict button: show the box and choose an opponent, or stop."""
        self._active = on
        if on:
            self.abandon("a new conflict was begun")  # untranslated: the log
        else:
            self.abandon("the conflict was closed")  # untranslated: the log
        self.setVisible(on)
        if on:
            self._fill_opponents()

    def active(self) -> bool:
        return self._active

    def follow(
        self,
        session: CampaignSession | None,
        character: CharacterRecord | None,
        dice: list[DieRecord],
    ) -> None:
        """The selected side as the table has just read it; read the opponent's again."""
        if session is not self._session:
            self._result.set_session(session)  # what it showed was the last campaign's
        self._session, self._character, self._dice = session, character, dice
        in_conflict = self._active and session is not None
        if (
            session is not None
            and in_conflict
            and self.opponent is not None
            and self.opponent != character
        ):
            campaign = session.campaign
            try:
                opponent_id = self.opponent.id
                self.opponent = campaign.roster.get(opponent_id)
                self.opponent_dice = read_or_tell(
                    session, lambda: campaign.kit.dice(opponent_id), []
                )
            except NotFound:
                self.opponent, self.opponent_dice = None, []
                self.conflict = None  # the other side is gone: its roll means nothing
        else:
            self.opponent_dice = []
        opponent = self.opponent if in_conflict and self.opponent is not None else None
        if opponent is not None and opponent != character and session is not None:
            self._opp_traits = session.campaign.kit.traits(opponent.id)
        else:
            opponent, self._opp_traits = None, []
        self._opp_applied &= {t.id for t in self._opp_traits}
        self.opp_traits.set_traits(
            opponent.id if opponent else 0, self._opp_traits, self._opp_applied
        )
        self.opp_traits_label.setText(
            tr("{name}'s traits: they step only {name}'s dice").format(name=opponent.name)
            if opponent
            else ""
        )
        self._items = {}
        for who in (character, self.opponent if in_conflict else None):
            if who is not None and session is not None:
                self._items[who.id] = session.campaign.kit.items(who.id)
        self._fill_item_combos()

    def in_conflict(self) -> bool:
        """Two different characters face each other."""
        return (
            self._active
            and self._character is not None
            and self.opponent is not None
            and self.opponent.id != self._character.id
        )

    def waiting(self) -> bool:
        """A side rolled all ones and its player has not chosen yet."""
        return self.conflict is not None and self.conflict.waiting_for is not None

    def steps_allowed(self) -> int:
        """The trait steps the opponent may spend: its own ticked traits only."""
        return dicepool.trait_steps(
            [t.value for t in self._opp_traits if t.id in self._opp_applied]
        )

    def owns_trait(self, trait_id: int) -> bool:
        return trait_id in {t.id for t in self._opp_traits}

    def tick_trait(self, trait_id: int) -> None:
        """A trait chip of the opponent dropped on its die counts as ticked."""
        if self.owns_trait(trait_id) and trait_id not in self._opp_applied:
            self._opp_applied.add(trait_id)
            self.opp_traits.set_traits(
                self.opp_traits.character_id, self._opp_traits, self._opp_applied
            )

    def tick_only(self, trait_ids: Sequence[int]) -> None:
        """The opponent's traits ticked as its player ticked them on their phone."""
        wanted = set(trait_ids)
        self._opp_applied = {t.id for t in self._opp_traits if t.id in wanted}
        self.opp_traits.set_traits(
            self.opp_traits.character_id, self._opp_traits, self._opp_applied
        )

    def show_steps(self) -> None:
        used = sum(d.steps for d in tray_of(self.opponent_dice))
        self.opp_steps_label.setText(
            tr("Trait steps: {used} of {allowed} used").format(
                used=used, allowed=self.steps_allowed()
            )
            if self.in_conflict()
            else ""
        )

    def set_opponent(self, character_id: int) -> bool:
        """Choose `character_id` as the opponent; False when it is not in the list."""
        index = self.opponent_combo.findData(character_id)
        if index >= 0:
            self.opponent_combo.setCurrentIndex(index)
        return index >= 0

    def roll_sides(self, mine: list[DieRecord], my_steps: int, rng: random.Random) -> Conflict:
        """Both sides' trays rolled (ValueError with the rules' message if one cannot be);
        the result is shown only when the table `land`s it after the tumble."""
        me, opponent = self._character, self.opponent
        assert me is not None and opponent is not None
        return roll_conflict(
            [
                (me, mine, self._items.get(me.id, []), my_steps),
                (
                    opponent,
                    self.opponent_dice,
                    self._items.get(opponent.id, []),
                    self.steps_allowed(),
                ),
            ],
            rng,
        )

    def land(self, conflict: Conflict) -> None:
        self.conflict = conflict
        self._show()

    def choose(self, choice: dicepool.Catastrophe, chosen: int | None) -> None:
        """The player's answer to an all-ones roll, for the side asked."""
        if self.conflict is None:
            return
        side = self.conflict.waiting_for
        if side is not None:
            self.conflict.sides[side].choice = choice
            self.conflict.sides[side].chosen = chosen
        self._show()

    def update_buttons(self, writable: bool) -> None:
        conflict = self.conflict
        decided = conflict if conflict is not None and conflict.waiting_for is None else None
        winner = decided.winner if decided is not None else None
        self.damage_roll_button.setEnabled(
            decided is not None
            and winner is not None
            and decided.damage is None
            and bool(self._chosen_item(winner, 0))
        )
        self.protection_roll_button.setEnabled(
            decided is not None
            and winner is not None
            and decided.protection is None
            and bool(self._chosen_item(1 - winner, 1))
        )
        self.apply_button.setEnabled(decided is not None and writable)
        self.discard_button.setEnabled(conflict is not None)
        self.opponent_combo.setEnabled(conflict is None)

    # -- what the GM does in the box -----------------------------------------------------------

    def roll_item_die(self, which: str) -> None:
        """The winner rolls its weapon's damage die, or the loser its armour's protection die."""
        conflict = self.conflict
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
            self.problem.emit(str(error))
            return
        used = ItemRoll(item, rolled)
        if which == "damage":
            conflict.damage = used
        else:
            conflict.protection = used
        self.item_die_rolled.emit(item.die_id, DieState(rolled.face, rolled.size, highlight=True))
        self._show()

    def apply(self) -> None:
        """Write the whole outcome as one undoable step, and log it."""
        conflict = self.conflict
        if conflict is None or conflict.waiting_for is not None or self._session is None:
            return
        try:
            conflict.changes()  # the rules' refusal is said here, and nothing is pushed
        except ValueError as error:
            self.problem.emit(str(error))
            return
        command = ApplyConflict(self._session, conflict)
        self.conflict = None  # the push below reloads the dice; no conflict may hold them
        if self._session.push(command) and command.done is not None:
            self._opp_applied.clear()
            shown = conflict.summary(window_translator())  # the log keeps it in English
            self._result.show(shown)
            self.applied.emit(shown)
        else:
            self.conflict = conflict  # refused: the GM can still discard it
        self.changed.emit()

    def discard(self) -> None:
        self.abandon("the GM discarded it")  # untranslated: the log
        self._result.say(tr("Roll discarded: its outcome was not applied; the log keeps it."))
        self.discarded.emit()
        self.changed.emit()

    def abandon(self, why: str) -> None:
        """Set the rolled conflict aside, its outcome not applied. RULES.md section 5: "A
        roll is logged when it is made, whether or not its outcome is applied": the log
        keeps it, saying so; no die moves and nothing joins the undo stack."""
        conflict, self.conflict = self.conflict, None
        session = self._session
        if conflict is None or session is None or session.read_only:
            return
        try:
            set_aside_conflict(session.campaign, Actor.gm(), conflict, why)
        except (ValueError, NotFound, ReadOnlyCampaign) as error:
            session.report_failure(
                tr("The set-aside conflict was not logged. {error}").format(error=error)
            )
        except Exception:  # a disk or database failure must not reach the GM raw
            session.report_failure(tr("The set-aside conflict could not be written to the log."))

    # -- the live odds of the conflict ------------------------------------------------------

    def request_odds(self) -> None:
        if not self.in_conflict():
            return
        assert self._character is not None and self.opponent is not None
        sides = []
        for side, dice in enumerate((self._dice, self.opponent_dice)):
            weapon, armour = self._chosen_item(side, 0), self._chosen_item(side, 1)
            sizes = {d.id: d.size for d in dice}
            sides.append(
                (
                    tuple(rolled_size(d) for d in tray_of(dice)),
                    len(to_pool(dice).on_table),
                    sizes.get(weapon.die_id) if weapon and weapon.die_id else None,
                    sizes.get(armour.die_id) if armour and armour.die_id else None,
                )
            )
        if not all(side[0] for side in sides):
            # A side with no die in its tray (before the dice are put in, and again after
            # Apply): no odds, and none still on their way to overwrite this.
            self.odds_worker.cancel()
            self.odds_label.setText(tr(BOTH_TRAYS_NEEDED))
            return
        self.odds_worker.request(lambda: conflict_odds(sides))

    def _show_odds(self, result: object) -> None:
        if not is_conflict_odds(result) or not self.in_conflict():
            return
        assert self._character is not None and self.opponent is not None
        text = conflict_odds_text(result, self._character.name, self.opponent.name)
        self.odds_label.setText(text)

    def _show_odds_problem(self, message: str) -> None:
        self.odds_label.setText(message)

    # -- inside the box ---------------------------------------------------------------------

    def _show(self) -> None:
        conflict = self.conflict
        if conflict is None:
            return
        waiting = conflict.waiting_for
        if waiting is not None:
            name = conflict.sides[waiting].character.name
            self.choice_needed.emit(conflict.sides[waiting].roll, name)
            self._result.say(tr("{name} rolled all ones: choose below first.").format(name=name))
        else:
            # Rolled, not yet written: in the window's words (the log's are English).
            self._result.say(conflict.summary(window_translator()))
        self.changed.emit()

    def _sides(self) -> list[CharacterRecord]:
        sides = [self._character] if self._character is not None else []
        if self.in_conflict():
            assert self.opponent is not None
            sides.append(self.opponent)
        return sides

    def _fill_opponents(self) -> None:
        chosen = self.opponent.id if self.opponent else None
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
        self.opponent = None
        if self._session is not None and isinstance(chosen, int):
            try:
                self.opponent = self._session.campaign.roster.get(chosen)
            except NotFound:
                self.opponent = None
        self.opponent_changed.emit()

    def _fill_item_combos(self) -> None:
        sides = self._sides()
        dice_of = (self._dice, self.opponent_dice)
        for side, (weapon, armour) in enumerate(self.item_combos):
            who = sides[side] if side < len(sides) else None
            name = f"<b>{escaped(who.name)}</b>" if who else ""  # untranslated: markup, a name
            self._side_labels[side].setText(name)
            for combo, kind in ((weapon, "weapon"), (armour, "armour")):
                chosen = self._item_choice.get((who.id, kind)) if who else None
                combo.blockSignals(True)
                combo.clear()
                combo.addItem(tr("None"), None)
                dice = {d.id: d for d in dice_of[side]} if who else {}
                for item in self._items.get(who.id, []) if who else []:
                    die = dice.get(item.die_id) if item.die_id is not None else None
                    if item.kind == kind and die is not None and die.place == "pool":
                        combo.addItem(
                            tr("{name} (d{size})").format(name=item.name, size=die.size), item.id
                        )
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
            self._item_choice[(sides[side].id, kind)] = combo.currentData()
        self.changed.emit()

    def _chosen_item(self, side: int, which: int) -> ItemRecord | None:
        """The weapon (which=0) or armour (which=1) chosen for a side, if any."""
        sides = self._sides()
        if side >= len(sides):
            return None
        item_id = self.item_combos[side][which].currentData()
        items = self._items.get(sides[side].id, [])
        return next((i for i in items if i.id == item_id), None)

    def _on_trait_ticked(self, item: QListWidgetItem) -> None:
        trait = int(item.data(Qt.ItemDataRole.UserRole))
        if item.checkState() == Qt.CheckState.Checked:
            self._opp_applied.add(trait)
        else:
            self._opp_applied.discard(trait)
        self.show_steps()
        self.request_odds()
