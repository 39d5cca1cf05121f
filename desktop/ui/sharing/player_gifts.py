"""A player's gift of one of their depleted dice from their phone (the storytelling
award), made on the Qt thread as the GM's own award from the roster or the Dice Table:
the same undo command (`award_depleted`), acting as the giver's player, so the rules
and the store check it as they check the GM's and Ctrl+Z takes it back. The receiving
player's page shows the die at once: its view changes with the dice."""

from __future__ import annotations

from desktop.actions.actor import Actor
from desktop.actions.gifts import gift_refusal
from desktop.actions.pool import given_die
from desktop.language import N_
from desktop.share.messages import GiveRequest
from desktop.store import NotFound
from desktop.ui.dice_commands import award_depleted
from desktop.ui.session import CampaignSession
from desktop.ui.sharing.player_rolls import VIEW_ONLY, held_off
from desktop.ui.window_language import tr

GM_GIVING = N_("The GM has a roll on the table right now; give the die in a moment.")


def give_from_phone(
    session: CampaignSession, character_id: int, request: GiveRequest, allowed: bool
) -> str | None:
    """Give the depleted die the player of `character_id` picked to `request.to`
    (`allowed`: the GM lets their page act); None when it is on the undo stack, else
    why not, in plain words, with nothing written."""
    if not allowed:
        return tr(VIEW_ONLY)
    if session.read_only:
        return tr("The GM's campaign is open read-only: nothing can be given.")
    campaign = session.campaign
    refusal = gift_refusal(campaign, character_id, request.to)
    if refusal is not None:
        return refusal
    try:
        name = campaign.roster.get(character_id).name
        giver = campaign.kit.dice(character_id)
        if request.die not in {die.id for die in giver}:
            return tr("That die is not one of {name}'s.").format(name=name)
        given_die(giver, campaign.kit.dice(request.to), request.die, request.to)
    except (ValueError, NotFound) as error:
        return str(error)  # the rules' words: "The d6 is not on the table; it is in the pool."
    if not session.undo_stack.isActive():
        # A roll landing or waiting for its all-ones choice holds the dice as they are.
        return held_off(session, character_id, tr(GM_GIVING))
    if not award_depleted(
        session, request.die, character_id, request.to, Actor.player(character_id)
    ):
        return session.last_failure or tr("GM Desk could not give that die.")
    return None
