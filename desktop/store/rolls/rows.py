"""The roll log as the campaign's sqlite3 reader reads it: its columns, the record made
from a row, and the checked values of a new line."""

from __future__ import annotations

from dataclasses import fields
from datetime import datetime

from desktop.rules import roster
from desktop.store import checks
from desktop.store.core import Row
from desktop.store.rolls.records import RollRecord

ROLL_COLUMNS = ", ".join(f.name for f in fields(RollRecord))


def roll_from_row(row: Row) -> RollRecord:
    roll_id, at, character_id, name, kind, detail, total, summary, undone, day, *play = row
    game_id, scene, round_, turn = (None if v is None else int(v) for v in play)
    return RollRecord(
        id=int(roll_id),
        at=str(at),
        character_id=None if character_id is None else int(character_id),
        character_name=str(name),
        kind=str(kind),
        detail=checks.parse_detail(str(detail)),
        total=None if total is None else int(total),
        summary=str(summary),
        undone=bool(undone),
        day=None if day is None else int(day),
        game_id=game_id,
        scene=scene,
        round=round_,
        turn=turn,
    )


def roll_values(
    character_id: object,
    character_name: object,
    kind: object,
    detail: object,
    total: object,
    summary: object,
    at: object,
    day: int | None = None,
    play: tuple[int, int | None, int | None, int | None] | None = None,
) -> dict[str, object]:
    """The checked columns of a roll log line, in the order of RollRecord after its id.

    `day` is the campaign day the line is logged on (RULES.md section 5); `play` the
    game, scene, round and turn it was rolled in (RULES.md section 2), if any."""
    game_id, scene, round_, turn = play or (None, None, None, None)
    return {
        "at": checks.timestamp(datetime.now() if at is None else at),
        "character_id": checks.optional_id(character_id, "A roll's character"),
        "character_name": roster.check_name(character_name),
        "kind": checks.roll_kind(kind),
        "detail": checks.detail(detail),
        "total": checks.total(total),
        "summary": checks.summary(summary),
        "undone": False,
        "day": None if day is None else checks.row_id(day, "A roll's campaign day"),
        "game_id": game_id,
        "scene": scene,
        "round": round_,
        "turn": turn,
    }
