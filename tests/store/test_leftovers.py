"""Partial files of our own naming are removed once their writer is gone; nothing else."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from desktop.store import Campaign, leftovers
from desktop.store.backups import make_backup

HOUR = leftovers.ABANDONED_AFTER_S


def _gone_pid() -> int:
    """The pid of a process that has ended."""
    finished = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        capture_output=True,
        text=True,
        check=True,
    )
    return int(finished.stdout)


def _age(path: Path, seconds: float) -> None:
    moment = time.time() - seconds
    os.utime(path, (moment, moment), follow_symlinks=False)


def test_only_our_partials_of_gone_writers_are_removed(tmp_path: Path) -> None:
    folder = tmp_path / "campaigns"
    folder.mkdir()
    gone = _gone_pid()
    mine = os.getpid()
    names = {
        f".Ashes.{gone}-0123456789ab.partial": True,  # its writer is gone
        f".Ashes.{gone}-0123456789ab.partial-journal": True,
        f".Ashes.{gone}-0123456789ab.partial-wal": True,
        f".Ashes.{gone}.new": True,  # a new campaign that was being built
        f".Ashes.{mine}-0123456789ab.partial": False,  # still being written, here
        ".Ashes.0123456789ab.partial": False,  # an old name without pid, recent
        "Ashes.gmdesk": False,
        "Ashes.json.partial": False,  # not hidden: not ours
        ".Ashes.partial": False,
        f".Ashes.{gone}-XYZ.partial": False,
        "notes.txt": False,
    }
    for name in names:
        (folder / name).write_bytes(b"x")
    removed = leftovers.remove_leftovers(folder)
    assert sorted(p.name for p in removed) == sorted(n for n, gone_ in names.items() if gone_)
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        n for n, gone_ in names.items() if not gone_
    )


def test_an_hour_untouched_is_abandoned_whatever_the_pid(tmp_path: Path) -> None:
    own = tmp_path / f".Ashes.{os.getpid()}-0123456789ab.partial"
    old_name = tmp_path / ".Ashes.0123456789ab.partial"
    for path in (own, old_name):
        path.write_bytes(b"x")
        _age(path, HOUR + 60)
    assert sorted(leftovers.remove_leftovers(tmp_path)) == sorted([own, old_name])


def test_a_link_or_folder_so_named_stays(tmp_path: Path) -> None:
    gone = _gone_pid()
    target = tmp_path / "precious.gmdesk"
    target.write_bytes(b"x")
    link = tmp_path / f".Ashes.{gone}-0123456789ab.partial"
    link.symlink_to(target)
    folder = tmp_path / f".Ashes.{gone}-ba9876543210.partial"
    folder.mkdir()
    assert leftovers.remove_leftovers(tmp_path) == []
    assert target.exists() and link.is_symlink() and folder.is_dir()


def test_a_missing_folder_removes_nothing(tmp_path: Path) -> None:
    assert leftovers.remove_leftovers(tmp_path / "never") == []
    assert leftovers.remove_backup_leftovers(tmp_path / "never") == []


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")
def test_a_writer_killed_mid_backup_leaves_files_removed_at_the_next_start(
    tmp_path: Path,
) -> None:
    data_dir = tmp_path / "data"
    folder = data_dir / "backups" / "Ashes-01234567"
    folder.mkdir(parents=True)
    # The writer makes its partial file, says so, and keeps writing until killed.
    code = (
        "import sys, time\n"
        "from pathlib import Path\n"
        "from desktop.store import leftovers\n"
        "path = leftovers.partial_path(Path(sys.argv[1]), 'Ashes')\n"
        "with open(path, 'wb') as out:\n"
        "    print('writing', flush=True)\n"
        "    while True:\n"
        "        out.write(b'x' * 4096)\n"
        "        time.sleep(0.01)\n"
    )
    writer = subprocess.Popen(
        [sys.executable, "-c", code, str(folder)], stdout=subprocess.PIPE, text=True
    )
    try:
        assert writer.stdout is not None and writer.stdout.readline() == "writing\n"
        assert leftovers.remove_backup_leftovers(data_dir) == []  # alive: kept
        assert len(list(folder.iterdir())) == 1
    finally:
        writer.send_signal(signal.SIGKILL)
        writer.wait()
    removed = leftovers.remove_backup_leftovers(data_dir)
    assert len(removed) == 1
    assert list(folder.iterdir()) == []


def test_backups_write_partials_of_our_naming(tmp_path: Path) -> None:
    import sqlite3
    from contextlib import closing

    campaign = tmp_path / "Ashes.gmdesk"
    with closing(sqlite3.connect(campaign)) as db:
        db.execute("CREATE TABLE t (x)")
    seen: list[str] = []
    real = leftovers.partial_path

    def spy(folder: Path, stem: str) -> Path:
        made = real(folder, stem)
        seen.append(made.name)
        return made

    leftovers_partial = pytest.MonkeyPatch()
    leftovers_partial.setattr(leftovers, "partial_path", spy)
    try:
        make_backup(campaign, tmp_path / "backups")
    finally:
        leftovers_partial.undo()
    assert seen and all(leftovers.is_ours(name) for name in seen)
    assert f".{os.getpid()}-" in seen[0]


def test_a_repair_builds_its_copy_under_a_name_of_our_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A repair killed half way must leave only what the next open clears: it used to
    build `.<name>.<pid>.repair`, a name `remove_leftovers` does not know."""
    from desktop.store import checkup
    from tests.bad_files import whole_campaign

    (tmp_path / "made").mkdir()
    source = whole_campaign(tmp_path / "made")
    folder = source.parent
    before = set(os.listdir(folder))
    building: list[str] = []
    real = checkup._drop_unsound

    def spy(path: Path, report: checkup.RepairReport) -> None:
        building.extend(sorted(set(os.listdir(folder)) - before))
        real(path, report)

    monkeypatch.setattr(checkup, "_drop_unsound", spy)
    checkup.repair(source, folder / "Repaired.gmdesk")
    assert building and all(leftovers.is_ours(name) for name in building), building
    assert set(os.listdir(folder)) - before == {"Repaired.gmdesk"}


