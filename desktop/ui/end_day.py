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
from desktop.language import N_
from desktop.rules.energy import NIGHTS
from desktop.store import EndDaySummary, EnergyDebt, EnergyDecay
from desktop.ui.accessible import announce, named
from desktop.ui.energy_commands import EndDay
from desktop.ui.energy_summary import day_date
from desktop.ui.form_helpers import wrapped_label
from desktop.ui.plain_text import PlainLabel, escaped
from desktop.ui.session import CampaignSession
from desktop.ui.window_language import tr, window_translator

# Marked only: translated when shown (tr), as the language is chosen after the import.
NIGHT_LABELS = {
    "normal": N_("Normal sleep"),
    "little": N_("Little sleep (−25%)"),
    "none": N_("No sleep (−50%)"),
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
        self.setWindowTitle(tr("End Day {day}").format(day=today.current_day))
        self.profiles = campaign.calendar.profiles()
        self.intro = PlainLabel(
            tr(
                "Day {day} ({date}) ends for every character with an energy profile. "
                "Unspent daily energy is lost, stores and projects decay, investments land "
                "and debts fall due, doubled. Set the night before day {next_day} and each "
                "character's proximity: the share of their usual sources of energy they can "
                "reach tomorrow (100% at home, less when cut off from them)."
            ).format(
                day=today.current_day,
                date=window_translator().short_date(today.today),
                next_day=today.current_day + 1,
            )
        )
        self.intro.setWordWrap(True)
        self.table = QTableWidget(len(self.profiles), 3)
        self.table.setObjectName("endDayTable")
        named(self.table, tr("Characters' nights"))
        self.table.setHorizontalHeaderLabels([tr("Character"), tr("Night"), tr("Proximity")])
        self.table.verticalHeader().hide()
        self.nights: dict[int, QComboBox] = {}
        self.unspent: dict[int, int] = {}  # daily energy today that the rollover loses
        self.proximity: dict[int, QSpinBox] = {}
        days = days_to_end(campaign)
        self.unspent.update(unspent_energy(days))
        for row, (character_id, profile) in enumerate(self.profiles.items()):
            # A character with nothing recorded today is started with the rules' day.
            opening = days[character_id].state
            shown = tr("{name} (dead)").format(name=profile.name) if opening.dead else profile.name
            name = PlainLabel(shown)
            night = QComboBox()
            for key in NIGHTS:
                night.addItem(tr(NIGHT_LABELS[key]), key)
            near = QSpinBox()
            near.setRange(0, 100)
            near.setValue(opening.proximity)
            near.setSuffix(" %")
            near.setToolTip(tr("How much of their usual sources of energy they can reach"))
            named(night, tr("{name}: night").format(name=profile.name))
            named(near, tr("{name}: proximity").format(name=profile.name))
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
        self.ok.setText(tr("End Day {day}").format(day=today.current_day))
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
    when = window_translator().long_date(day_date(start, summary.opened))
    lines = [
        tr("<b>Day {ended} ended.</b> Day {opened} ({date}) has begun.").format(
            ended=summary.ended, opened=summary.opened, date=when
        )
    ]
    if summary.died:
        who = ", ".join(names.get(cid, str(cid)) for cid in summary.died)
        lines.append(tr("<b>Died:</b> {names}: a debt that could not be repaid.").format(names=who))
    if summary.in_debt:
        debts = "; ".join(_debt_text(debt) for debt in summary.in_debt)
        lines.append(tr("<b>Debts repaid first today:</b> {debts}.").format(debts=debts))
    else:
        lines.append(tr("Nobody carried a debt into the new day."))
    if unspent:
        lost = "; ".join(f"{names.get(cid, str(cid))} {amount}" for cid, amount in unspent.items())
        lines.append(tr("<b>Unspent daily energy lost:</b> {lost}.").format(lost=lost))
    if summary.decayed:
        decays = "; ".join(_decay_text(decay) for decay in summary.decayed)
        lines.append(tr("<b>Decay:</b> {decays}.").format(decays=decays))
    if summary.already_dead:
        who = ", ".join(names.get(cid, str(cid)) for cid in summary.already_dead)
        lines.append(tr("Not rolled over (dead already): {names}.").format(names=who))
    if summary.started:
        who = ", ".join(names.get(cid, str(cid)) for cid in summary.started)
        lines.append(
            tr("Started with an empty day {day}: {names}.").format(day=summary.ended, names=who)
        )
    return "<br>".join(lines)  # untranslated: a line break's markup


def _debt_text(debt: EnergyDebt) -> str:
    """ "Kara repays 4 (a debt of 2)", and what is short when it cannot all be repaid."""
    if debt.unpaid:
        return tr(
            "{name} repays {repayment} (a debt of {debt}), {unpaid} short: dies at the rollover"
        ).format(
            name=escaped(debt.name), repayment=debt.repayment, debt=debt.debt, unpaid=debt.unpaid
        )
    return tr("{name} repays {repayment} (a debt of {debt})").format(
        name=escaped(debt.name), repayment=debt.repayment, debt=debt.debt
    )


def _decay_text(decay: EnergyDecay) -> str:
    parts = [tr("store −{amount}").format(amount=decay.general)] if decay.general else []
    parts += [f"{escaped(pool.project)} −{pool.value}" for pool in decay.pools]
    return tr("{name}: {losses}").format(name=escaped(decay.name), losses=", ".join(parts))
