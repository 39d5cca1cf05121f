"""The tables and columns each shipped revision defines, known without importing Alembic.

A file is judged against the revision it claims before it is upgraded (and Check
Campaign judges an older file as its revision defines it): a file that says "0005" but
lacks a table 0005 made would otherwise reach a migration that fails half way. Opening
a campaign must stay quick, so this is a declaration rather than migrations run on an
empty database; a test runs them and checks every revision's layout against it.

Every revision so far only adds tables and columns, so a revision's layout is what it
and every earlier one added.
"""

from __future__ import annotations

from desktop.store.migrations import REVISIONS

Layout = dict[str, tuple[str, ...]]

ADDED_BY: dict[str, Layout] = {
    "0001_initial": {
        "campaign": ("id", "name", "start_date", "current_day", "settings"),
        "character": ("id", "name", "kind", "notes", "position"),
    },
    "0002_dice": {
        "item": ("id", "character_id", "name", "kind", "deplete", "position"),
        "die": (
            "id",
            "character_id",
            "size",
            "kind",
            "place",
            "item_id",
            "in_tray",
            "steps",
            "down_to_d4",
            "position",
        ),
        "trait": ("id", "character_id", "name", "value", "broad", "position"),
        "roll_log": (
            "id",
            "at",
            "character_id",
            "character_name",
            "kind",
            "detail",
            "total",
            "summary",
            "undone",
        ),
    },
    "0003_syscards": {
        "card": (
            "id",
            "name",
            "category",
            "owner_id",
            "character_id",
            "capacity",
            "efficiency",
            "power",
            "velocity",
            "focus",
            "resistance",
            "zone",
            "scale",
            "info",
            "tags",
            "search_text",
            "position",
        ),
        "card_image": ("card_id", "format", "data"),
    },
    "0004_energy": {
        "energy_profile": ("character_id", "daily_net", "abilities"),
        "energy_day": ("character_id", "day", "state"),
    },
    "0005_downtime": {
        "faction": (
            "id",
            "name",
            "tier",
            "hold",
            "status",
            "at_war_with_others",
            "position",
            "notes",
        ),
        "clock": (
            "id",
            "name",
            "segments",
            "filled",
            "owner_kind",
            "character_id",
            "faction_id",
            "position",
            "note",
        ),
        "chapter": ("id", "name", "tier", "hold", "rep", "coin", "heat", "lair_held", "notes"),
        "claim": ("id", "name", "benefit", "turf", "faction_id", "x", "y"),
        "claim_path": ("id", "start_id", "end_id"),
        "downtime_sheet": (
            "character_id",
            "stress",
            "trauma",
            "hp",
            "hp_max",
            "xp",
            "virtue",
            "vice",
            "vice_purveyor",
            "friends",
            "contacts",
        ),
        "downtime_session": ("number",),
        "downtime_entry": (
            "id",
            "session",
            "character_id",
            "activity",
            "summary",
            "coin_spent",
            "extra",
            "track",
            "undone",
        ),
    },
    "0006_rules_records": {"roll_log": ("day",), "chapter": ("lair_threatened",)},
    "0007_games": {
        "game": ("id", "started_at", "started_day", "ended_at", "state"),
        "roll_log": ("game_id", "scene", "round", "turn"),
    },
    "0008_shown_to_players": {"clock": ("shown",), "faction": ("shown",), "card": ("shown",)},
}


def layout_at(revision: str) -> Layout:
    """Every table `revision` defines, with its columns (ValueError for one we do not know)."""
    tables: Layout = {}
    for known in REVISIONS[: REVISIONS.index(revision) + 1]:
        for table, columns in ADDED_BY[known].items():
            tables[table] = tables.get(table, ()) + columns
    return tables
