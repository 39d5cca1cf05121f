"""A PDF file written whole or not at all.

Qt's ``QPdfWriter`` reports no write errors: on a full disk it leaves a cut-off file and
the painter ends as if all went well. So every PDF is drawn into a partial file beside
its destination, checked for the end-of-file marker that a whole PDF closes with, and
only then moved into place; a failed or cut-off write leaves the destination as it was.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QMarginsF
from PySide6.QtGui import QPageLayout, QPageSize, QPdfWriter

from desktop import outputs
from desktop.partial_files import partial_name

__all__ = ["write_pdf"]

# A whole PDF ends with "%%EOF" (PDF 32000-1, 7.5.5), perhaps followed by a line end.
_TAIL_BYTES = 1024


def write_pdf(
    path: Path | str,
    page_size: QPageSize.PageSizeId,
    title: str,
    paint: Callable[[QPdfWriter], int],
) -> int:
    """Let ``paint`` draw on a portrait, marginless PDF for ``path``; return its pages.

    Raises OSError with a plain message when the folder is missing, the destination is
    not an ordinary file or not a PDF (a campaign typed for the PDF's name), or the PDF
    could not be written in full.
    """
    target = Path(path)
    refused = outputs.refusal(target, outputs.PDF)
    if refused is not None:
        raise OSError(refused)
    try:
        return _write_whole(target, page_size, title, paint)
    except OSError as error:
        if error.errno is None:
            raise  # already said plainly, here
        # The system's text names the hidden partial file and its error number.
        raise OSError(outputs.write_failure(target, error)) from None


def _write_whole(
    target: Path,
    page_size: QPageSize.PageSizeId,
    title: str,
    paint: Callable[[QPdfWriter], int],
) -> int:
    if not target.parent.is_dir():
        raise OSError(f"The folder {target.parent} does not exist.")
    if target.is_dir():
        raise OSError(f"“{target.name}” is a folder: choose a file name for the PDF in it.")
    if target.exists() and not target.is_file():
        raise OSError(f"“{target.name}” is not an ordinary file: a PDF cannot be saved there.")
    # The one partial name GM Desk writes: a partial file a killed run leaves is swept.
    partial = target.parent / partial_name(target.name)
    try:
        writer = QPdfWriter(str(partial))
        writer.setTitle(title)
        writer.setCreator("GM Desk")
        writer.setPageLayout(
            QPageLayout(QPageSize(page_size), QPageLayout.Orientation.Portrait, QMarginsF())
        )
        pages = paint(writer)
        del writer  # closes the file
        if not _is_whole(partial):
            raise OSError(
                f"The PDF could not be written in full (is the disk full?), so “{target.name}” "
                "was not saved. Free some space or choose another folder, and try again."
            )
        os.replace(partial, target)
    finally:
        partial.unlink(missing_ok=True)
    return pages


def _is_whole(path: Path) -> bool:
    try:
        size = path.stat().st_size
        with path.open("rb") as handle:
            handle.seek(max(0, size - _TAIL_BYTES))
            return size > 0 and b"%%EOF" in handle.read()
    except OSError:
        return False
