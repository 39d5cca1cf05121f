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

from desktop.rules import energy
from desktop.rules.energy import CharacterProfile, DayState
from desktop.store import NotFound, Topic
from desktop.ui.accessible import named
from desktop.ui.energy_commands import PutEnergyDay
from desktop.ui.form_helpers import push_button, wrapped_label
from desktop.ui.plain_text import PlainLabel, message_box, tooltip
from desktop.ui.session import CampaignSession
from desktop.ui.widgets.character_view import FollowedCharacter
from desktop.ui.widgets.record_table import read_only_rows

TOPICS: Final = frozenset({Topic.ENERGY, Topic.CAMPAIGN, Topic.CHARACTERS})
FORECAST_DAYS: Final = 7
FIXED_COLUMNS: Final = ("Project", "Pool\ntoday", "Lands at\nrollover", "Refund if\ncancelled")

# (parent widget, title, question) -> True to go ahead. Tests pass their own.
Confirm = Callable[[QWidget, str, str], bool]


def ask(parent: QWidget, title: str, text: str) -> bool:
    """The confirmation the GM sees: a question with plain answers, "keep" the default."""
    no_buttons = QMessageBox.StandardButton.NoButton  # its own two, below
    box = message_box(parent, QMessageBox.Icon.Question, title, text, no_buttons)
    cancel = box.addButton("Cancel the project", QMessageBox.ButtonRole.DestructiveRole)
    keep = box.addButton("Keep it", QMessageBox.ButtonRole.RejectRole)
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
        lines = [f"Cancel “{self.project}” for {self.name}?", ""]
        if self.pending:
            lines.append(
                f"Its pool holds {self.pool}, and today's investments add {self.pending}: "
                f"{held} in all."
            )
        else:
            lines.append(f"Its pool holds {held}.")
        lines.append(
            f"The refund is {self.refund} (1 for every full {energy.REFUND_STEP}), "
            "and it comes back at once."
        )
        if self.debt:
            lines.append(
                f"It pays today's debt of {self.debt} first: {self.paid_off} of the debt is "
                f"paid, {self.to_store} goes into the general store."
            )
        elif self.refund:
            lines.append(
                f"All {self.refund} goes into the general store ({self.store_after} after)."
            )
        else:
            lines.append("Nothing comes back: the pool is below 10.")
        lines += ["", "The project and its pool are gone. Undo brings them back."]
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
        self._today = _Today(reason="No campaign is open.")
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
        named(self.table, "Projects")
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        header = self.table.horizontalHeader()
        header.setHighlightSections(False)
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.table.itemSelectionChanged.connect(self._update_button)
        self.table.cellDoubleClicked.connect(lambda _row, _column: self.cancel_selected())
        self.note = PlainLabel(
            f"The next {FORECAST_DAYS} days if nothing more is invested: every rollover takes "
            "1 or 5% of a pool, whichever is more, and today's investments land at the first "
            "rollover, after its decay. A pool at 0 stays until the project is cancelled."
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
        self.cancel_button = push_button("Cancel project…", "cancelProject")
        self._cancel_tip = (
            f"Give up the selected project: 1 of every full {energy.REFUND_STEP} in its pool "
            "comes back, paying today's debt first, then into the general store"
        )
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
            return _Today(reason="No campaign is open.")
        if character_id is None:
            return _Today(reason="Choose a character to see their projects.")
        campaign = session.campaign
        summary = campaign.summary()
        today, start = summary.current_day, summary.start_date
        try:
            name = campaign.roster.get(character_id).name
        except NotFound:
            return _Today(day=today, start=start, reason="This character is no longer here.")
        profile = campaign.calendar.profile(character_id)
        if profile is None:
            return _Today(
                name,
                day=today,
                start=start,
                reason=f"{name} has no energy profile: give them one on the Profile tab.",
            )
        state = campaign.calendar.day(character_id, today)
        found = _Today(name, profile, state, today, start)
        if state is not None and state.dead:
            return replace(found, reason=f"{name} died today: their calendar has ended.")
        if state is None:
            # A calendar ends at a death: the last stored day says whether it has.
            earlier = campaign.calendar.day_before(character_id, today)
            if earlier is not None and earlier.dead:
                return replace(
                    found, reason=f"{name} died on day {earlier.day}: their calendar has ended."
                )
            return replace(
                found,
                reason=f"Nothing is recorded for {name} today (day {today}): record today's first "
                "entry on the Month tab, and their projects show here.",
            )
        if session.read_only:
            return replace(found, reason="The campaign is open read-only.")
        return found

    # -- showing ----------------------------------------------------------------------------

    def _date(self, day: int) -> date:
        return self._today.start + timedelta(days=day - 1)

    def _title(self) -> str:
        if not self._today.name:
            return "Projects"
        day = self._today.day
        when = self._date(day)
        return f"Projects of {self._today.name}, day {day} ({when:%a} {when.day} {when:%b %Y})"

    def _set_headers(self) -> None:
        labels = list(FIXED_COLUMNS)
        day = self._today.day
        for ahead in range(1, FORECAST_DAYS + 1):
            when = self._date(day + ahead) if day else None
            labels.append(f"Day {day + ahead}\n{when.day} {when:%b}" if when else f"+{ahead}")
        self.table.setHorizontalHeaderLabels(labels)

    def _fill(self) -> None:
        self.table.setRowCount(len(self.rows))
        for row, project in enumerate(self.rows):
            pool = str(project.pool) if project.has_pool else "none yet"
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
            f"Cancelling it now returns {refund} energy",
            "The pool after today's entries",
            "Today's investments in it, landing at the rollover after the decay",
            f"1 for every full {energy.REFUND_STEP} of {held} (the pool with today's "
            "investments): pays today's debt first, then goes into the general store",
        ]
        before = project.pool
        for ahead, value in enumerate(project.forecast, start=1):
            lost = energy.decay(before)
            landed = project.pending if ahead == 1 else 0
            text = f"Loses {lost} at the rollover into day {self._today.day + ahead}"
            tips.append(text + (f", then {landed} lands" if landed else ""))
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
            return (
                f"{self._today.name} has no projects today: an investment in a project on "
                "the Month tab starts one."
            )
        if self.selected_project() is None:
            return "Select a project to cancel it."
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
            raise ValueError(today.reason or "There is no day to change.")
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
        if not self.confirm(self, "Cancel a project", plan.text()):
            return False
        assert self._follow.character_id is not None
        command = PutEnergyDay(
            self._follow.session, self._follow.character_id, plan.state, f"Cancel project {project}"
        )
        done = self._follow.session.push(command)
        if not done:  # the window shows it too; here it stays next to the button
            self.reason.setText(self._follow.session.last_failure or "")
        return done


def _summary(state: DayState) -> str:
    """Where a refund would go: today's debt, then the general store."""
    debt = f"a debt of {state.debt}" if state.debt else "no debt"
    return f"Today: {state.daily} daily energy left, general store {state.general_store}, {debt}."
