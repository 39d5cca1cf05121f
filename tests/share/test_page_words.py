"""The player pages in the phone's language: their words marked, found, translated and
written into the page as data."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from babel.core import Locale
from babel.messages.extract import extract
from babel.messages.pofile import read_po

import desktop.share
from desktop.language import LOCALE_DIR, language_codes
from desktop.share.page_words import (
    PAGE_PLURAL_CATEGORIES,
    PageLanguages,
    choose_language,
    extract_html,
    html_messages,
    script_messages,
)

PAGE = Path(desktop.share.__file__).resolve().parent / "page"
SCRIPTS = sorted(PAGE.glob("*.js"))
PAGES = sorted(PAGE.glob("*.html"))
# Quoted literals of a script (comments taken out first), and what may stay unmarked.
LITERAL = re.compile(r'"((?:[^"\\\n]|\\.)*)"|\'((?:[^\'\\\n]|\\.)*)\'|`([^`]*)`')
COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.DOTALL)
MARKED_CALL = re.compile(r'\bn?t\(\s*"(?:[^"\\\n]|\\.)*"(?:\s*,\s*"(?:[^"\\\n]|\\.)*")?')
KEYS_IN_SCRIPTS = {"Enter", "Escape", "GM Desk", "Intl"}


def _babel(path: Path) -> set[tuple[str, str | None]]:
    with path.open("rb") as file:
        found = extract("javascript", file, keywords={"t": None, "nt": (1, 2)})
        return {
            (message, None) if isinstance(message, str) else (message[0], message[1])
            for _, message, _, _ in found
        }


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda path: path.name)
def test_the_server_finds_what_babel_extracts(script: Path) -> None:
    # The server reads the scripts' messages itself (Babel is a development tool):
    # the two must agree, or a marked message would reach the page untranslated.
    assert set(script_messages(script.read_text(encoding="utf-8"))) == _babel(script)


def _unmarked_in_script(source: str) -> list[str]:
    """Literals that read as words a player sees (a capital then a small letter, or a
    sentence's end) outside a t() or nt() call."""
    code = COMMENT.sub(lambda found: " " * len(found.group()), source)
    marked = [
        (call.start(), call.end())
        for call in re.finditer(
            r'\bn?t\(\s*"(?:[^"\\\n]|\\.)*"(?:\s*,\s*"(?:[^"\\\n]|\\.)*")?', code
        )
    ]
    found = []
    for literal in LITERAL.finditer(code):
        text = next(group for group in literal.groups() if group is not None)
        if any(start <= literal.start() < end for start, end in marked):
            continue
        if text in KEYS_IN_SCRIPTS or "${" in text:
            continue
        if re.search(r"[A-Z][a-z]", text) or re.search(r"[a-z][.…!?]$", text):
            found.append(text)
    return found


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda path: path.name)
def test_every_word_a_script_shows_is_marked(script: Path) -> None:
    assert _unmarked_in_script(script.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize(
    "source",
    ['byId("x").textContent = "No dice yet.";', 'say("Given to " + name);', "x = 'Rolling…';"],
)
def test_the_script_walk_finds_an_unmarked_word(source: str) -> None:
    assert _unmarked_in_script(source) != []


@pytest.mark.parametrize(
    "source",
    [
        'x = t("No dice yet.");',
        'x = nt("Roll {count} die", "Roll {count} dice", n);',
        'element("p", "empty muted", t("The tray is empty."));',
        '// a comment: "Not a word on the page."\nx = 1;',
        'if (event.key === "Enter") {}',
    ],
)
def test_the_script_walk_lets_marked_words_and_keys_pass(source: str) -> None:
    assert _unmarked_in_script(source) == []


def _unmarked_in_page(template: str) -> list[str]:
    without = re.sub(r"\{\{.+?\}\}", "", template, flags=re.DOTALL)
    without = re.sub(r"<script.*?</script>|<style.*?</style>", "", without, flags=re.DOTALL)
    texts = [text.strip() for text in re.findall(r">([^<>]+)<", without)]
    shown = re.findall(r'\b(?:aria-label|title|alt|placeholder)="([^"]*)"', without)
    return [text for text in texts + shown if re.search(r"[A-Za-z]", text) and text != "GM Desk"]


@pytest.mark.parametrize("page", PAGES, ids=lambda path: path.name)
def test_every_word_an_html_page_shows_is_marked(page: Path) -> None:
    assert _unmarked_in_page(page.read_text(encoding="utf-8")) == []


def test_the_html_extraction_joins_the_lines_of_a_message() -> None:
    template = "<p>{{To see your character,\n   open the link}}</p><b>{{Roll}}</b>"
    assert html_messages(template) == ["To see your character, open the link", "Roll"]
    from io import BytesIO

    found = list(extract_html(BytesIO(template.encode()), None, None, None))
    assert [(line, message) for line, _, message, _ in found] == [
        (1, "To see your character, open the link"),
        (2, "Roll"),
    ]


def test_every_page_message_is_in_the_catalogue() -> None:
    with (LOCALE_DIR / "gm_desk.pot").open("rb") as file:
        ids = {message.id for message in read_po(file) if message.id}
    wanted: set[object] = set()
    for page in PAGES:
        wanted.update(html_messages(page.read_text(encoding="utf-8")))
    for script in SCRIPTS:
        for singular, plural in script_messages(script.read_text(encoding="utf-8")):
            wanted.add(singular if plural is None else (singular, plural))
    assert wanted - ids == set()


@pytest.mark.parametrize(
    ("header", "code"),
    [
        ("fr-FR,fr;q=0.9,en-US;q=0.8,en;q=0.7", "fr"),
        ("en-GB,en;q=0.9", "en"),
        ("pt-BR,pt;q=0.9,es;q=0.8", "es"),
        ("de;q=0.5,es;q=0.9", "es"),
        ("fr;q=0", "de"),  # refused outright: the GM's language
        ("ja", "de"),
        ("", "de"),
        (None, "de"),
        ("fr;q=abc, es", "es"),
        ("*", "de"),
    ],
)
def test_the_page_speaks_the_phones_language_else_the_gms(header: str | None, code: str) -> None:
    assert choose_language(header, "de") == code


def _files() -> dict[str, tuple[bytes, str]]:
    return {path.name: (path.read_bytes(), "text/plain") for path in [*PAGES, *SCRIPTS]}


def _words(page: bytes) -> dict[str, object]:
    found = re.search(rb'<script type="application/json" id="page-words">(.*?)</script>', page)
    assert found is not None
    read: dict[str, object] = json.loads(found.group(1))
    return read


def test_a_french_phone_gets_a_french_page_and_its_scripts_words() -> None:
    pages = PageLanguages(_files(), "en")
    page = pages.page("player.html", "fr-FR,fr;q=0.9")
    assert page is not None
    text = page.decode("utf-8")
    assert '<html lang="fr">' in text and "{{" not in text
    words = _words(page)
    assert words["lang"] == "fr"
    plurals = words["plurals"]
    assert isinstance(plurals, dict)
    assert set(plurals["Roll {count} die"]) == {"one", "many", "other"}
    english = pages.page("player.html", "en")
    assert english is not None and b'<html lang="en">' in english
    assert _words(english)["words"] == {}  # the English is the page's own


def test_the_pages_words_cannot_close_their_block() -> None:
    files = {"player.html": (b'<html lang="en"><!-- page words --></html>', "text/html")}
    files["a.js"] = (b'x = t("</script><b>");', "text/javascript")
    page = PageLanguages(files, "pseudo").page("player.html", None)
    assert page is not None
    assert page.count(b"</script>") == 1  # its own end only


def test_each_page_is_rendered_once_a_language() -> None:
    pages = PageLanguages(_files(), "en")
    first = pages.page("index.html", "fr")
    assert first is pages.page("index.html", "fr-CA")
    assert pages.page("nothing.html", "fr") is None


@pytest.mark.parametrize("code", [*language_codes()])
def test_the_plural_categories_are_the_catalogues_forms(code: str) -> None:
    # The page picks a form by the browser's plural rules (CLDR's categories); the
    # catalogue orders its forms as Babel does, by the same rules.
    locale = Locale.parse(code)
    categories = PAGE_PLURAL_CATEGORIES[code]
    assert set(categories) == set(locale.plural_form.tags) | {"other"}
    for n in (0, 1, 2, 5, 21, 100, 1_000_000):
        assert locale.plural_form(n) in categories


def test_the_pages_words_cannot_leave_their_block_open() -> None:
    # "<!--<script>" in script data puts an HTML parser in its double-escaped state: the
    # block's own "</script>" no longer ends it, and the rest of the page (its body, its
    # script) becomes the block's text: a blank page.
    files = {"player.html": (b'<html lang="en"><!-- page words --><p>x</p></html>', "text/html")}
    files["a.js"] = (b'x = t("<!--<script>");', "text/javascript")
    page = PageLanguages(files, "pseudo").page("player.html", None)
    assert page is not None
    block = page.split(b'id="page-words">', 1)[1].split(b"</script>", 1)[0]
    assert b"<" not in block
    assert "<!--<script>" in next(iter(json.loads(block)["words"]))
