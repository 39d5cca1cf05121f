"""Alembic revisions of the campaign file, shipped inside the package.

`REVISIONS` lists every revision this program knows, oldest first, so that opening a
campaign can tell "up to date", "needs an upgrade" and "made by a newer GM Desk"
without importing Alembic (a test checks the list against Alembic's own). It is read
from the names of the scripts in `versions/` (numbered, shipped as source files because
Alembic reads them there), so a new revision is its script alone.
"""

from __future__ import annotations

from pathlib import Path

FOLDER = Path(__file__).resolve().parent
REVISIONS: tuple[str, ...] = tuple(
    sorted(script.stem for script in (FOLDER / "versions").glob("[0-9][0-9][0-9][0-9]_*.py"))
)
HEAD = REVISIONS[-1]
