"""A search hit as our own rich text: the words that matched in bold, every character
of campaign text escaped (see `plain_text`), on the lines a result row shows."""

from __future__ import annotations

from desktop.language import N_
from desktop.store.search_index import Highlighted, SearchHit
from desktop.ui.plain_text import escaped
from desktop.ui.window_language import tr

HIDDEN_WORDS = N_("hidden from players")


# Line breaks, tabs and NUL (which ends a string in Qt's HTML reader) shown as spaces:
# one character for one, so the spans still fall on the same words.
_FLAT = str.maketrans({"\x00": " ", "\n": " ", "\r": " ", "\t": " "})


def one_line(text: str) -> str:
    """`text` on one line, its runs of spaces made one."""
    return " ".join(text.translate(_FLAT).split())


def bolded(highlighted: Highlighted) -> str:
    """`highlighted`'s text on one line, escaped, with each matched span in <b>."""
    text = highlighted.text.translate(_FLAT)
    pieces: list[str] = []
    at = 0
    for start, end in highlighted.spans:
        if start < at or end > len(text) or start >= end:
            continue  # a span out of order or past the text is not drawn
        pieces.append(escaped(text[at:start]))
        pieces.append(f"<b>{escaped(text[start:end])}</b>")  # untranslated: markup
        at = end
    pieces.append(escaped(text[at:]))
    return "".join(pieces)


def hit_place(hit: SearchHit) -> str:
    """Where `hit` lives, in the window's language ("Roster, NPC", "Trait of Kara")."""
    return hit.place.words(tr) if hit.place is not None else hit.where


def hit_title(hit: SearchHit) -> Highlighted:
    """`hit`'s name with what matched; one the store made ("Scene 2 of game 3") in the
    window's language (nothing in it is marked as matched)."""
    return Highlighted(hit.named.words(tr)) if hit.named is not None else hit.title


def hit_markup(hit: SearchHit) -> str:
    """Two lines: the record's name, where it lives and whether players may see it; then
    the part of its text that matched, when it has any."""
    place = escaped(one_line(hit_place(hit)))
    hidden_words = escaped(tr(HIDDEN_WORDS))
    hidden = f" · <i>{hidden_words}</i>" if hit.hidden else ""  # untranslated: markup
    first = f"{bolded(hit_title(hit))} <small>— {place}{hidden}</small>"  # untranslated: markup
    if not hit.snippet.text.strip():
        return first
    return f"{first}<br><small>{bolded(hit.snippet)}</small>"  # untranslated: markup


def hit_words(hit: SearchHit) -> str:
    """The same in plain words, for a screen reader."""
    hidden = f", {tr(HIDDEN_WORDS)}" if hit.hidden else ""
    words = f"{one_line(hit_title(hit).text)}, {one_line(hit_place(hit))}{hidden}"
    snippet = one_line(hit.snippet.text)
    return f"{words}: {snippet}" if snippet else words
