"""Printed cards read back: PDFs through pypdf, pages rendered to PNG by pdftoppm."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter, QPdfWriter

from desktop.printing.cards import (
    CARD_SIZE_MM,
    INFO_MAX_PT,
    INFO_MIN_PT,
    PrintCard,
    export_pdf,
    fit_card,
    paint_card_front,
    sheet_layout,
)
from desktop.printing.cli import print_cards
from tests.printing.conftest import assert_imports_no_widgets, card, page_texts, png_bytes

MM_TO_PT = 72 / 25.4
A4_PT = (210 * MM_TO_PT, 297 * MM_TO_PT)
LETTER_PT = (612.0, 792.0)


def _has_label(text: str, label: str) -> bool:
    # "1%" must not be found inside "91%".
    return re.search(rf"(?<![\w]){re.escape(label)}", text) is not None


def _long_info(paragraphs: int, last_words: str) -> str:
    body = "".join(
        f"<p>Rule {n}: the defender may reject the challenge by parrying; the challenger "
        "must then reach the Necessary Rate the GM sets, and dodging counts too.</p>"
        for n in range(paragraphs)
    )
    return f"<p>FIRSTWORDS open the text.</p>{body}<p>The very last words: {last_words}.</p>"


# ------------------------------------------------------------------- contents


def test_the_pdf_holds_every_name_and_efficiency(
    eleven_cards: list[PrintCard], tmp_path: Path
) -> None:
    out = tmp_path / "cards.pdf"
    export_pdf(out, eleven_cards)
    texts = page_texts(out)
    fronts = [texts[0], texts[2]]
    for index, printed in enumerate(eleven_cards):
        front = fronts[index // 9]
        assert printed.name in front, printed.name
        # The rules' #efc%: "Mother Ysolde 10%" for an owned card, "1%" for the rest.
        assert _has_label(front, printed.corner_label), printed.corner_label


def test_two_sheets_print_as_four_pages_fronts_then_backs(
    eleven_cards: list[PrintCard], tmp_path: Path
) -> None:
    out = tmp_path / "cards.pdf"
    assert export_pdf(out, eleven_cards) == 4
    texts = page_texts(out)
    assert len(texts) == 4
    assert "Fronts, sheet 1 of 2" in texts[0]
    assert "Backs, sheet 1 of 2" in texts[1]
    assert "Fronts, sheet 2 of 2" in texts[2]
    assert "Backs, sheet 2 of 2" in texts[3]
    # A plain back carries its card's name: sheet 2 holds exactly the last two cards.
    assert "Jorund" in texts[3] and "Kestrel" in texts[3] and "Aldric" not in texts[3]


def test_without_backs_only_the_fronts_print(eleven_cards: list[PrintCard], tmp_path: Path) -> None:
    out = tmp_path / "fronts.pdf"
    assert export_pdf(out, eleven_cards, backs=False) == 2
    assert len(PdfReader(out).pages) == 2


@pytest.mark.parametrize(("size", "expected"), [("A4", A4_PT), ("Letter", LETTER_PT)])
def test_page_size_is_the_one_asked_for(
    eleven_cards: list[PrintCard], tmp_path: Path, size: str, expected: tuple[float, float]
) -> None:
    out = tmp_path / f"{size}.pdf"
    export_pdf(out, eleven_cards, page_size=size)  # type: ignore[arg-type]
    for page in PdfReader(out).pages:
        assert float(page.mediabox.width) == pytest.approx(expected[0], abs=1)
        assert float(page.mediabox.height) == pytest.approx(expected[1], abs=1)


def test_an_unknown_page_size_is_refused(eleven_cards: list[PrintCard], tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="A4 or Letter"):
        export_pdf(tmp_path / "x.pdf", eleven_cards, page_size="A3")  # type: ignore[arg-type]


def test_no_cards_is_refused_plainly(qapp: object, tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="no cards"):
        export_pdf(tmp_path / "x.pdf", [])


def test_title_creator_and_embedded_fonts(eleven_cards: list[PrintCard], tmp_path: Path) -> None:
    out = tmp_path / "cards.pdf"
    export_pdf(out, eleven_cards)
    reader = PdfReader(out)
    assert reader.metadata is not None
    assert reader.metadata.title == "SySCards: 11 cards"
    assert reader.metadata.creator == "GM Desk"
    fonts = reader.pages[0]["/Resources"]["/Font"]
    assert fonts
    for ref in fonts.values():
        font = ref.get_object()
        descriptor = font["/DescendantFonts"][0].get_object()["/FontDescriptor"].get_object()
        assert any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3"))


# --------------------------------------------------------------------- info text


def _fit(printed: PrintCard, tmp_path: Path) -> tuple[float, bool, bool]:
    writer = QPdfWriter(str(tmp_path / "fit.pdf"))
    painter = QPainter(writer)
    unit = writer.logicalDpiX() / 25.4
    rect = QRectF(0, 0, CARD_SIZE_MM[0] * unit, CARD_SIZE_MM[1] * unit)
    fit = fit_card(painter, rect, printed)
    painter.end()
    return fit.point_size, fit.overflows, fit.lost


def test_short_info_prints_at_the_largest_size(qapp: object, tmp_path: Path) -> None:
    assert _fit(card("Short", 40), tmp_path) == (INFO_MAX_PT, False, False)


def test_qtextedit_html_sizes_are_scaled_to_the_card(qapp: object, tmp_path: Path) -> None:
    # QTextEdit writes its own face and size on every span; 30 pt must not overflow.
    html = (
        "<html><body style=\" font-family:'Comic Sans MS'; font-size:30pt;\">"
        '<p style="margin-top:0px;">A short note.</p></body></html>'
    )
    assert _fit(card("Edited", 40, info_html=html), tmp_path) == (INFO_MAX_PT, False, False)


def test_longer_info_shrinks_before_it_moves_to_the_back(qapp: object, tmp_path: Path) -> None:
    points, overflows, _ = _fit(card("Medium", 40, info_html=_long_info(3, "end")), tmp_path)
    assert INFO_MIN_PT <= points < INFO_MAX_PT
    assert not overflows


def test_long_info_shrinks_then_continues_on_the_back(qapp: object, tmp_path: Path) -> None:
    long = card("Longwinded", 55, info_html=_long_info(7, "ZEBRA QUOKKA"))
    points, overflows, lost = _fit(long, tmp_path)
    assert (points, overflows, lost) == (INFO_MIN_PT, True, False)
    out = tmp_path / "long.pdf"
    assert export_pdf(out, [long]) == 2
    front, back = page_texts(out)
    assert "FIRSTWORDS" in front and "FIRSTWORDS" not in back
    assert "ZEBRA QUOKKA" in back and "ZEBRA QUOKKA" not in front
    assert "continued on the back" in front
    # Every rule is printed once, on one side or the other: nothing lost, nothing twice.
    for n in range(7):
        assert (f"Rule {n}:" in front) != (f"Rule {n}:" in back), n


def test_a_numbered_list_keeps_counting_on_the_back(qapp: object, tmp_path: Path) -> None:
    items = "".join(
        f"<li>Step{n} turns the opponent's momentum against them; a thrown opponent "
        "loses its next Prep Time.</li>"
        for n in range(1, 10)
    )
    out = tmp_path / "list.pdf"
    export_pdf(out, [card("Listed", 40, info_html=f"<p>Steps:</p><ol>{items}</ol>")])
    front, back = page_texts(out)
    on_back = [n for n in range(1, 10) if f"Step{n} " in back]
    assert on_back and on_back[-1] == 9
    for n in range(1, 10):
        assert (f"Step{n} " in front) != (f"Step{n} " in back), n
    # The first item on the back still has its own number: the list did not restart.
    assert f"{on_back[0]}. Step{on_back[0]}" in back
    assert "1. Step1" in front


def test_info_too_long_for_both_sides_says_so(qapp: object, tmp_path: Path) -> None:
    out = tmp_path / "epic.pdf"
    export_pdf(out, [card("Epic", 55, info_html=_long_info(60, "NEVERSEEN"))])
    front, back = page_texts(out)
    assert "NEVERSEEN" not in front + back
    assert "shorten the Info" in back


def test_plain_text_info_prints_as_written(qapp: object, tmp_path: Path) -> None:
    out = tmp_path / "plain.pdf"
    export_pdf(out, [card("Plain", 20, info_html="Line one < line two & more")])
    assert "Line one < line two & more" in page_texts(out)[0]


# ----------------------------------------------------------------------- images


def _stored_images(path: Path) -> set[int]:
    """The PDF objects the first page draws as images (pypdf needs no Pillow for this)."""
    resources = PdfReader(path).pages[0]["/Resources"]
    if "/XObject" not in resources:
        return set()
    xobjects = resources["/XObject"]
    return {
        xobjects.raw_get(name).idnum
        for name in xobjects
        if xobjects[name].get_object()["/Subtype"] == "/Image"
    }


def test_a_broken_image_does_not_break_printing(qapp: object, tmp_path: Path) -> None:
    broken = card("Brokenimage", 30, image=b"\x89PNG\r\n\x1a\n this is not a picture")
    good = card("Goodimage", 30, image=png_bytes())
    out = tmp_path / "images.pdf"
    assert export_pdf(out, [broken, good]) == 2
    assert "Brokenimage" in page_texts(out)[0]
    assert len(_stored_images(out)) == 1  # the good one only


def test_a_shared_image_is_stored_once(qapp: object, tmp_path: Path) -> None:
    picture = png_bytes()
    out = tmp_path / "shared.pdf"
    export_pdf(out, [card(f"Twin{n}", 30, image=picture) for n in range(3)], backs=False)
    assert len(_stored_images(out)) == 1


# --------------------------------------------------------------------- layout


@pytest.mark.parametrize(("width", "height"), [(210, 297), (215.9, 279.4)])
def test_nine_cards_are_centred_on_a4_and_letter(width: float, height: float) -> None:
    sheet = sheet_layout(width, height)
    assert (sheet.columns, sheet.rows) == (3, 3)
    assert sheet.left_mm == pytest.approx((width - 189) / 2)
    assert sheet.top_mm == pytest.approx((height - 264) / 2)
    # Room for crop marks on every side.
    assert min(sheet.left_mm, sheet.top_mm) > 5


def test_backs_are_mirrored_left_right() -> None:
    sheet = sheet_layout(210, 297)
    for slot in range(9):
        front = sheet.card_rect_mm(slot)
        back = sheet.card_rect_mm(slot, mirrored=True)
        # Turned over the long edge, the back sits exactly behind its front.
        assert back.left() == pytest.approx(210 - front.right())
        assert back.top() == pytest.approx(front.top())


def test_a_page_too_small_for_a_card_is_refused() -> None:
    with pytest.raises(ValueError, match="too small"):
        sheet_layout(60, 80)


def test_card_values_are_checked_when_built() -> None:
    with pytest.raises(ValueError, match="between 1 and 100"):
        card("Zero", 0)
    with pytest.raises(ValueError, match="name"):
        card("  ", 10)
    assert card("Blank owner", 10, owner="  ").owner is None


def test_the_dock_preview_draws_on_any_painter_and_leaves_it_as_it_was(qapp: object) -> None:
    image = QImage(190, 266, QImage.Format.Format_ARGB32)
    image.fill(QColor(30, 30, 30))  # a dark theme's background
    painter = QPainter(image)
    painter.setPen(QColor(1, 2, 3))
    paint_card_front(painter, QRectF(0, 0, 190, 266), card("Preview", 45, image=png_bytes()))
    assert painter.pen().color() == QColor(1, 2, 3)
    painter.end()
    # The card is paper white, whatever the theme behind it.
    assert image.pixelColor(95, 260) == QColor(255, 255, 255)


def test_cards_module_needs_no_widgets() -> None:
    assert_imports_no_widgets("desktop.printing.cards")


# ------------------------------------------------------------------------ pictures


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm is not installed")
def test_rendered_pages_are_not_blank(eleven_cards: list[PrintCard], tmp_path: Path) -> None:
    out = tmp_path / "cards.pdf"
    export_pdf(out, eleven_cards)
    subprocess.run(["pdftoppm", "-png", "-r", "40", str(out), str(tmp_path / "page")], check=True)
    pngs = sorted(tmp_path.glob("page-*.png"))
    assert len(pngs) == 4
    for png in pngs:
        image = QImage(str(png))
        assert not image.isNull()
        inked = sum(
            1
            for y in range(0, image.height(), 2)
            for x in range(0, image.width(), 2)
            if image.pixelColor(x, y).lightness() < 200
        )
        assert inked > 300, f"{png.name} looks blank"


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm is not installed")
def test_crop_marks_sit_in_the_margin_only(eleven_cards: list[PrintCard], tmp_path: Path) -> None:
    out = tmp_path / "cards.pdf"
    export_pdf(out, eleven_cards[:9], backs=False)
    dpi = 100
    subprocess.run(
        ["pdftoppm", "-png", "-r", str(dpi), str(out), str(tmp_path / "page")], check=True
    )
    image = QImage(str(tmp_path / "page-1.png"))
    sheet = sheet_layout(210, 297)
    xs, ys = sheet.cut_lines_mm()

    def dark(x_mm: float, y_mm: float) -> bool:
        x, y = round(x_mm / 25.4 * dpi), round(y_mm / 25.4 * dpi)
        return any(image.pixelColor(x + dx, y).lightness() < 128 for dx in (-1, 0, 1))

    for x in xs:
        assert dark(x, ys[0] - 4), f"no crop mark above the cut at {x:.1f} mm"
        assert dark(x, ys[-1] + 4), f"no crop mark below the cut at {x:.1f} mm"
        # Just inside the cut, where the card's white edge is, no mark may show.
        assert not dark(x + 0.6 if x < 200 else x - 0.6, ys[0] + 1.0)


# --------------------------------------------------------------------------- cli


def test_print_cards_picks_names_in_any_case(eleven_cards: list[PrintCard], tmp_path: Path) -> None:
    out = tmp_path / "two.pdf"
    assert print_cards(eleven_cards, out, ["galen", "ALDRIC"]) == 2
    front = page_texts(out)[0]
    assert "Galen" in front and "Aldric" in front and "Brisa" not in front


def test_print_cards_names_every_unknown_card(
    eleven_cards: list[PrintCard], tmp_path: Path
) -> None:
    with pytest.raises(ValueError, match="no cards named 'Nobody', 'Noone'"):
        print_cards(eleven_cards, tmp_path / "x.pdf", ["Nobody", "Galen", "Noone"])
    assert not (tmp_path / "x.pdf").exists()


def test_print_cards_with_no_names_prints_all(
    eleven_cards: list[PrintCard], tmp_path: Path
) -> None:
    assert print_cards(eleven_cards, tmp_path / "all.pdf", page_size="Letter") == 4
