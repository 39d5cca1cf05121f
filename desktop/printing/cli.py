"""``gm-desk --print-cards OUT.pdf [--card NAME ...]``: a campaign's cards to a PDF."""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from desktop.printing.cards import PageSizeName, PrintCard, export_pdf

__all__ = ["print_cards", "select_cards"]


def select_cards(campaign_cards: Sequence[PrintCard], names: Sequence[str]) -> list[PrintCard]:
    """The cards called ``names`` (any case), in the campaign's order; all when none.

    A name may match several cards (two "Dagger"s): all of them print. Every name
    that matches nothing is reported at once, so one run shows every typo.
    """
    if not names:
        return list(campaign_cards)
    wanted = {_key(name) for name in names}
    known = {_key(card.name) for card in campaign_cards}
    unknown = [name for name in dict.fromkeys(names) if _key(name) not in known]
    if unknown:
        listed = ", ".join(repr(name) for name in unknown)
        noun = "card" if len(unknown) == 1 else "cards"
        raise ValueError(f"The campaign has no {noun} named {listed}.")
    return [card for card in campaign_cards if _key(card.name) in wanted]


def _key(name: str) -> str:
    # casefold, not lower: "Straße" and "STRASSE" are the same name to a GM.
    return " ".join(name.split()).casefold()


def print_cards(
    campaign_cards: Sequence[PrintCard],
    out: Path,
    names: Sequence[str] = (),
    page_size: PageSizeName = "A4",
) -> int:
    """Write the chosen cards (all when ``names`` is empty) to ``out``; return its pages."""
    chosen = select_cards(campaign_cards, names)
    if not chosen:
        raise ValueError("The campaign has no cards to print.")
    with _gui_application():
        return export_pdf(out, chosen, page_size=page_size)


@contextmanager
def _gui_application() -> Iterator[object]:
    """The running Qt application, or a headless one for as long as the PDF takes.

    Fonts and text layout need a QGuiApplication; the lead's ``--print-cards`` starts
    one, and this covers any other caller with no window (a server, a CI job, ssh).
    """
    from PySide6.QtGui import QGuiApplication

    existing = QGuiApplication.instance()
    if existing is not None:
        yield existing
        return
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    started = QGuiApplication(["gm-desk"])
    try:
        yield started
    finally:
        started.shutdown()
