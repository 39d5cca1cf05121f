"""The energy rows as the campaign's sqlite3 reader reads them: profiles and days read
back and checked by the rules.

Apart from the roster's rows because they need the energy rules, which a campaign
opened for play does not otherwise read (the calendar's manager is made when first
reached).
"""

from __future__ import annotations

from collections.abc import Mapping

from desktop.rules import energy as rules_energy
from desktop.rules.energy import CharacterProfile, DayState
from desktop.store.calendar import codec
from desktop.store.core import Row


def stored_profile(row: Row) -> CharacterProfile:
    name, daily_net, abilities = row
    return codec.profile_from_row(str(name), daily_net, abilities)


def stored_day(character_id: int, day: object, text: object) -> DayState:
    """A stored day, checked by the rules; a damaged row says which one it is."""
    try:
        state = codec.day_from_text(text)
    except ValueError as error:
        raise ValueError(
            f"The stored energy of character {character_id} on day {day} is damaged: {error}"
        ) from None
    if state.day != day:
        raise ValueError(
            f"The stored energy of character {character_id} on day {day} says it is day "
            f"{state.day}."
        )
    return state


def checked_day(state: object) -> DayState:
    """The state rebuilt through every check of the rules (ValueError if it fails)."""
    if type(state) is not rules_energy.DayState:
        raise ValueError(f"A day's energy must be a DayState, not {state!r}.")
    return codec.day_from_dict(codec.day_to_dict(state))


def known_ids(profiles: Mapping[int, object], given: Mapping[int, object], what: str) -> None:
    unknown = sorted(set(given) - set(profiles))
    if unknown:
        raise ValueError(
            f"A {what} was given for character {unknown[0]}, who has no energy profile."
        )
