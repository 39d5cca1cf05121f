"""Checks of a handout before it is written: a known kind, a title and a text of bounded
length, a card's copy that is a small JSON object of plain values, and an image that is a
PNG or a JPEG (told by its first bytes) of at most 2 MiB. Each refusal is a plain
message; nothing is decoded here (the store has no Qt: the GM's window decodes an image
before handing it over)."""

from __future__ import annotations

import json
from dataclasses import replace

from desktop.store import checks
from desktop.store.handouts.records import CARD, IMAGE, KINDS, TEXT, HandoutRecord

TITLE_MAX = 120
TEXT_MAX = 20_000  # a long letter; a phone reads no more than that in one handout
CARD_MAX = 300_000  # a card's copy as JSON: its Info may be long (checks.CARD_INFO_MAX)
IMAGE_MAX = 2 * 1024 * 1024
IMAGE_FORMATS: tuple[str, ...] = ("png", "jpeg")
NOT_A_PICTURE = "A handout's image must be a PNG or JPEG picture."


def kind(value: object) -> str:
    if not isinstance(value, str) or value not in KINDS:
        raise ValueError(f"A handout is a {', a '.join(KINDS)}, not {checks.shown(value)}.")
    return value


def title(value: object) -> str:
    if not isinstance(value, str):
        raise ValueError(f"A handout's title must be text, not {checks.shown(value)}.")
    cleaned = " ".join(value.split())
    if not cleaned:
        raise ValueError("A handout needs a title.")
    if len(cleaned) > TITLE_MAX:
        raise ValueError(f"A handout's title can be at most {TITLE_MAX} characters.")
    return cleaned


def text(value: object) -> str:
    if not isinstance(value, str):
        raise ValueError(f"A handout's text must be text, not {checks.shown(value)}.")
    if len(value) > TEXT_MAX:
        raise ValueError(
            f"A handout's text can be at most {TEXT_MAX:,} characters, not {len(value):,}."
        )
    return value


def card(value: object) -> str:
    """A card's copy: a JSON object whose values are text, whole numbers, yes/no, nothing
    or lists of text (what a player's page shows of a card), at most CARD_MAX long."""
    if not isinstance(value, str):
        raise ValueError(f"A handout's card must be JSON text, not {checks.shown(value)}.")
    if len(value) > CARD_MAX:
        raise ValueError("This card is too long to give as a handout.")
    try:
        document = json.loads(value)
    except ValueError:
        raise ValueError("A handout's card is not readable JSON.") from None
    if not isinstance(document, dict) or not document:
        raise ValueError("A handout's card must be a JSON object with the card's fields.")
    for key, item in document.items():
        if not _plain(item):
            raise ValueError(f"A handout's card has a field {checks.shown(key)} of no known kind.")
    return value


def _plain(item: object) -> bool:
    if item is None or isinstance(item, str | bool):
        return True
    if isinstance(item, int):
        return abs(item) <= checks.INTEGER_MAX
    return isinstance(item, list) and all(isinstance(part, str) for part in item)


def image(data: object) -> tuple[str, bytes]:
    """(format, bytes) of a handout's picture: a PNG or a JPEG, by its first bytes."""
    if not isinstance(data, bytes | bytearray | memoryview):
        raise ValueError(f"{NOT_A_PICTURE} This is {type(data).__name__}, not a file's bytes.")
    content = bytes(data)
    if len(content) > IMAGE_MAX:
        size = len(content) / (1024 * 1024)
        raise ValueError(f"The picture is {size:.1f} MiB; a handout's can be at most 2 MiB.")
    found = checks.image_format(content)
    if found not in IMAGE_FORMATS:
        raise ValueError(f"{NOT_A_PICTURE} This file is not one.")
    assert found is not None
    return found, content


def image_format(value: object) -> str:
    if value not in IMAGE_FORMATS:
        raise ValueError(f"A handout's image is a PNG or a JPEG, not {checks.shown(value)}.")
    return str(value)


def handout(record: object, picture: object = None) -> tuple[HandoutRecord, bytes | None]:
    """A whole handout and its picture's bytes, each field checked, the kind's own
    content required and the others' refused: a card has its copy, a text its words,
    an image its picture."""
    if not isinstance(record, HandoutRecord):
        raise ValueError(f"Expected a handout, not {checks.shown(record)}.")
    what = kind(record.kind)
    checked = HandoutRecord(
        id=checks.row_id(record.id, "A handout's id"),
        kind=what,
        title=title(record.title),
        text=text(record.text),
        card=card(record.card) if what == CARD else "",
        image_format="",
        character_id=checks.optional_id(record.character_id, "A handout's player character"),
    )
    if what == TEXT and not checked.text.strip():
        raise ValueError("A text handout needs some words.")
    if what != CARD and record.card:
        raise ValueError(f"A {what} handout holds no card.")
    if what != IMAGE:
        if picture is not None or record.image_format:
            raise ValueError(f"A {what} handout holds no picture.")
        return checked, None
    if picture is None:
        raise ValueError("An image handout needs a picture.")
    found, content = image(picture)
    return replace(checked, image_format=found), content
