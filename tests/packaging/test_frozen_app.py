"""The built executable (dist/gm-desk), started as a user would start it.

Runs when GM_DESK_TEST_PACKAGE=1 (then a missing build fails), or when a build exists
that is newer than the sources it was made from; otherwise skipped, so that a plain
`make test` stays fast and never tests a stale build. `.ci/run` runs these after
`make package`.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist" / "gm-desk"
EXECUTABLE = DIST / ("gm-desk.exe" if sys.platform == "win32" else "gm-desk")
PLUGIN_FAILURES = re.compile(
    r"could not (load|find) the qt platform plugin|no qt platform plugin could be initiali[sz]ed"
    r"|cannot load library|failed to load (platform )?plugin|qt\.qpa\.plugin",
    re.IGNORECASE,
)


def _bundle() -> ModuleType:
    from tests.packaging.conftest import load_packaging_module

    return load_packaging_module("gm_desk_bundle")


def _why_skip() -> str | None:
    if os.environ.get("GM_DESK_TEST_PACKAGE") == "1":
        return None
    if not EXECUTABLE.exists():
        return "no dist/gm-desk: run `make package`, or set GM_DESK_TEST_PACKAGE=1"
    if not _bundle().build_is_fresh(DIST):
        return "dist/gm-desk is older than the sources: run `make package` again"
    return None


pytestmark = pytest.mark.skipif(_why_skip() is not None, reason=str(_why_skip()))


@dataclass
class Places:
    """A user's world in temporary folders: nothing a run does can reach the real one."""

    root: Path
    gm_home: Path  # GM_DESK_HOME: the user's data and settings
    campaigns: Path  # where the GM keeps campaign files
    home: Path  # HOME and the XDG folders
    tmp: Path  # TMPDIR
    cwd: Path  # the working folder the app is started from

    def env(self) -> dict[str, str]:
        env = {
            key: value
            for key, value in os.environ.items()
            if not key.startswith(("XDG_", "QT_", "GM_DESK_"))
        }
        env.update(
            GM_DESK_HOME=str(self.gm_home),
            HOME=str(self.home),
            TMPDIR=str(self.tmp),
            XDG_CONFIG_HOME=str(self.home / ".config"),
            XDG_CACHE_HOME=str(self.home / ".cache"),
            XDG_DATA_HOME=str(self.home / ".local" / "share"),
            XDG_STATE_HOME=str(self.home / ".local" / "state"),
            QT_QPA_PLATFORM="offscreen",
            QT_DEBUG_PLUGINS="1",
        )
        return env


@pytest.fixture
def places(tmp_path: Path) -> Places:
    made = Places(
        root=tmp_path,
        gm_home=tmp_path / "gm-home",
        campaigns=tmp_path / "campaigns",
        home=tmp_path / "user-home",
        tmp=tmp_path / "tmp",
        cwd=tmp_path / "cwd",
    )
    for folder in (made.gm_home, made.campaigns, made.home, made.tmp, made.cwd):
        folder.mkdir()
    return made


def start(places: Places, *args: str, wrapper: list[str] | None = None):  # type: ignore[no-untyped-def]
    if not EXECUTABLE.exists():
        pytest.fail("GM_DESK_TEST_PACKAGE=1 but dist/gm-desk is missing: run `make package`")
    return subprocess.run(
        [*(wrapper or []), str(EXECUTABLE), *args],
        capture_output=True,
        text=True,
        env=places.env(),
        cwd=places.cwd,
        timeout=180,
        check=False,
    )


def report_of(result: subprocess.CompletedProcess[str]) -> dict[str, object]:
    assert result.returncode == 0, result.stderr[-4000:]
    assert "Traceback" not in result.stderr, result.stderr[-4000:]
    failures = [line for line in result.stderr.splitlines() if PLUGIN_FAILURES.search(line)]
    assert not failures, failures
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_the_build_is_complete(bundle: ModuleType) -> None:
    assert bundle.check_bundle(DIST) == []


def test_smoke_test_on_the_sample_campaign(places: Places) -> None:
    from PySide6.QtGui import QImage

    shot = places.root / "shot.png"
    result = start(places, "--smoke-test", "--screenshot", str(shot))
    report = report_of(result)
    assert str(report["campaign"]).endswith("Sample Campaign.gmdesk")
    assert Path(str(report["campaign"])).is_relative_to(places.gm_home)
    image = QImage(str(shot))
    assert not image.isNull() and image.width() >= 800 and image.height() >= 500
    # Qt found its plugins inside the bundle: the platform and the SVG icon engine.
    loaded = [line for line in result.stderr.splitlines() if "loaded library" in line]
    assert any("platforms/libqoffscreen" in line or "qoffscreen" in line for line in loaded)
    assert any("iconengines" in line and "svg" in line for line in loaded), loaded
    assert all(str(DIST.resolve()) in line for line in loaded), loaded  # none from elsewhere


