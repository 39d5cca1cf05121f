"""The journal on paper: one game, or every game of a date range (issue 31).

Plain data in (``PrintJournal``, gathered by ``desktop.ui.journal_export`` from the
journal's pages), QtGui only, one paint routine for the preview, a printer and the PDF.
Each game starts on a fresh page and numbers its own pages ("page 1 of 3"): a header
with the game's title, when it ran and its days, the game's note, then each scene (its
words wrapped under a small "Scene 2" label, its note in italics), its rounds and their
lines as a bulleted list, each line with its dice in grey. A scene that goes on over a
page says so at the top of the next. Black, white and greys only, like every print.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Final

from PySide6.QtGui import QPagedPaintDevice

from desktop.language import N_, Translator, translator
from desktop.printing.cards import SOFT_INK, PageSizeName
from desktop.printing.flow import Block, Canvas, FlowDocument, export_pdf_pages, paint_documents
from desktop.printing.parts import BODY_PT, LABEL_PT, SMALL_PT, line_blocks, spacer

__all__ = [
    "PrintJournal",
    "PrintJournalGame",
    "PrintJournalLine",
    "PrintJournalRound",
    "PrintJournalScene",
    "export_journal_pdf",
    "paint_journal",
]

BULLET_INDENT: Final = 4.0
ROUND_INDENT: Final = 2.0
SCENE_GAP: Final = 3.0
# The parts of a game outside its scenes, by their section's name.
OPENING: Final = N_("Before the first scene")
CLOSING: Final = N_("The end of the game")
BETWEEN: Final = N_("After the game")


# ------------------------------------------------------------------------------ data


@dataclass(frozen=True)
class PrintJournalLine:
    text: str
    dice: str = ""  # the dice in words, "" for a line without
    by: str = ""  # the player's character when done from their page, "" for the GM


@dataclass(frozen=True)
class PrintJournalRound:
    number: int
    lines: tuple[PrintJournalLine, ...]


@dataclass(frozen=True)
class PrintJournalScene:
    number: int
    text: str
    note: str = ""
    rounds: tuple[PrintJournalRound, ...] = ()
    note_private: bool = False  # labelled as the game's note is: the GM's private one


@dataclass(frozen=True)
class PrintJournalGame:
    """One game's page: `when` and `days` already in words ("2026-03-14 19:00 to
    22:30", "day 12" or "days 12 to 13")."""

    title: str
    when: str
    days: str
    note: str = ""
    note_private: bool = False
    opening: tuple[PrintJournalLine, ...] = ()
    scenes: tuple[PrintJournalScene, ...] = ()
    closing: tuple[PrintJournalLine, ...] = ()
    between: tuple[PrintJournalLine, ...] = ()


@dataclass(frozen=True)
class PrintJournal:
    campaign: str
    games: tuple[PrintJournalGame, ...]
    players: bool = False  # the player-safe version: said on every page


# --------------------------------------------------------------------------- painting


def paint_journal(
    device: QPagedPaintDevice, journal: PrintJournal, tr: Translator | None = None
) -> int:
    """Paint every game of ``journal`` on ``device`` in the print language ``tr``
    (English when None); return the pages drawn. The lines are the journal's as given:
    the history's sentences as the campaign keeps them."""
    if not journal.games:
        words = translator("en") if tr is None else tr
        raise ValueError(
            words.gettext("No game to print: the journal is empty for the dates chosen.")
        )
    return paint_documents(
        device,
        lambda canvas: [_document(canvas, journal, game) for game in journal.games],
        None,
        tr,
    )


def _note_label(tr: Translator, private: bool) -> str:
    return tr.gettext("The GM's private note") if private else tr.gettext("Note")


