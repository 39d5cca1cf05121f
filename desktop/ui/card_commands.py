"""Undo commands of the SySCards: cards, their images, and resolved acts and challenges.

An act or a challenge that raises efficiencies writes the raises and its roll-log
entry in one command: undo lowers the cards again and marks the entry undone.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from PySide6.QtGui import QUndoCommand

from desktop.language import N_
from desktop.store import CardRecord, CardSnapshot
from desktop.ui.commands import EditField, StoreCommand, TakeBack, edit_text
from desktop.ui.merge_ids import MergeId
from desktop.ui.session import CampaignSession
from desktop.ui.window_language import tr

# The undo step of an edit of each field of a card ("Edit zone of Lantern").
_EDIT_CARD = {
    "name": N_("Edit name of {name}"),
    "category": N_("Edit category of {name}"),
    "owner_id": N_("Edit owner_id of {name}"),
    "character_id": N_("Edit character_id of {name}"),
    "capacity": N_("Edit capacity of {name}"),
    "efficiency": N_("Edit efficiency of {name}"),
    "power": N_("Edit power of {name}"),
    "velocity": N_("Edit velocity of {name}"),
    "focus": N_("Edit focus of {name}"),
    "resistance": N_("Edit resistance of {name}"),
    "zone": N_("Edit zone of {name}"),
    "scale": N_("Edit scale of {name}"),
    "info": N_("Edit info of {name}"),
    "tags": N_("Edit tags of {name}"),
    "shown": N_("Edit shown of {name}"),
}


class AddCard(StoreCommand):
    def __init__(self, session: CampaignSession, name: str, category: str, **fields: Any) -> None:
        super().__init__(session, tr("Add card {name}").format(name=name))
        self._args = (name, category, fields)
        self._snapshot: CardSnapshot | None = None
        self.card_id: int | None = None

    def apply(self) -> None:
        if self._snapshot is None:
            name, category, fields = self._args
            self.card_id = self.session.campaign.cards.add(name, category, **fields).id
        else:
            self.session.campaign.cards.restore(self._snapshot)

    def revert(self) -> None:
        assert self.card_id is not None
        self._snapshot = self.session.campaign.cards.delete(self.card_id)


class DuplicateCard(StoreCommand):
    def __init__(self, session: CampaignSession, card: CardRecord) -> None:
        super().__init__(session, tr("Duplicate {name}").format(name=card.name))
        self._source = card.id
        self._snapshot: CardSnapshot | None = None
        self.card_id: int | None = None

    def apply(self) -> None:
        if self._snapshot is None:
            self.card_id = self.session.campaign.cards.duplicate(self._source).id
        else:
            self.session.campaign.cards.restore(self._snapshot)

    def revert(self) -> None:
        assert self.card_id is not None
        self._snapshot = self.session.campaign.cards.delete(self.card_id)


class DeleteCard(TakeBack[CardSnapshot]):
    def __init__(self, session: CampaignSession, card: CardRecord) -> None:
        cards = session.campaign.cards
        text = tr("Delete card {name}").format(name=card.name)
        super().__init__(session, text, partial(cards.delete, card.id), cards.restore)


class EditCard(EditField[CardRecord]):
    """One field of a card; repeated edits of the same field fold into one step."""

    def __init__(self, session: CampaignSession, card: CardRecord, field: str, value: Any) -> None:
        super().__init__(session, _edit_text, session.campaign.cards.update, card, field, value)

    def id(self) -> int:
        return int(MergeId.EDIT_CARD)

    def merge(self, other: QUndoCommand) -> bool:
        if self.field not in ("info", "name", "zone", "scale", "tags"):
            return False  # numbers and choices are one step each
        return self.fold(other)


def _edit_text(card: CardRecord, field: str, _value: Any) -> str:
    return edit_text(_EDIT_CARD, field, card.name)


class SetCardImage(StoreCommand):
    def __init__(self, session: CampaignSession, card: CardRecord, data: bytes | None) -> None:
        if data:
            text = tr("Set the image of {name}").format(name=card.name)
        else:
            text = tr("Remove the image of {name}").format(name=card.name)
        super().__init__(session, text)
        self._card_id = card.id
        self._new = data
        self._old: tuple[str, bytes] | None = None

    def apply(self) -> None:
        self._old = self.session.campaign.cards.set_image(self._card_id, self._new)

    def revert(self) -> None:
        self.session.campaign.cards.set_image(self._card_id, self._old[1] if self._old else None)


class ResolveActs(StoreCommand):
    """An act or a challenge: its raises written and its log entry, one undo step.

    `raises` maps card id -> (efficiency before, efficiency after).
    """

    def __init__(
        self,
        session: CampaignSession,
        text: str,
        raises: dict[int, tuple[int, int]],
        log: dict[str, Any],
    ) -> None:
        super().__init__(session, text)
        self._raises = raises
        self._log = log
        self.roll_id: int | None = None

    def apply(self) -> None:
        campaign = self.session.campaign
        after = {card_id: new for card_id, (_old, new) in self._raises.items()}
        if self.roll_id is None:
            self.roll_id = campaign.rolls.record_acts(after, **self._log).id
        else:
            campaign.rolls.mark_acts(self.roll_id, undone=False, efficiencies=after)

    def revert(self) -> None:
        assert self.roll_id is not None
        before = {card_id: old for card_id, (old, _new) in self._raises.items()}
        self.session.campaign.rolls.mark_acts(self.roll_id, undone=True, efficiencies=before)


class UpdateSettings(StoreCommand):
    """A campaign rule setting (Raise Throw threshold or amount)."""

    def __init__(self, session: CampaignSession, text: str, **changes: int) -> None:
        super().__init__(session, text)
        self._changes = changes
        self._previous: dict[str, Any] = {}

    def apply(self) -> None:
        previous = self.session.campaign.update_settings(**self._changes)
        if not self._previous:
            self._previous = {key: previous[key] for key in self._changes}

    def revert(self) -> None:
        self.session.campaign.update_settings(**self._previous)
