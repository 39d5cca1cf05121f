"""The campaign search, reached as `campaign.search_index`: `find` what the GM typed."""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING

from desktop.store.core import Manager
from desktop.store.search_index.definition import TABLE
from desktop.store.search_index.found import Found, found
from desktop.store.search_index.highlight import Highlighted, Highlighter
from desktop.store.search_index.kinds import split_rowid
from desktop.store.search_index.query import match_expression, terms
from desktop.store.search_index.records import SearchHit

if TYPE_CHECKING:
    from desktop.store.campaign import Campaign

LIMIT_MAX = 500
# A word in a record's name counts this many times one in the rest of its text.
TITLE_WEIGHT = 4.0
# Past this many matches, only the records whose name matches are ranked (`_ranked`).
BROAD = 1_000


class SearchIndex(Manager):
    """The GM's search over every record of the campaign (hidden ones too, marked)."""

    def __init__(self, campaign: Campaign) -> None:
        super().__init__(campaign)
        self._marks: Highlighter | None = None  # made at the first search

    def find(self, text: str, limit: int = 50) -> list[SearchHit]:
        """The records matching every word of `text`, best first (FTS5's bm25, a word in
        a name counting more; past BROAD matches, the names first: see `_ranked`), at
        most `limit` (1 to 500). Each word matches as the start of a word (a one-letter
        word whole), "quoted words" as a phrase; case and accents do not matter. Text
        with nothing to search for finds nothing; ValueError, in plain words, for a
        query too long (see `query`). Hidden records are found, and marked `hidden`."""
        if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= LIMIT_MAX:
            raise ValueError(f"Ask for 1 to {LIMIT_MAX} results.")
        found_terms = terms(text)
        if not found_terms:
            return []
        expression = match_expression(found_terms)
        rowids = self._ranked(expression, limit)
        by_kind: dict[str, list[int]] = defaultdict(list)
        ranked: list[tuple[str, int]] = []
        for rowid in rowids:
            kind, key = split_rowid(rowid)
            if kind is not None:
                by_kind[kind.name].append(key)
                ranked.append((kind.name, key))
        records: dict[tuple[str, int], Found] = {}
        for kind_name, keys in by_kind.items():
            for key, record in found(kind_name, keys, self._read).items():
                records[kind_name, key] = record
        kept = [(place, records[place]) for place in ranked if place in records]
        marked = self._highlighter().marks(
            expression, [(record.title_text, record.body) for _place, record in kept]
        )
        return [
            SearchHit(
                kind=kind_name,
                record_id=record.record_id,
                title=title if record.title_text else Highlighted(record.title),
                snippet=snippet,
                where=record.where.words(),
                place=record.where,
                named=record.named,
                hidden=record.hidden,
                owner_id=record.owner_id,
                game_id=record.game_id,
                scene=record.scene,
                day=record.day,
            )
            for ((kind_name, _key), record), (title, snippet) in zip(kept, marked, strict=True)
        ]

    def _ranked(self, expression: str, limit: int) -> list[int]:
        """The index's rowids matching `expression`, best first, at most `limit`.

        Ranking costs FTS5 the reading of every match's positions: the first letters of
        a common word match most of a big campaign (100,000 records: 40 ms a keystroke).
        So the matches are counted first, up to BROAD (cheap: no positions read); a
        broader query ranks only the records whose name matches, then lists the others
        in the index's order (kind by kind, characters first)."""
        probe = [
            int(row[0])
            for row in self._read(
                f"SELECT rowid FROM {TABLE} WHERE {TABLE} MATCH ? LIMIT ?",
                # Enough to fill `limit` with the others when the names are too few.
                (expression, max(BROAD, limit) + 1),
            )
        ]
        if len(probe) <= BROAD:
            return self._best(expression, limit)
        best = self._best(f"title : ({expression})", limit)
        named = set(best)
        return (best + [rowid for rowid in probe if rowid not in named])[:limit]

    def _best(self, expression: str, limit: int) -> list[int]:
        rows = self._read(
            f"SELECT rowid FROM {TABLE} WHERE {TABLE} MATCH ?"
            f" ORDER BY bm25({TABLE}, {TITLE_WEIGHT}, 1.0) LIMIT ?",
            (expression, limit),
        )
        return [int(row[0]) for row in rows]

    def _highlighter(self) -> Highlighter:
        if self._marks is None:
            self._marks = Highlighter()
        return self._marks
