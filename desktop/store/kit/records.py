"""What the store hands out for a character's kit: dice, traits and items, as frozen
plain values, never live rows."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class DieRecord:
    """One die of a character's pool, or the die of one of its items.

    `kind` is "ordinary", "damage" or "protection" and `place` "pool", "table" or
    "removed" (the values of rules.dicepool.Kind and Place). `in_tray`, `steps` and
    `down_to_d4` are what the player has chosen for the next roll.
    """

    id: int
    character_id: int
    size: int
    kind: str
    place: str
    item_id: int | None
    in_tray: bool
    steps: int
    down_to_d4: bool
    position: int


@dataclass(frozen=True)
class TraitRecord:
    """A trait of a character, in its place in the list."""

    id: int
    character_id: int
    name: str
    value: int
    broad: bool
    position: int


@dataclass(frozen=True)
class ItemRecord:
    """A weapon or armour; `die_id` is its die's row in `die`, or None if it has none."""

    id: int
    character_id: int
    name: str
    kind: str  # "weapon" | "armour"
    deplete: bool
    position: int
    die_id: int | None
