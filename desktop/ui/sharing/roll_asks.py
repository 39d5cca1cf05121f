"""The GM's asks to roll: "Ask Kara to roll" from the Dice Table or the Play dock marks
Kara as asked until her phone's roll lands or the GM takes the ask back.

Held by the sharing controller for the running share, never in the campaign and never on
the undo stack: an ask is a word across the table, and undoing a roll must not ask again.
With rolls in turn order, an asked player may roll out of turn once
(`actions.turns.roll_turn_refusal`); their page shows "Your GM asks you to roll".
"""

from __future__ import annotations

from collections.abc import Callable


class RollAsks:
    """Who is asked to roll. `sharing()`: whether the players' pages are shared now;
    `may_ask(character_id)`: whether that character's page can roll now (shared, rolls
    allowed); `changed()` is called after every change of who is asked or who may be
    (the controller republishes the pages and tells the docks)."""

    def __init__(
        self,
        sharing: Callable[[], bool],
        may_ask: Callable[[int], bool],
        changed: Callable[[], None],
    ) -> None:
        self._sharing = sharing
        self._may_ask = may_ask
        self._changed = changed
        self._asked: set[int] = set()

    def sharing(self) -> bool:
        """Whether the players' pages are shared now (the docks offer asks only then)."""
        return self._sharing()

    def may_ask(self, character_id: int) -> bool:
        """Whether the GM can ask `character_id`'s player to roll from their phone now."""
        return self._may_ask(character_id)

    def is_asked(self, character_id: int) -> bool:
        return character_id in self._asked

    def asked(self) -> frozenset[int]:
        return frozenset(self._asked)

    def ask(self, character_id: int) -> bool:
        """Ask `character_id`'s player to roll; False (nothing asked) when their page
        cannot roll now."""
        if not self._may_ask(character_id):
            return False
        if character_id not in self._asked:
            self._asked.add(character_id)
            self._changed()
        return True

    def cancel(self, character_id: int) -> None:
        """The GM takes the ask back, or the roll asked for has landed."""
        if character_id in self._asked:
            self._asked.discard(character_id)
            self._changed()

    def keep_only(self, character_ids: set[int] | frozenset[int]) -> None:
        """Drop the asks of characters whose pages can no longer roll (view only again,
        no longer shared); `changed` is called either way, since who may be asked did."""
        self._asked &= set(character_ids)
        self._changed()

    def clear(self) -> None:
        """Sharing stopped or the campaign closed: nobody is asked."""
        self._asked.clear()
        self._changed()
