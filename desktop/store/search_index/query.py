"""What the GM typed, as an FTS5 query: never SQL, never FTS5's own syntax.

The text is split into words at white space; text between double quotes is one
phrase. Each word and phrase becomes an FTS5 string ("...", an inner quote doubled),
so that AND, OR, NOT, NEAR, ^, :, *, (, ), - and + are searched for as what they are
(FTS5's tokenizer keeps letters and digits only, so most are no words at all). Every
word matches as a prefix (the search runs as the GM types), except a word of one
letter, which matches whole: "a*" would be every word that starts with an a, read from
the whole index at every first keystroke. A phrase closed by its quote matches
exactly; one still open (the GM is typing it) matches its last word as a prefix.

The words are then ANDed (FTS5's default between strings). NUL (which ends an FTS5
query early) and lone surrogates (which SQLite cannot be handed) are spaces here; a
query longer than QUERY_MAX characters or of more than WORDS_MAX words is refused with
a plain ValueError.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

QUERY_MAX = 200
WORDS_MAX = 12


@dataclass(frozen=True)
class Term:
    """One word or phrase of a query: its text, and whether it matches as a prefix."""

    text: str
    prefix: bool


def terms(text: str) -> list[Term]:
    """The words and phrases of `text`, in order ([] when there is nothing to find)."""
    if not isinstance(text, str):
        raise ValueError("Search for text.")
    if len(text) > QUERY_MAX:
        raise ValueError(f"Search for at most {QUERY_MAX} characters.")
    cleaned = "".join(" " if _unsendable(c) else c for c in text)
    found: list[Term] = []
    for number, part in enumerate(cleaned.split('"')):
        inside = number % 2 == 1
        if inside:
            # The last part of an odd number of quotes is a phrase still being typed.
            still_open = number == cleaned.count('"')
            if _has_word(part):
                found.append(Term(" ".join(part.split()), prefix=still_open))
            continue
        for word in part.split():
            if _has_word(word):
                found.append(Term(word, prefix=_word_length(word) > 1))
    if len(found) > WORDS_MAX:
        raise ValueError(f"Search for at most {WORDS_MAX} words at once.")
    return found


def match_expression(found: list[Term]) -> str:
    """The FTS5 MATCH expression of `found` ("" for none)."""
    return " ".join(
        '"' + term.text.replace('"', '""') + '"' + ("*" if term.prefix else "") for term in found
    )


def _unsendable(character: str) -> bool:
    return character == "\x00" or "\ud800" <= character <= "\udfff"


def _is_word_character(character: str) -> bool:
    """A letter, a digit or a private-use character: what FTS5's unicode61 keeps."""
    category = unicodedata.category(character)
    return category[0] in "LN" or category == "Co"


def _has_word(text: str) -> bool:
    return any(_is_word_character(c) for c in text)


def _word_length(word: str) -> int:
    return sum(1 for c in word if _is_word_character(c))
