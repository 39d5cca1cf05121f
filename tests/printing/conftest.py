"""Cards for the printing tests: eleven of every kind, and the helpers that read PDFs back."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtCore import QBuffer, QByteArray, QIODevice
from PySide6.QtGui import QColor, QImage, QPainter

from desktop.printing.cards import PrintCard


def png_bytes(width: int = 300, height: int = 180) -> bytes:
    """A real PNG: a dark disc on a pale ground, so a rendered page shows it."""
    image = QImage(width, height, QImage.Format.Format_RGB32)
    image.fill(QColor(210, 215, 230))
    painter = QPainter(image)
    painter.setBrush(QColor(40, 40, 70))
    painter.drawEllipse(width // 4, height // 8, width // 2, height * 3 // 4)
    painter.end()
    return png_data(image)


def png_data(image: QImage) -> bytes:
    """An image's bytes as a PNG file holds them."""
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    return bytes(data.data())


NAMES = (
    "Aldric",
    "Brisa",
    "Corvan",
    "Dagny",
    "Eskel",
    "Farrow",
    "Galen",
    "Hessa",
    "Ilsabet",
    "Jorund",
    "Kestrel",
)


def card(name: str, efficiency: int, **fields: object) -> PrintCard:
    values: dict[str, object] = {
        "name": name,
        "category": "skill",
        "owner": None,
        "efficiency": efficiency,
        "power": 2,
        "velocity": 3,
        "focus": 4,
        "resistance": 5,
        "zone": "Melee",
        "scale": "Human",
        "info_html": "<p>Parry counts as a <b>Challenge Rejection</b>.</p>",
        "tags": (),
        "image": None,
    }
    values.update(fields)
    return PrintCard(**values)  # type: ignore[arg-type]


@pytest.fixture
def eleven_cards(qapp: object) -> list[PrintCard]:
    """Eleven cards: two sheets, the second one part full. No name is inside another."""
    categories = ("character", "skill", "ability", "item", "vehicle", "creature", "place")
    return [
        card(
            name,
            efficiency=1 + index * 9,
            category=categories[index % len(categories)],
            owner="Mother Ysolde" if index % 2 else None,
            tags=("melee",) if index % 3 == 0 else (),
            image=png_bytes() if index == 4 else None,
        )
        for index, name in enumerate(NAMES)
    ]


def page_texts(path: Path) -> list[str]:
    """Each page's text with all runs of white space made one space."""
    reader = PdfReader(path)
    return [" ".join((page.extract_text() or "").split()) for page in reader.pages]


def assert_imports_no_widgets(modules: str) -> None:
    """Importing `modules` (comma-separated) in a fresh Python loads neither QtWidgets
    nor QtPrintSupport: printing runs with no window and no screen."""
    code = (
        f"import sys, {modules}\n"
        "print(sorted(m for m in sys.modules if m.startswith('PySide6.Qt')))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "QtWidgets" not in result.stdout and "QtPrintSupport" not in result.stdout
