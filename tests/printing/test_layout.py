"""The card layout as pure geometry: counts, positions, mirrors, bleed and fold-over."""

from __future__ import annotations

import subprocess
import sys

import pytest

from desktop.printing.layout import (
    CARD_SIZES,
    MIN_PAGE_MARGIN_MM,
    PAPER_MM,
    CardPrintOptions,
    LayoutError,
    alignment_targets,
    card_sheet,
    parse_back_offset,
    parse_millimetres,
)

# What the README's table claims: cards per page, no bleed and no gap, then 3 mm bleed.
CLAIMED = {
    ("poker", "A4"): (9, 6),
    ("poker", "Letter"): (9, 4),
    ("bridge", "A4"): (9, 9),
    ("bridge", "Letter"): (9, 6),
    ("mini", "A4"): (16, 16),
    ("mini", "Letter"): (16, 12),
    ("tarot", "A4"): (4, 4),
    ("tarot", "Letter"): (4, 4),
}
FOLD_CLAIMED = {"poker": 3, "bridge": 3, "mini": 8, "tarot": 2}


@pytest.mark.parametrize(("size", "paper"), sorted(CLAIMED))
def test_every_size_fits_the_claimed_count(size: str, paper: str) -> None:
    plain, bled = CLAIMED[(size, paper)]
    assert card_sheet(PAPER_MM[paper], CardPrintOptions(card_size=size)).per_page == plain
    options = CardPrintOptions(card_size=size, bleed_mm=3)
    assert card_sheet(PAPER_MM[paper], options).per_page == bled
    folded = CardPrintOptions(card_size=size, fold_over=True)
    assert card_sheet(PAPER_MM[paper], folded).per_page == FOLD_CLAIMED[size]


@pytest.mark.parametrize("paper", ["A4", "Letter"])
@pytest.mark.parametrize("size", sorted(CARD_SIZES))
@pytest.mark.parametrize(("bleed", "gap"), [(0, 0), (3, 0), (3, 5), (0, 2)])
def test_cards_stay_on_the_paper_apart_and_inside_the_margin(
    size: str, paper: str, bleed: float, gap: float
) -> None:
    width, height = PAPER_MM[paper]
    sheet = card_sheet(
        (width, height), CardPrintOptions(card_size=size, bleed_mm=bleed, gap_mm=gap)
    )
    card_w, card_h = CARD_SIZES[size]
    drawn = sheet.drawn()
    for place, area in zip(sheet.placements, drawn, strict=True):
        assert (place.trim.width, place.trim.height) == (card_w, card_h)
        assert area.left >= MIN_PAGE_MARGIN_MM - 1e-9 and area.top >= MIN_PAGE_MARGIN_MM - 1e-9
        assert area.right <= width - MIN_PAGE_MARGIN_MM + 1e-9
        assert area.bottom <= height - MIN_PAGE_MARGIN_MM + 1e-9
    # Neighbours' drawn areas never overlap, and stand exactly ``gap`` apart.
    for a in drawn:
        for b in drawn:
            if a is b:
                continue
            apart_x = max(b.left - a.right, a.left - b.right)
            apart_y = max(b.top - a.bottom, a.top - b.bottom)
            assert max(apart_x, apart_y) >= gap - 1e-9
    # One more column or row would not fit: the count is the most the paper holds.
    cell_w, cell_h = card_w + 2 * bleed, card_h + 2 * bleed
    room_w, room_h = width - 2 * MIN_PAGE_MARGIN_MM, height - 2 * MIN_PAGE_MARGIN_MM
    assert (sheet.columns + 1) * cell_w + sheet.columns * gap > room_w
    assert (sheet.rows + 1) * cell_h + sheet.rows * gap > room_h


