"""The names of the dice pictures a player's page shows, and how each is drawn.

A die in a pool is drawn by its kind, its size and its place (in the pool, depleted on
the table, removed), as the Dice Table draws it; a die of a roll by the size it rolled
as, its face and whether it depleted, as the player display draws it. Each look is one
file, drawn once by desktop/ui/share_art.py with the desktop's own painter, so the
page shows the same shapes, colours and hatching.

Why a file per face for rolled dice: the desktop draws a d6's face in pips and fits
each label inside its outline; drawing the number over a blank die in the page would
be a second drawing of the same thing, in another style. 60 faces x depleted or not
is 120 small files, drawn once when sharing starts; pool dice add 4 kinds x 6 sizes x
3 places. A stepped die (a d6 rolled as a d10) is drawn as the d10 it rolled as and
said in words, which saves a file per step.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from desktop.rules.dicepool import SIZES, Kind, Place

UNKNOWN_KIND: Final = "unknown"  # a kind this build does not know (a newer file)
ART_KINDS: Final[tuple[str, ...]] = (*(str(kind) for kind in Kind), UNKNOWN_KIND)
PLACE_LOOKS: Final[tuple[str, ...]] = tuple(str(place) for place in Place)
# Drawn for a die whose size no rule knows (a damaged log line): never a broken picture.
FALLBACK_SIZE: Final = 6


class ArtLook(NamedTuple):
    """One picture: its file name and what the desktop's `paint_die` draws it from."""

    name: str
    size: int
    kind: str
    face: int | None
    depleted: bool
    removed: bool


def die_art_name(kind: str, size: int, place: str) -> str:
    """The picture of a die in a character's kit: "die-damage-d8-table.svg"."""
    known_kind = kind if kind in ART_KINDS else UNKNOWN_KIND
    known_size = size if size in SIZES else FALLBACK_SIZE
    known_place = place if place in PLACE_LOOKS else str(Place.POOL)
    return f"die-{known_kind}-d{known_size}-{known_place}.svg"


def roll_art_name(size: int, face: int, depleted: bool) -> str:
    """The picture of a rolled die: "roll-d10-7.svg", "roll-d6-1-depleted.svg"."""
    if size not in SIZES or not 1 <= face <= size:
        return die_art_name(UNKNOWN_KIND, FALLBACK_SIZE, str(Place.POOL))
    return f"roll-d{size}-{face}{'-depleted' if depleted else ''}.svg"


def art_looks() -> tuple[ArtLook, ...]:
    """Every picture a payload can name, each once."""
    looks = [
        ArtLook(
            die_art_name(kind, size, place),
            size,
            kind,
            None,
            place == Place.TABLE,
            place == Place.REMOVED,
        )
        for kind in ART_KINDS
        for size in SIZES
        for place in PLACE_LOOKS
    ]
    looks += [
        ArtLook(
            roll_art_name(size, face, depleted), size, str(Kind.ORDINARY), face, depleted, False
        )
        for size in SIZES
        for face in range(1, size + 1)
        for depleted in (False, True)
    ]
    return tuple(looks)
