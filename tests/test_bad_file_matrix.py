"""Every kind of bad campaign file, through every entry point: refused plainly, untouched.

The entry points are those a GM uses: opening (`--smoke-test --campaign F`, the same
path the window's File > Open takes), `--print-cards` and `--print-sheets`. They run
in-process through `desktop.app.main` for speed; a few run as real subprocesses too,
so that a hang or a traceback printed by Python itself would show.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from desktop import app
from tests.bad_files import REFUSED, whole_campaign

# The window's entry point needs a QApplication; one made first by a print run in this
# process would be a bare QGuiApplication, which the window cannot use.
pytestmark = pytest.mark.usefixtures("qapp")

ENTRY_POINTS: dict[str, list[str]] = {
    "open": ["--smoke-test"],
    "print cards": ["--print-cards", "OUT"],
    "print sheets": ["--print-sheets", "OUT"],
}
SUBPROCESS_KINDS = ("fifo", "cut in half", "die kind bogus", "banana revision", "folder")


@pytest.fixture(scope="module")
def base_bytes(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    folder = tmp_path_factory.mktemp("base")
    return whole_campaign(folder).read_bytes()


def _state(folder: Path) -> dict[str, object]:
    """Everything in `folder` as it is: names, kinds, bytes and link targets."""
    found: dict[str, object] = {}
    for entry in sorted(folder.iterdir()):
        mode = os.lstat(entry).st_mode
        if stat.S_ISLNK(mode):
            found[entry.name] = ("link", os.readlink(entry))
        elif stat.S_ISREG(mode):
            found[entry.name] = ("file", entry.read_bytes())
        elif stat.S_ISDIR(mode):
            found[entry.name] = ("folder", _state(entry))
        else:
            found[entry.name] = ("special", stat.S_IFMT(mode))
    return found


def _arguments(entry: str, path: Path, out: Path) -> list[str]:
    return [str(out) if word == "OUT" else word for word in ENTRY_POINTS[entry]] + [
        "--campaign",
        str(path),
    ]


@pytest.mark.parametrize("entry", ENTRY_POINTS)
@pytest.mark.parametrize("kind", REFUSED)
def test_refused_plainly_and_untouched(
    kind: str,
    entry: str,
    base_bytes: bytes,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Unicode in every path: each kind is refused from such a folder too.
    folder = tmp_path / "Kampagnen ✦ Ærø 東京"
    folder.mkdir()
    path = folder / "suspect — Straße.gmdesk"
    REFUSED[kind](path, base_bytes)
    out = tmp_path / "out.pdf"
    before = _state(folder)

    code = app.main(_arguments(entry, path, out))

    captured = capsys.readouterr()
    assert code != 0, captured.out
    assert captured.err.startswith("gm-desk: "), captured.err
    assert "Traceback" not in captured.err
    assert "https://" not in captured.err
    assert _state(folder) == before  # no lock, -wal or -shm left; every byte as it was
    assert not out.exists()


@pytest.mark.slow  # over ~3 s (pytest --durations)
@pytest.mark.skipif(sys.platform == "win32", reason="FIFOs are POSIX")
@pytest.mark.parametrize("kind", SUBPROCESS_KINDS)
def test_refused_by_the_real_program(kind: str, base_bytes: bytes, tmp_path: Path) -> None:
    folder = tmp_path / "campaigns"
    folder.mkdir()
    path = folder / "suspect.gmdesk"
    REFUSED[kind](path, base_bytes)
    before = _state(folder)
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "GM_DESK_HOME": str(tmp_path / "home")}
    for entry in ENTRY_POINTS:
        done = subprocess.run(
            [sys.executable, "-m", "desktop", *_arguments(entry, path, tmp_path / "o.pdf")],
            capture_output=True,
            text=True,
            timeout=120,  # a hang fails here instead of blocking the suite
            env=env,
        )
        assert done.returncode == 1, (entry, done.stderr)
        assert "Traceback" not in done.stderr
        assert "gm-desk: " in done.stderr
        assert _state(folder) == before


def test_the_kinds_are_many_and_distinct() -> None:
    assert len(REFUSED) >= 70


# -- files that are not bad, in places that are ------------------------------------------------


def _placed(base_bytes: bytes, folder: Path, name: str) -> Path:
    """The good campaign's bytes as the file `name` in a new `folder`."""
    folder.mkdir()
    path = folder / name
    path.write_bytes(base_bytes)
    return path


def _opens_and_prints(path: Path, out: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The app opens the campaign and prints its cards and sheets (into `out`)."""
    assert app.main(["--smoke-test", "--campaign", str(path)]) == 0
    assert app.main(["--print-cards", str(out / "c.pdf"), "--campaign", str(path)]) == 0
    assert app.main(["--print-sheets", str(out / "s.pdf"), "--campaign", str(path)]) == 0
    capsys.readouterr()


def test_a_unicode_path_opens_and_prints(
    base_bytes: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _placed(
        base_bytes, tmp_path / "Kampagnen ✦ Ærø 東京", "Dämonen & Drachen — 第一章.gmdesk"
    )
    _opens_and_prints(path, tmp_path, capsys)
    assert _integrity(path) == "ok"


def test_a_read_only_file_opens_read_only_and_prints(
    base_bytes: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _placed(base_bytes, tmp_path / "campaigns", "archived.gmdesk")
    path.chmod(0o444)
    before = _state(path.parent)
    _opens_and_prints(path, tmp_path, capsys)
    assert _state(path.parent) == before  # read-only: no lock, no -wal, not a byte written


def test_an_orphaned_wal_is_never_adopted_by_a_new_campaign(
    base_bytes: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "x.gmdesk"
    REFUSED["orphaned -wal only"](path, base_bytes)
    wal = path.with_name("x.gmdesk-wal").read_bytes()
    assert app.main(["--smoke-test", "--campaign", str(path)]) == 1
    message = capsys.readouterr().err
    assert "x.gmdesk-wal" in message and "Nothing was changed" in message
    assert not path.exists()
    assert path.with_name("x.gmdesk-wal").read_bytes() == wal


def _integrity(path: Path) -> str:
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as connection:
        result = connection.execute("PRAGMA integrity_check").fetchone()[0]
    connection.close()
    return str(result)


def test_the_base_campaign_is_sound_and_complete(base_bytes: bytes, tmp_path: Path) -> None:
    path = tmp_path / "whole.gmdesk"
    path.write_bytes(base_bytes)
    assert _integrity(path) == "ok"
    with sqlite3.connect(path) as connection:
        for table in ("die", "card_image", "downtime_entry", "energy_day", "claim_path"):
            assert connection.execute(f"SELECT count(*) FROM {table}").fetchone()[0] > 0
    connection.close()
    shutil.rmtree(tmp_path / "data", ignore_errors=True)


def test_damage_met_only_while_reading_is_reported_plainly(
    base_bytes: bytes,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from desktop.store.cards import CardManager
    from desktop.store.roster import RosterManager

    path = tmp_path / "subtle.gmdesk"
    path.write_bytes(base_bytes)

    def broken(self: object, *args: object) -> list[object]:
        raise sqlite3.DatabaseError("database disk image is malformed")

    monkeypatch.setattr(RosterManager, "all", broken)
    monkeypatch.setattr(CardManager, "all", broken)
    for entry in ENTRY_POINTS:
        assert app.main(_arguments(entry, path, tmp_path / "o.pdf")) == 1
        err = capsys.readouterr().err
        assert err.startswith("gm-desk: “subtle.gmdesk” is damaged"), err
        assert "Check Campaign" in err
    assert not (tmp_path / "subtle.gmdesk.lock").exists()
