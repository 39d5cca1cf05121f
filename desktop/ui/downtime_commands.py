"""Undo commands of downtime: a character's downtime sheet, a session, and its steps.

A sheet edit replaces the whole sheet and keeps the one it replaced. A downtime step is
one `record_downtime` call (the entry with every value it changed, in one transaction);
undo hands the store's `DowntimeUndo` back, redo re-applies the same step under the
same entry id, so a session can be walked back and forth step by step.
"""

from __future__ import annotations

from PySide6.QtGui import QUndoCommand

from desktop.language import N_
from desktop.store import DowntimeEntry, DowntimeSheet, DowntimeStep, DowntimeUndo
from desktop.ui.commands import StoreCommand
from desktop.ui.merge_ids import NO_MERGE, MergeId
from desktop.ui.session import CampaignSession
from desktop.ui.window_language import tr

# The sheet's fields typed letter by letter: a burst of typing is one undo step.
TEXT_FIELDS = ("virtue", "vice", "vice_purveyor", "friends", "contacts")
# The undo step of a change of each field (marked only: translated when the step is made).
CHANGE_TEXTS = {
    "stress": N_("Change the stress of {name}"),
    "trauma": N_("Change the trauma of {name}"),
    "hp": N_("Change the hit points of {name}"),
    "hp_max": N_("Change the maximum hit points of {name}"),
    "xp": N_("Change the XP of {name}"),
    "virtue": N_("Change the virtue of {name}"),
    "vice": N_("Change the vice of {name}"),
    "vice_purveyor": N_("Change the vice purveyor of {name}"),
    "friends": N_("Change the friends of {name}"),
    "contacts": N_("Change the contacts of {name}"),
}


def change_text(field: str, name: str) -> str:
    """ "Change the stress of Kara": the undo step of a change of `field`."""
    if field in CHANGE_TEXTS:
        return tr(CHANGE_TEXTS[field]).format(name=name)
    return tr("Change the {field} of {name}").format(field=field, name=name)


class SetDowntimeSheet(StoreCommand):
    """Change one field of a character's downtime sheet (stress, XP, vice...)."""

    def __init__(
        self,
        session: CampaignSession,
        name: str,
        before: DowntimeSheet,
        after: DowntimeSheet,
        field: str,
        text: str = "",
    ) -> None:
        super().__init__(session, text or change_text(field, name))
        self.character_id = before.character_id
        self.field = field
        self.before = before
        self.after = after
        if before == after:
            self.setObsolete(True)  # nothing to do: the stack drops it

    def id(self) -> int:
        return int(MergeId.EDIT_SHEET) if self.field in TEXT_FIELDS else NO_MERGE

    def merge(self, other: QUndoCommand) -> bool:
        # Typing a vice in bursts gives one undo step for the field, not one per pause.
        if not isinstance(other, SetDowntimeSheet) or other.isObsolete():
            return False  # a refused edit folded in would be redone, not the one written
        if other.character_id != self.character_id or other.field != self.field:
            return False
        self.after = other.after
        return self._merged(self.after == self.before)

    def apply(self) -> None:
        self.session.campaign.downtime.set_sheet(self.after)

    def revert(self) -> None:
        self.session.campaign.downtime.set_sheet(self.before)


class StartDowntimeSession(StoreCommand):
    """Open a new downtime session: every character gets its free activities again."""

    def __init__(self, session: CampaignSession) -> None:
        super().__init__(session, tr("Start a downtime session"))
        self.number = 0
        # Its undone steps, deleted with it by undo: redo brings them back under their
        # ids, so the redo of each step after this one still finds its entry.
        self._entries: tuple[DowntimeEntry, ...] | None = None

    def apply(self) -> None:
        campaign = self.session.campaign
        if self._entries is None:
            self.number = campaign.downtime.start_session()
        else:
            campaign.downtime.restore_session(self.number, self._entries)

    def revert(self) -> None:
        self._entries = self.session.campaign.downtime.end_session(self.number)


class RecordDowntime(StoreCommand):
    """One step of a downtime session: an activity, a paid extra, a faction clock tick."""

    def __init__(self, session: CampaignSession, step: DowntimeStep) -> None:
        super().__init__(session, step.summary)
        self.step = step
        self.undo_record: DowntimeUndo | None = None

    def apply(self) -> None:
        campaign = self.session.campaign
        if self.undo_record is None:
            self.undo_record = campaign.downtime.record(self.step)
        else:  # redo: the same entry id, so the summary keeps its order
            self.undo_record = campaign.downtime.redo(self.undo_record, self.step)

    def revert(self) -> None:
        assert self.undo_record is not None
        self.session.campaign.downtime.undo(self.undo_record)
