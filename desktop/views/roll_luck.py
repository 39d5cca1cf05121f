"""Each roll of the log held against its own exact odds.

Covered: Dice Table rolls (kind "roll"), each side of a conflict (kind "conflict",
detail["sides"]; the side's total is its dice plus its table, before any item die), and
a condition rolled against the whole party (kind "conflict", detail["against_party"]):
the condition's tray and each character's.
Not covered, with the reason: acts, challenges and any line whose detail keeps no dice
with their faces (lines logged before faces were kept, or a detail that cannot be read).
Undone lines are left out altogether: they did not happen at the table.

A roll whose outcome was a choice (all ones, "choice" set) keeps its counts (dice,
tuple, all-ones, and depletions by the plain rule from its faces, which is what the odds
count) but its percentile is "not defined", with the reason: never guessed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from desktop.language import N_, Translator, translator
from desktop.rules.dicepool import SIZES
from desktop.store import RollRecord
from desktop.views.tray_luck import TrayOddsCache

__all__ = ["CHOICE_REASON", "NotCovered", "RollLuck", "judge_rolls", "said"]

_D4 = 4
# The reasons are English, marked with N_ where they are written: a judgement is worked
# out once and kept (`LogCopy.worked_out`), and translated when it is shown (`said`).
CHOICE_REASON = N_("all ones: the outcome was the roller's choice")
NO_TOTAL = N_("the total cannot be rolled with these dice")
NO_FACES = N_("the line keeps no dice with their faces")
NO_TABLE = N_("the line's table cannot be read")
NO_SIDES = N_("the conflict's sides cannot be read")
NO_PARTY = N_("the roll against the party cannot be read")
OTHER_KIND = N_("a line of kind {kind} keeps no tray of dice")  # {kind}: 'séance', quoted
_NO_TRAY = {
    "act": N_("an act spends dice, it rolls no tray"),
    "challenge": N_("a challenge line keeps no tray of dice"),
}


def said(reason: str, kind: str = "", words: Translator | None = None) -> str:
    """A reason of this module (`RollLuck.not_defined`, `NotCovered.why`) in the
    language of `words` (English without), its line's `kind` in it where it names one."""
    words = words or translator("en")
    return words.gettext(reason).format(kind=repr(kind))


@dataclass(frozen=True)
class RollLuck:
    """One tray rolled (a roll, or one side of a conflict) against its exact odds."""

    roll_id: int
    day: int | None
    game_id: int | None
    character_id: int | None
    character_name: str
    kind: str
    side: int | None  # the conflict side's index, None for a roll
    sizes: tuple[int, ...]  # as rolled, after steps
    table: int
    total: int  # the faces plus the table
    percentile: Fraction | None  # mid-rank; None when not defined
    percentile_variance: Fraction | None  # at a fair table; None with the percentile
    # The chance of the total among the judged outcomes: the roll stands for the slice
    # percentile - chance/2 to percentile + chance/2 of the scale; None with the percentile.
    chance: Fraction | None
    not_defined: str | None  # why the percentile is not defined (English: `said`)
    depleted: int  # by the plain rule, from the faces
    expected_depleted: Fraction
    is_tuple: bool  # two or more dice, all the same face (all ones included)
    tuple_chance: Fraction
    all_ones: bool
    all_ones_chance: Fraction


@dataclass(frozen=True)
class NotCovered:
    """A line of the log that holds no tray to judge, and why."""

    roll_id: int
    character_name: str
    kind: str
    why: str  # a marked reason of this module, its {kind} the line's (see `said`)

    @property
    def reason(self) -> str:
        """Why, in English."""
        return said(self.why, self.kind)

    def reason_in(self, words: Translator) -> str:
        """Why, in the language of `words`."""
        return said(self.why, self.kind, words)


def judge_rolls(
    records: Iterable[RollRecord], cache: TrayOddsCache
) -> tuple[list[RollLuck], list[NotCovered]]:
    """Every tray the (not undone) `records` rolled, oldest first, and the lines that
    could not be judged."""
    judged: list[RollLuck] = []
    skipped: list[NotCovered] = []

    def judge(record: RollRecord) -> tuple[list[RollLuck], list[NotCovered]]:
        return _judge_line(record, cache)

    for record in sorted(records, key=lambda r: (r.at, r.id)):
        if record.undone:
            continue
        # A line read before is judged once (the judgement of a record never changes).
        line_judged, line_skipped = cache.log.worked_out(record, judge)
        judged.extend(line_judged)
        skipped.extend(line_skipped)
    return judged, skipped


def _judge_line(
    record: RollRecord, cache: TrayOddsCache
) -> tuple[list[RollLuck], list[NotCovered]]:
    """The trays of one line judged, and what of it could not be."""
    trays = _trays_of(record)
    if isinstance(trays, str):
        return [], [NotCovered(record.id, record.character_name, record.kind, trays)]
    judged: list[RollLuck] = []
    skipped: list[NotCovered] = []
    for side, character_id, name, detail in trays:
        luck = _judge(record, side, character_id, name, detail, cache)
        if isinstance(luck, str):
            skipped.append(NotCovered(record.id, name, record.kind, luck))
        else:
            judged.append(luck)
    return judged, skipped


