"""Undo commands of handouts: giving one and taking one back, each one step on the GM's
undo stack, acting as the GM through desktop/actions/handouts.py."""

from __future__ import annotations

from functools import partial

from desktop.actions.actor import Actor
from desktop.actions.handouts import Gift, give_back_handout, give_handout, take_back_handout
from desktop.store.handouts import HandoutRecord, HandoutSnapshot
from desktop.ui.commands import StoreCommand, TakeBack
from desktop.ui.session import CampaignSession
from desktop.ui.window_language import tr


def give_text(title: str, character_name: str | None) -> str:
    """The undo step's name: "Give “Map” to Kara", or "to every player" with no one named."""
    if character_name is None:
        return tr("Give “{title}” to every player").format(title=title)
    return tr("Give “{title}” to {name}").format(title=title, name=character_name)


class GiveHandout(StoreCommand):
    """Give a handout; undo takes it back, and a redo gives that same handout again
    under its own id (so the steps after it on the stack still find it)."""

    def __init__(self, session: CampaignSession, gift: Gift, recipient: str | None) -> None:
        super().__init__(session, give_text(gift.title, recipient))
        self._gift = gift
        self._taken: HandoutSnapshot | None = None
        self.record: HandoutRecord | None = None

    def apply(self) -> None:
        campaign = self.session.campaign
        if self._taken is None:
            self.record = give_handout(campaign, Actor.gm(), self._gift)
        else:
            self.record = give_back_handout(campaign, Actor.gm(), self._taken)

    def revert(self) -> None:
        assert self.record is not None
        self._taken = take_back_handout(self.session.campaign, Actor.gm(), self.record.id)


class TakeBackHandout(TakeBack[HandoutSnapshot]):
    """Take a handout back from the pages; undo gives it back in its place."""

    def __init__(self, session: CampaignSession, handout: HandoutRecord) -> None:
        campaign = session.campaign
        super().__init__(
            session,
            tr("Take back “{title}”").format(title=handout.title),
            partial(take_back_handout, campaign, Actor.gm(), handout.id),
            partial(give_back_handout, campaign, Actor.gm()),
        )
