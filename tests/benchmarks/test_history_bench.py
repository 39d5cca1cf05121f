"""Benchmark: what the campaign's history costs a GM action (issue 31), same run.

One GM action during a running game (the history's entry then reads where in play it
is, its costliest case): a damage (a die from the pool to removed, or back), a clock
tick and a roll (the dice and the log line), each one transaction through the store.
The same actions with the history switched off (`keeps_history`, a switch for this
benchmark only) are the baseline, timed alternately round by round on the same file.
Target: at most 1.2x. The asserts run only under ``make bench``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from desktop.store import Campaign
from tests.benchmarks.timing import alternating

MAX_RATIO = 1.2
ROUNDS = 60


@pytest.fixture
def table(tmp_path: Path, data_dir: Path) -> Iterator[Campaign]:
    campaign = Campaign.create(tmp_path / "History.gmdesk", data_dir=data_dir)
    for name in ("Kara Voss", "Bryn", "Oda"):
        kara = campaign.roster.add(name)
        campaign.kit.add_dice(kara.id, 6, count=8)
    campaign.clocks.add("Storm season closes the estuary", 8)
    campaign.games.start()
    yield campaign
    campaign.close()


def _gm_actions(campaign: Campaign) -> Callable[[], None]:
    """Damage, a clock tick and a roll, each undone by the next call (so every round
    starts where the last did)."""
    kara = campaign.roster.all()[0]
    clock = campaign.clocks.all()[0]
    flip = [False]

    def actions() -> None:
        back = flip[0]
        flip[0] = not back
        die = campaign.kit.dice(kara.id)[0]
        campaign.kit.update_dice([replace(die, place="pool" if back else "removed")])
        campaign.clocks.update(clock.id, filled=0 if back else 1)
        other = campaign.kit.dice(kara.id)[1]
        campaign.rolls.record(
            [replace(other, place="pool" if back else "table")],
            character_id=kara.id,
            character_name=kara.name,
            kind="roll",
            detail={},
            total=4,
            summary="2 dice: 4",
        )

    return actions


@pytest.mark.benchmark(group="history: a GM action with and without its entry")
def test_bench_history(benchmark: BenchmarkFixture, table: Campaign) -> None:
    actions = _gm_actions(table)

    def without_history() -> None:
        table.keeps_history = False
        try:
            actions()
        finally:
            table.keeps_history = True

    before = table.history.count()
    _, baseline = alternating(benchmark, without_history, actions, ROUNDS)
    with_history = benchmark.stats.stats.median
    ratio = with_history / baseline
    benchmark.extra_info.update(baseline_s=round(baseline, 5), ratio=round(ratio, 2))
    print(
        f"\nDamage + clock tick + roll in a game: with history {with_history * 1000:.2f} ms,"
        f" without {baseline * 1000:.2f} ms, ratio {ratio:.2f} (target {MAX_RATIO})"
    )
    assert table.history.count() - before == 3 * (ROUNDS + 1)  # only the timed ones wrote
    assert ratio <= MAX_RATIO, f"the history made a GM action {ratio:.2f} times slower"
