"""The write side of the Energy Calendar: profiles, day rows and the campaign's current
day, called inside one transaction, imported only when a campaign first writes.

Day rows are written with plain SQL on the session's own connection, inside its
transaction: End Day writes a row per character at once, and building an ORM object
per row would cost more than the rules' whole rollover.
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlmodel import Session

from desktop.store import bounds


def set_energy_profile(session: Session, character_id: int, daily_net: int, abilities: str) -> None:
    bounds.check_row("energy_profile", {"character_id": character_id, "daily_net": daily_net})
    session.connection().exec_driver_sql(
        "INSERT INTO energy_profile (character_id, daily_net, abilities) VALUES (?, ?, ?)"
        " ON CONFLICT (character_id) DO UPDATE SET daily_net = excluded.daily_net,"
        " abilities = excluded.abilities",
        (character_id, daily_net, abilities),
    )


def delete_energy_profile(session: Session, character_id: int) -> None:
    session.connection().exec_driver_sql(
        "DELETE FROM energy_profile WHERE character_id = ?", (character_id,)
    )


def put_energy_days(session: Session, rows: Sequence[tuple[int, int, str]]) -> None:
    """Write (character_id, day, state JSON) rows, replacing any already there."""
    for character_id, day, _state in rows:
        bounds.check_row("energy_day", {"character_id": character_id, "day": day})
    if rows:
        session.connection().exec_driver_sql(
            # An upsert, not OR REPLACE: a replaced row fires no DELETE trigger, and the
            # search index would keep the old day's words (search_index/definition.py).
            "INSERT INTO energy_day (character_id, day, state) VALUES (?, ?, ?)"
            " ON CONFLICT (character_id, day) DO UPDATE SET state = excluded.state",
            list(rows),
        )


def delete_energy_days(session: Session, keys: Sequence[tuple[int, int]]) -> None:
    """Delete the day rows of (character_id, day)."""
    if keys:
        session.connection().exec_driver_sql(
            "DELETE FROM energy_day WHERE character_id = ? AND day = ?", list(keys)
        )


def set_current_day(session: Session, day: int) -> None:
    bounds.check("campaign", "current_day", day)
    session.connection().exec_driver_sql("UPDATE campaign SET current_day = ?", (day,))
