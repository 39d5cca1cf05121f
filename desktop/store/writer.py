"""The write side of a campaign: sqlmodel sessions, one transaction per GM action.

Imported only when a campaign is first written to, so that opening and showing a
campaign never pays for importing SQLAlchemy, pydantic and sqlmodel (about 0.4 s).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, fields
from pathlib import Path
from typing import TypeVar

from sqlalchemy import event, func, insert, update
from sqlmodel import Session, SQLModel, col, select

from desktop.store import bounds
from desktop.store.card_records import CardRecord
from desktop.store.checks import join_tags, split_tags
from desktop.store.engine import make_engine
from desktop.store.models import (
    CampaignInfo,
    Card,
    CardImage,
    Character,
    Die,
    Item,
    RollLogEntry,
    Trait,
)
from desktop.store.records import CharacterRecord, DieRecord, ItemRecord, TraitRecord
from desktop.store.row_writes import (
    added,
    existing_row,
    record_of,
    refuse_taken_ids,
    relink,
    set_values,
)
from desktop.store.search import search_text

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


class Writer:
    """The engine of one writable campaign file."""

    def __init__(self, path: Path) -> None:
        self.engine = make_engine(path, read_only=False)

    @contextmanager
    def transaction(self) -> Iterator[Session]:
        with Session(self.engine, expire_on_commit=False) as session:
            # The last word before anything reaches the file: a number some action's
            # arithmetic took past its column's bounds (heat + 1 at the top) is refused
            # plainly, and the whole action with it.
            event.listen(session, "before_flush", _within_bounds)
            with session.begin():
                yield session

    def dispose(self) -> None:
        self.engine.dispose()


def _within_bounds(session: Session, _context: object, _instances: object) -> None:
    for row in (*session.new, *session.dirty):
        table = str(getattr(row, "__tablename__", ""))
        columns = bounds.of_table(table)
        bounds.check_row(table, {name: getattr(row, name) for name in columns})


# -- the campaign row ---------------------------------------------------------------------


def add_campaign(
    session: Session, name: str, start_date: str, current_day: int, settings: str
) -> None:
    session.add(
        CampaignInfo(name=name, start_date=start_date, current_day=current_day, settings=settings)
    )


def rename_campaign(session: Session, name: str) -> None:
    session.exec(select(CampaignInfo)).one().name = name


def set_settings(session: Session, settings: str) -> None:
    """Replace the campaign's settings JSON (checked by the caller)."""
    session.exec(select(CampaignInfo)).one().settings = settings


# -- the roster ---------------------------------------------------------------------------


def add_character(session: Session, name: str, kind: str, notes: str) -> CharacterRecord:
    last = session.exec(select(func.max(Character.position))).one()
    row = Character(name=name, kind=kind, notes=notes, position=(last or 0) + 1)
    return character_record(added(session, row))


def update_character(
    session: Session, character_id: int, values: dict[str, object]
) -> CharacterRecord:
    row = _character(session, character_id)
    set_values(row, values)
    return character_record(row)


def delete_character(session: Session, character_id: int) -> CharacterRecord:
    row = _character(session, character_id)
    record = character_record(row)
    session.delete(row)
    return record


def insert_new_rows(
    session: Session, model: type[SQLModel], rows: Sequence[dict[str, object]]
) -> None:
    """Insert many rows, each new, at once: an import filling a new, empty file.

    SQLAlchemy core's executemany, with no ORM object built nor identity looked up per
    row (for 100,000 rows that was most of an import's time). The caller has checked
    the rows, ids included; the file's constraints still hold them to the schema.
    """
    table = model.__tablename__  # type: ignore[attr-defined]
    for row in rows:
        bounds.check_row(table, row)
    if rows:
        session.connection().execute(insert(model.__table__), list(rows))  # type: ignore[attr-defined]


def insert_characters(session: Session, records: list[CharacterRecord]) -> None:
    """Put characters in with their own ids (undo of a delete, an import)."""
    refuse_taken_ids(session, Character, (record.id for record in records))
    session.add_all(Character(**asdict(record)) for record in records)


def link_rolls(session: Session, character_id: int, roll_ids: Sequence[int]) -> None:
    """Point roll log lines at a restored character again (those not linked elsewhere)."""
    relink(session, RollLogEntry, "character_id", character_id, roll_ids)


def _character(session: Session, character_id: int) -> Character:
    missing = "That character is no longer in the campaign."
    return existing_row(session, Character, character_id, missing)


def character_record(row: Character) -> CharacterRecord:
    return record_of(CharacterRecord, row)


def _next_position(session: Session, model: type[Die | Trait | Item], character_id: int) -> int:
    """One past the character's last row, so a new row goes to the end."""
    last = session.exec(
        select(func.max(model.position)).where(model.character_id == character_id)
    ).one()
    return (last or 0) + 1


KitRow = TypeVar("KitRow", Trait, Item)


def _new_kit_row(
    session: Session, model: type[KitRow], character_id: int, **values: object
) -> KitRow:
    """A new trait or item of the character (who must still be there), after its others."""
    _character(session, character_id)
    return model(
        character_id=character_id,
        **values,
        position=_next_position(session, model, character_id),
    )


# -- dice -----------------------------------------------------------------------------------


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
    _character(session, character_id)
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


