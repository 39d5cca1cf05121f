"""Printing 90 cards to PDF, against the same words and pictures drawn plainly.

Target (issue 28): at most 8 times the plain floor, measured in the same run.

The floor is each card's words drawn with bare ``QPainter.drawText`` at its place and
each card's picture drawn with bare ``drawImage``, on the same 20 pages: about the least
any PDF of these cards can cost. Issue 5 set the target against 20 blank pages, a
baseline that does far less than the GM's print needs (no text, no pictures): a blank
PDF page costs about 0.05 ms, so the print measured 138x it on an idle machine and
1300x on a loaded one, a ratio set by the machine's noise, not by the code. Against the
floor the print measured 4.8 to 6x (fitting each text to its box, rich text, the boxes
and the number row are the work the floor leaves out), so the target fails if the
print becomes twice as slow. The blank pages are still reported.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter
from pytest_benchmark.fixture import BenchmarkFixture

from desktop.printing.cards import PrintCard, export_pdf, sheet_layout
from tests.benchmarks.pdf_floor import a4_writer, against_floors, blank_pages
from tests.benchmarks.timing import alternating, median_seconds
from tests.printing.conftest import png_data

CARDS = 90
PAGES = 20  # ten sheets of nine, fronts and backs
TARGET_RATIO = 8.0
CATEGORIES = ("character", "skill", "ability", "item", "vehicle", "creature", "place")


def _png(seed: int) -> bytes:
    image = QImage(320, 200, QImage.Format.Format_RGB32)
    image.fill(QColor((seed * 37) % 256, (seed * 91) % 256, (seed * 53) % 256))
    painter = QPainter(image)
    painter.setBrush(QColor(30, 30, 30))
    painter.drawEllipse(40 + seed % 100, 30, 120, 120)
    painter.end()
    return png_data(image)


def _info(n: int) -> str:
    rule = (
        "<p><b>Forced Challenge:</b> simpler skills in challenge with this one must reach "
        f"<i>NR {10 + n % 50}</i>. Parrying counts as a Challenge Rejection.</p>"
    )
    # Mostly short, some long enough to shrink, a few that go on to the back.
    return rule * (1 + n % 4) + ("<ul><li>Riposte</li><li>Disarm</li></ul>" * (n % 10 == 0) * 6)


@pytest.fixture(scope="module")
def ninety_cards(qapp: object) -> list[PrintCard]:
    return [
        PrintCard(
            name=f"Card number {n}",
            category=CATEGORIES[n % len(CATEGORIES)],
            owner=f"Owner {n // 3}" if n % 3 else None,
            efficiency=1 + n % 100,
            power=n % 7,
            velocity=n % 5,
            focus=n % 9,
            resistance=n % 4,
            zone="Melee, 2 m",
            scale="Human",
            info_html=_info(n),
            tags=("melee", "sword") if n % 2 else (),
            # A third of the cards carry a picture, each its own.
            image=_png(n) if n % 3 == 0 else None,
        )
        for n in range(CARDS)
    ]


def plain_words(path: Path, cards: list[PrintCard]) -> None:
    """Each card's words at its place with bare drawText, and its picture with bare
    drawImage: the floor the target is a ratio to."""
    writer = a4_writer(path)
    unit = writer.logicalDpiX() / 25.4
    sheet = sheet_layout(210, 297)
    painter = QPainter(writer)
    painter.setFont(QFont("DejaVu Sans", 7))
    flags = int(Qt.TextFlag.TextWordWrap)
    for first in range(0, len(cards), sheet.per_page):
        for side in range(2):
            if first or side:
                writer.newPage()
            for slot, card in enumerate(cards[first : first + sheet.per_page]):
                place = sheet.card_rect_mm(slot, mirrored=bool(side))
                box = QRectF(place.left() * unit, place.top() * unit, 55 * unit, 80 * unit)
                painter.drawText(box, flags, _words(card) if not side else card.name)
                if card.image is not None and not side:
                    picture = QImage.fromData(card.image)
                    painter.drawImage(
                        QRectF(box.left(), box.top(), box.width(), box.height() / 3), picture
                    )
    painter.end()


def _words(card: PrintCard) -> str:
    info = re.sub(r"<[^>]+>", " ", card.info_html)
    numbers = " ".join(str(value) for value in card.numbers)
    return (
        f"{card.corner_label} {card.category} {card.name}\nPOWER VELOCITY FOCUS RESISTANCE "
        f"{numbers}\nZONE {card.zone} SCALE {card.scale}\n{info}\n{', '.join(card.tags)}"
    )


def test_print_90_cards_to_pdf(
    benchmark: BenchmarkFixture, ninety_cards: list[PrintCard], tmp_path: Path
) -> None:
    out = tmp_path / "cards.pdf"
    assert export_pdf(out, ninety_cards) == PAGES
    baseline = median_seconds(lambda: blank_pages(tmp_path / "blank.pdf", PAGES), rounds=15)
    result, floor = alternating(
        benchmark,
        lambda: plain_words(tmp_path / "plain.pdf", ninety_cards),
        lambda: export_pdf(out, ninety_cards),
        rounds=7,
    )
    assert result == PAGES
    median, ratio = against_floors(benchmark, baseline, floor, TARGET_RATIO)
    print(
        f"\nprint 90 cards: {median * 1000:.0f} ms = {ratio:.1f}x the same words and "
        f"pictures drawn plainly ({floor * 1000:.0f} ms; target {TARGET_RATIO}x), "
        f"{median / baseline:.0f}x {PAGES} blank pages ({baseline * 1000:.1f} ms)"
    )
    assert ratio <= TARGET_RATIO
