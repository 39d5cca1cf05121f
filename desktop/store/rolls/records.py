"""What the store hands out for the roll log: frozen plain values, never live rows."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class RollRecord:
    """One line of the roll log. `character_name` is kept as it was at the roll, and
    `character_id` is None once the character has been deleted."""

    id: int
    at: str  # ISO local date and time, whole seconds: 2026-03-14T20:05:00
    character_id: int | None
    character_name: str
    kind: str  # "roll", "conflict", "act", "challenge"
    detail: dict[str, Any]
    total: int | None
    summary: str
    undone: bool
    day: int | None = None  # the campaign day it was rolled on (None: logged before 0006)
    # Where in play (None: outside a game, or logged before 0007).
    game_id: int | None = None
    scene: int | None = None
    round: int | None = None
    turn: int | None = None
