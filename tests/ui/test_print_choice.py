"""File > Print, Print Preview and Export PDF ask first what to print, then print it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtGui import QAction
from PySide6.QtPrintSupport import QPrintPreviewDialog, QPrintPreviewWidget
from PySide6.QtWidgets import QFileDialog, QStatusBar, QWidget
from pytestqt.qtbot import QtBot

from desktop.store import Campaign, CardRecord
from desktop.ui.docks.syscards import SysCardsWidget
from desktop.ui.main_window import MainWindow
from desktop.ui.print_choice import (
    ALL_CARDS,
    CHARACTER,
    PLAYERS,
    SELECTED_CARDS,
    SUMMARY,
    PrintChoiceDialog,
    export_job,
    make_job,
    print_options,
)
from desktop.ui.session import CampaignSession
from tests.ui.docks import campaign_of
from tests.ui.modals import when_modal


@pytest.fixture
def table(window: MainWindow) -> MainWindow:
    """Two player characters, an NPC, a faction and three cards in the window's campaign."""
    campaign = campaign_of(window)
    ids = [campaign.roster.add(name, "pc").id for name in ("Kara Voss", "Brother Ilian")]
    campaign.roster.add("Old Hollis", "npc")
    for character_id in ids:
        campaign.kit.add_dice(character_id, 6, count=4)
        campaign.kit.add_trait(character_id, "Nerve", 2)
    campaign.clocks.add("Pay off the harbourmaster", 6, owner_kind="character", owner_id=ids[0])
    campaign.factions.add("The Tidewardens", 3, status=-2)
    kara = campaign.cards.add("Kara Voss", "character", character_id=ids[0], efficiency=40)
    campaign.cards.add("Knife work", "skill", owner_id=kara.id, efficiency=30)
    campaign.cards.add("Saltmarsh drake", "creature", efficiency=55)
    return window


def text_of(path: Path) -> str:
    return " ".join(" ".join((page.extract_text() or "").split()) for page in PdfReader(path).pages)


def syscards(window: MainWindow) -> SysCardsWidget:
    for panel in window.panels:
        if panel.name == "syscards":
            panel.show()
            widget = panel.content()
            assert isinstance(widget, SysCardsWidget)
            widget.reload()
            return widget
    raise AssertionError("no SySCards dock")


def preview_pages(seen: list[int], title: str) -> Callable[[QWidget], None]:
    """A handler for the print preview: checks its title, notes its pages in `seen`, closes."""

    def look(dialog: QWidget) -> None:
        preview = dialog.findChild(QPrintPreviewWidget)
        assert preview is not None
        preview.updatePreview()
        seen.append(preview.pageCount())
        assert dialog.windowTitle() == title
        dialog.reject()

    return look


def select_named(window: MainWindow, name: str) -> None:
    """Select the character called `name`, as a click in the roster does."""
    assert window.session is not None
    record = next(c for c in campaign_of(window).roster.all() if c.name == name)
    window.session.select_character(record.id)


# ----------------------------------------------------------------------------- actions


def test_the_three_actions_keep_their_names_and_follow_the_campaign(
    window: MainWindow, make_window: Callable[[], MainWindow]
) -> None:
    texts = {}
    for name in ("actionPrint", "actionPrintPreview", "actionPdf"):
        action = window.findChild(QAction, name)
        assert action is not None and action.isEnabled()
        texts[name] = action.text()
    assert texts == {
        "actionPrint": "&Print…",
        "actionPrintPreview": "Print Pre&view…",
        "actionPdf": "Export P&DF…",
    }
    empty = make_window()
    assert not empty.findChild(QAction, "actionPdf").isEnabled()


# ------------------------------------------------------------------------------ choices


def test_only_what_exists_can_be_chosen(window: MainWindow, qtbot: QtBot) -> None:
    options = print_options(window)
    assert options is not None
    dialog = PrintChoiceDialog(options, "Export PDF…", ask_paper=True, parent=window)
    qtbot.addWidget(dialog)
    enabled = {key for key, button in dialog.buttons.items() if button.isEnabled()}
    assert enabled == {SUMMARY}  # a new campaign: no characters, no cards
    assert dialog.choice() == SUMMARY
    assert not dialog.paper.isHidden()


