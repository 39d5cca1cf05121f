"""The downtime session dialog: characters, factions, and the summary of its steps.

Each recorded step is one `RecordDowntime` command, a single `record_downtime`
transaction, so the whole session can be undone and redone step by step.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import (
    QDialog,
    QFrame,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from desktop.paint.badges import kind_icon
from desktop.rules import downtime, factions
from desktop.store import (
    OWNER_CHARACTER,
    CharacterRecord,
    DowntimeEntry,
    DowntimeSheet,
    DowntimeStep,
    NotFound,
)
from desktop.ui.chapter.labels import hold_word
from desktop.ui.downtime.activity_form import ActivityForm
from desktop.ui.downtime.faction_phase import FactionPhase
from desktop.ui.downtime.planning import TOPICS, Context, Plan
from desktop.ui.downtime_commands import RecordDowntime, SetDowntimeSheet
from desktop.ui.form_helpers import push_button, spread_row, style_error, wrapped_label
from desktop.ui.plain_text import PlainLabel, RichLabel, escaped, tooltip
from desktop.ui.session import CampaignSession
from desktop.ui.window_language import ntr, tr, window_translator

# -- the dialog -----------------------------------------------------------------------------------


class DowntimeSessionDialog(QDialog):
    """The current downtime session: characters, factions, and the summary of its steps."""

    def __init__(self, session: CampaignSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("downtimeSession")
        self.setModal(False)
        self.session = session
        self.resize(1060, 700)
        self.header = wrapped_label("chapterHeader", rich=True)
        self.war_label = PlainLabel()
        self.war_label.setObjectName("warNotice")
        style_error(self.war_label)
        self.characters = QListWidget()
        self.characters.setObjectName("downtimeCharacters")
        self.characters.setIconSize(QSize(22, 22))
        self.characters.setSpacing(2)
        self.form = ActivityForm(self._rng)
        self.factions = FactionPhase(self._rng)
        self.summary = QListWidget()
        self.summary.setObjectName("downtimeSummary")
        self.summary.setWordWrap(True)
        self.summary.setAlternatingRowColors(True)
        self.summary.setSpacing(2)
        self.summary_total = RichLabel()
        self.summary_total.setObjectName("summaryTotal")
        self.tabs = QTabWidget()
        self.tabs.setObjectName("downtimeTabs")
        self.undo_button = push_button(tr("Undo"), "downtimeUndo")
        self.redo_button = push_button(tr("Redo"), "downtimeRedo")
        self.close_button = QPushButton(tr("Close"))
        self._build_layout()

        session.changed.connect(self._on_changed)
        stack = session.undo_stack
        stack.indexChanged.connect(self._update_undo)
        self.undo_button.clicked.connect(stack.undo)
        self.redo_button.clicked.connect(stack.redo)
        self.close_button.clicked.connect(self.close)
        self.characters.currentRowChanged.connect(self._show_character)
        self.form.record_requested.connect(self._record_activity)
        self.form.recover_requested.connect(self._recover)
        self.factions.record_requested.connect(self._record_tick)
        self.refresh()
        if self.characters.count():
            self.characters.setCurrentRow(0)
        self._update_undo()

    def _rng(self) -> random.Random:
        return self.session.rng  # read at each roll: tests swap in scripted dice

    def _build_layout(self) -> None:
        people = QSplitter()
        people.addWidget(self.characters)
        people.addWidget(self.form)
        people.setStretchFactor(0, 1)
        people.setStretchFactor(1, 3)
        people.setSizes([230, 720])
        summary = self.summary_page = QWidget()
        summary_layout = QVBoxLayout(summary)
        summary_layout.addWidget(self.summary_total)
        summary_layout.addWidget(self.summary, 1)
        self.tabs.addTab(people, tr("&Characters"))
        self.tabs.addTab(self.factions, tr("&Factions"))
        self.tabs.addTab(summary, tr("&Summary"))
        line = QFrame()
        line.setFrameShape(QFrame.Shape.HLine)
        line.setFrameShadow(QFrame.Shadow.Sunken)
        buttons = spread_row([self.undo_button, self.redo_button], [self.close_button])
        layout = QVBoxLayout(self)
        layout.addWidget(self.header)
        layout.addWidget(self.war_label)
        layout.addWidget(line)
        layout.addWidget(self.tabs, 1)
        layout.addLayout(buttons)

    # -- reading the store -------------------------------------------------------------------------

    def _on_changed(self, topic: str) -> None:
        if topic in TOPICS:
            self.refresh()

    @property
    def writable(self) -> bool:
        return not self.session.read_only and self.session.campaign.downtime.session() > 0

    def refresh(self) -> None:
        campaign = self.session.campaign
        number = campaign.downtime.session()
        chapter = campaign.chapter.get()
        self.setWindowTitle(
            tr("Downtime session {number} — {chapter}").format(number=number, chapter=chapter.name)
            if number
            else tr("Downtime — no session")
        )
        rep_needed = factions.rep_to_develop(chapter.turf)
        if number:
            header = tr(
                "<b>Downtime session {number}</b> · <b>{chapter}</b> · tier {tier}, "
                "{hold} hold · <b>{coin}</b> coin · rep {rep}/{needed} · heat {heat}"
            )
        else:
            header = tr(
                "<b>No downtime session is running</b> (start one from the Downtime menu) · "
                "<b>{chapter}</b> · tier {tier}, {hold} hold · <b>{coin}</b> coin · "
                "rep {rep}/{needed} · heat {heat}"
            )
        self.header.setText(
            header.format(
                number=number,
                chapter=escaped(chapter.name),
                tier=chapter.tier,
                hold=hold_word(chapter.hold),
                coin=chapter.coin,
                rep=chapter.rep,
                needed=rep_needed,
                heat=chapter.heat,
            )
        )
        self.war_label.setText(
            tr("At war: each character has one free activity instead of two.")
            if chapter.at_war
            else ""
        )
        self.war_label.setVisible(chapter.at_war)
        self._fill_characters(campaign.roster.all())
        self._show_character(self.characters.currentRow())
        self.factions.set_records(campaign.factions.all(), campaign.clocks.all(), self.writable)
        self._fill_summary(campaign.downtime.entries() if number else [])

    def show_entry(self, entry_id: int) -> bool:
        """The Summary tab in front with step `entry_id` selected (a search's hit); False
        when the step is not the running session's."""
        self.refresh()
        ids = [entry.id for entry in self.session.campaign.downtime.entries()]
        if entry_id not in ids:
            return False
        self.tabs.setCurrentWidget(self.summary_page)
        self.summary.setCurrentRow(ids.index(entry_id))
        self.summary.setFocus()
        return True

    def _fill_characters(self, records: list[CharacterRecord]) -> None:
        pcs = [record for record in records if record.kind == "pc"]
        current = self.characters.currentItem()
        wanted = current.data(Qt.ItemDataRole.UserRole) if current is not None else None
        self.characters.blockSignals(True)
        self.characters.clear()
        for record in pcs:
            progress = self.session.campaign.downtime.of_character(record.id)
            left = progress.free_left
            if left:
                text = ntr("{name}\n{count} free left", "{name}\n{count} free left", left)
                text = text.format(name=record.name, count=left)
            else:
                taken = len(progress.taken)
                text = ntr(
                    "{name}\n{count} taken · extras cost",
                    "{name}\n{count} taken · extras cost",
                    taken,
                ).format(name=record.name, count=taken)
            item = QListWidgetItem(kind_icon("pc"), text)
            item.setData(Qt.ItemDataRole.UserRole, record.id)
            self.characters.addItem(item)
            if record.id == wanted:
                self.characters.setCurrentItem(item)
        if self.characters.currentRow() < 0 and pcs:
            self.characters.setCurrentRow(0)
        self.characters.blockSignals(False)

    def _context(self, character_id: int) -> Context | None:
        campaign = self.session.campaign
        try:
            character = campaign.roster.get(character_id)
            sheet = campaign.downtime.sheet(character_id)
        except NotFound:
            return None
        length = int(campaign.settings().get("stress_track") or downtime.DEFAULT_STRESS_TRACK)
        clocks = tuple(
            c
            for c in campaign.clocks.all()
            if c.owner_kind == OWNER_CHARACTER and c.owner_id == character_id
        )
        return Context(
            character=character,
            sheet=sheet,
            chapter=campaign.chapter.get(),
            progress=campaign.downtime.of_character(character_id),
            track_length=length,
            clocks=clocks,
            tr=window_translator(),
        )

    def _show_character(self, row: int) -> None:
        item = self.characters.item(row) if row >= 0 else None
        ctx = None if item is None else self._context(int(item.data(Qt.ItemDataRole.UserRole)))
        self.form.set_context(ctx, self.writable)

    def _fill_summary(self, entries: list[DowntimeEntry]) -> None:
        self.summary.clear()
        live = [entry for entry in entries if not entry.undone]
        for number, entry in enumerate(entries, start=1):
            text = f"{number}. {entry.summary}"
            item = QListWidgetItem(
                text if not entry.undone else tr("{step}  (undone)").format(step=text)
            )
            if entry.undone:
                font = item.font()
                font.setStrikeOut(True)
                item.setFont(font)
                item.setForeground(self.palette().color(self.palette().ColorRole.PlaceholderText))
            self.summary.addItem(item)
        if not entries:
            self.summary.addItem(tr("Nothing recorded in this session yet."))
        coin = sum(entry.coin_spent for entry in live)
        extras = sum(1 for entry in live if entry.extra)
        steps = ntr(
            "<b>{count}</b> step this session", "<b>{count}</b> steps this session", len(live)
        )
        spent = tr("{coin} coin spent on rolls and quality")
        paid = ntr("{count} extra activity paid", "{count} extra activities paid", extras)
        self.summary_total.setText(
            " · ".join(
                (steps.format(count=len(live)), spent.format(coin=coin), paid.format(count=extras))
            )
        )

    # -- writing ---------------------------------------------------------------------------------

    def _record_activity(self, plan: Plan) -> None:
        if self._push(RecordDowntime(self.session, plan.step), self.form.show_error):
            self.form.recorded(plan)

    def _recover(self, before: DowntimeSheet, after: DowntimeSheet, text: str) -> None:
        name = self.session.campaign.roster.get(before.character_id).name
        command = SetDowntimeSheet(self.session, name, before, after, "hp", text=text)
        self._push(command, self.form.show_error)

    def _record_tick(self, step: DowntimeStep) -> None:
        if self._push(RecordDowntime(self.session, step), self.factions.preview.setText):
            self.factions.recorded()

    def _push(
        self, command: RecordDowntime | SetDowntimeSheet, show: Callable[[str], None]
    ) -> bool:
        done = self.session.push(command)
        if not done:
            show(self.session.last_failure or "")
        return done

    def _update_undo(self) -> None:
        stack = self.session.undo_stack
        self.undo_button.setEnabled(stack.canUndo())
        self.redo_button.setEnabled(stack.canRedo())
        # A step's text names what it changed: only text.
        undo = tooltip(tr("Undo: {step}").format(step=stack.undoText()))
        redo = tooltip(tr("Redo: {step}").format(step=stack.redoText()))
        self.undo_button.setToolTip(undo if stack.canUndo() else "")
        self.redo_button.setToolTip(redo if stack.canRedo() else "")

    def detach(self) -> None:
        """Let go of the session (the campaign is closing)."""
        self.session.changed.disconnect(self._on_changed)
        self.session.undo_stack.indexChanged.disconnect(self._update_undo)
