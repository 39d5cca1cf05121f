"""Checks of a character's kit that need more than one value: dice named once, traits
and items as the rules accept them, rows of one owner, an item's die that fits it."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from desktop.rules import dicepool
from desktop.store import checks
from desktop.store.errors import NotFound
from desktop.store.kit.records import DieRecord, ItemRecord, TraitRecord


def checked_dice(records: Sequence[DieRecord]) -> list[DieRecord]:
    """Dice records as the rules accept them, each named once (ValueError if not)."""
    dice = [check_die(record) for record in records]
    distinct_ids((die.id for die in dice), "die")
    return dice


def distinct_ids(ids: Iterable[int], what: str) -> list[int]:
    """`ids` as valid row ids, none twice in one change (ValueError, naming `what`)."""
    checked = [checks.row_id(value, f"A {what}'s id") for value in ids]
    if len(set(checked)) != len(checked):
        raise ValueError(f"Each {what} can be named only once in one change.")
    return checked


def checked_trait(record: TraitRecord) -> TraitRecord:
    trait = checks.trait(record.name, record.value, record.broad)
    return TraitRecord(
        id=checks.row_id(record.id, "A trait's id"),
        character_id=checks.row_id(record.character_id, "A trait's character"),
        name=trait.name,
        value=trait.value,
        broad=trait.broad,
        position=checks.position(record.position),
    )


def checked_item(record: ItemRecord) -> ItemRecord:
    # The die size is checked with the die itself; any size stands in for it here.
    item = checks.item(record.name, record.kind, dicepool.DEFAULT_SIZE, record.deplete)
    return ItemRecord(
        id=checks.row_id(record.id, "An item's id"),
        character_id=checks.row_id(record.character_id, "An item's character"),
        name=item.name,
        kind=item.kind.value,
        deplete=item.deplete,
        position=checks.position(record.position),
        die_id=checks.optional_id(record.die_id, "An item's die"),
    )


def same_owner(character_id: int, records: Iterable[DieRecord | TraitRecord | ItemRecord]) -> None:
    for record in records:
        if record.character_id != character_id:
            what = type(record).__name__.removesuffix("Record").lower()
            raise ValueError(f"A {what} given belongs to another character.")


def check_item_dice(dice: Iterable[DieRecord], items: Iterable[ItemRecord]) -> None:
    """Each item's die has the item's owner and its kind of die (damage or protection)."""
    by_id = {item.id: item for item in items}
    for die in dice:
        if die.item_id is None:
            continue
        item = by_id.get(die.item_id)
        if item is None:
            raise NotFound(f"The item of a d{die.size} is no longer in the campaign.")
        if die.character_id != item.character_id:
            raise ValueError(f"The d{die.size} of {item.name} belongs to its owner.")
        kind = dicepool.item_die_kind(item.kind).value
        if die.kind != kind:
            raise ValueError(f"The d{die.size} of {item.name} is a {kind} die, not {die.kind}.")


def check_die_change(before: DieRecord, after: DieRecord) -> None:
    """What `kit.update_dice` may not change: an item's die stays that item's."""
    if after.item_id != before.item_id:
        raise ValueError(f"The d{before.size} cannot be moved onto or off an item here.")
    if before.item_id is None:
        return
    if after.character_id != before.character_id:
        raise ValueError(f"The d{before.size} is an item's die; it stays with its owner.")
    if after.kind != before.kind:
        raise ValueError(f"The d{before.size} is an item's {before.kind} die; its kind stays.")


def check_die(record: DieRecord) -> DieRecord:
    """A die as the file keeps it: each field checked, kinds and places as plain text."""
    if not isinstance(record, DieRecord):
        raise ValueError(f"Expected a die, not {record!r}.")
    size = checks.die_size(record.size)
    checked = DieRecord(
        id=checks.row_id(record.id, "A die's id"),
        character_id=checks.row_id(record.character_id, "A die's character"),
        size=size,
        kind=checks.die_kind(record.kind),
        place=checks.die_place(record.place),
        item_id=checks.optional_id(record.item_id, "A die's item"),
        in_tray=checks.flag(record.in_tray, "Being in the tray"),
        steps=checks.whole(record.steps, "The number of steps"),
        down_to_d4=checks.flag(record.down_to_d4, "Stepping down to d4"),
        position=checks.position(record.position),
    )
    dicepool.check_tray_choice(size, checked.steps, checked.down_to_d4)
    return checked