def test_the_selected_character_is_offered_first(table: MainWindow, qtbot: QtBot) -> None:
    select_named(table, "Kara Voss")
    options = print_options(table)
    assert options is not None and options.players == 2 and options.cards == 3
    dialog = PrintChoiceDialog(options, "Print…", ask_paper=False, parent=table)
    qtbot.addWidget(dialog)
    assert dialog.choice() == CHARACTER
    assert dialog.buttons[CHARACTER].text() == "The character sheet of Kara Voss"
    assert dialog.buttons[PLAYERS].text() == "Every player character's sheet (2)"
    # The SySCards dock keeps a current card; whatever it has selected is offered.
    selected = len(syscards(table).selected_cards())
    label = f"The selected SySCards ({selected})" if selected else "The selected SySCards (none)"
    assert dialog.buttons[SELECTED_CARDS].text() == label
    assert dialog.buttons[SELECTED_CARDS].isEnabled() == bool(selected)
    assert dialog.buttons[ALL_CARDS].isEnabled()
    assert dialog.paper.isHidden()  # the printer dialog chooses the paper


# --------------------------------------------------------------------------------- jobs


def test_the_selected_character_sheet_to_pdf(table: MainWindow, tmp_path: Path) -> None:
    select_named(table, "Brother Ilian")
    options = print_options(table)
    assert options is not None
    job = make_job(table, CHARACTER, options)
    out = tmp_path / job.file_name
    assert out.name == "Test Campaign Brother Ilian.pdf"
    assert export_job(table, job, out, "Letter") == 1
    text = text_of(out)
    assert "Brother Ilian" in text and "Kara Voss" not in text and "Nerve" in text
    assert float(PdfReader(out).pages[0].mediabox.height) == pytest.approx(792, abs=1)
    assert "Wrote the sheet of Brother Ilian on 1 pages" in table.statusBar().currentMessage()


def test_every_player_and_the_summary(table: MainWindow, tmp_path: Path) -> None:
    options = print_options(table)
    assert options is not None
    players = tmp_path / "players.pdf"
    assert export_job(table, make_job(table, PLAYERS, options), players) == 2
    text = text_of(players)
    assert "Kara Voss" in text and "Brother Ilian" in text and "Old Hollis" not in text
    assert "Pay off the harbourmaster" in text and "Kara Voss 30%" in text
    summary = tmp_path / "summary.pdf"
    assert export_job(table, make_job(table, SUMMARY, options), summary) == 1
    assert "The Tidewardens" in text_of(summary) and "−2 Hostile" in text_of(summary)


def test_selected_cards_print_as_cards(table: MainWindow, tmp_path: Path) -> None:
    cards = syscards(table)
    row = next(i for i, r in enumerate(cards.model.records) if r.name == "Saltmarsh drake")
    cards.table.selectRow(row)
    options = print_options(table)
    assert options is not None and [c.name for c in options.selected_cards] == ["Saltmarsh drake"]
    out = tmp_path / "cards.pdf"
    assert export_job(table, make_job(table, SELECTED_CARDS, options), out) == 2  # front, back
    text = text_of(out)
    assert "Saltmarsh drake" in text and "Knife work" not in text
    every = tmp_path / "all.pdf"
    export_job(table, make_job(table, ALL_CARDS, options), every)
    assert "Knife work" in text_of(every)
    # The old entry point still prints the selected cards.
    assert table.export_pdf_to(tmp_path / "old.pdf") == 2


def test_a_character_deleted_since_it_was_selected_is_not_offered(table: MainWindow) -> None:
    campaign = campaign_of(table)
    hollis = next(c for c in campaign.roster.all() if c.name == "Old Hollis")
    assert table.session is not None
    table.session.select_character(hollis.id)
    campaign.roster.delete(hollis.id)
    options = print_options(table)
    assert options is not None and options.character_id is None
    with pytest.raises(ValueError, match="No character is selected"):
        make_job(table, CHARACTER, options)


def test_a_pdf_that_cannot_be_written_says_so(table: MainWindow, tmp_path: Path) -> None:
    options = print_options(table)
    assert options is not None
    job = make_job(table, SUMMARY, options)
    assert export_job(table, job, tmp_path / "missing" / "x.pdf") == 0
    assert "does not exist" in table.statusBar().currentMessage()


# ------------------------------------------------------------------- the menu, end to end


