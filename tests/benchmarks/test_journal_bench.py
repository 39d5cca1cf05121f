"""Benchmark: building a journal page (issue 31), same run.

A long game (50 scenes of 4 rounds, each round a declared action, a roll, a rest and a
clock tick: about 1,000 history entries and 200 roll log lines) read as its page, GM's
and player-safe. The baseline reads the same rows plainly (the game's history entries
and roll log lines over raw sqlite3, each entry's parts decoded from JSON), timed
alternately in the same run: what any page must at least cost. Target: at most 4x.
The asserts run only under ``make bench``.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import closing
from dataclasses import replace
from pathlib import Path

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from desktop.store import Campaign
from desktop.views.journal import journal_page
from tests.benchmarks.timing import alternating

MAX_RATIO = 4.0
ROUNDS = 30
SCENES, ROUNDS_PER_SCENE = 50, 4


@pytest.fixture(scope="module")
def long_game(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Campaign, int]]:
    folder = tmp_path_factory.mktemp("journal")
    campaign = Campaign.create(folder / "Long game.gmdesk", data_dir=folder / "data")
    kara = campaign.roster.add("Kara Voss")
    campaign.kit.add_dice(kara.id, 6, count=6)
    clock = campaign.clocks.add("Storm season", 12, shown=True)
    game = campaign.games.start()
    detail = {"dice": [{"size": 6, "rolled_as": 6, "face": 3, "depleted": True}]}
    for scene in range(SCENES):
        campaign.games.set_scene(f"Scene {scene}: the docks", members=(kara.id,))
        for round_ in range(ROUNDS_PER_SCENE):
            campaign.games.declare(kara.id, f"I climb, take {scene}.{round_}")
            die = campaign.kit.dice(kara.id)[0]
            campaign.rolls.record(
                [replace(die, place="table")],
                character_id=kara.id,
                character_name=kara.name,
                kind="roll",
                detail=detail,
                total=3,
                summary="Kara Voss rolled 3; 1 die depleted.",
            )
            campaign.kit.update_dice([replace(d, place="pool") for d in campaign.kit.dice(kara.id)])
            campaign.clocks.update(clock.id, filled=(scene + round_) % 12)
            if round_ < ROUNDS_PER_SCENE - 1:
                campaign.games.end_round()
    yield campaign, game.id
    campaign.close()


def _plain_read(path: Path, game_id: int) -> int:
    with closing(sqlite3.connect(path)) as connection:
        entries = connection.execute(
            "SELECT id, at, day, game_id, scene, round, turn, who, character_id, area,"
            " record_id, sentence, undo_of, parts FROM history_entry WHERE game_id = ?"
            " ORDER BY id",
            (game_id,),
        ).fetchall()
        rolls = connection.execute(
            "SELECT id, detail, summary FROM roll_log WHERE game_id = ? ORDER BY id", (game_id,)
        ).fetchall()
    decoded = [json.loads(row[13]) for row in entries if row[13]]
    return len(decoded) + len([json.loads(row[1]) for row in rolls])


@pytest.mark.benchmark(group="journal: a long game's page")
@pytest.mark.parametrize("players", [False, True], ids=["gm", "players"])
def test_bench_journal_page(
    benchmark: BenchmarkFixture, long_game: tuple[Campaign, int], players: bool
) -> None:
    campaign, game_id = long_game
    page, baseline = alternating(
        benchmark,
        lambda: _plain_read(campaign.path, game_id),
        lambda: journal_page(campaign, game_id, players=players),
        ROUNDS,
    )
    built = benchmark.stats.stats.median
    ratio = built / baseline
    benchmark.extra_info.update(baseline_s=round(baseline, 5), ratio=round(ratio, 2))
    print(
        f"\nA page of {SCENES} x {ROUNDS_PER_SCENE} rounds ({'players' if players else 'GM'}):"
        f" {built * 1000:.1f} ms, the same rows read plainly {baseline * 1000:.1f} ms,"
        f" ratio {ratio:.2f} (target {MAX_RATIO})"
    )
    assert len(page.scenes) == SCENES  # type: ignore[attr-defined]  # alternating's result
    assert ratio <= MAX_RATIO, f"a journal page cost {ratio:.2f} times its rows' plain read"
