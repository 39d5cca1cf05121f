"""The log lines a report could not judge, told in one line with their reasons grouped."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from desktop.ui.window_language import ntr, window_translator

if TYPE_CHECKING:  # the odds (icepool) are imported off the GUI thread: plot_loader
    from desktop.views.roll_luck import NotCovered


def not_covered_line(skipped: Sequence[NotCovered]) -> str:
    """E.g. "3 log lines not judged: 2 an act spends dice, it rolls no tray; 1 a challenge
    line keeps no tray of dice." ("" when every line was judged)."""
    if not skipped:
        return ""
    words = window_translator()
    reasons = Counter(line.reason_in(words) for line in skipped)
    told = "; ".join(f"{count} × {reason}" for reason, count in reasons.most_common())
    return ntr(
        "{count} log line not judged: {told}.",
        "{count} log lines not judged: {told}.",
        len(skipped),
    ).format(count=len(skipped), told=told)
