"""The player pages in the phone's language.

The pages' words are marked where they are written: in the HTML as ``{{ words }}``
(replaced here, escaped, when a page is served), in the scripts as ``t("words")`` and
``nt("{count} die", "{count} dice", n)``, looked up in the page's own catalogue, a JSON
block the server writes into the page (``<script type="application/json"
id="page-words">``: data, never run, so the pages' script policy stays 'self'). `make
catalogues` extracts both with Babel (`extract_html` below for the HTML; Babel's own
JavaScript extractor for the scripts) into the catalogue the window and the printing
share.

The language is the phone's (its Accept-Language), when GM Desk speaks it, else the
GM's window's: a player reads the page in the language of their own phone.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator, Mapping
from typing import IO, Final

from desktop.language import Translator, language_codes, translator

__all__ = [
    "PAGE_PLURAL_CATEGORIES",
    "PageLanguages",
    "choose_language",
    "extract_html",
    "html_messages",
    "script_messages",
]

_MARKER: Final = re.compile(r"\{\{(.+?)\}\}", re.DOTALL)
# t("…") and nt("…", "…", n): double-quoted literals only (a test holds the scripts to
# it, and checks that this finds what Babel's extractor finds).
_CALL: Final = re.compile(
    r'\b(nt|t)\(\s*"((?:[^"\\\n]|\\.)*)"(?:\s*,\s*"((?:[^"\\\n]|\\.)*)")?', re.DOTALL
)
_WORDS_BLOCK: Final = "<!-- page words -->"
# Each language's plural forms as the browser's Intl.PluralRules names them, in the
# order of the catalogue's forms (CLDR's order, as Babel writes the catalogues).
PAGE_PLURAL_CATEGORIES: Final[Mapping[str, tuple[str, ...]]] = {
    "en": ("one", "other"),
    "fr": ("one", "many", "other"),
    "de": ("one", "other"),
    "es": ("one", "many", "other"),
    "pseudo": ("one", "other"),
}


def _plain(text: str) -> str:
    """A marker's words with the HTML's line breaks and indents as single spaces."""
    return " ".join(text.split())


def html_messages(template: str) -> list[str]:
    """The messages marked in an HTML page, in order."""
    return [_plain(found.group(1)) for found in _MARKER.finditer(template)]


def _unescaped(literal: str) -> str:
    return json.loads(f'"{literal}"')  # a JavaScript double-quoted literal's escapes


def script_messages(source: str) -> list[tuple[str, str | None]]:
    """The (singular, plural or None) messages a script marks, in order."""
    found: list[tuple[str, str | None]] = []
    for call in _CALL.finditer(source):
        plural = call.group(3)
        if call.group(1) == "nt" and plural is not None:
            found.append((_unescaped(call.group(2)), _unescaped(plural)))
        elif call.group(1) == "t":
            found.append((_unescaped(call.group(2)), None))
    return found


def extract_html(
    fileobj: IO[bytes],
    keywords: object,
    comment_tags: object,
    options: object,
) -> Iterator[tuple[int, str | None, str, list[str]]]:
    """Babel's extraction method for the pages' HTML (babel.cfg names it)."""
    text = fileobj.read().decode("utf-8")
    for found in _MARKER.finditer(text):
        line = text.count("\n", 0, found.start()) + 1
        yield line, None, _plain(found.group(1)), []


def choose_language(accept: str | None, fallback: str) -> str:
    """The first language of an Accept-Language header that GM Desk speaks (by the
    weights the phone gives them), else ``fallback``."""
    ranked: list[tuple[float, int, str]] = []
    for index, part in enumerate((accept or "").split(",")):
        name, _, params = part.strip().partition(";")
        weight = 1.0
        if params.strip().lower().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                continue
        code = name.strip().split("-")[0].lower()
        if code in language_codes() and weight > 0:
            ranked.append((-weight, index, code))
    return min(ranked)[2] if ranked else fallback


def _page_words(
    tr: Translator, messages: list[tuple[str, str | None]], extra: tuple[str, ...]
) -> dict[str, object]:
    words: dict[str, str] = {}
    plurals: dict[str, dict[str, str]] = {}
    categories = PAGE_PLURAL_CATEGORIES.get(tr.code, ("one", "other"))
    for singular, plural in messages:
        if plural is None:
            words[singular] = tr.gettext(singular)
            continue
        forms = tr.plural_forms(singular, plural)
        plurals[singular] = dict(zip(categories, forms, strict=False))
    words.update({message: tr.gettext(message) for message in extra})
    # Only what differs from the English: the page shows the English when not found.
    return {
        "lang": tr.code,
        "words": {key: value for key, value in words.items() if value != key},
        "plurals": plurals,
    }


def _render(template: str, tr: Translator, block: str) -> str:
    code = tr.code if tr.code in language_codes() else "en"
    page = _MARKER.sub(lambda found: html.escape(tr.gettext(_plain(found.group(1)))), template)
    page = page.replace('<html lang="en">', f'<html lang="{code}">', 1)
    return page.replace(_WORDS_BLOCK, block, 1)


class PageLanguages:
    """The pages rendered in each language as first asked for, kept for the next phone."""

    def __init__(
        self,
        files: Mapping[str, tuple[bytes, str]],
        fallback: str = "en",
        extra: tuple[str, ...] = (),
    ) -> None:
        self._files = files
        self.fallback = fallback
        self._extra = extra  # words the view brings that the page translates too
        self._messages: list[tuple[str, str | None]] = []
        for name, (body, _kind) in files.items():
            if name.endswith(".js"):
                self._messages += script_messages(body.decode("utf-8"))
        self._rendered: dict[tuple[str, str], bytes] = {}

    def page(self, name: str, accept: str | None) -> bytes | None:
        """The HTML page ``name`` in the phone's language; None when there is none."""
        found = self._files.get(name)
        if found is None:
            return None
        code = choose_language(accept, self.fallback)
        key = (name, code)
        if key not in self._rendered:
            tr = translator(code)
            words = json.dumps(_page_words(tr, self._messages, self._extra), ensure_ascii=False)
            # No "<" at all (JSON's \u003c): neither "</script>" nor "<!--<script>", which
            # would leave the block open to the page's end, can appear, whatever a word holds.
            block = (
                '<script type="application/json" id="page-words">'
                + words.replace("<", "\\u003c")
                + "</script>"
            )
            self._rendered[key] = _render(found[0].decode("utf-8"), tr, block).encode("utf-8")
        return self._rendered[key]
