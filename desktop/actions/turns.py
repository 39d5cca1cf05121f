"""A player's turn at the table, as the Play dock keeps it (`campaign.games`): whether a
player may roll from their phone now, and the action a player declares on their turn.

The GM chooses, per campaign, when phone rolls come (the sharing settings' "roll_timing"):
whenever the player likes, or in turn order, where a player rolls on their character's
turn in the running scene or when the GM has asked them to roll. Play Order in
energy-system-dice-pool.txt: "Players take turns going clockwise from the GM in
announcing their actions"; the GM may always have a player act out of turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from desktop.actions.actor import Actor, NotYours
from desktop.store import ROLL_TURN_ORDER

if TYPE_CHECKING:
    from desktop.store import Campaign, GameRecord

NOT_YOUR_TURN = "It is not your turn: wait for it or for your GM to ask you to roll."
NO_SCENE = "No scene is running: your GM sets the scene before anyone declares."
NOT_YOUR_TURN_TO_DECLARE = "It is not your turn: you declare your action on your turn."


def rolls_wait_for_turns(campaign: Campaign) -> bool:
    """Whether the GM asked for phone rolls in turn order (rather than whenever)."""
    return campaign.sharing().get("roll_timing") == ROLL_TURN_ORDER


def roll_turn_refusal(campaign: Campaign, character_id: int, asked: bool) -> str | None:
    """Why the player of `character_id` may not roll from their phone now, or None when
    they may: always with "whenever"; in turn order, on their character's turn in the
    running scene, or when the GM has asked them to roll (`asked`)."""
    if asked or not rolls_wait_for_turns(campaign):
        return None
    if campaign.games.current().is_turn_of(character_id):
        return None
    return NOT_YOUR_TURN


def declare_refusal(campaign: Campaign, character_id: int) -> str | None:
    """Why the player of `character_id` may not declare an action now (no scene running,
    not their turn), or None when they may."""
    play = campaign.games.current()
    if not play.scene_running:
        return NO_SCENE
    if not play.is_turn_of(character_id):
        return NOT_YOUR_TURN_TO_DECLARE
    return None


def declare_action(campaign: Campaign, actor: Actor, character_id: int, text: str) -> GameRecord:
    """`character_id`'s declared action this round (empty text clears it), as the Play dock
    writes it (`campaign.games.declare`); returns the game as it was. The GM declares for
    anyone seated at any time; a player only for their own character, on its turn in the
    running scene (NotYours, ValueError in plain words, nothing written)."""
    actor.require_one_of([character_id], "declare an action")
    if not actor.is_gm:
        refusal = declare_refusal(campaign, character_id)
        if refusal is not None:
            raise NotYours(refusal)
    return campaign.games.declare(character_id, text)
