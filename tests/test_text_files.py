"""Text files into a folder, all or none (the journal's Markdown export, issue 31): names
safe on every system, a file GM Desk did not write never replaced, a failure or a
cancel half-way leaving the folder as it was."""

from __future__ import annotations

import errno
import os
import re
from pathlib import Path

import pytest

from desktop import outputs
from desktop.text_files import folder_refusal, safe_file_name, write_all

OURS = '---\ngenerator: "GM Desk journal"\n---\n'


@pytest.fixture
def out(tmp_path: Path) -> Path:
    """A folder of its own (tmp_path holds the test's GM Desk home too)."""
    folder = tmp_path / "out"
    folder.mkdir()
    return folder


@pytest.mark.parametrize(
    ("stem", "expected"),
    [
        ("Game 001 · 2026-03-14", "Game 001 · 2026-03-14.md"),
        ('a/b\\c:d*e?f"g<h>i|j', "a b c d e f g h i j.md"),
        ("CON", "_CON.md"),
        ("nul.txt", "_nul.txt.md"),
        ("  . trailing dots .. ", "trailing dots.md"),
        ("...", "Untitled.md"),
        ("line\nbreak\ttab", "line break tab.md"),
    ],
)
def test_a_name_is_made_safe_everywhere(stem: str, expected: str) -> None:
    assert safe_file_name(stem, ".md") == expected


def test_a_long_name_is_cut_to_fit_by_characters() -> None:
    name = safe_file_name("é" * 300, ".md", room=100)
    assert len(os.fsencode(name)) <= 100 and name.endswith(".md")
    assert set(name[:-3]) == {"é"}


def test_files_are_written_and_names_differing_in_case_kept_apart(tmp_path: Path) -> None:
    folder = tmp_path / "new" / "vault"
    written = write_all(
        folder, [("Game", OURS + "a"), ("GAME", OURS + "b")], outputs.JOURNAL_MARKDOWN
    )
    assert [path.name for path in written] == ["Game.md", "GAME (2).md"]
    assert [path.read_text(encoding="utf-8") for path in written] == [OURS + "a", OURS + "b"]
    assert sorted(p.name for p in folder.iterdir()) == ["GAME (2).md", "Game.md"]


def test_its_own_files_are_replaced_and_anothers_never(out: Path) -> None:
    (out / "Game 1.md").write_text(OURS + "old", encoding="utf-8")
    write_all(out, [("Game 1", OURS + "new")], outputs.JOURNAL_MARKDOWN)
    assert (out / "Game 1.md").read_text(encoding="utf-8") == OURS + "new"

    (out / "Game 3.md").write_text("My own notes on game 3", encoding="utf-8")
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    files = [("Game 2", OURS), ("Game 3", OURS)]
    with pytest.raises(OSError, match=re.escape("“Game 3.md” is not a journal page GM Desk wrote")):
        write_all(out, files, outputs.JOURNAL_MARKDOWN)
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before  # not even Game 2


def test_a_full_disk_half_way_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "made"
    real_fsync = os.fsync
    calls = []

    def fsync(handle: int) -> None:
        calls.append(handle)
        if len(calls) == 2:
            raise OSError(errno.ENOSPC, "No space left on device")
        real_fsync(handle)

    monkeypatch.setattr(os, "fsync", fsync)
    with pytest.raises(OSError, match=re.escape("the disk is full. Nothing was written")) as raised:
        write_all(folder, [("A", OURS), ("B", OURS), ("C", OURS)], outputs.JOURNAL_MARKDOWN)
    assert ".partial" not in str(raised.value) and "Errno" not in str(raised.value)
    assert not folder.exists()  # the folder it made is taken away again


def test_a_cancel_writes_nothing(out: Path) -> None:
    files = [("A", OURS), ("B", OURS)]
    written = write_all(out, files, outputs.JOURNAL_MARKDOWN, going_on=lambda n: n < 2)
    assert written == [] and list(out.iterdir()) == []


def test_a_folder_that_cannot_be_one_is_refused(out: Path) -> None:
    a_file = out / "notes.txt"
    a_file.write_text("x", encoding="utf-8")
    assert "“notes.txt” is a file, not a folder" in (folder_refusal(a_file) or "")
    assert "“notes.txt” is a file" in (folder_refusal(a_file / "inside") or "")
    assert folder_refusal(out / "missing" / "deeper") is None
    assert list(out.iterdir()) == [a_file]  # asking made nothing


@pytest.mark.skipif(not hasattr(os, "geteuid"), reason="POSIX permissions")
def test_a_folder_no_one_may_write_in_is_refused(tmp_path: Path) -> None:
    # An administrator may write anywhere a mode forbids; /sys takes no files even then.
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o500)
    target = locked if os.geteuid() != 0 else Path("/sys/gm-desk-journal")
    if os.geteuid() == 0 and not Path("/sys").is_dir():
        pytest.skip("no /sys to try as an administrator")
    assert "may not write in the folder" in (folder_refusal(target) or "")