def _document(canvas: Canvas, journal: PrintJournal, game: PrintJournalGame) -> FlowDocument:
    tr = canvas.tr
    kind = tr.gettext("Journal, player-safe") if journal.players else tr.gettext("Journal")
    blocks = [_header(canvas, kind, game)]
    if game.note:
        blocks += _note(canvas, _note_label(tr, game.note_private), game.note, "")
    openers: dict[str, list[Block]] = {}
    blocks += _part(canvas, tr.gettext(OPENING), game.opening, "opening", openers)
    for scene in game.scenes:
        section = f"scene {scene.number}"  # untranslated: a section's key
        continued = tr.gettext("Scene {number} (continued)").format(number=scene.number)
        openers[section] = [_label(canvas, continued, section)]
        blocks += [spacer(SCENE_GAP, section), *_scene_heading(canvas, scene, section)]
        if scene.note:
            label = _note_label(tr, scene.note_private)
            blocks += _note(canvas, label, scene.note, section)
        for round_ in scene.rounds:
            blocks.append(_round_label(canvas, round_.number, section))
            blocks += _lines(canvas, round_.lines, section, ROUND_INDENT)
        if not scene.rounds:
            nothing = tr.gettext("Nothing was recorded in this scene.")
            blocks += line_blocks(canvas, nothing, section=section, italic=True)
    blocks += _part(canvas, tr.gettext(CLOSING), game.closing, "closing", openers)
    blocks += _part(canvas, tr.gettext(BETWEEN), game.between, "between", openers)
    if not game.scenes and not game.opening and not game.closing:
        no_scene = tr.gettext("No scene was set.")
        blocks += [spacer(SCENE_GAP), *line_blocks(canvas, no_scene, section="")]
    footer = " · ".join(part for part in (kind, journal.campaign, game.title) if part)
    return FlowDocument(blocks, footer, lambda section: openers.get(section, []))


def _part(
    canvas: Canvas,
    title: str,
    lines: tuple[PrintJournalLine, ...],
    section: str,
    openers: dict[str, list[Block]],
) -> list[Block]:
    """A part of the game outside its scenes (before the first, its end, what followed):
    its title and its lines; nothing when it has none."""
    if not lines:
        return []
    continued = canvas.tr.gettext("{title} (continued)").format(title=title)
    openers[section] = [_label(canvas, continued, section)]
    return [
        spacer(SCENE_GAP),
        _part_title(canvas, title, section),
        *_lines(canvas, lines, section, 0.0),
    ]


def _header(canvas: Canvas, kind: str, game: PrintJournalGame) -> Block:
    kind_font = canvas.font(7.5, bold=True, caps=True)
    title_font = canvas.font(18, bold=True, serif=True)
    sub_font = canvas.font(8.5, italic=True)
    title = canvas.wrap(game.title, title_font, canvas.width)
    sub = canvas.wrap(" · ".join(p for p in (game.when, game.days) if p), sub_font, canvas.width)
    height = (
        canvas.line_height(kind_font)
        + len(title) * canvas.line_height(title_font)
        + len(sub) * canvas.line_height(sub_font)
        + 3.0
    )

    def paint(canvas: Canvas, top: float) -> None:
        canvas.text(canvas.left, top, kind, kind_font, colour=SOFT_INK)
        y = top + canvas.line_height(kind_font)
        y += canvas.lines(canvas.left, y, title, title_font)
        canvas.lines(canvas.left, y, sub, sub_font, colour=SOFT_INK)
        canvas.line(canvas.left, top + height - 1.0, canvas.right, top + height - 1.0, 0.7)

    return Block(height, paint)


def _label(canvas: Canvas, text: str, section: str) -> Block:
    """A small grey capital label: "Scene 2", "Scene 2 (continued)"."""
    font = canvas.font(LABEL_PT, bold=True, caps=True)
    height = canvas.line_height(font) + 0.6

    def paint(canvas: Canvas, top: float) -> None:
        canvas.text(
            canvas.left, top, canvas.fitted(text, font, canvas.width), font, colour=SOFT_INK
        )

    return Block(height, paint, keep_with_next=True, section=section, heading=True)


