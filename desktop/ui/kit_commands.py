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
from desktop.ui.window_language import tr

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
        text = tr("Add trait {name}").format(name=name)
        super().__init__(session, text, create, kit.delete_trait, kit.restore_trait)


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
        text = tr("Delete trait {name}").format(name=record.name)
        super().__init__(session, text, take, kit.restore_trait)


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
            session, _add_item_text(kind, name), create, kit.delete_item, _restore_item(session)
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
        text = tr("Delete {name}").format(name=record.name)
        super().__init__(session, text, take, _restore_item(session))


def _add_item_text(kind: str, name: str) -> str:
    """ "Add weapon Sabre": a whole sentence for each kind of item."""
    if kind == "weapon":
        return tr("Add weapon {name}").format(name=name)
    if kind == "armour":
        return tr("Add armour {name}").format(name=name)
    return tr("Add {kind} {name}").format(kind=kind, name=name)


def _restore_item(session: CampaignSession) -> Callable[[DeletedItem], ItemRecord]:
    """The store call that puts back an item with its die, as `delete_item` gave them."""
    return lambda deleted: session.campaign.kit.restore_item(*deleted)


def _broad_text(name: str, broad: object) -> str:
    if broad:
        return tr("Make {name} broad").format(name=name)
    return tr("Make {name} constrained").format(name=name)


def _deplete_text(name: str, deplete: object) -> str:
    if deplete:
        return tr("Mark {name} as depleting").format(name=name)
    return tr("Unmark {name} as depleting").format(name=name)


_trait_text = edit_wording(
    _broad_text,
    name=lambda name, value: tr("Rename trait {name} to {new_name}").format(
        name=name, new_name=value
    ),
    value=lambda name, value: tr("Set {name} to {value}").format(name=name, value=value),
)
_item_text = edit_wording(
    _deplete_text,
    name=lambda name, value: tr("Rename {name} to {new_name}").format(name=name, new_name=value),
    die_size=lambda name, value: tr("Give {name} a d{size}").format(name=name, size=value),
)
