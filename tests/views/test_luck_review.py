"""Issue 33 under review: the numbers a GM would see wrong."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from desktop.store import RollRecord
from desktop.views.statistics import rolls_report
from desktop.views.tray_luck import TrayOddsCache, tray_luck


def _die(size: int, face: int) -> dict[str, object]:
    return {"size": size, "rolled_as": size, "face": face, "depleted": False}


def _line(roll_id: int, sizes: tuple[int, ...], faces: tuple[int, ...]) -> RollRecord:
    all_ones = len(faces) >= 2 and set(faces) == {1}
    detail = {
        "dice": [_die(s, f) for s, f in zip(sizes, faces, strict=True)],
        "table": 0,
        "choice": "lose_one" if all_ones else None,  # the rules make every all-ones a choice
        "depleted": [],
    }
    return RollRecord(
        roll_id, f"2026-03-14T20:00:{roll_id % 60:02d}", 1, "Kara", "roll", detail,
        sum(faces), "", False, day=1,
    )  # fmt: skip


def test_a_perfectly_fair_table_reads_right_on_expectation() -> None:
    """Every face combination of 2d6 once: the fairest table there is. An all-ones roll
    is a choice and is not judged, so the rolls judged never include the lowest total;
    judged against the whole distribution the rest averaged above the 50th percentile,
    and a fair table of thousands of 2d6 rolls read 'lucky'."""
    combos = list(product(range(1, 7), repeat=2))
    records = [_line(i + 1, (6, 6), c) for i, c in enumerate(combos)]
    summary = rolls_report(records, TrayOddsCache()).overall
    assert (summary.judged, summary.not_defined) == (35, 1)
    assert summary.mean_percentile == Fraction(1, 2)
    assert "right on expectation" in summary.sentence


def test_judged_percentiles_of_a_tray_with_a_choice_average_one_half_by_enumeration() -> None:
    for sizes, table in [((4, 4, 6), 2), ((6, 8), 0), ((4, 4), 1)]:
        luck = tray_luck(sizes, table)
        combos = [c for c in product(*(range(1, s + 1) for s in sizes)) if set(c) != {1}]
        ranks = [luck.percentile(sum(c) + table) for c in combos]
        assert None not in ranks
        mean = sum(ranks, Fraction(0)) / len(combos)  # type: ignore[arg-type]
        assert mean == Fraction(1, 2)
        variance = sum(((r - mean) ** 2 for r in ranks), Fraction(0)) / len(combos)  # type: ignore[operator]
        assert luck.percentile_variance == variance
        # the full odds still give the counts' expectations
        assert luck.odds.catastrophe_chance == Fraction(
            1, len(list(product(*(range(1, s + 1) for s in sizes))))
        )
    single = tray_luck((6,), 0)  # one die: no choice, every face judged
    assert single.percentile(1) == Fraction(1, 12)
