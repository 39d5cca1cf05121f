"""Another GM Desk, as a real process: it opens a campaign for writing under the name
it is given, adds a character, and keeps the campaign open until it is killed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

WRITER_SCRIPT = """
import sys, time
from pathlib import Path
from desktop.store import Campaign
campaign = Campaign.open(Path(sys.argv[1]), data_dir=Path(sys.argv[2]))
campaign.roster.add("Kara")
print("open", flush=True)
time.sleep(120)
"""


def open_elsewhere(name: Path, data_dir: Path) -> subprocess.Popen[str]:
    """Start the other GM Desk on `name` and return once it has the campaign open; the
    caller kills it."""
    process = subprocess.Popen(
        [sys.executable, "-c", WRITER_SCRIPT, str(name), str(data_dir)],
        cwd=REPO,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    if process.stdout.readline().strip() != "open":
        process.kill()
        process.wait()
        raise AssertionError(f"the other GM Desk could not open {name.name}")
    return process
