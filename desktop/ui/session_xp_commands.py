"""The undo command of the end-of-session XP marks: its own module, loaded with the
downtime rules it needs when a game ends, not when GM Desk starts."""

from __future__ import annotations

from collections.abc import Sequence

from desktop.actions.actor import Actor
from desktop.actions.session_xp import XpMarked, mark_session_xp, write_sheets
from desktop.ui.commands import StoreCommand
from desktop.ui.session import CampaignSession
from desktop.ui.window_language import ntr


class MarkSessionXp(StoreCommand):
    """The end-of-session XP marks of the (character id, track) chosen, as one undo
    step and one transaction (`actions.session_xp`)."""

    def __init__(self, session: CampaignSession, chosen: Sequence[tuple[int, str]]) -> None:
        count = len(chosen)
        text = ntr(
            "End-of-session XP for {count} character",
            "End-of-session XP for {count} characters",
            count,
        ).format(count=count)
        super().__init__(session, text)
        self._chosen = list(chosen)
        self.done: XpMarked | None = None
        if not chosen:
            self.setObsolete(True)

    def apply(self) -> None:
        campaign = self.session.campaign
        if self.done is None:
            self.done = mark_session_xp(campaign, Actor.gm(), self._chosen)
        else:
            write_sheets(campaign, [after for _before, after in self.done.sheets], self.done.marked)

    def revert(self) -> None:
        assert self.done is not None
        write_sheets(self.session.campaign, [before for before, _after in self.done.sheets])
