"""Who is in a campaign: player characters, NPCs and non-character challenges."""

from __future__ import annotations

import re
from collections.abc import Callable

KINDS: tuple[str, ...] = ("pc", "npc", "challenge")
KIND_LABELS: dict[str, str] = {
    "pc": "Player character",
    "npc": "NPC",
    "challenge": "Challenge",
}
NAME_MAX = 80
# Bidirectional embeddings, overrides and isolates: a name holding one ("Trojan source")
# would turn around the text after it wherever the name is set inside a sentence.
BIDI_CONTROL = re.compile("[\u202a-\u202e\u2066-\u2069]")
FIRST_STRONG_ISOLATE, POP_ISOLATE = "\u2068", "\u2069"
NOTES_MAX = 20_000


def check_name(name: object) -> str:
    """Return the name stripped of outer spaces, or raise ValueError saying what is wrong."""
    if not isinstance(name, str):
        raise ValueError("A name must be text.")
    cleaned = " ".join(name.split())
    if not cleaned:
        raise ValueError("A name cannot be empty.")
    if len(cleaned) > NAME_MAX:
        raise ValueError(f"A name can have at most {NAME_MAX} characters, not {len(cleaned)}.")
    return cleaned


def check_kind(kind: object) -> str:
    """Return the kind if it is one GM Desk knows, or raise ValueError."""
    if kind not in KINDS:
        known = ", ".join(KIND_LABELS[k] for k in KINDS)
        raise ValueError(f"A character is one of: {known}; not {kind!r}.")
    return str(kind)


def check_notes(notes: object) -> str:
    """Return the notes if they are text of a sane length, or raise ValueError."""
    if not isinstance(notes, str):
        raise ValueError("Notes must be text.")
    if len(notes) > NOTES_MAX:
        raise ValueError(f"Notes can have at most {NOTES_MAX} characters, not {len(notes)}.")
    return notes


# Each field of a character a GM may write, with its check, declared once beside the
# checks: the store judges adding and changing a character by it, so a new field is
# named here and nowhere else among the checks.
CHECKS: dict[str, Callable[[object], object]] = {
    "name": check_name,
    "kind": check_kind,
    "notes": check_notes,
}


def isolated(name: str) -> str:
    """`name` to set inside a sentence: a name with a bidirectional control in it is
    isolated (FSI ... PDI) so that it turns only itself around, never the words after
    it. Plain names, right-to-left letters included, are left as they are."""
    if BIDI_CONTROL.search(name) is None:
        return name
    return f"{FIRST_STRONG_ISOLATE}{name}{POP_ISOLATE}"
