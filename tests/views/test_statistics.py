"""The luck report against brute force: every face combination of small trays."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from fractions import Fraction
from itertools import product
from math import sqrt
from pathlib import Path
from statistics import NormalDist
from typing import Any

import pytest

from desktop.actions.actor import Actor
from desktop.actions.dice import roll_tray
from desktop.actions.tray import apply_tray_roll
from desktop.rules import dicepool
from desktop.store import Campaign, RollRecord
from desktop.views.roll_luck import CHOICE_REASON, judge_rolls
from desktop.views.statistics import (
    StatisticsScope,
    luck_report,
    luck_sentence,
    percentile_histogram,
    rolls_report,
)
from desktop.views.tray_luck import TrayOddsCache, tray_luck
from tests.actions.conftest import in_tray
from tests.ui.scripted import ScriptedRng

TRAYS = [((4, 6), 0), ((6, 6), 1), ((4, 4, 8), 0)]


def _enumerate(sizes: tuple[int, ...], table: int) -> list[tuple[int, ...]]:
    return list(product(*(range(1, s + 1) for s in sizes)))


def _judged(sizes: tuple[int, ...], table: int) -> list[tuple[int, ...]]:
    """The face combinations a report judges: all ones of two or more dice is the
    roller's choice, never judged."""
    combos = _enumerate(sizes, table)
    return [c for c in combos if len(c) < 2 or set(c) != {1}]


def _brute_percentile(sizes: tuple[int, ...], table: int, total: int) -> Fraction:
    combos = _judged(sizes, table)
    below = sum(1 for c in combos if sum(c) + table < total)
    equal = sum(1 for c in combos if sum(c) + table == total)
    return Fraction(2 * below + equal, 2 * len(combos))


def _brute_depleted(sizes: tuple[int, ...], faces: tuple[int, ...]) -> int:
    d4_ones = sum(1 for s, f in zip(sizes, faces, strict=True) if f == 1 and s == 4)
    other_ones = sum(1 for s, f in zip(sizes, faces, strict=True) if f == 1 and s != 4)
    return other_ones + d4_ones // 2


@pytest.mark.parametrize(("sizes", "table"), TRAYS)
def test_percentiles_and_their_variance_agree_with_every_face_combination(
    sizes: tuple[int, ...], table: int
) -> None:
    luck = tray_luck(sizes, table)
    combos = _judged(sizes, table)
    totals = {sum(c) + table for c in combos}
    assert set(luck.percentiles) == totals
    for total in totals:
        assert luck.percentile(total) == _brute_percentile(sizes, table, total)
    ranks = [_brute_percentile(sizes, table, sum(c) + table) for c in combos]
    mean = sum(ranks, Fraction(0)) / len(combos)
    assert mean == Fraction(1, 2)  # a fair table's mid-rank always averages one half
    variance = sum(((r - mean) ** 2 for r in ranks), Fraction(0)) / len(combos)
    assert luck.percentile_variance == variance
    assert variance < Fraction(1, 12)  # ties make it less than the continuous 1/12
    assert luck.percentile(min(totals) - 1) is None


@pytest.mark.parametrize(("sizes", "table"), TRAYS)
def test_expectations_agree_with_every_face_combination(sizes: tuple[int, ...], table: int) -> None:
    odds = tray_luck(sizes, table).odds
    combos = _enumerate(sizes, table)
    n = len(combos)
    assert odds.expected_depleted == Fraction(sum(_brute_depleted(sizes, c) for c in combos), n)
    assert odds.tuple_chance == Fraction(sum(1 for c in combos if len(set(c)) == 1), n)
    assert odds.catastrophe_chance == Fraction(sum(1 for c in combos if set(c) == {1}), n)


def _die(size: int, face: int) -> dict[str, Any]:
    return {"size": size, "rolled_as": size, "face": face, "depleted": False}


