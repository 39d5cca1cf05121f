"""Where printed cards go on the paper: pure geometry in millimetres, no Qt.

``card_sheet(paper, options)`` turns the paper, the card size, the bleed, the gap, the
duplex edge, the back offset and fold-over into every card's trim (where it is cut),
its drawn area (the trim plus its bleed) and where its back goes. The painting in
``cards.py`` only follows these numbers, so tests check counts and positions exactly,
and the print preview, a printer and a PDF agree.

``CardPrintOptions`` holds the GM's choices as plain values; ``from_mapping`` and
``to_mapping`` carry them to and from a campaign's settings (JSON), and the ``parse_*``
helpers read them from the command line, each refusing a bad value with a plain message.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Final, Literal

__all__ = [
    "CARD_SIZES",
    "CUT_MARKS",
    "DUPLEX_EDGES",
    "MIN_PAGE_MARGIN_MM",
    "PAPER_MM",
    "Box",
    "CardPrintOptions",
    "CardSheet",
    "LayoutError",
    "Placement",
    "alignment_targets",
    "card_sheet",
    "parse_back_offset",
    "parse_millimetres",
]

from desktop.printing.choices import (
    CARD_SIZES,
    CUT_MARKS,
    DUPLEX_EDGES,
    MAX_BLEED_MM,
    MAX_GAP_MM,
    MAX_OFFSET_MM,
    MIN_PAGE_MARGIN_MM,
    PAPER_MM,
    parse_back_offset,
    parse_millimetres,
)

CutMarks = Literal["short", "lines", "both", "none"]
DuplexEdge = Literal["long", "short"]
_EPSILON: Final = 1e-9


class LayoutError(ValueError):
    """A choice of size, bleed and gap that fits no card on the paper."""


# ------------------------------------------------------------------------ options


def _number(value: object, what: str, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ValueError(f"The {what} must be a number of millimetres, not {value!r}.")
    if not low <= value <= high:
        raise ValueError(f"The {what} must be {low:g} to {high:g} mm, not {value:g}.")
    return float(value)


@dataclass(frozen=True)
class CardPrintOptions:
    """How cards are laid out on paper: every value checked when built."""

    card_size: str = "poker"
    bleed_mm: float = 0.0
    gap_mm: float = 0.0
    cut_marks: CutMarks = "short"
    # Moves every back on its page: + is right and down as you look at the back.
    back_offset_mm: tuple[float, float] = (0.0, 0.0)
    duplex: DuplexEdge = "long"
    fold_over: bool = False

    def __post_init__(self) -> None:
        if self.card_size not in CARD_SIZES:
            raise ValueError(
                f"The card size must be {', '.join(CARD_SIZES)}, not {self.card_size!r}."
            )
        object.__setattr__(self, "bleed_mm", _number(self.bleed_mm, "bleed", 0, MAX_BLEED_MM))
        object.__setattr__(self, "gap_mm", _number(self.gap_mm, "gap", 0, MAX_GAP_MM))
        if self.cut_marks not in CUT_MARKS:
            raise ValueError(f"Cut marks are {', '.join(CUT_MARKS)}, not {self.cut_marks!r}.")
        if self.duplex not in DUPLEX_EDGES:
            raise ValueError(f"The duplex edge is long or short, not {self.duplex!r}.")
        offset = tuple(self.back_offset_mm)
        if len(offset) != 2:
            raise ValueError(f"The back offset is two numbers (x, y), not {offset!r}.")
        limit = MAX_OFFSET_MM
        checked = tuple(_number(value, "back offset", -limit, limit) for value in offset)
        object.__setattr__(self, "back_offset_mm", checked)
        if not isinstance(self.fold_over, bool):
            raise ValueError(f"Fold-over is on or off, not {self.fold_over!r}.")

    @property
    def card_mm(self) -> tuple[float, float]:
        return CARD_SIZES[self.card_size]

    def to_mapping(self) -> dict[str, object]:
        """Plain JSON values, for the campaign's settings."""
        return {
            "card_size": self.card_size,
            "bleed_mm": self.bleed_mm,
            "gap_mm": self.gap_mm,
            "cut_marks": self.cut_marks,
            "back_offset_mm": list(self.back_offset_mm),
            "duplex": self.duplex,
            "fold_over": self.fold_over,
        }

    @classmethod
    def from_mapping(cls, stored: Mapping[str, object] | object) -> CardPrintOptions:
        """The options a campaign remembered; a damaged value (a file edited by hand)
        reads as its default, the others stay."""
        options = cls()
        if not isinstance(stored, Mapping):
            return options
        for name in options.to_mapping():
            if name not in stored:
                continue
            value = stored[name]
            if name == "back_offset_mm" and isinstance(value, list):
                value = tuple(value)
            change: dict[str, Any] = {name: value}  # any stored value: the constructor judges it
            try:
                options = replace(options, **change)
            except (TypeError, ValueError):
                continue
        return options


