"""The luck report's words in another language: the views, the CSV and the printed
report's data say them in the language of the translator they are given.

Written against the catalogue (`translator("fr").gettext` of the English), so that they
hold whatever words the French catalogue has, and differ from the English once it has
them."""

from __future__ import annotations

import csv
import io

from desktop.language import translator
from desktop.store import RollRecord
from desktop.ui.statistics_print import luck_print_data
from desktop.views.players_luck import NO_GAME_ENDED, PlayersLuck
from desktop.views.roll_luck import CHOICE_REASON, judge_rolls
from desktop.views.statistics import EVERYONE, luck_sentence, rolls_report, summarise
from desktop.views.statistics_csv import CSV_HEADER, luck_csv
from desktop.views.tray_luck import TrayOddsCache
from tests.views.test_statistics import _record

FR = translator("fr")
ABOVE = (
    "{name} rolled above expectation: {percentile} percentile over {count} roll, "
    "about 1 in {odds} to be this lucky by chance.",
    "{name} rolled above expectation: {percentile} percentile over {count} rolls, "
    "about 1 in {odds} to be this lucky by chance.",
)


def _lucky() -> list[RollRecord]:
    faces = [(4, 6), (3, 5), (4, 4), (2, 6), (3, 6), (1, 2)]
    return [_record(i + 1, (4, 6), f) for i, f in enumerate(faces)]


def test_the_sentence_is_the_catalogues_french() -> None:
    summary = rolls_report(_lucky(), TrayOddsCache()).rollers[0]
    english = luck_sentence(summary)
    assert english == (
        "Kara Voss rolled above expectation: 72nd percentile over 6 rolls, "
        "about 1 in 37 to be this lucky by chance."
    )
    ordinal = FR.pgettext("ordinal", "{number}nd").format(number=72)
    french = FR.ngettext(*ABOVE, 6).format(
        name="Kara Voss", percentile=ordinal, count=6, odds=FR.number(37)
    )
    assert luck_sentence(summary, FR) == french
    assert french != english


def test_everyone_and_too_few_rolls_in_french() -> None:
    overall = rolls_report(_lucky()[:3], TrayOddsCache()).overall
    assert overall.shown_name() == EVERYONE == "Everyone"
    assert overall.shown_name(FR) == FR.gettext("Everyone") != "Everyone"
    few = FR.ngettext(
        "{name}: too few rolls to tell ({count} roll).",
        "{name}: too few rolls to tell ({count} rolls).",
        3,
    )
    assert luck_sentence(overall, FR) == few.format(name=FR.gettext("Everyone"), count=3)
    assert luck_sentence(overall, FR) != luck_sentence(overall)
    # A roller's name is the campaign's, in every language.
    assert rolls_report(_lucky(), TrayOddsCache()).rollers[0].shown_name(FR) == "Kara Voss"


def test_the_reasons_are_said_in_french() -> None:
    act = RollRecord(7, "2026-03-14T21:00:00", 1, "Kara Voss", "act", {}, None, "", False)
    odd = RollRecord(8, "2026-03-14T21:01:00", 1, "Kara Voss", "séance", {}, None, "", False)
    _judged, skipped = judge_rolls([act, odd], TrayOddsCache())
    assert skipped[0].reason == "an act spends dice, it rolls no tray"
    assert skipped[0].reason_in(FR) == FR.gettext("an act spends dice, it rolls no tray")
    assert skipped[0].reason_in(FR) != skipped[0].reason
    kind = FR.gettext("a line of kind {kind} keeps no tray of dice")
    assert skipped[1].reason == "a line of kind 'séance' keeps no tray of dice"
    assert skipped[1].reason_in(FR) == kind.format(kind="'séance'") != skipped[1].reason


def test_the_players_luck_says_its_lines_in_french() -> None:
    none = PlayersLuck(None, "", (), summarise("The table", None, (), group=True), ())
    assert none.said() == (NO_GAME_ENDED,)
    assert none.said(FR) == (FR.gettext(NO_GAME_ENDED),) != none.said()


def test_the_csv_keeps_its_english_header_and_says_its_sentences_in_french() -> None:
    records = [*_lucky(), _record(9, (6, 6), (1, 1), choice="lose_one")]
    report = rolls_report(records, TrayOddsCache())
    rows = list(csv.reader(io.StringIO(luck_csv(report, {}, FR))))
    assert tuple(rows[0]) == CSV_HEADER  # a spreadsheet's formulas read the same names
    table = [dict(zip(rows[0], row, strict=True)) for row in rows[1:]]
    rollers = [row for row in table if row["row"] == "roller"]
    assert rollers[0]["name"] == "Kara Voss"
    overall = rollers[-1]
    assert overall["name"] == FR.gettext("Everyone")
    assert overall["sentence"] == luck_sentence(report.overall, FR)
    chosen = next(row for row in table if row["row"] == "roll" and row["percentile"] == "")
    assert chosen["not_defined_reason"] == FR.gettext(CHOICE_REASON) != CHOICE_REASON
    assert chosen["roll_all_ones"] == "yes"  # a value formulas test: English


def test_the_printed_reports_words_are_the_print_languages() -> None:
    records = [*_lucky(), _record(9, (6, 6), (1, 1), choice="lose_one")]
    report = rolls_report(records, TrayOddsCache())
    data = luck_print_data(report, "Ashes", "Partie 1", FR)
    assert data.sentence == luck_sentence(report.overall, FR)
    assert data.overall is not None and data.overall.name == FR.gettext("Everyone")
    assert data.rollers[0].sentence == luck_sentence(report.rollers[0], FR)
    kara = report.rollers[0]
    expected = f"{float(kara.expected_depleted):.2f}".replace(".", ",")  # French decimals
    assert data.rollers[0].cells[2] == f"{kara.depleted} / {expected}"
    note = FR.ngettext(
        "{count} roll has no percentile: all ones, the outcome was the roller's "
        "choice. They count for dice, tuples, all ones and depletions.",
        "{count} rolls have no percentile: all ones, the outcome was the roller's "
        "choice. They count for dice, tuples, all ones and depletions.",
        1,
    )
    assert data.notes == (note.format(count=1),)
