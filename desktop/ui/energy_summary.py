"""What the calendar shows of a day: the few numbers a GM reads at a glance.

A stored day is the rules' `DayState` after its entries; the numbers of the day's
opening are the rules' `energy.day_figures`, so nothing extra is stored and no view
does energy arithmetic of its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

from desktop.rules.energy import DayState, EntryKind, LedgerEntry, day_figures

INVESTMENTS = frozenset({EntryKind.INVEST_GENERAL, EntryKind.INVEST_SPECIFIC})
ENTRY_LABELS: dict[EntryKind, str] = {
    EntryKind.TASK: "Task",
    EntryKind.MOVE: "Move",
    EntryKind.CONTEST: "Contest",
    EntryKind.ATTACK: "Attack",
    EntryKind.DEDUCTED: "Energy taken",
    EntryKind.INVEST_GENERAL: "General investment",
    EntryKind.INVEST_SPECIFIC: "Project investment",
    EntryKind.REPAYMENT: "Debt repayment",
    EntryKind.CANCEL_PROJECT: "Project cancelled",
}


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
    """One ledger line in plain words: what, how much, from where, what came of it."""
    label = ENTRY_LABELS[entry.kind]
    parts = [label]
    if entry.project:
        parts.append(f"({entry.project})")
    if entry.kind is EntryKind.CANCEL_PROJECT:
        parts.append(f": pool of {entry.amount} closed, {entry.gained} refunded")
        return " ".join(parts)
    parts.append(f": {entry.amount}")
    sources = _sources(entry)
    if sources:
        parts.append(f"from {sources}")
    if entry.cost is not None:
        rating = f" + {entry.ability} {entry.rating}" if entry.ability else ""
        verdict = "success" if entry.success else "failure"
        parts.append(f"· {entry.amount}{rating} against {entry.cost}: {verdict}")
    elif entry.ability:
        parts.append(f"· {entry.ability} {entry.rating}")
    if entry.gained:
        parts.append(f"· yields {entry.gained} tomorrow")
    if entry.fatal:
        parts.append("· DEATH: this debt cannot be repaid")
    text = " ".join(parts).replace(" :", ":")
    return f"{text} — {entry.note}" if entry.note else text


def _sources(entry: LedgerEntry) -> str:
    draw = entry.draw
    named = (
        (draw.daily, "daily"),
        (draw.general, "store"),
        (draw.pool, "project pool"),
        (draw.debt, "debt"),
    )
    return ", ".join(f"{amount} {name}" for amount, name in named if amount)