def _record(
    roll_id: int,
    sizes: tuple[int, ...],
    faces: tuple[int, ...],
    *,
    table: int = 0,
    name: str = "Kara Voss",
    character_id: int | None = 1,
    choice: str | None = None,
    day: int = 1,
    undone: bool = False,
) -> RollRecord:
    detail = {
        "dice": [_die(s, f) for s, f in zip(sizes, faces, strict=True)],
        "table": table,
        "tuple": len(set(faces)) == 1,
        "catastrophe": set(faces) == {1},
        "choice": choice,
        "depleted": [],
    }
    return RollRecord(
        id=roll_id,
        at=f"2026-03-14T20:{roll_id:02d}:00",
        character_id=character_id,
        character_name=name,
        kind="roll",
        detail=detail,
        total=sum(faces) + table,
        summary="",
        undone=undone,
        day=day,
    )


def test_a_roll_whose_outcome_was_a_choice_has_no_percentile_but_keeps_its_counts() -> None:
    cache = TrayOddsCache()
    [luck], skipped = judge_rolls([_record(1, (6, 6), (1, 1), choice="lose_one")], cache)
    assert skipped == []
    assert luck.percentile is None and luck.percentile_variance is None
    assert luck.not_defined == CHOICE_REASON
    assert luck.all_ones and luck.is_tuple
    assert luck.all_ones_chance == Fraction(1, 36)
    summary = rolls_report([_record(1, (6, 6), (1, 1), choice="lose_one")], cache).overall
    assert (summary.rolls, summary.judged, summary.not_defined) == (1, 0, 1)
    assert summary.mean_percentile is None
    assert "too few rolls to tell" in summary.sentence


def test_lines_without_a_tray_are_not_covered_and_say_why() -> None:
    act = RollRecord(7, "2026-03-14T21:00:00", 1, "Kara Voss", "act", {}, None, "", False)
    old = RollRecord(
        8, "2026-03-14T21:01:00", 1, "Kara Voss", "roll", {"dice": [6, 8]}, 9, "", False
    )
    bad = RollRecord(
        9, "2026-03-14T21:02:00", 1, "Kara Voss", "roll",
        {"dice": [{"rolled_as": 6, "face": 9}]}, 9, "", False,
    )  # fmt: skip
    judged, skipped = judge_rolls([act, old, bad], TrayOddsCache())
    assert judged == []
    assert [(s.roll_id, s.reason) for s in skipped] == [
        (7, "an act spends dice, it rolls no tray"),
        (8, "the line keeps no dice with their faces"),
        (9, "the line keeps no dice with their faces"),
    ]


def test_each_side_of_a_conflict_is_judged_on_its_dice_and_table() -> None:
    sides = [
        {"character_id": 1, "name": "Kara Voss", "dice": [_die(6, 5), _die(6, 3)], "table": 2,
         "choice": None, "total": 15},
        {"character_id": None, "name": "The storm", "dice": [_die(8, 7)], "table": 0,
         "choice": None},
    ]  # fmt: skip
    record = RollRecord(3, "2026-03-14T21:40:00", 1, "Kara Voss", "conflict",
                        {"sides": sides}, 15, "", False)  # fmt: skip
    judged, skipped = judge_rolls([record], TrayOddsCache())
    assert skipped == []
    assert [(j.character_name, j.side, j.total) for j in judged] == [
        ("Kara Voss", 0, 10),
        ("The storm", 1, 7),
    ]
    assert judged[0].percentile == _brute_percentile((6, 6), 2, 10)
    assert judged[1].percentile == Fraction(13, 16)


def test_the_cache_computes_each_distinct_tray_once() -> None:
    cache = TrayOddsCache()
    records = [
        _record(1, (4, 6), (2, 3)),
        _record(2, (6, 4), (5, 1)),  # the same tray in another order
        _record(3, (6, 6), (2, 2), table=1),
        _record(4, (4, 6), (4, 6)),
        _record(5, (6, 6), (3, 2), table=1),
        _record(6, (6, 6), (3, 2)),  # another table: another tray
    ]
    rolls_report(records, cache)
    assert cache.computed == 3
    rolls_report(records, cache)
    assert cache.computed == 3 and len(cache) == 3


