"""A card's Info as plain words in paragraphs, for a page that never renders HTML.

The Info is HTML the GM (or an imported file) wrote. A player's page gets its words
only, as text, so nothing in it can load, run or style anything on a phone; its
paragraphs and line breaks are kept, so a long Info still reads as it was written.
"""

from __future__ import annotations

from html.parser import HTMLParser

# Elements whose content is not text the GM wrote: the editor's document head and style.
HIDDEN = frozenset({"head", "style", "script", "title", "template"})
# Elements that start a new line of their own.
BLOCKS = frozenset(
    {"br", "p", "div", "li", "ul", "ol", "table", "tr", "hr", "blockquote", "pre"}
    | {"h1", "h2", "h3", "h4", "h5", "h6", "body", "html"}
)
CELLS = frozenset({"td", "th"})


class TextCollector(HTMLParser):
    """The text of an HTML fragment, a newline at each block, markup dropped."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in HIDDEN:
            self.hidden += 1
        elif tag in BLOCKS:
            self.parts.append("\n")
        elif tag in CELLS:
            self.parts.append(" ")

    def handle_endtag(self, tag: str) -> None:
        if tag in HIDDEN and self.hidden:
            self.hidden -= 1
        elif tag in BLOCKS:
            self.parts.append("\n")

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.parts.append(data)


def paragraphs(markup: str) -> tuple[str, ...]:
    """The non-empty lines of rich text (or of plain text), spaces inside each tidied."""
    collector = TextCollector()
    collector.feed(markup)
    collector.close()
    lines = (" ".join(line.split()) for line in "".join(collector.parts).splitlines())
    return tuple(line for line in lines if line)
