"""The roll log as a report last read it, brought up to date by reading only what
changed, and what was worked out from each line.

Reading a 5,000-line log whole takes about 65 ms (most of it decoding each line's
detail), more than a second report may take (issue 33: 50 ms). A line's detail never
changes once logged; what can change is its undone mark, and its character id when the
character is deleted or restored. So the copy reads the lines logged since (`newer`),
the undone marks (`marks`) and how many lines each character has (`counts`): a line
whose mark flipped is read again, and the whole log is read again when the counts
disagree with the copy (lines gone or relinked) or the campaign is another one.
"""

from __future__ import annotations

import weakref
from collections import Counter
from collections.abc import Callable, Iterable
from typing import TypeVar, cast

from desktop.store import Campaign, RollRecord

__all__ = ["LogCopy"]

T = TypeVar("T")


class LogCopy:
    """One campaign's roll log as last read, and a memo of what was worked out from
    each line (kept while the line is the same record)."""

    def __init__(self) -> None:
        self._campaign: weakref.ref[Campaign] | None = None
        self._lines: dict[int, RollRecord] = {}
        self._worked: dict[int, tuple[RollRecord, object]] = {}
        self.whole_reads = 0  # how often the whole log was read (the tests look)

    def lines(self, campaign: Campaign) -> list[RollRecord]:
        """The campaign's roll log, undone lines included, in no particular order."""
        rolls = campaign.rolls
        same = self._campaign is not None and self._campaign() is campaign
        if same and self._lines:
            added = rolls.newer(max(self._lines))
            count, undone = rolls.marks()
            lines = {**self._lines, **{line.id: line for line in added}}
            if count == len(lines) and rolls.counts() == _counts(lines.values()):
                flipped = [i for i, line in lines.items() if line.undone != (i in undone)]
                lines.update({i: rolls.get(i) for i in flipped})
                self._lines = lines
                return list(lines.values())
        self._campaign = weakref.ref(campaign)
        self._lines = {line.id: line for line in rolls.all()}
        self._worked = {}
        self.whole_reads += 1
        return list(self._lines.values())

    def worked_out(self, line: RollRecord, work: Callable[[RollRecord], T]) -> T:
        """`work(line)`, worked out once for as long as `line` is the record held."""
        held = self._worked.get(line.id)
        if held is not None and held[0] is line:
            return cast(T, held[1])
        result = work(line)
        self._worked[line.id] = (line, result)
        return result


def _counts(lines: Iterable[RollRecord]) -> dict[int, int]:
    """How many of `lines` are each character's (as `RollManager.counts`)."""
    return dict(Counter(line.character_id for line in lines if line.character_id is not None))
