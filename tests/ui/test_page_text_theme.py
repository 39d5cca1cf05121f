"""The journal page's links follow a theme switched while the page is open (issue 31):
a QTextDocument colours its links when its markup is set, so a page made under the
light theme kept dark blue links, barely readable on the dark theme's grey."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtGui import QColor, QPalette, QTextDocument
from PySide6.QtWidgets import QApplication, QStyleFactory

from desktop.ui.theme import apply_theme
from desktop.ui.widgets.page_text import PageText


@pytest.fixture
def restored(qapp: QApplication) -> Iterator[QApplication]:
    style, palette = qapp.style().name(), qapp.palette()
    yield qapp
    apply_theme(qapp, "system")
    qapp.setStyle(QStyleFactory.create(style))
    qapp.setPalette(palette)


def _link_colours(document: QTextDocument) -> list[QColor]:
    colours = []
    block = document.begin()
    while block.isValid():
        it = block.begin()
        while not it.atEnd():
            fragment = it.fragment()
            if fragment.charFormat().isAnchor():
                colours.append(fragment.charFormat().foreground().color())
            it += 1
        block = block.next()
    return colours


def test_links_take_the_new_themes_link_colour(restored: QApplication) -> None:
    apply_theme(restored, "light")
    text = PageText("<p><a href='characters/1'>Kara Voss</a> rolled 4</p>", 300)
    light_link = restored.palette().color(QPalette.ColorRole.Link)
    assert _link_colours(text.document) == [light_link]
    apply_theme(restored, "dark")
    QApplication.processEvents()  # the new palette reaches each widget by an event
    dark_link = restored.palette().color(QPalette.ColorRole.Link)
    assert dark_link != light_link
    assert _link_colours(text.document) == [dark_link]
    assert text.markup == "<p><a href='characters/1'>Kara Voss</a> rolled 4</p>"
