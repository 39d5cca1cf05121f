"""The records of the Energy Calendar's End Day: who went into debt, what decayed, what
died, and the token that undoes it.

Apart from `records.py`, which every open imports: only End Day makes them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, TypedDict

if TYPE_CHECKING:
    from desktop.rules.energy import ProjectPool


@dataclass(frozen=True)
class EnergyDebt:
    """A character who ends the old day in debt: the new day opened repaying it."""

    character_id: int
    name: str
    debt: int  # D, incurred on the day that ended
    repayment: int  # 2 x D, paid first on the new day
    unpaid: int  # the part of the repayment the new day could not pay: the character died


@dataclass(frozen=True)
class EnergyDecay:
    """What one character's general store and project pools lost at the rollover."""

    character_id: int
    name: str
    general: int
    pools: tuple[ProjectPool, ...]  # what each pool lost (only pools that lost something)


@dataclass(frozen=True)
class EndDayToken:
    """What `calendar.undo_end_day` needs: the day rows made and the day that was current."""

    from_day: int
    rows: tuple[tuple[int, int], ...]  # (character_id, day) of each day row End Day wrote


@dataclass(frozen=True)
class EndDaySummary:
    """What End Day did, for the GM's short summary, and the token to undo it.

    `opened` is the new current day. `started` are the characters that had a profile
    but no row for the day that ended: they got the rules' `start_day` defaults first.
    `already_dead` were dead before the rollover and were not rolled over (the rules
    refuse a dead character); `died` died at the opening of the new day, when the
    repayment could not be paid.
    """

    ended: int
    opened: int
    in_debt: tuple[EnergyDebt, ...]
    decayed: tuple[EnergyDecay, ...]
    died: tuple[int, ...]
    already_dead: tuple[int, ...]
    started: tuple[int, ...]
    token: EndDayToken


class EnergyRows(TypedDict):
    """A character's energy rows as stored, for its snapshot (`CharacterSnapshot`)."""

    energy_profile: tuple[int, str] | None
    energy_days: tuple[tuple[int, str], ...]
