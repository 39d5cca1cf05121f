"""End Day: the night and proximity of each character, then one undoable step and its
summary (who is in debt, whose stores decayed, who died)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QSpinBox,
    QStackedWidget,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

from desktop.actions.end_day import days_to_end, unspent_energy
from desktop.rules.energy import NIGHTS
from desktop.store import EndDaySummary, EnergyDecay
from desktop.ui.accessible import announce, named
from desktop.ui.energy_commands import EndDay
from desktop.ui.energy_summary import day_date
from desktop.ui.form_helpers import wrapped_label
from desktop.ui.plain_text import PlainLabel, escaped
from desktop.ui.session import CampaignSession

NIGHT_LABELS = {
    "normal": "Normal sleep",
    "little": "Little sleep (−25%)",
    "none": "No sleep (−50%)",
}


class EndDayDialog(QDialog):
    """Ask for tomorrow's nights and proximity, end the day, then say what happened."""

    def __init__(self, session: CampaignSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)  # one a day: none kept
        self.session = session
        self.summary: EndDaySummary | None = None
        campaign = session.campaign
        today = campaign.summary()
        self.setWindowTitle(f"End Day {today.current_day}")
        self.profiles = campaign.calendar.profiles()
        self.intro = PlainLabel(
            f"Day {today.current_day} ({today.today:%a %d %b}) ends for every character "
            f"with an energy profile. Unspent daily energy is lost, stores and projects "
            f"decay, investments land and debts fall due, doubled. Set the night before "
            f"day {today.current_day + 1} and each character's proximity: the share of "
            f"their usual sources of energy they can reach tomorrow (100% at home, less "
            f"when cut off from them)."
        )
        self.intro.setWordWrap(True)
        self.table = QTableWidget(len(self.profiles), 3)
        self.table.setObjectName("endDayTable")
        named(self.table, "Characters' nights")
        self.table.setHorizontalHeaderLabels(["Character", "Night", "Proximity"])
        self.table.verticalHeader().hide()
        self.nights: dict[int, QComboBox] = {}
        self.unspent: dict[int, int] = {}  # daily energy today that the rollover loses
        self.proximity: dict[int, QSpinBox] = {}
        days = days_to_end(campaign)
        self.unspent.update(unspent_energy(days))
        for row, (character_id, profile) in enumerate(self.profiles.items()):
            # A character with nothing recorded today is started with the rules' day.
            opening = days[character_id].state
            name = PlainLabel(profile.name + (" (dead)" if opening.dead else ""))
            night = QComboBox()
            for key in NIGHTS:
                night.addItem(NIGHT_LABELS[key], key)
            near = QSpinBox()
            near.setRange(0, 100)
            near.setValue(opening.proximity)
            near.setSuffix(" %")
            near.setToolTip("How much of their usual sources of energy they can reach")
            named(night, f"{profile.name}: night")
            named(near, f"{profile.name}: proximity")
            self.table.setCellWidget(row, 0, name)
            self.table.setCellWidget(row, 1, night)
            self.table.setCellWidget(row, 2, near)
            self.nights[character_id] = night
            self.proximity[character_id] = near
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        self.summary_label = wrapped_label("endDaySummary", rich=True)
        self.summary_label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        ask = QWidget()
        ask_layout = QVBoxLayout(ask)
        ask_layout.setContentsMargins(0, 0, 0, 0)
        ask_layout.addWidget(self.intro)
        ask_layout.addWidget(self.table)
        self.pages = QStackedWidget()
        self.pages.addWidget(ask)
        self.pages.addWidget(self.summary_label)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok.setText(f"End Day {today.current_day}")
        self.ok.setObjectName("endDayConfirm")
        self.buttons.accepted.connect(self.end_day)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.pages)
        layout.addWidget(self.buttons)
        self.resize(520, 380)

    def end_day(self) -> None:
        """Run End Day (one undo step); show the summary, or close if it failed."""
        if self.summary is not None:
            self.accept()
            return
        nights = {cid: str(combo.currentData()) for cid, combo in self.nights.items()}
        proximity = {cid: spin.value() for cid, spin in self.proximity.items()}
        command = EndDay(self.session, nights, proximity)
        if not self.session.push(command):
            self.reject()
            return
        ended = command.ended
        assert ended is not None
        self.summary, self.unspent = ended.summary, ended.unspent
        said = summary_text(self.session, ended.summary, ended.unspent)
        self.summary_label.setText(said)
        announce(self, said)  # read out as it is shown
        self.pages.setCurrentIndex(1)
        self.buttons.setStandardButtons(QDialogButtonBox.StandardButton.Close)
        self.buttons.rejected.connect(self.accept)
        # Enter closes the summary as Escape does: it is read, not answered. Nor does it
        # block: the GM may go on at the table with it still on screen (End Day is two
        # steps, the toolbar and Enter), so it stops being modal.
        close = self.buttons.button(QDialogButtonBox.StandardButton.Close)
        close.setDefault(True)
        if self.isModal():
            self.hide()  # a shown window takes a new modality only when shown again
            self.setWindowModality(Qt.WindowModality.NonModal)
            self.show()
        close.setFocus(Qt.FocusReason.OtherFocusReason)


def summary_text(
    session: CampaignSession, summary: EndDaySummary, unspent: dict[int, int] | None = None
) -> str:
    """The End Day summary in plain sentences, for the dialog and the status bar."""
    start = session.campaign.summary().start_date
    # Names go into the dialog's HTML: escaped, they are only ever text.
    names = {c.id: escaped(c.name) for c in session.campaign.roster.all()}
    lines = [
        f"<b>Day {summary.ended} ended.</b> Day {summary.opened} "
        f"({day_date(start, summary.opened):%a %d %b %Y}) has begun."
    ]
    if summary.died:
        who = ", ".join(names.get(cid, str(cid)) for cid in summary.died)
        lines.append(f"<b>Died:</b> {who}: a debt that could not be repaid.")
    if summary.in_debt:
        debts = "; ".join(
            f"{escaped(debt.name)} repays {debt.repayment} (a debt of {debt.debt})"
            + (f", {debt.unpaid} short: dies at the rollover" if debt.unpaid else "")
            for debt in summary.in_debt
        )
        lines.append(f"<b>Debts repaid first today:</b> {debts}.")
    else:
        lines.append("Nobody carried a debt into the new day.")
    if unspent:
        lost = "; ".join(f"{names.get(cid, str(cid))} {amount}" for cid, amount in unspent.items())
        lines.append(f"<b>Unspent daily energy lost:</b> {lost}.")
    if summary.decayed:
        decays = "; ".join(_decay_text(decay) for decay in summary.decayed)
        lines.append(f"<b>Decay:</b> {decays}.")
    if summary.already_dead:
        who = ", ".join(names.get(cid, str(cid)) for cid in summary.already_dead)
        lines.append(f"Not rolled over (dead already): {who}.")
    if summary.started:
        who = ", ".join(names.get(cid, str(cid)) for cid in summary.started)
        lines.append(f"Started with an empty day {summary.ended}: {who}.")
    return "<br>".join(lines)


def _decay_text(decay: EnergyDecay) -> str:
    parts = [f"store −{decay.general}"] if decay.general else []
    parts += [f"{escaped(pool.project)} −{pool.value}" for pool in decay.pools]
    return f"{escaped(decay.name)}: {', '.join(parts)}"
