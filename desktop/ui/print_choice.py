"""File > Print, Print Preview and Export PDF: first ask what to print, then print it.

The choices: the selected character's sheet, every player character's sheet (one PDF),
the GM summary (faction ladder and chapter), the journal of the last game or of every
game (the GM's, or player-safe), the selected SySCards or all of them.
Each becomes a ``PrintJob`` holding the one paint routine for its pages, so the
preview, the printer and the PDF draw the same thing. The printer dialog's paper is
the paper laid out; an exported PDF asks for A4 or Letter.

Everything here asks the window only for what ``PrintHost`` names, so a test may pass a
small fake instead of the main window.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Final, Protocol

from PySide6.QtCore import QLocale, QTimer
from PySide6.QtGui import QPagedPaintDevice
from PySide6.QtPrintSupport import QPrintDialog, QPrinter
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QRadioButton,
    QStatusBar,
    QVBoxLayout,
    QWidget,
)

from desktop import outputs
from desktop.language import LANGUAGES, Translator, translator
from desktop.printing.cards import CardPrintOptions, PageSizeName, export_pdf, paint_pages
from desktop.printing.journal import PrintJournal, export_journal_pdf, paint_journal
from desktop.printing.preview import make_alignment_preview, make_document_preview
from desktop.printing.sheets import Duplex, PrintSheet, export_sheets_pdf, paint_sheets
from desktop.printing.summary import PrintSummary, export_summary_pdf, paint_summary
from desktop.store import CardRecord, NotFound, ReadOnlyCampaign
from desktop.ui import long_task
from desktop.ui.card_layout_form import SHEETS_TWO_SIDED, CardLayoutForm
from desktop.ui.file_names import campaign_stem
from desktop.ui.file_outputs import output_refusal, pdf_folder
from desktop.ui.journal_export import gather_journal
from desktop.ui.plain_text import PlainLabel
from desktop.ui.print_commands import SetPrintLanguage
from desktop.ui.print_data import gather_sheets, gather_summary, print_cards
from desktop.ui.window_language import ntr, tr, window_translator

if TYPE_CHECKING:
    from desktop.ui.session import CampaignSession
    from desktop.ui.settings import Settings

__all__ = [
    "CHOICES",
    "PrintChoiceDialog",
    "PrintHost",
    "PrintJob",
    "PrintLayout",
    "PrintOptions",
    "default_paper",
    "export_document",
    "export_job",
    "export_job_as",
    "make_job",
    "preview_alignment",
    "preview_document",
    "preview_job",
    "print_document",
    "print_job",
    "print_options",
    "remembered_layout",
]

CHARACTER: Final = "character"
PLAYERS: Final = "players"
SUMMARY: Final = "summary"
SELECTED_CARDS: Final = "selected_cards"
ALL_CARDS: Final = "all_cards"
LAST_GAME: Final = "journal_last_game"
JOURNAL: Final = "journal"
CHOICES: Final = (CHARACTER, PLAYERS, SUMMARY, LAST_GAME, JOURNAL, SELECTED_CARDS, ALL_CARDS)
JOURNAL_CHOICES: Final = (LAST_GAME, JOURNAL)
A4: Final = "A4"
LETTER: Final = "Letter"  # untranslated: a paper size's key (shown as tr("Letter"))


class PrintHost(Protocol):
    """What printing asks of the window: the open campaign, the SySCards picked out, a
    parent for its dialogs and the places to say how it went."""

    @property
    def session(self) -> CampaignSession | None: ...

    def selected_cards(self) -> list[CardRecord]:
        """The cards selected in the SySCards dock (none when it is closed)."""
        ...

    def window(self) -> QWidget:
        """The window the print dialogs belong to."""
        ...

    def show_problem(self, message: str) -> None: ...

    @property
    def settings(self) -> Settings:
        """The GM's settings (Export PDF remembers its folder there)."""
        ...

    def statusBar(self) -> QStatusBar: ...  # Qt's name, as QMainWindow has it


