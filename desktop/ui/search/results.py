"""The rows the search box shows for what the GM typed, and what choosing one does.

`SearchResults` is the box's only source: `rows(text)` (the hits grouped under their
kind's heading, or a plain message) and `run(row)` (open the record). It holds no Qt
widget, so the box can be given another source with the same two methods.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from desktop.language import N_
from desktop.store.search_index import SearchHit
from desktop.ui.plain_text import escaped
from desktop.ui.search.markup import hit_markup, hit_words
from desktop.ui.window_language import tr

# The heading over each kind's hits, in the order the groups are listed (translated when
# shown).
KIND_HEADINGS: dict[str, str] = {
    "character": N_("Characters"),
    "trait": N_("Traits"),
    "item": N_("Items"),
    "card": N_("Cards"),
    "clock": N_("Clocks"),
    "faction": N_("Factions"),
    "claim": N_("Claims"),
    "chapter": N_("Chapter"),
    "scene": N_("Scenes"),
    "ledger": N_("Energy ledger"),
    "downtime": N_("Downtime"),
    "journal": N_("Journal"),
}
NOTHING_FOUND = N_("Nothing found.")
# Results asked of the index for one query: enough for a screen of every kind.
RESULTS_MAX = 50


@dataclass(frozen=True)
class ResultRow:
    """One line of the results: a kind's heading (`hit` None) or a record found.
    `markup` is our rich text (campaign text escaped), `words` the same plain."""

    markup: str
    words: str
    hit: SearchHit | None = None

    @property
    def is_heading(self) -> bool:
        return self.hit is None


@dataclass(frozen=True)
class Results:
    """What a query shows: its rows, or `message` (plain words) when there are none."""

    rows: tuple[ResultRow, ...] = field(default=())
    message: str = ""


class RowSource(Protocol):
    """What the box asks of what it searches."""

    def rows(self, text: str) -> Results: ...

    def run(self, row: ResultRow) -> bool: ...


class SearchResults:
    """The campaign's records found for a text, through `find` (the campaign's
    `search_index.find`), and opened through `open_hit` (the window's)."""

    def __init__(
        self,
        find: Callable[[str, int], list[SearchHit]],
        open_hit: Callable[[SearchHit], object],
    ) -> None:
        self._find = find
        self._open_hit = open_hit

    def rows(self, text: str) -> Results:
        """The hits for `text` under their kinds' headings, the best first in each; no
        rows for blank text; the refusal's own words for a query the index refuses."""
        if not text.strip():
            return Results()
        try:
            hits = self._find(text, RESULTS_MAX)
        except ValueError as refused:  # too long, too many words: said in plain words
            return Results(message=str(refused))
        if not hits:
            return Results(message=tr(NOTHING_FOUND))
        rows: list[ResultRow] = []
        for kind, english in KIND_HEADINGS.items():
            found = [hit for hit in hits if hit.kind == kind]
            if found:
                heading = tr(english)
                bold = f"<b>{escaped(heading)}</b>"  # untranslated: markup
                rows.append(ResultRow(bold, heading))
                rows.extend(ResultRow(hit_markup(hit), hit_words(hit), hit) for hit in found)
        return Results(tuple(rows))

    def run(self, row: ResultRow) -> bool:
        """Open the record of `row` in its dock; False for a heading."""
        if row.hit is None:
            return False
        self._open_hit(row.hit)
        return True
