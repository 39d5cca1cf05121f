"""The forms that add a ledger entry: each knows its rule and shows the outcome first.

Every form turns its fields into a call of the rules (task, move, contest, attack,
deduct, invest) on the day's state. The result is shown before anything is written:
success or failure, where the energy comes from, a debt it would create and, in red,
a death it would cause, which must be confirmed. Adding pushes one `PutEnergyDay`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from desktop.language import N_
from desktop.rules import energy, numbers
from desktop.rules.energy import CharacterProfile, DayState, MoveOutcome, Outcome
from desktop.ui.accessible import named
from desktop.ui.form_helpers import push_button, spread_row
from desktop.ui.plain_text import PlainLabel, RichLabel, escaped
from desktop.ui.widgets.month_grid import danger_colour
from desktop.ui.widgets.number_field import NumberField
from desktop.ui.window_language import tr

MAX_ENERGY = 9999


@dataclass(frozen=True, slots=True)
class Plan:
    """What a form would do: the outcome, a line saying what came of it, and the label
    of the undo step."""

    outcome: Outcome | MoveOutcome
    verdict: str
    text: str


class EnergyField(NumberField):
    """A whole number of energy (or a rating) in a range: what does not fit is refused at
    the field with a message, never cut to fit (a spin box turned 99999 into 9999)."""

    def __init__(self, what: str, low: int, high: int, value: int) -> None:
        self._low, self._high, self._step = low, high, 1
        super().__init__(what, self._in_range, width=72)
        self.setToolTip(tr("{low} to {high}; Up and Down step it").format(low=low, high=high))
        self.setValue(value)

    def _in_range(self, number: int) -> None:
        numbers.whole_number(number, self._what, self._low, self._high)

    def setMinimum(self, low: int) -> None:  # Qt's spelling, as QSpinBox
        self._low = low
        self._recheck()

    def setSingleStep(self, step: int) -> None:
        self._step = step

    def keyPressEvent(self, event: QKeyEvent) -> None:
        # Up and Down step the number as a spin box's arrows did, within the range.
        steps = {Qt.Key.Key_Up: 1, Qt.Key.Key_Down: -1}.get(Qt.Key(event.key()))
        number = NumberField.value(self)
        if steps is None or number is None:
            super().keyPressEvent(event)
            return
        self.setValue(min(self._high, max(self._low, number + steps * self._step)))

    def value(self) -> int:
        """The number typed; ValueError with the field's message when it is refused, so
        a form's plan says why instead of adding anything."""
        number = super().value()
        if number is None:
            what = self._what[:1].lower() + self._what[1:]
            raise ValueError(self.problem() or tr("Type {what}.").format(what=what))
        return number


def _spin(what: str, low: int = 0, high: int = MAX_ENERGY, value: int = 0) -> EnergyField:
    return EnergyField(what, low, high, value)


def _ability_combo() -> QComboBox:
    combo = QComboBox()
    combo.setMinimumContentsLength(12)
    return combo


def _fill_abilities(combo: QComboBox, profile: CharacterProfile | None) -> None:
    current = combo.currentData()
    combo.blockSignals(True)
    combo.clear()
    combo.addItem(tr("No pertinent ability (0)"), "")
    for ability in profile.abilities if profile else ():
        combo.addItem(f"{ability.name} ({ability.rating})", ability.name)
    index = combo.findData(current)
    combo.setCurrentIndex(max(0, index))
    combo.blockSignals(False)


def _fill_projects(combo: QComboBox, state: DayState | None, first: str) -> None:
    current = combo.currentData()
    combo.blockSignals(True)
    combo.clear()
    combo.addItem(first, "")
    for pool in state.pools if state else ():
        combo.addItem(
            tr("{project} (pool {value})").format(project=pool.project, value=pool.value),
            pool.project,
        )
    index = combo.findData(current)
    combo.setCurrentIndex(max(0, index))
    combo.blockSignals(False)


def _chosen(combo: QComboBox) -> str | None:
    value = combo.currentData()
    return value if isinstance(value, str) and value else None


