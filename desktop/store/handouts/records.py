"""What the store hands out for handouts: frozen plain values, never live rows."""

from __future__ import annotations

from dataclasses import dataclass

CARD = "card"
TEXT = "text"
IMAGE = "image"
KINDS: tuple[str, ...] = (CARD, TEXT, IMAGE)


@dataclass(frozen=True)
class HandoutRecord:
    """A handout as given: `kind` one of KINDS; `title` what the player's page heads it
    with; `text` a text's words (an image's caption); `card` a card handout's copy of the
    card as the player saw it when given (a JSON object, "" for other kinds);
    `image_format` "png" or "jpeg" for an image ("" otherwise; the bytes are read apart,
    `campaign.handouts.image`); `character_id` the player character it was given to,
    None for every player. Handouts are listed in the order given (by id)."""

    id: int
    kind: str
    title: str
    text: str = ""
    card: str = ""
    image_format: str = ""
    character_id: int | None = None

    @property
    def to_everyone(self) -> bool:
        return self.character_id is None


@dataclass(frozen=True)
class HandoutSnapshot:
    """A handout taken back, with its image's bytes (None for a card or a text): what
    giving it back under the same id needs."""

    handout: HandoutRecord
    image: bytes | None = None
