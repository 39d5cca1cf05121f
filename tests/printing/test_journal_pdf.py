"""The journal on paper (issue 31): a game played through the store, printed and read
back with pypdf (its pages, "page 1 of N", its scenes), on A4 and Letter; a long game
flowing over pages with its scene said again where it goes on; the player-safe print
without the GM's private note or an NPC's roll; every page rendered to look at."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader

from desktop.printing.journal import (
    PrintJournal,
    PrintJournalGame,
    PrintJournalLine,
    PrintJournalRound,
    PrintJournalScene,
    export_journal_pdf,
)
from desktop.store import Campaign
from desktop.ui.journal_export import games_started_within, gather_journal
from tests.views.journal_game import HOSTILE, PRIVATE, SHARED, play_short_game

# PDF points: A4 is 210 x 297 mm, Letter 8.5 x 11 in.
SIZES = {"A4": (595.3, 841.9), "Letter": (612.0, 792.0)}


def page_texts(path: Path) -> list[str]:
    return [" ".join((page.extract_text() or "").split()) for page in PdfReader(path).pages]


def rendered(pdf: Path) -> list[Path]:
    """Every page as a PNG beside the PDF (to look at; the test checks they are drawn)."""
    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm (poppler-utils) is not installed")
    subprocess.run(["pdftoppm", "-r", "50", "-png", str(pdf), str(pdf.with_suffix(""))], check=True)
    return sorted(pdf.parent.glob(f"{pdf.stem}-*.png"))


@pytest.fixture
def played(tmp_path: Path, gm_desk_home: Path) -> Campaign:
    campaign = Campaign.create(tmp_path / "c.gmdesk", data_dir=gm_desk_home / "data")
    campaign.rename("The Saltmarsh Ledger")
    play_short_game(campaign)
    return campaign


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_a_played_game_prints_on_its_paper(
    played: Campaign, tmp_path: Path, qapp: object, paper: str
) -> None:
    with played:
        journal = gather_journal(played, games_started_within(played))
    out = tmp_path / f"journal-{paper}.pdf"
    pages = export_journal_pdf(out, journal, paper)  # type: ignore[arg-type]
    reader = PdfReader(out)
    assert pages == len(reader.pages) == 1
    width, height = SIZES[paper]
    box = reader.pages[0].mediabox
    assert float(box.width) == pytest.approx(width, abs=1)
    assert float(box.height) == pytest.approx(height, abs=1)
    (text,) = page_texts(out)
    for words in (
        "Game 1 · 2026-03-14 (day 1)",
        "2026-03-14 19:00 to 22:30 · day 1",
        "The docks at night",
        "The lighthouse",
        "Round 2",
        "Kara Voss rolled 3 (d6), 4 (d6) = 7.",
        "d6 3 · d6 4",
        PRIVATE,
        SHARED,
        "The Saltmarsh Ledger",
        "page 1 of 1",
    ):
        assert words.casefold() in text.casefold(), words
    assert len(rendered(out)) == 1


def test_the_player_safe_print_keeps_the_gms_secrets(
    played: Campaign, tmp_path: Path, qapp: object
) -> None:
    with played:
        journal = gather_journal(played, games_started_within(played), players=True)
    out = tmp_path / "players.pdf"
    export_journal_pdf(out, journal)
    text = " ".join(page_texts(out))
    assert "player-safe" in text.casefold() and SHARED in text
    for secret in (PRIVATE, "7919", "Captain Dask", "Hidden plot"):
        assert secret not in text, secret


def long_game(number: int) -> PrintJournalGame:
    line = PrintJournalLine(
        "Kara Voss rolled 9 (d10), 1 (d6) depleted, 1 (d6) depleted = 9 against the "
        "rockslide, and the rope held long enough for Bryn to reach the ledge.",
        "d10 9 · d6 1 depleted · d6 1 depleted",
        "Kara Voss",
    )
    scenes = tuple(
        PrintJournalScene(
            scene,
            f"Scene text {scene}: " + "the storm breaks over the harbour wall " * 4,
            "A note on the scene, " * 12,
            tuple(PrintJournalRound(r, (line,) * 4) for r in range(1, 4)),
        )
        for scene in range(1, 7)
    )
    return PrintJournalGame(
        f"Game {number} · 2026-03-{number + 10} (day {number})",
        f"2026-03-{number + 10} 19:00 to 23:00",
        f"days {number} to {number + 1}",
        "The game's note. " * 30,
        True,
        (PrintJournalLine("Bryn marked XP for his vice"),),
        scenes,
        (PrintJournalLine("Kara Voss grew from 5 to 6 dice"),),
        (PrintJournalLine("Day 3 ended"),),
    )


def test_long_games_flow_over_pages_each_numbered_from_one(tmp_path: Path, qapp: object) -> None:
    journal = PrintJournal("The Saltmarsh Ledger", (long_game(1), long_game(2)))
    out = tmp_path / "long.pdf"
    pages = export_journal_pdf(out, journal, "Letter")
    texts = page_texts(out)
    assert pages == len(texts) and pages >= 4
    # Each game starts on a fresh page and counts its own pages.
    firsts = [i for i, text in enumerate(texts) if "page 1 of" in text]
    assert len(firsts) == 2 and firsts[0] == 0
    per_game = firsts[1]
    assert f"page {per_game} of {per_game}" in texts[per_game - 1]
    assert f"page 1 of {pages - per_game}" in texts[per_game]
    assert "Game 2 · 2026-03-12" in texts[per_game]
    assert any("(continued)" in text.casefold() for text in texts)
    for scene in range(1, 7):
        assert sum(f"Scene text {scene}:" in text for text in texts) == 2
    for part in ("Before the first scene", "The end of the game", "After the game"):
        assert sum(part in text for text in texts) == 2, part
    assert "from Kara Voss's page" in " ".join(texts)
    assert len(rendered(out)) == pages


def test_an_empty_journal_is_refused(tmp_path: Path, qapp: object) -> None:
    out = tmp_path / "none.pdf"
    with pytest.raises(ValueError, match="No game to print"):
        export_journal_pdf(out, PrintJournal("c", ()))
    assert not out.exists()


def test_names_built_to_break_a_page_print_whole(tmp_path: Path, qapp: object) -> None:
    with Campaign.create(tmp_path / "c.gmdesk", data_dir=tmp_path / "data") as campaign:
        play_short_game(campaign, HOSTILE)
        journal = gather_journal(campaign, games_started_within(campaign))
    out = tmp_path / "hostile.pdf"
    assert export_journal_pdf(out, journal) == 1
    (text,) = page_texts(out)
    for line in HOSTILE.scene_one.splitlines():
        assert line.strip() in text, line
    assert "Scene 2" in text.title() and "page 1 of 1" in text
    assert len(rendered(out)) == 1


def test_a_private_scene_note_is_labelled_as_the_gms_own(
    played: Campaign, tmp_path: Path, qapp: object
) -> None:
    # The game's private note said "The GM's private note" while a private scene note
    # said only "Note", like a shared one: the GM could not tell from the paper.
    secret = "Private: the keeper lies"
    with played:
        game_id = played.games.all()[-1].id
        played.journal.write(game_id, 2, secret)
        journal = gather_journal(played, games_started_within(played))
    (game,) = journal.games
    assert [(s.number, s.note_private) for s in game.scenes] == [(1, False), (2, True)]
    out = tmp_path / "notes.pdf"
    export_journal_pdf(out, journal)
    text = " ".join(page_texts(out)).casefold()
    assert f"the gm's private note {secret}".casefold() in text
    assert f"note {SHARED}".casefold() in text
    assert f"private note {SHARED}".casefold() not in text


def test_the_journal_prints_in_the_print_language(
    played: Campaign, tmp_path: Path, qapp: object
) -> None:
    """Its labels, title and dice in French; the history's sentences as stored."""
    from desktop.language import translator

    fr = translator("fr")
    with played:
        journal = gather_journal(played, games_started_within(played), words=fr)
    out = tmp_path / "journal-fr.pdf"
    assert export_journal_pdf(out, journal, "A4", fr) == 1
    (text,) = page_texts(out)
    title = fr.gettext("Game {number} · {date} (day {day})")
    for words in (
        title.format(number=1, date="2026-03-14", day=1),
        fr.gettext("Round {number}").format(number=2),
        fr.gettext("Scene {number}").format(number=1),
        fr.gettext("The GM's private note"),
        fr.gettext("page {number} of {count}").format(number=1, count=1),
        "Kara Voss rolled 3 (d6), 4 (d6) = 7.",  # the roll log's summary, as kept
    ):
        assert words.casefold() in text.casefold(), words
    assert "round 2" not in text.casefold()
    assert title != "Game {number} · {date} (day {day})"
    assert PdfReader(out).metadata.title == fr.gettext("Journal: {campaign}").format(
        campaign="The Saltmarsh Ledger"
    )
    assert len(rendered(out)) == 1
