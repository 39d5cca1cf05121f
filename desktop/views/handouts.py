"""The handouts a player's page shows, and a card's copy as a player sees it.

A card handout is the card as its player saw it when the GM gave it (`card_copy`): the
same fields as a shown card on their page (views/own.py), Info as plain paragraphs,
an owner the GM keeps hidden not named. What the GM writes into the card later never
reaches the page through the handout. The TV (views/public.py) shows no handouts.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields

from desktop.store import Campaign
from desktop.store.handouts import CARD, IMAGE, HandoutRecord
from desktop.views.own import CardView, card_view


@dataclass(frozen=True)
class HandoutView:
    """One handout on a player's page. `handout_id` is what the page names to load an
    image handout's picture (from its own link's path, see share/server.py); `card` a
    card handout's copy; `text` a text's words or an image's caption."""

    handout_id: int
    kind: str
    title: str
    text: str
    card: CardView | None
    image: bool
    to_everyone: bool
    image_format: str = ""  # "png" or "jpeg" for an image handout


def card_copy(campaign: Campaign, card_id: int) -> str:
    """The card as a player sees it now, as the JSON a card handout keeps."""
    by_id = {card.id: card for card in campaign.cards.all()}
    if card_id not in by_id:
        by_id[card_id] = campaign.cards.get(card_id)  # NotFound in the store's words
    view = asdict(card_view(by_id[card_id], by_id))
    return json.dumps({**view, "info": list(view["info"])}, ensure_ascii=False)


def card_holder(campaign: Campaign, card_id: int) -> int | None:
    """The player character a card stands for or belongs to (through its owners), None
    when it is no player's: whom a card handout goes to unless the GM chooses."""
    from desktop.views.own import owned_by
    from desktop.views.public import player_characters_of

    by_id = {card.id: card for card in campaign.cards.all()}
    card = by_id.get(card_id)
    if card is None:
        return None
    for character in player_characters_of(campaign.roster.all()):
        if owned_by(card, character.id, by_id, {}):
            return character.id
    return None


def card_of_copy(copy: str) -> CardView | None:
    """A card handout's copy read back; None when it cannot be (another program's)."""
    try:
        document = json.loads(copy)
    except ValueError:
        return None
    if not isinstance(document, dict):
        return None
    values: dict[str, object] = {}
    for field in fields(CardView):
        value = document.get(field.name)
        if field.name == "info":
            value = tuple(v for v in value if isinstance(v, str)) if isinstance(value, list) else ()
        elif field.type == "int" or isinstance(value, bool):
            value = value if isinstance(value, int) and not isinstance(value, bool) else 0
        elif not isinstance(value, str):
            value = ""
        values[field.name] = value
    return CardView(**values)  # type: ignore[arg-type]  # each field's type made sure above


def handout_view(record: HandoutRecord) -> HandoutView:
    return HandoutView(
        handout_id=record.id,
        kind=record.kind,
        title=record.title,
        text=record.text,
        card=card_of_copy(record.card) if record.kind == CARD else None,
        image=record.kind == IMAGE,
        to_everyone=record.to_everyone,
        image_format=record.image_format,
    )


def picture_type(image_format: str) -> str:
    """An image handout's content type as served to its page."""
    return "image/png" if image_format == "png" else "image/jpeg"


def player_handouts(campaign: Campaign, character_id: int) -> tuple[HandoutView, ...]:
    """What the player of `character_id` holds: their handouts and those to every
    player, in the order given; never another character's."""
    return tuple(handout_view(h) for h in campaign.handouts.for_player(character_id))


def handouts_data(handouts: tuple[HandoutView, ...]) -> list[dict[str, object]]:
    """The page's `handouts`: plain data; a card as a shown card's fields."""
    return [
        {
            "id": handout.handout_id,
            "kind": handout.kind,
            "title": handout.title,
            "text": handout.text,
            "card": None if handout.card is None else _card_data(handout.card),
            "image": handout.image,
            "to_everyone": handout.to_everyone,
        }
        for handout in handouts
    ]


def _card_data(card: CardView) -> dict[str, object]:
    data = asdict(card)
    return {**data, "info": list(data["info"])}
