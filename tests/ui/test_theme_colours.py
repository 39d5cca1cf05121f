"""Every colour the ui draws with lives in the theme, where a dark scheme reaches it."""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtWidgets import QApplication, QLabel
from pytestqt.qtbot import QtBot

import desktop
from desktop.ui import theme
from desktop.ui.form_helpers import error_label, show_error

UI = Path(desktop.__file__).resolve().parent / "ui"
# A hex colour, a QColor built from numbers or a name, or Qt's own named colours.
LITERAL = re.compile(
    r"#[0-9a-fA-F]{6}\b|QColor\(\s*(?:\d|\")|Qt\.(?:GlobalColor\.)?(?:red|white|black)\b"
)


def test_no_colour_is_written_outside_the_theme() -> None:
    found = [
        f"{path.relative_to(UI)}:{number}: {line.strip()}"
        for path in sorted(UI.rglob("*.py"))
        if path.name != "theme.py"
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if LITERAL.search(line)
    ]
    assert found == []


def test_the_checker_sees_a_literal() -> None:
    for line in (
        'label.setStyleSheet("color: #c0392b;")',
        "QColor(0, 0, 0, 60)",
        'QColor("white")',
    ):
        assert LITERAL.search(line)


def test_a_role_follows_the_scheme(qapp: QApplication) -> None:
    dark, light = theme.dark_palette(), theme.light_palette()
    assert theme.palette_is_dark(dark) and not theme.palette_is_dark(light)
    for role in (theme.ERROR, theme.SUCCESS, theme.WARNING, theme.DANGER, theme.UNDONE):
        assert theme.colour(dark, role).name() == role[1]
        assert theme.colour(light, role).name() == role[0]


def test_an_error_label_is_hidden_until_a_message_and_uses_the_error_colour(
    qtbot: QtBot,
) -> None:
    label = error_label("someError")
    qtbot.addWidget(label)
    assert label.objectName() == "someError" and label.isHidden()
    assert theme.colour(label.palette(), theme.ERROR).name() in label.styleSheet()
    show_error(label, "The name is taken.")
    assert label.text() == "The name is taken." and not label.isHidden()
    show_error(label, None)
    assert label.text() == "" and label.isHidden()
    assert isinstance(label, QLabel)
