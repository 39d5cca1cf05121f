"""Between the store's dice records and the rules' pools: what a pool is, what a tray
rolls, and which records a change of the pool moves."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import cast

from desktop.rules import dicepool
from desktop.store import DieRecord


def to_pool(dice: list[DieRecord]) -> dicepool.Pool:
    return dicepool.Pool(tuple(_die(d) for d in dice))


def _die(record: DieRecord) -> dicepool.Die:
    # The rules' Die takes the store's plain strings and turns them into its enums
    # itself, with its own message for a kind or place it does not know.
    kind = cast(dicepool.Kind, record.kind)
    place = cast(dicepool.Place, record.place)
    return dicepool.Die(record.id, record.size, kind, place)


def tray_of(dice: list[DieRecord]) -> list[DieRecord]:
    """The ordinary dice of a pool put in its tray: what a roll rolls."""
    return [d for d in dice if d.in_tray and d.place == "pool" and d.kind == "ordinary"]


def roll_tray(dice: list[DieRecord], steps_allowed: int, rng: random.Random) -> dicepool.Roll:
    """One side's tray rolled by the rules (ValueError with their message if it cannot be)."""
    tray = [dicepool.TrayDie(d.id, d.steps, d.down_to_d4) for d in tray_of(dice)]
    return dicepool.roll_tray(to_pool(dice), tray, rng, steps_allowed)


def after_pool(records: list[DieRecord], pool: dicepool.Pool) -> list[DieRecord]:
    """The records whose place the rules changed, with the tray emptied."""
    changed = []
    for record in records:
        place = str(pool.get(record.id).place)
        if place != record.place or record.in_tray or record.steps or record.down_to_d4:
            changed.append(replace(record, place=place, in_tray=False, steps=0, down_to_d4=False))
    return changed


def quick_roll(dice: list[DieRecord], count: int, rng: random.Random) -> dicepool.Roll:
    """`count` of the pool's dice, the smallest first (the rules choose them), rolled as
    one tray: no drag, no tray. ValueError with the rules' message if they cannot be."""
    pool = to_pool(dice)
    tray = [dicepool.TrayDie(die_id) for die_id in dicepool.quick_pick(pool, count)]
    return dicepool.roll_tray(pool, tray, rng)
