"""The files the share server serves: the page (desktop/share/page) and the dice
pictures drawn by the desktop's painter (desktop/ui/share_art.py)."""

from __future__ import annotations

from collections.abc import Mapping
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import PurePosixPath
from typing import Final

SiteFiles = dict[str, tuple[bytes, str]]

CONTENT_TYPES: Final = {
    ".html": "text/html; charset=utf-8",  # untranslated: a content type
    ".js": "text/javascript; charset=utf-8",  # untranslated: a content type
    ".css": "text/css; charset=utf-8",  # untranslated: a content type
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".json": "application/json",
}
SVG: Final = "image/svg+xml"


def page_folder() -> Traversable:
    """desktop/share/page, as installed (a wheel, the source tree or the frozen bundle)."""
    return resources.files("desktop.share").joinpath("page")


def site_files(page: Traversable, art: Mapping[str, bytes]) -> SiteFiles:
    """Path under the site root -> (bytes, content type): every file of `page` (only the
    types a page needs: a stray file stays unserved) and each die picture under dice/."""
    files: SiteFiles = {}
    for entry in page.iterdir():
        kind = CONTENT_TYPES.get(PurePosixPath(entry.name).suffix.lower())
        if entry.is_file() and kind is not None:
            files[entry.name] = (entry.read_bytes(), kind)
    files.update({f"dice/{name}": (svg, SVG) for name, svg in art.items()})
    return files


def share_files() -> SiteFiles:
    """The server's files: the page and the dice pictures (needs a QGuiApplication)."""
    from desktop.ui.share_art import die_art

    return site_files(page_folder(), die_art())
