"""Start a built GM Desk as a user would, offscreen, and check that it really worked.

    python packaging/smoke_test.py dist/gm-desk/gm-desk
    python packaging/smoke_test.py "dist/GM Desk.app/Contents/MacOS/gm-desk"
    python packaging/smoke_test.py dist\\gm-desk\\gm-desk.exe
    python packaging/smoke_test.py gm-desk          # the installed .deb, found on PATH

Four runs, each with its own data folder: the smoke test on the sample campaign, the
smoke test on a new campaign file (which must then exist), the sample's SySCards
printed to PDF without a window, and the smoke test sharing with players on the loopback
address (the players' links listed, the join page and a player's page served: HTTP 200).
A run fails on a non-zero exit, a traceback, Qt saying a plugin could not be loaded, or a
missing screenshot or PDF; where Qt's plugin log reaches stderr (not from a Windows GUI
program) the offscreen plugin must have been loaded from the build itself, not from a Qt
installed on the machine.
`.ci/run` and .github/workflows/release.yml both run this. Standard library only.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

PLUGIN_FAILURES = re.compile(
    r"could not (load|find) the qt platform plugin|no qt platform plugin could be initiali[sz]ed"
    r"|cannot load library|failed to load (platform )?plugin|qt\.qpa\.plugin",
    re.IGNORECASE,
)
OFFSCREEN_LOADED = re.compile(r'"([^"]*qoffscreen\.(?:so|dylib|dll))" loaded library')


class SmokeFailure(Exception):
    pass


def find_executable(name: str) -> Path:
    """A path as given, else a command on PATH (the installed package's `gm-desk`)."""
    path = Path(name)
    if path.is_file():
        return path.resolve()
    found = shutil.which(name)
    if found is None:
        raise SmokeFailure(f"{name}: no such file or command")
    return Path(found)


def run(command: list[str], home: Path, log: Path) -> str:
    """Run one start of the app with its own data folder; its stdout, or SmokeFailure."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("QT_")}
    # QT_FORCE_STDERR_LOGGING: a Windows GUI program logs to the debugger otherwise.
    env.update(
        GM_DESK_HOME=str(home),
        QT_QPA_PLATFORM="offscreen",
        QT_DEBUG_PLUGINS="1",
        QT_FORCE_STDERR_LOGGING="1",
    )
    try:
        result = subprocess.run(
            command, capture_output=True, text=True, env=env, timeout=300, check=False
        )
    except subprocess.TimeoutExpired as error:
        raise SmokeFailure(f"{command[0]} did not finish within {error.timeout} s") from None
    log.write_text(result.stderr, encoding="utf-8")
    tail = "\n".join(result.stderr.splitlines()[-40:])
    if result.returncode != 0:
        raise SmokeFailure(f"exited {result.returncode}:\n{tail}")
    if "Traceback (most recent call last)" in result.stderr:
        raise SmokeFailure(f"printed a traceback:\n{tail}")
    failures = [line for line in result.stderr.splitlines() if PLUGIN_FAILURES.search(line)]
    if failures:
        raise SmokeFailure("a Qt plugin could not be loaded:\n" + "\n".join(failures[:10]))
    return result.stdout


def check_offscreen_plugin(stderr: str, executable: Path) -> None:
    """The offscreen plugin came from the build (when Qt's log reached stderr at all)."""
    if "qt.core" not in stderr:
        return  # Qt's log did not reach stderr: nothing to tell from it
    loaded = OFFSCREEN_LOADED.findall(stderr)
    if not loaded:
        raise SmokeFailure("the offscreen platform plugin was never loaded")
    build = executable.resolve().parent.parent
    outside = [path for path in loaded if not Path(path).resolve().is_relative_to(build)]
    if outside:
        raise SmokeFailure(f"the offscreen plugin was loaded from outside the build: {outside}")


def free_port() -> int:
    """A loopback port free now (`--share` takes ports 1 to 65535, not 0 for any)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def check_sharing(stdout: str, port: int) -> str:
    """The sharing run's JSON line holds a link per player character on the loopback port
    and the join and player pages' statuses, both 200; a line of report."""
    lines = stdout.strip().splitlines()
    try:
        report = json.loads(lines[-1]) if lines else None
    except json.JSONDecodeError:
        report = None
    if not isinstance(report, dict):
        raise SmokeFailure(f"the sharing run printed no JSON report: {stdout[-400:]!r}")
    players = report.get("players")
    prefix = f"http://127.0.0.1:{port}/p/"
    if not isinstance(players, list) or not players:
        raise SmokeFailure(f"the sharing run listed no players' links: {players!r}")
    links = [player.get("link") if isinstance(player, dict) else None for player in players]
    if not all(isinstance(link, str) and link.startswith(prefix) for link in links):
        raise SmokeFailure(f"the players' links are not at {prefix}: {links!r}")
    served = report.get("share_check")
    if served != {"join": 200, "player": 200}:
        raise SmokeFailure(f"the players' pages were not served (HTTP 200): {served!r}")
    return f"{len(players)} players' links at 127.0.0.1:{port}, join and player pages 200"


def smoke(executable: Path, scratch: Path) -> list[str]:
    """The four runs; one line of report each."""
    lines = []
    app = [str(executable)]
    sample_home = scratch / "home-sample"
    shot = scratch / "sample.png"
    out = run([*app, "--smoke-test", "--screenshot", str(shot)], sample_home, scratch / "s.err")
    check_offscreen_plugin((scratch / "s.err").read_text(encoding="utf-8"), executable)
    if not shot.is_file() or shot.stat().st_size == 0:
        raise SmokeFailure("the smoke test on the sample campaign left no screenshot")
    lines.append(f"sample campaign: {out.strip().splitlines()[-1] if out.strip() else 'ok'}")

    campaign = scratch / "campaigns" / "New Campaign.gmdesk"
    campaign.parent.mkdir()
    shot = scratch / "new.png"
    out = run(
        [*app, "--smoke-test", "--screenshot", str(shot), "--campaign", str(campaign)],
        scratch / "home-new",
        scratch / "n.err",
    )
    if not campaign.is_file() or campaign.stat().st_size == 0:
        raise SmokeFailure("the smoke test on a new campaign did not create the file")
    if not shot.is_file() or shot.stat().st_size == 0:
        raise SmokeFailure("the smoke test on a new campaign left no screenshot")
    lines.append(f"new campaign: {out.strip().splitlines()[-1] if out.strip() else 'ok'}")

    pdf = scratch / "cards.pdf"
    sample = sample_home / "data" / "Sample Campaign.gmdesk"
    run(
        [*app, "--print-cards", str(pdf), "--campaign", str(sample)], sample_home, scratch / "p.err"
    )
    if not pdf.is_file() or not pdf.read_bytes().startswith(b"%PDF"):
        raise SmokeFailure("--print-cards wrote no PDF")
    lines.append(f"cards printed: {pdf.stat().st_size} bytes of PDF")

    port = free_port()
    out = run(
        [*app, "--smoke-test", "--share", f"127.0.0.1:{port}"],
        scratch / "home-share",
        scratch / "h.err",
    )
    lines.append(f"sharing: {check_sharing(out, port)}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("executable", help="the built gm-desk, or a command on PATH")
    args = parser.parse_args(argv)
    try:
        executable = find_executable(args.executable)
        with tempfile.TemporaryDirectory(prefix="gm-desk-smoke-") as scratch:
            for line in smoke(executable, Path(scratch)):
                print(f"smoke test of {args.executable}: {line}")
    except SmokeFailure as failure:
        print(f"smoke test of {args.executable} failed: {failure}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