def test_the_sentence_tells_the_mean_percentile_and_its_chance() -> None:
    faces = [(4, 6), (3, 5), (4, 4), (2, 6), (3, 6), (1, 2)]
    records = [_record(i + 1, (4, 6), f) for i, f in enumerate(faces)]
    records.append(_record(20, (4, 6), (4, 6), undone=True))  # undone: not counted
    summary = rolls_report(records, TrayOddsCache()).rollers[0]
    ranks = [_brute_percentile((4, 6), 0, sum(f)) for f in faces]
    combos = _judged((4, 6), 0)
    one = [_brute_percentile((4, 6), 0, sum(c)) for c in combos]
    variance = sum(((r - Fraction(1, 2)) ** 2 for r in one), Fraction(0)) / len(combos)
    mean = sum(ranks, Fraction(0)) / len(ranks)
    error = sqrt(len(ranks) * variance) / len(ranks)
    p = 1 - NormalDist().cdf((float(mean) - 0.5) / error)
    assert summary.mean_percentile == mean
    assert summary.standard_error == pytest.approx(error)
    assert summary.p_value == pytest.approx(p)
    assert (summary.rolls, summary.dice, summary.judged) == (6, 12, 6)
    # By hand, among the 23 outcomes of d4+d6 judged (all ones is a choice): totals 10,
    # 8, 8, 8, 9, 3 rank 45/46, 37/46 (three times), 42/46 and 2/46, a mean of 50/69
    # (72%); each rank's variance is 992/12167, so the standard error is
    # sqrt(6 * 992/12167) / 6 = 0.1166, z = 1.93.
    assert mean == Fraction(50, 69)
    assert variance == Fraction(992, 12167)
    assert summary.sentence == (
        "Kara Voss rolled above expectation: 72nd percentile over 6 rolls, "
        "about 1 in 37 to be this lucky by chance."
    )


def test_unlucky_rolls_and_too_few_rolls_say_so() -> None:
    low = [_record(i + 1, (6, 6), (1, 2), name="Bryn", character_id=2) for i in range(5)]
    summary = rolls_report(low, TrayOddsCache()).rollers[0]
    # Among the 35 outcomes of 2d6 judged (all ones is a choice), a total of 3 ranks
    # 2/35 / 2 = 1/35 (3%), five times: z = -3.68.
    assert summary.mean_percentile == Fraction(1, 35)
    assert luck_sentence(summary) == (
        "Bryn rolled below expectation: 3rd percentile over 5 rolls, "
        "about 1 in 8,586 to be this unlucky by chance."
    )
    assert (summary.depleted, summary.expected_depleted) == (5, Fraction(5, 3))
    few = rolls_report(low[:4], TrayOddsCache()).rollers[0]
    assert few.sentence == "Bryn: too few rolls to tell (4 rolls)."


def test_a_mean_that_rounds_to_the_50th_percentile_is_about_as_expected() -> None:
    # On a d6 a 4 ranks 7/12 and a 3 ranks 5/12: 21 fours and 19 threes average
    # 242/480 (50.4%), above a half but shown as the 50th.
    faces = [4, 3] * 19 + [4, 4]
    rolls = [_record(i + 1, (6,), (f,), name="Bryn", character_id=2) for i, f in enumerate(faces)]
    summary = rolls_report(rolls, TrayOddsCache()).rollers[0]
    assert summary.mean_percentile == Fraction(242, 480)
    assert summary.sentence == "Bryn rolled about as expected: 50th percentile over 40 rolls."


@pytest.mark.parametrize(("sizes", "table"), [((6, 6), 0), ((4, 6, 8), 1), ((10,), 2), ((4, 4), 0)])
def test_the_histogram_of_every_judged_outcome_is_flat(sizes: tuple[int, ...], table: int) -> None:
    # Every face combination once, all ones (the roller's choice) left out, as a fair
    # table rolls them in the long run: each tenth of the scale holds exactly a tenth.
    combos = [
        faces
        for faces in product(*(range(1, s + 1) for s in sizes))
        if not (len(faces) >= 2 and set(faces) == {1})
    ]
    records = [
        _record(i + 1, sizes, faces, table=table, name="Bryn", character_id=2)
        for i, faces in enumerate(combos)
    ]
    report = rolls_report(records, TrayOddsCache())
    assert report.overall.judged == len(combos)
    histogram = percentile_histogram(report.rolls)
    assert histogram == pytest.approx((len(combos) / 10,) * 10, rel=1e-9)
    # Counting each roll only where its mid-rank falls would not be flat: a 2d6's 7,
    # rolled 6 times in 35, sits in one tenth.
    if sizes == (6, 6):
        mid_ranks = [0] * 10
        for roll in report.rolls:
            assert roll.percentile is not None
            mid_ranks[min(9, int(roll.percentile * 10))] += 1
        assert max(mid_ranks) - min(mid_ranks) >= 3


