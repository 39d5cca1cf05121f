"""The Energy Calendar dock: each character's energy, day by day.

A month grid for the selected character with the ledger of the picked day beside it,
the whole roster's day one tab away, a chart, the projects and the profile. Every
change goes through an undo command; the views refresh on the store's "energy",
"campaign" and "characters" topics.
"""

from __future__ import annotations

from datetime import date

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from desktop.language import N_
from desktop.rules import energy
from desktop.rules.energy import CharacterProfile, DayState
from desktop.store import NotFound, Topic
from desktop.ui import read_guard
from desktop.ui.accessible import named
from desktop.ui.docks.energy_ledger import LedgerView
from desktop.ui.end_day import EndDayDialog
from desktop.ui.energy_summary import day_date, summarise
from desktop.ui.form_helpers import follow_changes, push_button
from desktop.ui.plain_text import PlainLabel
from desktop.ui.session import CampaignSession
from desktop.ui.widgets.energy_chart import EnergyChart
from desktop.ui.widgets.energy_profile import ProfileEditor
from desktop.ui.widgets.energy_projects import ProjectsView
from desktop.ui.widgets.flow import StackRow
from desktop.ui.widgets.month_grid import MonthGrid, danger_colour, month_cells
from desktop.ui.window_language import tr, window_translator
from desktop.ui.zoom import zoom_size

TOPICS = frozenset({Topic.ENERGY, Topic.CAMPAIGN, Topic.CHARACTERS})
ROSTER_COLUMNS = (
    N_("Character"),
    N_("Daily net"),
    N_("Available"),
    N_("Spent"),
    N_("Left"),
    N_("Store"),
    N_("Debt"),
    N_("Projects"),
    N_("State"),
)


def month_title(year: int, month: int) -> str:
    """The month and its year ("March 2026"), its name in the window's language
    (capitalised: French and Spanish write it in lower case within a sentence)."""
    name = window_translator().month_name(month)
    return f"{name[:1].upper()}{name[1:]} {year}"


