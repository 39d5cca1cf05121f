"""File names offered for what is exported: from the campaign's name, not its file's.

A campaign file called "copy (2).gmdesk" may hold *The Saltmarsh Ledger*; the GM looks
for the export under the name they know.
"""

from __future__ import annotations

import re
from pathlib import Path

from desktop.ui.window_language import tr

# Characters no system accepts in a file name, or that start a path.
FORBIDDEN = re.compile(r'[<>:"/\\|?*\x00-\x1f]')  # untranslated: a regular expression
MAX_STEM = 80


def campaign_stem(name: str, fallback: str | None = None) -> str:
    """`name` made safe as a file name on every system (never empty, never hidden: else
    `fallback`, by default "Campaign" in the window's language)."""
    stem = FORBIDDEN.sub(" ", name)
    stem = " ".join(stem.split()).strip(". ")[:MAX_STEM].strip(". ")
    if stem:
        return stem
    return tr("Campaign") if fallback is None else fallback


def export_path(folder: Path, campaign_name: str, what: str, suffix: str) -> Path:
    """`folder/<campaign name> <what><suffix>` (no `what`: the name alone)."""
    stem = campaign_stem(campaign_name)
    return folder / (f"{stem} {what}{suffix}" if what else f"{stem}{suffix}")


# A campaign's name in a menu line: enough to tell campaigns apart, never the screen's width.
MAX_SHOWN_NAME = 60


def recent_entry(path: Path, name: str | None) -> str:
    """A recent campaign's line (File > Open Recent, the start page) for `path`: the
    campaign's `name`, then its file's name (the whole path is the line's tooltip); with
    no name read, the file and its folder."""
    if name is None:
        return f"{path.stem}  ({path.parent})"
    shown = " ".join(name.split())
    if len(shown) > MAX_SHOWN_NAME:
        shown = shown[: MAX_SHOWN_NAME - 1].rstrip() + "…"
    return f"{shown}  —  {path.name}"
