"""The undo command of a conflict's outcome: its own module, loaded with the conflict
box when the GM first asks for a conflict (most rolls need none)."""

from __future__ import annotations

from desktop.actions.actor import Actor
from desktop.actions.conflict import Conflict, apply_conflict
from desktop.ui.dice_commands import RollCommand
from desktop.ui.session import CampaignSession
from desktop.ui.window_language import tr


class ApplyConflict(RollCommand):
    """A conflict's whole outcome, both sides and its log line (`actions.conflict`)."""

    def __init__(self, session: CampaignSession, conflict: Conflict) -> None:
        first, second = (side.character for side in conflict.sides)
        super().__init__(
            session,
            tr("Conflict: {first} against {second}").format(first=first.name, second=second.name),
            lambda: apply_conflict(session.campaign, Actor.gm(), conflict),
        )
