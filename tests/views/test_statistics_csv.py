"""The luck report as CSV (issue 33): read back with the csv module it gives the report's
own numbers; hostile names survive, formula-leading ones are neutralised; no roll is a
header alone; the file is written whole, or not at all with a plain message."""

from __future__ import annotations

import csv
import io
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from desktop import outputs
from desktop.store import Campaign, RollRecord
from desktop.text_files import write_text_file
from desktop.views.roll_luck import CHOICE_REASON
from desktop.views.statistics import LuckReport, luck_report, rolls_report
from desktop.views.statistics_csv import (
    CSV_HEADER,
    ROLL_COLUMNS,
    SUMMARY_COLUMNS,
    game_numbers,
    luck_csv,
    luck_csv_rows,
)
from desktop.views.tray_luck import TrayOddsCache
from tests.small_disks import small_disk
from tests.views.luck_campaign import play_luck


def _die(size: int, face: int) -> dict[str, Any]:
    return {"size": size, "rolled_as": size, "face": face, "depleted": False}


def _record(
    roll_id: int,
    dice: list[tuple[int, int]],
    name: str = "Kara Voss",
    *,
    character_id: int | None = 1,
    table: int = 0,
    choice: str | None = None,
    game_id: int | None = 7,
) -> RollRecord:
    faces = [face for _, face in dice]
    detail = {"dice": [_die(s, f) for s, f in dice], "table": table, "choice": choice}
    return RollRecord(
        id=roll_id,
        at=f"2026-03-14T20:{roll_id:02d}:00",
        character_id=character_id,
        character_name=name,
        kind="roll",
        detail=detail,
        total=sum(faces) + table,
        summary="",
        undone=False,
        day=3,
        game_id=game_id,
    )


def _report(names: tuple[str, ...] = ("Kara Voss", "Bryn")) -> LuckReport:
    records = []
    faces = [(6, 5), (8, 2), (4, 1), (6, 6), (10, 3), (4, 4), (6, 1), (8, 8)]
    for index in range(24):
        name = names[index % len(names)]
        a, b = faces[index % len(faces)], faces[(index * 3 + 1) % len(faces)]
        records.append(_record(900 + index, [a, b], name, character_id=index % len(names) + 1))
    last = len(names)
    records.append(_record(990, [(6, 1), (6, 1)], names[-1], character_id=last, choice="lose_one"))
    return rolls_report(records, TrayOddsCache())


def _read(text: str) -> list[dict[str, str]]:
    rows = list(csv.reader(io.StringIO(text, newline="")))
    assert rows[0] == list(CSV_HEADER) and len(set(CSV_HEADER)) == len(CSV_HEADER)
    assert all(len(row) == len(CSV_HEADER) for row in rows)
    return [dict(zip(CSV_HEADER, row, strict=True)) for row in rows[1:]]


def test_the_csv_read_back_gives_the_reports_own_numbers() -> None:
    report = _report()
    rows = _read(luck_csv(report, {7: 2}))
    rollers = [row for row in rows if row["row"] == "roller"]
    rolls = [row for row in rows if row["row"] == "roll"]
    assert [row["name"] for row in rollers] == ["Kara Voss", "Bryn", "Everyone"]
    for row, summary in zip(rollers, (*report.rollers, report.overall), strict=True):
        counts = ("rolls", "dice", "depleted", "tuples", "all_ones", "judged", "not_defined")
        assert [int(row[c]) for c in counts] == [getattr(summary, c) for c in counts]
        assert row["expected_depleted"] == f"{float(summary.expected_depleted):.2f}"
        assert Fraction(row["expected_tuples"]) == round(summary.expected_tuples, 3)
        assert Fraction(row["expected_all_ones"]) == round(summary.expected_all_ones, 3)
        assert summary.mean_percentile is not None and summary.standard_error is not None
        assert row["mean_percentile"] == f"{float(summary.mean_percentile) * 100:.1f}"
        assert float(row["standard_error"]) == round(summary.standard_error * 100, 1)
        assert row["one_in"] == str(summary.one_in)
        assert row["sentence"] == summary.sentence
        assert all(row[c] == "" for c in ROLL_COLUMNS)  # the rolls' columns left empty
    assert len(rolls) == len(report.rolls) == 25
    for order, (row, roll) in enumerate(zip(rolls, report.rolls, strict=True), start=1):
        assert all(row[c] == "" for c in SUMMARY_COLUMNS)
        assert row["order"] == str(order) and row["day"] == "3" and row["game"] == "Game 2"
        assert row["roller"] == roll.character_name and row["kind"] == "roll"
        assert row["roll_dice"] == " ".join(f"d{s}" for s in roll.sizes)
        assert (int(row["table"]), int(row["total"])) == (roll.table, roll.total)
        assert int(row["roll_depleted"]) == roll.depleted
        assert row["roll_expected_depleted"] == f"{float(roll.expected_depleted):.2f}"
        assert row["roll_tuple"] == ("yes" if roll.is_tuple else "no")
        assert row["roll_all_ones"] == ("yes" if roll.all_ones else "no")
        if roll.percentile is None:
            assert row["percentile"] == "" and row["not_defined_reason"] == CHOICE_REASON
        else:
            assert row["percentile"] == f"{float(roll.percentile) * 100:.1f}"
            assert row["not_defined_reason"] == ""
    # The roll's database id is nowhere: not as a column, not as a value.
    assert "id" not in CSV_HEADER and "roll_id" not in CSV_HEADER
    assert not any("900" in cell or "990" in cell for row in rows for cell in row.values())


