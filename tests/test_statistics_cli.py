"""The roll statistics from the command line (issue 33): `--export-statistics OUT.csv`
and `--print-statistics OUT.pdf`, with the journal's `--from` and `--to`, each a real run
of `python -m desktop`. A bad argument is refused as the journal's are: exit status 2, a
plain message, nothing written."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from pypdf import PdfReader

from desktop.store import Campaign
from desktop.views.statistics_csv import CSV_HEADER
from tests.small_disks import small_disk
from tests.test_outputs_cli import assert_refused, run
from tests.views.luck_campaign import FORMULA, HOSTILE, play_luck


@pytest.fixture
def played(tmp_path: Path, gm_desk_home: Path) -> Path:
    path = tmp_path / "c.gmdesk"
    with Campaign.create(path, data_dir=gm_desk_home / "data") as made:
        made.rename("The Saltmarsh Ledger")
        play_luck(made, rolls=30, names=(HOSTILE, FORMULA))
    return path


def _rows(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.reader(handle))
    assert rows[0] == list(CSV_HEADER)
    return [dict(zip(CSV_HEADER, row, strict=True)) for row in rows[1:]]


def test_the_statistics_are_exported_and_printed(
    played: Path, gm_desk_home: Path, tmp_path: Path
) -> None:
    out_csv, out_pdf = tmp_path / "luck.csv", tmp_path / "luck.pdf"
    done = run(
        gm_desk_home, "--campaign", str(played), "--export-statistics", str(out_csv),
        "--print-statistics", str(out_pdf), "--paper", "Letter",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert f"Wrote the statistics of 31 rolls as CSV to {out_csv}" in done.stdout
    assert f"Wrote the statistics of 31 rolls on 2 pages to {out_pdf}" in done.stdout
    rows = _rows(out_csv)
    rollers = [row["name"] for row in rows if row["row"] == "roller"]
    assert rollers[-1] == "Everyone" and f"'{FORMULA}" in rollers
    assert sum(row["row"] == "roll" for row in rows) == 31
    everyone = rows[len(rollers) - 1]
    reader = PdfReader(out_pdf)
    assert len(reader.pages) == 2 and float(reader.pages[0].mediabox.width) == 612.0
    text = " ".join((reader.pages[0].extract_text() or "").split())
    assert everyone["sentence"] in text and "The whole campaign" in text


def test_from_and_to_keep_the_rolls_of_those_dates(
    played: Path, gm_desk_home: Path, tmp_path: Path
) -> None:
    out_csv, out_pdf = tmp_path / "luck.csv", tmp_path / "luck.pdf"
    done = run(
        gm_desk_home, "--campaign", str(played), "--export-statistics", str(out_csv),
        "--print-statistics", str(out_pdf), "--from", "2026-03-15", "--to", "2026-03-15",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "statistics of 10 rolls" in done.stdout
    assert sum(row["row"] == "roll" for row in _rows(out_csv)) == 10
    text = " ".join((PdfReader(out_pdf).pages[0].extract_text() or "").split())
    assert "Rolls of 2026-03-15" in text


def test_an_empty_campaign_gives_a_header_and_a_page_saying_so(
    gm_desk_home: Path, tmp_path: Path
) -> None:
    path = tmp_path / "empty.gmdesk"
    Campaign.create(path, data_dir=gm_desk_home / "data").close()
    out_csv, out_pdf = tmp_path / "e.csv", tmp_path / "e.pdf"
    done = run(
        gm_desk_home, "--campaign", str(path),
        "--export-statistics", str(out_csv), "--print-statistics", str(out_pdf),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert out_csv.read_bytes() == (",".join(CSV_HEADER) + "\r\n").encode()
    (page,) = PdfReader(out_pdf).pages
    assert "There are no rolls to judge here" in " ".join((page.extract_text() or "").split())


@pytest.mark.parametrize(
    ("arguments", "said"),
    [
        (["--from", "2026-03-01"], "--from works with --print-journal, --export-journal, "),
        (["--to", "2026-03-01"], "or --export-statistics"),
        (["--players", "--export-statistics", "OUT"], "--players works with --print-journal"),
        (
            ["--export-statistics", "OUT", "--from", "2026-03-20", "--to", "2026-03-01"],
            "--from 2026-03-20 is after --to 2026-03-01",
        ),
        (["--export-statistics", "MISSING/luck.csv"], "--export-statistics: the folder"),
        (["--print-statistics", "MISSING/luck.pdf"], "does not exist"),
        (["--export-statistics", "OUT", "--print-statistics", "OUT"], "name the same file"),
    ],
)
def test_bad_arguments_are_refused_and_write_nothing(
    played: Path, gm_desk_home: Path, tmp_path: Path, arguments: list[str], said: str
) -> None:
    names = {"OUT": str(tmp_path / "out"), "MISSING/luck.csv": str(tmp_path / "no" / "l.csv")}
    names["MISSING/luck.pdf"] = str(tmp_path / "no" / "l.pdf")
    before = sorted(tmp_path.iterdir())
    done = run(gm_desk_home, "--campaign", str(played), *(names.get(a, a) for a in arguments))
    assert_refused(done, said)
    assert sorted(tmp_path.iterdir()) == before


def test_the_campaign_or_anothers_file_is_never_written_over(
    played: Path, gm_desk_home: Path, tmp_path: Path
) -> None:
    before = played.read_bytes()
    done = run(gm_desk_home, "--campaign", str(played), "--export-statistics", str(played))
    assert_refused(done, "--export-statistics", "“c.gmdesk” is the campaign itself")
    sheet = tmp_path / "budget.csv"
    sheet.write_text("month,spent\nMarch,12\n", encoding="utf-8")
    done = run(gm_desk_home, "--campaign", str(played), "--export-statistics", str(sheet))
    assert_refused(done, "“budget.csv” is not a statistics CSV GM Desk wrote")
    assert played.read_bytes() == before
    assert sheet.read_text(encoding="utf-8") == "month,spent\nMarch,12\n"


def test_a_read_only_folder_is_refused_plainly_with_nothing_written(
    played: Path, gm_desk_home: Path, tmp_path: Path
) -> None:
    with small_disk(tmp_path / "ro", "64k", read_only=True) as disk:
        for option, name in (("--export-statistics", "l.csv"), ("--print-statistics", "l.pdf")):
            done = run(gm_desk_home, "--campaign", str(played), option, str(disk / name))
            assert_refused(done, option, "may not write in the folder “ro”")
            assert list(disk.iterdir()) == []
