"""What the store hands out for clocks: frozen plain values, never live rows, and the
kinds of owner a clock can have."""

from __future__ import annotations

from dataclasses import dataclass

from desktop.rules import downtime

OWNER_NONE = "none"


OWNER_CHARACTER = "character"


OWNER_CHAPTER = "chapter"


OWNER_FACTION = "faction"


# The order `campaign.clocks.all()` lists the groups in.
OWNER_KINDS: tuple[str, ...] = (OWNER_NONE, OWNER_CHAPTER, OWNER_CHARACTER, OWNER_FACTION)


@dataclass(frozen=True, slots=True)
class ClockRecord:
    """A progress clock. `owner_id` is the character or faction id; 0 for none and
    the chapter. `position` orders the clocks of one owner, 0-based and dense."""

    id: int
    name: str
    segments: int  # 2..12
    filled: int  # 0..segments
    owner_kind: str  # OWNER_NONE | OWNER_CHAPTER | OWNER_CHARACTER | OWNER_FACTION
    owner_id: int
    position: int
    note: str = ""
    shown: bool = False  # shown to players (the player display); new clocks are the GM's

    @property
    def clock(self) -> downtime.Clock:
        return downtime.Clock(self.name, self.segments, self.filled)

    @property
    def done(self) -> bool:
        return self.filled == self.segments