def _commitment(committed: int, profile: CharacterProfile, ability: str | None) -> str:
    if ability is None:
        return f"{committed}"
    return (
        f"{committed} + {ability} {profile.rating(ability)} = {committed + profile.rating(ability)}"
    )


class EntryPage(QWidget):
    """One form; `changed` when a field changes. Subclasses define `plan`: the rule's
    call on the day's state, raising ValueError with the rules' message."""

    changed = Signal()
    title = ""  # marked with N_ by each form, translated where shown (and its key)
    plan: Callable[[CharacterProfile, DayState, str], Plan]

    def __init__(self) -> None:
        super().__init__()
        self.form = QFormLayout(self)
        self.form.setContentsMargins(0, 0, 0, 0)
        self.form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        # A field that does not fit beside its label goes under it (a long label in a
        # longer language, or a narrow dock); where it fits, the rows read as before.
        self.form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)

    def _watch(self, *widgets: QWidget) -> None:
        for widget in widgets:
            if isinstance(widget, NumberField):
                widget.checked.connect(self.changed)
            elif isinstance(widget, QComboBox):
                widget.currentIndexChanged.connect(self.changed)
                widget.editTextChanged.connect(self.changed)
            elif isinstance(widget, QCheckBox):
                widget.toggled.connect(self.changed)

    def set_context(self, profile: CharacterProfile, state: DayState) -> None:
        """Fill the pickers from the character and the day."""


class TaskPage(EntryPage):
    title = N_("Task")
    COST_MODES = (
        N_("Cost set by the GM"),
        N_("Knowing a cost (80%)"),
        N_("Altering an input or output"),
    )

    def __init__(self) -> None:
        super().__init__()
        self.ability = _ability_combo()
        self.mode = QComboBox()
        self.mode.addItems([tr(mode) for mode in self.COST_MODES])
        self.basis = _spin(tr("The cost"), 0, MAX_ENERGY, 10)
        self.basis_label = PlainLabel(tr("Cost"))
        self.obfuscation = _spin(tr("The obfuscation"))
        self.obfuscation_label = PlainLabel(tr("Obfuscation spent"))
        self.committed = _spin(tr("The energy committed"), 0, MAX_ENERGY, 10)
        self.project = QComboBox()
        self.form.addRow(tr("Ability"), self.ability)
        self.form.addRow(tr("The cost is"), self.mode)
        self.form.addRow(self.basis_label, self.basis)
        self.form.addRow(self.obfuscation_label, self.obfuscation)
        self.form.addRow(tr("Commit energy"), self.committed)
        self.form.addRow(tr("Draw on project"), self.project)
        self.mode.currentIndexChanged.connect(self._mode_changed)
        # The commitment follows the cost (the least energy that succeeds, with the
        # ability's rating) until the GM types one: cost, then Enter adds the task.
        self._profile: CharacterProfile | None = None
        self.commit_typed = False
        self.committed.textEdited.connect(self._commit_edited)
        for field in (self.basis, self.obfuscation):
            field.checked.connect(self._follow_cost)
        self.ability.currentIndexChanged.connect(self._follow_cost)
        self._watch(self.ability, self.mode, self.basis, self.obfuscation, self.committed)
        self._watch(self.project)
        self._mode_changed()

    def _mode_changed(self) -> None:
        mode = self.mode.currentIndex()
        self.basis_label.setText((tr("Cost"), tr("Cost to find out"), tr("Points to alter"))[mode])
        self.basis.setMinimum(1 if mode == 2 else 0)
        self.obfuscation.setVisible(mode == 1)
        self.obfuscation_label.setVisible(mode == 1)
        self._follow_cost()

    def _commit_edited(self) -> None:
        self.commit_typed = bool(self.committed.text().strip())

    def _follow_cost(self) -> None:
        if self.commit_typed or self._profile is None:
            return
        try:
            rating = self._profile.rating(_chosen(self.ability))
            least = energy.least_energy_to_succeed(rating, self.cost())
        except ValueError:
            return  # a cost the rules refuse: the outcome line says why
        self.committed.setValue(least)

    def follow_the_cost_again(self) -> None:
        """After an entry is added: the next task's commitment follows its cost again."""
        self.commit_typed = False
        self._follow_cost()

    def cost(self) -> int:
        mode = self.mode.currentIndex()
        if mode == 1:
            return energy.knowing_cost(self.basis.value(), self.obfuscation.value())
        if mode == 2:
            return energy.alter_cost(self.basis.value())
        return self.basis.value()

    def set_context(self, profile: CharacterProfile, state: DayState) -> None:
        self._profile = profile
        _fill_abilities(self.ability, profile)
        _fill_projects(self.project, state, tr("No: daily energy and store"))
        self._follow_cost()

    def plan(self, profile: CharacterProfile, state: DayState, note: str) -> Plan:
        cost = self.cost()
        ability = _chosen(self.ability)
        committed = self.committed.value()
        outcome = energy.task(
            profile,
            state,
            committed,
            cost,
            ability=ability,
            project=_chosen(self.project),
            note=note,
        )
        said = {"commitment": _commitment(committed, profile, ability), "cost": cost}
        names = {"name": profile.name, "committed": committed}
        if outcome.success:
            verdict = tr("{commitment} against cost {cost}: success.").format(**said)
            text = tr("Task for {name}: {committed} energy (success)").format(**names)
        else:
            verdict = tr("{commitment} against cost {cost}: failure.").format(**said)
            text = tr("Task for {name}: {committed} energy (failure)").format(**names)
        return Plan(outcome, verdict, text)