def test_the_window_speaks_french_qt_dialogs_included(places: Places) -> None:
    # GM Desk's catalogue and Qt's own (qtbase_fr.qm) are both in the bundle and found.
    report = report_of(start(places, "--smoke-test", "--window-language", "fr"))
    assert report["language"] == {"code": "fr", "qt_cancel": "Annuler"}


def test_smoke_test_creates_a_new_campaign(places: Places) -> None:
    fresh = places.campaigns / "New Campaign.gmdesk"
    report_of(start(places, "--smoke-test", "--campaign", str(fresh)))
    assert fresh.is_file()
    assert sorted(path.name for path in places.campaigns.iterdir()) == [fresh.name]
    from desktop.store.migrations import HEAD

    assert _revision(fresh) == HEAD


def test_an_older_campaign_is_upgraded_by_the_shipped_migrations(places: Places) -> None:
    """Open, edit (the schema upgrade, after a backup) and close an existing campaign.

    The campaign is made by the frozen app, then taken back to the first schema by
    the same Alembic scripts run from source, so it holds what a real old file holds.
    """
    from desktop.store.migrations import REVISIONS

    if len(REVISIONS) < 2:
        pytest.skip("only one schema revision so far")
    old = places.campaigns / "Old Campaign.gmdesk"
    report_of(start(places, "--smoke-test", "--campaign", str(old)))
    _migrate(old, REVISIONS[0])
    assert _revision(old) == REVISIONS[0]
    backups = places.gm_home / "data"
    before = set(backups.rglob("*.gmdesk"))
    report_of(start(places, "--smoke-test", "--campaign", str(old)))
    assert _revision(old) == REVISIONS[-1]
    assert set(backups.rglob("*.gmdesk")) - before, "no backup was taken before the upgrade"


def _migrate(path: Path, revision: str) -> None:
    """Down (or up) to `revision` with the project's Alembic scripts, from source."""
    from alembic import command
    from alembic.config import Config
    from sqlalchemy import create_engine

    from desktop.store.migrations import FOLDER

    config = Config()
    config.set_main_option("script_location", str(FOLDER))
    engine = create_engine(f"sqlite:///{path.as_posix()}")
    try:
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.downgrade(config, revision)
    finally:
        engine.dispose()


def _revision(path: Path) -> str:
    """The file's schema revision, read without leaving -wal/-shm files behind."""
    live_wal = path.with_name(path.name + "-wal").exists()
    uri = f"file:{path}?mode=ro" + ("" if live_wal else "&immutable=1")
    connection = sqlite3.connect(uri, uri=True)
    try:
        return str(connection.execute("SELECT version_num FROM alembic_version").fetchone()[0])
    finally:
        connection.close()


def _listing(folder: Path) -> dict[str, tuple[int, int]]:
    """Every file and folder below `folder`: size and modification time."""
    if not folder.exists():
        return {}
    listing = {}
    for path in folder.rglob("*"):
        stat = path.lstat()
        listing[str(path.relative_to(folder))] = (stat.st_size, stat.st_mtime_ns)
    return listing


WRITE_CALLS = re.compile(
    r"^(?P<call>openat|open|creat|mkdir|mkdirat|rename|renameat2?|link|linkat|symlink|symlinkat"
    r"|unlink|unlinkat|rmdir|truncate|chmod|fchmodat|chown|fchownat|utimensat)\((?P<args>.*)\)"
    r"\s+=\s+(?P<result>-?\d+)"
)


def _written_paths(trace_folder: Path) -> Iterator[str]:
    """The paths a traced run created, changed or removed (successful calls only)."""
    for trace in trace_folder.glob("trace.*"):
        for line in trace.read_text(encoding="utf-8", errors="replace").splitlines():
            match = WRITE_CALLS.match(line)
            if match is None or int(match["result"]) < 0:
                continue
            call, args = match["call"], match["args"]
            if call in {"open", "openat"} and not re.search(
                r"O_WRONLY|O_RDWR|O_CREAT|O_TRUNC|O_TMPFILE", args
            ):
                continue
            if call == "utimensat" and '"' not in args:
                continue  # on an open file descriptor
            yield from re.findall(r'"((?:[^"\\]|\\.)*)"', args)


