"""Alembic revisions of the campaign file, shipped inside the package.

`REVISIONS` lists every revision this program knows, oldest first (read from the
versions folder), so that opening a campaign can tell "up to date", "needs an upgrade"
and "made by a newer GM Desk" without importing Alembic (a test checks the list against
Alembic's own).
"""

from __future__ import annotations

from pathlib import Path

FOLDER = Path(__file__).resolve().parent
# The migration files' names are the revisions, numbered so that they sort oldest first;
# they ship as files beside this one (Alembic runs them; pyproject's package data), so a
# new revision adds no line here.
REVISIONS: tuple[str, ...] = tuple(
    sorted(path.stem for path in (FOLDER / "versions").glob("[0-9][0-9][0-9][0-9]_*.py"))
)
HEAD = REVISIONS[-1]
