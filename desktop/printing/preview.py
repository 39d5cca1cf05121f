"""Print previews: Qt's preview dialog, drawn by the same routine as the PDF.

Cards go through ``paint_pages``; character sheets and the GM summary through any
``paint(device) -> pages`` routine (``make_document_preview``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QPagedPaintDevice, QPageLayout, QPaintEngine
from PySide6.QtPrintSupport import QPrinter, QPrintPreviewDialog
from PySide6.QtWidgets import QMessageBox, QWidget

from desktop import outputs
from desktop.language import Translator, translator
from desktop.printing.alignment import paint_alignment
from desktop.printing.cards import PrintCard, paint_pages
from desktop.printing.layout import CardPrintOptions

__all__ = [
    "make_alignment_preview",
    "make_document_preview",
    "make_preview_dialog",
    "pdf_file_of",
    "preview_dialog",
]

# Told why a print was refused (a message box of the preview's when not given).
Say = Callable[[str], None]


def make_preview_dialog(
    parent: QWidget | None,
    cards: Sequence[PrintCard],
    *,
    backs: bool = True,
    say: Say | None = None,
    words: Translator | None = None,
) -> QPrintPreviewDialog:
    """A preview dialog for ``cards``; its Print button prints exactly what it shows.
    ``words``: the window's language, for the dialog's own words (English if None)."""
    words = words or translator("en")
    if not cards:
        raise ValueError(words.gettext("There are no cards to print."))
    chosen = list(cards)  # a copy: the selection may change while the dialog is open
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    # Cards are laid out for portrait sheets; the GM can still turn it in the dialog.
    printer.setPageOrientation(QPageLayout.Orientation.Portrait)
    printer.setDocName(
        chosen[0].name
        if len(chosen) == 1
        else words.ngettext("{count} SySCard", "{count} SySCards", len(chosen)).format(
            count=len(chosen)
        )
    )
    dialog = QPrintPreviewDialog(printer, parent)
    dialog.setWindowTitle(words.gettext("Print Preview: SySCards"))
    dialog.paintRequested.connect(
        _keeping_files(lambda device: paint_pages(device, chosen, backs=backs), dialog, say, words)
    )
    # The dialog does not own the printer: keep it alive as long as the dialog.
    dialog.printer_ref = printer  # type: ignore[attr-defined]  # a Python attribute, to hold it
    return dialog


def make_document_preview(
    parent: QWidget | None,
    title: str,
    document_name: str,
    paint: Callable[[QPagedPaintDevice], int],
    printer: QPrinter | None = None,
    say: Say | None = None,
    words: Translator | None = None,
) -> QPrintPreviewDialog:
    """A preview of any paged document; its Print button prints what it shows.

    ``paint`` lays out for the printer's page as it is set, so changing the paper in
    the dialog lays the pages out again for that paper. ``words``: the window's
    language, for the dialog's own words (English if None).
    """
    words = words or translator("en")
    if printer is None:
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        printer.setPageOrientation(QPageLayout.Orientation.Portrait)
    printer.setDocName(document_name)
    dialog = QPrintPreviewDialog(printer, parent)
    dialog.setWindowTitle(words.gettext("Print Preview: {title}").format(title=title))
    dialog.paintRequested.connect(_keeping_files(paint, dialog, say, words))
    dialog.printer_ref = printer  # type: ignore[attr-defined]  # a Python attribute, to hold it
    return dialog


def pdf_file_of(device: QPagedPaintDevice) -> str:
    """The file a print to PDF writes; "" for paper and for a preview's own pages."""
    if not isinstance(device, QPrinter):
        return ""
    engine = device.paintEngine()
    if engine is None or engine.type() != QPaintEngine.Type.Pdf:
        return ""
    return device.outputFileName()


def _keeping_files(
    paint: Callable[[QPagedPaintDevice], int],
    dialog: QWidget,
    say: Say | None,
    words: Translator,
) -> Callable[[QPagedPaintDevice], int]:
    """``paint``, unless the preview's Print button prints to a PDF file that is not
    one (a campaign, a backup, a stranger's file): then nothing is drawn, and why is
    said once the preview has done."""

    def paint_unless_refused(device: QPagedPaintDevice) -> int:
        name = pdf_file_of(device)
        refused = outputs.refusal(Path(name), outputs.PDF, words=words) if name else None
        if refused is None:
            return paint(device)
        message = words.gettext("Nothing was printed. {why}").format(why=refused)
        QTimer.singleShot(0, lambda: (say or partial(_show, dialog))(message))
        return 0

    return paint_unless_refused


def _show(parent: QWidget, message: str) -> None:
    box = QMessageBox(QMessageBox.Icon.Warning, "GM Desk", message, parent=parent)  # the app's name
    # The message holds a file name the GM typed: shown as typed, never read as HTML.
    box.setTextFormat(Qt.TextFormat.PlainText)
    box.open()  # window-modal, never blocks the event loop


def make_alignment_preview(
    parent: QWidget | None,
    options: CardPrintOptions | None = None,
    say: Say | None = None,
    tr: Translator | None = None,
    words: Translator | None = None,
) -> QPrintPreviewDialog:
    """A preview of the print alignment test, printed with ``options``' back offset and
    duplex edge in the print language ``tr``; its Print button prints it. ``words``:
    the window's language, for the dialog's title."""
    words = words or translator("en")
    return make_document_preview(
        parent,
        words.gettext("Print Alignment Test"),
        (tr or words).gettext("GM Desk print alignment test"),
        lambda device: paint_alignment(device, options, tr),
        say=say,
        words=words,
    )


def preview_dialog(
    parent: QWidget | None, cards: Sequence[PrintCard], *, backs: bool = True
) -> int:
    """Show the preview modally; returns the dialog's result (accepted = printed)."""
    dialog = make_preview_dialog(parent, cards, backs=backs)
    try:
        return dialog.exec()
    finally:
        dialog.deleteLater()
