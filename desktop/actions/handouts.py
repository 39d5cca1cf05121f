"""Handouts, the GM's alone: give one (a card's copy, a text, a picture) to one player
character or to every player, take one back, give one taken back again. A player's page
only receives them; the store checks what is given."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from desktop.actions.actor import Actor

if TYPE_CHECKING:
    from desktop.store import Campaign
    from desktop.store.handouts import HandoutRecord, HandoutSnapshot

WHAT = "give or take back handouts"


@dataclass(frozen=True)
class Gift:
    """What the GM gives: `kind` "card" (with `card`, the card's copy as JSON), "text"
    (with `text`) or "image" (with `image`, a PNG's or JPEG's bytes, and an optional
    caption in `text`); to `character_id`, or to every player (None)."""

    kind: str
    title: str
    text: str = ""
    card: str = ""
    image: bytes | None = None
    character_id: int | None = None


def give_handout(campaign: Campaign, actor: Actor, gift: Gift) -> HandoutRecord:
    """Give `gift`, after every handout given before; NotYours for a player, ValueError
    or NotFound in plain words for a handout the store refuses (nothing written)."""
    actor.require_gm(WHAT)
    return campaign.handouts.give(
        gift.kind,
        gift.title,
        text=gift.text,
        card=gift.card,
        image=gift.image,
        character_id=gift.character_id,
    )


def take_back_handout(campaign: Campaign, actor: Actor, handout_id: int) -> HandoutSnapshot:
    """Take a handout back from every page holding it; what `give_back_handout` needs."""
    actor.require_gm(WHAT)
    return campaign.handouts.take_back(handout_id)


def give_back_handout(campaign: Campaign, actor: Actor, taken: HandoutSnapshot) -> HandoutRecord:
    """Give a handout taken back again, under its own id (in its old place on the pages)."""
    actor.require_gm(WHAT)
    return campaign.handouts.give_back(taken)