def test_a_chance_past_a_million_is_said_in_words() -> None:
    # Twelve 3s on 2d6: z = 5.7, a one-sided chance of about 1 in 1.7 * 10**8, which no
    # table tells from 1 in a million (and the normal tail is not that exact out there).
    low = [_record(i + 1, (6, 6), (1, 2), name="Bryn", character_id=2) for i in range(12)]
    summary = rolls_report(low, TrayOddsCache()).rollers[0]
    assert summary.one_in is not None and summary.one_in > 1_000_000
    assert summary.sentence == (
        "Bryn rolled below expectation: 3rd percentile over 12 rolls, "
        "less than 1 in a million to be this unlucky by chance."
    )


def test_a_scope_of_days_keeps_only_those_days() -> None:
    assert StatisticsScope(first_day=2, last_day=3).holds(_record(1, (6,), (3,), day=2))
    assert not StatisticsScope(first_day=2, last_day=3).holds(_record(1, (6,), (3,), day=4))
    assert not StatisticsScope(first_day=2).holds(_record(1, (6,), (3,), day=1))
    assert StatisticsScope().holds(_record(1, (6,), (3,), day=1))


def test_a_campaign_played_through_the_store_gives_each_roller_their_counts(
    campaign: Campaign,
) -> None:
    kara = campaign.roster.add("Kara Voss", "pc")
    bryn = campaign.roster.add("Bryn", "pc")
    campaign.kit.add_dice(kara.id, 6, count=3)
    campaign.kit.add_dice(bryn.id, 6, count=2)
    game = campaign.games.start()
    gm = Actor.gm()

    def roll(character_id: int, faces: list[int], **choice: Any) -> None:
        dice = campaign.kit.dice(character_id)
        pool = [d for d in dice if d.place == "pool"][: len(faces)]
        rest = [d for d in dice if d not in pool]
        rolled = roll_tray([*in_tray(campaign, pool), *rest], 0, ScriptedRng(faces))
        apply_tray_roll(campaign, gm, character_id, rolled, steps_allowed=0, **choice)

    roll(kara.id, [5, 2])  # 7 on 2d6
    roll(kara.id, [1, 3, 4])  # one die to the table
    roll(kara.id, [6, 6])  # a tuple, rolled with one die on the table
    bryn_dice = campaign.kit.dice(bryn.id)
    roll(bryn.id, [1, 1], choice=dicepool.Catastrophe.LOSE_ONE, chosen=bryn_dice[0].id)
    campaign.rolls.log(bryn.id, bryn.name, "act", {}, None, "Bryn acts")

    cache = TrayOddsCache()
    report = luck_report(campaign, cache, StatisticsScope(game_id=game.id))
    by_name = {r.name: r for r in report.rollers}
    k, b = by_name["Kara Voss"], by_name["Bryn"]
    assert (k.rolls, k.dice, k.depleted, k.tuples, k.all_ones, k.judged) == (3, 7, 1, 1, 0, 3)
    assert k.expected_depleted == Fraction(2, 6) + Fraction(3, 6) + Fraction(2, 6)
    assert k.expected_tuples == Fraction(6, 36) + Fraction(6, 216) + Fraction(6, 36)
    # The tuple roll had one depleted die on the table: 6 + 6 + 1.
    assert report.rolls[2].table == 1 and report.rolls[2].total == 13
    assert (b.rolls, b.dice, b.all_ones, b.judged, b.not_defined) == (1, 2, 1, 0, 1)
    assert b.expected_all_ones == Fraction(1, 36)
    assert [(n.character_name, n.kind) for n in report.not_covered] == [("Bryn", "act")]
    assert report.overall.rolls == 4
    # Kara's depletions by the plain rule agree with what the log says was depleted.
    lines = {line.id: line for line in campaign.rolls.all()}
    logged = sum(len(lines[r.roll_id].detail["depleted"]) for r in report.rolls[:3])
    assert logged == k.depleted
    assert cache.computed == 3  # 2d6, 3d6, 2d6 with a table of 1; Bryn's 2d6 reused


