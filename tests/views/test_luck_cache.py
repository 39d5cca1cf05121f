"""What makes a second luck report fast (issue 33) changes none of its numbers: a tray's
odds with a table shifted from the dice's own, exact sums by denominator, and the copy
of the roll log that reads only what changed."""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from desktop.store import Campaign
from desktop.views.statistics import StatisticsScope, exact_sum, luck_report
from desktop.views.tray_luck import TrayOddsCache, tray_luck


@pytest.mark.parametrize("sizes", [(6,), (4, 6), (4, 4, 8), (6, 8, 10, 12)])
def test_a_table_shifts_the_dices_odds_exactly_as_the_rules_compute_them(
    sizes: tuple[int, ...],
) -> None:
    cache = TrayOddsCache()
    for table in (0, 1, 2, 3, 7):
        shifted, direct = cache.luck(sizes, table), tray_luck(sizes, table)
        assert shifted == direct  # odds (sizes, table, every chance) and the variance
        assert dict(shifted.percentiles) == dict(direct.percentiles)
        assert dict(shifted.odds.totals) == dict(direct.odds.totals)
        assert shifted.expected_depleted == direct.odds.expected_depleted
    assert cache.computed == 5


def test_a_bad_table_is_refused_with_the_rules_message() -> None:
    with pytest.raises(ValueError, match="table"):
        TrayOddsCache().luck((6, 6), -1)


def test_the_exact_sum_is_the_sum() -> None:
    rng = random.Random(5)
    values = [Fraction(rng.randint(0, 500), rng.choice((6, 36, 48, 7, 4096))) for _ in range(400)]
    assert exact_sum(values) == sum(values, Fraction(0))
    assert exact_sum([]) == 0
    assert exact_sum([Fraction(1, 3), Fraction(2, 3)]) == 1


def _log(campaign: Campaign, character_id: int, name: str, faces: tuple[int, int]) -> int:
    detail: dict[str, Any] = {
        "dice": [{"rolled_as": 6, "face": faces[0]}, {"rolled_as": 8, "face": faces[1]}],
        "table": 0,
    }
    line = campaign.rolls.log(character_id, name, "roll", detail, sum(faces), f"{name} rolled")
    return line.id


def test_a_second_report_reads_only_what_changed_and_tells_the_same(
    campaign: Campaign, tmp_path: Path
) -> None:
    kara = campaign.roster.add("Kara Voss", "pc")
    bryn = campaign.roster.add("Bryn", "pc")
    first = _log(campaign, kara.id, kara.name, (3, 5))
    _log(campaign, bryn.id, bryn.name, (6, 8))
    cache = TrayOddsCache()

    def fresh() -> Any:
        return luck_report(campaign, TrayOddsCache(), StatisticsScope())

    assert luck_report(campaign, cache, StatisticsScope()) == fresh()
    assert cache.log.whole_reads == 1

    _log(campaign, kara.id, kara.name, (1, 2))  # a new line: read alone
    report = luck_report(campaign, cache, StatisticsScope())
    assert report == fresh() and report.overall.rolls == 3
    campaign.rolls.set_undone(first, True)  # an undo mark: that line read again
    report = luck_report(campaign, cache, StatisticsScope())
    assert report == fresh() and report.overall.rolls == 2
    assert cache.log.whole_reads == 1

    campaign.roster.delete(bryn.id)  # its lines lose their character: all read again
    report = luck_report(campaign, cache, StatisticsScope())
    assert report == fresh()
    assert [(r.name, r.character_id) for r in report.rollers] == [
        ("Bryn", None),
        ("Kara Voss", kara.id),
    ]
    assert cache.log.whole_reads == 2

    other = Campaign.create(tmp_path / "Other.gmdesk", data_dir=tmp_path / "other-data")
    try:
        oda = other.roster.add("Oda", "pc")
        _log(other, oda.id, oda.name, (2, 2))
        elsewhere = luck_report(other, cache, StatisticsScope())  # another campaign
        assert [r.name for r in elsewhere.rollers] == ["Oda"]
        assert cache.log.whole_reads == 3
    finally:
        other.close()
