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


# A SySCard's category, as the card's corner and the sheet's table name it.
CATEGORY_WORDS: Final[dict[str, str]] = {
    "character": N_("character"),
    "skill": N_("skill"),
    "ability": N_("ability"),
    "item": N_("item"),
    "vehicle": N_("vehicle"),
    "creature": N_("creature"),
    "place": N_("place"),
    "other": N_("other"),
}

# The grades of the Necessary Rate Range Table, as a card names its efficiency's.
GRADE_WORDS: Final[dict[str, str]] = {
    "Novice": N_("Novice"),
    "Adept": N_("Adept"),
    "Master": N_("Master"),
    "Qualified": N_("Qualified"),
    "Expert": N_("Expert"),
    "Specialist": N_("Specialist"),
    "Exceptional": N_("Exceptional"),
    "Excellent": N_("Excellent"),
    "Supreme": N_("Supreme"),
    "Ultimate": N_("Ultimate"),
}


def category_word(tr: Translator, category: str) -> str:
    """A card's category in the print language; one this build does not know, as given."""
    return tr.gettext(CATEGORY_WORDS[category]) if category in CATEGORY_WORDS else category


def grade_word(tr: Translator, grade: str) -> str:
    return tr.gettext(GRADE_WORDS[grade]) if grade in GRADE_WORDS else grade


# The faction ladder's wording (rules/factions.py's GANG_SCALE_LABELS and STATUS_LABELS).
GANG_SCALE_WORDS: Final[dict[int, str]] = {
    0: N_("1 or 2 people"),
    1: N_("Small gangs (3-6 people)"),
    2: N_("Medium gangs (12 people)"),
    3: N_("Large gangs (20 people)"),
    4: N_("Huge gangs (40 people)"),
    5: N_("Massive gangs (80 people)"),
    6: N_("Vast gangs (160 people)"),
}
STATUS_WORDS: Final[dict[int, str]] = {
    3: N_("Allies"),
    2: N_("Friendly"),
    1: N_("Helpful"),
    0: N_("Neutral"),
    -1: N_("Interfering"),
    -2: N_("Hostile"),
    -3: N_("War"),
}


def gang_scale(tr: Translator, tier: int) -> str:
    return tr.gettext(GANG_SCALE_WORDS[tier]) if tier in GANG_SCALE_WORDS else str(tier)


def status_text(tr: Translator, status: int) -> str:
    """A status with its sign and word, as the ladder writes it: "+2 Friendly", "−3 War"."""
    # Imported here: the roster's words (this module's) are needed at every start, the
    # faction rules only once a ladder or a chapter is shown.
    from desktop.rules.factions import STATUS_MINUS

    word = tr.gettext(STATUS_WORDS[status]) if status in STATUS_WORDS else ""
    sign = f"+{status}" if status > 0 else (f"{STATUS_MINUS}{-status}" if status < 0 else "0")
    return f"{sign} {word}".strip()
