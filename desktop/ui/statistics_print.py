"""The luck report as plain data for paper (issue 33): what `printing.statistics` draws;
and its CSV written beside the open campaign's rules for outputs.

Qt-free, as `journal_export` gathers the journal's pages: the report's numbers become
words ("3 / 2.50") and plain floats here, so printing needs neither the store nor views.
The words are in the print language given (`words`: the campaign's print language, for
the window's printouts and the command line's), the window's without one.
"""

from __future__ import annotations

from datetime import date
from fractions import Fraction
from pathlib import Path

from desktop import outputs
from desktop.language import N_, Translator
from desktop.printing.statistics import BINS, LuckPrintData, LuckPrintRoller
from desktop.store import Campaign
from desktop.text_files import write_text_file
from desktop.ui.window_language import window_translator
from desktop.views.statistics import LuckReport, LuckSummary, luck_sentence, percentile_histogram
from desktop.views.statistics_csv import game_numbers, luck_csv

__all__ = ["NO_ROLLS", "luck_print_data", "scope_in_words", "write_luck_csv"]

NO_ROLLS = N_("There are no rolls to judge here: no tray of dice was rolled in this scope.")


def luck_print_data(
    report: LuckReport, title: str, scope_words: str, words: Translator | None = None
) -> LuckPrintData:
    """The report of one scope (`scope_words`, e.g. "Game 3", "the whole campaign") under
    `title` (the campaign's name) as plain words and numbers, in the language of `words`
    (the window's without)."""
    words = words or window_translator()
    percentiles = tuple(
        float(roll.percentile) * 100 for roll in report.rolls if roll.percentile is not None
    )
    judged = len(percentiles)
    overall = None if not report.rolls else _roller(report.overall, words)
    return LuckPrintData(
        title=title,
        scope=scope_words,
        sentence=luck_sentence(report.overall, words) if report.rolls else words.gettext(NO_ROLLS),
        rollers=tuple(_roller(summary, words) for summary in report.rollers),
        overall=overall,
        percentiles=percentiles,
        histogram=percentile_histogram(report.rolls, BINS),
        fair=judged / BINS,
        notes=_notes(report, words),
    )


def write_luck_csv(
    target: Path,
    report: LuckReport,
    campaign: Campaign,
    words: Translator | None = None,
    told: Translator | None = None,
) -> None:
    """Write `report` of the open `campaign` as CSV to `target`, whole or not at all,
    its games numbered as the journal numbers them, its sentences in the language of
    `words` (the window's without; the header stays English: `statistics_csv`). Never
    over the campaign itself, a backup, or a file that is not such a CSV: OSError with
    the plain message, in the language of `told` (the window's without)."""
    words = words or window_translator()
    write_text_file(
        target,
        luck_csv(report, game_numbers(campaign), words),
        outputs.STATISTICS_CSV,
        keep=[campaign.path],
        own_folders=[campaign.backup_folder.parent],  # every campaign's backups
        words=told or window_translator(),
    )


def scope_in_words(
    first: date | None = None,
    last: date | None = None,
    game: str | None = None,
    words: Translator | None = None,
) -> str:
    """ "Rolls of 2026-03-14 to 2026-03-20", "Game 3", or "The whole campaign", in the
    language of `words` (the window's without)."""
    tr = (words or window_translator()).gettext
    if game is not None:
        return game
    if first is not None and last is not None:
        if first != last:
            return tr("Rolls of {first} to {last}").format(first=first, last=last)
        return tr("Rolls of {day}").format(day=first)
    if first is not None:
        return tr("Rolls of {first} onwards").format(first=first)
    if last is not None:
        return tr("Rolls up to {last}").format(last=last)
    return tr("The whole campaign")


def _roller(summary: LuckSummary, words: Translator) -> LuckPrintRoller:
    mean, error = summary.mean_percentile, summary.standard_error
    # The mean percentile and its standard error, in percentile points: "64 ± 4".
    luck = "–" if mean is None or error is None else f"{float(mean) * 100:.0f} ± {error * 100:.0f}"
    return LuckPrintRoller(
        name=summary.shown_name(words),
        cells=(
            str(summary.rolls),
            str(summary.dice),
            _against(summary.depleted, summary.expected_depleted, 2, words),
            _against(summary.tuples, summary.expected_tuples, 2, words),
            _against(summary.all_ones, summary.expected_all_ones, 2, words),
            luck,
        ),
        sentence=luck_sentence(summary, words),
        expected_depleted=float(summary.expected_depleted),
        depleted=summary.depleted,
    )


def _against(actual: int, expected: Fraction, places: int, words: Translator) -> str:
    """ "3 / 2.50" ("3 / 2,50" in French): the decimal mark the language's, ungrouped."""
    return f"{actual} / {float(expected):.{places}f}".replace(".", words.language.decimal)


def _notes(report: LuckReport, words: Translator) -> tuple[str, ...]:
    notes = []
    undefined = report.overall.not_defined
    if undefined:
        notes.append(
            words.ngettext(
                "{count} roll has no percentile: all ones, the outcome was the roller's "
                "choice. They count for dice, tuples, all ones and depletions.",
                "{count} rolls have no percentile: all ones, the outcome was the roller's "
                "choice. They count for dice, tuples, all ones and depletions.",
                undefined,
            ).format(count=undefined)
        )
    if report.not_covered:
        reasons: dict[str, int] = {}
        for line in report.not_covered:
            reason = line.reason_in(words)
            reasons[reason] = reasons.get(reason, 0) + 1
        said = "; ".join(f"{reason} ({count})" for reason, count in reasons.items())
        count = len(report.not_covered)
        notes.append(
            words.ngettext(
                "{count} line of the roll log could not be judged: {reasons}.",
                "{count} lines of the roll log could not be judged: {reasons}.",
                count,
            ).format(count=count, reasons=said)
        )
    return tuple(notes)
