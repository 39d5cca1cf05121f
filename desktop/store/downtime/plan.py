"""The plan of one downtime step: its checked values, what they were before it, and the
topics its write tells."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from desktop.store.chapter import ChapterRecord
from desktop.store.clocks import CLOCK_FIELDS, ClockRecord
from desktop.store.core import Topic
from desktop.store.downtime.records import DowntimeSheet, DowntimeUndo

if TYPE_CHECKING:
    from sqlmodel import Session


class StepPlan:
    """The checked values of one downtime step and what they were before it."""

    def __init__(
        self,
        chapter: ChapterRecord | None,
        sheet: DowntimeSheet | None,
        clocks: tuple[ClockRecord, ...],
        new_clock: ClockRecord | None,
        previous_chapter: ChapterRecord | None,
        previous_sheet: DowntimeSheet | None,
        previous_clocks: tuple[ClockRecord, ...],
    ) -> None:
        self.chapter = chapter
        self.sheet = sheet
        self.clocks = clocks
        self.new_clock = new_clock
        self.previous_chapter = previous_chapter
        self.previous_sheet = previous_sheet
        self.previous_clocks = previous_clocks

    @property
    def topics(self) -> tuple[Topic, ...]:
        return value_topics(self.chapter, self.clocks, self.new_clock)

    def write(self, session: Session, new_clock_id: int | None) -> int | None:
        """Write the values; the new clock gets `new_clock_id` when given (a redo)."""
        from desktop.store.clocks import writes as clock_writes

        write_values(session, self.chapter, self.sheet, self.clocks)
        if self.new_clock is None:
            return None
        if new_clock_id is None:
            return clock_writes.add_clock(session, self.new_clock).id
        clock = replace(self.new_clock, id=new_clock_id)
        return clock_writes.add_clock(session, clock, keep_id=True).id

    def undo(self, entry_id: int, new_clock_id: int | None) -> DowntimeUndo:
        return DowntimeUndo(
            entry_id, self.previous_chapter, self.previous_sheet, self.previous_clocks, new_clock_id
        )


def write_values(
    session: Session,
    chapter: ChapterRecord | None,
    sheet: DowntimeSheet | None,
    clocks: Sequence[ClockRecord],
) -> None:
    """Write a step's values (or an undo's): the chapter, a sheet, existing clocks."""
    # The write modules load SQLAlchemy: only a write imports them.
    from desktop.store.chapter import writes as chapter_writes
    from desktop.store.clocks import writes as clock_writes
    from desktop.store.downtime import writes

    if chapter is not None:
        chapter_writes.set_chapter(session, chapter)
    if sheet is not None:
        writes.put_sheet(session, sheet)
    for clock in clocks:
        values = {name: getattr(clock, name) for name in CLOCK_FIELDS}
        clock_writes.update_clock(session, clock.id, values)


def value_topics(
    chapter: ChapterRecord | None, clocks: Sequence[ClockRecord], new_clock: object
) -> tuple[Topic, ...]:
    topics: list[Topic] = []
    if chapter is not None:
        topics.append(Topic.CHAPTER)
    if clocks or new_clock is not None:
        topics.append(Topic.CLOCKS)
    return tuple(topics)
