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

# Modules whose words are not marked yet: each leaves this list as it is marked, and
# the list can only shrink (a module in it with nothing left to mark fails below).
NOT_YET = {
    "widgets/chapter_paint.py",
    "widgets/character_kit.py",
    "widgets/claim_map.py",
    "widgets/clock_board.py",
    "widgets/dice_scene.py",
    "widgets/downtime_sheet.py",
    "widgets/elided_label.py",
    "widgets/energy_chart.py",
    "widgets/energy_profile.py",
    "widgets/energy_projects.py",
    "widgets/ladder_scene.py",
    "widgets/month_grid.py",
    "widgets/note_box.py",
    "widgets/number_field.py",
    "widgets/ordered_list.py",
    "widgets/page_text.py",
    "widgets/shown_mark.py",
}


def modules() -> list[str]:
    return sorted(str(path.relative_to(UI)) for path in UI.rglob("*.py"))


@pytest.mark.parametrize("name", [name for name in modules() if name not in NOT_YET])
def test_every_word_the_window_shows_is_marked(name: str) -> None:
    assert window_unmarked(UI / name) == []


def test_the_modules_not_yet_marked_still_exist_and_have_words_to_mark() -> None:
    left = {name for name in NOT_YET if (UI / name).is_file() and window_unmarked(UI / name)}
    assert left == NOT_YET


@pytest.mark.parametrize(
    "source",
    [
        'label = QLabel("Dice")\n',
        'button.setToolTip("Roll the tray")\n',
        'text = f"{count} cards"\n',
        'HEADERS = ("Name", "Owner")\n',
        'named(self.grid, "Month")\n',
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
    ],
)
def test_the_walk_lets_pass_what_is_never_a_word(tmp_path: Path, source: str) -> None:
    path = tmp_path / "module.py"
    path.write_text(source, encoding="utf-8")
    assert window_unmarked(path) == []
