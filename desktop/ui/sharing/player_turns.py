"""A player's declared action from their phone, made on the Qt thread as the Play dock
makes the GM's: the same undo command (`DeclareAction`), acting as that character's
player, so the store checks it as it checks the GM's and Ctrl+Z takes it back. Only on
the character's turn in the running scene (`actions.turns.declare_refusal`)."""

from __future__ import annotations

from desktop.actions.actor import Actor
from desktop.actions.turns import declare_refusal
from desktop.share.messages import DeclareRequest
from desktop.store import NotFound
from desktop.ui.play_commands import DeclareAction
from desktop.ui.session import CampaignSession
from desktop.ui.sharing.player_rolls import VIEW_ONLY
from desktop.ui.window_language import tr


def declare_from_phone(
    session: CampaignSession, character_id: int, request: DeclareRequest, allowed: bool
) -> str | None:
    """Declare the action the player of `character_id` typed (`allowed`: the GM lets
    their page act); None when it is on the undo stack, else why not, in plain words,
    with nothing written (view only, no scene running, not their turn)."""
    if not allowed:
        return tr(VIEW_ONLY)
    if session.read_only:
        return tr("The GM's campaign is open read-only: nothing can be declared.")
    campaign = session.campaign
    try:
        name = campaign.roster.get(character_id).name
    except NotFound as error:
        return str(error)
    refusal = declare_refusal(campaign, character_id)
    if refusal is not None:
        return refusal
    command = DeclareAction(
        session,
        Actor.player(character_id),
        character_id,
        request.text,
        tr("Declare {name}'s action (from their device)").format(name=name),
    )
    if not session.push(command):
        return session.last_failure or tr("GM Desk could not write that action.")
    return None
