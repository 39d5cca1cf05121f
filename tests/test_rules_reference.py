"""The rules reference shipped in resources/ says what ../shared/RULES.md says, and so
does each translation of it (resources/rules/RULES.<code>.md, issue 34)."""

from __future__ import annotations

import importlib.util
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QApplication

from desktop.paths import resources_dir
from desktop.ui.help import RULES_REFERENCE, RulesReference, rules_reference_page
from desktop.ui.window_language import install_window_language, uninstall_window_language

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT.parent / "shared" / "RULES.md"
needs_shared = pytest.mark.skipif(not RULES.exists(), reason="../shared is not beside the project")


def _maker() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "make_rules_reference", ROOT / "packaging" / "make_rules_reference.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


MAKER = _maker()
LANGUAGES: tuple[str, ...] = MAKER.LANGUAGES
# A number, or a die in the game's notation (d8, 2d6, d100): the same in every language.
NUMBER = re.compile(r"(?<![^\W\d_])\d*d\d+|\d+")
HEADING = re.compile(r"^#{1,6} ", re.MULTILINE)
# RULES.md writes its lists with "-" and "1."; a line it starts with "+" is the rest of a
# sum (which Markdown takes for a list: the translations wrap the sum elsewhere).
LIST_ITEM = re.compile(r"^ *(?:-|\d+\.) ", re.MULTILINE)
CODE = re.compile(r"`[^`]+`")


def text_of(code: str) -> str:
    return MAKER.translation(code).read_text(encoding="utf-8")


def body(markdown: str) -> str:
    """The Markdown without a translation's first line, the record of its source."""
    first, _, rest = markdown.partition("\n")
    return rest if MAKER.recorded_sha256(first) else markdown


def plain_text(markdown: str) -> str:
    document = QTextDocument()
    document.setMarkdown(markdown)
    return document.toPlainText()


@needs_shared
def test_shipped_page_matches_rules_md(qapp: object) -> None:
    expected = QTextDocument()
    expected.setMarkdown(RULES.read_text(encoding="utf-8"))
    shipped = QTextDocument()
    shipped.setHtml((resources_dir() / "rules-reference.html").read_text(encoding="utf-8"))
    assert shipped.toPlainText() == expected.toPlainText(), (
        "resources/rules-reference.html is out of date: run "
        "`.venv/bin/python packaging/make_rules_reference.py`"
    )


@needs_shared
@pytest.mark.parametrize("code", LANGUAGES)
def test_each_translation_translates_the_current_rules_md(code: str) -> None:
    recorded = MAKER.recorded_sha256(text_of(code))
    current = MAKER.sha256(RULES.read_text(encoding="utf-8"))
    assert recorded is not None, (
        f"resources/rules/RULES.{code}.md must start with "
        f"`<!-- translated from RULES.md sha256 {current} -->`"
    )
    assert recorded == current, (
        f"RULES.md has changed since resources/rules/RULES.{code}.md was translated: "
        "translate the change (`git diff` of ../shared/RULES.md), write its new sha256 "
        f"({current}) on the translation's first line, then run "
        "`.venv/bin/python packaging/make_rules_reference.py`"
    )


@pytest.mark.parametrize("code", LANGUAGES)
def test_each_translated_page_matches_its_markdown(qapp: object, code: str) -> None:
    shipped = QTextDocument()
    shipped.setHtml(MAKER.translated_page(code).read_text(encoding="utf-8"))
    assert shipped.toPlainText() == plain_text(text_of(code)), (
        f"resources/rules-reference.{code}.html is out of date: run "
        "`.venv/bin/python packaging/make_rules_reference.py`"
    )


@needs_shared
@pytest.mark.parametrize("code", LANGUAGES)
def test_each_translation_keeps_the_structure(code: str) -> None:
    english = RULES.read_text(encoding="utf-8")
    translated = body(text_of(code))
    assert len(HEADING.findall(translated)) == len(HEADING.findall(english))
    assert len(LIST_ITEM.findall(translated)) == len(LIST_ITEM.findall(english))
    # Code is code in every language: `max(throw, efficiency)`, `#efc%`, file names.
    assert Counter(CODE.findall(translated)) == Counter(CODE.findall(english))


@needs_shared
@pytest.mark.parametrize("code", LANGUAGES)
def test_each_translation_loses_no_number_nor_die(code: str) -> None:
    english = Counter(NUMBER.findall(RULES.read_text(encoding="utf-8")))
    translated = Counter(NUMBER.findall(body(text_of(code))))
    assert translated == english, (
        f"RULES.{code}.md lacks {dict(english - translated)}, adds {dict(translated - english)}"
    )


def test_the_number_check_sees_dice_and_numbers() -> None:
    assert NUMBER.findall("1..100, d8 < d10; 2d6 | 12d6 #efc% d4s x2 (-2 rep) 5%") == [
        "1", "100", "d8", "d10", "2d6", "12d6", "d4", "2", "2", "5",
    ]  # fmt: skip


@pytest.fixture
def french(qapp: QApplication) -> Iterator[QApplication]:
    install_window_language(qapp, "fr")
    yield qapp
    uninstall_window_language(qapp)


def test_help_shows_the_rules_in_the_windows_language(french: QApplication) -> None:
    assert rules_reference_page() == MAKER.translated_page("fr")
    dialog = RulesReference()
    text = dialog.browser.toPlainText()
    assert text == plain_text(text_of("fr"))
    assert "Mode Récit" in text and "SySCards" in text
    dialog.deleteLater()


def test_help_shows_english_without_a_language(qapp: QApplication) -> None:
    assert rules_reference_page() == resources_dir() / RULES_REFERENCE
    dialog = RulesReference()
    assert "Tale Mode" in dialog.browser.toPlainText()
    dialog.deleteLater()
