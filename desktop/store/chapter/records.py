"""What the store hands out for the chapter and its claim map: frozen plain values,
never live rows."""

from __future__ import annotations

from dataclasses import dataclass

from desktop.rules import factions
from desktop.store.factions import FactionRecord


@dataclass(frozen=True, slots=True)
class ChapterRecord:
    """The players' faction. `turf` and `at_war` are derived from the claims and the
    factions, never stored."""

    name: str
    tier: int
    hold: str
    rep: int  # 0..rep_to_develop(turf)
    coin: int
    heat: int
    lair_held: bool
    turf: int  # turf claims the chapter holds, at most 6 (0 while the lair is lost)
    at_war: bool  # some faction has status -3
    notes: str = ""
    lair_threatened: bool = False  # marked when a tier-0 weak chapter loses hold (0006)

    @property
    def chapter(self) -> factions.Chapter:
        return factions.Chapter(self.tier, self.hold, self.rep, self.turf, self.coin, self.heat)


@dataclass(frozen=True, slots=True)
class ClaimRecord:
    """A claim on the map; `holder_id` 0 is the chapter. The lair sits at (0, 0)."""

    id: int
    name: str
    benefit: str
    turf: bool
    holder_id: int
    x: float
    y: float


@dataclass(frozen=True, slots=True)
class ClaimPathRecord:
    """A path between two claims, or from the lair (0). Paths are undirected: the store
    spells each one with the lair, or else the lower claim id, first."""

    start: int
    end: int


@dataclass(frozen=True, slots=True)
class ClaimSnapshot:
    """A deleted claim with the paths that touched it, for `chapter.restore_claim`."""

    claim: ClaimRecord
    paths: tuple[ClaimPathRecord, ...] = ()


@dataclass(frozen=True, slots=True)
class ClaimTransfer:
    """What `chapter.undo_transfer` puts back: the claim, the chapter and the loser faction
    (None when no faction's status changed) as they were before the transfer."""

    claim: ClaimRecord
    chapter: ChapterRecord
    faction: FactionRecord | None
