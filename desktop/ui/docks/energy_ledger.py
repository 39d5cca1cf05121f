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
from desktop.ui.window_language import ptr, tr, window_translator
from desktop.ui.zoom import zoom_size


def night_word(night: str) -> str:
    """One of the rules' kinds of night (`energy.NIGHTS`) in words."""
    words = {
        "normal": ptr("a night's sleep", "normal"),
        "little": ptr("a night's sleep", "little"),
        "none": ptr("a night's sleep", "none"),
    }
    return words.get(night, night)


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
        # The day's lines stay readable in a narrow dock: a few words to a line, not one.
        zoom_size(self.header, minimumWidth=170)
        self.entries = QListWidget()
        self.entries.setObjectName("ledgerEntries")
        named(self.entries, tr("The day's entries"))
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
            self.entries.addItem(QListWidgetItem(tr("Nothing spent yet.")))
        self.reason.setText(reason)
        self.reason.setVisible(bool(reason))
        self.forms.setEnabled(not reason)
        self.forms.set_context(profile if not reason else None, self.state)

    def _header(
        self, profile: CharacterProfile | None, day: int, stored: DayState | None, start: date
    ) -> str:
        when = day_date(start, day)
        name = profile.name if profile else ""
        title = tr("<b>Day {day}</b> · {date}").format(
            day=day, date=window_translator().long_date(when)
        ) + (f" · {escaped(name)}" if name else "")
        if stored is None:
            return title
        lines = [title, _opening(stored)]
        if stored.debt:
            now = tr("Now: {daily} daily energy, {store} in the store, <b>debt {debt}</b>.")
        else:
            now = tr("Now: {daily} daily energy, {store} in the store.")
        lines.append(now.format(daily=stored.daily, store=stored.general_store, debt=stored.debt))
        pools = [
            tr("{project} {value} (+{count} tomorrow)").format(
                project=escaped(p.project), value=p.value, count=stored.pending(p.project)
            )
            if stored.pending(p.project)
            else f"{escaped(p.project)} {p.value}"
            for p in stored.pools
        ]
        pools += [
            tr("{project} new (+{count} tomorrow)").format(
                project=escaped(p.project), count=p.value
            )
            for p in stored.pending_specific
            if all(pool.project != p.project for pool in stored.pools)
        ]
        if pools:
            lines.append(tr("Projects: {projects}.").format(projects=", ".join(pools)))
        if stored.pending_general:
            lines.append(
                tr("General investments add {count} to the store tomorrow.").format(
                    count=stored.pending_general
                )
            )
        if stored.dead:
            red = danger_colour(self.palette()).name()
            dead = tr("<b>Dead</b>: a debt that could not be repaid.")
            lines.append(f'<span style="color:{red}">{dead}</span>')  # untranslated: markup
        return "<br>".join(lines)  # untranslated: markup

    def _submit(self, plan: Plan) -> bool:
        if self.session is None or self.character_id is None:
            return False
        command = PutEnergyDay(self.session, self.character_id, plan.outcome.state, plan.text)
        return self.session.push(command)


def _opening(state: DayState) -> str:
    sleep = energy.sleep_percent(state.nights)
    details = []
    if state.nights:
        nights = ", ".join(night_word(night) for night in state.nights)
        details.append(
            tr("sleep {percent}% after {nights} night(s)").format(percent=sleep, nights=nights)
        )
    if state.proximity != 100:
        details.append(tr("proximity {percent}%").format(percent=state.proximity))
    if details:
        return tr("Opened with {daily} daily energy ({details}).").format(
            daily=state.opened_daily, details="; ".join(details)
        )
    return tr("Opened with {daily} daily energy.").format(daily=state.opened_daily)
