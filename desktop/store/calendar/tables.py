"""The Energy Calendar's tables as the file's judges read them (see store/tables.py)."""

from __future__ import annotations

from desktop.store import checks
from desktop.store.bounds import Bound, id_bound
from desktop.store.calendar.codec import day_from_text, profile_from_row
from desktop.store.core import Row
from desktop.store.tables import AreaTable, RowContext


def _profile(row: Row, context: RowContext) -> None:
    profile_from_row(context.character(row[0]), row[1], row[2])


def _day(row: Row, _context: RowContext) -> None:
    # The import's own check (figures in range, a ledger that adds up): a campaign
    # called sound here must export to a document GM Desk imports again.
    checks.energy_day(day_from_text(row[3]))


TABLES = (
    AreaTable(
        "energy_profile",
        "energy profile",
        "energy profiles",
        {
            "character_id": id_bound("An energy profile's character"),
            "daily_net": Bound("A daily net", 0, checks.DAILY_NET_MAX),
        },
        "SELECT character_id, daily_net, abilities FROM energy_profile",
        lambda row, context: f"The energy profile of {context.character(row[0])}",
        _profile,
    ),
    AreaTable(
        "energy_day",
        "energy day",
        "energy days",
        {
            "character_id": id_bound("An energy day's character"),
            "day": Bound("An energy day", 1, checks.CURRENT_DAY_MAX, None, has_safe=False),
        },
        "SELECT rowid, character_id, day, state FROM energy_day",
        lambda row, context: f"Energy day {row[2]} of {context.character(row[1])}",
        _day,
    ),
)
