"""The rules' words as the printed pages say them, marked for the catalogue.

The rules import nothing of ours, so their English words (a character's kind, a pool's
play state, a die's kind) cannot be marked where they are written. Printing names them
here, keyed as the rules key them, and translates them when it paints; the tests check
that every key of the rules has its words here.
"""

from __future__ import annotations

from typing import Final

from desktop.language import N_, Translator
from desktop.rules.dicepool import Kind, PlayState

KIND_LABELS: Final[dict[str, str]] = {
    "pc": N_("Player character"),
    "npc": N_("NPC"),
    "challenge": N_("Challenge"),
}

PLAY_STATE_WORDS: Final[dict[PlayState, str]] = {
    PlayState.IN_PLAY: N_("in play"),
    PlayState.OUT_OF_PLAY: N_("out of play (no die in the pool)"),
    PlayState.OUT_FOR_GOOD: N_("out for good (no die left)"),
    PlayState.NO_POOL: N_("no pool yet"),
}

# A die named with its size: "damage die d8". The kind is a word of its own in English
# but not in German (Schadenswürfel), so each kind has its whole phrase.
DIE_NAMES: Final[dict[str, str]] = {
    Kind.ORDINARY: N_("die d{size}"),
    Kind.DAMAGE: N_("damage die d{size}"),
    Kind.PROTECTION: N_("protection die d{size}"),
}


def kind_label(tr: Translator, kind: str) -> str:
    """A character's kind in the print language; an unknown kind as the store has it."""
    return tr.gettext(KIND_LABELS[kind]) if kind in KIND_LABELS else kind.capitalize()


def die_name(tr: Translator, kind: str, size: int) -> str:
    return tr.gettext(DIE_NAMES.get(kind, DIE_NAMES[Kind.ORDINARY])).format(size=size)
