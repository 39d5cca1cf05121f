"""Undo commands for what a character carries: its traits and its items (weapons, armour).

As everywhere else, each command writes through the store; undo puts a deleted trait or
item back with its old id (`restore_trait`, `restore_item`), so later commands on the
stack that name that id still find it.
"""

from __future__ import annotations

from functools import partial

from desktop.store import DieRecord, ItemRecord, TraitRecord
from desktop.ui.commands import EditField, StoreCommand, TakeBack
from desktop.ui.session import CampaignSession


class AddTrait(StoreCommand):
    def __init__(
        self,
        session: CampaignSession,
        character_id: int,
        name: str,
        value: int = 1,
        broad: bool = False,
    ) -> None:
        super().__init__(session, f"Add trait {name}")
        self._args = (character_id, name, value, broad)
        self._record: TraitRecord | None = None

    def apply(self) -> None:
        if self._record is None:
            self._record = self.session.campaign.kit.add_trait(*self._args)
        else:  # redo: the same id, so later edits on the stack still find it
            self.session.campaign.kit.restore_trait(self._record)

    def revert(self) -> None:
        assert self._record is not None
        # Taken again at undo: later edits of the trait were undone before this runs,
        # so the record is as it was added.
        self._record = self.session.campaign.kit.delete_trait(self._record.id)

    @property
    def record(self) -> TraitRecord | None:
        return self._record


class EditTrait(EditField[TraitRecord]):
    """Change one field of a trait: name, value or broad."""

    def __init__(
        self, session: CampaignSession, record: TraitRecord, field: str, value: object
    ) -> None:
        super().__init__(
            session, _trait_text, session.campaign.kit.update_trait, record, field, value
        )


class DeleteTrait(TakeBack[TraitRecord]):
    def __init__(self, session: CampaignSession, record: TraitRecord) -> None:
        kit = session.campaign.kit
        take = partial(kit.delete_trait, record.id)
        super().__init__(session, f"Delete trait {record.name}", take, kit.restore_trait)


class AddItem(StoreCommand):
    """A weapon with its damage die, or armour with its protection die."""

    def __init__(
        self,
        session: CampaignSession,
        character_id: int,
        name: str,
        kind: str,
        die_size: int,
        deplete: bool = False,
    ) -> None:
        super().__init__(session, f"Add {kind} {name}")
        self._args = (character_id, name, kind, die_size, deplete)
        self._record: ItemRecord | None = None
        # Taken by undo, so redo brings the item and its die back with their old ids.
        self._deleted: tuple[ItemRecord, DieRecord | None] | None = None

    def apply(self) -> None:
        if self._deleted is None:
            self._record = self.session.campaign.kit.add_item(*self._args)
        else:
            self._record = self.session.campaign.kit.restore_item(*self._deleted)

    def revert(self) -> None:
        assert self._record is not None
        self._deleted = self.session.campaign.kit.delete_item(self._record.id)

    @property
    def record(self) -> ItemRecord | None:
        return self._record


class EditItem(EditField[ItemRecord]):
    """Change one field of an item: name, deplete or die_size (the size of its die).

    `old` is passed in because the die size lives on the item's die, not on the item.
    """

    def __init__(
        self,
        session: CampaignSession,
        record: ItemRecord,
        field: str,
        old: object,
        new: object,
    ) -> None:
        update = session.campaign.kit.update_item
        super().__init__(session, _item_text, update, record, field, new, old)


class DeleteItem(TakeBack[tuple[ItemRecord, DieRecord | None]]):
    """Delete an item with its die; undo brings both back as they were (place included)."""

    def __init__(self, session: CampaignSession, record: ItemRecord) -> None:
        kit = session.campaign.kit
        take = partial(kit.delete_item, record.id)
        super().__init__(
            session, f"Delete {record.name}", take, lambda taken: kit.restore_item(*taken)
        )


def _trait_text(record: TraitRecord, field: str, value: object) -> str:
    if field == "name":
        return f"Rename trait {record.name} to {value}"
    if field == "value":
        return f"Set {record.name} to {value}"
    return f"Make {record.name} {'broad' if value else 'constrained'}"


def _item_text(record: ItemRecord, field: str, value: object) -> str:
    if field == "name":
        return f"Rename {record.name} to {value}"
    if field == "die_size":
        return f"Give {record.name} a d{value}"
    return f"{'Mark' if value else 'Unmark'} {record.name} as depleting"
