"""Every word a printed page shows goes through the print language's translator.

A string literal with a letter in it, in a module of desktop/printing, is either marked
(`tr.gettext`, `tr.ngettext`, `tr.pgettext`, `N_`) or is one of what never reaches a
page as words (tests/printing/unmarked.py says which), or is listed below with its
reason. A new unmarked label fails here, before it prints in English on a French sheet.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import desktop.printing
from tests.printing.unmarked import unmarked

PRINTING = Path(desktop.printing.__file__).resolve().parent

SECTIONS = {"notes", "dice", "traits", "downtime", "energy", "clocks", "cards"}
FONTS = {"Arial", "DejaVu Sans", "Helvetica Neue", "Noto Sans", "Segoe UI"}
FONTS |= {"DejaVu Serif", "Georgia", "Noto Serif", "Times New Roman"}
PAPER = {"A4", "Letter"}
# What may stay as written, file by file, each set with its reason.
ALLOWED: dict[str, list[tuple[set[str], str]]] = {
    "cards.py": [
        (FONTS, "font family names"),
        ({"liga"}, "an OpenType feature tag"),
        ({"owner", "tags"}, "field names in a refusal's wording"),
        ({"en"}, "the default print language's code"),
        ({"SySCard"}, "the game's name, the same in every language (GLOSSARY.md)"),
        (PAPER, "paper size names, the same in every language"),
    ],
    "sheets.py": [
        (SECTIONS, "the flow's section names: keys, never printed"),
        ({"pc", "pool"}, "the store's values (a character's kind, a die's place)"),
        ({"SySCards"}, "the game's name, the same in every language (GLOSSARY.md)"),
        ({"#efc%"}, "the rules' notation, the same in every language"),
        (PAPER | {"en"}, "paper size names; the default print language's code"),
    ],
    "summary.py": [
        ({"ladder", "chapter", "claims"}, "the flow's section names: keys, never printed"),
        (PAPER | {"en"}, "paper size names; the default print language's code"),
    ],
    "alignment.py": [
        ({"+X", "+Y"}, "the axes' names, as the --back-offset X,Y they are read into"),
        (PAPER | {"en"}, "paper size names; the default print language's code"),
    ],
    "flow.py": [({"liga"}, "an OpenType feature tag"), ({"en"}, "the default language")],
    "parts.py": [],
    "choices.py": [
        ({"both", "lines", "none", "short", "long"}, "the layout's option values (keys)"),
        ({"mm"}, "the unit a command line value may end with, as typed"),
    ],
    "cli.py": [
        ({"en"}, "the default language's code (the page's and the refusals')"),
        ({"NamedT", "ThingT"}, "type variable names"),
        (PAPER, "paper size names"),
        ({"QT_QPA_PLATFORM", "offscreen", "gm-desk"}, "Qt's environment and the app's name"),
    ],
    "statistics.py": [
        (
            {"notes", "table", "sentences", "order", "histogram", "depletions"},
            "the flow's section names: keys, never printed",
        ),
        (PAPER | {"en"}, "paper size names; the default print language's code"),
    ],
    # The preview dialog's own words are the window's (`words`), its pages the print's.
    "preview.py": [
        ({"GM Desk"}, "the app's name, a message box's title"),
        ({"en"}, "the default language's code"),
    ],
    "pdf_file.py": [
        ({"GM Desk"}, "the PDF's creator, the app's name"),
        ({"rb"}, "a file mode"),
    ],
    "journal.py": [
        ({"opening", "closing", "between", "scene "}, "the flow's section names: keys"),
        (PAPER | {"en"}, "paper size names; the default print language's code"),
    ],
}
# Not pages: the card layout's refusals (the print dialog's, in the window) are still
# English.
WINDOW_WORDS = {"layout.py"}
# Every page's labels are marked (the journal's lines are the history's sentences, kept
# as stored: they are data, not labels).
NOT_YET: set[str] = set()


def modules() -> list[str]:
    return sorted(path.name for path in PRINTING.glob("*.py"))


def test_every_module_is_checked_or_said_why_not() -> None:
    checked = set(ALLOWED) | {"__init__.py", "rich_text.py", "words.py"}
    assert set(modules()) == checked | WINDOW_WORDS | NOT_YET


@pytest.mark.parametrize("name", [name for name in modules() if name not in WINDOW_WORDS | NOT_YET])
def test_every_label_on_a_page_is_marked(name: str) -> None:
    allowed = set().union(*(texts for texts, _ in ALLOWED.get(name, [])))
    found = unmarked((PRINTING / name).read_text(encoding="utf-8"))
    assert [(line, text) for line, text in found if text not in allowed] == []


@pytest.mark.parametrize(
    "source",
    [
        'label = "Dice"\n',
        'canvas.text(0, 0, "Hit points", font)\n',
        'note = f"{count} cards"\n',
        'heading("Traits", "traits")\n',
        'x = {"pc": "Player character"}\n',  # the key may stay, the value is shown
        'def f():\n    """Doc."""\n    return "none"\n',
    ],
)
def test_the_walk_finds_an_unmarked_label(source: str) -> None:
    assert unmarked(source) != []


@pytest.mark.parametrize(
    "source",
    [
        'label = tr.gettext("Dice")\n',
        'label = canvas.tr.ngettext("{count} card", "{count} cards", n)\n',
        'label = tr.pgettext("turf", "T")\n',
        'LABELS = (N_("Power"), N_("Focus"))\n',
        '"""Module doc."""\n',
        'x = {"pc": 1}\n',
        'if kind == "weapon":\n    pass\n',
        'value = stored["stress_track"]\n',
        'raise ValueError("There are no cards to print.")\n',
        'logger.warning("could not read %s", path)\n',
        'text = f"{value:g}"\n',
        '__all__ = ["paint_sheets"]\n',
        'block = spacer(1.0, section="dice")\n',
        'x = "1.5 - 2"\n',
    ],
)
def test_the_walk_lets_pass_what_is_never_a_label(source: str) -> None:
    assert unmarked(source) == []