# -- traits ---------------------------------------------------------------------------------


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


# -- items ----------------------------------------------------------------------------------


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
        session, character_id, size=die_size, count=1, kind=die_kind, place="pool", item_id=row.id
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


# -- the roll log ---------------------------------------------------------------------------


def add_roll(session: Session, **values: object) -> int:
    """A new roll log line; `values` are its checked columns. Returns its id."""
    row_id = added(session, RollLogEntry(**values)).id  # type: ignore[arg-type]
    assert row_id is not None
    return row_id


def set_roll_undone(session: Session, roll_id: int, undone: bool) -> None:
    existing_row(
        session, RollLogEntry, roll_id, "That roll is no longer in the log."
    ).undone = undone


def insert_rolls(session: Session, rows: Sequence[dict[str, object]]) -> None:
    """Roll log lines with their own ids (an import); `rows` are checked columns."""
    refuse_taken_ids(session, RollLogEntry, (int(row["id"]) for row in rows))  # type: ignore[call-overload]
    session.add_all(RollLogEntry(**row) for row in rows)  # type: ignore[arg-type]
    session.flush()


# -- SySCards -------------------------------------------------------------------------------

# The card columns a record carries as they are (tags are joined, has_image is derived).
CARD_PLAIN_COLUMNS = tuple(
    f.name for f in fields(CardRecord) if f.name not in ("id", "tags", "has_image")
)


def add_card(session: Session, values: dict[str, object]) -> CardRecord:
    """A new card from checked values; without a position it goes after every card."""
    if "position" not in values:
        last = session.exec(select(func.max(Card.position))).one()
        values = {**values, "position": (last or 0) + 1}
    row = Card()
    _set_card(row, values)
    session.add(row)
    session.flush()
    return card_record(row, has_image=False)


def update_card(session: Session, card_id: int, values: dict[str, object]) -> CardRecord:
    row = card_row(session, card_id)
    _set_card(row, values)
    session.flush()
    return card_record(row, has_image=card_image(session, card_id) is not None)


def delete_card(session: Session, card_id: int) -> None:
    # Its image goes with it (CASCADE); the cards it owned lose their owner (SET NULL).
    session.delete(card_row(session, card_id))
    session.flush()


def insert_cards(session: Session, records: Sequence[CardRecord]) -> None:
    """Put cards in with their own ids (undo of a delete, an import).

    Owners are set once every card is in: a card may be owned by one inserted after it,
    and SQLite checks each foreign key as the row goes in.
    """
    refuse_taken_ids(session, Card, (r.id for r in records))
    for record in records:
        row = Card(id=record.id)
        _set_card(row, {**_card_values(record), "owner_id": None})
        session.add(row)
    session.flush()
    owned = [{"id": r.id, "owner_id": r.owner_id} for r in records if r.owner_id is not None]
    if owned:
        session.exec(update(Card), params=owned)


def link_cards(session: Session, owner_id: int, card_ids: Sequence[int]) -> None:
    """Give cards their restored owner again (those that have found no other since)."""
    relink(session, Card, "owner_id", owner_id, card_ids)


def link_character_cards(session: Session, character_id: int, card_ids: Sequence[int]) -> None:
    """Link cards to a restored character again (those not linked to another since)."""
    relink(session, Card, "character_id", character_id, card_ids)


def make_room_after(session: Session, position: int) -> None:
    """Move every card after `position` one place on, so a card can go right after it."""
    session.exec(
        update(Card).where(col(Card.position) > position).values(position=Card.position + 1)
    )


def set_card_image(session: Session, card_id: int, image: tuple[str, bytes] | None) -> None:
    """Replace (or, with None, remove) a card's image; the card must exist."""
    card_row(session, card_id)
    row = card_image(session, card_id)
    if image is None:
        if row is not None:
            session.delete(row)
    elif row is None:
        session.add(CardImage(card_id=card_id, format=image[0], data=image[1]))
    else:
        row.format, row.data = image
    session.flush()


def card_image(session: Session, card_id: int) -> CardImage | None:
    return session.get(CardImage, card_id)


def card_row(session: Session, card_id: int) -> Card:
    return existing_row(session, Card, card_id, "That card is no longer in the campaign.")


def _set_card(row: Card, values: dict[str, object]) -> None:
    """Write checked values onto a row, keeping its search text in step with them."""
    for key, value in values.items():
        setattr(row, key, join_tags(value) if key == "tags" else value)  # type: ignore[arg-type]
    row.search_text = search_text(row.name, row.info, row.tags)


def _card_values(record: CardRecord) -> dict[str, object]:
    return {name: getattr(record, name) for name in (*CARD_PLAIN_COLUMNS, "tags")}


def card_record(row: Card, *, has_image: bool) -> CardRecord:
    return record_of(CardRecord, row, tags=split_tags(row.tags), has_image=has_image)


# -- the Energy Calendar ------------------------------------------------------------------
#
# Day rows are written with plain SQL on the session's own connection, inside its
# transaction: End Day writes a row per character at once, and building an ORM object
# per row would cost more than the rules' whole rollover.


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
            "INSERT OR REPLACE INTO energy_day (character_id, day, state) VALUES (?, ?, ?)",
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
