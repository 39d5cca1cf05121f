"""Alembic revisions of the campaign file, shipped inside the package.

`REVISIONS` lists every revision this program knows, oldest first, so that opening a
campaign can tell "up to date", "needs an upgrade" and "made by a newer GM Desk"
without importing Alembic (a test checks the list against Alembic's own).
"""

from __future__ import annotations

from pathlib import Path

REVISIONS: tuple[str, ...] = (
    "0001_initial",
    "0002_dice",
    "0003_syscards",
    "0004_energy",
    "0005_downtime",
    "0006_rules_records",
    "0007_games",
    "0008_shown_to_players",
)
HEAD = REVISIONS[-1]
FOLDER = Path(__file__).resolve().parent
