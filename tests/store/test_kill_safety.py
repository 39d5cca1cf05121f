"""A writer killed with SIGKILL at chosen moments loses no acknowledged GM action.

Each run kills its writer once it has acknowledged a number of writes chosen by a
seeded RNG (none: right after "ready"; else some, so the kill lands in the middle of
the next write), plus a small random extra delay. The kill points are counted in
acknowledgements, not in seconds, so a slow machine changes nothing the test asserts.
Each action grows the file (a character comes with a page of notes), so kills land
during the -wal's growth and its checkpoints into the file too; every campaign is
reopened whole afterwards, judged by SQLite with its -wal (never refused as cut off).
"""

from __future__ import annotations

import os
import queue
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
# A writer that does not answer within this long is broken, not slow: the test fails
# instead of hanging. It never bounds a healthy run, whatever the machine's load.
HUNG = 120.0


@pytest.mark.slow  # over ~3 s (pytest --durations)
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX only")
def test_no_acknowledged_write_is_lost(campaign: Campaign, data_dir: Path) -> None:
    path = campaign.path
    campaign.close()
    rng = random.Random(20261122)
    expected: dict[int, tuple[str, str]] = {}
    promised = 0  # characters whose "add" the chosen kill points wait for
    for _ in range(RUNS):
        # One run in eight is killed right after "ready", before any write is
        # acknowledged; the others after 1 to 30 acknowledgements (an "add" or a
        # "note"), so the kill hits the next write, a character or its note.
        acknowledgements = 0 if rng.random() < 0.125 else rng.randint(1, 30)
        promised += (acknowledgements + 1) // 2
        # The extra delay only lets the writer acknowledge more: no assertion needs it
        # short, and it moves the kill around inside the next write.
        lines = _run_and_kill(path, data_dir, acknowledgements, rng.uniform(0.0, 0.02))
        assert len(lines) >= acknowledgements
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
    assert promised > RUNS  # the seeded kill points ask for more than one a run
    assert len(expected) >= promised
    assert len(expected) > RUNS  # the writers really wrote while being killed
    # Every acknowledged character keeps its page of notes: the file grew by them all.
    assert path.stat().st_size > len(expected) * len(BACKSTORY)


BACKSTORY = "A long and winding backstory. " * 400


def _note(ident: int) -> str:
    return f"{BACKSTORY}paid {ident} coin"


def _run_and_kill(
    path: Path, data_dir: Path, acknowledgements: int, extra_delay: float
) -> list[str]:
    """Start a writer, SIGKILL it once it acknowledged that many writes, return all
    the acknowledgements it printed (those after the count too, up to the kill)."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(path), str(data_dir)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert process.stdout is not None
        lines: list[str] = []
        # One item per line as it comes, None at the end of the output.
        arrived: queue.Queue[str | None] = queue.Queue()

        def read() -> None:
            assert process.stdout is not None
            for line in process.stdout:
                arrived.put(line.rstrip("\n"))
            arrived.put(None)

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        if _next(arrived, process) != "ready":
            process.wait(HUNG)
            stderr = process.stderr.read() if process.stderr else ""
            pytest.fail(f"the writer did not start: {stderr}")
        while len(lines) < acknowledgements:
            line = _next(arrived, process)
            assert line is not None, "the writer stopped writing"
            lines.append(line)
        time.sleep(extra_delay)
        process.send_signal(signal.SIGKILL)
        process.wait(HUNG)
        reader.join(HUNG)
        assert not reader.is_alive(), "the writer's output did not end"
        while (line := arrived.get_nowait()) is not None:
            lines.append(line)
        stderr = process.stderr.read() if process.stderr else ""
        assert process.returncode == -signal.SIGKILL, stderr
        return lines
    finally:
        if process.poll() is None:  # a failed assertion above: leave no writer behind
            process.kill()
            process.wait(HUNG)


def _next(arrived: queue.Queue[str | None], process: subprocess.Popen[str]) -> str | None:
    try:
        return arrived.get(timeout=HUNG)
    except queue.Empty:
        stderr = ""
        process.kill()
        if process.stderr:
            stderr = process.stderr.read()
        pytest.fail(f"the writer answered nothing for {HUNG:.0f} s: {stderr}")
