""" "SySCard" is spelled one way wherever a GM may read it (issue 26).

Every string in the source (messages, labels, tooltips, f-string parts, docstrings) and
every text the program ships or documents is scanned for another spelling: "SysCard",
"Syscard", "SYSCard", "sys card", "Sys-Cards", ... Names of code are not words a GM
reads: a class such as `SysCardsWidget`, or `syscards` as a module, a dock's object
name or a migration's revision ("0003_syscards", "rules.syscards").
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RIGHT = ("SySCard", "SySCards")
# Any spelling of the word: "sys", perhaps a space or dash, "card".
SPELLINGS = re.compile(r"sys[\s_-]?cards?", re.IGNORECASE)
# The generated rules reference follows RULES.md's own text, which is checked there, and
# each translated page its Markdown (resources/rules/RULES.<code>.md), scanned here.
GENERATED = set((ROOT / "resources").glob("rules-reference*.html"))


def wrong_spellings(text: str) -> list[str]:
    """The spellings of SySCard in `text` that are not "SySCard(s)" nor code's names."""
    found = []
    for match in SPELLINGS.finditer(text):
        word = match.group(0)
        if word in RIGHT or _code_name(text, match) or _set_in_capitals(text, word):
            continue
        found.append(word)
    return found


def _set_in_capitals(text: str, word: str) -> bool:
    # A heading printed in capitals (as a PDF's text reads back): the same spelling, set
    # in capitals as every word around it.
    return word.isupper() and text.upper() == text


def _code_name(text: str, match: re.Match[str]) -> bool:
    before = text[match.start() - 1 : match.start()]
    after = text[match.end() : match.end() + 1]
    if after.isalpha() or after.isdigit():
        return True  # part of a longer name: SysCardsWidget, SysCardsPanel
    if text.strip().isidentifier():
        return True  # an object name, a key: sysCards, syscards
    word = match.group(0)
    beside_code = (bool(before) and before in "._/`'\"") or (bool(after) and after in "._/`-")
    # A module, an object name, a revision: syscards, rules.syscards, 0003_syscards.
    return word.isalpha() and word.islower() and (" " not in text.strip() or beside_code)


def source_strings(path: Path) -> list[tuple[int, str]]:
    """Every string constant of a Python file (f-string parts too), with its line."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    ]


def scanned_texts() -> list[tuple[str, str]]:
    texts = []
    for folder in ("desktop", "tests"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if path == Path(__file__).resolve():
                continue  # this file names the wrong spellings on purpose
            for line, value in source_strings(path):
                texts.append((f"{path.relative_to(ROOT)}:{line}", value))
    shipped = [ROOT / "README.md", ROOT / "CHANGELOG.md", *sorted((ROOT / "resources").rglob("*"))]
    for path in shipped:
        if path.is_file() and path not in GENERATED and path.suffix in {".md", ".html", ".json"}:
            texts.append((str(path.relative_to(ROOT)), path.read_text(encoding="utf-8")))
    return texts


def test_every_text_spells_syscard_one_way() -> None:
    wrong = [
        f"{where}: {word!r}" for where, text in scanned_texts() for word in wrong_spellings(text)
    ]
    assert wrong == []


@pytest.mark.parametrize(
    "text",
    [
        "Add a SysCard",
        "3 Syscards",
        "the SYSCard dock",
        "the SYSCARDS dock",
        "a sys card",
        "Sys-Cards: Capacity",
        "print the syscards of the party",
        'f"{n} SysCards"',
    ],
)
def test_the_scan_finds_each_wrong_spelling(text: str) -> None:
    assert wrong_spellings(text), text


@pytest.mark.parametrize(
    "text",
    [
        "Add a SySCard",
        "SySCards: Capacity and Efficiency",
        "SysCardsWidget",
        "syscards",
        "sysCards",
        "SYSCARDS (CONTINUED) CARD KIND #EFC%",
        "0003_syscards",
        "see desktop.rules.syscards for the rule",
        "Source: ``rules/syscards-capacity-and-efficiency.txt``",
    ],
)
def test_names_of_code_are_not_words_a_gm_reads(text: str) -> None:
    assert wrong_spellings(text) == [], text
