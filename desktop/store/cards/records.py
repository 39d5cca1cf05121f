"""The records of SySCards: a card and what undoing its delete needs.

Apart from `records.py`, which every open imports: a campaign opened for play reads no
card until the SySCards dock or a print asks (the cards' manager is made then).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class CardRecord:
    """A SySCard.

    `category` is one of rules.syscards.CATEGORIES. `owner_id` is the card that owns it
    (the `#` of `#efc%`: the character owning a skill or an item), `character_id` the
    roster entry it stands for; either is None when there is none. `info` is the Info
    tab's rich text as HTML. `tags` are normalised (spaces tidied, no repeats).
    `has_image` says whether `campaign.cards.image` has an image for it.
    """

    id: int
    name: str
    category: str
    owner_id: int | None
    character_id: int | None
    capacity: bool
    efficiency: int
    power: int
    velocity: int
    focus: int
    resistance: int
    zone: str
    scale: str
    info: str
    tags: tuple[str, ...]
    position: int
    has_image: bool
    shown: bool = False  # shown to players (0008); a card is the GM's until shown


@dataclass(frozen=True)
class CardSnapshot:
    """A deleted card, for undoing the delete: its image (format, bytes) if it had one,
    and the cards it owned (their owner became None) so that they are relinked."""

    card: CardRecord
    image: tuple[str, bytes] | None = None
    owned_ids: tuple[int, ...] = ()
