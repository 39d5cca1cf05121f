"""A large export for the import and export benchmarks: 10,000 characters, each with
dice, a trait, an item, a downtime sheet and an energy calendar of two days, 100,000
ledger entries in all (some 25 MB of JSON). Its ledgers are made by the energy rules,
so the import accepts it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from desktop.rules import energy
from desktop.store.calendar import day_to_dict
from desktop.store.exchange import FORMAT, VERSION

CHARACTERS = 10_000
ENTRIES_PER_DAY = 5  # two days each: 10 entries a character, 100,000 in all
PROFILE = energy.CharacterProfile.create("Hireling", 40, {"Stealth": 3, "Knife work": 2})


def _days() -> list[dict[str, Any]]:
    state = energy.start_day(PROFILE, day=1, general_store=30)
    days = []
    for _day in range(2):
        for n in range(ENTRIES_PER_DAY):
            state = energy.task(
                PROFILE, state, 6, 8, ability="Stealth", note=f"Watch the quay, shift {n}"
            ).state
        days.append(day_to_dict(state))
        state = energy.rollover(PROFILE, state).state
    return days


def big_document() -> dict[str, Any]:
    days = _days()
    characters = []
    for n in range(1, CHARACTERS + 1):
        characters.append(
            {
                "id": n,
                "name": f"Hireling {n}",
                "kind": ("pc", "npc", "challenge")[n % 3],
                "notes": f"Owes the Tidewardens {n} coin. Knows the night tides. " * 3,
                "position": n,
                "dice": [
                    {"id": 3 * n - k, "size": 6, "kind": "ordinary", "position": k}
                    for k in range(3)
                ],
                "traits": [{"id": n, "name": "Harbour lore", "value": 2}],
                "items": [{"id": n, "name": "Boat hook", "kind": "weapon"}],
                "energy": {
                    "daily_net": PROFILE.daily_net,
                    "abilities": {"Stealth": 3, "Knife work": 2},
                    "days": days,
                },
                "downtime": {"stress": 2, "trauma": 1, "hp": 8, "hp_max": 10},
            }
        )
    return {
        "format": FORMAT,
        "version": VERSION,
        "campaign": {
            "name": "The Great Ledger",
            "start_date": "2026-03-01",
            "current_day": 2,
            "settings": {},
        },
        "characters": characters,
    }


def write_big_export(path: Path) -> dict[str, Any]:
    document = big_document()
    path.write_text(json.dumps(document, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return document
