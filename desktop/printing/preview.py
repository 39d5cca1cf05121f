"""Print preview of cards: Qt's preview dialog, drawn by the same ``paint_pages``."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtGui import QPageLayout
from PySide6.QtPrintSupport import QPrinter, QPrintPreviewDialog
from PySide6.QtWidgets import QWidget

from desktop.printing.cards import PrintCard, paint_pages

__all__ = ["make_preview_dialog", "preview_dialog"]


def make_preview_dialog(
    parent: QWidget | None, cards: Sequence[PrintCard], *, backs: bool = True
) -> QPrintPreviewDialog:
    """A preview dialog for ``cards``; its Print button prints exactly what it shows."""
    if not cards:
        raise ValueError("There are no cards to print.")
    chosen = list(cards)  # a copy: the selection may change while the dialog is open
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    # Cards are laid out for portrait sheets; the GM can still turn it in the dialog.
    printer.setPageOrientation(QPageLayout.Orientation.Portrait)
    printer.setDocName(chosen[0].name if len(chosen) == 1 else f"{len(chosen)} SySCards")
    dialog = QPrintPreviewDialog(printer, parent)
    dialog.setWindowTitle("Print Preview: SySCards")
    dialog.paintRequested.connect(lambda device: paint_pages(device, chosen, backs=backs))
    # The dialog does not own the printer: keep it alive as long as the dialog.
    dialog.printer_ref = printer  # type: ignore[attr-defined]
    return dialog


def preview_dialog(
    parent: QWidget | None, cards: Sequence[PrintCard], *, backs: bool = True
) -> int:
    """Show the preview modally; returns the dialog's result (accepted = printed)."""
    dialog = make_preview_dialog(parent, cards, backs=backs)
    try:
        return dialog.exec()
    finally:
        dialog.deleteLater()
