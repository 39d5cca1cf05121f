"""Whether a stored energy day's ledger adds up to the day's figures.

A day is built by the energy rules (`start_day`, `rollover`, then one spend or
investment after another), so its entries and its figures go together: the daily
energy left is what the day opened with less what the entries drew from it, the debt
is what they could not pay (less what a cancelled project's refund paid back), the
yields on their way in are what the investments gained, and a death is the last entry
of its day. A day read from outside GM Desk (an imported export) is judged here by
replaying its entries, so a hand-edited ledger cannot leave figures no play could
have reached. What the day opened with in the general store is not stored; it is
worked out from the figures and must not be negative.

Pure: imports only the energy rules.
"""

from __future__ import annotations

from desktop.rules.energy import (
    DayState,
    EntryKind,
    LedgerEntry,
    cancel_refund,
    general_yield,
    specific_yield,
)

# Only a task or a contest of a project draws on that project's pool (and a cancel
# empties it); see the energy rules' decisions.
_POOL_SPENDS = frozenset({EntryKind.TASK, EntryKind.CONTEST})


def check_ledger(state: DayState) -> None:
    """Raise ValueError, naming the first entry or figure that does not add up."""
    replay = _Replay(state.opened_daily)
    for index, entry in enumerate(state.entries):
        where = f"entry {index + 1}"
        if replay.dead:
            raise ValueError(f"{where} comes after the death recorded before it.")
        if entry.kind is EntryKind.REPAYMENT and index != 0:
            raise ValueError(f"{where}: a repayment is only ever a day's first entry.")
        replay.add(entry, where)
    _same(state.daily, replay.daily, "the daily energy left")
    _same(state.debt, replay.debt, "the debt")
    _same(state.pending_general, replay.pending_general, "the general yield on its way in")
    pending = {pool.project: pool.value for pool in state.pending_specific}
    if pending != replay.pending_specific:
        raise ValueError(
            "the project yields on their way in do not match the investments of the day."
        )
    if state.dead != replay.dead:
        raise ValueError(
            "the day says the character died, but no entry killed them."
            if state.dead
            else "an entry killed the character, but the day says they live."
        )
    if state.general_store - replay.general_change < 0:
        raise ValueError(
            f"the general store of {state.general_store} cannot follow from the entries "
            f"(it would have opened at {state.general_store - replay.general_change})."
        )
    opening_store = state.general_store - replay.general_change
    replay.check_order(opening_store)


def _same(stored: int, replayed: int, what: str) -> None:
    if stored != replayed:
        raise ValueError(f"{what} is {stored}, but the entries leave {replayed}.")


class _Replay:
    """The figures a day's entries lead to, entry by entry."""

    def __init__(self, opened_daily: int) -> None:
        self.daily = opened_daily
        self.debt = 0
        self.pending_general = 0
        self.pending_specific: dict[str, int] = {}
        self.general_change = 0  # what the entries took from (or put in) the store
        self.dead = False
        # (where, general store change before the entry, whether it must empty it)
        self._store_steps: list[tuple[str, int, int, bool]] = []

    def add(self, entry: LedgerEntry, where: str) -> None:
        if entry.kind is EntryKind.CANCEL_PROJECT:
            self._cancel(entry, where)
        else:
            self._spend(entry, where)
        self.dead = entry.fatal

    def _cancel(self, entry: LedgerEntry, where: str) -> None:
        draw = entry.draw
        if entry.project is None:
            raise ValueError(f"{where}: a cancelled project needs its name.")
        if draw.daily or draw.general or draw.debt:
            raise ValueError(f"{where}: a cancelled project's energy is its pool's alone.")
        if entry.gained != cancel_refund(entry.amount):
            raise ValueError(
                f"{where}: cancelling a pool of {entry.amount} refunds "
                f"{cancel_refund(entry.amount)}, not {entry.gained}."
            )
        if entry.fatal:
            raise ValueError(f"{where}: cancelling a project never kills.")
        paid = min(entry.gained, self.debt)
        self.debt -= paid
        self.general_change += entry.gained - paid
        self.pending_specific.pop(entry.project, None)

    def _spend(self, entry: LedgerEntry, where: str) -> None:
        draw = entry.draw
        if draw.pool and (entry.kind not in _POOL_SPENDS or entry.project is None):
            raise ValueError(f"{where}: only a task or contest of a project draws on its pool.")
        if draw.daily > self.daily:
            raise ValueError(
                f"{where} draws {draw.daily} daily energy, but only {self.daily} is left."
            )
        self.daily -= draw.daily
        if (draw.general or draw.pool or draw.debt) and self.daily:
            raise ValueError(f"{where} draws on other energy while daily energy is left.")
        if entry.fatal and not draw.debt:
            raise ValueError(f"{where}: only a spend that leaves a debt can kill.")
        self._store_steps.append(
            (where, self.general_change, draw.general, bool(draw.pool or draw.debt))
        )
        self.general_change -= draw.general
        self.debt += draw.debt
        self._gain(entry, where)

    def _gain(self, entry: LedgerEntry, where: str) -> None:
        if entry.kind is EntryKind.INVEST_GENERAL:
            wanted = general_yield(entry.amount)
            self.pending_general += entry.gained
        elif entry.kind is EntryKind.INVEST_SPECIFIC:
            if entry.project is None:
                raise ValueError(f"{where}: an investment in a project needs its name.")
            wanted = specific_yield(entry.amount)
            if entry.gained:
                held = self.pending_specific.get(entry.project, 0)
                self.pending_specific[entry.project] = held + entry.gained
        else:
            wanted = 0
        if entry.gained != wanted:
            raise ValueError(f"{where} gains {entry.gained}, but the rules give {wanted}.")

    def check_order(self, opening_store: int) -> None:
        """The spending order: the store is drawn on only as far as it holds, and the
        pool or a debt only once the store is empty."""
        for where, change_before, drawn, must_empty in self._store_steps:
            before = opening_store + change_before
            if drawn > before:
                raise ValueError(f"{where} draws {drawn} from a general store of {before}.")
            if must_empty and before - drawn:
                raise ValueError(
                    f"{where} draws on a pool or runs into debt while the general store "
                    f"still holds {before - drawn}."
                )
