"""A player's roll from their phone, made on the Qt thread as the GM's own: the same
undo command the Dice Table pushes (`RollTray`), acting as that character's player, so
the store and the rules check it as they check the GM's, and Ctrl+Z takes it back."""

from __future__ import annotations

from desktop.actions.actor import Actor, NotYours
from desktop.actions.dice import roll_tray
from desktop.actions.player_tray import picked_tray
from desktop.share.messages import RollRequest
from desktop.store import NotFound, ReadOnlyCampaign
from desktop.ui.dice_commands import RollTray
from desktop.ui.session import CampaignSession

VIEW_ONLY = "Your GM has this page set to view only: ask them to allow rolls."
GM_ROLLING = "The GM has a roll on the table right now; roll again in a moment."
ALL_ONES = "All ones! Nothing was written: the all-ones choice is made at the GM's table for now."


def roll_from_phone(
    session: CampaignSession, character_id: int, request: RollRequest, allowed: bool
) -> str | None:
    """Roll the tray the player of `character_id` picked (`allowed`: the GM lets them
    roll); None when the roll is on the undo stack, else why not, in plain words, with
    nothing written."""
    if not allowed:
        return VIEW_ONLY
    if session.read_only:
        return "The GM's campaign is open read-only: nothing can be rolled."
    if not session.undo_stack.isActive():
        # The Dice Table or the Play dock holds undo while a roll made on the dice as
        # they are is still landing or waits for its all-ones choice: nothing may change
        # those dice under it.
        return GM_ROLLING
    campaign = session.campaign
    actor = Actor.player(character_id)
    try:
        character = campaign.roster.get(character_id)
        tray = picked_tray(
            campaign, actor, character_id, request.dice, request.traits, request.steps_of()
        )
        roll = roll_tray(tray.dice, tray.steps_allowed, session.rng)
    except (ValueError, NotFound, NotYours, ReadOnlyCampaign) as error:
        return str(error)
    if roll.result.catastrophe:
        # The all-ones choice is the player's; until their page can make it, the GM is
        # told the faces so that the roll is settled at the table, not rolled again.
        faces = ", ".join(
            f"{face} (d{size})" for size, face in zip(roll.sizes, roll.faces, strict=True)
        )
        session.report_failure(f"{character.name}'s phone rolled all ones: {faces}.")
        return ALL_ONES
    command = RollTray(
        session,
        character,
        roll,
        steps_allowed=tray.steps_allowed,
        actor=actor,
        rolled=tray.dice,
    )
    if not session.push(command):
        return session.last_failure or "GM Desk could not make that roll."
    return None
