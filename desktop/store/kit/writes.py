"""The write side of a character's kit (dice, traits, items): sqlmodel sessions, called
inside one transaction, imported only when a campaign first writes."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, fields
from typing import Any, TypeVar

from sqlalchemy import func, update
from sqlmodel import Session, col, select

from desktop.rules.dicepool import Place
from desktop.store.kit.records import DieRecord, ItemRecord, TraitRecord
from desktop.store.models import (
    Die,
    Item,
    Trait,
)
from desktop.store.roster import writes as roster_writes
from desktop.store.row_writes import (
    added,
    existing_row,
    record_of,
    refuse_taken_ids,
    set_values,
)

# The columns of a die that `kit.update_dice` writes: everything but its id and its item,
# because an item's die belongs to that item for as long as both exist.
DIE_UPDATE_COLUMNS = (
    "character_id",
    "size",
    "kind",
    "place",
    "in_tray",
    "steps",
    "down_to_d4",
    "position",
)


def _next_position(session: Session, model: type[Die | Trait | Item], character_id: int) -> int:
    """One past the character's last row, so a new row goes to the end."""
    last = session.exec(
        select(func.max(model.position)).where(model.character_id == character_id)
    ).one()
    return (last or 0) + 1


KitRow = TypeVar("KitRow", Trait, Item)


def _new_kit_row(session: Session, model: type[KitRow], character_id: int, **values: Any) -> KitRow:
    """A new trait or item of the character (who must still be there), after its others."""
    roster_writes.character_row(session, character_id)
    return model(
        character_id=character_id,
        **values,
        position=_next_position(session, model, character_id),
    )


def add_dice(
    session: Session,
    character_id: int,
    *,
    size: int,
    count: int,
    kind: str,
    place: str,
    item_id: int | None = None,
) -> list[DieRecord]:
    roster_writes.character_row(session, character_id)
    start = _next_position(session, Die, character_id)
    rows = [
        Die(
            character_id=character_id,
            size=size,
            kind=kind,
            place=place,
            item_id=item_id,
            position=start + n,
        )
        for n in range(count)
    ]
    session.add_all(rows)
    session.flush()
    return [die_record(row) for row in rows]


def update_dice(session: Session, records: Sequence[DieRecord]) -> None:
    """Write each die's columns as given, in one statement per batch."""
    if records:
        session.exec(
            update(Die),
            params=[
                {"id": r.id, **{name: getattr(r, name) for name in DIE_UPDATE_COLUMNS}}
                for r in records
            ],
        )


def delete_dice(session: Session, die_ids: Sequence[int]) -> None:
    for row in session.exec(select(Die).where(col(Die.id).in_(die_ids))):
        session.delete(row)


def insert_dice(session: Session, records: Sequence[DieRecord]) -> None:
    """Put dice in with their own ids (undo of a removal, a restore, an import)."""
    refuse_taken_ids(session, Die, (r.id for r in records))
    session.add_all(Die(**asdict(record)) for record in records)
    session.flush()


def die_record(row: Die) -> DieRecord:
    return record_of(DieRecord, row)


def add_trait(
    session: Session, character_id: int, name: str, value: int, broad: bool
) -> TraitRecord:
    row = _new_kit_row(session, Trait, character_id, name=name, value=value, broad=broad)
    return trait_record(added(session, row))


def update_trait(session: Session, trait_id: int, values: dict[str, object]) -> TraitRecord:
    row = _trait(session, trait_id)
    set_values(row, values)
    return trait_record(row)


def delete_trait(session: Session, trait_id: int) -> None:
    session.delete(_trait(session, trait_id))


def insert_traits(session: Session, records: Sequence[TraitRecord]) -> None:
    refuse_taken_ids(session, Trait, (r.id for r in records))
    session.add_all(Trait(**asdict(record)) for record in records)
    session.flush()


def _trait(session: Session, trait_id: int) -> Trait:
    return existing_row(session, Trait, trait_id, "That trait is no longer in the campaign.")


def trait_record(row: Trait) -> TraitRecord:
    return record_of(TraitRecord, row)


def add_item(
    session: Session,
    character_id: int,
    *,
    name: str,
    kind: str,
    deplete: bool,
    die_kind: str,
    die_size: int,
) -> ItemRecord:
    """An item and its die, the die placed after the character's other dice."""
    row = _new_kit_row(session, Item, character_id, name=name, kind=kind, deplete=deplete)
    session.add(row)
    session.flush()
    assert row.id is not None
    (die,) = add_dice(
        session,
        character_id,
        size=die_size,
        count=1,
        kind=die_kind,
        place=Place.POOL,
        item_id=row.id,
    )
    return item_record(row, die.id)


def update_item(
    session: Session, item_id: int, values: dict[str, object], die_size: int | None
) -> ItemRecord:
    row = item_row(session, item_id)
    set_values(row, values)
    die = item_die(session, item_id)
    if die_size is not None:
        if die is None:
            raise ValueError(f"{row.name} has no die to resize.")
        die.size = die_size
    return item_record(row, None if die is None else die.id)


def delete_item(session: Session, item_id: int) -> None:
    # The item's die goes with it: ON DELETE CASCADE.
    session.delete(item_row(session, item_id))


def insert_items(session: Session, records: Sequence[ItemRecord]) -> None:
    """Put items in with their own ids; their dice are inserted with `insert_dice`."""
    refuse_taken_ids(session, Item, (r.id for r in records))
    session.add_all(
        Item(**{f.name: getattr(r, f.name) for f in fields(ItemRecord) if f.name != "die_id"})
        for r in records
    )
    session.flush()


def item_row(session: Session, item_id: int) -> Item:
    return existing_row(session, Item, item_id, "That item is no longer in the campaign.")


def item_die(session: Session, item_id: int) -> Die | None:
    return session.exec(select(Die).where(Die.item_id == item_id)).first()


def item_record(row: Item, die_id: int | None) -> ItemRecord:
    return record_of(ItemRecord, row, die_id=die_id)
