"""End a day: every character with an energy profile rolled over to the next day, and
that day made the campaign's current one, in one transaction."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from desktop.actions.actor import Actor
from desktop.rules.energy import CharacterProfile, DayState, day_to_end

if TYPE_CHECKING:
    from desktop.store import Campaign, EndDaySummary


@dataclass(frozen=True)
class DayToEnd:
    """A character's day as End Day finds it: `state` is its row of the day, the day of
    its death, or (`started`) the fresh day the rules start it with."""

    profile: CharacterProfile
    state: DayState
    started: bool


@dataclass(frozen=True)
class DayEnded:
    """What End Day did (`summary`, whose token undoes it) and the daily energy each
    character still had, which the rollover lost."""

    summary: EndDaySummary
    unspent: dict[int, int]


def days_to_end(campaign: Campaign) -> dict[int, DayToEnd]:
    """Every character with an energy profile, and the day End Day would end for them."""
    today = campaign.summary().current_day
    calendar = campaign.calendar
    days = {}
    for character_id, profile in calendar.profiles().items():
        row = calendar.day(character_id, today)
        earlier = None if row is not None else calendar.day_before(character_id, today)
        state, started = day_to_end(profile, today, row, earlier)
        days[character_id] = DayToEnd(profile, state, started)
    return days


def unspent_energy(days: Mapping[int, DayToEnd]) -> dict[int, int]:
    """The daily energy the living still hold: End Day's rollover loses it."""
    return {
        cid: day.state.daily for cid, day in days.items() if not day.state.dead and day.state.daily
    }


def end_day(
    campaign: Campaign,
    actor: Actor,
    nights: Mapping[int, str] | None = None,
    proximity: Mapping[int, int] | None = None,
) -> DayEnded:
    """End the campaign's day (the GM's alone): `nights` and `proximity` by character id
    set the night before the new day (default normal) and its proximity (default: as
    today). Undo with `campaign.calendar.undo_end_day(ended.summary.token)`."""
    actor.require_gm("end the day")
    unspent = unspent_energy(days_to_end(campaign))
    summary = campaign.calendar.end_day(nights, proximity)
    return DayEnded(summary, unspent)
