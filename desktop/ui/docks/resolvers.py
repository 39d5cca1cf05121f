"""The act and challenge resolvers of the SySCards dock.

Every number comes from `desktop.rules.syscards`; the widgets only gather the throws
(rolled here, or typed from a physical die) and show what the rules decided. A Raise
Throw is written to the card, with the roll-log entry, as one undoable step.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QRect, QSize, Qt, QTimer
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QPushButton,
    QSpinBox,
    QStyle,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop.language import N_
from desktop.printing.words import grade_word
from desktop.rules import syscards
from desktop.store import CardRecord, NotFound, Topic
from desktop.ui import read_guard
from desktop.ui.accessible import named
from desktop.ui.card_commands import ResolveActs, UpdateSettings
from desktop.ui.form_helpers import error_label, push_button, spread_row, wrapped_label
from desktop.ui.plain_text import PlainLabel, RichLabel, escaped
from desktop.ui.session import CampaignSession
from desktop.ui.step_result import StepResult
from desktop.ui.theme import ERROR, HINT_STYLE, SUCCESS, colour
from desktop.ui.widgets.flow import STRETCH, StackRow
from desktop.ui.widgets.number_field import NumberField
from desktop.ui.widgets.ordered_list import MOVE_KEYS_TIP, OrderedList
from desktop.ui.window_language import ptr, tr, window_translator


def raise_settings(session: CampaignSession) -> tuple[int, int]:
    settings = session.campaign.settings()
    return int(settings.get("raise_from", syscards.DEFAULT_RAISE_FROM)), int(
        settings.get("raise_by", syscards.DEFAULT_RAISE_BY)
    )


def describe_act(name: str, outcome: syscards.ActOutcome) -> str:
    if outcome.mode == "tale":
        return tr(
            "{name}: Tale Mode. Efficiency {efficiency}% meets the Necessary "
            "Rate {rate}: the act succeeds with no throw."
        ).format(name=name, efficiency=outcome.efficiency_before, rate=outcome.necessary_rate)
    if outcome.success:
        text = tr("{name}: Action Mode. Throw {throw}, result {result} against {rate}: success.")
    else:
        text = tr(
            "{name}: Action Mode. Throw {throw}, result {result} against {rate}: "
            "failure by {degree}."
        )
    text = text.format(
        name=name,
        throw=outcome.throw,
        result=outcome.result,
        rate=outcome.necessary_rate,
        degree=outcome.failure_degree,
    )
    if outcome.raised:
        raised = tr("Raise Throw: efficiency {before}% → {after}%.").format(
            before=outcome.efficiency_before, after=outcome.efficiency
        )
        text = f"{text} {raised}"
    return text


class ActResolver(QWidget):
    """One card's act against a Necessary Rate (also a Challenge Rejection's NR)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("actResolver")
        self._session: CampaignSession | None = None
        self.card: CardRecord | None = None
        self.card_label = RichLabel(tr("Select a card in the list."))
        self.card_label.setWordWrap(True)
        # Typed numbers are checked by the rules where they are typed: nothing is
        # clamped, nothing dropped, and a refused one resolves nothing.
        self.nr_spin = NumberField(tr("The Necessary Rate"), syscards.check_necessary_rate)
        self.nr_spin.setObjectName("actNR")
        self.nr_spin.setValue(50)
        self.grade_combo = QComboBox()
        self.grade_combo.setObjectName("actGrade")
        for grade in syscards.GRADES:
            name = grade_word(window_translator(), grade.name)
            self.grade_combo.addItem(f"{name} ({grade.low}-{grade.high})", grade.low)
        self.grade_combo.activated.connect(
            lambda: self.nr_spin.setValue(int(self.grade_combo.currentData()))
        )
        self.nr_spin.checked.connect(self._follow_grade)
        self.throw_spin = NumberField(tr("A throw"), syscards.check_throw, placeholder="1-100")
        self.throw_spin.setObjectName("actThrow")
        self.throw_spin.checked.connect(self._update_buttons)
        self.throw_spin.returnPressed.connect(self.use_typed_throw)
        # Enter on the rate resolves the act: with the physical die's throw if one is
        # typed, else by rolling d100.
        self.nr_spin.returnPressed.connect(self._resolve_from_rate)
        self.field_error = error_label("actFieldError")
        self.roll_button = push_button(tr("Roll d100"), "actRoll", lambda: self.resolve(None))
        self.typed_button = push_button(tr("Use this throw"), "actTyped", self.use_typed_throw)
        self.result_label = RichLabel()
        self.result_label.setObjectName("actResult")
        self.raise_from_spin = QSpinBox()
        self.raise_from_spin.setObjectName("raiseFrom")
        named(self.raise_from_spin, tr("Raise from"))
        self.raise_from_spin.setRange(1, 100)
        self.raise_by_spin = QSpinBox()
        self.raise_by_spin.setObjectName("raiseBy")
        named(self.raise_by_spin, tr("Raise by"))
        self.raise_by_spin.setRange(0, 100)
        self.raise_from_spin.editingFinished.connect(self._commit_raise_settings)
        self.raise_by_spin.editingFinished.connect(self._commit_raise_settings)
        self.result_label.setWordWrap(True)
        self.result_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        # The line tells of an act on the record: undone, the line goes with it.
        self._result = StepResult(self.result_label)
        # Where the words are longer than English ones, the labels wrap and each row
        # stacks what does not fit side by side: the page is taller, never wider.
        form = QFormLayout()
        form.addRow(wrapped_label("actCardLabel", tr("Card")), self.card_label)
        nr_row = QHBoxLayout()
        nr_row.addWidget(self.nr_spin)
        nr_row.addWidget(self.grade_combo, 1)
        form.addRow(wrapped_label("actRateLabel", tr("Necessary Rate")), nr_row)
        physical = _side_by_side(PlainLabel(tr("or a physical die:")), self.throw_spin)
        physical.setStretch(0, 1)
        left = Qt.AlignmentFlag.AlignLeft
        # Side by side, the room is shared by the two buttons and the words between.
        typed = StackRow([(physical, 2), (self.typed_button, 1)], stacked_alignment=left)
        throw_row = StackRow([(self.roll_button, 1), (typed, 3)], stacked_alignment=left)
        form.addRow(wrapped_label("actThrowLabel", tr("Throw")), throw_row)
        form.addRow("", self.field_error)
        raise_row = StackRow(
            [
                _side_by_side(PlainLabel(tr("a throw of")), self.raise_from_spin),
                _side_by_side(PlainLabel(tr("or more raises efficiency by")), self.raise_by_spin),
                STRETCH,
            ],
            stacked_alignment=left,
        )
        form.addRow(wrapped_label("actRaiseLabel", tr("Raise Throws")), raise_row)
        hint = PlainLabel(
            tr(
                "Enter on the rate rolls d100 (or uses the typed throw). "
                "Tale Mode needs no throw. For a Challenge Rejection, set the defender's NR here "
                "and resolve the challenger's act. The degree of failure is for the GM's eyes."
            )
        )
        hint.setWordWrap(True)
        hint.setStyleSheet(HINT_STYLE)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.result_label)
        layout.addWidget(hint)
        layout.addStretch(1)
        self._follow_grade()
        self.show_card(None)

    def set_session(self, session: CampaignSession | None) -> None:
        if self._session is not None:
            self._session.changed.disconnect(self._on_changed)
        self._session = session
        self._result.set_session(session)
        if session is not None:
            session.changed.connect(self._on_changed)
        self._show_raise_settings()
        self.show_card(None)

    @read_guard.guarded
    def _on_changed(self, topic: str) -> None:
        if topic == Topic.CAMPAIGN:
            self._show_raise_settings()

    def _show_raise_settings(self) -> None:
        session = self._session
        if session is None:
            return
        raise_from, raise_by = raise_settings(session)
        for spin, value in ((self.raise_from_spin, raise_from), (self.raise_by_spin, raise_by)):
            if not spin.hasFocus():
                spin.setValue(value)
        writable = not session.read_only
        self.raise_from_spin.setEnabled(writable)
        self.raise_by_spin.setEnabled(writable)

    def _commit_raise_settings(self) -> None:
        """The campaign's Raise Throw setting, changed as one undoable step."""
        session = self._session
        if session is None or session.read_only:
            return
        wanted = {
            "raise_from": self.raise_from_spin.value(),
            "raise_by": self.raise_by_spin.value(),
        }
        current = dict(zip(("raise_from", "raise_by"), raise_settings(session), strict=True))
        changes = {k: v for k, v in wanted.items() if current[k] != v}
        if changes:
            session.push(UpdateSettings(session, tr("Change the Raise Throw setting"), **changes))

    def show_card(self, card: CardRecord | None) -> None:
        self.card = card
        self._update_buttons()
        if card is not None:
            self.card_label.setText(
                tr("<b>{name}</b> · efficiency {efficiency}%").format(
                    name=escaped(card.name), efficiency=card.efficiency
                )
            )
        else:
            self.card_label.setText(tr("Select a card in the list."))

    def _follow_grade(self) -> None:
        rate = self.nr_spin.value()
        if rate is not None:
            for index, grade in enumerate(syscards.GRADES):
                if grade.low <= rate <= grade.high:
                    self.grade_combo.setCurrentIndex(index)
        self._update_buttons()

    def _update_buttons(self) -> None:
        """Roll needs a Necessary Rate the rules accept; Use this throw a typed throw too."""
        if not hasattr(self, "typed_button"):
            return  # still building
        writable = self._session is not None and not self._session.read_only
        ready = writable and self.card is not None and self.nr_spin.value() is not None
        self.roll_button.setEnabled(ready)
        self.typed_button.setEnabled(ready and self.throw_spin.value() is not None)
        problems = [
            field.problem()
            for field in (self.nr_spin, self.throw_spin)
            if field.problem() and field.text().strip()
        ]
        self.field_error.setText(" ".join(p for p in problems if p))
        self.field_error.setVisible(bool(problems))

    def _resolve_from_rate(self) -> None:
        if self.throw_spin.text().strip():
            self.use_typed_throw()
        else:
            self.resolve(None)  # a rate the rules refuse is reported there

    def use_typed_throw(self) -> syscards.ActOutcome | None:
        """Resolve with the physical die's throw, only once the rules accept it."""
        throw = self.throw_spin.value()
        if throw is None:
            problem = self.throw_spin.problem()
            if problem and self._session is not None:
                self._session.report_failure(problem)
            return None
        return self.resolve(throw)

    def resolve(self, throw: int | None) -> syscards.ActOutcome | None:
        """Resolve the act (rolling when `throw` is None) and record it, undoably."""
        card, session = self.card, self._session
        if card is None or session is None or session.read_only:
            return None
        raise_from, raise_by = raise_settings(session)
        rate = self.nr_spin.value()
        if rate is None:
            session.report_failure(self.nr_spin.problem() or tr("Type the Necessary Rate."))
            return None
        try:
            outcome = syscards.act(
                card.efficiency,
                rate,
                throw,
                raise_from,
                raise_by,
                rng=session.rng if throw is None else None,
            )
        except ValueError as error:
            session.report_failure(str(error))
            return None
        summary = describe_act(card.name, outcome)
        raises = (
            {card.id: (outcome.efficiency_before, outcome.efficiency)} if outcome.raised else {}
        )
        log = {
            "character_id": card.character_id,
            "character_name": card.name,
            "kind": "act",
            "detail": {
                "card_id": card.id,
                "mode": outcome.mode,
                "throw": outcome.throw,
                "result": outcome.result,
                "necessary_rate": outcome.necessary_rate,
                "success": outcome.success,
                "failure_degree": outcome.failure_degree,
                "efficiency_before": outcome.efficiency_before,
                "efficiency": outcome.efficiency,
            },
            "total": outcome.result,
            "summary": summary,
        }
        if session.push(
            ResolveActs(session, tr("Act of {name}").format(name=card.name), raises, log)
        ):
            # A sign as well as a colour: the verdict reads in black and white.
            sign, role = ("✓", SUCCESS) if outcome.success else ("✗", ERROR)
            shade = colour(self.palette(), role).name()
            said = escaped(summary)
            self._result.show(f'<b style="color:{shade}">{sign}</b> {said}')  # untranslated: markup
            return outcome
        return None


