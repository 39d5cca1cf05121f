"""How the palette matches typed words: each word typed, in any order, begins a word of
the command (its name, its menu, its synonyms), ignoring case and accents."""

from __future__ import annotations

import re
import unicodedata

# Words are letters and digits; "Print…", "Rest 2 hours" and "d'or" split where a
# reader would.
_WORD = re.compile(r"\w+")  # untranslated: a regular expression
# No one types a command of more words than this; the rest of a long paste is ignored.
MAX_WORDS = 12


def folded(text: str) -> str:
    """`text` without accents or case: "Évènement" and "evenement" read the same."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def words(text: str) -> list[str]:
    return _WORD.findall(folded(text))


def match_rank(typed: str, title: str, others: list[str]) -> int | None:
    """How well `typed` finds a command named `title` with the other words `others`
    (its menu, its synonyms): None when some typed word begins none of its words, else
    a rank, higher better: 4 its name begins with what was typed, 3 one of the others
    does, 2 every word is in its name, 1 a match through the others. Nothing typed: 0."""
    wanted = words(typed)[:MAX_WORDS]
    if not wanted:
        return 0
    title_words = words(title)
    phrases = [title_words, *(words(other) for other in others)]
    every = [word for phrase in phrases for word in phrase]
    if not all(any(word.startswith(part) for word in every) for part in wanted):
        return None
    if _begins(title_words, wanted):
        return 4
    if any(_begins(phrase, wanted) for phrase in phrases[1:]):
        return 3
    if all(any(word.startswith(part) for word in title_words) for part in wanted):
        return 2
    return 1


def _begins(phrase: list[str], wanted: list[str]) -> bool:
    """Whether `phrase` begins with the words `wanted`, the last one perhaps unfinished."""
    if len(wanted) > len(phrase):
        return False
    *whole, last = wanted
    return phrase[: len(whole)] == whole and phrase[len(whole)].startswith(last)
