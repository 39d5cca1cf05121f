"""What an import or export deals in, without pydantic: the checked document, the
errors, and the callbacks that tell progress and decode images."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from desktop.rules.energy import CharacterProfile, DayState
from desktop.store.cards import CardSnapshot
from desktop.store.chapter import ChapterRecord, ClaimPathRecord, ClaimRecord
from desktop.store.clocks import ClockRecord
from desktop.store.downtime import DowntimeEntry, DowntimeSheet
from desktop.store.errors import Cancelled, ImportRefused  # noqa: F401 (named here too)
from desktop.store.factions import FactionRecord
from desktop.store.games import GameRecord
from desktop.store.kit import DieRecord, ItemRecord, TraitRecord
from desktop.store.rolls import RollRecord
from desktop.store.roster import CharacterRecord

FORMAT = "gm-desk-campaign"
VERSION = 1

# Told how far a long step has come (0.0 to 1.0); it may raise Cancelled to stop it.
Progress = Callable[[float], None]
# Whether the bytes of a card's image decode as an image of the named format (Qt, in the
# program; the store itself cannot decode images).
ImageCheck = Callable[[str, bytes], bool]


def trusted_images(_format: str, _data: bytes) -> bool:
    """For the sample campaign shipped with GM Desk only: its images are known good, and
    it is made before any Qt exists. Every other import decodes each image."""
    return True


def no_progress(_fraction: float) -> None:
    return None


@dataclass(frozen=True)
class CampaignDocument:
    name: str
    start_date: date
    current_day: int
    settings: dict[str, Any]
    characters: tuple[CharacterRecord, ...]
    dice: tuple[DieRecord, ...] = ()
    traits: tuple[TraitRecord, ...] = ()
    items: tuple[ItemRecord, ...] = ()
    rolls: tuple[RollRecord, ...] = ()
    cards: tuple[CardSnapshot, ...] = ()  # each card with its image; owned_ids unused
    energy_profiles: tuple[tuple[int, CharacterProfile], ...] = ()  # by character id
    energy_days: tuple[tuple[int, DayState], ...] = ()  # by character id
    chapter: ChapterRecord | None = None  # None: the new campaign's own chapter
    factions: tuple[FactionRecord, ...] = ()
    claims: tuple[ClaimRecord, ...] = ()
    claim_paths: tuple[ClaimPathRecord, ...] = ()
    clocks: tuple[ClockRecord, ...] = ()
    downtime_sheets: tuple[DowntimeSheet, ...] = ()
    downtime_sessions: tuple[int, ...] = ()
    downtime_entries: tuple[DowntimeEntry, ...] = ()
    games: tuple[GameRecord, ...] = ()
    # The flat sections the areas declare (`tables.FlatSection`), their records by key.
    sections: dict[str, tuple[Any, ...]] = field(default_factory=dict)
    # The name of the file it was read from ("" when built otherwise): the imported
    # campaign's history says where it came from.
    source_name: str = ""