def test_the_block_is_centred() -> None:
    sheet = card_sheet(PAPER_MM["A4"], CardPrintOptions(bleed_mm=3, gap_mm=2))
    drawn = sheet.drawn()
    left = min(box.left for box in drawn)
    right = max(box.right for box in drawn)
    top = min(box.top for box in drawn)
    bottom = max(box.bottom for box in drawn)
    assert left == pytest.approx(210 - right)
    assert top == pytest.approx(297 - bottom)


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_bleed_grows_every_drawn_area_by_its_width_on_every_side(paper: str) -> None:
    for bleed in (0.0, 3.0, 4.5):
        sheet = card_sheet(PAPER_MM[paper], CardPrintOptions(bleed_mm=bleed))
        for place in sheet.placements:
            for trim, drawn in ((place.trim, place.drawn), (place.back_trim, place.back_drawn)):
                assert drawn.left == pytest.approx(trim.left - bleed)
                assert drawn.top == pytest.approx(trim.top - bleed)
                assert drawn.right == pytest.approx(trim.right + bleed)
                assert drawn.bottom == pytest.approx(trim.bottom + bleed)


@pytest.mark.parametrize("paper", ["A4", "Letter"])
@pytest.mark.parametrize("offset", [(0.0, 0.0), (1.5, -0.5), (-3.0, 2.25)])
def test_backs_sit_behind_their_fronts_moved_by_the_offset(
    paper: str, offset: tuple[float, float]
) -> None:
    width, height = PAPER_MM[paper]
    dx, dy = offset
    for edge in ("long", "short"):
        options = CardPrintOptions(back_offset_mm=offset, duplex=edge, card_size="mini")
        for place in card_sheet((width, height), options).placements:
            front, back = place.trim, place.back_trim
            if edge == "long":  # portrait paper turned over its long edge: left is right
                assert back.left == pytest.approx(width - front.right + dx)
                assert back.top == pytest.approx(front.top + dy)
            else:  # over its short edge: top is bottom
                assert back.left == pytest.approx(front.left + dx)
                assert back.top == pytest.approx(height - front.bottom + dy)


def test_a_landscape_sheet_turns_over_the_other_way() -> None:
    # Landscape A4: the long edge is horizontal, so long-edge duplex swaps top and bottom.
    sheet = card_sheet((297, 210), CardPrintOptions(duplex="long"))
    for place in sheet.placements:
        assert place.back_trim.left == pytest.approx(place.trim.left)
        assert place.back_trim.top == pytest.approx(210 - place.trim.bottom)


def test_fold_over_puts_each_back_beside_its_own_front() -> None:
    sheet = card_sheet(PAPER_MM["A4"], CardPrintOptions(fold_over=True, bleed_mm=3))
    assert not sheet.two_sided and sheet.per_page == 3
    for place in sheet.placements:
        assert place.back_trim.left == pytest.approx(place.trim.right)  # the fold
        assert place.back_trim.top == pytest.approx(place.trim.top)
        assert not place.back_rotated
        # No bleed across the fold, 3 mm everywhere else.
        assert place.drawn.right == pytest.approx(place.trim.right)
        assert place.back_drawn.left == pytest.approx(place.back_trim.left)
        assert place.drawn.left == pytest.approx(place.trim.left - 3)
        assert place.back_drawn.right == pytest.approx(place.back_trim.right + 3)
    assert list(sheet.fold_xs) == sorted({round(p.trim.right, 6) for p in sheet.placements})
    # A fold is never a cut.
    xs, _ys = sheet.cut_lines()
    assert not set(sheet.fold_xs) & set(xs)


def test_fold_over_folds_across_the_width_when_that_holds_more() -> None:
    # Bridge cards with bleed on Letter: three front-over-back pairs, not two side by side.
    sheet = card_sheet(PAPER_MM["Letter"], CardPrintOptions("bridge", bleed_mm=3, fold_over=True))
    assert sheet.per_page == 3 and sheet.fold_ys and not sheet.fold_xs
    for place in sheet.placements:
        assert place.back_rotated
        assert place.back_trim.top == pytest.approx(place.trim.bottom)
        assert place.back_trim.left == pytest.approx(place.trim.left)