@dataclass(frozen=True)
class PrintJob:
    """What was chosen, ready to paint on a printer, a preview or a PDF."""

    title: str  # "Kara Voss: character sheet"
    what: str  # "3 character sheets", for the status bar
    file_name: str  # the PDF name offered, without folder
    paint: Callable[[QPagedPaintDevice], int]
    export: Callable[[Path, PageSizeName], int]  # path, paper -> pages


@dataclass(frozen=True)
class PrintOptions:
    """What there is to print in the open campaign right now."""

    character_id: int | None
    character_name: str
    players: int
    selected_cards: tuple[CardRecord, ...]
    cards: int
    layout: tuple[tuple[str, object], ...] = ()  # the campaign's remembered print layout
    games: int = 0
    last_game: int | None = None  # the running game, else the last one played
    last_game_title: str = ""
    language: str = "en"  # the campaign's print language


@dataclass(frozen=True)
class PrintLayout:
    """How the chosen thing is laid out: the cards' options, and whether character
    sheets print two-sided (their backs moved by the same back offset)."""

    cards: CardPrintOptions = field(default_factory=CardPrintOptions)
    sheets_two_sided: bool = False
    journal_players: bool = False  # the player-safe journal: no private note, no secret
    language: str = "en"  # the cards' and sheets' words; the campaign's own text as written


def print_options(window: PrintHost) -> PrintOptions | None:
    """The campaign's printables as the window shows them; None with no campaign open."""
    session = window.session
    if session is None:
        return None
    campaign = session.campaign
    character_id, name = session.selected_character, ""
    if character_id is not None:
        try:
            name = campaign.roster.get(character_id).name
        except NotFound:  # deleted since it was selected
            character_id = None
    players = sum(1 for record in campaign.roster.all() if record.kind == "pc")
    games = campaign.games.all()
    last = games[-1] if games else None
    return PrintOptions(
        character_id,
        name,
        players,
        tuple(window.selected_cards()),
        campaign.cards.count(),
        tuple(campaign.print_settings().items()),
        len(games),
        None if last is None else last.id,
        "" if last is None else tr("Game {number}").format(number=len(games)),
        campaign.print_language(),
    )


# ----------------------------------------------------------------------- the dialog