def _scene_heading(canvas: Canvas, scene: PrintJournalScene, section: str) -> list[Block]:
    """ "Scene 2" over the scene's words (wrapped, however long), a rule under them."""
    font = canvas.font(12, bold=True, serif=True)
    lines = canvas.wrap(scene.text, font, canvas.width)
    height = len(lines) * canvas.line_height(font) + 2.0

    def paint(canvas: Canvas, top: float) -> None:
        canvas.lines(canvas.left, top, lines, font)
        y = top + height - 1.0
        canvas.line(canvas.left, y, canvas.right, y, 0.35)

    return [
        _label(canvas, canvas.tr.gettext("Scene {number}").format(number=scene.number), section),
        Block(height, paint, keep_with_next=True, section=section, heading=True),
    ]


def _part_title(canvas: Canvas, title: str, section: str) -> Block:
    font = canvas.font(11, bold=True, serif=True)
    height = canvas.line_height(font) + 2.0

    def paint(canvas: Canvas, top: float) -> None:
        canvas.text(canvas.left, top, title, font)
        y = top + height - 1.0
        canvas.line(canvas.left, y, canvas.right, y, 0.35)

    return Block(height, paint, keep_with_next=True, section=section, heading=True)


def _round_label(canvas: Canvas, number: int, section: str) -> Block:
    font = canvas.font(SMALL_PT, bold=True, caps=True)
    height = canvas.line_height(font) + 1.6
    label = canvas.tr.gettext("Round {number}").format(number=number)

    def paint(canvas: Canvas, top: float) -> None:
        canvas.text(canvas.left, top + 1.2, label, font, colour=SOFT_INK)

    return Block(height, paint, keep_with_next=True, section=section)


def _note(canvas: Canvas, label: str, text: str, section: str) -> list[Block]:
    label_font = canvas.font(LABEL_PT, bold=True, caps=True)
    label_height = canvas.line_height(label_font) + 1.6

    def paint(canvas: Canvas, top: float) -> None:
        canvas.text(canvas.left, top + 1.2, label, label_font, colour=SOFT_INK)

    return [
        Block(label_height, paint, keep_with_next=True, section=section),
        *line_blocks(canvas, text, section=section, serif=True, italic=True),
    ]


def _lines(
    canvas: Canvas, lines: tuple[PrintJournalLine, ...], section: str, indent: float
) -> list[Block]:
    return [_line(canvas, line, section, indent) for line in lines]


def _line(canvas: Canvas, line: PrintJournalLine, section: str, indent: float) -> Block:
    """A bullet and the line's words, wrapped; its dice and who did it under them, in grey."""
    font = canvas.font(BODY_PT)
    small = canvas.font(SMALL_PT)
    left = indent + BULLET_INDENT
    width = canvas.width - left
    words = canvas.wrap(line.text, font, width)
    by = canvas.tr.gettext("from {name}'s page").format(name=line.by) if line.by else ""
    extra = " · ".join(p for p in (line.dice, by) if p)
    detail = canvas.wrap(extra, small, width) if extra else []
    height = len(words) * canvas.line_height(font) + len(detail) * canvas.line_height(small) + 0.8

    def paint(canvas: Canvas, top: float) -> None:
        canvas.text(canvas.left + indent + 0.8, top, "•", font)
        y = top + canvas.lines(canvas.left + left, top, words, font)
        canvas.lines(canvas.left + left, y, detail, small, colour=SOFT_INK)

    return Block(height, paint, section=section)


# ------------------------------------------------------------------------------- PDF


def export_journal_pdf(
    path: Path | str,
    journal: PrintJournal,
    page_size: PageSizeName = "A4",
    tr: Translator | None = None,
) -> int:
    """Write the journal's games to a PDF at ``path`` in the print language ``tr``
    (English when None); return its pages."""
    words = translator("en") if tr is None else tr
    title = words.gettext("Journal: {campaign}").format(campaign=journal.campaign)
    return export_pdf_pages(
        path, page_size, title, lambda writer: paint_journal(writer, journal, words)
    )