class MovePage(EntryPage):
    title = N_("Move")

    def __init__(self) -> None:
        super().__init__()
        self.base = _spin(
            tr("The base cost"),
            energy.MOVE_BASE_MIN,
            energy.MOVE_BASE_MAX,
            energy.MOVE_BASE_DEFAULT,
        )
        self.level = QCheckBox(tr("City level (+1)"))
        self.district = QCheckBox(tr("District (+2)"))
        self.destination = QComboBox()
        self.destination.addItem(tr("An area"), "area")
        self.destination.addItem(tr("A way (corridor, street)"), "way")
        self.routine = QCheckBox(tr("Part of the daily routine (may commit 0)"))
        self.ability = _ability_combo()
        self.led = QCheckBox(tr("Led by someone rated"))
        self.leader = _spin(tr("The leader's rating"), 0, 99, 0)
        self.leader.setEnabled(False)
        self.led.toggled.connect(self.leader.setEnabled)
        self.committed = _spin(tr("The energy committed"), 0, MAX_ENERGY, 5)
        self.cost_label = PlainLabel()
        led_row = spread_row([self.led, self.leader])
        # Rows that belong together share a line: the longest form stands whole at
        # 1366 x 768, never in a scroll area a few fields high.
        changes = spread_row([self.level, self.district])
        commit_row = QHBoxLayout()
        commit_row.addWidget(self.committed)
        commit_row.addWidget(PlainLabel(tr("against a cost of")))
        commit_row.addWidget(self.cost_label, 1)
        self.form.addRow(tr("Base cost"), self.base)
        self.form.addRow(tr("Changes"), changes)
        self.form.addRow(tr("Going to"), self.destination)
        self.form.addRow(tr("Ability for the level"), self.ability)
        self.form.addRow("", self.routine)
        self.form.addRow(tr("Group"), led_row)
        self.form.addRow(tr("Commit energy"), commit_row)
        self._watch(self.base, self.level, self.district, self.destination, self.routine)
        self._watch(self.ability, self.led, self.leader, self.committed)

    def set_context(self, profile: CharacterProfile, state: DayState) -> None:
        _fill_abilities(self.ability, profile)

    def plan(self, profile: CharacterProfile, state: DayState, note: str) -> Plan:
        cost = energy.move_cost(
            self.base.value(), self.level.isChecked(), self.district.isChecked()
        )
        self.cost_label.setText(tr("{cost} energy").format(cost=cost))
        ability = _chosen(self.ability)
        committed = self.committed.value()
        outcome = energy.move(
            profile,
            state,
            committed,
            ability=ability,
            base=self.base.value(),
            level_change=self.level.isChecked(),
            district_change=self.district.isChecked(),
            destination=self.destination.currentData(),
            routine=self.routine.isChecked(),
            led_rating=self.leader.value() if self.led.isChecked() else None,
            note=note,
        )
        rating = outcome.entry.rating
        said = {"committed": committed, "rating": rating, "total": committed + rating, "cost": cost}
        names = {"name": profile.name, "committed": committed}
        if outcome.success:
            verdict = tr(
                "{committed} + rating {rating} = {total} against cost {cost}: success, arrives."
            ).format(**said)
            text = tr("Move for {name}: {committed} energy (arrives)").format(**names)
        elif outcome.lost:
            verdict = tr(
                "{committed} + rating {rating} = {total} against cost {cost}: "
                "failure, arrives, but lost in the area."
            ).format(**said)
            text = tr("Move for {name}: {committed} energy (arrives, but lost in the area)").format(
                **names
            )
        else:
            verdict = tr(
                "{committed} + rating {rating} = {total} against cost {cost}: "
                "failure, goes nowhere."
            ).format(**said)
            text = tr("Move for {name}: {committed} energy (goes nowhere)").format(**names)
        return Plan(outcome, verdict, text)


