"""The roll log as the Statistics views hold it: read whole once, a page per turn of the
event loop, then kept in step with what each change added or marked undone.

Measured (5,000 lines): reading the whole log at once held the GUI thread 42-108 ms, over
the 16 ms of a frame; a page of 400 lines took 4-8 ms, a page of 200 2-4 ms alone but
10-17 ms while the plotting library imported on its thread (the GIL shared), a page of
100 half that; catching up after a roll (the line counts, the undone marks and the new
lines) about 2 ms. The worker gets a tuple of the records, never the campaign's
connection.
"""

from __future__ import annotations

from desktop.store import Campaign, RollRecord

PAGE = 100


class RollLogCopy:
    """One open campaign's roll log, by line id; `whole` once every line is read."""

    def __init__(self) -> None:
        self._lines: dict[int, RollRecord] = {}
        self._last_id = 0
        self.whole = False
        self.reads = 0  # how many times it was (begun to be) read whole, for `settle`

    def forget(self) -> None:
        """Read it all again (a character's lines changed with the character)."""
        self._lines.clear()
        self._last_id = 0
        self.whole = False

    def read_page(self, campaign: Campaign, count: int = PAGE) -> bool:
        """Read the next `count` lines; True once the copy is whole."""
        if not self._lines:
            self.reads += 1
        page = campaign.rolls.page(self._last_id, count)
        for line in page:
            self._lines[line.id] = line
        if page:
            self._last_id = page[-1].id
        self.whole = len(page) < count
        return self.whole

    def catch_up(self, campaign: Campaign) -> bool:
        """After a change of the log: the new lines and the changed undo marks read;
        False (forgotten, to be read again by pages) when the copy no longer matches the
        log (lines gone)."""
        if not self.whole:
            return False
        rolls = campaign.rolls
        count, undone = rolls.marks()
        added = rolls.newer(self._last_id)
        if count != len(self._lines) + len(added):
            self.forget()
            return False
        for line in added:
            self._lines[line.id] = line
            self._last_id = max(self._last_id, line.id)
        for line_id in [i for i, line in self._lines.items() if line.undone != (i in undone)]:
            self._lines[line_id] = rolls.get(line_id)
        return True

    def records(self) -> tuple[RollRecord, ...]:
        """A snapshot for a worker thread (the copy goes on changing on this one)."""
        return tuple(self._lines.values())