# ----------------------------------------------------------------------- geometry


@dataclass(frozen=True)
class Box:
    """A rectangle in millimetres from the paper's top-left corner."""

    left: float
    top: float
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.left + self.width

    @property
    def bottom(self) -> float:
        return self.top + self.height

    def moved(self, dx: float, dy: float) -> Box:
        return Box(self.left + dx, self.top + dy, self.width, self.height)

    def grown(self, left: float, top: float, right: float, bottom: float) -> Box:
        return Box(
            self.left - left, self.top - top, self.width + left + right, self.height + top + bottom
        )


@dataclass(frozen=True)
class Placement:
    """One card's place: its front and its back, each a trim and a drawn area.

    With fold-over both are on the same page (``back_rotated``: the back is turned half
    round, for a fold across the card's width); else the back is on the next page.
    """

    trim: Box
    drawn: Box
    back_trim: Box
    back_drawn: Box
    back_rotated: bool = False


@dataclass(frozen=True)
class CardSheet:
    """Every card place on one sheet of paper, and where to cut and fold it."""

    paper_mm: tuple[float, float]
    options: CardPrintOptions
    columns: int
    rows: int
    placements: tuple[Placement, ...]
    fold_xs: tuple[float, ...] = ()  # vertical folds (front left, back right)
    fold_ys: tuple[float, ...] = ()  # horizontal folds (front above, back below)
    extent: Box = field(default=Box(0, 0, 0, 0))  # every drawn area of the front side

    @property
    def per_page(self) -> int:
        return len(self.placements)

    @property
    def two_sided(self) -> bool:
        return not self.options.fold_over

    def trims(self, *, back: bool = False) -> list[Box]:
        """The cut outline of every card on the front page, or on the back page."""
        if back:
            return [place.back_trim for place in self.placements]
        if self.options.fold_over:
            return [_union(p.trim, p.back_trim) for p in self.placements]
        return [place.trim for place in self.placements]

    def drawn(self, *, back: bool = False) -> list[Box]:
        if back:
            return [place.back_drawn for place in self.placements]
        if self.options.fold_over:
            return [_union(p.drawn, p.back_drawn) for p in self.placements]
        return [place.drawn for place in self.placements]

    def cut_lines(self, *, back: bool = False) -> tuple[list[float], list[float]]:
        """The x of every vertical cut and the y of every horizontal one (never a fold)."""
        trims = self.trims(back=back)
        xs = sorted({round(edge, 6) for box in trims for edge in (box.left, box.right)})
        ys = sorted({round(edge, 6) for box in trims for edge in (box.top, box.bottom)})
        return xs, ys


def _union(a: Box, b: Box) -> Box:
    left, top = min(a.left, b.left), min(a.top, b.top)
    return Box(left, top, max(a.right, b.right) - left, max(a.bottom, b.bottom) - top)


def _fit(extent: float, cell: float, gap: float) -> int:
    """How many cells, ``gap`` apart, fit in ``extent`` less the margins."""
    room = extent - 2 * MIN_PAGE_MARGIN_MM + gap
    return max(0, math.floor(room / (cell + gap) + _EPSILON))


def _describe(options: CardPrintOptions, paper_mm: tuple[float, float]) -> str:
    width, height = options.card_mm
    paper = next((n for n, size in PAPER_MM.items() if size == paper_mm), None)
    shown = f"{paper} paper" if paper else f"a {paper_mm[0]:g} x {paper_mm[1]:g} mm page"
    fold = " folded over" if options.fold_over else ""
    return (
        f"{options.card_size.capitalize()} cards ({width:g} x {height:g} mm){fold} with "
        f"{options.bleed_mm:g} mm bleed and a {options.gap_mm:g} mm gap do not fit on {shown}"
    )