def test_the_details_a_real_campaign_logged_are_read() -> None:
    """The roll log of the journal-era test campaign, as written: rolls, a conflict, an
    undone roll and a line from before faces were kept."""
    path = Path(__file__).parent.parent / "store" / "campaigns" / "0011_journal.gmdesk"
    with closing(sqlite3.connect(path)) as db:
        rows = db.execute(
            "SELECT id, at, character_id, character_name, kind, detail, total, summary, "
            "undone, day, game_id FROM roll_log"
        ).fetchall()
    records = [
        RollRecord(
            id=row[0], at=row[1], character_id=row[2], character_name=row[3], kind=row[4],
            detail=json.loads(row[5]), total=row[6], summary=row[7], undone=bool(row[8]),
            day=row[9], game_id=row[10],
        )
        for row in rows
    ]  # fmt: skip
    judged, skipped = judge_rolls(records, TrayOddsCache())
    assert [(j.roll_id, j.character_name, j.sizes, j.table, j.total) for j in judged] == [
        (1, "Kara Voss", (10, 6, 6), 0, 11),
        (2, "Mira Threnody", (6, 6, 8), 0, 12),
        (3, "Kara Voss", (6, 6, 6), 2, 12),
        (3, "Captain Reyne Dask", (8, 8, 6), 0, 19),
    ]
    assert [j.total for j in judged] == [records[0].total, records[1].total, 12, 19]
    assert (judged[0].depleted, judged[1].is_tuple) == (2, True)
    assert [(s.roll_id, s.reason) for s in skipped] == [
        (5, "the line keeps no dice with their faces")
    ]


@pytest.mark.parametrize(
    ("kind", "detail", "reason"),
    [
        ("roll", {"dice": [{"rolled_as": True, "face": 1}]}, "the line keeps no dice with"),
        ("roll", {"dice": [{"rolled_as": 6, "face": "6"}]}, "the line keeps no dice with"),
        ("roll", {"dice": [_die(6, 3)], "table": -1}, "the line's table cannot be read"),
        ("roll", {"dice": [_die(6, 3)], "table": "2"}, "the line's table cannot be read"),
        ("conflict", {"sides": "both"}, "the conflict's sides cannot be read"),
        ("conflict", {"sides": [1, 2]}, "the conflict's sides cannot be read"),
        ("challenge", {}, "a challenge line keeps no tray of dice"),
        ("séance", [], "a line of kind 'séance' keeps no tray of dice"),
    ],
)
def test_a_line_that_cannot_be_read_is_set_aside_with_a_plain_reason(
    kind: str, detail: Any, reason: str
) -> None:
    record = RollRecord(1, "2026-03-14T20:00:00", 1, "Kara Voss", kind, detail, 3, "", False)
    judged, skipped = judge_rolls([record], TrayOddsCache())
    assert judged == []
    assert len(skipped) == 1 and skipped[0].reason.startswith(reason)


def test_a_range_of_days_reports_only_the_rolls_of_those_days(campaign: Campaign) -> None:
    kara = campaign.roster.add("Kara Voss", "pc")
    dice = campaign.kit.add_dice(kara.id, 6, count=2)
    days = []
    for faces in ([2, 3], [4, 4], [6, 5]):
        tray = in_tray(campaign, [d for d in campaign.kit.dice(kara.id) if d.place == "pool"])
        apply_tray_roll(
            campaign, Actor.gm(), kara.id, roll_tray(tray, 0, ScriptedRng(faces)), steps_allowed=0
        )
        days.append(campaign.rolls.all(limit=1)[0].day)
        campaign.calendar.end_day()
    assert len(dice) == 2 and days[0] is not None and len(set(days)) == 3
    scope = StatisticsScope(first_day=days[1], last_day=days[2])
    report = luck_report(campaign, TrayOddsCache(), scope)
    assert [r.total for r in report.rolls] == [8, 11]
    assert report.overall.tuples == 1
    whole = luck_report(campaign, TrayOddsCache())
    assert [r.total for r in whole.rolls] == [5, 8, 11]
