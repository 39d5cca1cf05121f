"""Which words of a found record matched: spans in its title and a snippet of its body.

The index keeps no words (`content=''`), so the found records' own text is matched
again, by FTS5 itself, in a small table in memory with the index's tokenizer: its
`highlight()` and `snippet()` mark exactly what the query matched, with the same
folding of case and accents, the same prefixes and the same phrases (a re-tokenizer
in Python would have to copy unicode61's tables to agree with it). Marks are two
control characters, turned into spaces in the text first (both are separators to the
tokenizer, so no word moves), and read back as spans.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Sequence
from dataclasses import dataclass

OPEN, CLOSE = "\x01", "\x02"
ELLIPSIS = "…"
SNIPPET_TOKENS = 16  # words around the match shown from a long body


@dataclass(frozen=True, slots=True)
class Highlighted:
    """A text with the spans that matched: (start, end) character offsets, in order."""

    text: str
    spans: tuple[tuple[int, int], ...] = ()


class Highlighter:
    """An FTS5 table in memory, filled with the found records for one query at a time."""

    def __init__(self) -> None:
        self._connection: sqlite3.Connection | None = None
        self._lock = threading.Lock()

    def marks(
        self, expression: str, texts: Sequence[tuple[str, str]]
    ) -> list[tuple[Highlighted, Highlighted]]:
        """For each (title, body) of `texts`: the title with its matches, and the part of
        the body around them (the whole body when short); no spans where none match."""
        if not texts:
            return []
        with self._lock:
            connection = self._scratch()
            connection.executemany(
                "INSERT INTO found (rowid, title, body) VALUES (?, ?, ?)",
                [(n, _plain(t), _plain(b)) for n, (t, b) in enumerate(texts)],
            )
            try:
                rows = connection.execute(
                    "SELECT rowid, highlight(found, 0, ?, ?),"
                    " snippet(found, 1, ?, ?, ?, ?) FROM found WHERE found MATCH ?",
                    (OPEN, CLOSE, OPEN, CLOSE, ELLIPSIS, SNIPPET_TOKENS, expression),
                ).fetchall()
            finally:
                connection.execute("DELETE FROM found")
        marked = {int(n): (str(t), str(b)) for n, t, b in rows}
        result = []
        for number, (title, body) in enumerate(texts):
            if number in marked:
                result.append((_read(marked[number][0]), _read(marked[number][1])))
            else:
                result.append((Highlighted(_plain(title)), Highlighted(_first_words(body))))
        return result

    def _scratch(self) -> sqlite3.Connection:
        if self._connection is None:
            self._connection = sqlite3.connect(":memory:", check_same_thread=False)
            self._connection.execute(
                "CREATE VIRTUAL TABLE found USING fts5(title, body,"
                " tokenize = 'unicode61 remove_diacritics 2')"
            )
        return self._connection


def _plain(text: str) -> str:
    """`text` on one line, its spaces tidied, with the marks (and NUL, which SQLite's
    functions stop at) made spaces: separators all, so no word changes."""
    return " ".join(text.replace(OPEN, " ").replace(CLOSE, " ").replace("\x00", " ").split())


def _read(marked: str) -> Highlighted:
    """The text without its marks, and where they were."""
    text: list[str] = []
    spans: list[tuple[int, int]] = []
    start = 0
    length = 0
    for character in marked:
        if character == OPEN:
            start = length
        elif character == CLOSE:
            spans.append((start, length))
        else:
            text.append(character)
            length += 1
    return Highlighted("".join(text), tuple(spans))


def _first_words(body: str) -> str:
    words = body.split()
    if len(words) <= SNIPPET_TOKENS:
        return " ".join(words)
    return " ".join(words[:SNIPPET_TOKENS]) + " " + ELLIPSIS
