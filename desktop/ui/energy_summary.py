"""What the calendar shows of a day: the few numbers a GM reads at a glance.

A stored day is the rules' `DayState` after its entries; the numbers of the day's
opening are the rules' `energy.day_figures`, so nothing extra is stored and no view
does energy arithmetic of its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

from desktop.language import N_
from desktop.rules.energy import DayState, EntryKind, LedgerEntry, day_figures
from desktop.ui.window_language import ptr, tr

INVESTMENTS = frozenset({EntryKind.INVEST_GENERAL, EntryKind.INVEST_SPECIFIC})


def entry_label(kind: EntryKind) -> str:
    """What a ledger line is ("Task", "Debt repayment"), in the window's language; in
    its own context, as "Move" is a noun here (a move made), not a button's verb."""
    labels = {
        EntryKind.TASK: ptr("energy ledger entry", "Task"),
        EntryKind.MOVE: ptr("energy ledger entry", "Move"),
        EntryKind.CONTEST: ptr("energy ledger entry", "Contest"),
        EntryKind.ATTACK: ptr("energy ledger entry", "Attack"),
        EntryKind.DEDUCTED: ptr("energy ledger entry", "Energy taken"),
        EntryKind.INVEST_GENERAL: ptr("energy ledger entry", "General investment"),
        EntryKind.INVEST_SPECIFIC: ptr("energy ledger entry", "Project investment"),
        EntryKind.REPAYMENT: ptr("energy ledger entry", "Debt repayment"),
        EntryKind.CANCEL_PROJECT: ptr("energy ledger entry", "Project cancelled"),
    }
    return labels[kind]


@dataclass(frozen=True, slots=True)
class DaySummary:
    available: int  # daily energy and general store the day opened with
    spent: int  # energy taken from the character today (not a cancelled pool)
    left: int  # daily energy and general store still on hand
    debt: int
    store: int
    pools: int  # all project pools together
    invested: bool
    repaid: int  # the repayment of yesterday's debt that opened the day
    died: bool


def summarise(state: DayState) -> DaySummary:
    """The calendar's numbers for one stored day, as the rules work them out."""
    figures = day_figures(state)
    return DaySummary(
        available=figures.available,
        spent=figures.spent,
        left=figures.left,
        debt=state.debt,
        store=state.general_store,
        pools=sum(pool.value for pool in state.pools),
        invested=any(entry.kind in INVESTMENTS for entry in state.entries),
        repaid=figures.repaid,
        died=state.dead,
    )


def day_date(start: date, day: int) -> date:
    """The calendar date of a campaign day; day 1 is the start date."""
    return start + timedelta(days=day - 1)


def day_of(start: date, when: date) -> int:
    """The campaign day of a calendar date (0 or less: before the campaign began)."""
    return (when - start).days + 1


def describe_entry(entry: LedgerEntry) -> str:
    """One ledger line in plain words: what, how much, from where, what came of it;
    its parts after the first are set apart with " · "."""
    what = entry_label(entry.kind)
    if entry.project:
        what = f"{what} ({entry.project})"
    if entry.kind is EntryKind.CANCEL_PROJECT:
        return tr("{what}: pool of {amount} closed, {refunded} refunded").format(
            what=what, amount=entry.amount, refunded=entry.gained
        )
    sources = _sources(entry)
    if sources:
        head = tr("{what}: {amount} from {sources}").format(
            what=what, amount=entry.amount, sources=sources
        )
    else:
        head = tr("{what}: {amount}").format(what=what, amount=entry.amount)
    parts = [head]
    if entry.cost is not None:
        spent = f"{entry.amount} + {entry.ability} {entry.rating}" if entry.ability else ""
        spent = spent or str(entry.amount)
        if entry.success:
            verdict = tr("{spent} against {cost}: success")
        else:
            verdict = tr("{spent} against {cost}: failure")
        parts.append(verdict.format(spent=spent, cost=entry.cost))
    elif entry.ability:
        parts.append(f"{entry.ability} {entry.rating}")
    if entry.gained:
        parts.append(tr("yields {amount} tomorrow").format(amount=entry.gained))
    if entry.fatal:
        parts.append(tr("DEATH: this debt cannot be repaid"))
    text = " · ".join(parts)
    return f"{text} — {entry.note}" if entry.note else text


def _sources(entry: LedgerEntry) -> str:
    """Where the energy came from: "3 daily, 2 store"."""
    draw = entry.draw
    named = (
        (draw.daily, N_("{amount} daily")),
        (draw.general, N_("{amount} store")),
        (draw.pool, N_("{amount} project pool")),
        (draw.debt, N_("{amount} debt")),
    )
    return ", ".join(tr(words).format(amount=amount) for amount, words in named if amount)
