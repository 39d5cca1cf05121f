"""The journal from the command line (issue 31): `--export-journal FOLDER [--players]`
and `--print-journal OUT.pdf`, each a real run of `python -m desktop`. A bad argument is
refused as the print commands refuse one: exit status 2 (1 for a campaign that cannot
be read, as for every print), a plain message, nothing written."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from pypdf import PdfReader

from desktop.store import Campaign
from tests.test_outputs_cli import assert_refused, run
from tests.views.journal_game import PRIVATE, SHARED, play_short_game


@pytest.fixture
def played(tmp_path: Path, gm_desk_home: Path) -> Path:
    path = tmp_path / "c.gmdesk"
    with Campaign.create(path, data_dir=gm_desk_home / "data") as made:
        play_short_game(made)
    return path


def front_matter(text: str) -> dict[str, object]:
    lines = text.split("\n")
    end = lines.index("---", 1)
    return {k: json.loads(v) for k, _, v in (line.partition(": ") for line in lines[1:end])}


def test_the_journal_is_exported_one_file_per_game(
    played: Path, gm_desk_home: Path, tmp_path: Path
) -> None:
    folder = tmp_path / "vault" / "Journal"
    done = run(gm_desk_home, "--campaign", str(played), "--export-journal", str(folder))
    assert done.returncode == 0, done.stderr
    assert "journal of 1 game " in done.stdout
    (page,) = folder.iterdir()
    assert page.name == "Game 001 · 2026-03-14.md"
    text = page.read_text(encoding="utf-8")
    assert front_matter(text)["players"] is False and PRIVATE in text

    safe = tmp_path / "players"
    done = run(gm_desk_home, "--campaign", str(played), "--export-journal", str(safe), "--players")
    assert done.returncode == 0, done.stderr
    (page,) = safe.iterdir()
    text = page.read_text(encoding="utf-8")
    assert front_matter(text)["players"] is True
    assert PRIVATE not in text and "7919" not in text and SHARED in text


def test_a_file_given_for_the_folder_is_refused(
    played: Path, gm_desk_home: Path, tmp_path: Path
) -> None:
    notes = tmp_path / "notes.md"
    notes.write_text("My notes", encoding="utf-8")
    for folder in (notes, notes / "inside"):
        done = run(gm_desk_home, "--campaign", str(played), "--export-journal", str(folder))
        assert_refused(done, "--export-journal", "“notes.md” is a file")
    assert notes.read_text(encoding="utf-8") == "My notes"


@pytest.mark.skipif(not hasattr(os, "geteuid"), reason="POSIX permissions")
def test_a_folder_gm_desk_may_not_write_in_is_refused(
    played: Path, gm_desk_home: Path, tmp_path: Path
) -> None:
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o500)
    # An administrator may write anywhere a mode forbids; /sys takes no files even then.
    folder = locked / "journal" if os.geteuid() != 0 else Path("/sys/gm-desk-journal")
    if os.geteuid() == 0 and not Path("/sys").is_dir():
        pytest.skip("no /sys to try as an administrator")
    done = run(gm_desk_home, "--campaign", str(played), "--export-journal", str(folder))
    assert_refused(done, "--export-journal", "may not write in the folder")
    assert not folder.exists() and list(locked.iterdir()) == []


def test_a_campaign_that_is_not_one_writes_nothing(gm_desk_home: Path, tmp_path: Path) -> None:
    notes = tmp_path / "notes.gmdesk"
    notes.write_text("not a campaign", encoding="utf-8")
    folder = tmp_path / "journal"
    done = run(gm_desk_home, "--campaign", str(notes), "--export-journal", str(folder))
    assert done.returncode == 1, done.stderr
    assert done.stderr.startswith("gm-desk: ") and "Traceback" not in done.stderr
    assert "“notes.gmdesk” is not a GM Desk campaign" in done.stderr
    assert not folder.exists()
    assert notes.read_text(encoding="utf-8") == "not a campaign"


def test_anothers_file_in_the_folder_stops_the_whole_export(
    played: Path, gm_desk_home: Path, tmp_path: Path
) -> None:
    folder = tmp_path / "vault"
    folder.mkdir()
    mine = folder / "Game 001 · 2026-03-14.md"
    mine.write_text("The GM's own page", encoding="utf-8")
    done = run(gm_desk_home, "--campaign", str(played), "--export-journal", str(folder))
    assert done.returncode == 1 and "is not a journal page GM Desk wrote" in done.stderr
    assert [p.name for p in folder.iterdir()] == [mine.name]
    assert mine.read_text(encoding="utf-8") == "The GM's own page"


@pytest.mark.parametrize(
    ("arguments", "said"),
    [
        (["--players"], "--players works with --print-journal or --export-journal"),
        (["--from", "2026-03-01"], "--from works with"),
        (
            ["--export-journal", "J", "--from", "2026-03-20", "--to", "2026-03-01"],
            "--from 2026-03-20 is after --to 2026-03-01",
        ),
    ],
)
def test_options_out_of_place_are_refused(
    played: Path, gm_desk_home: Path, tmp_path: Path, arguments: list[str], said: str
) -> None:
    arguments = [str(tmp_path / "J") if a == "J" else a for a in arguments]
    done = run(gm_desk_home, "--campaign", str(played), *arguments)
    assert_refused(done, said)
    assert not (tmp_path / "J").exists()


def test_a_date_that_is_not_one_is_refused(
    played: Path, gm_desk_home: Path, tmp_path: Path
) -> None:
    out = tmp_path / "j.pdf"
    done = run(
        gm_desk_home, "--campaign", str(played), "--print-journal", str(out), "--from", "March"
    )
    assert done.returncode == 2 and "'March' is not a date such as 2026-03-14" in done.stderr
    assert not out.exists()


def test_the_journal_prints_for_a_date_range(
    played: Path, gm_desk_home: Path, tmp_path: Path
) -> None:
    out = tmp_path / "journal.pdf"
    base = ["--campaign", str(played), "--print-journal", str(out)]
    done = run(gm_desk_home, *base, "--from", "2026-03-14", "--to", "2026-03-14")
    assert done.returncode == 0, done.stderr
    text = " ".join(" ".join(page.extract_text().split()) for page in PdfReader(out).pages)
    assert "The docks at night" in text and "page 1 of 1" in text
    out.unlink()
    done = run(gm_desk_home, *base, "--from", "2026-04-01")
    assert done.returncode == 1 and "no game to print for the dates given" in done.stderr
    assert not out.exists()


def test_the_paper_in_the_print_language_the_markdown_in_the_command_lines(
    played: Path, gm_desk_home: Path, tmp_path: Path
) -> None:
    """`--print-journal` prints in the campaign's print language; `--export-journal`, a
    window's export, writes in the command line's (`--window-language`)."""
    from desktop.language import translator

    with Campaign.open(played, data_dir=gm_desk_home / "data") as opened:
        opened.set_print_language("de")
    out, folder = tmp_path / "journal.pdf", tmp_path / "vault"
    done = run(
        gm_desk_home,
        *("--campaign", str(played), "--window-language", "fr"),
        *("--print-journal", str(out), "--export-journal", str(folder)),
    )
    assert done.returncode == 0, done.stderr
    de, fr = translator("de"), translator("fr")
    text = " ".join(" ".join(page.extract_text().split()) for page in PdfReader(out).pages)
    assert de.gettext("Round {number}").format(number=2).casefold() in text.casefold()
    assert de.gettext("page {number} of {count}").format(number=1, count=1) in text
    (page,) = folder.iterdir()
    stem = fr.gettext("Game {number} · {date}").format(number="001", date="2026-03-14")
    assert page.name == f"{stem}.md" != "Game 001 · 2026-03-14.md"
    markdown = page.read_text(encoding="utf-8")
    assert "### " + fr.gettext("Round {number}").format(number=2) in markdown
    assert front_matter(markdown)["players"] is False  # the keys stay English
