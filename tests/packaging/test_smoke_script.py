"""packaging/smoke_test.py, which CI and the release workflow run on every build, against
stand-in executables: it passes a good start and catches each kind of bad one."""

from __future__ import annotations

import sys
from pathlib import Path
from types import ModuleType

import pytest

from tests.packaging.conftest import load_packaging_module

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="stand-ins are #! scripts")

# A stand-in for the built app: does what the real one does with the arguments, and
# misbehaves as the environment variable FAKE tells it to.
STAND_IN = """\
import json, os, sys
from pathlib import Path
args = sys.argv[1:]
fault = os.environ.get("FAKE_FAULT", "")
plugin = Path(sys.argv[0]).resolve().parent / "_internal" / "platforms" / "libqoffscreen.so"
if fault == "system-qt":
    plugin = Path("/usr/lib/qt6/plugins/platforms/libqoffscreen.so")
print("qt.core.plugin.factoryloader: looking at libqoffscreen.so", file=sys.stderr)
if fault != "no-plugin":
    print(f'qt.core.library: "{plugin}" loaded library', file=sys.stderr)
if fault == "xcb":
    print('qt.qpa.plugin: Could not load the Qt platform plugin "xcb"', file=sys.stderr)
home = Path(os.environ["GM_DESK_HOME"])
if "--share" in args:
    base = "http://" + args[args.index("--share") + 1]
    if fault == "share-port":
        base = "http://127.0.0.1:1"
    served = {"join": 200, "player": 404 if fault == "share-unserved" else 200}
    players = [] if fault == "share-no-players" else [{"name": "Kara", "link": base + "/p/t"}]
    print(json.dumps({"total_s": 0.5, "players": players, "share_check": served}))
    sys.exit(0)
if "--print-cards" in args:
    Path(args[args.index("--print-cards") + 1]).write_bytes(b"%PDF-1.4 stand-in")
    sys.exit(0)
if "--campaign" in args and fault != "no-campaign":
    Path(args[args.index("--campaign") + 1]).write_bytes(b"SQLite format 3\\0")
(home / "data").mkdir(parents=True, exist_ok=True)
(home / "data" / "Sample Campaign.gmdesk").write_bytes(b"SQLite format 3\\0")
if fault != "no-screenshot":
    Path(args[args.index("--screenshot") + 1]).write_bytes(b"\\x89PNG stand-in")
print('{"total_s": 0.5}')
sys.exit(3 if fault == "exit" else 0)
"""


@pytest.fixture(scope="module")
def smoke_test() -> ModuleType:
    return load_packaging_module("smoke_test")


@pytest.fixture
def stand_in(tmp_path: Path) -> Path:
    executable = tmp_path / "build" / "gm-desk"
    executable.parent.mkdir()
    executable.write_text(f"#!{sys.executable}\n{STAND_IN}", encoding="utf-8")
    executable.chmod(0o755)
    return executable


def test_a_good_build_passes_all_four_runs(
    smoke_test: ModuleType, stand_in: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert smoke_test.main([str(stand_in)]) == 0
    out = capsys.readouterr().out
    assert "sample campaign: {" in out and "new campaign: {" in out
    assert "cards printed" in out
    assert "sharing: 1 players' links at 127.0.0.1:" in out and "pages 200" in out


@pytest.mark.parametrize(
    ("fault", "message"),
    [
        ("exit", "exited 3"),
        ("xcb", "a Qt plugin could not be loaded"),
        ("no-plugin", "never loaded"),
        ("system-qt", "outside the build"),
        ("no-screenshot", "no screenshot"),
        ("no-campaign", "did not create the file"),
        ("share-no-players", "listed no players' links"),
        ("share-port", "the players' links are not at http://127.0.0.1:"),
        ("share-unserved", "were not served (HTTP 200)"),
    ],
)
def test_a_bad_start_fails_with_the_reason(
    smoke_test: ModuleType,
    stand_in: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    fault: str,
    message: str,
) -> None:
    monkeypatch.setenv("FAKE_FAULT", fault)
    assert smoke_test.main([str(stand_in)]) == 1
    assert message in capsys.readouterr().err


def test_a_missing_executable_is_a_plain_message(
    smoke_test: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert smoke_test.main([str(tmp_path / "gm-desk-nowhere")]) == 1
    assert "no such file or command" in capsys.readouterr().err
