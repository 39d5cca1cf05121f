"""Card layouts read back from their PDFs: pypdf for page boxes and text, pdftoppm's
PNGs for geometry, pdftotext for what lies where."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtGui import QImage

from desktop.printing.alignment import export_alignment_pdf
from desktop.printing.cards import FRAME_MM, PrintCard, export_pdf, paint_pages
from desktop.printing.layout import (
    CARD_SIZES,
    PAPER_MM,
    Box,
    CardPrintOptions,
    LayoutError,
    alignment_targets,
    card_sheet,
)
from tests.printing.conftest import NAMES, card, page_texts
from tests.printing.test_layout import CLAIMED

MM_TO_PT = 72 / 25.4
DPI = 254  # ten pixels to the millimetre
PX = DPI / 25.4
needs_poppler = pytest.mark.skipif(
    shutil.which("pdftoppm") is None or shutil.which("pdftotext") is None,
    reason="poppler-utils (pdftoppm, pdftotext) is not installed",
)


@pytest.fixture
def cards(qapp: object) -> list[PrintCard]:
    """Seventeen cards with distinct names, none inside another: a page of minis and one."""
    names = [*NAMES, "Lorcan", "Maelis", "Nerys", "Odran", "Perrin", "Quillon"]
    return [card(name, 1 + index * 6) for index, name in enumerate(names)]


def render(pdf: Path, folder: Path, dpi: int = DPI) -> list[QImage]:
    subprocess.run(["pdftoppm", "-png", "-r", str(dpi), str(pdf), str(folder / "p")], check=True)
    pages = sorted(folder.glob("p-*.png"), key=lambda path: int(path.stem.split("-")[-1]))
    return [QImage(str(path)) for path in pages]


def first(
    image: QImage,
    start: tuple[float, float],
    step: tuple[float, float],
    test: Callable[[int], bool],
) -> float:
    """The first pixel from ``start`` (mm) walking ``step`` (mm) whose lightness passes
    ``test``; its position along the walk, in mm."""
    x, y = start
    for _ in range(2000):
        if test(image.pixelColor(round(x * PX), round(y * PX)).lightness()):
            return x if step[0] else y
        x, y = x + step[0], y + step[1]
    raise AssertionError(f"nothing found from {start}")


def dark(value: int) -> bool:
    return value < 140


def frame(image: QImage, trim: Box) -> tuple[float, float, float, float]:
    """The outer edges of a card's printed frame (left, top, right, bottom) in mm,
    found inside the trim where layout says the card is."""
    fine = 0.05
    middle_x, middle_y = trim.left + trim.width / 2, trim.top + trim.height / 2
    left = first(image, (trim.left - 1, middle_y), (fine, 0), dark)
    right = first(image, (trim.right + 1, middle_y), (-fine, 0), dark)
    top = first(image, (middle_x, trim.top - 1), (0, fine), dark)
    bottom = first(image, (middle_x, trim.bottom + 1), (0, -fine), dark)
    return left, top, right, bottom


# ------------------------------------------------------------------------ offsets


@needs_poppler
@pytest.mark.parametrize("edge", ["long", "short"])
def test_every_back_moves_by_the_offset_against_its_front(
    cards: list[PrintCard], tmp_path: Path, edge: str
) -> None:
    options = CardPrintOptions(back_offset_mm=(1.5, -0.5), duplex=edge)
    out = tmp_path / "cards.pdf"
    assert export_pdf(out, cards[:9], "A4", options=options) == 2
    front_page, back_page = render(out, tmp_path)
    width, height = PAPER_MM["A4"]
    sheet = card_sheet((width, height), options)
    for place in sheet.placements:
        f_left, f_top, f_right, f_bottom = frame(front_page, place.trim)
        # The front's frame is where the layout puts it: 2.5 mm inside the trim.
        assert f_left == pytest.approx(place.trim.left + FRAME_MM - 0.17, abs=0.15)
        b_left, b_top, _b_right, _b_bottom = frame(back_page, place.back_trim)
        # Where the back's corner would be with no offset: behind the front, turned over.
        behind = (width - f_right, f_top) if edge == "long" else (f_left, height - f_bottom)
        assert b_left - behind[0] == pytest.approx(1.5, abs=0.15)
        assert b_top - behind[1] == pytest.approx(-0.5, abs=0.15)


@needs_poppler
def test_the_offset_moves_the_backs_by_exactly_that_and_not_the_fronts(
    cards: list[PrintCard], tmp_path: Path
) -> None:
    rendered = {}
    for offset in ((0.0, 0.0), (1.5, -0.5)):
        folder = tmp_path / str(offset)
        folder.mkdir()
        out = folder / "cards.pdf"
        export_pdf(out, cards[:9], "Letter", options=CardPrintOptions(back_offset_mm=offset))
        rendered[offset] = render(out, folder)
    sheet = card_sheet(PAPER_MM["Letter"])
    for place in sheet.placements:
        still = frame(rendered[(0.0, 0.0)][1], place.back_trim)
        moved = frame(rendered[(1.5, -0.5)][1], place.back_trim.moved(1.5, -0.5))
        assert moved[0] - still[0] == pytest.approx(1.5, abs=0.12)
        assert moved[1] - still[1] == pytest.approx(-0.5, abs=0.12)
        fronts = [frame(rendered[offset][0], place.trim) for offset in rendered]
        assert fronts[0] == pytest.approx(fronts[1], abs=0.05)


# -------------------------------------------------------------------------- bleed


def grey(value: int) -> bool:
    return 180 < value < 230  # the bled edge (205), not paper, not ink


@needs_poppler
def test_bleed_grows_each_drawn_card_by_3_mm_on_every_side_and_the_trim_stays(
    cards: list[PrintCard], tmp_path: Path
) -> None:
    options = CardPrintOptions(bleed_mm=3, gap_mm=4)
    out = tmp_path / "bled.pdf"
    export_pdf(out, cards[:4], "A4", options=options)
    reader = PdfReader(out)
    for page in reader.pages:  # the paper is the paper: bleed is inside the page
        assert float(page.mediabox.width) == pytest.approx(210 * MM_TO_PT, abs=0.5)
        assert float(page.mediabox.height) == pytest.approx(297 * MM_TO_PT, abs=0.5)
    sheet = card_sheet(PAPER_MM["A4"], options)
    assert sheet.per_page == 4
    for side, image in zip(("front", "back"), render(out, tmp_path), strict=True):
        for place in sheet.placements:
            trim = place.trim if side == "front" else place.back_trim
            middle_x, middle_y = trim.left + trim.width / 2, trim.top + trim.height / 2
            fine = 0.05
            drawn = (
                first(image, (trim.left - 6, middle_y), (fine, 0), grey),
                first(image, (middle_x, trim.top - 6), (0, fine), grey),
                first(image, (trim.right + 6, middle_y), (-fine, 0), grey),
                first(image, (middle_x, trim.bottom + 6), (0, -fine), grey),
            )
            assert drawn[0] == pytest.approx(trim.left - 3, abs=0.15)
            assert drawn[1] == pytest.approx(trim.top - 3, abs=0.15)
            assert drawn[2] == pytest.approx(trim.right + 3, abs=0.15)
            assert drawn[3] == pytest.approx(trim.bottom + 3, abs=0.15)
            # The frame, and so the trim, is where it is without bleed...
            left, top, right, bottom = frame(image, trim)
            assert left == pytest.approx(trim.left + FRAME_MM - 0.17, abs=0.15)
            assert right == pytest.approx(trim.right - FRAME_MM + 0.17, abs=0.15)
            assert top == pytest.approx(trim.top + FRAME_MM - 0.17, abs=0.15)
            assert bottom == pytest.approx(trim.bottom - FRAME_MM + 0.17, abs=0.15)
    # ... and where the crop marks say to cut: on the trims, outside the bleed.
    xs, _ys = sheet.cut_lines()
    assert xs == sorted(
        {round(e, 6) for p in sheet.placements for e in (p.trim.left, p.trim.right)}
    )


@needs_poppler
def test_without_bleed_cards_stay_white_to_their_edge(
    cards: list[PrintCard], tmp_path: Path
) -> None:
    out = tmp_path / "white.pdf"
    export_pdf(out, cards[:4], "A4", backs=False, options=CardPrintOptions(gap_mm=4))
    (image,) = render(out, tmp_path, dpi=100)
    for place in card_sheet(PAPER_MM["A4"], CardPrintOptions(gap_mm=4)).placements:
        y = place.trim.top + place.trim.height / 2
        x = place.trim.left + 1.0  # between the trim and the frame
        assert image.pixelColor(round(x / 25.4 * 100), round(y / 25.4 * 100)).lightness() > 245


# ----------------------------------------------------------------------- cut marks


@needs_poppler
@pytest.mark.parametrize("marks", ["short", "lines", "both", "none"])
def test_cut_marks_are_what_was_chosen(cards: list[PrintCard], tmp_path: Path, marks: str) -> None:
    options = CardPrintOptions(cut_marks=marks, gap_mm=3)  # type: ignore[arg-type]
    out = tmp_path / "marks.pdf"
    export_pdf(out, cards[:9], "A4", backs=False, options=options)
    (image,) = render(out, tmp_path, dpi=100)
    sheet = card_sheet(PAPER_MM["A4"], options)
    xs, ys = sheet.cut_lines()
    top = min(box.top for box in sheet.drawn())

    def inked(x_mm: float, y_mm: float) -> bool:
        x, y = round(x_mm / 25.4 * 100), round(y_mm / 25.4 * 100)
        near = [(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
        return any(image.pixelColor(*point).lightness() < 200 for point in near)

    short_mark = all(inked(x, top - 3) for x in xs)
    # In the gap between two rows, where only a full-length line can be.
    gap_y = (sheet.placements[0].trim.bottom + sheet.placements[3].trim.top) / 2
    line_in_gap = all(inked(x, gap_y) for x in xs)
    line_at_edge = all(inked(x, 1.0) for x in xs) and all(inked(1.0, y) for y in ys)
    expected = {
        "short": (True, False),
        "lines": (True, True),  # the lines cross the margin too
        "both": (True, True),
        "none": (False, False),
    }[marks]
    assert (short_mark, line_in_gap and line_at_edge) == expected
    if marks == "short":  # marks stop short of the drawn area
        assert not any(inked(x, top - 0.6) for x in xs)


# ----------------------------------------------------------------------- fold-over


def text_in(pdf: Path, page: int, box: Box) -> str:
    """The text pdftotext finds inside ``box`` (mm) of ``page`` (from 1)."""
    left, top = round(box.left * MM_TO_PT), round(box.top * MM_TO_PT)
    width, height = round(box.width * MM_TO_PT), round(box.height * MM_TO_PT)
    command = ["pdftotext", "-f", str(page), "-l", str(page), "-r", "72"]
    command += ["-x", str(left), "-y", str(top), "-W", str(width), "-H", str(height)]
    done = subprocess.run([*command, str(pdf), "-"], capture_output=True, text=True, check=True)
    return " ".join(done.stdout.split())


@needs_poppler
@pytest.mark.parametrize(
    ("paper", "options"),
    [
        ("A4", CardPrintOptions(fold_over=True)),
        ("Letter", CardPrintOptions("bridge", bleed_mm=3, fold_over=True)),  # folded across
    ],
)
def test_fold_over_pairs_each_front_with_its_own_back(
    cards: list[PrintCard], tmp_path: Path, paper: str, options: CardPrintOptions
) -> None:
    out = tmp_path / "fold.pdf"
    count = 7
    pages = export_pdf(out, cards[:count], paper, options=options)  # type: ignore[arg-type]
    sheet = card_sheet(PAPER_MM[paper], options)
    assert pages == -(-count // sheet.per_page)  # one-sided: fronts and backs together
    texts = page_texts(out)
    assert "fold on the dashed mark" in texts[0]
    names = [c.name for c in cards[:count]]
    for index, name in enumerate(names):
        page, slot = divmod(index, sheet.per_page)
        place = sheet.placements[slot]
        shrink = Box(
            place.back_trim.left + 1,
            place.back_trim.top + 1,
            place.back_trim.width - 2,
            place.back_trim.height - 2,
        )
        back = text_in(out, page + 1, shrink)
        assert name in back and "SySCard" in back, (name, back)
        assert not [other for other in names if other != name and other in back]
        front = text_in(out, page + 1, place.trim)
        assert name in front and "POWER" in front


# ----------------------------------------------------------------------- counts


@pytest.mark.parametrize(("size", "paper"), sorted(CLAIMED))
def test_every_size_prints_the_claimed_count_on_a_page(
    cards: list[PrintCard], tmp_path: Path, size: str, paper: str
) -> None:
    per_page = CLAIMED[(size, paper)][0]
    out = tmp_path / "count.pdf"
    chosen = cards[: per_page + 1]  # one over: a second sheet with one card
    options = CardPrintOptions(card_size=size)
    assert export_pdf(out, chosen, paper, options=options) == 4  # type: ignore[arg-type]
    texts = page_texts(out)
    on_first = [c.name for c in chosen if c.name in texts[0]]
    assert on_first == [c.name for c in chosen[:per_page]]
    assert chosen[-1].name in texts[2] and chosen[-1].name in texts[3]
    width, height = CARD_SIZES[size]
    assert float(PdfReader(out).pages[0].mediabox.width) == pytest.approx(
        PAPER_MM[paper][0] * MM_TO_PT, abs=0.5
    )
    assert width < height


def test_a_layout_that_fits_nothing_writes_nothing(cards: list[PrintCard], tmp_path: Path) -> None:
    from PySide6.QtCore import QMarginsF
    from PySide6.QtGui import QPageLayout, QPageSize, QPdfWriter

    out = tmp_path / "a6.pdf"
    writer = QPdfWriter(str(out))
    writer.setPageLayout(
        QPageLayout(
            QPageSize(QPageSize.PageSizeId.A6), QPageLayout.Orientation.Portrait, QMarginsF()
        )
    )
    with pytest.raises(LayoutError, match="do not fit"):
        paint_pages(writer, cards, options=CardPrintOptions("tarot", fold_over=True))
    del writer
    assert not out.exists() or out.stat().st_size == 0


# ----------------------------------------------------------------------- alignment


@needs_poppler
@pytest.mark.parametrize("edge", ["long", "short"])
def test_the_alignment_test_puts_each_grid_behind_its_cross(
    qapp: object, tmp_path: Path, edge: str
) -> None:
    options = CardPrintOptions(back_offset_mm=(1.5, -0.5), duplex=edge)
    out = tmp_path / "align.pdf"
    assert export_alignment_pdf(out, "A4", options) == 2
    texts = page_texts(out)
    assert "FRONT" in texts[0] and "BACK" in texts[1]
    assert "X 1.5, Y -0.5" in texts[1] and f"{edge} edge" in texts[1]
    front, back = render(out, tmp_path, dpi=DPI)
    for (fx, fy), (bx, by) in alignment_targets(PAPER_MM["A4"], options):
        # The cross's vertical bar, found across the row a little below its centre.
        cross_x = first(front, (fx - 6, fy + 6), (0.05, 0), dark)
        assert cross_x == pytest.approx(fx - 0.225, abs=0.15)
        # The grid's 0 line (the darkest, 0.3 mm) at the back's target.
        zero_x = first(back, (bx - 0.6, by + 3.5), (0.05, 0), lambda v: v < 60)
        assert zero_x == pytest.approx(bx - 0.15, abs=0.15)
        zero_y = first(back, (bx + 3.5, by - 0.6), (0, 0.05), lambda v: v < 60)
        assert zero_y == pytest.approx(by - 0.15, abs=0.15)


@needs_poppler
def test_a_part_full_sheet_marks_only_the_cards_on_it(
    cards: list[PrintCard], tmp_path: Path
) -> None:
    options = CardPrintOptions(cut_marks="lines")
    out = tmp_path / "one.pdf"
    export_pdf(out, cards[:1], "A4", backs=False, options=options)
    (image,) = render(out, tmp_path, dpi=100)
    xs, _ys = card_sheet(PAPER_MM["A4"], options).cut_lines()
    used = card_sheet(PAPER_MM["A4"], options).placements[0].trim

    def inked(x_mm: float) -> bool:
        x, y = round(x_mm / 25.4 * 100), round(1.0 / 25.4 * 100)
        return any(image.pixelColor(x + d, y).lightness() < 200 for d in (-1, 0, 1))

    assert inked(used.left) and inked(used.right)
    assert not any(inked(x) for x in xs if x not in (used.left, used.right))