_Tray = tuple[int | None, int | None, str, Mapping[str, Any]]


def _trays_of(record: RollRecord) -> list[_Tray] | str:
    detail = record.detail if isinstance(record.detail, Mapping) else {}
    if record.kind == "roll":
        return [(None, record.character_id, record.character_name, detail)]
    if record.kind == "conflict" and "against_party" in detail:
        return _party_trays(record, detail)
    if record.kind == "conflict":
        sides = detail.get("sides")
        if not isinstance(sides, list) or not all(isinstance(s, Mapping) for s in sides):
            return NO_SIDES
        return [
            (index, _id_or_none(side.get("character_id")), str(side.get("name", "")), side)
            for index, side in enumerate(sides)
        ]
    return _NO_TRAY.get(record.kind, OTHER_KIND)


def _party_trays(record: RollRecord, detail: Mapping[str, Any]) -> list[_Tray] | str:
    """A condition rolled once against the whole party (`party_roll.against_party`): the
    condition's tray is the line's own (side 1), each character's follows it."""
    party = detail.get("against_party")
    if not isinstance(party, list) or not all(isinstance(s, Mapping) for s in party):
        return NO_PARTY
    condition: _Tray = (0, record.character_id, record.character_name, detail)
    return [
        condition,
        *(
            (index, _id_or_none(side.get("character_id")), str(side.get("name", "")), side)
            for index, side in enumerate(party, start=1)
        ),
    ]


def _table(detail: Mapping[str, Any], faces: list[int]) -> int | None:
    """The depleted dice the tray counted: the line's "table", or for a roll against the
    party (whose lines keep no table) its total less its faces, which the rules' total
    is. None when neither can be read."""
    table = detail.get("table")
    if table is None:
        total = detail.get("total")
        if isinstance(total, bool) or not isinstance(total, int):
            return 0 if "total" not in detail else None
        table = total - sum(faces)
    if isinstance(table, bool) or not isinstance(table, int) or table < 0:
        return None
    return table


def _id_or_none(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _judge(
    record: RollRecord,
    side: int | None,
    character_id: int | None,
    name: str,
    detail: Mapping[str, Any],
    cache: TrayOddsCache,
) -> RollLuck | str:
    dice = _dice(detail.get("dice"))
    if dice is None:
        return NO_FACES
    sizes = tuple(size for size, _ in dice)
    faces = [face for _, face in dice]
    table = _table(detail, faces)
    if table is None:
        return NO_TABLE
    tray = cache.luck(sizes, table)
    total = sum(faces) + table
    is_tuple = len(faces) >= 2 and len(set(faces)) == 1
    # All ones of two or more dice is always the roller's choice by the rules, whether or
    # not the line kept which (the odds judge only the other outcomes: `tray_luck`).
    chosen = detail.get("choice") is not None or (is_tuple and faces[0] == 1)
    percentile = None if chosen else tray.percentile(total)
    reason = CHOICE_REASON if chosen else None
    if not chosen and percentile is None:
        reason = NO_TOTAL
    return RollLuck(
        roll_id=record.id,
        day=record.day,
        game_id=record.game_id,
        character_id=character_id,
        character_name=name,
        kind=record.kind,
        side=side,
        sizes=sizes,
        table=table,
        total=total,
        percentile=percentile,
        percentile_variance=None if percentile is None else tray.percentile_variance,
        chance=None if percentile is None else tray.chance(total),
        not_defined=reason,
        depleted=plain_depletion(dice),
        expected_depleted=tray.expected_depleted,
        is_tuple=is_tuple,
        tuple_chance=tray.odds.tuple_chance,
        all_ones=is_tuple and faces[0] == 1,
        all_ones_chance=tray.odds.catastrophe_chance,
    )


def _dice(value: object) -> list[tuple[int, int]] | None:
    """(size as rolled, face) of each die, None unless every die is readable."""
    if not isinstance(value, list) or not value:
        return None
    dice = []
    for die in value:
        if not isinstance(die, Mapping):
            return None
        size, face = die.get("rolled_as"), die.get("face")
        if size not in SIZES or isinstance(size, bool) or isinstance(face, bool):
            return None
        if not isinstance(face, int) or not 1 <= face <= size:
            return None
        dice.append((size, face))
    return dice


def plain_depletion(dice: Iterable[tuple[int, int]]) -> int:
    """The dice the plain rule sends to the table: each non-d4 one, and one per pair of
    d4 ones (as `odds.expected_depleted` counts them)."""
    ones = [size for size, face in dice if face == 1]
    d4_ones = sum(1 for size in ones if size == _D4)
    return len(ones) - d4_ones + d4_ones // 2
