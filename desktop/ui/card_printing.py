"""Cards from the campaign as the printing layer wants them: plain data, no widgets."""

from __future__ import annotations

from collections.abc import Sequence

from desktop.printing.cards import PrintCard
from desktop.store.campaign import Campaign
from desktop.store.records import CardRecord


def print_cards(campaign: Campaign, cards: Sequence[CardRecord] | None = None) -> list[PrintCard]:
    """PrintCards for `cards` (all of the campaign's when None), owners named, images in."""
    chosen = list(cards) if cards is not None else campaign.cards()
    names = {card.id: card.name for card in campaign.cards()} if chosen else {}
    return [print_card(card, names.get(card.owner_id or -1), campaign) for card in chosen]


def print_card(card: CardRecord, owner: str | None, campaign: Campaign | None) -> PrintCard:
    image = campaign.card_image(card.id) if campaign is not None and card.has_image else None
    return PrintCard(
        name=card.name,
        category=card.category,
        owner=owner,
        efficiency=card.efficiency,
        power=card.power,
        velocity=card.velocity,
        focus=card.focus,
        resistance=card.resistance,
        zone=card.zone,
        scale=card.scale,
        info_html=card.info,
        tags=tuple(card.tags),
        image=image[1] if image else None,
    )