def _side_by_side(*widgets: QWidget) -> QHBoxLayout:
    """`widgets` in a row of their own: kept together when a row stacks."""
    row = QHBoxLayout()
    for widget in widgets:
        row.addWidget(widget)
    return row


class WrappingHeader(QHeaderView):
    """A table's column titles, each wrapped to its column's width, the header as tall
    as the tallest title."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(Qt.Orientation.Horizontal, parent)
        self.setDefaultAlignment(Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap)
        self._pending = False
        self.sectionResized.connect(self._fit_later)

    def sectionSizeFromContents(self, logicalIndex: int) -> QSize:
        size = super().sectionSizeFromContents(logicalIndex)
        model = self.model()
        if model is None:
            return size
        text = str(model.headerData(logicalIndex, self.orientation()) or "")
        margin = self.style().pixelMetric(QStyle.PixelMetric.PM_HeaderMargin, None, self)
        room = QRect(0, 0, max(1, self.sectionSize(logicalIndex) - 2 * margin), 100_000)
        flags = Qt.TextFlag.TextWordWrap | Qt.AlignmentFlag.AlignCenter
        words = self.fontMetrics().boundingRect(room, int(flags), text)
        return QSize(size.width(), max(size.height(), words.height() + 2 * margin))

    def _fit_later(self) -> None:
        # The columns are resized one by one: measured once they all are.
        if not self._pending:
            self._pending = True
            QTimer.singleShot(0, self, self._fit)

    def _fit(self) -> None:
        self._pending = False
        tallest = max(
            (self.sectionSizeFromContents(i).height() for i in range(self.count())), default=0
        )
        if tallest != self.minimumHeight():
            self.setMinimumHeight(tallest)
            self.headerDataChanged(self.orientation(), 0, max(0, self.count() - 1))


@dataclass
class ContenderRow:
    card_id: int
    name: str


class ChallengeResolver(QWidget):
    """Several acts at the same Action Time: velocity, throws, efficiency, the GM's ties."""

    COLUMNS = (N_("Card"), N_("Velocity"), N_("Forced NR (0 = none)"), N_("Throw (0 = roll)"))

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("challengeResolver")
        self._session: CampaignSession | None = None
        self.rows: list[ContenderRow] = []
        self.table = QTableWidget(0, len(self.COLUMNS))
        self.table.setObjectName("contenders")
        named(self.table, tr("Contenders"))
        # The columns share the table's width, their titles wrapped: never wider than
        # the tab, whatever the language.
        self.table.setHorizontalHeader(WrappingHeader(self.table))
        self.table.setHorizontalHeaderLabels([tr(column) for column in self.COLUMNS])
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.table.verticalHeader().hide()
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.add_button = QPushButton(tr("Add the selected card"))
        self.add_button.setObjectName("addContender")
        self.remove_button = push_button(tr("Remove"), clicked=self.remove_selected)
        self.resolve_button = push_button(
            tr("Resolve the challenge"), "resolveChallenge", self.resolve
        )
        self.ties = OrderedList()
        self.ties.setObjectName("tieOrder")
        named(self.ties, tr("Order of the tied acts"))
        self.ties.setToolTip(
            tr("Drag them into order, first = priority ({keys}).").format(keys=tr(MOVE_KEYS_TIP))
        )
        self.confirm_button = push_button(tr("This order"), "confirmTies", self.confirm_ties)
        # Its words inside the box, wrapped (a group's title cannot wrap): never wider
        # than the tab, whatever the language.
        tied = tr("Tied: the GM decides. Drag them into order, first = priority.")
        self.tie_box = named(QGroupBox(), tied)
        tie_layout = QVBoxLayout(self.tie_box)
        tie_layout.addWidget(wrapped_label("tieTitle", tied))
        tie_layout.addWidget(self.ties)
        tie_layout.addWidget(self.confirm_button)
        self.tie_box.hide()
        self.result_label = wrapped_label("challengeResult", rich=True)
        self._result = StepResult(self.result_label)  # goes when its challenge is undone
        # Resolve under the others when the three are too wide side by side.
        buttons = StackRow(
            [spread_row([self.add_button, self.remove_button]), STRETCH, self.resolve_button],
            stacked_alignment=Qt.AlignmentFlag.AlignLeft,
        )
        layout = QVBoxLayout(self)
        layout.addWidget(self.table, 1)
        layout.addWidget(buttons)
        layout.addWidget(self.tie_box)
        layout.addWidget(self.result_label)
        self._pending: tuple[syscards.ChallengeOutcome, dict[str, CardRecord]] | None = None

    def set_session(self, session: CampaignSession | None) -> None:
        self._session = session
        self._result.set_session(session)
        self.rows.clear()
        self.table.setRowCount(0)
        self._pending = None
        self.tie_box.hide()
        writable = session is not None and not session.read_only
        for button in (
            self.add_button,
            self.remove_button,
            self.resolve_button,
            self.confirm_button,
        ):
            button.setEnabled(writable)

    def add_card(self, card: CardRecord) -> None:
        if any(row.card_id == card.id for row in self.rows):
            return
        self.rows.append(ContenderRow(card.id, card.name))
        row = self.table.rowCount()
        self.table.insertRow(row)
        name = QTableWidgetItem(f"{card.name} ({card.efficiency}%)")
        name.setFlags(name.flags() & ~Qt.ItemFlag.ItemIsEditable)
        self.table.setItem(row, 0, name)
        # Typed, checked by the rules where typed: velocity a card's number, the forced NR
        # a Necessary Rate (empty: none), the throw a d100 (empty: rolled).
        fields = (
            NumberField(tr("Velocity"), lambda v: syscards.CardStats("skill", velocity=v)),
            NumberField(
                tr("A forced Necessary Rate"), syscards.check_necessary_rate, optional=True
            ),
            NumberField(
                tr("A throw"),
                syscards.check_throw,
                optional=True,
                placeholder=ptr("an empty throw: the throw is rolled", "roll"),
            ),
        )
        fields[0].setValue(card.velocity)
        for column, field in enumerate(fields, start=1):
            field.setMaximumWidth(16777215)
            self.table.setCellWidget(row, column, field)

    def remove_selected(self) -> None:
        for row in sorted({i.row() for i in self.table.selectedIndexes()}, reverse=True):
            self.table.removeRow(row)
            del self.rows[row]

    def set_values(self, row: int, velocity: int, forced_nr: int, throw: int) -> None:
        """Type a row's values (0 leaves the forced NR and the throw empty)."""
        for column, value in ((1, velocity), (2, forced_nr), (3, throw)):
            field = self.table.cellWidget(row, column)
            assert isinstance(field, NumberField)
            field.setText(str(value) if value or column == 1 else "")

    def _value(self, row: int, column: int) -> int:
        field = self.table.cellWidget(row, column)
        if not isinstance(field, NumberField):
            return 0
        if field.problem() is not None:
            raise ValueError(field.problem())  # refused at the field: nothing is resolved
        return field.value() or 0

    def resolve(self) -> syscards.ChallengeOutcome | None:
        session = self._session
        if session is None or session.read_only:
            return None
        cards: dict[str, CardRecord] = {}
        contenders = []
        try:
            records = [session.campaign.cards.get(entry.card_id) for entry in self.rows]
            for row, card in enumerate(records):
                # Two cards may share a name: the rules need each contender named once.
                name = _contender_name(card, records)
                cards[name] = card
                throw = self._value(row, 3) or syscards.roll_d100(session.rng)
                forced = self._value(row, 2) or None
                contenders.append(
                    syscards.Contender(name, throw, card.efficiency, self._value(row, 1), forced)
                )
            raise_from, raise_by = raise_settings(session)
            outcome = syscards.challenge(contenders, raise_from, raise_by)
        except (ValueError, NotFound) as error:
            session.report_failure(str(error))
            return None
        if outcome.undecided:
            self._pending = (outcome, cards)
            self.ties.clear()
            self.ties.addItems(list(outcome.undecided))
            self.tie_box.show()
            self._result.say(_outcome_html(outcome, pending=True))
            return outcome
        return self._record(outcome, cards)

    def confirm_ties(self) -> syscards.ChallengeOutcome | None:
        if self._pending is None or self._session is None:
            return None
        outcome, cards = self._pending
        order = [self.ties.item(i).text() for i in range(self.ties.count())]
        try:
            settled = syscards.settle_ties(outcome, order)
        except ValueError as error:
            self._session.report_failure(str(error))
            return None
        self._pending = None
        self.tie_box.hide()
        return self._record(settled, cards)

    def _record(
        self, outcome: syscards.ChallengeOutcome, cards: dict[str, CardRecord]
    ) -> syscards.ChallengeOutcome | None:
        session = self._session
        assert session is not None
        raises = {
            cards[e.name].id: (e.efficiency_before, e.efficiency)
            for e in outcome.entries
            if e.raised
        }
        summary = tr("Challenge: {contenders}").format(
            contenders=", ".join(
                f"{name}{' ✓' if name in outcome.succeeded else ' ✗'}" for name in outcome.order
            )
        )
        versus = ptr("between two contenders' names, in the roll log", "vs")
        log = {
            "character_id": None,
            "character_name": _short(f" {versus} ".join(outcome.order)),
            "kind": "challenge",
            "detail": {
                "order": list(outcome.order),
                "succeeded": list(outcome.succeeded),
                "tied": [list(group) for group in outcome.tied_groups],
                "entries": [
                    {
                        "name": e.name,
                        "card_id": cards[e.name].id,
                        "velocity": e.velocity,
                        "throw": e.throw,
                        "result": e.result,
                        "efficiency_before": e.efficiency_before,
                        "efficiency": e.efficiency,
                        "necessary_rate": e.necessary_rate,
                        "success": e.success,
                    }
                    for e in outcome.entries
                ],
            },
            "total": None,
            "summary": summary,
        }
        if not session.push(ResolveActs(session, tr("Resolve a challenge"), raises, log)):
            return None
        self._result.show(_outcome_html(outcome, pending=False))
        return outcome


