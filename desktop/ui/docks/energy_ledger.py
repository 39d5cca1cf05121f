"""One character's day: how it opened, its ledger entries, and the forms to add one."""

from __future__ import annotations

from datetime import date

from PySide6.QtWidgets import (
    QHBoxLayout,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop.rules import energy
from desktop.rules.energy import CharacterProfile, DayState
from desktop.ui.accessible import named
from desktop.ui.docks.energy_forms import EntryForms, Plan
from desktop.ui.energy_commands import PutEnergyDay
from desktop.ui.energy_summary import day_date, describe_entry
from desktop.ui.form_helpers import wrapped_label
from desktop.ui.plain_text import escaped
from desktop.ui.session import CampaignSession
from desktop.ui.widgets.month_grid import danger_colour


class LedgerView(QWidget):
    """Shows one day; `set_day` says which, and whether the GM may add to it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session: CampaignSession | None = None
        self.character_id: int | None = None
        self.profile: CharacterProfile | None = None
        self.day = 0
        self.state: DayState | None = None  # the day as the forms will change it
        self.header = wrapped_label("ledgerHeader", rich=True)
        self.entries = QListWidget()
        self.entries.setObjectName("ledgerEntries")
        named(self.entries, "The day's entries")
        self.entries.setWordWrap(True)
        self.entries.setAlternatingRowColors(True)
        self.entries.setMinimumHeight(60)
        self.reason = wrapped_label("ledgerLocked")
        self.forms = EntryForms(self._submit)
        # The day on the left, the new entry on the right: the grid above keeps the width.
        day = QVBoxLayout()
        day.addWidget(self.header)
        day.addWidget(self.entries, 1)
        day.addWidget(self.reason)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        # The form gets the larger share: its fields stand whole, side by side in a row.
        layout.addLayout(day, 2)
        layout.addWidget(self.forms, 3)

    def set_session(self, session: CampaignSession | None) -> None:
        self.session = session

    def set_day(
        self,
        character_id: int | None,
        profile: CharacterProfile | None,
        day: int,
        stored: DayState | None,
        editable_state: DayState | None,
        reason: str,
        start: date,
    ) -> None:
        """Show `stored` (None: nothing recorded); forms work on `editable_state` unless
        `reason` says why the day cannot be changed."""
        self.character_id = character_id
        self.profile = profile
        self.day = day
        self.state = editable_state if not reason else None
        self.header.setText(self._header(profile, day, stored, start))
        self.entries.clear()
        for entry in stored.entries if stored else ():
            item = QListWidgetItem(describe_entry(entry))
            if entry.fatal:
                item.setForeground(danger_colour(self.palette()))
            self.entries.addItem(item)
        if stored is not None and not stored.entries:
            self.entries.addItem(QListWidgetItem("Nothing spent yet."))
        self.reason.setText(reason)
        self.reason.setVisible(bool(reason))
        self.forms.setEnabled(not reason)
        self.forms.set_context(profile if not reason else None, self.state)

    def _header(
        self, profile: CharacterProfile | None, day: int, stored: DayState | None, start: date
    ) -> str:
        when = day_date(start, day)
        name = profile.name if profile else ""
        title = f"<b>Day {day}</b> · {when:%a %d %b %Y}" + (f" · {escaped(name)}" if name else "")
        if stored is None:
            return title
        lines = [title, _opening(stored)]
        lines.append(
            f"Now: {stored.daily} daily energy, {stored.general_store} in the store"
            + (f", <b>debt {stored.debt}</b>" if stored.debt else "")
            + "."
        )
        pools = [
            f"{escaped(p.project)} {p.value}"
            + (f" (+{stored.pending(p.project)} tomorrow)" if stored.pending(p.project) else "")
            for p in stored.pools
        ]
        pools += [
            f"{escaped(p.project)} new (+{p.value} tomorrow)"
            for p in stored.pending_specific
            if all(pool.project != p.project for pool in stored.pools)
        ]
        if pools:
            lines.append("Projects: " + ", ".join(pools) + ".")
        if stored.pending_general:
            lines.append(f"General investments add {stored.pending_general} to the store tomorrow.")
        if stored.dead:
            red = danger_colour(self.palette()).name()
            lines.append(
                f'<span style="color:{red}"><b>Dead</b>: a debt that could not be repaid.</span>'
            )
        return "<br>".join(lines)

    def _submit(self, plan: Plan) -> bool:
        if self.session is None or self.character_id is None:
            return False
        command = PutEnergyDay(self.session, self.character_id, plan.outcome.state, plan.text)
        return self.session.push(command)


def _opening(state: DayState) -> str:
    sleep = energy.sleep_percent(state.nights)
    parts = [f"Opened with {state.opened_daily} daily energy"]
    details = []
    if state.nights:
        details.append(f"sleep {sleep}% after {', '.join(state.nights)} night(s)")
    if state.proximity != 100:
        details.append(f"proximity {state.proximity}%")
    if details:
        parts.append(f" ({'; '.join(details)})")
    return "".join(parts) + "."
