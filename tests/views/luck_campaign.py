"""A campaign with a roll log to judge: rolls by several rollers over three days, a roll
whose outcome was a choice, and an act (a line with no tray)."""

from __future__ import annotations

import random
from typing import Any

from desktop.store import Campaign

HOSTILE = "Ka,ra \"the 'Bold'\"\nVoss"
FORMULA = '=HYPERLINK("http://evil","x")'


def _die(size: int, face: int) -> dict[str, Any]:
    return {"size": size, "rolled_as": size, "face": face, "depleted": False}


def log_roll(
    campaign: Campaign,
    character_id: int | None,
    name: str,
    dice: list[tuple[int, int]],
    *,
    at: str,
    table: int = 0,
    choice: str | None = None,
) -> None:
    faces = [face for _, face in dice]
    detail = {
        "dice": [_die(size, face) for size, face in dice],
        "table": table,
        "tuple": len(set(faces)) == 1,
        "catastrophe": set(faces) == {1},
        "choice": choice,
        "depleted": [],
    }
    campaign.rolls.log(character_id, name, "roll", detail, sum(faces) + table, "a roll", at=at)


def play_luck(campaign: Campaign, rolls: int = 30, names: tuple[str, ...] = ()) -> None:
    """`rolls` rolls by Mira, Bryn and each of `names`, on 2026-03-14 to 2026-03-16, a
    game on the first day; then Bryn's all-ones choice and an act."""
    rng = random.Random(33)
    people = [campaign.roster.add(name, "pc") for name in ("Mira Threnody", "Bryn", *names)]
    campaign.games.start(at="2026-03-14T19:00:00")
    for index in range(rolls):
        who = people[index % len(people)]
        sizes = rng.choice([(6, 6), (8, 6), (4, 6, 10), (12,)])
        dice = [(size, rng.randint(1, size)) for size in sizes]
        day = 14 + index * 3 // rolls
        log_roll(campaign, who.id, who.name, dice, at=f"2026-03-{day}T20:{index % 60:02d}:00")
        if index == rolls // 3:
            campaign.games.end(at="2026-03-14T23:00:00")
    bryn = people[1]
    log_roll(campaign, bryn.id, bryn.name, [(6, 1), (6, 1)], at="2026-03-16T21:00:00",
             choice="lose_one")  # fmt: skip
    campaign.rolls.log(bryn.id, bryn.name, "act", {}, None, "Bryn acts", at="2026-03-16T21:05:00")
