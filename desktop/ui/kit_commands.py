"""Undo commands for what a character carries: its traits and its items (weapons, armour).

As everywhere else, each command writes through the store; undo puts a deleted trait or
item back with its old id (`restore_trait`, `restore_item`), so later commands on the
stack that name that id still find it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from desktop.store import DieRecord, ItemRecord, TraitRecord
from desktop.ui.commands import AddRecord, EditField, TakeBack, edit_wording
from desktop.ui.session import CampaignSession

DeletedItem = tuple[ItemRecord, DieRecord | None]  # what `delete_item` returns for undo


class AddTrait(AddRecord[TraitRecord, TraitRecord]):
    # Undo keeps the trait as deleted: later edits of it were undone before, so it is as
    # it was added.
    def __init__(
        self,
        session: CampaignSession,
        character_id: int,
        name: str,
        value: int = 1,
        broad: bool = False,
    ) -> None:
        kit = session.campaign.kit
        create = partial(kit.add_trait, character_id, name, value, broad)
        super().__init__(session, f"Add trait {name}", create, kit.delete_trait, kit.restore_trait)


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


class AddItem(AddRecord[ItemRecord, DeletedItem]):
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
        kit = session.campaign.kit
        create = partial(kit.add_item, character_id, name, kind, die_size, deplete)
        # Undo keeps the item and its die, so redo brings both back with their old ids.
        super().__init__(
            session, f"Add {kind} {name}", create, kit.delete_item, _restore_item(session)
        )


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


class DeleteItem(TakeBack[DeletedItem]):
    """Delete an item with its die; undo brings both back as they were (place included)."""

    def __init__(self, session: CampaignSession, record: ItemRecord) -> None:
        kit = session.campaign.kit
        take = partial(kit.delete_item, record.id)
        super().__init__(session, f"Delete {record.name}", take, _restore_item(session))


def _restore_item(session: CampaignSession) -> Callable[[DeletedItem], ItemRecord]:
    """The store call that puts back an item with its die, as `delete_item` gave them."""
    return lambda deleted: session.campaign.kit.restore_item(*deleted)


_trait_text = edit_wording(
    lambda name, value: f"Make {name} {'broad' if value else 'constrained'}",
    name=lambda name, value: f"Rename trait {name} to {value}",
    value=lambda name, value: f"Set {name} to {value}",
)
_item_text = edit_wording(
    lambda name, value: f"{'Mark' if value else 'Unmark'} {name} as depleting",
    name=lambda name, value: f"Rename {name} to {value}",
    die_size=lambda name, value: f"Give {name} a d{value}",
)
