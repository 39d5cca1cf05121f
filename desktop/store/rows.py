"""What the managers share: the columns they read, the rows read back as records, and
the checks that need more than one value. Module-level and private to the store
(desktop/store/managers/ import them); the cards' rows are in `card_rows.py`, the energy
rows and End Day's plan in `energy_rows.py`."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import fields, replace
from datetime import datetime

from desktop.rules import dicepool, roster
from desktop.store import checks
from desktop.store.core import Topic
from desktop.store.errors import NotFound
from desktop.store.records import (
    CharacterRecord,
    CharacterSnapshot,
    DieRecord,
    ItemRecord,
    RollRecord,
    TraitRecord,
)

CHARACTER_COLUMNS = ", ".join(f.name for f in fields(CharacterRecord))
DIE_COLUMNS = ", ".join(f.name for f in fields(DieRecord))
TRAIT_COLUMNS = ", ".join(f.name for f in fields(TraitRecord))
# An item's die id is read with it: an item has at most one die (a unique index).
ITEM_COLUMNS = (
    ", ".join(f"item.{f.name}" for f in fields(ItemRecord) if f.name != "die_id")
    + ", (SELECT die.id FROM die WHERE die.item_id = item.id)"
)
ROLL_COLUMNS = ", ".join(f.name for f in fields(RollRecord))

# -- rows read back, and checks that need more than one value -------------------------------

# SQLite allows 32766 parameters in a statement; chunks keep far below.
_CHUNK = 500


def _chunks(ids: Sequence[int]) -> Iterator[tuple[int, ...]]:
    for start in range(0, len(ids), _CHUNK):
        yield tuple(ids[start : start + _CHUNK])


def _die(row: tuple[object, ...]) -> DieRecord:
    # SQLite keeps booleans as 0 and 1.
    values = dict(zip(DIE_COLUMNS.split(", "), row, strict=True))
    values["in_tray"] = bool(values["in_tray"])
    values["down_to_d4"] = bool(values["down_to_d4"])
    return DieRecord(**values)  # type: ignore[arg-type]


def _cards_topic(card_ids: Sequence[int]) -> tuple[Topic, ...]:
    """The topic "cards" when a change to a character also links or unlinks cards."""
    return (Topic.CARDS,) if card_ids else ()


def _downtime_topics(snapshot: CharacterSnapshot) -> tuple[Topic, ...]:
    """The topics of a character's downtime rows that go or come back with it."""
    topics = (Topic.CLOCKS,) if snapshot.clocks else ()
    if snapshot.downtime_sheet is not None or snapshot.downtime_entry_ids:
        topics += (Topic.DOWNTIME,)
    return topics


def _trait(row: tuple[object, ...]) -> TraitRecord:
    record = TraitRecord(*row)  # type: ignore[arg-type]
    return replace(record, broad=bool(record.broad))


def _item(row: tuple[object, ...]) -> ItemRecord:
    record = ItemRecord(*row)  # type: ignore[arg-type]
    return replace(record, deplete=bool(record.deplete))


def _roll(row: Sequence[object]) -> RollRecord:
    roll_id, at, character_id, name, kind, detail, total, summary, undone, day, *play = row
    game_id, scene, round_, turn = (None if v is None else int(v) for v in play)  # type: ignore[call-overload]
    return RollRecord(
        id=int(roll_id),  # type: ignore[call-overload]
        at=str(at),
        character_id=None if character_id is None else int(character_id),  # type: ignore[call-overload]
        character_name=str(name),
        kind=str(kind),
        detail=checks.parse_detail(str(detail)),
        total=None if total is None else int(total),  # type: ignore[call-overload]
        summary=str(summary),
        undone=bool(undone),
        day=None if day is None else int(day),  # type: ignore[call-overload]
        game_id=game_id,
        scene=scene,
        round=round_,
        turn=turn,
    )


def _roll_values(
    character_id: object,
    character_name: object,
    kind: object,
    detail: object,
    total: object,
    summary: object,
    at: object,
    day: int | None = None,
    play: tuple[int, int | None, int | None, int | None] | None = None,
) -> dict[str, object]:
    """The checked columns of a roll log line, in the order of RollRecord after its id.

    `day` is the campaign day the line is logged on (RULES.md section 5); `play` the
    game, scene, round and turn it was rolled in (RULES.md section 2), if any."""
    game_id, scene, round_, turn = play or (None, None, None, None)
    return {
        "at": checks.timestamp(datetime.now() if at is None else at),
        "character_id": checks.optional_id(character_id, "A roll's character"),
        "character_name": roster.check_name(character_name),
        "kind": checks.roll_kind(kind),
        "detail": checks.detail(detail),
        "total": checks.total(total),
        "summary": checks.summary(summary),
        "undone": False,
        "day": None if day is None else checks.row_id(day, "A roll's campaign day"),
        "game_id": game_id,
        "scene": scene,
        "round": round_,
        "turn": turn,
    }


def checked_dice(records: Sequence[DieRecord]) -> list[DieRecord]:
    """Dice records as the rules accept them, each named once (ValueError if not)."""
    dice = [checks.die(record) for record in records]
    distinct_ids((die.id for die in dice), "die")
    return dice


def distinct_ids(ids: Iterable[int], what: str) -> list[int]:
    """`ids` as valid row ids, none twice in one change (ValueError, naming `what`)."""
    checked = [checks.row_id(value, f"A {what}'s id") for value in ids]
    if len(set(checked)) != len(checked):
        raise ValueError(f"Each {what} can be named only once in one change.")
    return checked


def _known_fields(changes: dict[str, object], known: set[str], what: str) -> None:
    unknown = set(changes) - known
    if unknown:
        raise ValueError(f"{what} has no field {', '.join(sorted(unknown))}.")


def _checked_trait(record: TraitRecord) -> TraitRecord:
    trait = checks.trait(record.name, record.value, record.broad)
    return TraitRecord(
        id=checks.row_id(record.id, "A trait's id"),
        character_id=checks.row_id(record.character_id, "A trait's character"),
        name=trait.name,
        value=trait.value,
        broad=trait.broad,
        position=checks.position(record.position),
    )


def _checked_item(record: ItemRecord) -> ItemRecord:
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


def _same_owner(character_id: int, records: Iterable[DieRecord | TraitRecord | ItemRecord]) -> None:
    for record in records:
        if record.character_id != character_id:
            what = type(record).__name__.removesuffix("Record").lower()
            raise ValueError(f"A {what} given belongs to another character.")


def _check_item_dice(dice: Iterable[DieRecord], items: Iterable[ItemRecord]) -> None:
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


def _check_die_change(before: DieRecord, after: DieRecord) -> None:
    """What `kit.update_dice` may not change: an item's die stays that item's."""
    if after.item_id != before.item_id:
        raise ValueError(f"The d{before.size} cannot be moved onto or off an item here.")
    if before.item_id is None:
        return
    if after.character_id != before.character_id:
        raise ValueError(f"The d{before.size} is an item's die; it stays with its owner.")
    if after.kind != before.kind:
        raise ValueError(f"The d{before.size} is an item's {before.kind} die; its kind stays.")
