"""What the plots draw, worked out with the report on the worker thread: the rolls'
percentiles as plain numbers and their histogram's bins (for 5,000 rolls the exact
fractions took 35 ms, too long for the window's thread)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the odds (icepool) are imported off the GUI thread: plot_loader
    from desktop.views.statistics import LuckReport

__all__ = ["Worked"]


@dataclass(frozen=True)
class Worked:
    """A report and its plots' numbers, as the worker hands them to the view."""

    report: LuckReport
    percentiles: tuple[float, ...]  # each judged roll's, 0-100, oldest first
    bins: tuple[float, ...]  # judged rolls in each tenth of their distributions (spread)

    @classmethod
    def of(cls, report: LuckReport) -> Worked:
        from desktop.views.statistics import percentile_histogram  # on the worker thread

        judged = [roll.percentile for roll in report.rolls if roll.percentile is not None]
        return cls(
            report,
            tuple(100 * p.numerator / p.denominator for p in judged),
            percentile_histogram(report.rolls),
        )
