"""Character sheets and the GM summary read back from their PDFs (pypdf, pdftoppm)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtCore import QMarginsF
from PySide6.QtGui import QColor, QImage, QPageLayout, QPageSize
from PySide6.QtPrintSupport import QPrinter, QPrintPreviewWidget
from pytestqt.qtbot import QtBot

from desktop.printing.flow import Block, FlowDocument, paginate
from desktop.printing.preview import make_document_preview
from desktop.printing.sheets import (
    PrintSheet,
    SheetCard,
    SheetClock,
    SheetTrait,
    export_sheets_pdf,
    paint_sheets,
)
from desktop.printing.summary import export_summary_pdf
from desktop.rules.factions import status_text
from desktop.store import Campaign
from desktop.ui.print_data import gather_sheet, gather_sheets, gather_summary
from tests.printing.conftest import assert_imports_no_widgets, page_texts, png_bytes
from tests.printing.sheet_campaign import FACTIONS, LONG_CARDS, LONG_TRAITS, make_campaign

MM_TO_PT = 72 / 25.4


@pytest.fixture
def campaign_file(tmp_path: Path, data_dir: Path) -> Path:
    return make_campaign(tmp_path / "sheets.gmdesk", data_dir)


@pytest.fixture
def opened(campaign_file: Path, data_dir: Path, qapp: object) -> Campaign:
    with Campaign.open(campaign_file, data_dir=data_dir, read_only=True) as campaign:
        yield campaign  # type: ignore[misc]


# ------------------------------------------------------------------------- contents


def test_every_player_sheet_holds_name_pool_traits_and_clocks(
    opened: Campaign, tmp_path: Path
) -> None:
    sheets = gather_sheets(opened)
    assert [sheet.name for sheet in sheets] == ["Aldra Quill", "Bram Longsheet"]
    out = tmp_path / "players.pdf"
    pages = export_sheets_pdf(out, sheets)
    texts = page_texts(out)
    assert len(texts) == pages
    for sheet in sheets:
        mine = [text for text in texts if f"{sheet.name} · " in text[-160:]]
        assert mine, sheet.name
        whole = " ".join(mine)
        assert sheet.name in mine[0]
        assert f"IN THE POOL · {sheet.count('pool')}" in whole
        assert f"{sheet.count('pool')} in the pool, 2 on the table, 1 removed" in whole
        for trait in sheet.traits:
            assert trait.name in whole, trait.name
        for clock in sheet.clocks:
            assert clock.name in whole
            assert f"{clock.filled} of {clock.segments} filled" in whole
    assert "Corvin the Fence" not in " ".join(texts)  # an NPC is no player character


def test_the_sheet_holds_items_cards_energy_and_downtime(opened: Campaign, tmp_path: Path) -> None:
    aldra = gather_sheets(opened)[0]
    out = tmp_path / "aldra.pdf"
    export_sheets_pdf(out, [aldra])
    text = " ".join(page_texts(out))
    assert "Boarding cutlass" in text and "damage die d8" in text and "protection die d6" in text
    # The card's #efc%: its owner card's name, then the efficiency.
    assert "Aldra Quill 47%" in text and "30%" in text
    assert "GENERAL STORE 11" in text and "PROJECT · SMUGGLING ROUTE 17" in text
    assert "Harbour lore" in text and "Stealth" in text
    for day in ("Wed 04 Mar", "Tue 10 Mar"):  # the last seven days, to today
        assert day in text
    assert "Mon 02 Mar" not in text
    assert "STRESS 3 / 9" in text and "HIT POINTS 7 / 10" in text and "TRAUMA 1 / 4" in text
    assert "Loyal to the crew" in text and "The Gull & Anchor" in text
    assert "Pip the runner" in text and "Captain Dask" in text


def test_a_short_character_fits_one_page_and_a_long_one_flows(
    opened: Campaign, tmp_path: Path
) -> None:
    short, long = gather_sheets(opened)
    assert (len(long.traits), len(long.cards)) == (LONG_TRAITS, LONG_CARDS)
    assert export_sheets_pdf(tmp_path / "short.pdf", [short]) == 1
    out = tmp_path / "long.pdf"
    pages = export_sheets_pdf(out, [long])
    texts = page_texts(out)
    assert len(texts) == pages == 2
    for number, text in enumerate(texts, start=1):
        assert f"page {number} of 2" in text
    whole = " ".join(texts)
    # Nothing cut off, nothing printed twice: every trait and card exactly once.
    for index in range(1, LONG_TRAITS - 1):
        assert len(re.findall(rf"Trait number {index:02d}\b", whole)) == 1
    for index in range(1, LONG_CARDS - 1):
        assert len(re.findall(rf"Card number {index:02d}\b", whole)) == 1
    # The cards table goes on over the break with its heading and column titles again.
    assert "SYSCARDS (CONTINUED) CARD KIND #EFC%" in texts[1]
    assert "Card number 28" in texts[1] and "Card number 01" in texts[0]


def test_sheets_start_on_a_new_page_and_count_their_own_pages(
    opened: Campaign, tmp_path: Path
) -> None:
    out = tmp_path / "both.pdf"
    assert export_sheets_pdf(out, gather_sheets(opened)) == 3
    texts = page_texts(out)
    assert texts[0].startswith("PLAYER CHARACTER Aldra Quill")
    assert texts[1].startswith("PLAYER CHARACTER Bram Longsheet")
    assert "page 1 of 1" in texts[0] and "page 2 of 2" in texts[2]


def test_many_traits_and_cards_add_pages_never_lose_rows(qapp: object, tmp_path: Path) -> None:
    traits = tuple(SheetTrait(f"Skill {n:03d}", 1 + n % 3) for n in range(160))
    cards = tuple(SheetCard(f"Deck card {n:03d}", "skill", 1 + n % 100) for n in range(120))
    sheet = PrintSheet("Hoarder", traits=traits, cards=cards)
    out = tmp_path / "hoarder.pdf"
    pages = export_sheets_pdf(out, [sheet])
    assert pages >= 4
    whole = " ".join(page_texts(out))
    assert all(f"Skill {n:03d}" in whole for n in range(160))
    assert all(f"Deck card {n:03d}" in whole for n in range(120))
    assert whole.count("TRAITS (CONTINUED)") >= 1


def test_long_words_notes_and_clock_notes_wrap_instead_of_running_off(
    qapp: object, tmp_path: Path
) -> None:
    notes = " ".join(f"Sentence {n} of a long backstory." for n in range(600)) + " THE END."
    sheet = PrintSheet(
        "Wordy",
        notes=notes,
        traits=(SheetTrait("Supercalifragilistic" * 6, 2),),
        clocks=(SheetClock("Clock " + "x" * 80, 6, 2, note="A note " * 30),),
    )
    out = tmp_path / "wordy.pdf"
    assert export_sheets_pdf(out, [sheet]) >= 2
    whole = "".join(" ".join(page_texts(out)).split())
    assert "THEEND." in whole and "Sentence599" in whole
    assert "Supercalifragilistic" * 6 in whole
    assert "Clock" + "x" * 80 in whole


def test_a_character_with_nothing_yet_still_prints(qapp: object, tmp_path: Path) -> None:
    out = tmp_path / "blank.pdf"
    assert export_sheets_pdf(out, [PrintSheet("Newcomer", kind="npc")]) == 1
    assert "NPC Newcomer" in page_texts(out)[0]


def test_an_npc_and_a_challenge_print_by_id(opened: Campaign, tmp_path: Path) -> None:
    corvin = next(c for c in opened.roster.all() if c.kind == "npc")
    sheet = gather_sheet(opened, corvin.id)
    assert sheet.downtime is None and sheet.energy is None  # nothing stored for them
    out = tmp_path / "npc.pdf"
    assert export_sheets_pdf(out, [sheet]) == 1
    text = page_texts(out)[0]
    assert "NPC Corvin the Fence" in text and "Haggling" in text and "IN THE POOL · 3" in text


def test_the_character_cards_image_is_the_portrait(
    campaign_file: Path, data_dir: Path, tmp_path: Path
) -> None:
    with Campaign.open(campaign_file, data_dir=data_dir) as campaign:
        own = next(card for card in campaign.cards.all() if card.name == "Aldra Quill")
        campaign.cards.set_image(own.id, png_bytes(400, 500))
        sheet = gather_sheets(campaign)[0]
    assert sheet.portrait is not None
    out = tmp_path / "portrait.pdf"
    export_sheets_pdf(out, [sheet])
    assert len(PdfReader(out).pages[0].images) == 1
    export_sheets_pdf(tmp_path / "none.pdf", [replace(sheet, portrait=b"not an image")])
    assert len(PdfReader(tmp_path / "none.pdf").pages[0].images) == 0


# ---------------------------------------------------------------------- the summary


def test_the_summary_holds_every_faction_and_the_chapter_on_one_page(
    opened: Campaign, tmp_path: Path
) -> None:
    out = tmp_path / "summary.pdf"
    assert export_summary_pdf(out, gather_summary(opened)) == 1
    text = page_texts(out)[0]
    for name, _tier, _hold, status, _others in FACTIONS:
        assert name in text
        assert status_text(status) in text
    assert "WAR WITH THE CHAPTER" in text  # the Iron Chorus, at -3
    assert "AT WAR WITH OTHERS" in text  # the Tidewardens
    assert "Raid the quay (0/4)" in text
    assert "THE CHAPTER The Saltmarsh Ledger" in text
    assert "REP" in text and "4 of 11 to develop · 1 turf" in text
    assert "COIN 9" in text and "HEAT 2" in text and "WAR At war" in text
    assert "Tarry Quay Warehouses" in text and "Customs House Ledgers" in text
    assert "Expand the route" in text and "3 of 8 filled" in text
    for tier in range(7):
        assert re.search(rf"TIER {tier}\b", text), tier


def test_every_tier_row_is_on_the_ladder(opened: Campaign, tmp_path: Path) -> None:
    out = tmp_path / "summary.pdf"
    export_summary_pdf(out, gather_summary(opened))
    text = page_texts(out)[0]
    assert "TIER 6 Vast gangs (160 people): no faction at this tier" in text
    assert text.index("The Iron Chorus") < text.index("Salt Wardens") < text.index("The Mudlarks")


# --------------------------------------------------------------------- the PDF itself


@pytest.mark.parametrize(("paper", "size_mm"), [("A4", (210, 297)), ("Letter", (215.9, 279.4))])
def test_page_size_title_and_embedded_fonts(
    opened: Campaign, tmp_path: Path, paper: str, size_mm: tuple[float, float]
) -> None:
    out = tmp_path / "sheet.pdf"
    export_sheets_pdf(out, gather_sheets(opened)[:1], paper)  # type: ignore[arg-type]
    reader = PdfReader(out)
    box = reader.pages[0].mediabox
    assert float(box.width) == pytest.approx(size_mm[0] * MM_TO_PT, abs=1)
    assert float(box.height) == pytest.approx(size_mm[1] * MM_TO_PT, abs=1)
    assert reader.metadata is not None
    assert reader.metadata.title == "Character sheet: Aldra Quill"
    assert reader.metadata.creator == "GM Desk"
    for ref in reader.pages[0]["/Resources"]["/Font"].values():
        descriptor = ref.get_object()["/DescendantFonts"][0].get_object()["/FontDescriptor"]
        assert any(key in descriptor.get_object() for key in ("/FontFile", "/FontFile2"))


def test_a_printer_s_paper_and_margins_are_the_ones_laid_out(
    opened: Campaign, tmp_path: Path
) -> None:
    """The printer path: a QPrinter set to Letter with wide margins, printing to a file."""
    out = tmp_path / "printer.pdf"
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(out))
    printer.setPageLayout(
        QPageLayout(
            QPageSize(QPageSize.PageSizeId.Letter),
            QPageLayout.Orientation.Portrait,
            QMarginsF(25, 25, 25, 25),
            QPageLayout.Unit.Millimeter,
        )
    )
    sheets = gather_sheets(opened)
    pages = paint_sheets(printer, sheets)
    reader = PdfReader(out)
    assert len(reader.pages) == pages > export_sheets_pdf(tmp_path / "a4.pdf", sheets)
    assert float(reader.pages[0].mediabox.height) == pytest.approx(792, abs=1)
    assert "Aldra Quill" in page_texts(out)[0]


def test_refusals_are_plain(qapp: object, tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="no characters"):
        export_sheets_pdf(tmp_path / "x.pdf", [])
    with pytest.raises(ValueError, match="A4 or Letter"):
        export_sheets_pdf(tmp_path / "x.pdf", [PrintSheet("A")], "A5")  # type: ignore[arg-type]
    with pytest.raises(OSError, match="does not exist"):
        export_sheets_pdf(tmp_path / "nowhere" / "x.pdf", [PrintSheet("A")])
    with pytest.raises(ValueError, match="needs a name"):
        PrintSheet("  ")


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm is not installed")
def test_rows_stop_above_the_footer_on_every_page(opened: Campaign, tmp_path: Path) -> None:
    """Rendered, each page's flow ends above the footer rule: nothing runs into it."""
    out = tmp_path / "long.pdf"
    export_sheets_pdf(out, gather_sheets(opened)[1:])
    subprocess.run(["pdftoppm", "-png", "-r", "100", str(out), str(tmp_path / "p")], check=True)
    pngs = sorted(tmp_path.glob("p-*.png"))
    assert len(pngs) == 2
    per_mm = 100 / 25.4
    for png in pngs:
        image = QImage(str(png))
        # The strip between the end of the flow (margin + footer band) and the rule.
        top = round((297 - 12 - 6 + 0.4) * per_mm)
        bottom = round((297 - 12 - 6 + 2.2) * per_mm)
        dark = [
            (x, y)
            for y in range(top, bottom)
            for x in range(0, image.width(), 3)
            if QColor(image.pixel(x, y)).lightness() < 200
        ]
        assert not dark, (png.name, dark[:5])
        # And something was drawn: the page is not blank.
        middle = [
            QColor(image.pixel(x, image.height() // 3)).lightness()
            for x in range(0, image.width(), 2)
        ]
        assert min(middle) < 128


def test_sheet_modules_need_no_widgets() -> None:
    assert_imports_no_widgets(
        "desktop.printing.sheets, desktop.printing.summary, desktop.ui.print_data"
    )


def test_the_preview_paints_the_pages_the_pdf_has(
    qtbot: QtBot, opened: Campaign, tmp_path: Path
) -> None:
    sheets = gather_sheets(opened)
    dialog = make_document_preview(None, "Sheets", "Sheets", lambda d: paint_sheets(d, sheets))
    qtbot.addWidget(dialog)
    preview = dialog.findChild(QPrintPreviewWidget)
    assert preview is not None
    preview.updatePreview()
    assert preview.pageCount() == export_sheets_pdf(tmp_path / "same.pdf", sheets)


# --------------------------------------------------------------------------- the flow


def _block(
    height: float, *, keep: bool = False, section: str = "s", heading: bool = False
) -> Block:
    return Block(height, lambda canvas, top: None, keep, section, heading)


def test_a_heading_never_ends_a_page_and_a_section_reopens_with_it() -> None:
    opener = _block(5, keep=True, heading=True)
    blocks = [_block(30), _block(5, keep=True, heading=True), *[_block(15) for _ in range(3)]]
    document = FlowDocument(blocks, "", lambda section: [opener])
    pages = paginate(document, 40)
    # 30 + the heading 5 + its first row 15 > 40: the heading goes over with its row.
    assert [len(page) for page in pages] == [1, 3, 2]
    assert pages[1][0][0] is blocks[1]
    # The third row opens a page of its own, under the section's heading again.
    assert pages[2][0][0] is opener and pages[2][1] == (blocks[4], 5)


def test_a_group_taller_than_a_page_breaks_only_where_it_must() -> None:
    chain = [_block(30, keep=True) for _ in range(5)] + [_block(30)]
    pages = paginate(FlowDocument([_block(20), *chain], ""), 100)
    assert [len(page) for page in pages] == [3, 3, 1]


# ------------------------------------------------------------------- the command line


def _run(campaign: Path, home: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "GM_DESK_HOME": str(home)}
    command = [sys.executable, "-m", "desktop", "--campaign", str(campaign), *arguments]
    return subprocess.run(command, capture_output=True, text=True, env=env)


def test_print_sheets_from_the_command_line(
    tmp_path: Path, gm_desk_home: Path, qapp: object
) -> None:
    campaign = make_campaign(tmp_path / "cli.gmdesk", gm_desk_home / "data")
    out = tmp_path / "players.pdf"
    done = _run(campaign, gm_desk_home, "--print-sheets", str(out))
    assert done.returncode == 0, done.stderr
    assert "Aldra Quill, Bram Longsheet on 3 pages" in done.stdout
    text = " ".join(page_texts(out))
    assert "Aldra Quill" in text and "Bram Longsheet" in text and "Corvin" not in text
    one = tmp_path / "corvin.pdf"
    done = _run(
        campaign, gm_desk_home, "--print-sheets", str(one), "--character", "corvin THE fence"
    )
    assert done.returncode == 0, done.stderr
    assert page_texts(one)[0].startswith("NPC Corvin the Fence")


def test_unknown_characters_are_refused_all_at_once(
    tmp_path: Path, gm_desk_home: Path, qapp: object
) -> None:
    campaign = make_campaign(tmp_path / "cli.gmdesk", gm_desk_home / "data", players=1)
    out = tmp_path / "never.pdf"
    refused = _run(
        campaign,
        gm_desk_home,
        "--print-sheets",
        str(out),
        "--character",
        "Nobody",
        "--character",
        "Aldra Quill",
        "--character",
        "Ghost",
    )
    assert refused.returncode == 1
    assert "The campaign has no characters named 'Nobody', 'Ghost'." in refused.stderr
    assert "Traceback" not in refused.stderr
    assert not out.exists()
    alone = _run(campaign, gm_desk_home, "--character", "Aldra Quill")
    assert alone.returncode == 2 and "--print-sheets" in alone.stderr


def test_print_summary_from_the_command_line(
    tmp_path: Path, gm_desk_home: Path, qapp: object
) -> None:
    campaign = make_campaign(tmp_path / "cli.gmdesk", gm_desk_home / "data", players=1)
    out = tmp_path / "summary.pdf"
    done = _run(campaign, gm_desk_home, "--print-summary", str(out), "--paper", "Letter")
    assert done.returncode == 0, done.stderr
    texts = page_texts(out)
    assert len(texts) == 1
    assert all(name in texts[0] for name, *_ in FACTIONS)
    assert float(PdfReader(out).pages[0].mediabox.height) == pytest.approx(792, abs=1)