def _strace() -> list[str] | None:
    """A working strace, or None (not installed, or tracing is not allowed here)."""
    if not sys.platform.startswith("linux") or shutil.which("strace") is None:
        return None
    probe = subprocess.run(
        ["strace", "-o", os.devnull, "true"], capture_output=True, text=True, check=False
    )
    return ["strace"] if probe.returncode == 0 else None


def test_no_write_outside_the_data_folder_and_the_campaign(places: Places) -> None:
    """Makes the sample, creates a campaign, opens it again (upgrading its schema when
    there is more than one revision): every file written is in GM_DESK_HOME or beside
    the campaign; the bundle, the working folder, HOME and TMPDIR are left as they were.
    Under strace (Linux) every write call is checked; elsewhere the listings before and
    after are compared."""
    watched = {
        "the bundle": DIST,
        "the working folder": places.cwd,
        "HOME": places.home,
        "TMPDIR": places.tmp,
    }
    before = {name: _listing(folder) for name, folder in watched.items()}
    campaign = places.campaigns / "Edited.gmdesk"
    strace = _strace()
    traces = places.root / "traces"
    traces.mkdir()
    wrapper = None
    if strace is not None:
        wrapper = [*strace, "-f", "-ff", "-qq", "-s", "4096", "-o", str(traces / "trace")]
        wrapper += ["-e", "trace=%file,%desc"]
    from desktop.store.migrations import REVISIONS

    report_of(start(places, "--smoke-test", wrapper=wrapper))  # the sample, imported
    report_of(start(places, "--smoke-test", "--campaign", str(campaign), wrapper=wrapper))
    if len(REVISIONS) > 1:  # an existing campaign edited: its schema upgraded
        _migrate(campaign, REVISIONS[0])
    report_of(start(places, "--smoke-test", "--campaign", str(campaign), wrapper=wrapper))
    assert _revision(campaign) == REVISIONS[-1]

    after = {name: _listing(folder) for name, folder in watched.items()}
    for name in watched:
        assert after[name] == before[name], f"{name} changed"
    assert sorted(path.name for path in places.campaigns.iterdir()) == [campaign.name]

    if strace is not None:
        # /proc/self/fd/N: linkat() giving an O_TMPFILE file (opened in an allowed
        # folder, so checked there) its name, as QSaveFile does.
        allowed = (
            str(places.gm_home) + os.sep,
            str(places.campaigns) + os.sep,
            "/dev/",
            "/proc/self/fd/",
        )
        written = set(_written_paths(traces))
        assert any(path.startswith(str(places.campaigns)) for path in written)
        assert any(path.startswith(str(places.gm_home)) for path in written)
        outside = sorted(
            path for path in written if not path.startswith(allowed) and path != str(places.gm_home)
        )
        assert not outside, outside


def test_the_share_server_and_the_page_are_in_the_bundle(bundle: ModuleType) -> None:
    """The page's files where the server reads them, the share stack's modules in the
    build's archive and its C speedups beside it (a fallback would still serve, slower)."""
    readers = pytest.importorskip("PyInstaller.archive.readers")
    contents = bundle.contents_folder(DIST)
    page = contents / "desktop" / "share" / "page"
    assert {p.name for p in page.iterdir()} >= {"index.html", "player.html", "player.js"}
    archive = readers.CArchiveReader(str(EXECUTABLE)).open_embedded_archive("PYZ.pyz")
    modules = set(archive.toc)
    wanted = {"desktop.share.server", "aiohttp.web", "aiohttp.web_ws", "multidict", "yarl"}
    wanted |= {"frozenlist", "propcache", "aiosignal", "segno"}
    assert wanted <= modules, sorted(wanted - modules)
    for speedup in ("aiohttp._http_parser", "aiohttp._websocket.reader_c"):
        *package, name = speedup.split(".")
        assert list(contents.joinpath(*package).glob(f"{name}.*")), speedup


def test_sharing_serves_the_join_and_a_players_page(places: Places) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    report = report_of(start(places, "--smoke-test", "--share", f"127.0.0.1:{port}"))
    players = report["players"]
    assert isinstance(players, list) and players
    assert all(p["link"].startswith(f"http://127.0.0.1:{port}/p/") for p in players)
    assert report["share_check"] == {"join": 200, "player": 200}


def test_the_built_app_draws_a_plot(places: Places) -> None:
    """pyqtgraph imports its Qt templates by name and numpy carries compiled libraries:
    the built app imports both and draws a small plot offscreen (issue 33)."""
    report = report_of(start(places, "--smoke-test", "--plot-check"))
    plotted = report["plot_check"]
    assert isinstance(plotted, dict)
    assert plotted["drawn"] is True and plotted["size"] == [320, 200]
    assert str(plotted["pyqtgraph"]).startswith("0.") and plotted["numpy"]
