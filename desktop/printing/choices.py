"""The card layout's choices as plain values, and the command line's readers of them.

Kept apart from ``layout.py`` (the geometry, with its dataclasses) because the command
line names these choices before anything else is imported: `gm-desk --help` and the
window's start-up read them, and neither needs the geometry.
"""

from __future__ import annotations

import math

# `typing` is not yet imported when the command line reads these: only a type checker
# needs `Final`.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Final

# Width x height of each card size, portrait. Poker is what card sleeves are made for.
CARD_SIZES: Final[dict[str, tuple[float, float]]] = {
    "poker": (63.0, 88.0),
    "bridge": (57.0, 89.0),
    "mini": (44.0, 63.0),
    "tarot": (70.0, 120.0),
}
PAPER_MM: Final[dict[str, tuple[float, float]]] = {"A4": (210.0, 297.0), "Letter": (215.9, 279.4)}
CUT_MARKS: Final = ("short", "lines", "both", "none")
DUPLEX_EDGES: Final = ("long", "short")

# The drawn area (cards and their bleed) keeps this far from the paper's edge: what
# home printers reach, with room for crop marks outside it.
MIN_PAGE_MARGIN_MM: Final = 5.0
MAX_BLEED_MM: Final = 10.0
MAX_GAP_MM: Final = 30.0
MAX_OFFSET_MM: Final = 10.0  # printers shift a back 1-4 mm; more is a typing slip


def parse_millimetres(text: str, what: str, high: float) -> float:
    """A command line's millimetres (``3``, ``2.5``); a plain message when it is not."""
    try:
        value = float(text.strip().removesuffix("mm").strip())
    except ValueError:
        raise ValueError(f"the {what} is a number of millimetres, not {text!r}") from None
    if not math.isfinite(value) or not 0 <= value <= high:
        raise ValueError(f"the {what} must be 0 to {high:g} mm, not {text!r}")
    return value


def parse_back_offset(text: str) -> tuple[float, float]:
    """``X,Y`` in millimetres (``1.5,-0.5``) as the command line gives it."""
    parts = text.replace(";", ",").split(",")
    try:
        x, y = (float(part.strip().removesuffix("mm").strip()) for part in parts)
    except ValueError:
        raise ValueError(
            f"the back offset is X,Y in millimetres (1.5,-0.5), not {text!r}"
        ) from None
    if not all(math.isfinite(v) and abs(v) <= MAX_OFFSET_MM for v in (x, y)):
        raise ValueError(f"each back offset must be -{MAX_OFFSET_MM:g} to {MAX_OFFSET_MM:g} mm")
    return (x, y)
