"""Import and export of a large campaign (10,000 characters, 100,000 ledger entries),
against reading and writing the same JSON with the json module alone.

Measured before issue 12 (same machine, same document, same-run baselines): import
23.9x json.loads, export 2.8x json.dumps. Targets: import at most 14x json.loads
(it now also checks every ledger, date and number), export at most 2.5x json.dumps.
Both run on a worker behind a progress bar in the program (desktop/ui/long_task.py).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from desktop.store.exchange import export_campaign, import_campaign, trusted_images
from tests.benchmarks.big_export import CHARACTERS, write_big_export
from tests.benchmarks.timing import median_seconds

IMPORT_TARGET = 14.0
EXPORT_TARGET = 2.5


@pytest.fixture(scope="module")
def big_export(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    folder = tmp_path_factory.mktemp("exchange")
    path = folder / "big.json"
    return path, write_big_export(path)


def test_import_a_large_campaign(
    benchmark: BenchmarkFixture,
    big_export: tuple[Path, dict[str, Any]],
    tmp_path: Path,
) -> None:
    source, _document = big_export
    text = source.read_text(encoding="utf-8")
    baseline = median_seconds(lambda: json.loads(text), rounds=3)
    made: list[Path] = []

    def target() -> tuple[tuple[Path], dict[str, object]]:
        path = tmp_path / f"imported-{len(made)}.gmdesk"
        made.append(path)
        return (path,), {}

    def run(path: Path) -> int:
        with import_campaign(
            source, path, data_dir=tmp_path / "data", images=trusted_images
        ) as campaign:
            return len(campaign.roster.all())

    result = benchmark.pedantic(run, setup=target, rounds=3)
    assert result == CHARACTERS
    ratio = benchmark.stats.stats.median / baseline
    size = source.stat().st_size / 2**20
    benchmark.extra_info.update(json_loads_s=baseline, ratio=ratio, target=IMPORT_TARGET)
    print(f"\nimport {size:.0f} MiB: {ratio:.1f}x json.loads ({baseline:.2f} s)")
    assert ratio <= IMPORT_TARGET


def test_export_a_large_campaign(
    benchmark: BenchmarkFixture,
    big_export: tuple[Path, dict[str, Any]],
    tmp_path: Path,
) -> None:
    source, document = big_export
    campaign = import_campaign(
        source, tmp_path / "big.gmdesk", data_dir=tmp_path / "data", images=trusted_images
    )
    try:
        baseline = median_seconds(
            lambda: json.dumps(document, indent=2, ensure_ascii=False), rounds=3
        )
        target = tmp_path / "out.json"
        benchmark.pedantic(lambda: export_campaign(campaign, target), rounds=3)
    finally:
        campaign.close()
    assert json.loads(target.read_text(encoding="utf-8"))["characters"][-1]["name"] == (
        f"Hireling {CHARACTERS}"
    )
    ratio = benchmark.stats.stats.median / baseline
    benchmark.extra_info.update(json_dumps_s=baseline, ratio=ratio, target=EXPORT_TARGET)
    print(f"\nexport: {ratio:.1f}x json.dumps ({baseline:.2f} s)")
    assert ratio <= EXPORT_TARGET