class ContestPage(EntryPage):
    title = N_("Contest")
    KINDS = (
        N_("Against a base cost"),
        N_("Direct opposition (no base)"),
        N_("Killing a defenceless one"),
    )

    def __init__(self) -> None:
        super().__init__()
        self.kind = QComboBox()
        self.kind.addItems([tr(kind) for kind in self.KINDS])
        self.base = _spin(tr("The base cost"), 0, MAX_ENERGY, 10)
        self.opposition = _spin(tr("The opposition's energy"), 0, MAX_ENERGY, 10)
        self.ability = _ability_combo()
        self.committed = _spin(tr("The energy committed"), 0, MAX_ENERGY, 15)
        self.project = QComboBox()
        self.form.addRow(tr("Contest"), self.kind)
        self.form.addRow(tr("Base cost"), self.base)
        self.form.addRow(tr("Opposition commits"), self.opposition)
        self.form.addRow(tr("Ability"), self.ability)
        self.form.addRow(tr("Commit energy"), self.committed)
        self.form.addRow(tr("Draw on project"), self.project)
        self.kind.currentIndexChanged.connect(self._kind_changed)
        self._watch(self.kind, self.base, self.opposition, self.ability, self.committed)
        self._watch(self.project)

    def _kind_changed(self) -> None:
        kind = self.kind.currentIndex()
        self.base.setEnabled(kind == 0)
        if kind == 2:
            self.base.setValue(energy.KILLING_BASE_COST)

    def set_context(self, profile: CharacterProfile, state: DayState) -> None:
        _fill_abilities(self.ability, profile)
        _fill_projects(self.project, state, tr("No: daily energy and store"))

    def plan(self, profile: CharacterProfile, state: DayState, note: str) -> Plan:
        kind = self.kind.currentIndex()
        base = None if kind == 1 else (energy.KILLING_BASE_COST if kind == 2 else self.base.value())
        ability = _chosen(self.ability)
        committed = self.committed.value()
        outcome = energy.contest(
            profile,
            state,
            committed,
            self.opposition.value(),
            base=base,
            ability=ability,
            project=_chosen(self.project),
            note=note,
        )
        cost = outcome.entry.cost
        said = {"commitment": _commitment(committed, profile, ability), "cost": cost}
        names = {"name": profile.name, "committed": committed}
        if outcome.success:
            verdict = tr("{commitment} against cost {cost}: success.").format(**said)
            text = tr("Contest for {name}: {committed} energy (success)").format(**names)
        else:
            verdict = tr("{commitment} against cost {cost}: failure.").format(**said)
            text = tr("Contest for {name}: {committed} energy (failure)").format(**names)
        return Plan(outcome, verdict, text)


