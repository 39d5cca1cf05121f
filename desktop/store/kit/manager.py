"""A character's kit: dice, traits and items. Reached as `campaign.kit`."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from desktop.rules import dicepool
from desktop.store import checks
from desktop.store.core import Manager, Topic, chunks
from desktop.store.errors import NotFound, damaged_record
from desktop.store.history import parts, sentences
from desktop.store.kit.checks import (
    check_die,
    check_die_change,
    check_item_dice,
    checked_dice,
    checked_item,
    checked_trait,
    distinct_ids,
    same_owner,
)
from desktop.store.kit.records import DieRecord, ItemRecord, TraitRecord
from desktop.store.kit.rows import (
    DIE_COLUMNS,
    ITEM_COLUMNS,
    TRAIT_COLUMNS,
    die_from_row,
    item_from_row,
    trait_from_row,
)

if TYPE_CHECKING:
    from sqlmodel import Session


class KitManager(Manager):
    """A character's kit: dice, traits and items."""

    # -- dice -------------------------------------------------------------------------------

    def dice(self, character_id: int) -> list[DieRecord]:
        """A character's dice, items' dice included, in table order."""
        rows = self._read(
            f"SELECT {DIE_COLUMNS} FROM die WHERE character_id = ? ORDER BY position, id",
            (character_id,),
        )
        return [self._checked_read(die_from_row(row)) for row in rows]

    def _checked_read(self, die: DieRecord) -> DieRecord:
        # An open trusts a file GM Desk itself left (store/trust.py); a value another
        # program wrote since reaches no rule (a d7 would break every roll) as anything
        # but a plain DamagedRecord, which the views show as such.
        try:
            check_die(die)
        except (ValueError, TypeError) as error:
            try:
                owner = self._campaign.roster.get(die.character_id).name
            except (NotFound, ValueError):
                owner = f"character {die.character_id}"
            raise damaged_record(f"Die {die.id} of {owner}", error) from None
        return die

    def dice_counts(self) -> dict[int, tuple[int, int, int]]:
        """Every character's ordinary dice: (in the pool, on the table, removed)."""
        rows = self._read(
            "SELECT character.id,"
            " COALESCE(SUM(die.place = 'pool'), 0),"
            " COALESCE(SUM(die.place = 'table'), 0),"
            " COALESCE(SUM(die.place = 'removed'), 0)"
            " FROM character LEFT JOIN die"
            " ON die.character_id = character.id AND die.kind = 'ordinary'"
            " GROUP BY character.id"
        )
        return {int(r[0]): (int(r[1]), int(r[2]), int(r[3])) for r in rows}

    def add_dice(
        self,
        character_id: int,
        size: int = dicepool.DEFAULT_SIZE,
        count: int = 1,
        kind: str = dicepool.Kind.ORDINARY,
        place: str = dicepool.Place.POOL,
    ) -> list[DieRecord]:
        """New loose dice at the end of the character's dice (an item's die comes with
        the item: `add_item`)."""
        from desktop.store.kit import writes

        size, count = checks.die_size(size), checks.count(count)
        kind, place = checks.die_kind(kind), checks.die_place(place)
        checks.row_id(character_id, "A character's id")
        with self._writing(Topic.DICE) as session:
            made = writes.add_dice(
                session, character_id, size=size, count=count, kind=kind, place=place
            )
            self._note_of(Topic.DICE, character_id, None, f"{count} {kind} d{size} added ({place})")
        return made

    def remove_dice(self, die_ids: Iterable[int]) -> list[DieRecord]:
        """Delete dice; returns them, in the order asked, for `restore_dice`."""
        from desktop.store.kit import writes

        ids = distinct_ids(die_ids, "die")
        if not ids:
            return []
        with self._writing(Topic.DICE) as session:
            removed = self.dice_by_id(ids)
            writes.delete_dice(session, ids)
            for owner in dict.fromkeys(die.character_id for die in removed.values()):
                gone = sum(die.character_id == owner for die in removed.values())
                self._note_of(Topic.DICE, owner, None, f"{gone} dice removed")
        return [removed[die_id] for die_id in ids]

    def restore_dice(self, records: Sequence[DieRecord]) -> list[DieRecord]:
        """Put removed dice back with their old ids (the undo of `remove_dice`)."""
        from desktop.store.kit import writes

        dice = checked_dice(records)
        distinct_ids((die.item_id for die in dice if die.item_id is not None), "item")
        if not dice:
            return []
        with self._writing(Topic.DICE) as session:
            self.require_characters({die.character_id for die in dice})
            for die in dice:
                if die.item_id is not None:
                    self._check_item_free(die, die.item_id)
            writes.insert_dice(session, dice)
            for owner in dict.fromkeys(die.character_id for die in dice):
                back = sum(die.character_id == owner for die in dice)
                self._note_of(Topic.DICE, owner, None, f"{back} dice put back")
        return dice

    def update_dice(self, records: Sequence[DieRecord]) -> list[DieRecord]:
        """Write each die as given (matched by id): the one write for rolls, moves, the
        tray, steps, damage, rest and awards. Returns the dice as they were, in the same
        order, so `update_dice(previous)` undoes it.

        All or nothing: an unknown die or character (NotFound) or a bad value
        (ValueError) is refused before anything is written. An item's die stays with its
        item: its owner, kind and item cannot change here.
        """
        dice = checked_dice(records)
        if not dice:
            return []
        with self._writing(Topic.DICE) as session:
            return self.write_dice(session, dice)

    def write_dice(self, session: Session, dice: Sequence[DieRecord]) -> list[DieRecord]:
        """`update_dice` inside a transaction: check against the file, write, return the
        dice as they were."""
        from desktop.store.kit import writes

        ids = [die.id for die in dice]
        before = self.dice_by_id(ids)
        for die in dice:
            check_die_change(before[die.id], die)
        self.require_characters({die.character_id for die in dice})
        writes.update_dice(session, dice)
        self._note_pools(before, dice)
        return [before[die_id] for die_id in ids]

    def _note_of(self, topic: Topic, character_id: int, record_id: int | None, what: str) -> None:
        """Tell the history what changed of a character's kit ("Kara Voss: trait ...")."""
        if not self._campaign.keeps_history:
            return  # its read of the name is the history's cost
        name = self._campaign.roster.get(character_id).name
        self._campaign.note(topic, record_id, f"{name}: {what}")

    def _note_pools(self, before: dict[int, DieRecord], dice: Sequence[DieRecord]) -> None:
        """Tell the history each character's pool as it was and is (damage, rest)."""
        if not self._campaign.keeps_history:
            return  # its reads are the history's cost, which the benchmark measures
        owners = dict.fromkeys(die.character_id for die in dice)
        for character_id in owners:
            moved = [die for die in dice if die.character_id == character_id]
            was = [before[die.id] for die in moved]
            kind = ""
            if all(a.place == b.place for a, b in zip(was, moved, strict=True)):
                said = f"{self._campaign.roster.get(character_id).name}'s dice changed"
            else:
                pool = self._pool_size(character_id)
                after = (
                    pool
                    - sum(d.place == "pool" for d in was)
                    + sum(d.place == "pool" for d in moved)
                )
                name = self._campaign.roster.get(character_id).name
                said = sentences.pool_change(name, pool, after)
                kind = parts.DAMAGE if after < pool else parts.RECOVERED if after > pool else ""
            self._campaign.note(Topic.DICE, character_id, said, kind)
            if kind == parts.DAMAGE and after == 0:
                table = (
                    self._count(character_id, "table")
                    - sum(d.place == "table" for d in was)
                    + sum(d.place == "table" for d in moved)
                )
                out = parts.OUT_OF_PLAY if table else parts.OUT_FOR_GOOD
                self._campaign.note(
                    Topic.CHARACTERS, character_id, sentences.out_of_play(name, table), out
                )

    def _pool_size(self, character_id: int) -> int:
        """How many of a character's dice are in its pool (as the file held them)."""
        return self._count(character_id, "pool")

    def _count(self, character_id: int, place: str) -> int:
        """How many of a character's dice are in `place` (as the file held them)."""
        rows = self._read(
            "SELECT COUNT(*) FROM die WHERE character_id = ? AND place = ?", (character_id, place)
        )
        return int(rows[0][0])

    def _check_item_free(self, die: DieRecord, item_id: int) -> None:
        """A die put back on its item (`item_id`, the die's): the item is there and has no
        other die."""
        item = self.item(item_id)
        check_item_dice([die], [item])
        if item.die_id is not None:
            raise ValueError(f"{item.name} already has a die.")

    def dice_by_id(self, die_ids: Sequence[int]) -> dict[int, DieRecord]:
        """The dice with these ids; NotFound names the first one missing."""
        found: dict[int, DieRecord] = {}
        for chunk in chunks(die_ids):
            marks = ", ".join("?" * len(chunk))
            rows = self._read(f"SELECT {DIE_COLUMNS} FROM die WHERE id IN ({marks})", chunk)
            found.update((die.id, die) for die in map(die_from_row, rows))
        for die_id in die_ids:
            if die_id not in found:
                raise NotFound("That die is no longer in the campaign.")
        return found

    def require_characters(self, character_ids: Iterable[int]) -> None:
        """Refuse (NotFound) any of these characters not in the campaign."""
        for character_id in sorted(character_ids):
            self._campaign.roster.get(character_id)  # raises NotFound

    # -- traits -----------------------------------------------------------------------------

    def traits(self, character_id: int) -> list[TraitRecord]:
        rows = self._read(
            f"SELECT {TRAIT_COLUMNS} FROM trait WHERE character_id = ? ORDER BY position, id",
            (character_id,),
        )
        return [trait_from_row(row) for row in rows]

    def trait(self, trait_id: int) -> TraitRecord:
        return trait_from_row(
            self._read_by_id(f"SELECT {TRAIT_COLUMNS} FROM trait", trait_id, "Trait")
        )

    def add_trait(
        self, character_id: int, name: str, value: int = 1, broad: bool = False
    ) -> TraitRecord:
        from desktop.store.kit import writes

        trait = checks.trait(name, value, broad)
        with self._writing(Topic.TRAITS) as session:
            self._refuse_trait_name(character_id, trait.name)
            made = writes.add_trait(session, character_id, trait.name, trait.value, trait.broad)
            self._note_of(Topic.TRAITS, character_id, made.id, f"trait {made.name} added")
        return made

    def update_trait(self, trait_id: int, **changes: object) -> TraitRecord:
        """Change name, value, broad and/or position; returns the trait as it is now."""
        from desktop.store.kit import writes

        checks.known_fields(changes, {"name", "value", "broad", "position"}, "A trait")
        with self._writing(Topic.TRAITS) as session:
            current = self.trait(trait_id)
            merged = {
                "name": current.name,
                "value": current.value,
                "broad": current.broad,
                **changes,
            }
            trait = checks.trait(merged["name"], merged["value"], merged["broad"])
            values: dict[str, object] = {
                "name": trait.name,
                "value": trait.value,
                "broad": trait.broad,
            }
            if "position" in changes:
                values["position"] = checks.position(changes["position"])
            if trait.name.casefold() != current.name.casefold():
                self._refuse_trait_name(current.character_id, trait.name)
            after = writes.update_trait(session, trait_id, values)
            said = f"trait {current.name} edited"
            if after.name != current.name:
                said = f"trait {current.name} renamed {after.name}"
            elif after.value != current.value:
                said = f"trait {after.name}: {current.value} -> {after.value}"
            self._note_of(Topic.TRAITS, current.character_id, trait_id, said)
        return after

    def delete_trait(self, trait_id: int) -> TraitRecord:
        """Delete a trait; returns it for `restore_trait`."""
        from desktop.store.kit import writes

        with self._writing(Topic.TRAITS) as session:
            record = self.trait(trait_id)
            writes.delete_trait(session, trait_id)
            said = f"trait {record.name} removed"
            self._note_of(Topic.TRAITS, record.character_id, trait_id, said)
        return record

    def restore_trait(self, record: TraitRecord) -> TraitRecord:
        """Put a deleted trait back with its old id and place."""
        from desktop.store.kit import writes

        trait = checked_trait(record)
        with self._writing(Topic.TRAITS) as session:
            self._campaign.roster.get(trait.character_id)
            self._refuse_trait_name(trait.character_id, trait.name)
            writes.insert_traits(session, [trait])
            said = f"trait {trait.name} restored"
            self._note_of(Topic.TRAITS, trait.character_id, trait.id, said)
        return trait

    def _refuse_trait_name(self, character_id: int, name: str) -> None:
        # Rolls name the trait they use, so one character's traits need distinct names.
        for other in self.traits(character_id):
            if other.name.casefold() == name.casefold():
                raise ValueError(f"This character already has a trait called “{other.name}”.")

    # -- items ------------------------------------------------------------------------------

    def items(self, character_id: int) -> list[ItemRecord]:
        rows = self._read(
            f"SELECT {ITEM_COLUMNS} FROM item WHERE character_id = ? ORDER BY position, id",
            (character_id,),
        )
        return [item_from_row(row) for row in rows]

    def item(self, item_id: int) -> ItemRecord:
        return item_from_row(self._read_by_id(f"SELECT {ITEM_COLUMNS} FROM item", item_id, "Item"))

    def add_item(
        self, character_id: int, name: str, kind: str, die_size: int, deplete: bool = False
    ) -> ItemRecord:
        """A weapon (with a damage die) or armour (with a protection die), in one go."""
        from desktop.store.kit import writes

        item = checks.item(name, kind, die_size, deplete)
        with self._writing(Topic.ITEMS) as session:
            made = writes.add_item(
                session,
                character_id,
                name=item.name,
                kind=item.kind.value,
                deplete=item.deplete,
                die_kind=item.die_kind.value,
                die_size=item.die_size,
            )
            said = f"{item.kind.value} {made.name} (d{item.die_size}) added"
            self._note_of(Topic.ITEMS, character_id, made.id, said)
        return made

    def update_item(self, item_id: int, **changes: object) -> ItemRecord:
        """Change name, deplete, die_size and/or position; returns the item as it is now."""
        from desktop.store.kit import writes

        checks.known_fields(changes, {"name", "deplete", "die_size", "position"}, "An item")
        with self._writing(Topic.ITEMS) as session:
            current = self.item(item_id)
            die = self._item_die(current)
            if "die_size" in changes and die is None:
                raise ValueError(f"{current.name} has no die to resize.")
            item = checks.item(
                changes.get("name", current.name),
                current.kind,
                changes.get("die_size", die.size if die else dicepool.DEFAULT_SIZE),
                changes.get("deplete", current.deplete),
            )
            if die is not None:
                # Steps already chosen for the die must still fit its new size.
                dicepool.check_tray_choice(item.die_size, die.steps, die.down_to_d4)
            values: dict[str, object] = {"name": item.name, "deplete": item.deplete}
            if "position" in changes:
                values["position"] = checks.position(changes["position"])
            new_size = item.die_size if "die_size" in changes else None
            after = writes.update_item(session, item_id, values, new_size)
            said = f"{current.name} edited"
            if after.name != current.name:
                said = f"{current.name} renamed {after.name}"
            self._note_of(Topic.ITEMS, current.character_id, item_id, said)
        return after

    def delete_item(self, item_id: int) -> tuple[ItemRecord, DieRecord | None]:
        """Delete an item and its die; returns both for `restore_item`."""
        from desktop.store.kit import writes

        with self._writing(Topic.ITEMS) as session:
            item = self.item(item_id)
            die = self._item_die(item)
            writes.delete_item(session, item_id)
            self._note_of(Topic.ITEMS, item.character_id, item_id, f"{item.name} removed")
        return item, die

    def restore_item(self, item: ItemRecord, die: DieRecord | None) -> ItemRecord:
        """Put a deleted item and its die back with their old ids."""
        from desktop.store.kit import writes

        checked = checked_item(item)
        dice = [] if die is None else [check_die(die)]
        same_owner(checked.character_id, dice)
        check_item_dice(dice, [checked])
        with self._writing(Topic.ITEMS) as session:
            self._campaign.roster.get(checked.character_id)
            writes.insert_items(session, [checked])
            writes.insert_dice(session, dice)
            said = f"{checked.name} restored"
            self._note_of(Topic.ITEMS, checked.character_id, checked.id, said)
        return replace(checked, die_id=dice[0].id if dice else None)

    def _item_die(self, item: ItemRecord) -> DieRecord | None:
        return None if item.die_id is None else self.dice_by_id([item.die_id])[item.die_id]
