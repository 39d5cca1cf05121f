"""A form row's label with a key mark ("&Tier") shows the "&" unless it has a buddy:
`QFormLayout.addRow(text, layout)` gives it none (the French walk saw "&Rang")."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from PySide6.QtWidgets import QLabel, QWidget
from pytestqt.qtbot import QtBot

from desktop.ui.docks.faction_ladder import FactionDialog, FactionValues

UI = Path(__file__).resolve().parents[2] / "desktop" / "ui"
MARK = re.compile(r"&[^&]")


def shown_marks(dialog: QWidget) -> list[str]:
    """The labels of `dialog` that show a key mark's "&" (a mark with no buddy)."""
    return [
        label.text()
        for label in dialog.findChildren(QLabel)
        if MARK.search(label.text().replace("&&", "")) and label.buddy() is None
    ]


def test_the_faction_dialogs_tier_takes_its_spin_box(qtbot: QtBot) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)
    dialog = FactionDialog(
        parent, "Add Faction", FactionValues("The Red Sashes"), lambda _v: None, tier_editable=True
    )
    assert shown_marks(dialog) == []
    tier = next(label for label in dialog.findChildren(QLabel) if label.text() == "&Tier")
    assert tier.buddy() is dialog.tier_spin


def _marked_text(node: ast.expr) -> str | None:
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.args):
        return None
    first = node.args[0]
    if node.func.id in ("tr", "N_") and isinstance(first, ast.Constant):
        return first.value if isinstance(first.value, str) else None
    return None


def test_no_form_row_gives_a_layout_a_marked_label() -> None:
    """Every `addRow(tr("&…"), x)` of the window: `x` is no layout made in the function."""
    found = []
    for path in sorted(UI.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for function in ast.walk(tree):
            if not isinstance(function, ast.FunctionDef):
                continue
            layouts = {
                ast.unparse(target)
                for node in ast.walk(function)
                if isinstance(node, ast.Assign)
                and isinstance(node.value, ast.Call)
                and ast.unparse(node.value.func).endswith("Layout")
                for target in node.targets
            }
            for node in ast.walk(function):
                if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
                    continue
                if node.func.attr != "addRow" or len(node.args) != 2:
                    continue
                text = _marked_text(node.args[0])
                field = ast.unparse(node.args[1])
                if text and MARK.search(text.replace("&&", "")) and field in layouts:
                    found.append(f"{path.relative_to(UI)}:{node.lineno} {text}")
    assert found == []
