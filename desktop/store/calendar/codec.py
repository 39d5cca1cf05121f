"""The Energy Calendar's values as plain JSON: a day state, a ledger entry, abilities.

The rules' values are frozen dataclasses; the store keeps a day whole as one JSON
object, written by `day_to_dict` and read back by `day_from_dict`. The mapping is
spelled out field by field (not `asdict`) so that renaming a field in the rules
cannot silently change the file format, and reading builds every value through the
rules' own checking constructors, so a damaged or hand-edited row is refused with a
plain message instead of becoming a day the rules would never make.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from desktop.rules.energy import (
    CharacterProfile,
    DayState,
    Draw,
    EntryKind,
    LedgerEntry,
    ProjectPool,
)

DAY_KEYS = frozenset(
    {
        "day",
        "nights",
        "proximity",
        "opened_daily",
        "daily",
        "general_store",
        "pools",
        "pending_general",
        "pending_specific",
        "debt",
        "dead",
        "entries",
    }
)
ENTRY_KEYS = frozenset(
    {
        "kind",
        "amount",
        "draw",
        "project",
        "ability",
        "rating",
        "cost",
        "success",
        "gained",
        "fatal",
        "note",
    }
)
DRAW_KEYS = ("daily", "general", "pool", "debt")


# -- profiles -------------------------------------------------------------------------------


def abilities_text(abilities: Mapping[str, int]) -> str:
    """The abilities as stored: a JSON object name -> rating, in the order given."""
    return json.dumps(dict(abilities), ensure_ascii=False)


def profile(name: str, daily_net: int, abilities: Mapping[str, int]) -> CharacterProfile:
    """A checked profile (the rules' checks: whole numbers, unique non-empty names)."""
    if not isinstance(abilities, Mapping):
        raise ValueError(f"Abilities must map names to ratings, not {abilities!r}.")
    return CharacterProfile.create(name, daily_net, dict(abilities))


def profile_from_row(name: str, daily_net: object, abilities: object) -> CharacterProfile:
    try:
        ratings = json.loads(str(abilities))
    except json.JSONDecodeError as error:
        raise ValueError(f"The stored abilities of {name} are damaged: {error}.") from None
    if not isinstance(ratings, dict):
        raise ValueError(f"The stored abilities of {name} are not a JSON object.")
    return profile(name, daily_net, ratings)  # type: ignore[arg-type]  # stored values: the rules judge them


def abilities_of(character: CharacterProfile) -> dict[str, int]:
    return {ability.name: ability.rating for ability in character.abilities}


# -- days -----------------------------------------------------------------------------------


def day_to_dict(state: DayState) -> dict[str, Any]:
    """A day as plain JSON values; project pools are objects name -> value, in order."""
    return {
        "day": state.day,
        "nights": list(state.nights),
        "proximity": state.proximity,
        "opened_daily": state.opened_daily,
        "daily": state.daily,
        "general_store": state.general_store,
        "pools": _pools_to_dict(state.pools),
        "pending_general": state.pending_general,
        "pending_specific": _pools_to_dict(state.pending_specific),
        "debt": state.debt,
        "dead": state.dead,
        "entries": [entry_to_dict(entry) for entry in state.entries],
    }


def entry_to_dict(entry: LedgerEntry) -> dict[str, Any]:
    draw = entry.draw
    return {
        "kind": entry.kind.value,
        "amount": entry.amount,
        "draw": {
            "daily": draw.daily,
            "general": draw.general,
            "pool": draw.pool,
            "debt": draw.debt,
        },
        "project": entry.project,
        "ability": entry.ability,
        "rating": entry.rating,
        "cost": entry.cost,
        "success": entry.success,
        "gained": entry.gained,
        "fatal": entry.fatal,
        "note": entry.note,
    }


# One encoder for every row: End Day writes a row per character at once.
_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))


def day_text(state: DayState) -> str:
    """The stored form: compact JSON (a year of a roster is many rows)."""
    return _ENCODER.encode(day_to_dict(state))


def day_from_text(text: object) -> DayState:
    try:
        raw = json.loads(str(text))
    except json.JSONDecodeError as error:
        raise ValueError(f"this is not JSON ({error}).") from None
    return day_from_dict(raw)


def day_from_dict(raw: object) -> DayState:
    """A day read back through the rules' checking constructors; ValueError if bad."""
    item = _object(raw, "A day", DAY_KEYS)
    nights = item.get("nights", [])
    if not isinstance(nights, list):
        raise ValueError(f"A day's nights must be a list, not {nights!r}.")
    entries = item.get("entries", [])
    if not isinstance(entries, list):
        raise ValueError(f"A day's entries must be a list, not {entries!r}.")
    return DayState(
        day=item.get("day"),  # type: ignore[arg-type]  # any JSON: the rules' DayState judges it
        nights=tuple(nights),
        proximity=item.get("proximity", 100),
        opened_daily=item.get("opened_daily", 0),
        daily=item.get("daily", 0),
        general_store=item.get("general_store", 0),
        pools=_pools_from_dict(item.get("pools", {}), "project pools"),
        pending_general=item.get("pending_general", 0),
        pending_specific=_pools_from_dict(item.get("pending_specific", {}), "pending yields"),
        debt=item.get("debt", 0),
        dead=item.get("dead", False),
        entries=tuple(entry_from_dict(entry) for entry in entries),
    )


def entry_from_dict(raw: object) -> LedgerEntry:
    item = _object(raw, "A ledger entry", ENTRY_KEYS)
    draw = _object(item.get("draw", {}), "A ledger entry's draw", frozenset(DRAW_KEYS))
    try:
        kind = EntryKind(str(item.get("kind")))
    except ValueError:
        known = ", ".join(kind.value for kind in EntryKind)
        raise ValueError(f"A ledger entry's kind must be one of {known}.") from None
    return LedgerEntry(
        kind=kind,
        amount=item.get("amount"),  # type: ignore[arg-type]  # any JSON: LedgerEntry judges it
        draw=Draw(**{key: draw.get(key, 0) for key in DRAW_KEYS}),
        project=item.get("project"),
        ability=item.get("ability"),
        rating=item.get("rating", 0),
        cost=item.get("cost"),
        success=item.get("success"),
        gained=item.get("gained", 0),
        fatal=item.get("fatal", False),
        note=item.get("note", ""),
    )


def _pools_to_dict(pools: tuple[ProjectPool, ...]) -> dict[str, int]:
    return {pool.project: pool.value for pool in pools}


def _pools_from_dict(raw: object, what: str) -> tuple[ProjectPool, ...]:
    # JSON objects keep their order, and the rules keep a project's place in it.
    if not isinstance(raw, dict):
        raise ValueError(f"A day's {what} must map project names to values, not {raw!r}.")
    return tuple(ProjectPool(name, value) for name, value in raw.items())


def _object(raw: object, what: str, known: frozenset[str]) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise ValueError(f"{what} must be a JSON object, not {raw!r}.")
    unknown = set(raw) - known
    if unknown:
        raise ValueError(f"{what} has unknown fields: {', '.join(sorted(unknown))}.")
    return raw
