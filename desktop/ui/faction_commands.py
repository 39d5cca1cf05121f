"""Undo commands of the Faction Ladder: add, edit, move and delete factions.

Each captures what undo needs (the previous record, or the snapshot a delete returns)
and writes through the store, which tells the views what changed.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from desktop.printing.words import status_text
from desktop.store import FactionRecord, FactionSnapshot
from desktop.ui.commands import StoreCommand, TakeBack
from desktop.ui.session import CampaignSession
from desktop.ui.shown_commands import shown_text
from desktop.ui.window_language import tr, window_translator

EDITABLE_FIELDS = ("name", "hold", "status", "at_war_with_others", "notes", "shown")


class AddFaction(StoreCommand):
    """A new faction at the end of its tier row; redo brings back the same id."""

    def __init__(self, session: CampaignSession, name: str, **fields: Any) -> None:
        super().__init__(session, tr("Add faction {name}").format(name=name))
        self._name = name
        self._fields = fields
        self._snapshot: FactionSnapshot | None = None
        self.faction_id: int | None = None

    def apply(self) -> None:
        campaign = self.session.campaign
        if self._snapshot is None:
            self.faction_id = campaign.factions.add(self._name, **self._fields).id
        else:  # the same id, so later commands on it still find it
            campaign.factions.restore(self._snapshot)

    def revert(self) -> None:
        assert self.faction_id is not None
        self._snapshot = self.session.campaign.factions.delete(self.faction_id)


class EditFaction(StoreCommand):
    """Change some of a faction's fields (not its tier: that is a move) in one step."""

    def __init__(self, session: CampaignSession, record: FactionRecord, **changes: Any) -> None:
        unknown = set(changes) - set(EDITABLE_FIELDS)
        if unknown:
            raise ValueError(f"A faction has no editable field {sorted(unknown)[0]!r}.")
        new = {k: v for k, v in changes.items() if getattr(record, k) != v}
        super().__init__(session, _edit_text(record, new))
        self.faction_id = record.id
        self.new = new
        self.old = {k: getattr(record, k) for k in new}
        if not new:
            self.setObsolete(True)  # nothing changes: the stack drops it

    def apply(self) -> None:
        self.session.campaign.factions.update(self.faction_id, **self.new)

    def revert(self) -> None:
        self.session.campaign.factions.update(self.faction_id, **self.old)


def _edit_text(record: FactionRecord, changes: dict[str, Any]) -> str:
    if set(changes) == {"status"}:
        status = status_text(window_translator(), changes["status"])
        return tr("Set status with {name} to {status}").format(name=record.name, status=status)
    if set(changes) == {"name"}:
        return tr("Rename {name} to {new_name}").format(name=record.name, new_name=changes["name"])
    if set(changes) == {"shown"}:
        return shown_text(record.name, changes["shown"])
    return tr("Edit faction {name}").format(name=record.name)


class MoveFaction(StoreCommand):
    """Put a faction at another tier and/or place in its row; undo puts it back."""

    def __init__(
        self, session: CampaignSession, record: FactionRecord, tier: int, position: int
    ) -> None:
        if tier == record.tier:
            text = tr("Reorder {name}").format(name=record.name)
        elif tier > record.tier:
            text = tr("Raise {name} to tier {tier}").format(name=record.name, tier=tier)
        else:
            text = tr("Lower {name} to tier {tier}").format(name=record.name, tier=tier)
        super().__init__(session, text)
        self.faction_id = record.id
        self.old = (record.tier, record.position)
        self.new = (tier, position)
        if self.old == self.new:
            self.setObsolete(True)

    def apply(self) -> None:
        self.session.campaign.factions.move(self.faction_id, *self.new)

    def revert(self) -> None:
        self.session.campaign.factions.move(self.faction_id, *self.old)


class DeleteFaction(TakeBack[FactionSnapshot]):
    """Delete a faction and its clocks; undo restores both with the same ids and places."""

    def __init__(self, session: CampaignSession, record: FactionRecord) -> None:
        factions = session.campaign.factions
        take = partial(factions.delete, record.id)
        text = tr("Delete faction {name}").format(name=record.name)
        super().__init__(session, text, take, factions.restore)


class FactionLosesHold(TakeBack[FactionRecord]):
    """A faction loses hold: strong -> weak, weak -> a tier lower, still weak."""

    def __init__(self, session: CampaignSession, record: FactionRecord) -> None:
        factions = session.campaign.factions
        take = partial(factions.lose_hold, record.id)
        text = tr("{name} loses hold").format(name=record.name)
        super().__init__(session, text, take, factions.restore_standing)
