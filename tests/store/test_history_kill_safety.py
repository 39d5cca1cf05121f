"""The history survives a SIGKILL as the changes do (issue 31): a writer ticking a clock
in a loop is killed at seeded moments; after each reopening every change has its entry
and every entry its change (the clock's fill is the number of tick entries), because
both commit in one transaction."""

from __future__ import annotations

import random
import signal
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest

from desktop.store import Campaign

WRITER = """
import sys
from pathlib import Path
from desktop.store import writer  # the write side loads on first write: load it first
from desktop.store.campaign import Campaign

campaign = Campaign.open(Path(sys.argv[1]), data_dir=Path(sys.argv[2]))
clock = campaign.clocks.all()[0]
kara = campaign.roster.all()[0]
print("ready", flush=True)
# Ticks are numbered across the runs: each writer goes on from the last committed one.
number = int(clock.note.split()[-1]) if clock.note else 0
noted = int(kara.notes.split()[-1]) if kara.notes else 0  # a kill may fall between the two
while True:
    number += 1
    filled = campaign.clocks.get(clock.id).filled
    campaign.clocks.update(clock.id, filled=(filled + 1) % 13, note=f"tick {number}")
    noted += 1
    campaign.roster.update(kara.id, notes=f"tick {noted}")
    print(f"tick {number}", flush=True)
"""

RUNS = 12
HUNG = 120.0


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX only")
def test_no_change_without_its_entry_and_no_entry_without_its_change(
    campaign: Campaign, data_dir: Path
) -> None:
    clock = campaign.clocks.add("Storm", 12)
    campaign.roster.add("Kara Voss")
    path = campaign.path
    campaign.close()
    rng = random.Random(20261127)
    acknowledged = 0
    for _ in range(RUNS):
        acknowledged += _run_and_kill(path, data_dir, rng.randint(1, 20))
        with Campaign.open(path, data_dir=data_dir) as reopened:
            entries = reopened.history.all()
            ticks = [e for e in entries if e.area == "clocks" and e.record_id == clock.id]
            notes = [e for e in entries if e.area == "characters" and "edited" in e.sentence]
            stored = reopened.clocks.get(clock.id)
            kara = reopened.roster.all()[0]
        # One entry per committed tick: the tick's note names how many there were.
        committed = int(stored.note.split()[-1]) if stored.note else 0
        assert len(ticks) == committed + 1  # and the clock's adding
        assert len(notes) == (int(kara.notes.split()[-1]) if kara.notes else 0)
        assert stored.filled == committed % 13
        assert ticks[-1].sentence.startswith("Storm: ")
        with closing(sqlite3.connect(path)) as connection:
            assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    assert acknowledged >= RUNS  # the writers really wrote while being killed


def _run_and_kill(path: Path, data_dir: Path, acknowledgements: int) -> int:
    """Start the writer, SIGKILL it once it acknowledged that many ticks; how many it
    acknowledged."""
    process = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(path), str(data_dir)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        assert process.stdout.readline().strip() == "ready", process.stderr
        for _ in range(acknowledgements):
            line = process.stdout.readline()
            assert line.startswith("tick"), process.stderr.read() if process.stderr else ""
        process.send_signal(signal.SIGKILL)
        process.wait(HUNG)
        assert process.returncode == -signal.SIGKILL
        return acknowledgements
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(HUNG)
