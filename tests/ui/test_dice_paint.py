"""Dice drawn as dice: shading, facet lines, pips on a d6's face, the number on the
others, and still the size label and the hatches that read without colour."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QImage, QPainter, QPainterPathStroker

from desktop.paint.dice import (
    LOOKS,
    PIPS,
    UNKNOWN,
    die_path,
    kind_word,
    look_of,
    paint_die,
)
from desktop.rules.dicepool import Kind
from desktop.store import DieRecord
from desktop.ui.widgets.dice_scene import DieItem, DieState, area_of, die_pixmap

BACKGROUND = QColor("#2e5e45")
pytestmark = pytest.mark.usefixtures("qapp")  # fonts need the application


def painted(size: int, **options: object) -> QImage:
    image = QImage(80, 80, QImage.Format.Format_ARGB32)
    image.fill(BACKGROUND)
    painter = QPainter(image)
    paint_die(painter, QRectF(10, 10, 60, 60), size, **options)  # type: ignore[arg-type]
    painter.end()
    return image


def dark_pixels(image: QImage, box: QRectF) -> int:
    return sum(
        1
        for x in range(int(box.left()), int(box.right()))
        for y in range(int(box.top()), int(box.bottom()))
        if image.pixelColor(x, y).lightness() < 90
    )


def test_the_face_is_shaded_lighter_at_the_top_left() -> None:
    image = painted(6)
    assert image.pixelColor(20, 20).lightness() > image.pixelColor(60, 60).lightness()


def test_a_d6_face_shows_its_pips_and_its_size_label() -> None:
    face = QRectF(22, 22, 36, 22)  # where the pips sit, above the label
    counts = {n: dark_pixels(painted(6, face=n), face) for n in PIPS}
    assert counts[1] < counts[3] < counts[5] < counts[6]
    label = QRectF(20, 50, 40, 12)
    assert dark_pixels(painted(6, face=4), label) > 0  # "d6" stays under the pips


def test_other_dice_show_their_number_and_facet_lines() -> None:
    plain = painted(8)
    # A facet line runs from the middle face up to the top corner: darker than the face
    # beside it, where a flat tile would be filled evenly.
    line = [plain.pixelColor(40, y).lightness() for y in range(16, 24)]
    beside = [plain.pixelColor(44, y).lightness() for y in range(16, 24)]
    assert sum(beside) - sum(line) > 8 * 15
    assert dark_pixels(painted(8, face=7), QRectF(30, 25, 20, 7)) > dark_pixels(
        plain, QRectF(30, 25, 20, 7)
    )


def test_hatches_and_the_removed_cross_are_kept() -> None:
    damage = painted(6, kind="damage")
    protection = painted(6, kind="protection")
    removed = painted(6, removed=True)
    hatch = [damage.pixelColor(QPointF(x, 30).toPoint()).lightness() for x in range(22, 40)]
    assert max(hatch) - min(hatch) > 15  # stripes, not a flat red
    assert protection.pixelColor(40, 40) != damage.pixelColor(40, 40)
    assert removed.pixelColor(27, 27).red() > removed.pixelColor(27, 27).green() + 30


@pytest.mark.parametrize(
    ("size", "options"),
    [
        (12, {"rolled_size": 4}),  # stepped down to a d4: "d12→4" in a triangle
        (4, {"rolled_size": 12}),
        (10, {"rolled_size": 20}),
        (6, {"rolled_size": 4}),
        (12, {"rolled_size": 4, "kind": "protection"}),
        (20, {"rolled_size": 4, "face": 3}),
        (4, {"rolled_size": 6, "face": 5}),
    ],
)
def test_a_stepped_dies_label_stays_inside_its_shape(size: int, options: dict) -> None:
    image = painted(size, **options)
    shown = options.get("rolled_size", size)
    outline = die_path(shown, QRectF(10, 10, 60, 60))
    stroker = QPainterPathStroker()
    stroker.setWidth(5)  # the outline's pen and its antialiasing
    die = outline.united(stroker.createStroke(outline))
    spilled = [
        (x, y)
        for x in range(80)
        for y in range(80)
        if image.pixelColor(x, y) != BACKGROUND and not die.contains(QPointF(x + 0.5, y + 0.5))
    ]
    assert spilled == []
    inside = dark_pixels(image, QRectF(20, 35, 40, 30))
    assert inside > 20  # the label is still there


def test_every_die_kind_has_a_look_and_a_word_in_the_one_table() -> None:
    # A new `Kind` is drawn and named from LOOKS alone: this fails until its row is there.
    assert set(LOOKS) == set(Kind)
    for kind in Kind:
        look = LOOKS[kind]
        assert QColor(look.fill).isValid() and QColor(look.outline).isValid()
        if kind is not Kind.ORDINARY:
            assert look.word and look.letter, kind
    assert kind_word(Kind.DAMAGE) == "damage" and kind_word(Kind.ORDINARY) == ""


def test_a_kind_this_build_does_not_know_is_drawn_plainly_not_refused() -> None:
    # A file from a newer GM Desk may hold a kind this one lacks.
    assert (
        look_of("kind-from-a-newer-desk") is UNKNOWN and kind_word("kind-from-a-newer-desk") == ""
    )
    image = painted(8, kind="kind-from-a-newer-desk")
    assert image.pixelColor(40, 30) != BACKGROUND


def test_the_dice_scene_shows_a_die_of_an_unknown_kind_without_failing() -> None:
    die = DieRecord(1, 1, 8, "kind-from-a-newer-desk", "pool", None, False, 0, False, position=0)
    item = DieItem(die, DieState(), None)
    assert item.toolTip().splitlines()[0] == "d8 die in the pool"
    assert area_of(die) == "items"
    assert die_pixmap(item.look()).width() > 0
