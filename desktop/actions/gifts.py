"""Who a player may give one of their depleted dice to (the storytelling award, Energy
System DP 167: "they may immediately give that player one of their depleted die. This
die will boost all subsequent rolls during the game"): another player character, while a
game runs. The die itself is checked by the rules when it moves (`pool.given_die`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from desktop.store import NotFound

if TYPE_CHECKING:
    from desktop.store import Campaign

PLAYER_KIND = "pc"
NO_GAME = "No game is running: a depleted die is given during a game."
NOT_A_PLAYER = "That character is not a player's character in this game."
NOT_YOURSELF = "Give the die to another player's character, not your own."


def gift_refusal(campaign: Campaign, giver: int, receiver: int) -> str | None:
    """Why `giver`'s player may not give a die to `receiver` now, in plain words; None
    when they may (the receivers a page offers: `views.player.gift_receivers`)."""
    if campaign.games.running() is None:
        return NO_GAME
    if receiver == giver:
        return NOT_YOURSELF
    try:
        character = campaign.roster.get(receiver)
    except NotFound:
        return NOT_A_PLAYER
    return None if character.kind == PLAYER_KIND else NOT_A_PLAYER