def test_cut_lines_follow_every_trim_edge() -> None:
    sheet = card_sheet(PAPER_MM["A4"], CardPrintOptions(gap_mm=4))
    xs, ys = sheet.cut_lines()
    assert len(xs) == 2 * sheet.columns and len(ys) == 2 * sheet.rows
    touching = card_sheet(PAPER_MM["A4"])
    xs, ys = touching.cut_lines()
    assert len(xs) == touching.columns + 1 and len(ys) == touching.rows + 1


@pytest.mark.parametrize(
    ("options", "paper"),
    [
        # A5 (148 x 210 mm), as a printer dialog may set it: no tarot pair fits.
        (CardPrintOptions("tarot", fold_over=True), (148, 210)),
        (CardPrintOptions("tarot", bleed_mm=10, gap_mm=30, fold_over=True), (148, 210)),
        (CardPrintOptions("poker", bleed_mm=10), (70, 100)),
    ],
)
def test_a_layout_that_fits_no_card_is_refused_plainly(
    options: CardPrintOptions, paper: tuple[float, float]
) -> None:
    shown = f"{paper[0]} x {paper[1]} mm page"
    with pytest.raises(LayoutError, match=rf"do not fit on a {shown}.*choose a smaller"):
        card_sheet(paper, options)


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"card_size": "huge"}, "card size"),
        ({"bleed_mm": -1}, "bleed"),
        ({"bleed_mm": 11}, "bleed"),
        ({"bleed_mm": float("nan")}, "bleed"),
        ({"gap_mm": "3"}, "gap"),
        ({"cut_marks": "dotted"}, "Cut marks"),
        ({"duplex": "top"}, "duplex"),
        ({"back_offset_mm": (1.0,)}, "back offset"),
        ({"back_offset_mm": (1.0, 12.0)}, "back offset"),
        ({"fold_over": "yes"}, "Fold-over"),
    ],
)
def test_bad_options_are_refused_naming_the_option(values: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        CardPrintOptions(**values)  # type: ignore[arg-type]


def test_remembered_options_round_trip_and_damage_reads_as_default() -> None:
    options = CardPrintOptions("mini", 3, 2, "both", (1.5, -0.5), "short", True)
    assert CardPrintOptions.from_mapping(options.to_mapping()) == options
    damaged = {**options.to_mapping(), "bleed_mm": "lots", "card_size": 7, "extra": 1}
    read = CardPrintOptions.from_mapping(damaged)
    assert read.bleed_mm == 0 and read.card_size == "poker" and read.cut_marks == "both"
    assert CardPrintOptions.from_mapping(None) == CardPrintOptions()


def test_command_line_values_are_read_or_refused() -> None:
    assert parse_millimetres("3", "bleed", 10) == 3.0
    assert parse_millimetres("2.5mm", "gap", 30) == 2.5
    assert parse_back_offset("1.5,-0.5") == (1.5, -0.5)
    for bad in ("", "x", "-1", "inf", "11"):
        with pytest.raises(ValueError, match="bleed"):
            parse_millimetres(bad, "bleed", 10)
    for bad in ("1.5", "1,2,3", "a,b", "1,20"):
        with pytest.raises(ValueError, match="back offset"):
            parse_back_offset(bad)


def test_alignment_targets_mirror_as_the_backs_do() -> None:
    for edge in ("long", "short"):
        options = CardPrintOptions(back_offset_mm=(1.5, -0.5), duplex=edge)
        for (fx, fy), (bx, by) in alignment_targets(PAPER_MM["A4"], options):
            if edge == "long":
                assert (bx, by) == pytest.approx((210 - fx + 1.5, fy - 0.5))
            else:
                assert (bx, by) == pytest.approx((fx + 1.5, 297 - fy - 0.5))


def test_the_layout_module_needs_no_qt() -> None:
    code = "import sys, desktop.printing.layout\nprint(any('PySide6' in m for m in sys.modules))"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "False"