def _contender_name(card: CardRecord, everyone: list[CardRecord]) -> str:
    twins = sum(1 for other in everyone if other.name.casefold() == card.name.casefold())
    return card.name if twins == 1 else f"{card.name} [{card.id}]"


def _short(text: str, limit: int = 80) -> str:
    # The log's "who" column holds a name, at most 80 characters.
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _outcome_html(outcome: syscards.ChallengeOutcome, *, pending: bool) -> str:
    lines = ["<ol>"]  # untranslated: markup
    for entry in outcome.entries:
        if entry.necessary_rate and entry.success:
            line = tr(
                "<b>{name}</b>: velocity {velocity}, throw {throw}, result {result} "
                "vs NR {rate}: succeeds"
            )
        elif entry.necessary_rate:
            line = tr(
                "<b>{name}</b>: velocity {velocity}, throw {throw}, result {result} "
                "vs NR {rate}: fails"
            )
        elif entry.success:
            line = tr(
                "<b>{name}</b>: velocity {velocity}, throw {throw}, result {result}: succeeds"
            )
        else:
            line = tr("<b>{name}</b>: velocity {velocity}, throw {throw}, result {result}: fails")
        line = line.format(
            name=escaped(entry.name),
            velocity=entry.velocity,
            throw=entry.throw,
            result=entry.result,
            rate=entry.necessary_rate,
        )
        if entry.raised:
            line += tr(", raise {before}% → {after}%").format(
                before=entry.efficiency_before, after=entry.efficiency
            )
        lines.append(f"<li>{line}</li>")  # untranslated: markup
    lines.append("</ol>")  # untranslated: markup
    if pending:
        lines.append(tr("<p>Some contenders are tied on every count: put them in order below.</p>"))
    return "".join(lines)
