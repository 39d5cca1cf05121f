"""A writer killed with SIGKILL at random moments loses no acknowledged GM action.

Each action grows the file (a character comes with a page of notes), so kills land
during the -wal's growth and its checkpoints into the file too; every campaign is
reopened whole afterwards, judged by SQLite with its -wal (never refused as cut off).
"""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from desktop.store import Campaign

# The writer prints a line only after the store call returned, i.e. after the commit:
# that line is the acknowledgement the GM would have seen.
WRITER = """
import sys
from pathlib import Path
from desktop.store import writer  # the write side loads on first write: load it first
from desktop.store.campaign import Campaign

campaign = Campaign.open(Path(sys.argv[1]), data_dir=Path(sys.argv[2]))
print("ready", flush=True)
BACKSTORY = "A long and winding backstory. " * 400
number = 0
while True:
    number += 1
    record = campaign.roster.add(f"Hireling {number}", "npc", BACKSTORY)
    print(f"add {record.id} {record.name}", flush=True)
    campaign.roster.update(record.id, notes=f"{BACKSTORY}paid {record.id} coin")
    print(f"note {record.id} paid {record.id} coin", flush=True)
"""

RUNS = 50


@pytest.mark.slow  # over ~3 s (pytest --durations)
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX only")
def test_no_acknowledged_write_is_lost(campaign: Campaign, data_dir: Path) -> None:
    path = campaign.path
    campaign.close()
    rng = random.Random(20261122)
    expected: dict[int, tuple[str, str]] = {}
    for _ in range(RUNS):
        lines = _run_and_kill(path, data_dir, delay=rng.uniform(0.0, 0.25))
        for line in lines:
            verb, ident, rest = line.split(" ", 2)
            if verb == "add":
                expected[int(ident)] = (rest, "")
            elif verb == "note":  # the line names the note's end; the file holds it all
                expected[int(ident)] = (expected[int(ident)][0], BACKSTORY + rest)
        with Campaign.open(path, data_dir=data_dir) as reopened:  # takes over the stale lock
            found = {c.id: (c.name, c.notes) for c in reopened.roster.all()}
        for ident, (name, notes) in expected.items():
            assert found[ident][0] == name
            # A write may commit and the kill come before its acknowledgement: an
            # unacknowledged note may be there, an acknowledged one must be.
            if notes:
                assert found[ident][1] == notes
            else:
                assert found[ident][1] in (BACKSTORY, _note(ident))
        with sqlite3.connect(path) as connection:
            assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        connection.close()
    print(f"\n{RUNS} kills, {len(expected)} acknowledged characters, all found")
    assert len(expected) > RUNS  # the writers really wrote while being killed
    # Every acknowledged character keeps its page of notes: the file grew by them all.
    assert path.stat().st_size > len(expected) * len(BACKSTORY)


BACKSTORY = "A long and winding backstory. " * 400


def _note(ident: int) -> str:
    return f"{BACKSTORY}paid {ident} coin"


def _run_and_kill(path: Path, data_dir: Path, delay: float) -> list[str]:
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(path), str(data_dir)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert process.stdout is not None
    lines: list[str] = []
    ready = threading.Event()

    def read() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            if line.strip() == "ready":
                ready.set()
            else:
                lines.append(line.rstrip("\n"))
        ready.set()

    reader = threading.Thread(target=read)
    reader.start()
    assert ready.wait(60), "the writer did not start"
    time.sleep(delay)
    process.send_signal(signal.SIGKILL)
    process.wait(30)
    reader.join(30)
    stderr = process.stderr.read() if process.stderr else ""
    assert process.returncode == -signal.SIGKILL, stderr
    return lines