def card_sheet(paper_mm: tuple[float, float], options: CardPrintOptions | None = None) -> CardSheet:
    """Cards laid out on ``paper_mm`` (width, height), centred; refuses a layout that
    fits no card with a plain message (``LayoutError``)."""
    options = options or CardPrintOptions()
    paper_w, paper_h = paper_mm
    width, height = options.card_mm
    bleed, gap = options.bleed_mm, options.gap_mm
    if not options.fold_over:
        cell_w, cell_h = width + 2 * bleed, height + 2 * bleed
        columns, rows = _fit(paper_w, cell_w, gap), _fit(paper_h, cell_h, gap)
        side_by_side = False
    else:
        # Side by side folds across a vertical line; front over back across a
        # horizontal one. Whichever holds more cards; side by side when equal.
        beside = _fit(paper_w, 2 * width + 2 * bleed, gap) * _fit(paper_h, height + 2 * bleed, gap)
        above = _fit(paper_w, width + 2 * bleed, gap) * _fit(paper_h, 2 * height + 2 * bleed, gap)
        side_by_side = beside >= above
        cell_w = (2 if side_by_side else 1) * width + 2 * bleed
        cell_h = (1 if side_by_side else 2) * height + 2 * bleed
        columns, rows = _fit(paper_w, cell_w, gap), _fit(paper_h, cell_h, gap)
    if columns < 1 or rows < 1:
        raise LayoutError(
            f"{_describe(options, paper_mm)}: the paper is too small for them; "
            "choose a smaller card size, bleed or gap."
        )
    block_w = columns * cell_w + (columns - 1) * gap
    block_h = rows * cell_h + (rows - 1) * gap
    left0, top0 = (paper_w - block_w) / 2, (paper_h - block_h) / 2
    placements: list[Placement] = []
    fold_xs: list[float] = []
    fold_ys: list[float] = []
    for row in range(rows):
        for column in range(columns):
            x = left0 + column * (cell_w + gap) + bleed
            y = top0 + row * (cell_h + gap) + bleed
            trim = Box(x, y, width, height)
            if not options.fold_over:
                placements.append(_duplex_placement(trim, bleed, paper_mm, options))
            elif side_by_side:
                back = trim.moved(width, 0)
                placements.append(
                    Placement(
                        trim,
                        trim.grown(bleed, bleed, 0, bleed),
                        back,
                        back.grown(0, bleed, bleed, bleed),
                    )
                )
                fold_xs.append(round(trim.right, 6))
            else:
                back = trim.moved(0, height)
                placements.append(
                    Placement(
                        trim,
                        trim.grown(bleed, bleed, bleed, 0),
                        back,
                        back.grown(bleed, 0, bleed, bleed),
                        back_rotated=True,
                    )
                )
                fold_ys.append(round(trim.bottom, 6))
    extent = Box(left0, top0, block_w, block_h)
    return CardSheet(
        paper_mm,
        options,
        columns,
        rows,
        tuple(placements),
        tuple(sorted(set(fold_xs))),
        tuple(sorted(set(fold_ys))),
        extent,
    )


def _duplex_placement(
    trim: Box, bleed: float, paper_mm: tuple[float, float], options: CardPrintOptions
) -> Placement:
    """The back behind ``trim`` once the sheet is turned over, moved by the offset.

    Turned over its long edge, a portrait sheet's left and right swap; over its short
    edge, its top and bottom. The offset is in the back page's own terms.
    """
    paper_w, paper_h = paper_mm
    long_edge_is_vertical = paper_h >= paper_w
    mirror_x = (options.duplex == "long") == long_edge_is_vertical
    if mirror_x:
        back = Box(paper_w - trim.right, trim.top, trim.width, trim.height)
    else:
        back = Box(trim.left, paper_h - trim.bottom, trim.width, trim.height)
    dx, dy = options.back_offset_mm
    back = back.moved(dx, dy)
    return Placement(
        trim,
        trim.grown(bleed, bleed, bleed, bleed),
        back,
        back.grown(bleed, bleed, bleed, bleed),
    )


# ----------------------------------------------------------------- alignment test


def alignment_targets(
    paper_mm: tuple[float, float], options: CardPrintOptions | None = None
) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """The alignment test's targets: (front cross, back grid centre) in mm, each grid
    where a back would go behind its cross (mirrored for the duplex edge, moved by the
    back offset). One in the middle, one up and to the left, so a mirror the wrong
    way round shows at once."""
    options = options or CardPrintOptions()
    paper_w, paper_h = paper_mm
    crosses = [(paper_w / 2, paper_h / 2), (paper_w * 0.3, paper_h * 0.25)]
    size = 0.0  # a point: a box of no size mirrors onto its own spot
    targets = []
    for x, y in crosses:
        back = _duplex_placement(Box(x, y, size, size), 0.0, paper_mm, options).back_trim
        targets.append(((x, y), (back.left, back.top)))
    return targets
