"""The luck report as CSV (issue 33): its numbers for a spreadsheet.

Two tables in one file, told apart by the first column, "row": the header names every
column once; "roller" rows (each roller, then "Everyone") fill the summary's columns and
"roll" rows the roll's, the others left empty. A roll's database id is not exported: the
order number says which roll it was, and the day and game where.

The header and the cells a spreadsheet's formulas would test stay English in every
language: the column names ("name", "rolls", ...), "roller" and "roll", the kind of
line, "yes" and "no", the dice ("d6 d8"). They are the file's format, not words to read:
a sheet built on one export reads the next, whatever language the window or the print
was in that day, and GM Desk knows its own file by the header's first bytes
(`outputs.STATISTICS_CSV`). What is read as words is in the language of the `words`
given (English without): the sentences, the reasons, "Everyone" and a game's name.

Every text cell from the GM's words (a name, a sentence, a reason) is neutralised
against spreadsheet formulas: one that starts with "=", "+", "-", "@", a tab or a
carriage return gets a leading apostrophe, which spreadsheets show as text (OWASP's
advice for CSV injection). Numbers are never touched: they are ours.

Qt-free; writing the file whole is `desktop.text_files.write_text_file`'s.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping
from fractions import Fraction

from desktop.language import Translator, translator
from desktop.store import Campaign
from desktop.views.roll_luck import RollLuck, said
from desktop.views.statistics import LuckReport, LuckSummary, luck_sentence

__all__ = [
    "CSV_HEADER",
    "ROLL_COLUMNS",
    "SUMMARY_COLUMNS",
    "game_numbers",
    "luck_csv",
    "luck_csv_rows",
    "neutralised",
]

SUMMARY_COLUMNS = (
    "name",
    "rolls",
    "dice",
    "depleted",
    "expected_depleted",
    "tuples",
    "expected_tuples",
    "all_ones",
    "expected_all_ones",
    "judged",
    "not_defined",
    "mean_percentile",
    "standard_error",
    "one_in",
    "sentence",
)
ROLL_COLUMNS = (
    "order",
    "day",
    "game",
    "roller",
    "kind",
    "side",
    "roll_dice",
    "table",
    "total",
    "percentile",
    "roll_expected_depleted",
    "roll_depleted",
    "roll_tuple",
    "roll_all_ones",
    "not_defined_reason",
)
# Each name once: a roll's own counts are "roll_..." beside the rollers' sums.
# The first bytes of every such export (outputs.STATISTICS_CSV knows a file by them).
CSV_HEADER = ("row", *SUMMARY_COLUMNS, *ROLL_COLUMNS)
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def neutralised(text: str) -> str:
    """`text` safe in a spreadsheet's cell: never read as a formula."""
    return f"'{text}" if text.startswith(_FORMULA_STARTS) else text


def game_numbers(campaign: Campaign) -> dict[int, int]:
    """Each game's number as the journal gives it (1 for the first played), by its id."""
    return {game.id: number for number, game in enumerate(campaign.games.all(), start=1)}


def luck_csv_rows(
    report: LuckReport, games: Mapping[int, int] | None = None, words: Translator | None = None
) -> list[list[str]]:
    """The CSV's rows, header first (alone when no roll was judged). `games` gives each
    game's number by its id (see `game_numbers`); a game it does not know (deleted since)
    is "Game ?"; without `games`, a game is named by its id, as the roll log names it.
    The words read as words are in the language of `words` (English without)."""
    words = words or translator("en")
    empty_roll = [""] * len(ROLL_COLUMNS)
    rows = [list(CSV_HEADER)]
    if not report.rolls:
        return rows  # no roll judged: the header alone, no "Everyone" of zeros
    for summary in (*report.rollers, report.overall):
        rows.append(["roller", *_summary_cells(summary, words), *empty_roll])
    empty_summary = [""] * len(SUMMARY_COLUMNS)
    for order, roll in enumerate(report.rolls, start=1):
        rows.append(["roll", *empty_summary, *_roll_cells(order, roll, games, words)])
    return rows


def luck_csv(
    report: LuckReport, games: Mapping[int, int] | None = None, words: Translator | None = None
) -> str:
    """The report as CSV text (line ends "\\r\\n", as the csv module and RFC 4180 write),
    its words in the language of `words` (English without)."""
    out = io.StringIO()
    csv.writer(out).writerows(luck_csv_rows(report, games, words))
    return out.getvalue()


def _summary_cells(summary: LuckSummary, words: Translator) -> list[str]:
    mean = summary.mean_percentile
    error = summary.standard_error
    return [
        neutralised(summary.shown_name(words)),
        str(summary.rolls),
        str(summary.dice),
        str(summary.depleted),
        _decimals(summary.expected_depleted),
        str(summary.tuples),
        _decimals(summary.expected_tuples, 3),
        str(summary.all_ones),
        _decimals(summary.expected_all_ones, 3),
        str(summary.judged),
        str(summary.not_defined),
        "" if mean is None else f"{float(mean) * 100:.1f}",
        "" if error is None else f"{error * 100:.1f}",  # in percentile points
        "" if summary.one_in is None else str(summary.one_in),
        neutralised(luck_sentence(summary, words)),
    ]


def _roll_cells(
    order: int, roll: RollLuck, games: Mapping[int, int] | None, words: Translator
) -> list[str]:
    return [
        str(order),
        "" if roll.day is None else str(roll.day),
        _game(roll.game_id, games, words),
        neutralised(roll.character_name),
        roll.kind,
        "" if roll.side is None else str(roll.side + 1),  # the first side is side 1
        " ".join(f"d{size}" for size in roll.sizes),
        str(roll.table),
        str(roll.total),
        "" if roll.percentile is None else f"{float(roll.percentile) * 100:.1f}",
        _decimals(roll.expected_depleted),
        str(roll.depleted),
        _yes(roll.is_tuple),
        _yes(roll.all_ones),
        "" if roll.not_defined is None else neutralised(said(roll.not_defined, roll.kind, words)),
    ]


def _game(game_id: int | None, games: Mapping[int, int] | None, words: Translator) -> str:
    if game_id is None:
        return ""  # rolled outside a game
    if games is None:
        return words.gettext("Game {number}").format(number=game_id)  # as the roll log
    number = games.get(game_id)
    if number is None:
        return words.gettext("Game ?")  # deleted since
    return words.gettext("Game {number}").format(number=number)


def _decimals(value: Fraction, places: int = 2) -> str:
    """Depletions to 2 places; tuple and all-ones chances, often under 0.01 a roll, to 3."""
    return f"{float(value):.{places}f}"


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"
