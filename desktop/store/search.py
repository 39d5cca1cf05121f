"""What the card filter searches: one folded line of text per card, kept in the file.

A card's Info is rich text, stored as the HTML the editor writes, with a `<style>`
block, font families and margins on every paragraph. Searching that HTML would find
"sans" or "margin" in every card, so each card keeps a `search_text` column instead:
its name, the words of its Info and its tags, case-folded. The filter is then one
`LIKE` over one column, in SQL, and "Ærin" matches "ærin" (SQLite's own LIKE folds
ASCII letters only).
"""

from __future__ import annotations

from html.parser import HTMLParser

# Elements whose content is not text a GM wrote: the editor's document head and style.
_HIDDEN = frozenset({"head", "style", "script", "title"})
# Elements that end a word; inline ones (b, i, span) may sit inside a word: "<b>NR</b>s".
_BREAKS = frozenset(
    {"br", "p", "div", "li", "ul", "ol", "table", "tr", "td", "th", "hr", "blockquote"}
    | {"pre", "h1", "h2", "h3", "h4", "h5", "h6", "body", "html"}
)
# LIKE's escape character, and the characters it must escape to be matched literally.
ESCAPE = "\\"
_SPECIAL = (ESCAPE, "%", "_")


class _TextOnly(HTMLParser):
    """Collects the text of an HTML fragment, skipping markup and hidden elements."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _HIDDEN:
            self._hidden += 1
        # A paragraph or line break separates words even when the HTML has no space.
        if tag in _BREAKS:
            self.parts.append(" ")

    def handle_endtag(self, tag: str) -> None:
        if tag in _HIDDEN and self._hidden:
            self._hidden -= 1
        if tag in _BREAKS:
            self.parts.append(" ")

    def handle_data(self, data: str) -> None:
        if not self._hidden:
            self.parts.append(data)


def html_text(markup: str) -> str:
    """The words of rich text (or of plain text, which passes through), spaces tidied."""
    parser = _TextOnly()
    parser.feed(markup)
    parser.close()
    return " ".join("".join(parser.parts).split())


def search_text(name: str, info: str, tags: str) -> str:
    """The folded text a card is found by; lines keep a match from spanning two fields."""
    return "\n".join((name, html_text(info), tags)).casefold()


def like_pattern(text: str) -> str | None:
    """The LIKE pattern for what the GM typed (ESCAPE '\\'), or None to match everything.

    Spaces are tidied as the search text's are, and %, _ and \\ match themselves.
    """
    folded = " ".join(text.casefold().split())
    if not folded:
        return None
    for special in _SPECIAL:
        folded = folded.replace(special, ESCAPE + special)
    return f"%{folded}%"