class PrintChoiceDialog(QDialog):
    """One radio button per thing to print; choices with nothing behind them are off."""

    def __init__(
        self, options: PrintOptions, action: str, *, ask_paper: bool, parent: QWidget | None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("printChoice")
        self.setWindowTitle(action)
        self.group = QButtonGroup(self)
        self.buttons: dict[str, QRadioButton] = {}
        layout = QVBoxLayout(self)
        layout.addWidget(PlainLabel(tr("What would you like to print?")))
        for key, text, enabled in _labels(options):
            button = QRadioButton(text)
            button.setObjectName(f"print_{key}")
            button.setEnabled(enabled)
            self.group.addButton(button)
            self.buttons[key] = button
            layout.addWidget(button)
        self.journal_players = QCheckBox(tr("Player-safe journal: no private notes, no secrets"))
        self.journal_players.setObjectName("journalPlayers")
        layout.addWidget(self.journal_players)
        self.paper = QComboBox()
        self.paper.setObjectName("paper")
        self.paper.addItem(A4, A4)
        self.paper.addItem(tr("Letter"), LETTER)
        self.paper.setCurrentIndex(max(0, self.paper.findData(default_paper())))
        form = QFormLayout()
        if ask_paper:
            form.addRow(tr("Paper"), self.paper)
        # Each language named in itself: a speaker finds their own at a glance.
        self.language = QComboBox()
        self.language.setObjectName("printLanguage")
        self.language.setAccessibleName(tr("Print language"))
        for shipped in LANGUAGES:
            self.language.addItem(shipped.name, shipped.code)
        self.language.setCurrentIndex(max(0, self.language.findData(options.language)))
        self.language.setToolTip(
            tr(
                "The language of the printed cards' and sheets' labels; the campaign's own "
                "text (names, notes, card info) prints as written"
            )
        )
        form.addRow(tr("Print language"), self.language)
        layout.addLayout(form)
        # The card layout and two-sided printing, as this campaign last had them.
        self.layout_form = CardLayoutForm(self)
        self.layout_form.set_values(dict(options.layout))
        self.layout_form.set_paper(self.chosen_paper())
        layout.addWidget(self.layout_form)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok.setText(action.rstrip("…"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self._check_default(options)
        self.paper.currentIndexChanged.connect(
            lambda: self.layout_form.set_paper(self.chosen_paper())
        )
        self.group.buttonToggled.connect(lambda *_: self._follow_choice())
        self.layout_form.changed.connect(self._follow_choice)
        self._follow_choice()

    def _follow_choice(self) -> None:
        """Card choices for cards, the sheets' for sheets; no OK for cards that fit
        nowhere on the paper (the form says why)."""
        cards = self.choice() in (SELECTED_CARDS, ALL_CARDS)
        self.layout_form.set_for_cards(cards)
        self.journal_players.setEnabled(self.choice() in JOURNAL_CHOICES)
        self.ok.setEnabled(not cards or self.layout_form.fits())

    def chosen_layout(self) -> PrintLayout:
        return PrintLayout(
            self.layout_form.options(),
            self.layout_form.sheets_two_sided.isChecked(),
            self.journal_players.isChecked(),
            self.chosen_language(),
        )

    def chosen_language(self) -> str:
        return str(self.language.currentData())

    def _check_default(self, options: PrintOptions) -> None:
        # The selected character first; cards when the GM has picked some out.
        order = (CHARACTER, SELECTED_CARDS, PLAYERS, SUMMARY, ALL_CARDS)
        if options.selected_cards and options.character_id is None:
            order = (SELECTED_CARDS, PLAYERS, CHARACTER, SUMMARY, ALL_CARDS)
        for key in order:
            if self.buttons[key].isEnabled():
                self.buttons[key].setChecked(True)
                return

    def chosen_paper(self) -> PageSizeName:
        return LETTER if self.paper.currentData() == LETTER else A4

    def choice(self) -> str | None:
        for key, button in self.buttons.items():
            if button.isChecked():
                return key
        return None


def _labels(options: PrintOptions) -> list[tuple[str, str, bool]]:
    selected = len(options.selected_cards)
    character = (
        tr("The character sheet of {name}").format(name=options.character_name)
        if options.character_id is not None
        else tr("The selected character's sheet (no character is selected)")
    )
    return [
        (CHARACTER, character, options.character_id is not None),
        (
            PLAYERS,
            tr("Every player character's sheet ({count})").format(count=options.players),
            options.players > 0,
        ),
        (SUMMARY, tr("The GM summary: faction ladder and chapter"), True),
        (
            LAST_GAME,
            tr("The journal of the latest game ({game})").format(game=options.last_game_title)
            if options.last_game is not None
            else tr("The journal of the latest game (no game yet)"),
            options.last_game is not None,
        ),
        (
            JOURNAL,
            ntr(
                "The whole journal ({count} game)",
                "The whole journal ({count} games)",
                options.games,
            ).format(count=options.games),
            options.games > 0,
        ),
        (
            SELECTED_CARDS,
            tr("The selected SySCards ({count})").format(count=selected)
            if selected
            else tr("The selected SySCards (none)"),
            selected > 0,
        ),
        (ALL_CARDS, tr("All SySCards ({count})").format(count=options.cards), options.cards > 0),
    ]


def default_paper() -> PageSizeName:
    """Letter where the system's locale measures in inches (the US), A4 elsewhere."""
    # The system's, not QLocale()'s: that is the window language's (a French window on a
    # US system measures in inches still, and its printer holds Letter).
    system = QLocale.system()
    imperial = system.measurementSystem() == QLocale.MeasurementSystem.ImperialUSSystem
    return LETTER if imperial else A4


# ------------------------------------------------------------------------- the jobs


def make_job(
    window: PrintHost, choice: str, options: PrintOptions, layout: PrintLayout | None = None
) -> PrintJob:
    """The job for ``choice``: what it reads from the campaign, read now, laid out as
    ``layout`` says (the campaign's remembered layout when None)."""
    if layout is None:
        layout = remembered_layout(options)
    assert window.session is not None
    campaign = window.session.campaign
    stem = campaign_stem(campaign.summary().name, campaign.path.stem)
    paper_tr = translator(layout.language)  # the paper's words; the window's are `tr`'s
    if choice == CHARACTER:
        if options.character_id is None:
            raise ValueError(tr("No character is selected: pick one in the roster first."))
        sheets = gather_sheets(campaign, [campaign.roster.get(options.character_id)], paper_tr)
        return _sheets_job(sheets, f"{stem} {sheets[0].name}.pdf", layout, paper_tr)
    if choice == PLAYERS:
        sheets = gather_sheets(campaign, None, paper_tr)
        if not sheets:
            raise ValueError(tr("The campaign has no player characters to print."))
        name = _pdf_name(tr("{campaign} character sheets"), stem)
        return _sheets_job(sheets, name, layout, paper_tr)
    if choice == SUMMARY:
        name = _pdf_name(tr("{campaign} GM summary"), stem)
        return _summary_job(gather_summary(campaign, paper_tr), name, paper_tr)
    if choice in JOURNAL_CHOICES:
        return _journal_job(window, choice, options, layout.journal_players, stem, paper_tr)
    if choice in (SELECTED_CARDS, ALL_CARDS):
        chosen = list(options.selected_cards) if choice == SELECTED_CARDS else None
        name = _pdf_name(tr("{campaign} cards"), stem)
        return _cards_job(window, chosen, name, layout.cards, paper_tr)
    raise ValueError(tr("There is nothing called {choice} to print.").format(choice=repr(choice)))


def _pdf_name(name: str, stem: str) -> str:
    """The PDF's name offered: `name` (a template naming the campaign) for `stem`."""
    return f"{name.format(campaign=stem)}.pdf"


def remembered_layout(options: PrintOptions) -> PrintLayout:
    stored = dict(options.layout)
    return PrintLayout(
        CardPrintOptions.from_mapping(stored),
        stored.get(SHEETS_TWO_SIDED) is True,
        language=options.language,
    )


def _sheets_job(
    sheets: list[PrintSheet], file_name: str, layout: PrintLayout, paper_tr: Translator
) -> PrintJob:
    duplex = Duplex(layout.cards.back_offset_mm) if layout.sheets_two_sided else None
    names = [sheet.name for sheet in sheets]
    count = len(sheets)
    if count > 1:
        title = ntr("{count} character sheet", "{count} character sheets", count).format(
            count=count
        )
        what = tr("the sheets of {names}").format(names=", ".join(names))
    else:
        title = tr("{name}: character sheet").format(name=names[0])
        what = tr("the sheet of {name}").format(name=names[0])
    return PrintJob(
        title=title,
        what=what,
        file_name=file_name,
        paint=lambda device: paint_sheets(device, sheets, duplex, paper_tr),
        export=lambda path, paper: export_sheets_pdf(path, sheets, paper, duplex, paper_tr),
    )


def _summary_job(summary: PrintSummary, file_name: str, paper_tr: Translator) -> PrintJob:
    return PrintJob(
        title=tr("GM summary"),
        what=tr("the GM summary"),
        file_name=file_name,
        paint=lambda device: paint_summary(device, summary, paper_tr),
        export=lambda path, paper: export_summary_pdf(path, summary, paper, paper_tr),
    )


def _journal_job(
    window: PrintHost,
    choice: str,
    options: PrintOptions,
    players: bool,
    stem: str,
    paper_tr: Translator,
) -> PrintJob:
    """The last game's page, or every game's, read off the GUI thread (a campaign may
    have hundreds of games); Cancel refuses the print with a plain word."""
    assert window.session is not None
    campaign = window.session.campaign
    if choice == LAST_GAME:
        if options.last_game is None:
            raise ValueError(tr("The campaign has no game yet: the journal is empty."))
        chosen = [options.last_game]
    else:
        chosen = [game.id for game in campaign.games.all()]

    def gather(progress: Callable[[float], None]) -> PrintJournal:
        return gather_journal(campaign, chosen, players=players, progress=progress, words=paper_tr)

    journal = long_task.run_with_progress(window.window(), tr("Reading the journal…"), gather)
    if journal is None:
        raise ValueError(tr("The print was cancelled."))
    games = len(journal.games)
    if players:
        what = ntr(
            "the player-safe journal of {count} game",
            "the player-safe journal of {count} games",
            games,
        ).format(count=games)
    else:
        what = ntr("the journal of {count} game", "the journal of {count} games", games).format(
            count=games
        )
    if choice == JOURNAL:
        name = tr("{campaign} journal player-safe") if players else tr("{campaign} journal")
    else:
        name = tr("{campaign} last game player-safe") if players else tr("{campaign} last game")
    return PrintJob(
        title=tr("Journal: {campaign}").format(campaign=journal.campaign),
        what=what,
        file_name=_pdf_name(name, stem),
        paint=lambda device: paint_journal(device, journal, paper_tr),
        export=lambda path, paper: export_journal_pdf(path, journal, paper, paper_tr),
    )


def _cards_job(
    window: PrintHost,
    chosen: list[CardRecord] | None,
    file_name: str,
    layout: CardPrintOptions,
    paper_tr: Translator,
) -> PrintJob:
    assert window.session is not None
    cards = print_cards(window.session.campaign, chosen)
    if not cards:
        raise ValueError(tr("There are no cards to print."))
    count = len(cards)
    return PrintJob(
        title="SySCards",  # untranslated: the game's name, the same in every language
        what=ntr("{count} card", "{count} cards", count).format(count=count),
        file_name=file_name,
        paint=lambda device: paint_pages(device, cards, options=layout, tr=paper_tr),
        export=lambda path, paper: export_pdf(path, cards, paper, options=layout, tr=paper_tr),
    )


# ---------------------------------------------------------------------- the commands


def _choose(
    window: PrintHost, action: str, *, ask_paper: bool
) -> tuple[PrintJob, PageSizeName] | None:
    """Ask what to print; the job and the paper, or None when cancelled or refused."""
    options = print_options(window)
    if options is None:
        return None
    dialog = PrintChoiceDialog(options, action, ask_paper=ask_paper, parent=window.window())
    try:
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        choice, paper = dialog.choice(), dialog.chosen_paper()
        layout, remembered = dialog.chosen_layout(), dialog.layout_form.values()
    finally:
        dialog.deleteLater()
    if choice is None:
        return None
    remember_layout(window, remembered)
    remember_language(window, options, layout.language)
    try:
        return make_job(window, choice, options, layout), paper
    except (NotFound, ValueError) as error:
        window.show_problem(str(error))
        return None


def remember_layout(window: PrintHost, values: dict[str, object]) -> None:
    """Keep the layout with the campaign for next time. A campaign open read-only
    cannot keep it: the print goes ahead all the same."""
    if window.session is None:
        return
    with suppress(ReadOnlyCampaign, ValueError):
        window.session.campaign.remember_print_settings(values)


def remember_language(window: PrintHost, options: PrintOptions, code: str) -> None:
    """A new print language is a change to the campaign, one undo step; the print goes
    ahead in it even where the campaign cannot keep it (open read-only)."""
    if window.session is None or window.session.read_only or code == options.language:
        return  # a campaign open read-only keeps its language; the print goes ahead
    window.session.push(SetPrintLanguage(window.session, code))


def preview_alignment(window: PrintHost) -> None:
    """File > Print Alignment Test…: the test sheet's preview; its Print button prints.

    Printed with the campaign's back offset and duplex edge, so a second test shows
    whether the offset typed in is right."""
    options = print_options(window)
    layout = remembered_layout(options) if options is not None else PrintLayout()
    paper_tr = translator(layout.language)
    dialog = make_alignment_preview(
        window.window(),
        layout.cards,
        say=window.show_problem,
        tr=paper_tr,
        words=window_translator(),
    )
    try:
        dialog.exec()
    finally:
        dialog.deleteLater()


def print_document(window: PrintHost) -> None:
    """File > Print…: what to print, then the system's print dialog (its paper is used)."""
    chosen = _choose(window, tr("Print…"), ask_paper=False)
    if chosen is None:
        return
    print_job(window, chosen[0])


def print_job(window: PrintHost, job: PrintJob) -> None:
    """The system's print dialog for `job` (its paper is used), then the pages."""
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setDocName(job.title)
    dialog = QPrintDialog(printer, window.window())
    if dialog.exec() != QPrintDialog.DialogCode.Accepted:
        return
    refused = _file_refusal(window, printer.outputFileName())
    if refused is not None:
        window.show_problem(tr("Nothing was printed. {reason}").format(reason=refused))
        return
    _run(window, lambda: job.paint(printer))


def _file_refusal(window: PrintHost, name: str) -> str | None:
    """Why the PDF file `name` must not be written (the campaign, a backup, a file that
    is not a PDF); None when it may, or when printing to paper (no name)."""
    if not name or window.session is None:
        return None
    return output_refusal(window.session.campaign, Path(name), outputs.PDF)


def preview_document(window: PrintHost) -> None:
    """File > Print Preview…: what to print, then the preview; its Print button prints."""
    chosen = _choose(window, tr("Print Preview…"), ask_paper=False)
    if chosen is None:
        return
    preview_job(window, chosen[0])


def preview_job(window: PrintHost, job: PrintJob) -> None:
    """The preview of `job`; its Print button prints."""
    dialog = make_document_preview(
        window.window(),
        job.title,
        job.title,
        _guarded(window, job.paint),
        say=window.show_problem,
        words=window_translator(),
    )
    try:
        dialog.exec()
    finally:
        dialog.deleteLater()


def _guarded(
    window: PrintHost, paint: Callable[[QPagedPaintDevice], int]
) -> Callable[[QPagedPaintDevice], int]:
    """``paint`` for a preview, whose page setup may pick a paper that holds no card:
    the refusal is said in a message once the preview has drawn, never a traceback."""

    def guarded(device: QPagedPaintDevice) -> int:
        try:
            return paint(device)
        except (OSError, ValueError) as error:
            message = tr("Printing failed: {error}").format(error=error)
            QTimer.singleShot(0, lambda: window.show_problem(message))
            return 0

    return guarded


def export_document(window: PrintHost) -> None:
    """File > Export PDF…: what to print and on which paper, then where to save it."""
    chosen = _choose(window, tr("Export PDF…"), ask_paper=True)
    if chosen is None or window.session is None:
        return
    export_job_as(window, *chosen)


def export_job_as(window: PrintHost, job: PrintJob, paper: PageSizeName) -> None:
    """Ask where to save `job` as a PDF on `paper`, then write it there."""
    if window.session is None:
        return
    folder = pdf_folder(window.settings)
    name, _ = QFileDialog.getSaveFileName(
        window.window(), tr("Export PDF"), str(folder / job.file_name), tr("PDF (*.pdf)")
    )
    refused = _file_refusal(window, name)
    if refused is not None:
        window.show_problem(tr("No PDF was saved. {reason}").format(reason=refused))
    elif name:
        window.settings.set_pdf_folder(Path(name).parent)
        export_job(window, job, Path(name), paper)


def export_job(window: PrintHost, job: PrintJob, path: Path, paper: PageSizeName = "A4") -> int:
    """Write ``job`` to ``path``; the pages written (0, with a message, if it failed)."""
    pages = _run(window, lambda: job.export(path, paper))
    if pages:
        # The same English for one page: the message has always said "1 pages".
        said = ntr(
            "Wrote {what} on {pages} pages to {path}",
            "Wrote {what} on {pages} pages to {path}",
            pages,
        )
        window.statusBar().showMessage(said.format(what=job.what, pages=pages, path=path), 8000)
    return pages


def _run(window: PrintHost, action: Callable[[], int]) -> int:
    try:
        return action()
    except (OSError, ValueError) as error:
        window.show_problem(tr("Printing failed: {error}").format(error=error))
        return 0
