"""A typo on the command line never writes an output over a campaign (issue 26, item 1).

Each case is a real run of `python -m desktop`: refused with exit status 2 and a plain
message, the campaign byte for byte as it was, nothing written.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from desktop.store import Campaign

PDF_OPTIONS = (
    "--print-cards",
    "--print-sheets",
    "--print-summary",
    "--print-alignment",
    "--print-journal",
)


def run(home: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "GM_DESK_HOME": str(home), "QT_QPA_PLATFORM": "offscreen"}
    command = [sys.executable, "-m", "desktop", *arguments]
    return subprocess.run(command, capture_output=True, text=True, env=env, cwd=home.parent)


@pytest.fixture
def campaign_file(tmp_path: Path, gm_desk_home: Path) -> Path:
    path = tmp_path / "c.gmdesk"
    with Campaign.create(path, data_dir=gm_desk_home / "data") as made:
        made.cards.add("Dagger", "skill", efficiency=12)
        made.roster.add("Kara Voss", "pc")
    return path


def assert_refused(done: subprocess.CompletedProcess[str], *said: str) -> None:
    assert done.returncode == 2, (done.returncode, done.stderr)
    assert "Traceback" not in done.stderr and "Errno" not in done.stderr
    assert done.stderr.startswith("gm-desk: ")
    for words in said:
        assert words in done.stderr, done.stderr


def test_the_campaign_typed_for_the_pdf_without_campaign_is_refused(
    campaign_file: Path, gm_desk_home: Path
) -> None:
    before = campaign_file.read_bytes()
    done = run(gm_desk_home, "--print-sheets", str(campaign_file))
    assert_refused(done, "“c.gmdesk” is a campaign", "will not write the PDF over it")
    assert campaign_file.read_bytes() == before


@pytest.mark.parametrize("option", PDF_OPTIONS)
def test_the_campaign_given_as_its_own_pdf_is_refused(
    campaign_file: Path, gm_desk_home: Path, option: str
) -> None:
    before = campaign_file.read_bytes()
    done = run(gm_desk_home, option, str(campaign_file), "--campaign", str(campaign_file))
    assert_refused(done, option, "“c.gmdesk” is the campaign itself")
    assert campaign_file.read_bytes() == before


def test_the_campaign_under_a_symlink_or_a_hard_link_is_refused(
    campaign_file: Path, gm_desk_home: Path, tmp_path: Path
) -> None:
    before = campaign_file.read_bytes()
    linked = tmp_path / "linked.pdf"
    linked.symlink_to(campaign_file)
    hard = tmp_path / "hard.pdf"
    os.link(campaign_file, hard)
    for target in (linked, hard):
        done = run(gm_desk_home, "--print-cards", str(target), "--campaign", str(campaign_file))
        assert_refused(done, f"“{target.name}” is the campaign itself")
    assert linked.is_symlink() and campaign_file.read_bytes() == before
    assert os.path.samefile(hard, campaign_file)


def test_a_backup_or_another_campaign_is_never_a_pdf(
    campaign_file: Path, gm_desk_home: Path, tmp_path: Path
) -> None:
    with Campaign.open(campaign_file, data_dir=gm_desk_home / "data") as opened:
        backup = opened.backup_now()
    other = tmp_path / "other.gmdesk"
    Campaign.create(other, data_dir=gm_desk_home / "data").close()
    kept = {path: path.read_bytes() for path in (backup, other)}
    for target in kept:
        done = run(gm_desk_home, "--print-summary", str(target), "--campaign", str(campaign_file))
        assert_refused(done, f"“{target.name}” is a campaign")
    assert {path: path.read_bytes() for path in kept} == kept


def test_a_file_gm_desk_did_not_write_as_a_pdf_is_kept(
    campaign_file: Path, gm_desk_home: Path, tmp_path: Path
) -> None:
    notes = tmp_path / "notes.pdf"
    notes.write_text("Session notes, not a PDF at all.\n", encoding="utf-8")
    done = run(gm_desk_home, "--print-cards", str(notes), "--campaign", str(campaign_file))
    assert_refused(done, "“notes.pdf” is not a PDF GM Desk wrote", "move that file away")
    assert notes.read_text(encoding="utf-8") == "Session notes, not a PDF at all.\n"


def test_a_pdf_is_replaced_by_the_next_print(
    campaign_file: Path, gm_desk_home: Path, tmp_path: Path
) -> None:
    out = tmp_path / "cards.pdf"
    out.write_bytes(b"%PDF-1.4\nan older print\n%%EOF\n")
    done = run(gm_desk_home, "--print-cards", str(out), "--campaign", str(campaign_file))
    assert done.returncode == 0, done.stderr
    assert out.read_bytes().startswith(b"%PDF-") and b"older print" not in out.read_bytes()


def test_a_screenshot_over_the_campaign_is_refused(campaign_file: Path, gm_desk_home: Path) -> None:
    before = campaign_file.read_bytes()
    done = run(gm_desk_home, "--smoke-test", "--screenshot", str(campaign_file), str(campaign_file))
    assert_refused(done, "--screenshot", "will not write the screenshot over it")
    assert campaign_file.read_bytes() == before


def test_two_outputs_naming_one_file_are_refused(
    campaign_file: Path, gm_desk_home: Path, tmp_path: Path
) -> None:
    out = tmp_path / "both.pdf"
    done = run(
        gm_desk_home,
        "--print-sheets",
        str(out),
        "--print-summary",
        str(tmp_path / "." / "both.pdf"),
        "--campaign",
        str(campaign_file),
    )
    assert_refused(done, "--print-sheets and --print-summary name the same file")
    assert not out.exists()


def test_card_without_print_cards_is_refused(
    campaign_file: Path, gm_desk_home: Path, tmp_path: Path
) -> None:
    out = tmp_path / "sheets.pdf"
    done = run(
        gm_desk_home,
        "--card",
        "Dagger",
        "--print-sheets",
        str(out),
        "--campaign",
        str(campaign_file),
    )
    assert_refused(done, "--card works with --print-cards")
    assert not out.exists()


def test_a_campaign_name_with_bytes_that_are_not_text_stops_a_smoke_test_plainly(
    gm_desk_home: Path, tmp_path: Path
) -> None:
    done = run(gm_desk_home, "--smoke-test", os.fsdecode(bytes(tmp_path) + b"/odd\xff.gmdesk"))
    assert_refused(done, "odd\N{REPLACEMENT CHARACTER}.gmdesk", "not text")


@pytest.mark.parametrize("where", ["output", "campaign"])
def test_a_name_with_bytes_that_are_not_text_is_refused_plainly(
    campaign_file: Path, gm_desk_home: Path, tmp_path: Path, where: str
) -> None:
    odd = os.fsdecode(bytes(tmp_path) + b"/odd\xff.pdf")
    out, campaign = (
        (odd, str(campaign_file))
        if where == "output"
        else (
            str(tmp_path / "cards.pdf"),
            os.fsdecode(bytes(tmp_path) + b"/odd\xff.gmdesk"),
        )
    )
    done = run(gm_desk_home, "--print-cards", out, "--campaign", campaign)
    assert_refused(done, "odd\N{REPLACEMENT CHARACTER}.", "not text")
    assert "\\udc" not in done.stderr and "codec" not in done.stderr
    assert sorted(path.name for path in tmp_path.iterdir()) == ["c.gmdesk", "home"]