class AttackPage(EntryPage):
    title = N_("Attack")

    def __init__(self) -> None:
        super().__init__()
        self.side = QComboBox()
        self.side.addItem(tr("Attacking"), "attacker")
        self.side.addItem(tr("Defending"), "defender")
        self.ability = _ability_combo()
        self.committed = _spin(tr("The energy committed"), 0, MAX_ENERGY, 10)
        self.other = _spin(tr("The other side's total"), 0, MAX_ENERGY, 10)
        self.form.addRow(tr("This character is"), self.side)
        self.form.addRow(tr("Ability"), self.ability)
        self.form.addRow(tr("Commit energy"), self.committed)
        self.form.addRow(tr("Other side's total"), self.other)
        self._watch(self.side, self.ability, self.committed, self.other)

    def set_context(self, profile: CharacterProfile, state: DayState) -> None:
        _fill_abilities(self.ability, profile)

    def plan(self, profile: CharacterProfile, state: DayState, note: str) -> Plan:
        ability = _chosen(self.ability)
        committed = self.committed.value()
        outcome = energy.attack(profile, state, committed, ability=ability, note=note)
        total = committed + outcome.entry.rating
        side = self.side.currentData()
        attacker, defender = (total, self.other.value())
        if side == "defender":
            attacker, defender = defender, attacker
        winner = energy.attack_winner(attacker, defender)
        totals = {"total": total, "other": self.other.value()}
        if winner is None:
            verdict = tr("Total {total} against {other}: a tie: nobody deducts energy.")
        elif winner == side:
            verdict = tr(
                "Total {total} against {other}: "
                "this character wins and may take energy from the other side."
            )
        else:
            verdict = tr(
                "Total {total} against {other}: "
                "the other side wins and may take energy from this character (Energy taken)."
            )
        text = tr("Attack by {name}: {committed} energy").format(
            name=profile.name, committed=committed
        )
        return Plan(outcome, verdict.format(**totals), text)


class DeductPage(EntryPage):
    title = N_("Energy taken")

    def __init__(self) -> None:
        super().__init__()
        self.amount = _spin(tr("The amount"), 0, MAX_ENERGY, 5)
        self.most = PlainLabel()
        self.most.setWordWrap(True)
        self.form.addRow(tr("Energy taken"), self.amount)
        self.form.addRow("", self.most)
        self._watch(self.amount)

    def set_context(self, profile: CharacterProfile, state: DayState) -> None:
        if state.dead:
            self.most.clear()
            return
        most = energy.max_deduction(profile, state)
        self.most.setText(
            tr("The winner of an attack may take at most {most} without killing {name}.").format(
                most=most, name=profile.name
            )
        )

    def plan(self, profile: CharacterProfile, state: DayState, note: str) -> Plan:
        amount = self.amount.value()
        outcome = energy.deduct(profile, state, amount, note=note)
        verdict = tr("{amount} energy taken from {name} by the winner of an attack.").format(
            amount=amount, name=profile.name
        )
        text = tr("{amount} energy taken from {name}").format(amount=amount, name=profile.name)
        return Plan(outcome, verdict, text)


class InvestPage(EntryPage):
    title = N_("Invest")

    def __init__(self) -> None:
        super().__init__()
        self.target = QComboBox()
        self.target.setEditable(True)
        self.target.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        line = self.target.lineEdit()
        assert line is not None  # an editable combo box has its line edit
        line.setPlaceholderText(tr("a new project's name"))
        self.amount = _spin(tr("The amount"), 0, MAX_ENERGY, 10)
        self.amount.setSingleStep(5)
        self.form.addRow(tr("Invest in"), self.target)
        self.form.addRow(tr("Energy"), self.amount)
        self._watch(self.target, self.amount)

    def set_context(self, profile: CharacterProfile, state: DayState) -> None:
        current = self.target.currentText()
        self.target.blockSignals(True)
        self.target.clear()
        self.target.addItem(tr("General store (1 per 5, next day)"), "")
        for pool in state.pools:
            self.target.addItem(pool.project, pool.project)
        for pool in state.pending_specific:
            if self.target.findData(pool.project) < 0:
                self.target.addItem(pool.project, pool.project)
        index = self.target.findText(current)
        if index >= 0:
            self.target.setCurrentIndex(index)
        elif current.strip():
            self.target.setEditText(current)  # a new project being named stays named
        else:
            self.target.setCurrentIndex(0)
        self.target.blockSignals(False)

    def project(self) -> str | None:
        text = self.target.currentText().strip()
        index = self.target.findText(text)
        if index >= 0:
            data = self.target.itemData(index)
            return data if data else None
        return text or None

    def plan(self, profile: CharacterProfile, state: DayState, note: str) -> Plan:
        amount = self.amount.value()
        project = self.project()
        outcome = energy.invest(profile, state, amount, project=project, note=note)
        gained = outcome.entry.gained
        if project is None:
            verdict = tr("Yields {gained} into the general store at the next rollover.")
        else:
            verdict = tr("Yields {gained} into the pool of {project} at the next rollover.")
        verdict = verdict.format(gained=gained, project=project)
        warning = energy.waste_warning(amount)
        if warning:
            verdict += f" {warning}"
        if project:
            label = tr("Invest {amount} for {name} in {project}")
        else:
            label = tr("Invest {amount} for {name} in the general store")
        label = label.format(amount=amount, name=profile.name, project=project)
        return Plan(outcome, verdict, label)


