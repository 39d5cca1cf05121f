"""Who acts at the table: the GM, or a player for their own character."""

from __future__ import annotations

from dataclasses import dataclass


class NotYours(ValueError):
    """A player asked for something only the GM, or another character's player, may do."""


@dataclass(frozen=True)
class Actor:
    """The GM (`character_id` None), or the player of the character `character_id`."""

    character_id: int | None = None

    @classmethod
    def gm(cls) -> Actor:
        return cls(None)

    @classmethod
    def player(cls, character_id: int) -> Actor:
        return cls(character_id)

    @property
    def is_gm(self) -> bool:
        return self.character_id is None

    def require_gm(self, what: str) -> None:
        """Refuse a player an action that is the GM's alone (`what`, in the GM's words)."""
        if not self.is_gm:
            raise NotYours(f"Only the GM can {what}.")

    def require_one_of(self, character_ids: tuple[int, ...] | list[int], what: str) -> None:
        """Refuse a player whose character is none of `character_ids` (the GM may always)."""
        if not self.is_gm and self.character_id not in character_ids:
            raise NotYours(f"A player can {what} only for their own character.")
