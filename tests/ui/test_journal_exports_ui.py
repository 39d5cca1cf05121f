"""The journal's exports in the window (issue 31): File > Export Journal as Markdown…
(the GM's or the player-safe version, into a folder, off the GUI thread) and the
journal in the Print / Export PDF choice."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtWidgets import QDialog, QFileDialog

from desktop.ui.journal_markdown_export import JournalVersionDialog, write_journal
from desktop.ui.main_window import MainWindow
from desktop.ui.print_choice import (
    JOURNAL,
    LAST_GAME,
    PrintChoiceDialog,
    PrintLayout,
    make_job,
    print_options,
)
from tests.ui.docks import campaign_of
from tests.views.journal_game import PRIVATE, SHARED, play_short_game


@pytest.fixture
def played(window: MainWindow) -> MainWindow:
    play_short_game(campaign_of(window))
    return window


def front_matter(text: str) -> dict[str, object]:
    lines = text.split("\n")
    end = lines.index("---", 1)
    return {k: json.loads(v) for k, _, v in (line.partition(": ") for line in lines[1:end])}


def test_the_menu_asks_the_version_then_the_folder(
    played: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "vault"
    folder.mkdir()

    def choose_players(dialog: JournalVersionDialog) -> int:
        dialog.players.setChecked(True)
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(JournalVersionDialog, "exec", choose_players)
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", lambda *a, **k: str(folder))
    played.journal_export_action.trigger()
    (page,) = folder.iterdir()
    text = page.read_text(encoding="utf-8")
    assert front_matter(text)["players"] is True
    assert PRIVATE not in text and SHARED in text
    assert "player-safe journal of 1 game to" in played.statusBar().currentMessage()


def test_the_gms_journal_is_written_and_a_bad_folder_refused(
    played: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    written = write_journal(played, tmp_path / "gm", players=False)
    assert written is not None and len(written) == 1
    assert PRIVATE in written[0].read_text(encoding="utf-8")
    problems: list[str] = []
    monkeypatch.setattr(played, "show_problem", problems.append)
    assert write_journal(played, written[0], players=False) is None
    assert problems == [
        f"Nothing was exported. “{written[0].name}” is a file, not a folder: "
        "choose a folder for the files."
    ]


def test_the_journal_is_a_choice_to_print(played: MainWindow, tmp_path: Path, qapp: object) -> None:
    options = print_options(played)
    assert options is not None
    dialog = PrintChoiceDialog(options, "Export PDF…", ask_paper=True, parent=played)
    try:
        assert dialog.buttons[LAST_GAME].text() == "The journal of the latest game (Game 1)"
        assert dialog.buttons[JOURNAL].text() == "The whole journal (1 game)"
        assert not dialog.journal_players.isEnabled()  # a sheet is chosen first
        dialog.buttons[JOURNAL].setChecked(True)
        assert dialog.journal_players.isEnabled()
    finally:
        dialog.deleteLater()
    job = make_job(played, LAST_GAME, options, PrintLayout(journal_players=True))
    out = tmp_path / job.file_name
    assert job.export(out, "Letter") == 1
    reader = PdfReader(out)
    assert float(reader.pages[0].mediabox.height) == pytest.approx(792, abs=1)
    text = " ".join((reader.pages[0].extract_text() or "").split())
    assert "The docks at night" in text and "page 1 of 1" in text
    assert PRIVATE not in text and "7919" not in text
    gm = make_job(played, JOURNAL, options, PrintLayout())
    assert gm.export(tmp_path / "gm.pdf", "A4") == 1
    assert PRIVATE in " ".join(PdfReader(tmp_path / "gm.pdf").pages[0].extract_text().split())
