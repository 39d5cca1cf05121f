"""The parts of a history entry: what each write of one GM action noted.

An entry is one transaction; its parts say what it changed, one by one: a roll is its
dice leaving the pool and its log line; a round's end may award a die. The journal
shows each part and shows players only the parts they may see, judged by the part's
area and record (a hidden clock's tick, an NPC's roll stay the GM's)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from desktop.store.history.records import SENTENCE_MAX, HistoryRecord

# The most parts an entry keeps: an End Day or an import can touch every character, and
# an entry is a line of the history, not a copy of the change. The rest is counted.
PARTS_MAX = 64


@dataclass(frozen=True, slots=True)
class HistoryPart:
    """One thing a write changed: its `area` (a change topic), the `record_id` it
    touched, its `kind` (what happened, for the journal: see `KINDS`; "" for a change
    the journal tells by its sentence alone) and its plain `sentence`."""

    area: str
    record_id: int | None
    kind: str
    sentence: str


# What the journal groups by. The record a part names is the one it is about: a
# declared action and an award name the character, a roll its log line.
GAME_STARTED = "game_started"
GAME_ENDED = "game_ended"
SCENE = "scene"
ROUND = "round"
TURN = "turn"
DECLARED = "declared"
ROLLED = "rolled"
DAMAGE = "damage"
RECOVERED = "recovered"
OUT_OF_PLAY = "out_of_play"  # no die left in the pool (RULES.md section 2, Out of play)
OUT_FOR_GOOD = "out_for_good"  # no die in the pool or on the table
AWARD = "award"
GREW = "grew"
XP = "xp"
DAY_ENDED = "day_ended"
NOTE = "note"
KINDS = frozenset(
    {
        "",
        GAME_STARTED,
        GAME_ENDED,
        SCENE,
        ROUND,
        TURN,
        DECLARED,
        ROLLED,
        DAMAGE,
        RECOVERED,
        OUT_OF_PLAY,
        OUT_FOR_GOOD,
        AWARD,
        GREW,
        XP,
        DAY_ENDED,
        NOTE,
    }
)


def encode(parts: Sequence[HistoryPart]) -> str:
    """The `parts` column: a compact JSON list of [area, record, kind, sentence]."""
    kept = list(parts[:PARTS_MAX])
    if len(parts) > PARTS_MAX:
        last = kept[-1]
        more = len(parts) - PARTS_MAX + 1
        kept[-1] = HistoryPart(last.area, None, "", f"... and {more} more changes")
    return json.dumps(
        [[p.area, p.record_id, p.kind, p.sentence] for p in kept],
        ensure_ascii=False,
        separators=(",", ":"),
    )


def decode(text: str) -> tuple[HistoryPart, ...]:
    """The parts a `parts` column holds (ValueError in plain words when it holds other
    than `encode` writes)."""
    try:
        loaded = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise ValueError("A history entry's parts are not readable JSON.") from error
    if not isinstance(loaded, list) or len(loaded) > PARTS_MAX:
        raise ValueError(f"A history entry has a list of at most {PARTS_MAX} parts.")
    parts = []
    for item in loaded:
        if not (isinstance(item, list) and len(item) == 4):
            raise ValueError("A history entry's part is [area, record, kind, sentence].")
        area, record_id, kind, sentence = item
        if not (
            isinstance(area, str)
            and len(area) <= 40
            and (record_id is None or (type(record_id) is int and 1 <= record_id < 2**63))
            and kind in KINDS
            and isinstance(sentence, str)
            and len(sentence) <= SENTENCE_MAX
        ):
            raise ValueError(
                "A history entry's part has a short area, a record id or none, a known kind"
                f" and a sentence of at most {SENTENCE_MAX} characters."
            )
        parts.append(HistoryPart(area, record_id, kind, sentence))
    return tuple(parts)


def parts_of(entry: HistoryRecord) -> tuple[HistoryPart, ...]:
    """What `entry` changed, part by part. An entry written before revision 0011 (or
    whose parts are unreadable: the file's checks report those) is its one part."""
    if entry.parts:
        try:
            decoded = decode(entry.parts)
        except ValueError:
            decoded = ()
        if decoded:
            return decoded
    return (HistoryPart(entry.area, entry.record_id, "", entry.sentence),)
