"""The roster as the campaign's sqlite3 reader reads it: a character's columns (the one
list: the reads, the health check and the export take it from here), and the topics a
character's delete or restore tells besides "roster"."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields

from desktop.store.core import Topic
from desktop.store.roster.records import CharacterRecord, CharacterSnapshot

CHARACTER_FIELDS = tuple(f.name for f in fields(CharacterRecord))
CHARACTER_COLUMNS = ", ".join(CHARACTER_FIELDS)


def cards_topics(card_ids: Sequence[int]) -> tuple[Topic, ...]:
    """The topic "cards" when a change to a character also links or unlinks cards."""
    return (Topic.CARDS,) if card_ids else ()


def handout_topics(snapshot: CharacterSnapshot) -> tuple[Topic, ...]:
    """The handouts topic when a character's own handouts go or come back with it."""
    return (Topic.HANDOUTS,) if snapshot.handouts else ()


def downtime_topics(snapshot: CharacterSnapshot) -> tuple[Topic, ...]:
    """The topics of a character's downtime rows that go or come back with it."""
    topics: tuple[Topic, ...] = (Topic.CLOCKS,) if snapshot.clocks else ()
    if snapshot.downtime_sheet is not None or snapshot.downtime_entry_ids:
        topics += (Topic.DOWNTIME,)
    return topics
