"""What the store hands out for the faction ladder: frozen plain values, never live rows."""

from __future__ import annotations

from dataclasses import dataclass

from desktop.rules import factions
from desktop.store.clocks import ClockRecord


@dataclass(frozen=True, slots=True)
class FactionRecord:
    """A faction on the ladder; `position` orders its tier's row, 0-based and dense."""

    id: int
    name: str
    tier: int  # 0..6
    hold: str  # "weak" | "strong"
    status: int  # -3..+3, the chapter's status with it
    at_war_with_others: bool
    position: int
    notes: str = ""
    shown: bool = True  # shown to players (the player display); new factions are

    @property
    def faction(self) -> factions.Faction:
        return factions.Faction(
            self.name, self.tier, self.hold, self.status, self.at_war_with_others
        )


@dataclass(frozen=True, slots=True)
class FactionSnapshot:
    """A deleted faction with its clocks, for `factions.restore`."""

    faction: FactionRecord
    clocks: tuple[ClockRecord, ...] = ()
