"""Small disks for the tests that fill one or make it read-only: a tmpfs mounted for
the length of a `with` block (root only; elsewhere the test is skipped)."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest


@contextmanager
def small_disk(target: Path, size: str, *, read_only: bool = False) -> Iterator[Path]:
    """A tmpfs of `size` (as mount spells it: "64k", "2m") at `target`, made here."""
    target.mkdir(exist_ok=True)
    options = f"size={size}" + (",ro" if read_only else "")
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(target)],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        pytest.skip(f"mount refused here: {done.stderr.strip() or done.returncode}")
    try:
        yield target
    finally:
        subprocess.run(["umount", "-l", str(target)], capture_output=True, check=False)