def test_hostile_names_come_back_whole_and_formulas_are_neutralised() -> None:
    hostile = "Ka,ra \"the 'Bold'\"\nVoss; DROP"
    formulas = ["=1+1", "+SUM(A1:A9)", "-2+3", "@cmd", "\tTab", '=HYPERLINK("x","y")']
    report = _report((hostile, *formulas, "Plain - not at the start"))
    rows = _read(luck_csv(report))
    names = [row["name"] for row in rows if row["row"] == "roller"]
    assert names[0] == hostile
    assert names[1:-2] == [f"'{name}" for name in formulas]
    assert names[-2:] == ["Plain - not at the start", "Everyone"]
    rollers = {row["roller"] for row in rows if row["row"] == "roll"}
    assert rollers == set(names[:-1])
    # No cell a spreadsheet would take for a formula, in any column.
    for row in rows:
        for cell in row.values():
            assert not cell.startswith(("=", "+", "-", "@", "\t", "\r")), cell


def test_no_roll_gives_the_header_alone() -> None:
    empty = rolls_report([], TrayOddsCache())
    assert luck_csv_rows(empty) == [list(CSV_HEADER)]
    assert luck_csv(empty) == ",".join(CSV_HEADER) + "\r\n"


def test_a_played_campaign_numbers_its_games_as_the_journal_does(campaign: Campaign) -> None:
    play_luck(campaign, rolls=12)
    report = luck_report(campaign, TrayOddsCache())
    games = game_numbers(campaign)
    assert list(games.values()) == [1]
    rows = _read(luck_csv(report, games))
    in_game = [row["game"] for row in rows if row["row"] == "roll"]
    assert in_game[:5] == ["Game 1"] * 5 and in_game[-1] == ""  # after the game: none
    assert sum(row["row"] == "roll" for row in rows) == 13  # the act is no roll


def test_the_file_is_written_whole_and_replaces_only_its_own_kind(tmp_path: Path) -> None:
    text = luck_csv(_report())
    target = tmp_path / "luck.csv"
    write_text_file(target, text, outputs.STATISTICS_CSV)
    assert target.read_bytes() == text.encode("utf-8")  # "\r\n" kept on every system
    write_text_file(target, text, outputs.STATISTICS_CSV)  # our own: replaced
    notes = tmp_path / "notes.csv"
    notes.write_text("my,own\n1,2\n", encoding="utf-8")
    with pytest.raises(OSError, match=r"“notes\.csv” is not a statistics CSV GM Desk wrote"):
        write_text_file(notes, text, outputs.STATISTICS_CSV)
    assert notes.read_text(encoding="utf-8") == "my,own\n1,2\n"
    with pytest.raises(OSError, match="does not exist"):
        write_text_file(tmp_path / "missing" / "luck.csv", text, outputs.STATISTICS_CSV)
    assert sorted(p.name for p in tmp_path.glob("*.*")) == ["luck.csv", "notes.csv"]


def test_a_read_only_disk_or_a_full_one_is_said_plainly_and_leaves_nothing(
    tmp_path: Path,
) -> None:
    text = luck_csv(_report()) * 40  # some 60 kB: more than the small disk holds
    with small_disk(tmp_path / "ro", "64k", read_only=True) as disk:
        with pytest.raises(OSError) as refused:
            write_text_file(disk / "luck.csv", text, outputs.STATISTICS_CSV)
        assert str(refused.value).startswith("“luck.csv” could not be saved: its folder is on")
        assert "Errno" not in str(refused.value) and list(disk.iterdir()) == []
    with small_disk(tmp_path / "full", "16k") as disk:
        with pytest.raises(OSError) as full:
            write_text_file(disk / "luck.csv", text, outputs.STATISTICS_CSV)
        assert "the disk is full" in str(full.value) and ".partial" not in str(full.value)
        assert list(disk.iterdir()) == []


def test_the_open_campaigns_csv_never_goes_over_it_nor_into_its_backups(
    campaign: Campaign, tmp_path: Path
) -> None:
    from desktop.ui.statistics_print import write_luck_csv

    play_luck(campaign, rolls=6)
    report = luck_report(campaign, TrayOddsCache())
    before = campaign.path.read_bytes()
    with pytest.raises(OSError, match="is the campaign itself"):
        write_luck_csv(campaign.path, report, campaign)
    assert campaign.path.read_bytes() == before
    backups = campaign.backup_folder
    backups.mkdir(parents=True, exist_ok=True)
    kept = backups / "old.csv"
    kept.write_text("row,name,rolls,dice,depleted,\r\n", encoding="utf-8")  # even ours
    with pytest.raises(OSError, match="backups folder"):
        write_luck_csv(kept, report, campaign)
    target = tmp_path / "luck.csv"
    write_luck_csv(target, report, campaign)
    rows = _read(target.read_text(encoding="utf-8"))
    assert {row["game"] for row in rows if row["row"] == "roll"} == {"Game 1", ""}