def test_export_pdf_from_the_menu(table: MainWindow, qtbot: QtBot, tmp_path: Path) -> None:
    out = tmp_path / "from the menu.pdf"

    def choose(dialog: QWidget) -> None:
        assert isinstance(dialog, PrintChoiceDialog)
        dialog.buttons[PLAYERS].setChecked(True)
        dialog.paper.setCurrentText("A4")
        when_modal(qtbot, save, QFileDialog)
        dialog.accept()

    def save(dialog: QWidget) -> None:
        assert isinstance(dialog, QFileDialog)
        assert dialog.selectedFiles()[0].endswith("Test Campaign character sheets.pdf")
        dialog.selectFile(str(out))
        dialog.accept()

    when_modal(qtbot, choose, PrintChoiceDialog)
    table.pdf_action.trigger()
    qtbot.waitUntil(out.exists)
    assert "Brother Ilian" in text_of(out)


def test_print_preview_from_the_menu_shows_the_summary(table: MainWindow, qtbot: QtBot) -> None:
    seen: list[int] = []

    def choose(dialog: QWidget) -> None:
        assert isinstance(dialog, PrintChoiceDialog)
        dialog.buttons[SUMMARY].setChecked(True)
        when_modal(qtbot, look, QPrintPreviewDialog)
        dialog.accept()

    look = preview_pages(seen, "Print Preview: GM summary")
    when_modal(qtbot, choose, PrintChoiceDialog)
    table.preview_action.trigger()
    assert seen == [1]


def test_cancelling_the_choice_prints_nothing(
    table: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    before = set(tmp_path.iterdir())
    when_modal(qtbot, lambda dialog: dialog.reject(), PrintChoiceDialog)  # type: ignore[attr-defined]
    table.pdf_action.trigger()
    assert set(tmp_path.iterdir()) == before


class FakeHost:
    """Only what ``PrintHost`` names: printing needs no main window."""

    def __init__(self, campaign: Campaign, selected: list[CardRecord]) -> None:
        self.session: CampaignSession | None = CampaignSession(campaign)
        self.parent = QWidget()
        self.bar = QStatusBar(self.parent)
        self.problems: list[str] = []
        self._selected = selected

    def selected_cards(self) -> list[CardRecord]:
        return self._selected

    def window(self) -> QWidget:
        return self.parent

    def show_problem(self, message: str) -> None:
        self.problems.append(message)

    def statusBar(self) -> QStatusBar:
        return self.bar


def test_printing_takes_any_host_with_what_it_asks_for(
    qtbot: QtBot, campaign: Campaign, tmp_path: Path
) -> None:
    campaign.roster.add("Kara Voss", "pc")
    drake = campaign.cards.add("Saltmarsh drake", "creature", efficiency=55)
    campaign.cards.add("Knife work", "skill", efficiency=30)
    host = FakeHost(campaign, [drake])
    qtbot.addWidget(host.parent)
    options = print_options(host)
    assert options is not None
    assert (options.players, options.cards, options.character_id) == (1, 2, None)
    assert [card.name for card in options.selected_cards] == ["Saltmarsh drake"]
    out = tmp_path / "cards.pdf"
    assert export_job(host, make_job(host, SELECTED_CARDS, options), out) == 2
    assert "Saltmarsh drake" in text_of(out) and "Knife work" not in text_of(out)
    assert "Wrote 1 card on 2 pages" in host.bar.currentMessage()
    assert export_job(host, make_job(host, PLAYERS, options), tmp_path / "no" / "x.pdf") == 0
    assert len(host.problems) == 1 and host.problems[0].startswith("Printing failed")
    host.session = None
    assert print_options(host) is None


def test_export_pdf_proposes_the_documents_folder_then_the_last_one_used(
    table: MainWindow, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "home"
    (home / "Documents").mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))  # no user-dirs.dirs there
    handouts = tmp_path / "handouts"
    handouts.mkdir()
    proposed: list[Path] = []

    def choose(dialog: QWidget) -> None:
        assert isinstance(dialog, PrintChoiceDialog)
        dialog.buttons[SUMMARY].setChecked(True)
        when_modal(qtbot, save, QFileDialog)
        dialog.accept()

    def save(dialog: QWidget) -> None:
        assert isinstance(dialog, QFileDialog)
        proposed.append(Path(dialog.selectedFiles()[0]).parent)
        dialog.selectFile(str(handouts / f"summary {len(proposed)}.pdf"))
        dialog.accept()

    for made in (1, 2):
        when_modal(qtbot, choose, PrintChoiceDialog)
        table.pdf_action.trigger()
        qtbot.waitUntil((handouts / f"summary {made}.pdf").exists)
    # Not the campaign's folder (the data folder, with the backups, for the sample).
    assert proposed == [home / "Documents", handouts]
    assert table.settings.pdf_folder() == handouts