# -- only inside the folders GM Desk owns -------------------------------------------------------


def test_the_start_sweep_never_follows_a_symlinked_backup_folder(tmp_path: Path) -> None:
    gone = _gone_pid()
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    precious = outside / f".Notes.{gone}-0123456789ab.partial"
    precious.write_bytes(b"a file of the GM's, named like ours by chance")
    data_dir = tmp_path / "data"
    ours = data_dir / "backups" / "Ashes-01234567"
    ours.mkdir(parents=True)
    leftover = ours / f".Ashes.{gone}-0123456789ab.partial"
    leftover.write_bytes(b"x")
    (data_dir / "backups" / "Elsewhere-89abcdef").symlink_to(outside)
    (data_dir / "backups" / "Loop-00000000").symlink_to(data_dir / "backups" / "Loop-00000000")

    assert leftovers.remove_backup_leftovers(data_dir) == [leftover]
    assert precious.exists()


# -- one naming rule for every partial file --------------------------------------------------


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")
def test_a_partial_pdf_of_a_killed_print_is_swept(tmp_path: Path) -> None:
    folder = tmp_path / "prints"
    folder.mkdir()
    # A print that is drawing its PDF when it is killed.
    code = (
        "import sys, time\n"
        "from PySide6.QtGui import QGuiApplication, QPageSize, QPainter\n"
        "from desktop.printing.pdf_file import write_pdf\n"
        "app = QGuiApplication([])\n"
        "def paint(writer):\n"
        "    painter = QPainter(writer)\n"
        "    painter.drawText(100, 100, 'Kara')\n"
        "    writer.newPage()\n"
        "    print('painting', flush=True)\n"
        "    time.sleep(120)\n"
        "write_pdf(sys.argv[1], QPageSize.PageSizeId.A4, 'Cards', paint)\n"
    )
    printer = subprocess.Popen(
        [sys.executable, "-c", code, str(folder / "cards.pdf")],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    try:
        assert printer.stdout is not None and printer.stdout.readline() == "painting\n"
    finally:
        printer.send_signal(signal.SIGKILL)
        printer.wait()
    left = list(folder.iterdir())
    assert len(left) == 1 and left[0].name.startswith(".cards.pdf.")
    assert leftovers.remove_leftovers(folder) == left
    assert list(folder.iterdir()) == []


def test_partial_pdfs_named_by_older_versions_are_swept(tmp_path: Path) -> None:
    gone = _gone_pid()
    old_pdf = tmp_path / f".cards.pdf.{gone}-0123abcd.partial"
    old_pdf.write_bytes(b"%PDF-1.4 cut off")
    assert leftovers.remove_leftovers(tmp_path) == [old_pdf]


LONG = 240  # bytes in the target's name, with its suffix


@pytest.mark.parametrize("letter", ["x", "é", "龍"])  # 1, 2 and 3 bytes in UTF-8
def test_a_partial_name_fits_whatever_the_targets_length(letter: str) -> None:
    for length in range(1, 256):
        stem = letter * length
        name = leftovers.partial_path(Path("."), stem).name
        assert len(os.fsencode(name + "-journal")) <= 255, length
        assert leftovers.is_ours(name) and leftovers.is_ours(name + "-journal")
        assert name.startswith("." + stem[: min(length, 10)])


def test_a_partial_name_in_a_folder_deeper_than_sqlite_reaches_is_still_ours() -> None:
    deep = Path("/" + "/".join(["d" * 100] * 6))
    name = leftovers.partial_path(deep, "Ashes").name
    assert name.startswith(".A") and leftovers.is_ours(name)


def test_a_trust_record_cut_short_by_a_kill_is_swept_at_the_next_start(
    tmp_path: Path, data_dir: Path
) -> None:
    from desktop.partial_files import partial_name
    from desktop.store import trust

    campaign = tmp_path / "Ashes.gmdesk"
    Campaign.create(campaign, data_dir=data_dir).close()  # leaves its trust record
    records = data_dir / trust.FOLDER
    kept = set(os.listdir(records))
    assert kept
    # What a GM Desk killed between writing a record and renaming it leaves: the one
    # partial name, with the killed process's id in it.
    name = partial_name("0123456789abcdef.json").replace(f".{os.getpid()}-", f".{_gone_pid()}-")
    (records / name).write_text("{", encoding="utf-8")

    assert leftovers.remove_backup_leftovers(data_dir) == [records / name]
    assert set(os.listdir(records)) == kept
