"""The luck report on paper (issue 33): a campaign's rolls judged through the store,
printed, read back with pypdf (its sentences, its rollers, "page 1 of N"), on A4 and
Letter; many rollers flowing over pages; no roll at all said as such; the plain data's
charts (histogram, fair line, percentiles in order) against the report's numbers."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtGui import QImage

from desktop.printing.statistics import BINS, export_statistics_pdf
from desktop.store import Campaign
from desktop.ui.statistics_print import NO_ROLLS, luck_print_data, scope_in_words
from desktop.views.statistics import luck_report, percentile_histogram, rolls_report
from desktop.views.tray_luck import TrayOddsCache
from tests.printing.test_journal_pdf import SIZES, page_texts, rendered
from tests.views.luck_campaign import FORMULA, play_luck


@pytest.fixture
def played(tmp_path: Path, gm_desk_home: Path) -> Campaign:
    campaign = Campaign.create(tmp_path / "c.gmdesk", data_dir=gm_desk_home / "data")
    campaign.rename("The Saltmarsh Ledger")
    play_luck(campaign, rolls=60, names=("Captain Reyne Dask", FORMULA))
    return campaign


def test_the_print_data_holds_the_reports_numbers(played: Campaign) -> None:
    with played:
        report = luck_report(played, TrayOddsCache())
    data = luck_print_data(report, "The Saltmarsh Ledger", "The whole campaign")
    judged = [float(r.percentile) * 100 for r in report.rolls if r.percentile is not None]
    assert data.percentiles == tuple(judged) and len(judged) == 60  # the choice left out
    assert sum(data.histogram) == pytest.approx(60) and len(data.histogram) == BINS
    assert data.fair == 6.0  # a fair table's flat line: the judged rolls over ten bins
    assert data.sentence == report.overall.sentence
    assert [r.sentence for r in data.rollers] == [s.sentence for s in report.rollers]
    bryn = next(r for r in data.rollers if r.name == "Bryn")
    summary = next(s for s in report.rollers if s.name == "Bryn")
    assert bryn.depleted == summary.depleted
    assert bryn.expected_depleted == float(summary.expected_depleted)
    assert bryn.cells[:3] == (
        str(summary.rolls),
        str(summary.dice),
        f"{summary.depleted} / {float(summary.expected_depleted):.2f}",
    )
    assert data.overall is not None and data.overall.name == "Everyone"
    assert any("all ones" in note for note in data.notes)
    assert any("an act spends dice" in note for note in data.notes)


def test_the_histogram_printed_is_the_views(played: Campaign) -> None:
    with played:
        report = luck_report(played, TrayOddsCache())
    data = luck_print_data(report, "The Saltmarsh Ledger", "The whole campaign")
    assert data.histogram == percentile_histogram(report.rolls)


def test_the_scope_is_said_in_words() -> None:
    from datetime import date

    first, last = date(2026, 3, 14), date(2026, 3, 20)
    assert scope_in_words() == "The whole campaign"
    assert scope_in_words(first, last) == "Rolls of 2026-03-14 to 2026-03-20"
    assert scope_in_words(first, first) == "Rolls of 2026-03-14"
    assert scope_in_words(first) == "Rolls of 2026-03-14 onwards"
    assert scope_in_words(None, last) == "Rolls up to 2026-03-20"
    assert scope_in_words(game="Game 3") == "Game 3"


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_the_report_prints_with_its_sentences_and_charts(
    played: Campaign, tmp_path: Path, qapp: object, paper: str
) -> None:
    with played:
        report = luck_report(played, TrayOddsCache())
    data = luck_print_data(report, "The Saltmarsh Ledger", "The whole campaign")
    out = tmp_path / f"luck-{paper}.pdf"
    pages = export_statistics_pdf(out, data, paper)  # type: ignore[arg-type]
    reader = PdfReader(out)
    assert pages == len(reader.pages) == 2
    width, height = SIZES[paper]
    assert float(reader.pages[0].mediabox.width) == pytest.approx(width, abs=1)
    assert float(reader.pages[0].mediabox.height) == pytest.approx(height, abs=1)
    texts = page_texts(out)
    joined = " ".join(texts)
    for summary in (report.overall, *report.rollers):
        assert " ".join(summary.sentence.split()) in joined
    assert texts[0].startswith("ROLL STATISTICS The Saltmarsh Ledger The whole campaign")
    for words in ("Each roll's percentile, in order", "How the percentiles fell",
                  "Depletions: expected and actual", "Dice depleted", "Percentile"):  # fmt: skip
        assert words.upper() in joined.upper()
    assert [f"page {n} of {pages}" in text for n, text in enumerate(texts, start=1)] == [True] * 2
    # Every page drawn (to look at): none blank.
    for png in rendered(out):
        image = QImage(str(png))
        assert not image.isNull() and image.width() > 300


def test_many_rollers_flow_over_pages_and_say_where_they_go_on(
    tmp_path: Path, gm_desk_home: Path, qapp: object
) -> None:
    names = tuple(f"Roller number {n}" for n in range(1, 41))
    with Campaign.create(tmp_path / "many.gmdesk", data_dir=gm_desk_home / "data") as made:
        play_luck(made, rolls=200, names=names)
        report = luck_report(made, TrayOddsCache())
    out = tmp_path / "many.pdf"
    pages = export_statistics_pdf(out, luck_print_data(report, "Many", "Game 1"))
    texts = page_texts(out)
    assert pages == len(texts) >= 3
    assert all("Roller number 40" in " ".join(texts).replace("\n", " ") for _ in (1,))
    assert any("(CONTINUED)" in text.upper() for text in texts[1:])
    assert len(rendered(out)) == pages


def test_no_roll_prints_one_page_saying_so(tmp_path: Path, qapp: object) -> None:
    empty = luck_print_data(rolls_report([], TrayOddsCache()), "Empty", "The whole campaign")
    assert empty.overall is None and empty.rollers == () and empty.histogram == (0,) * BINS
    out = tmp_path / "empty.pdf"
    assert export_statistics_pdf(out, empty) == 1
    (text,) = page_texts(out)
    assert NO_ROLLS in text and "page 1 of 1" in text
    assert "ROLLERS" not in text.upper().replace("ROLL STATISTICS", "")
