"""Campaign files for the benchmarks that fill one with plain SQL."""

from __future__ import annotations

from pathlib import Path

import pytest

from desktop.store import Campaign


def new_campaign_file(factory: pytest.TempPathFactory, folder: str) -> tuple[Path, Path]:
    """A new, empty, closed campaign file `big.gmdesk` in a new temporary folder, and
    its data folder beside it."""
    made = factory.mktemp(folder)
    data = made / "data"
    path = made / "big.gmdesk"
    Campaign.create(path, data_dir=data).close()
    return path, data
