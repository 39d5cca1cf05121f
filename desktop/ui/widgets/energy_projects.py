"""A character's projects today: each pool, what lands in it, how it decays, and Cancel.

The forecast is the rules' own arithmetic, day by day: each rollover takes `decay` of
the pool, and today's investments land at the first rollover, after its decay. No
further investment is assumed. Cancelling shows the refund first (`cancel_refund` of
the pool with today's investments in it: it pays today's debt first, the rest goes
into the general store at once), then pushes one undoable `PutEnergyDay`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import date, timedelta
from typing import Final

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QMessageBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop.language import N_
from desktop.rules import energy
from desktop.rules.energy import CharacterProfile, DayState
from desktop.store import NotFound, Topic
from desktop.ui.accessible import named
from desktop.ui.energy_commands import PutEnergyDay
from desktop.ui.form_helpers import push_button, wrapped_label
from desktop.ui.plain_text import PlainLabel, message_box, tooltip
from desktop.ui.session import CampaignSession
from desktop.ui.widgets.character_view import FollowedCharacter
from desktop.ui.widgets.energy_chart import DAY_DATE, SHORT_DATE, date_words
from desktop.ui.widgets.record_table import read_only_rows
from desktop.ui.window_language import tr

TOPICS: Final = frozenset({Topic.ENERGY, Topic.CAMPAIGN, Topic.CHARACTERS})
FORECAST_DAYS: Final = 7
# The table's first headers, translated when shown.
FIXED_COLUMNS: Final = (
    N_("Project"),
    N_("Pool\ntoday"),
    N_("Lands at\nrollover"),
    N_("Refund if\ncancelled"),
)

# (parent widget, title, question) -> True to go ahead. Tests pass their own.
Confirm = Callable[[QWidget, str, str], bool]


def ask(parent: QWidget, title: str, text: str) -> bool:
    """The confirmation the GM sees: a question with plain answers, "keep" the default."""
    no_buttons = QMessageBox.StandardButton.NoButton  # its own two, below
    box = message_box(parent, QMessageBox.Icon.Question, title, text, no_buttons)
    cancel = box.addButton(tr("Cancel the project"), QMessageBox.ButtonRole.DestructiveRole)
    keep = box.addButton(tr("Keep it"), QMessageBox.ButtonRole.RejectRole)
    box.setDefaultButton(keep)
    box.exec()
    return box.clickedButton() is cancel


# ----------------------------------------------------------------------------- rules


def decay_forecast(pool: int, pending: int = 0, days: int = FORECAST_DAYS) -> tuple[int, ...]:
    """A pool's value on each of the next `days` days if nothing more is invested.

    Each rollover takes `decay` of the pool; `pending` (today's investments in it)
    lands at the first rollover, after that rollover's decay, as the rules' order says.
    """
    values: list[int] = []
    value = pool - energy.decay(pool) + pending
    for _ in range(days):
        values.append(value)
        value -= energy.decay(value)
    return tuple(values)


@dataclass(frozen=True)
class ProjectRow:
    """One project on the day: its pool (0 when it has none yet), what lands in it at
    the rollover, and its forecast."""

    project: str
    pool: int
    pending: int
    has_pool: bool
    forecast: tuple[int, ...]


def project_rows(state: DayState) -> list[ProjectRow]:
    """Every project of the day, in pool order; a project first invested in today
    (with no pool yet, only a yield on its way in) comes last."""
    rows = [
        ProjectRow(pool.project, pool.value, state.pending(pool.project), True, ())
        for pool in state.pools
    ]
    known = {pool.project for pool in state.pools}
    rows += [
        ProjectRow(pending.project, 0, pending.value, False, ())
        for pending in state.pending_specific
        if pending.project not in known
    ]
    return [
        ProjectRow(
            row.project,
            row.pool,
            row.pending,
            row.has_pool,
            decay_forecast(row.pool, row.pending),
        )
        for row in rows
    ]


@dataclass(frozen=True)
class CancelPlan:
    """What cancelling a project would do, shown before the GM confirms it."""

    name: str  # the character's
    project: str
    pool: int
    pending: int
    refund: int
    debt: int  # today's debt before the refund
    paid_off: int  # the part of the refund that pays the debt
    to_store: int  # the rest, into the general store
    store_after: int
    state: DayState  # the new day state to store

    def text(self) -> str:
        held = self.pool + self.pending
        lines = [tr("Cancel “{project}” for {name}?").format(project=self.project, name=self.name)]
        lines.append("")
        if self.pending:
            lines.append(
                tr(
                    "Its pool holds {pool}, and today's investments add {pending}: {held} in all."
                ).format(pool=self.pool, pending=self.pending, held=held)
            )
        else:
            lines.append(tr("Its pool holds {held}.").format(held=held))
        lines.append(
            tr(
                "The refund is {refund} (1 for every full {refund_step}), and it comes back at "
                "once."
            ).format(refund=self.refund, refund_step=energy.REFUND_STEP)
        )
        if self.debt:
            lines.append(
                tr(
                    "It pays today's debt of {debt} first: {paid} of the debt is paid, "
                    "{to_store} goes into the general store."
                ).format(debt=self.debt, paid=self.paid_off, to_store=self.to_store)
            )
        elif self.refund:
            lines.append(
                tr("All {refund} goes into the general store ({after} after).").format(
                    refund=self.refund, after=self.store_after
                )
            )
        else:
            lines.append(tr("Nothing comes back: the pool is below 10."))
        lines += ["", tr("The project and its pool are gone. Undo brings them back.")]
        return "\n".join(lines)


def cancel_plan(profile: CharacterProfile, state: DayState, project: str) -> CancelPlan:
    """The refund and the new state of cancelling `project` (ValueError: it cannot be)."""
    pool = next((p.value for p in state.pools if p.project == project), 0)
    pending = state.pending(project)
    refund = energy.cancel_refund(pool + pending)
    outcome = energy.cancel_project(profile, state, project)
    paid_off = state.debt - outcome.state.debt
    return CancelPlan(
        name=profile.name,
        project=project,
        pool=pool,
        pending=pending,
        refund=refund,
        debt=state.debt,
        paid_off=paid_off,
        to_store=refund - paid_off,
        store_after=outcome.state.general_store,
        state=outcome.state,
    )


# ---------------------------------------------------------------------------- widget


@dataclass(frozen=True)
class _Today:
    """What the view reads for its character: the day, or why there is nothing to do."""

    name: str = ""
    profile: CharacterProfile | None = None
    state: DayState | None = None
    day: int = 0
    start: date = date(2000, 1, 1)
    reason: str = ""  # why Cancel cannot be used at all (empty: it can)


class ProjectsView(QWidget):
    """The projects of one character today, their 7-day decay, and Cancel project…"""

    def __init__(self, parent: QWidget | None = None, confirm: Confirm = ask) -> None:
        super().__init__(parent)
        self.confirm = confirm
        self._follow = FollowedCharacter(self.reload, TOPICS)
        self._today = _Today(reason=tr("No campaign is open."))
        self.rows: list[ProjectRow] = []
        self.title = PlainLabel()
        self.title.setObjectName("projectsTitle")
        bold = QFont(self.title.font())
        bold.setBold(True)
        self.title.setFont(bold)
        self.summary = PlainLabel()
        self.summary.setObjectName("projectsSummary")
        self.table = QTableWidget(0, len(FIXED_COLUMNS) + FORECAST_DAYS)
        read_only_rows(self.table, "projectsTable")
        named(self.table, tr("Projects"))
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        header = self.table.horizontalHeader()
        header.setHighlightSections(False)
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.table.itemSelectionChanged.connect(self._update_button)
        self.table.cellDoubleClicked.connect(lambda _row, _column: self.cancel_selected())
        self.note = PlainLabel(
            tr(
                "The next {days} days if nothing more is invested: every rollover takes "
                "1 or {percent} of a pool, whichever is more, and today's investments land at "
                "the first rollover, after its decay. A pool at 0 stays until the project is "
                "cancelled."
            ).format(days=FORECAST_DAYS, percent="5%")  # a "%" in a message reads as a format
        )
        self.note.setObjectName("projectsNote")
        self.note.setWordWrap(True)
        self.note.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        # In the table's place when there is nothing to list: the reason, and what to do.
        self.empty_message = wrapped_label("projectsEmptyMessage")
        self.empty_message.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty_message.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.empty_message.setMargin(24)
        self.reason = wrapped_label("projectsReason")
        self.cancel_button = push_button(tr("Cancel project…"), "cancelProject")
        self._cancel_tip = tr(
            "Give up the selected project: 1 of every full {refund_step} in its pool comes back, "
            "paying today's debt first, then into the general store"
        ).format(refund_step=energy.REFUND_STEP)
        self.cancel_button.clicked.connect(self.cancel_selected)
        bottom = QHBoxLayout()
        bottom.addWidget(self.reason, 1)
        bottom.addStretch(0)  # keeps the button at the right when the reason is hidden
        bottom.addWidget(self.cancel_button, 0, Qt.AlignmentFlag.AlignTop)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.title)
        layout.addWidget(self.summary)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.empty_message, 1)
        layout.addWidget(self.note)
        layout.addLayout(bottom)
        self._set_headers()
        self.reload()

    # -- following the session ------------------------------------------------------------

    def set_session(self, session: CampaignSession | None) -> None:
        self._follow.set_session(session)

    def set_character(self, character_id: int | None) -> None:
        self._follow.set_character(character_id)

    def reload(self) -> None:
        """Read the character's day again, keeping the selected project if it is there."""
        chosen = self.selected_project()
        self._today = self._read()
        state = self._today.state
        self.rows = project_rows(state) if state is not None else []
        self.title.setText(self._title())
        self.summary.setText(_summary(state) if state is not None else "")
        self.summary.setVisible(state is not None)
        self._set_headers()
        self._fill()
        if chosen is not None:
            self.select_project(chosen)
        self._update_button()

    def _read(self) -> _Today:
        session, character_id = self._follow.session, self._follow.character_id
        if session is None:
            return _Today(reason=tr("No campaign is open."))
        if character_id is None:
            return _Today(reason=tr("Choose a character to see their projects."))
        campaign = session.campaign
        summary = campaign.summary()
        today, start = summary.current_day, summary.start_date
        try:
            name = campaign.roster.get(character_id).name
        except NotFound:
            return _Today(day=today, start=start, reason=tr("This character is no longer here."))
        profile = campaign.calendar.profile(character_id)
        if profile is None:
            return _Today(
                name,
                day=today,
                start=start,
                reason=tr("{name} has no energy profile: give them one on the Profile tab.").format(
                    name=name
                ),
            )
        state = campaign.calendar.day(character_id, today)
        found = _Today(name, profile, state, today, start)
        if state is not None and state.dead:
            return replace(
                found, reason=tr("{name} died today: their calendar has ended.").format(name=name)
            )
        if state is None:
            # A calendar ends at a death: the last stored day says whether it has.
            earlier = campaign.calendar.day_before(character_id, today)
            if earlier is not None and earlier.dead:
                return replace(
                    found,
                    reason=tr("{name} died on day {day}: their calendar has ended.").format(
                        name=name, day=earlier.day
                    ),
                )
            return replace(
                found,
                reason=tr(
                    "Nothing is recorded for {name} today (day {day}): record today's first "
                    "entry on the Month tab, and their projects show here."
                ).format(name=name, day=today),
            )
        if session.read_only:
            return replace(found, reason=tr("The campaign is open read-only."))
        return found

    # -- showing ----------------------------------------------------------------------------

    def _date(self, day: int) -> date:
        return self._today.start + timedelta(days=day - 1)

    def _title(self) -> str:
        if not self._today.name:
            return tr("Projects")
        day = self._today.day
        when = date_words(self._date(day), DAY_DATE)
        return tr("Projects of {name}, day {day} ({date})").format(
            name=self._today.name, day=day, date=when
        )

    def _set_headers(self) -> None:
        labels = [tr(column) for column in FIXED_COLUMNS]
        day = self._today.day
        for ahead in range(1, FORECAST_DAYS + 1):
            if day:
                when = date_words(self._date(day + ahead), SHORT_DATE)
                labels.append(tr("Day {day}\n{date}").format(day=day + ahead, date=when))
            else:
                labels.append(f"+{ahead}")
        self.table.setHorizontalHeaderLabels(labels)

    def _fill(self) -> None:
        self.table.setRowCount(len(self.rows))
        for row, project in enumerate(self.rows):
            pool = str(project.pool) if project.has_pool else tr("none yet")
            pending = f"+{project.pending}" if project.pending else "—"
            refund = str(energy.cancel_refund(project.pool + project.pending))
            cells = [project.project, pool, pending, refund, *map(str, project.forecast)]
            tips = self._tips(project)
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setData(Qt.ItemDataRole.UserRole, project.project)
                if column:
                    item.setTextAlignment(
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )
                item.setToolTip(tooltip(tips[column]))
                self.table.setItem(row, column, item)

    def _tips(self, project: ProjectRow) -> list[str]:
        held = project.pool + project.pending
        refund = energy.cancel_refund(held)
        tips = [
            tr("Cancelling it now returns {refund} energy").format(refund=refund),
            tr("The pool after today's entries"),
            tr("Today's investments in it, landing at the rollover after the decay"),
            tr(
                "1 for every full {refund_step} of {held} (the pool with today's investments): "
                "pays today's debt first, then goes into the general store"
            ).format(refund_step=energy.REFUND_STEP, held=held),
        ]
        before = project.pool
        for ahead, value in enumerate(project.forecast, start=1):
            lost = energy.decay(before)
            landed = project.pending if ahead == 1 else 0
            day = self._today.day + ahead
            if landed:
                text = tr("Loses {lost} at the rollover into day {day}, then {landed} lands")
            else:
                text = tr("Loses {lost} at the rollover into day {day}")
            tips.append(text.format(lost=lost, day=day, landed=landed))
            before = value
        return tips

    # -- selection and cancel ---------------------------------------------------------------

    def selected_project(self) -> str | None:
        items = self.table.selectedItems()
        if not items:
            return None
        return str(items[0].data(Qt.ItemDataRole.UserRole))

    def select_project(self, project: str) -> bool:
        """Select a project's row; False if the character has no such project today."""
        for row, shown in enumerate(self.rows):
            if shown.project == project:
                self.table.selectRow(row)
                return True
        return False

    def cancel_reason(self) -> str:
        """Why Cancel project… is disabled now, or "" when it can be used."""
        if self._today.reason:
            return self._today.reason
        if not self.rows:
            return tr(
                "{name} has no projects today: an investment in a project on the Month tab "
                "starts one."
            ).format(name=self._today.name)
        if self.selected_project() is None:
            return tr("Select a project to cancel it.")
        return ""

    def _update_button(self) -> None:
        reason = self.cancel_reason()
        self.cancel_button.setEnabled(not reason)
        self.cancel_button.setToolTip(tooltip(reason or self._cancel_tip))  # names: only text
        self.reason.setText(reason)
        listed = bool(self.rows)
        self.table.setVisible(listed)
        self.note.setVisible(listed)
        self.empty_message.setVisible(not listed)
        self.empty_message.setText("" if listed else reason)
        # Said once: in the table's place when there is no table, else by the button.
        self.reason.setVisible(listed)

    def plan(self, project: str) -> CancelPlan:
        """What cancelling `project` would do today (ValueError if it cannot be)."""
        today = self._today
        if today.reason or today.profile is None or today.state is None:
            raise ValueError(today.reason or tr("There is no day to change."))
        return cancel_plan(today.profile, today.state, project)

    def cancel_selected(self) -> bool:
        """Show the refund, and on the GM's yes cancel the selected project (one undo
        step). False when nothing was cancelled."""
        project = self.selected_project()
        if project is None or self.cancel_reason() or self._follow.session is None:
            return False
        try:
            plan = self.plan(project)
        except ValueError as error:
            self.reason.setText(str(error))
            return False
        if not self.confirm(self, tr("Cancel a project"), plan.text()):
            return False
        assert self._follow.character_id is not None
        command = PutEnergyDay(
            self._follow.session,
            self._follow.character_id,
            plan.state,
            tr("Cancel project {project}").format(project=project),
        )
        done = self._follow.session.push(command)
        if not done:  # the window shows it too; here it stays next to the button
            self.reason.setText(self._follow.session.last_failure or "")
        return done


def _summary(state: DayState) -> str:
    """Where a refund would go: today's debt, then the general store."""
    if state.debt:
        return tr(
            "Today: {daily} daily energy left, general store {store}, a debt of {debt}."
        ).format(daily=state.daily, store=state.general_store, debt=state.debt)
    return tr("Today: {daily} daily energy left, general store {store}, no debt.").format(
        daily=state.daily, store=state.general_store
    )
