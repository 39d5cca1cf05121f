"""Printing from the command line, no window: a campaign's cards, sheets, summary to PDF.

``gm-desk --print-cards OUT.pdf [--card NAME ...]``, ``--print-sheets OUT.pdf
[--character NAME ...]``, ``--print-summary OUT.pdf``, ``--print-journal OUT.pdf`` and
``--print-alignment OUT.pdf`` and ``--print-statistics OUT.pdf``;
the card layout options (``--card-size``, ``--bleed``, ...) arrive as one
``CardPrintOptions``.

Two languages meet here: the page's, ``tr`` (the campaign's print language), and the
command line's, ``words`` (the GM's, View > Language's), in which a refusal is raised;
English when not given.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Protocol, TypeVar

from PySide6.QtGui import QGuiApplication

from desktop.language import Translator, translator
from desktop.printing.alignment import export_alignment_pdf
from desktop.printing.cards import PageSizeName, PrintCard, export_pdf
from desktop.printing.flow import Duplex
from desktop.printing.journal import PrintJournal, export_journal_pdf
from desktop.printing.layout import CardPrintOptions
from desktop.printing.sheets import PrintSheet, export_sheets_pdf
from desktop.printing.statistics import LuckPrintData, export_statistics_pdf
from desktop.printing.summary import PrintSummary, export_summary_pdf

__all__ = [
    "print_alignment",
    "print_cards",
    "print_journal",
    "print_sheets",
    "print_statistics",
    "print_summary",
    "select_cards",
    "select_characters",
]


def select_cards(
    campaign_cards: Sequence[PrintCard], names: Sequence[str], words: Translator | None = None
) -> list[PrintCard]:
    """The cards called ``names`` (any case), in the campaign's order; all when none.

    A name may match several cards (two "Dagger"s): all of them print. Every name
    that matches nothing is reported at once (in the language of ``words``), so one run
    shows every typo.
    """
    if not names:
        return list(campaign_cards)
    unknown = _unknown(campaign_cards, names)
    if unknown:
        words = words or translator("en")
        refusal = words.ngettext(
            "The campaign has no card named {names}.",
            "The campaign has no cards named {names}.",
            len(unknown),
        )
        raise ValueError(refusal.format(names=_listed(unknown)))
    return _named(campaign_cards, names)


class Named(Protocol):
    @property
    def name(self) -> str: ...

    @property
    def kind(self) -> str: ...


NamedT = TypeVar("NamedT", bound=Named)


class HasName(Protocol):
    @property
    def name(self) -> str: ...


ThingT = TypeVar("ThingT", bound=HasName)


def select_characters(
    characters: Sequence[NamedT], names: Sequence[str], words: Translator | None = None
) -> list[NamedT]:
    """The characters called ``names`` (any case, any kind), in roster order; with no
    names, every player character. Every unknown name is reported at once (in the
    language of ``words``)."""
    if not names:
        return [character for character in characters if character.kind == "pc"]
    unknown = _unknown(characters, names)
    if unknown:
        words = words or translator("en")
        refusal = words.ngettext(
            "The campaign has no character named {names}.",
            "The campaign has no characters named {names}.",
            len(unknown),
        )
        raise ValueError(refusal.format(names=_listed(unknown)))
    return _named(characters, names)


def _unknown(things: Sequence[HasName], names: Sequence[str]) -> list[str]:
    """The ``names`` (each once, as first typed) that match none of ``things`` (any case)."""
    known = {_key(thing.name) for thing in things}
    return [name for name in dict.fromkeys(names) if _key(name) not in known]


def _listed(names: Sequence[str]) -> str:
    return ", ".join(repr(name) for name in names)


def _named(things: Sequence[ThingT], names: Sequence[str]) -> list[ThingT]:
    """The things called ``names`` (any case), in their order."""
    wanted = {_key(name) for name in names}
    return [thing for thing in things if _key(thing.name) in wanted]


def _key(name: str) -> str:
    # casefold, not lower: "Straße" and "STRASSE" are the same name to a GM.
    return " ".join(name.split()).casefold()


def print_cards(
    campaign_cards: Sequence[PrintCard],
    out: Path,
    names: Sequence[str] = (),
    page_size: PageSizeName = "A4",
    options: CardPrintOptions | None = None,
    tr: Translator | None = None,
    words: Translator | None = None,
) -> int:
    """Write the chosen cards (all when ``names`` is empty) to ``out`` in the print
    language ``tr`` (English when None); return its pages. A refusal is raised in the
    language of ``words``."""
    chosen = select_cards(campaign_cards, names, words)
    if not chosen:
        raise ValueError((words or translator("en")).gettext("The campaign has no cards to print."))
    with _gui_application():
        return export_pdf(out, chosen, page_size=page_size, options=options, tr=tr)


def print_sheets(
    sheets: Sequence[PrintSheet],
    out: Path,
    page_size: PageSizeName = "A4",
    duplex: Duplex | None = None,
    tr: Translator | None = None,
    words: Translator | None = None,
) -> int:
    """Write character sheets (already chosen) to ``out`` in the print language ``tr``
    (English when None); return its pages. With ``duplex`` they are laid out two-sided,
    backs moved by its offset. A refusal is raised in the language of ``words``."""
    if not sheets:
        words = words or translator("en")
        raise ValueError(words.gettext("The campaign has no player characters to print."))
    with _gui_application():
        return export_sheets_pdf(out, sheets, page_size, duplex, tr)


def print_alignment(
    out: Path,
    page_size: PageSizeName = "A4",
    options: CardPrintOptions | None = None,
    tr: Translator | None = None,
) -> int:
    """Write the print alignment test (front and back) to ``out`` in the print language
    ``tr`` (English when None); return its pages."""
    with _gui_application():
        return export_alignment_pdf(out, page_size, options, tr)


def print_summary(
    summary: PrintSummary,
    out: Path,
    page_size: PageSizeName = "A4",
    tr: Translator | None = None,
) -> int:
    """Write the GM summary to ``out`` in the print language ``tr``; return its pages."""
    with _gui_application():
        return export_summary_pdf(out, summary, page_size, tr)


def print_journal(
    journal: PrintJournal,
    out: Path,
    page_size: PageSizeName = "A4",
    words: Translator | None = None,
    tr: Translator | None = None,
) -> int:
    """Write the journal's games (already chosen) to ``out`` in the print language
    ``tr`` (English when None); return its pages. A refusal is raised in the language of
    ``words``."""
    if not journal.games:
        words = words or translator("en")
        raise ValueError(words.gettext("The campaign has no game to print for the dates given."))
    with _gui_application():
        return export_journal_pdf(out, journal, page_size, tr)


def print_statistics(
    data: LuckPrintData, out: Path, page_size: PageSizeName = "A4", tr: Translator | None = None
) -> int:
    """Write the luck report to ``out`` with its labels in the print language ``tr``
    (English when None); return its pages (one saying so with no rolls)."""
    with _gui_application():
        return export_statistics_pdf(out, data, page_size, tr)


@contextmanager
def _gui_application() -> Iterator[object]:
    """The running Qt application, or a headless one for as long as the PDF takes.

    Fonts and text layout need a QGuiApplication; the lead's ``--print-cards`` starts
    one, and this covers any other caller with no window (a server, a CI job, ssh).
    """
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
