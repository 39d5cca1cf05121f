"""Issue 34, screen readers, checked from outside: GM Desk runs under Xvfb with the
AT-SPI bus, and Debian's pyatspi reads its accessibility tree as Orca would, finding
each workspace's controls by their names; in Play it presses a button and hears the
result announced.

Needs Xvfb, dbus-run-session, at-spi2-core and python3-pyatspi (for /usr/bin/python3,
not the venv); skipped, saying which is missing, on a machine without them (.ci/run
installs them on CI)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
BUS_LAUNCHER = Path("/usr/libexec/at-spi-bus-launcher")
SYSTEM_PYTHON = Path("/usr/bin/python3")

# What each workspace shows, as a screen reader names it, and its role where it matters.
WANTED: dict[str, dict[str, str | None]] = {
    "play": {
        "Roll": "push button",
        "End Day": None,  # the toolbar's button
        "Dice table": None,
        "Clocks": None,
        "Roster": None,
        "Rolls": None,
        "Seating order": None,
        "Declared action": None,
    },
    "prep": {
        "SySCards": None,
        "Filter the cards": None,
        "Card preview": None,
        "Faction ladder": None,
    },
    "between": {
        "Month": None,
        "Chapter name": None,
        "Faction ladder": None,
        "End Day": None,
    },
}


# A button pressed through AT-SPI, as a screen reader user would, in the sample campaign:
# its result is announced (Roll challenge rolls the Drowned Stair's dice).
PRESS = {"play": "Roll challenge"}


def missing_tools() -> str | None:
    """Why the tree cannot be read on this machine, or None when it can."""
    for tool in ("Xvfb", "dbus-run-session", "dbus-send"):
        if shutil.which(tool) is None:
            return f"{tool} is not installed (apt-get install xvfb dbus-x11)"
    if not BUS_LAUNCHER.exists():
        return "the AT-SPI bus is not installed (apt-get install at-spi2-core)"
    if not SYSTEM_PYTHON.exists():
        return "no system python3 for pyatspi"
    probe = subprocess.run(
        [str(SYSTEM_PYTHON), "-c", "import pyatspi"], capture_output=True, check=False
    )
    if probe.returncode != 0:
        return "pyatspi is not installed (apt-get install python3-pyatspi)"
    return None


@pytest.mark.slow  # a real X server, bus and app start: about 3 s each
@pytest.mark.parametrize("workspace", sorted(WANTED))
def test_a_screen_reader_finds_each_workspace_s_controls_by_name(
    workspace: str, tmp_path: Path
) -> None:
    reason = missing_tools()
    if reason is not None:
        pytest.skip(reason)
    wanted = WANTED[workspace]
    run = subprocess.run(
        [
            "dbus-run-session",
            "--",
            sys.executable,
            str(HERE / "atspi_session.py"),
            str(tmp_path),
            workspace,
            "60",
            PRESS.get(workspace, ""),
            *wanted,
        ],
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    lines = [line for line in run.stdout.splitlines() if line.startswith("{")]
    assert lines, f"no answer from the session: {run.stdout[-2000:]}\n{run.stderr[-2000:]}"
    answer = json.loads(lines[-1])
    assert "error" not in answer, answer.get("error")
    assert not answer["missing"], f"not found: {answer['missing']}; seen: {answer['seen']}"
    for name, role in wanted.items():
        if role is not None:
            assert answer["found"][name] == role, f"{name} is a {answer['found'][name]}"
    if workspace in PRESS:
        [said] = answer["heard"]
        assert said.startswith("The Drowned Stair rolled ") and " = " in said


def test_a_machine_without_xvfb_skips_with_the_reason(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shutil, "which", lambda tool: None)
    assert missing_tools() == "Xvfb is not installed (apt-get install xvfb dbus-x11)"
