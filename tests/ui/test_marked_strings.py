"""Every word the window shows goes through the window's language (desktop/ui/
window_language.py: `tr`, `ntr`, `ptr`, or `N_` for a constant translated when shown).

A string literal with a letter in it, in a module of desktop/ui, is marked, or is one
of what never reaches the GM as words (tests/ui/marked_strings.py says which), or says
on its line why not (``# untranslated: why``). A new unmarked label fails here, before
it shows in English in a French window.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import desktop.ui
from tests.ui.marked_strings import window_unmarked

UI = Path(desktop.ui.__file__).resolve().parent


def modules() -> list[str]:
    return sorted(str(path.relative_to(UI)) for path in UI.rglob("*.py"))


@pytest.mark.parametrize("name", modules())
def test_every_word_the_window_shows_is_marked(name: str) -> None:
    assert window_unmarked(UI / name) == []


@pytest.mark.parametrize(
    "source",
    [
        'label = QLabel("Dice")\n',
        'button.setToolTip("Roll the tray")\n',
        'text = f"{count} cards"\n',
        'HEADERS = ("Name", "Owner")\n',
        'named(self.grid, "Month")\n',
        'painter.drawText(rect, flags, "turf")\n',  # a lowercase word, shown all the same
        'self.tabs.addTab(page, "notes")\n',
    ],
)
def test_the_walk_finds_an_unmarked_word(tmp_path: Path, source: str) -> None:
    path = tmp_path / "module.py"
    path.write_text(source, encoding="utf-8")
    assert window_unmarked(path) != []


@pytest.mark.parametrize(
    "source",
    [
        'label = QLabel(tr("Dice"))\n',
        'text = ntr("{count} card", "{count} cards", n).format(count=n)\n',
        'label = ptr("die\'s place", "Table")\n',
        'HEADERS = (N_("Name"), N_("Owner"))\n',
        'widget.setObjectName("diceTable")\n',
        'settings.value("window/theme", "system")\n',
        'action.setShortcut(QKeySequence("Ctrl+Shift+P"))\n',
        'if kind == "pc":\n    pass\n',
        'KEY = "roll_log"\n',
        'FONT = "DejaVu Sans"  # untranslated: a font family\'s name\n',
        'combo.addItem(tr("An area"), "area")\n',  # the item's data: a key
        "painter.drawText(rect, flags, str(count))\n",
    ],
)
def test_the_walk_lets_pass_what_is_never_a_word(tmp_path: Path, source: str) -> None:
    path = tmp_path / "module.py"
    path.write_text(source, encoding="utf-8")
    assert window_unmarked(path) == []
