"""A campaign of 5,000 roll log lines for the luck report's benchmark (issue 33).

Built fast through the store's public path (`campaign.rolls.log`, the write every roll
ends in), all in one transaction. What the lines look like follows what the actions
write (`roll_words.roll_detail`, `Conflict.detail`): six characters, each with a pool of
mixed dice d4 to d12; a roll throws the pool less the dice already on the table (0 to 3,
which are the table), sometimes with a trait step on one die; about one line in sixteen
is a conflict against an NPC or a challenge, about one in fifty an act, and a few rolls
come up all ones with the roller's choice. Seeded: every run builds the same log.
"""

from __future__ import annotations

import random
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from desktop.store import Campaign

LINES = 5_000
ALL_ONES_CHOICES = 12
SIZES = (4, 6, 8, 10, 12)
POOLS = {
    "Kara Voss": (6, 6, 8, 8, 10, 12),
    "Bryn": (4, 6, 6, 8, 10),
    "Oda Fenwick": (6, 8, 8, 10, 12, 12),
    "Mira Threnody": (4, 4, 6, 8, 8, 10, 12),
    "Captain Reyne Dask": (8, 8, 10, 12),
    "Tomas the Lamplighter": (4, 6, 6, 6, 8),
}
OPPONENTS = {  # NPCs and challenges a conflict is rolled against
    "Harbour Watch": (6, 6, 8, 8),
    "The storm": (8, 10, 12),
    "Smugglers' lookout": (4, 6, 6),
}
START = datetime(2026, 3, 14, 19, 0)


def _tray(rng: random.Random, pool: tuple[int, ...]) -> tuple[list[int], int]:
    """The sizes as rolled (the pool less the dice on the table, maybe one stepped)
    and the table."""
    table = rng.choice((0, 0, 0, 1, 1, 2, 3))
    left = list(pool)
    for _ in range(min(table, len(left) - 1)):
        left.pop(rng.randrange(len(left)))
    if rng.random() < 0.15:  # a trait step: one die rolled a size up or down
        i = rng.randrange(len(left))
        at = SIZES.index(left[i]) + rng.choice((-1, 1))
        left[i] = SIZES[min(max(at, 0), len(SIZES) - 1)]
    return left, table


def _dice(sizes: list[int], faces: list[int]) -> list[dict[str, Any]]:
    return [
        {"die_id": i, "size": s, "steps": 0, "down_to_d4": False, "rolled_as": s, "face": f}
        for i, (s, f) in enumerate(zip(sizes, faces, strict=True))
    ]


def _roll_detail(sizes: list[int], faces: list[int], table: int, choice: bool) -> dict[str, Any]:
    all_ones = len(faces) >= 2 and set(faces) == {1}
    return {
        "dice": _dice(sizes, faces),
        "table": table,
        "steps_allowed": 1,
        "depleted": [i for i, f in enumerate(faces) if f == 1],
        "tuple": len(faces) >= 2 and len(set(faces)) == 1,
        "catastrophe": all_ones,
        "choice": "lose_one" if choice else None,
        "chosen": 0 if choice else None,
        "by": "gm",
    }


def _side(
    rng: random.Random, character_id: int | None, name: str, pool: tuple[int, ...]
) -> dict[str, Any]:
    sizes, table = _tray(rng, pool)
    faces = [rng.randint(1, s) for s in sizes]
    return {
        "character_id": character_id,
        "name": name,
        "dice": _dice(sizes, faces),
        "table": table,
        "total": sum(faces) + table,
        "depleted": [i for i, f in enumerate(faces) if f == 1],
        "choice": None,
        "chosen": None,
    }


def build_luck_campaign(
    folder: Path, lines: int = LINES, all_ones: int = ALL_ONES_CHOICES
) -> Campaign:
    """A new campaign in `folder` whose roll log holds `lines` lines (see the module),
    `all_ones` of them all-ones rolls with the roller's choice."""
    campaign = Campaign.create(folder / "Five thousand rolls.gmdesk", data_dir=folder / "data")
    rng = random.Random(33)
    people = [(campaign.roster.add(name, "pc").id, name, pool) for name, pool in POOLS.items()]
    choices = set(rng.sample(range(lines), all_ones))
    with campaign.writing():
        for n in range(lines):
            character_id, name, pool = rng.choice(people)
            at = START + timedelta(minutes=n)
            if n % 50 == 7:
                campaign.rolls.log(character_id, name, "act", {}, None, f"{name} acts", at)
                continue
            if n % 16 == 3:
                them, their_pool = rng.choice(list(OPPONENTS.items()))
                sides = [_side(rng, character_id, name, pool), _side(rng, None, them, their_pool)]
                detail = {"sides": sides, "damage": None, "protection": None, "winner": 0}
                total = sides[0]["total"]
                campaign.rolls.log(character_id, name, "conflict", detail, total, "A conflict", at)
                continue
            sizes, table = _tray(rng, pool)
            chosen = n in choices
            faces = [1] * len(sizes) if chosen else [rng.randint(1, s) for s in sizes]
            if chosen and len(sizes) < 2:
                sizes, faces = [*sizes, 6], [*faces, 1]
            detail = _roll_detail(sizes, faces, table, chosen)
            total = sum(faces) + table
            campaign.rolls.log(character_id, name, "roll", detail, total, f"{name} rolled", at)
    return campaign
