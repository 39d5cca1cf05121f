"""Import and export tell their progress, and a cancel at any step leaves nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from desktop.paths import resources_dir
from desktop.store import Campaign
from desktop.store.exchange import (
    Cancelled,
    export_campaign,
    read_document,
    trusted_images,
    write_document,
)
from desktop.store.sample import SAMPLE_JSON


class _CancelAt:
    """A progress callback that cancels at its n-th call (never, for n = -1)."""

    def __init__(self, n: int = -1) -> None:
        self.n = n
        self.seen: list[float] = []

    def __call__(self, fraction: float) -> None:
        if len(self.seen) == self.n:
            raise Cancelled()
        self.seen.append(fraction)


def _sample() -> Path:
    return resources_dir() / SAMPLE_JSON


def test_progress_rises_to_the_end() -> None:
    progress = _CancelAt()
    read_document(_sample(), images=trusted_images, progress=progress)
    assert progress.seen == sorted(progress.seen)
    assert progress.seen[0] >= 0
    assert progress.seen[-1] <= 1


@pytest.mark.slow  # over ~3 s (pytest --durations)
def test_a_cancel_at_any_step_of_an_import_writes_nothing(tmp_path: Path, data_dir: Path) -> None:
    document = read_document(_sample(), images=trusted_images)
    every = _CancelAt()
    write_document(document, tmp_path / "whole.gmdesk", data_dir=data_dir, progress=every).close()
    assert every.seen[-1] == 1.0
    folder = tmp_path / "cancelled"
    folder.mkdir()
    for n in range(len(every.seen)):
        with pytest.raises(Cancelled):
            write_document(
                document, folder / "never.gmdesk", data_dir=data_dir, progress=_CancelAt(n)
            )
        assert list(folder.iterdir()) == [], n


def test_a_cancel_at_any_step_of_an_export_writes_nothing(
    campaign: Campaign, tmp_path: Path
) -> None:
    campaign.roster.add("Kara")
    folder = tmp_path / "exports"
    folder.mkdir()
    every = _CancelAt()
    export_campaign(campaign, folder / "whole.json", every)
    assert every.seen[-1] == 1.0
    for n in range(len(every.seen)):
        with pytest.raises(Cancelled):
            export_campaign(campaign, folder / "never.json", _CancelAt(n))
        assert [p.name for p in folder.iterdir()] == ["whole.json"], n
