"""The layout on the command line, remembered in the campaign, and for two-sided sheets."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from desktop.printing.flow import Duplex
from desktop.printing.sheets import export_sheets_pdf
from desktop.store import Campaign
from desktop.ui.print_data import gather_sheets
from tests.printing.conftest import page_texts
from tests.printing.sheet_campaign import make_campaign

MM_TO_PT = 72 / 25.4


def run(home: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "GM_DESK_HOME": str(home), "QT_QPA_PLATFORM": "offscreen"}
    command = [sys.executable, "-m", "desktop", *arguments]
    return subprocess.run(command, capture_output=True, text=True, env=env)


@pytest.fixture
def card_campaign(tmp_path: Path, gm_desk_home: Path) -> Path:
    path = tmp_path / "cards.gmdesk"
    with Campaign.create(path, data_dir=gm_desk_home / "data") as made:
        for index in range(10):
            made.cards.add(f"Deck card {index:02d}", "skill", efficiency=10 + index)
    return path


# ---------------------------------------------------------------------- command line


@pytest.mark.parametrize(
    ("arguments", "option"),
    [
        (["--bleed", "lots"], "--bleed"),
        (["--bleed", "-3"], "--bleed"),
        (["--gap", "99"], "--gap"),
        (["--card-size", "huge"], "--card-size"),
        (["--cut-marks", "dotted"], "--cut-marks"),
        (["--back-offset", "1.5"], "--back-offset"),
        (["--back-offset", "1,40"], "--back-offset"),
        (["--duplex", "sideways"], "--duplex"),
    ],
)
def test_a_bad_value_is_refused_naming_its_option_and_nothing_is_written(
    card_campaign: Path, gm_desk_home: Path, tmp_path: Path, arguments: list[str], option: str
) -> None:
    out = tmp_path / "never.pdf"
    done = run(
        gm_desk_home, "--campaign", str(card_campaign), "--print-cards", str(out), *arguments
    )
    assert done.returncode != 0
    assert option in done.stderr and "Traceback" not in done.stderr
    assert not out.exists()


def test_layout_options_without_printing_are_refused(gm_desk_home: Path) -> None:
    for arguments, needed in (
        (["--bleed", "3"], "--print-cards"),
        (["--fold-over"], "--print-cards"),
        (["--back-offset", "1,1"], "--print-alignment"),
    ):
        done = run(gm_desk_home, *arguments)
        assert done.returncode == 2 and needed in done.stderr, done.stderr


def _printed_cards(home: Path, campaign: Path, out: Path, *options: str) -> list[str]:
    """`--print-cards` of the campaign to `out` with `options`, which succeeds; the text
    of each page of the PDF it wrote."""
    done = run(home, "--campaign", str(campaign), "--print-cards", str(out), *options)
    assert done.returncode == 0, done.stderr
    return page_texts(out)


def test_cards_print_with_the_options_given(
    card_campaign: Path, gm_desk_home: Path, tmp_path: Path
) -> None:
    texts = _printed_cards(
        gm_desk_home,
        card_campaign,
        tmp_path / "minis.pdf",
        "--card-size",
        "mini",
        "--bleed",
        "3",
        "--gap",
        "1",
        "--cut-marks",
        "both",
        "--back-offset",
        "1.5,-0.5",
        "--duplex",
        "short",
        "--paper",
        "Letter",
    )
    assert len(texts) == 2  # ten minis fit one Letter sheet even with bleed
    assert "flip on short edge" in texts[1] and "back offset 1.5, -0.5 mm" in texts[1]
    folded = _printed_cards(gm_desk_home, card_campaign, tmp_path / "folded.pdf", "--fold-over")
    assert len(folded) == 4  # three pairs a page, one-sided: ten in four


def test_the_campaign_s_remembered_layout_is_used_and_the_command_line_wins(
    card_campaign: Path, gm_desk_home: Path, tmp_path: Path
) -> None:
    with Campaign.open(card_campaign, data_dir=gm_desk_home / "data") as opened:
        opened.remember_print_settings({"card_size": "tarot", "duplex": "short"})
    out = tmp_path / "tarot.pdf"
    texts = _printed_cards(gm_desk_home, card_campaign, out)
    assert len(texts) == 6  # four tarot cards a page: three sheets
    assert "flip on short edge" in texts[1]
    texts = _printed_cards(
        gm_desk_home, card_campaign, out, "--card-size", "poker", "--duplex", "long"
    )
    assert len(texts) == 4 and "flip on long edge" in texts[1]


def test_print_alignment_from_the_command_line(gm_desk_home: Path, tmp_path: Path) -> None:
    out = tmp_path / "align.pdf"
    done = run(
        gm_desk_home, "--print-alignment", str(out), "--back-offset", "1,-2", "--paper", "Letter"
    )
    assert done.returncode == 0, done.stderr
    texts = page_texts(out)
    assert len(texts) == 2 and "X 1, Y -2" in texts[1]
    assert float(PdfReader(out).pages[0].mediabox.height) == pytest.approx(792, abs=1)
    missing = run(gm_desk_home, "--print-alignment", str(tmp_path / "no" / "x.pdf"))
    assert missing.returncode == 1 and "does not exist" in missing.stderr


# --------------------------------------------------------------------------- store


def test_the_campaign_remembers_print_settings_beside_its_rules(
    tmp_path: Path, data_dir: Path
) -> None:
    path = tmp_path / "c.gmdesk"
    with Campaign.create(path, data_dir=data_dir) as made:
        assert made.print_settings() == {}
        made.update_settings(raise_by=3)
        made.remember_print_settings({"bleed_mm": 3.0, "back_offset_mm": [1.5, -0.5]})
        made.update_settings(raise_from=90)  # rule changes keep the print settings
        for bad in ({"bleed_mm": {"a": 1}}, {"x" * 50: 1}, {"gap_mm": float("inf")}):
            with pytest.raises(ValueError):
                made.remember_print_settings(bad)
    with Campaign.open(path, data_dir=data_dir) as opened:
        assert opened.print_settings() == {"bleed_mm": 3.0, "back_offset_mm": [1.5, -0.5]}
        assert opened.settings()["raise_by"] == 3 and opened.settings()["raise_from"] == 90


# --------------------------------------------------------------------------- sheets


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_every_sheet_page_says_page_n_of_m(
    tmp_path: Path, data_dir: Path, qapp: object, paper: str
) -> None:
    path = make_campaign(tmp_path / "s.gmdesk", data_dir)
    with Campaign.open(path, data_dir=data_dir, read_only=True) as opened:
        sheets = gather_sheets(opened)
    for duplex in (None, Duplex((1.5, -0.5))):
        out = tmp_path / f"sheets-{duplex is not None}.pdf"
        pages = export_sheets_pdf(out, sheets, paper, duplex)  # type: ignore[arg-type]
        texts = page_texts(out)
        assert len(texts) == pages
        numbers = [re.findall(r"page (\d+) of (\d+)", text) for text in texts]
        assert all(len(found) == 1 for found in numbers), numbers
        flat = [(int(n), int(m)) for ((n, m),) in numbers]
        # Each character counts its own pages from 1 to its last, every page numbered.
        runs: list[list[tuple[int, int]]] = []
        for number, count in flat:
            if number == 1:
                runs.append([])
            runs[-1].append((number, count))
        assert len(runs) == len(sheets)
        for run_ in runs:
            assert run_ == [(n, len(run_)) for n in range(1, len(run_) + 1)]
            if duplex is not None:  # two-sided: every character on whole sheets of paper
                assert len(run_) % 2 == 0


def test_two_sided_sheets_move_every_back_by_the_offset(
    tmp_path: Path, data_dir: Path, qapp: object
) -> None:
    import shutil

    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext is not installed")
    path = make_campaign(tmp_path / "s.gmdesk", data_dir)
    with Campaign.open(path, data_dir=data_dir, read_only=True) as opened:
        sheets = gather_sheets(opened)
    places = {}
    for offset in ((0.0, 0.0), (1.5, -0.5)):
        out = tmp_path / f"{offset}.pdf"
        export_sheets_pdf(out, sheets, "A4", Duplex(offset))
        places[offset] = _footer_boxes(out)
    still, moved = places[(0.0, 0.0)], places[(1.5, -0.5)]
    assert len(still) == len(moved) >= 4
    for index, ((x0, y0), (x1, y1)) in enumerate(zip(still, moved, strict=True)):
        if index % 2:  # a back: moved by the offset
            assert (x1 - x0, y1 - y0) == pytest.approx((1.5, -0.5), abs=0.05)
        else:  # a front: where it was
            assert (x1 - x0, y1 - y0) == pytest.approx((0, 0), abs=0.05)


def _footer_boxes(pdf: Path) -> list[tuple[float, float]]:
    """Where each page's "page N of M" starts, in mm (pdftotext's bounding boxes)."""
    done = subprocess.run(
        ["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True
    )
    found = []
    for page in done.stdout.split("<page ")[1:]:
        match = re.search(r'<word xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>page</word>', page)
        assert match is not None
        found.append((float(match.group(1)) / MM_TO_PT, float(match.group(2)) / MM_TO_PT))
    return found


@pytest.mark.parametrize(("typed", "offset"), [("-1.5,0.5", (-1.5, 0.5)), ("-2,-1", (-2.0, -1.0))])
def test_a_back_offset_that_starts_left_is_read_as_typed(
    typed: str, offset: tuple[float, float]
) -> None:
    """The alignment test reads as often left as right: `--back-offset -1.5,0.5` is an
    offset, not an unknown option ("expected one argument")."""
    from desktop.app import parse_args

    args = parse_args(["--print-alignment", "align.pdf", "--back-offset", typed])
    assert args.back_offset == offset
