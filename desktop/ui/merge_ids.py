"""The undo commands' merge ids, numbered in one place so that no two kinds share one.

Qt merges two consecutive commands on the undo stack when their `id()` is the same and
not -1; each kind of command that merges (typing in a field, one keystroke after
another) returns its own number from here.
"""

from __future__ import annotations

from enum import IntEnum, unique

NO_MERGE = -1  # what Qt reads as "never merge this command"


@unique
class MergeId(IntEnum):
    EDIT_NOTES = 1001  # a character's notes (commands.py)
    EDIT_CARD = 2001  # a system card's fields (card_commands.py)
    EDIT_SHEET = 3001  # a downtime sheet's text fields (downtime_commands.py)
    EDIT_CHAPTER = 4001  # the chapter's name, coin, heat and notes (chapter_commands.py)
    TRAY_MOVES = 5001  # dice moved into or out of the tray before a roll (dice_commands.py)
    EDIT_JOURNAL = 6001  # a journal note's text (journal_commands.py)