class EnergyCalendarWidget(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session: CampaignSession | None = None
        self.character_id: int | None = None
        self.profile: CharacterProfile | None = None
        self.year = 2026
        self.month = 1
        self.selected_day = 1
        self.start = date(2026, 1, 1)
        self.today = 1

        self.character = QComboBox()
        self.character.setObjectName("energyCharacter")
        self.character.setMinimumContentsLength(14)
        self.character.activated.connect(self._character_chosen)
        self.previous = QToolButton()
        self.previous.setText("◀")
        self.previous.setToolTip(tr("Previous month"))
        self.previous.clicked.connect(lambda: self.step_month(-1))
        self.next = QToolButton()
        self.next.setText("▶")
        self.next.setToolTip(tr("Next month"))
        self.next.clicked.connect(lambda: self.step_month(1))
        self.month_label = PlainLabel()
        self.month_label.setObjectName("monthLabel")
        zoom_size(self.month_label, minimumWidth=120)
        self.month_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.today_button = QPushButton(tr("Today"))
        self.today_button.clicked.connect(self.go_to_today)
        self.unlock = QCheckBox(tr("Unlock past days"))
        self.unlock.setObjectName("unlockPast")
        self.unlock.setToolTip(tr("Past days are read-only so a stray click cannot change them."))
        self.unlock.toggled.connect(lambda _on: self._show_day())
        self.end_day_button = push_button(
            tr("End Day…"),
            "endDayButton",
            self.open_end_day,
            tip=tr("Roll every character over to the next day (Ctrl+E)"),
        )

        self.grid = MonthGrid()
        self.grid.setObjectName("monthGrid")
        named(self.grid, tr("Month"))
        self.grid.day_clicked.connect(self.select_day)
        self.ledger = LedgerView()
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.grid)
        split.addWidget(self.ledger)
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 1)
        split.setChildrenCollapsible(False)
        # Shared out as these proportions: six weeks of three-line days still read
        # above, and the entry form below shows its fields whole, not two at a time
        # in a scroll area, even on a 768-pixel-high screen.
        split.setSizes([550, 450])
        self.legend = PlainLabel(
            tr("▲ investment   ○ repayment of a debt (doubled)   ✝ death   thick frame: today")
        )
        self.legend.setObjectName("monthLegend")
        self.legend.setWordWrap(True)  # a longer language's words go on a second line
        month_page = QWidget()
        month_layout = QVBoxLayout(month_page)
        month_layout.setContentsMargins(0, 0, 0, 0)
        month_layout.addWidget(split, 1)
        month_layout.addWidget(self.legend)

        self.roster = QTableWidget(0, len(ROSTER_COLUMNS))
        self.roster.setObjectName("energyRoster")
        named(self.roster, tr("Characters' energy"))
        self.roster.setTabKeyNavigation(False)  # Tab leaves it; the arrows move between cells
        self.roster.setHorizontalHeaderLabels([tr(column) for column in ROSTER_COLUMNS])
        self.roster.verticalHeader().hide()
        self.roster.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.roster.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.roster.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.roster.horizontalHeader().setStretchLastSection(True)
        self.roster.cellDoubleClicked.connect(self._roster_picked)

        self.chart = EnergyChart()
        self.projects = ProjectsView()
        self.profile_editor = ProfileEditor()
        self.tabs = QTabWidget()
        self.tabs.setObjectName("energyTabs")
        self.tabs.addTab(month_page, tr("Month"))
        self.tabs.addTab(self.roster, tr("Whole Roster"))
        self.tabs.addTab(self.chart, tr("Chart"))
        self.tabs.addTab(self.projects, tr("Projects"))
        self.tabs.addTab(self.profile_editor, tr("Profile"))
        self.tabs.currentChanged.connect(lambda _index: self._refresh_tab())

        # The month's controls, then Unlock and End Day: one line where they fit, else
        # the second part on a line of its own (a longer language's words).
        month_controls = QWidget()
        month_row = QHBoxLayout(month_controls)
        month_row.setContentsMargins(0, 0, 0, 0)
        month_row.addWidget(self.character)
        month_row.addSpacing(8)
        month_row.addWidget(self.previous)
        month_row.addWidget(self.month_label)
        month_row.addWidget(self.next)
        month_row.addWidget(self.today_button)
        month_row.addStretch(1)
        day_controls = QWidget()
        day_row = QHBoxLayout(day_controls)
        day_row.setContentsMargins(0, 0, 0, 0)
        day_row.addWidget(self.unlock)
        day_row.addWidget(self.end_day_button)
        bar = StackRow(
            [(month_controls, 1), day_controls], stacked_alignment=Qt.AlignmentFlag.AlignLeft
        )
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(bar)
        layout.addWidget(self.tabs, 1)
        self.set_session(None)

    def flush_edits(self) -> None:
        """Write a profile being edited before the campaign closes."""
        self.profile_editor.flush_edits()

    # -- the session ------------------------------------------------------------------------

    def set_session(self, session: CampaignSession | None) -> None:
        self.session = follow_changes(
            self.session, session, self._on_changed, character_selected=self._on_character_selected
        )
        for view in (self.ledger, self.chart, self.projects, self.profile_editor):
            view.set_session(session)
        self.setEnabled(session is not None)
        if session is None:
            self.character.clear()
            self.grid.set_month([], 0, 0)
            return
        self._read_campaign()
        self.character_id = session.selected_character
        self._fill_characters()
        self.go_to_today()

    def _read_campaign(self) -> None:
        assert self.session is not None
        summary = self.session.campaign.summary()
        self.start = summary.start_date
        self.today = summary.current_day
        self.end_day_button.setEnabled(not self.session.read_only)

    @read_guard.guarded
    def _on_changed(self, topic: str) -> None:
        if topic not in TOPICS or self.session is None:
            return
        if topic == Topic.CAMPAIGN:
            was = self.today
            self._read_campaign()
            if self.selected_day == was:  # the GM was on today: follow it to the new day
                self.selected_day = self.today
                self._show_month_of(self.today)
        if topic == Topic.CHARACTERS:
            self._fill_characters()
        self._load_character()
        self.refresh()

    @read_guard.guarded
    def _on_character_selected(self, character_id: object) -> None:
        if isinstance(character_id, int) and character_id != self.character_id:
            self.character_id = character_id
            self._select_in_combo()
            self._load_character()
            self.refresh()

    # -- the character ----------------------------------------------------------------------

    def _fill_characters(self) -> None:
        assert self.session is not None
        profiles = self.session.campaign.calendar.profiles()
        self.character.blockSignals(True)
        self.character.clear()
        for record in self.session.campaign.roster.all():
            label = (
                record.name
                if record.id in profiles
                else tr("{name} (no profile)").format(name=record.name)
            )
            self.character.addItem(label, record.id)
        self.character.blockSignals(False)
        ids = [self.character.itemData(i) for i in range(self.character.count())]
        if self.character_id not in ids:
            with_profile = [cid for cid in ids if cid in profiles]
            self.character_id = (with_profile or ids or [None])[0]
        self._select_in_combo()
        self._load_character()

    def _select_in_combo(self) -> None:
        index = self.character.findData(self.character_id) if self.character_id else -1
        self.character.setCurrentIndex(index)

    def _character_chosen(self, index: int) -> None:
        data = self.character.itemData(index)
        if isinstance(data, int) and self.session is not None:
            self.character_id = data
            self._load_character()
            self.session.select_character(data)
            self.refresh()

    def _load_character(self) -> None:
        if self.session is None or self.character_id is None:
            self.profile = None
            return
        try:
            self.profile = self.session.campaign.calendar.profile(self.character_id)
        except (NotFound, ValueError):
            self.profile = None

    # -- the month --------------------------------------------------------------------------

    def go_to_today(self) -> None:
        self.selected_day = self.today
        self._show_month_of(self.today)
        self.refresh()

    def _show_month_of(self, day: int) -> None:
        when = day_date(self.start, max(1, day))
        self.year, self.month = when.year, when.month

    def step_month(self, step: int) -> None:
        month = self.month - 1 + step
        self.year += month // 12
        self.month = month % 12 + 1
        self.refresh_month()

    def select_day(self, day: int) -> None:
        self.selected_day = day
        when = day_date(self.start, day)
        if (when.year, when.month) != (self.year, self.month):
            self.year, self.month = when.year, when.month
            self.refresh_month()
        else:
            self.grid.select(day)
        self._show_day()

    def refresh(self) -> None:
        self.refresh_month()
        self._show_day()
        self._refresh_tab()

    def refresh_month(self) -> None:
        """Load the month's days (one query) and repaint the grid."""
        self.month_label.setText(month_title(self.year, self.month))
        summaries = {}
        if self.session is not None and self.character_id is not None and self.profile:
            cells = month_cells(self.year, self.month, self.start, {})
            first, last = cells[0].day, cells[-1].day
            if last >= 1:
                days = self.session.campaign.calendar.days(self.character_id, max(1, first), last)
                summaries = {day: summarise(state) for day, state in days.items()}
        self.grid.set_month(
            month_cells(self.year, self.month, self.start, summaries),
            self.today,
            self.selected_day,
        )

    def _show_day(self) -> None:
        if self.session is None:
            return
        day = self.selected_day
        stored = None
        if self.character_id is not None and self.profile is not None:
            stored = self.session.campaign.calendar.day(self.character_id, day)
        editable, reason = self._editable(day, stored)
        self.ledger.set_day(
            self.character_id, self.profile, day, stored, editable, reason, self.start
        )

    def _editable(self, day: int, stored: DayState | None) -> tuple[DayState | None, str]:
        """The state the forms change, or why the day cannot be changed."""
        assert self.session is not None
        if self.session.read_only:
            return None, tr("The campaign is open read-only.")
        if self.character_id is None:
            return None, tr("Add a character to the roster to keep their energy.")
        if self.profile is None:
            return None, tr(
                "This character has no energy profile: give them one on the Profile tab."
            )
        if day > self.today:
            return None, tr("Day {day} has not come yet: End Day opens the next day.").format(
                day=day
            )
        if day < self.today and not self.unlock.isChecked():
            return None, tr("A past day is read-only. Tick “Unlock past days” to correct it.")
        if stored is not None:
            if stored.dead:
                return None, tr("{name} is dead: their calendar has ended.").format(
                    name=self.profile.name
                )
            return stored, ""
        if day < self.today:
            return None, tr("Nothing was recorded for {name} on day {day}.").format(
                name=self.profile.name, day=day
            )
        # End Day writes no row for the dead: today may have none after an earlier death.
        earlier = self.session.campaign.calendar.day_before(self.character_id, day)
        if earlier is not None and earlier.dead:
            return None, tr("{name} died on day {day}: their calendar has ended.").format(
                name=self.profile.name, day=earlier.day
            )
        return self._opening(day), ""

    def _opening(self, day: int) -> DayState:
        """Today's state before its first entry: rolled over from yesterday if there is
        one, else the first day of the calendar."""
        assert self.session is not None and self.character_id is not None and self.profile
        yesterday = self.session.campaign.calendar.day(self.character_id, day - 1)
        if yesterday is not None and not yesterday.dead:
            return energy.rollover(self.profile, yesterday).state
        return energy.start_day(self.profile, day=day)

    # -- the other tabs ---------------------------------------------------------------------

    def _refresh_tab(self) -> None:
        page = self.tabs.currentWidget()
        if page is self.roster:
            self.refresh_roster()
        elif page is self.chart:
            self.chart.set_character(self.character_id)
        elif page is self.projects:
            self.projects.set_character(self.character_id)
        elif page is self.profile_editor:
            self.profile_editor.set_character(self.character_id, self.profile)

    def refresh_roster(self) -> None:
        """One row per character with a profile: today's numbers."""
        if self.session is None:
            return
        campaign = self.session.campaign
        profiles = campaign.calendar.profiles()
        self.roster.setRowCount(len(profiles))
        red = danger_colour(self.palette())
        for row, (character_id, profile) in enumerate(profiles.items()):
            state = campaign.calendar.day(character_id, self.today)
            cells: list[str] = [profile.name, str(profile.daily_net)]
            earlier = None if state else campaign.calendar.day_before(character_id, self.today)
            if state is None and earlier is not None and earlier.dead:
                cells += ["—"] * 6 + [tr("Dead since day {day}").format(day=earlier.day)]
            elif state is None:
                cells += ["—"] * 6 + [tr("Nothing recorded today")]
            else:
                day = summarise(state)
                status = tr("Dead") if day.died else (tr("In debt") if day.debt else "")
                cells += [
                    str(day.available),
                    str(day.spent),
                    str(day.left),
                    str(day.store),
                    f"−{day.debt}" if day.debt else "0",
                    str(day.pools),
                    status,
                ]
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setData(Qt.ItemDataRole.UserRole, character_id)
                if column:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                if state is not None and (state.dead or state.debt) and column in (6, 8):
                    item.setForeground(red)
                self.roster.setItem(row, column, item)

    def _roster_picked(self, row: int, _column: int) -> None:
        item = self.roster.item(row, 0)
        if item is None or self.session is None:
            return
        character_id = item.data(Qt.ItemDataRole.UserRole)
        self.character_id = character_id
        self._select_in_combo()
        self._load_character()
        self.session.select_character(character_id)
        self.tabs.setCurrentIndex(0)
        self.refresh()

    def open_end_day(self) -> None:
        if self.session is None:
            return
        EndDayDialog(self.session, self).open()