PAGES: tuple[type[EntryPage], ...] = (
    TaskPage,
    MovePage,
    ContestPage,
    AttackPage,
    DeductPage,
    InvestPage,
)


class EntryForms(QWidget):
    """The form chooser, the live outcome and the Add button.

    `submit(plan)` is called when the GM adds the entry; the ledger pushes the command.
    """

    def __init__(self, submit: Callable[[Plan], bool], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._submit = submit
        self._profile: CharacterProfile | None = None
        self._state: DayState | None = None
        self._plan: Plan | None = None
        self.kind = QComboBox()
        self.kind.setObjectName("entryKind")
        self.pages = QStackedWidget()
        self.page_list: list[EntryPage] = []
        for page_class in PAGES:
            page = page_class()
            # Shown in the window's language, found by its English title (`choose`).
            self.kind.addItem(tr(page.title), page.title)
            self.pages.addWidget(page)
            self.page_list.append(page)
            page.changed.connect(self.refresh)
            # Enter in any of its numbers adds the entry, as the button does.
            for field in page.findChildren(NumberField):
                field.returnPressed.connect(self._on_add)
        self.kind.currentIndexChanged.connect(self._kind_changed)
        self._narrowest: tuple[tuple[QSize, ...], int] | None = None
        self.note = QLineEdit()
        self.note.setPlaceholderText(tr("Note (what it was for)"))
        named(self.note, tr("Note"))
        self.note.returnPressed.connect(self._on_add)
        self.outcome = RichLabel()
        self.outcome.setObjectName("entryOutcome")
        self.outcome.setWordWrap(True)
        self.confirm_death = QCheckBox(tr("I understand: this kills the character"))
        self.confirm_death.setObjectName("confirmDeath")
        self.confirm_death.toggled.connect(self._update_add)
        self.add = push_button(tr("Add to Ledger"), "addEntry", self._on_add)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        top = QHBoxLayout()
        top.addWidget(PlainLabel(tr("New entry")))
        top.addWidget(self.kind, 1)
        layout.addLayout(top)
        # Every form stands whole (the stack keeps the longest one's height, so choosing
        # another form moves nothing); the month above gives up the room it needs.
        layout.addWidget(self.pages)
        layout.addStretch(1)
        # What will happen, then the note and the button that writes it.
        layout.addWidget(self.outcome)
        add_row = QHBoxLayout()
        add_row.addWidget(self.note, 1)
        add_row.addWidget(self.add)
        layout.addLayout(add_row)
        layout.addWidget(self.confirm_death)
        self.refresh()

    @property
    def page(self) -> EntryPage:
        return self.page_list[self.pages.currentIndex()]

    def minimumSizeHint(self) -> QSize:
        """As narrow as the forms go without the stack growing taller than the longest
        form's usual height: a form's long rows put their fields under their labels
        (a longer language, a narrower dock) while there is height to spare."""
        least = super().minimumSizeHint()
        sizes = tuple(page.minimumSizeHint() for page in self.page_list)
        if self._narrowest is None or self._narrowest[0] != sizes:
            self._narrowest = (sizes, self._narrowest_width(sizes))
        return QSize(max(least.width(), self._narrowest[1]), least.height())

    def _narrowest_width(self, sizes: tuple[QSize, ...]) -> int:
        usual = max(size.height() for size in sizes)
        low = max(size.width() for size in sizes)  # every long row wrapped
        high = max(page.sizeHint().width() for page in self.page_list)  # none wrapped
        while low < high:
            middle = (low + high) // 2
            if max(page.heightForWidth(middle) for page in self.page_list) > usual:
                low = middle + 1
            else:
                high = middle
        return low

    def choose(self, title: str) -> EntryPage:
        """Show the form of that (English) title, as the GM would pick it, and return it."""
        index = self.kind.findData(title)
        if index < 0:
            raise ValueError(f"There is no {title} form.")
        self.kind.setCurrentIndex(index)
        return self.page

    def set_context(self, profile: CharacterProfile | None, state: DayState | None) -> None:
        self._profile = profile
        self._state = state
        if profile is not None and state is not None:
            for page in self.page_list:
                page.set_context(profile, state)
        self.refresh()

    def _kind_changed(self, index: int) -> None:
        self.pages.setCurrentIndex(index)
        self.refresh()

    def refresh(self) -> None:
        """Work the outcome out again and say it, before anything is written."""
        self._plan = None
        self.confirm_death.setChecked(False)
        self.confirm_death.setVisible(False)
        if self._profile is None or self._state is None:
            self.outcome.clear()
            self._update_add()
            return
        try:
            plan = self.page.plan(self._profile, self._state, self.note.text())
        except ValueError as error:
            self.outcome.setText(
                tr("<b>Cannot add:</b> {problem}").format(problem=escaped(str(error)))
            )
            self._update_add()
            return
        self._plan = plan
        self.outcome.setText(self._describe(plan))
        self.confirm_death.setVisible(plan.outcome.entry.fatal)
        self._update_add()

    def _describe(self, plan: Plan) -> str:
        assert self._profile is not None and self._state is not None
        entry = plan.outcome.entry
        lines = [escaped(plan.verdict)]
        sources = ", ".join(
            source.format(amount=amount)
            for amount, source in (
                (entry.draw.daily, tr("{amount} from daily energy")),
                (entry.draw.general, tr("{amount} from the general store")),
                (entry.draw.pool, tr("{amount} from the project pool")),
            )
            if amount
        )
        if sources:
            lines.append(tr("Spends {sources}.").format(sources=sources))
        name = escaped(self._profile.name)
        if entry.draw.debt:
            debt = plan.outcome.state.debt
            lines.append(
                tr(
                    "<b>Creates a debt:</b> {debt} more than {name} has, "
                    "{total} in all; {repaid} must be repaid first tomorrow."
                ).format(debt=entry.draw.debt, name=name, total=debt, repaid=energy.repayment(debt))
            )
        if entry.fatal:
            red = danger_colour(self.palette()).name()
            capacity = energy.next_day_capacity(self._profile, plan.outcome.state)
            said = tr(
                "<b>This kills {name}:</b> tomorrow can repay at most {capacity}, not {repaid}."
            ).format(
                name=name,
                capacity=capacity,
                repaid=energy.repayment(plan.outcome.state.debt),
            )
            lines.append(f'<span style="color:{red}">{said}</span>')  # untranslated: markup
        return "<br>".join(lines)  # untranslated: markup

    def _update_add(self) -> None:
        plan = self._plan
        ready = plan is not None and (
            not plan.outcome.entry.fatal or self.confirm_death.isChecked()
        )
        self.add.setEnabled(ready)

    def _on_add(self) -> None:
        if self._plan is None or not self.add.isEnabled():
            return
        # The note may have changed since the outcome was worked out: work it out again.
        self.refresh_note()
        plan = self._plan
        if plan is not None and self._submit(plan):
            self.note.clear()
            if isinstance(self.page, TaskPage):
                self.page.follow_the_cost_again()

    def refresh_note(self) -> None:
        confirmed = self.confirm_death.isChecked()
        self.refresh()
        if confirmed and self.confirm_death.isVisible():
            self.confirm_death.setChecked(True)
