"""The energy rows: profiles and days read back and checked by the rules, and the rows
End Day writes with what its summary says.

Apart from `rows.py` because they need the energy rules, which a campaign opened for
play does not otherwise read (the calendar's manager is made when first reached).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from desktop.rules import energy as rules_energy
from desktop.rules.energy import CharacterProfile, DayState
from desktop.store import energy
from desktop.store.energy_records import EndDaySummary, EndDayToken, EnergyDebt, EnergyDecay


def _profile(row: Sequence[object]) -> CharacterProfile:
    name, daily_net, abilities = row
    return energy.profile_from_row(str(name), daily_net, abilities)


def _day(character_id: int, day: object, text: object) -> DayState:
    """A stored day, checked by the rules; a damaged row says which one it is."""
    try:
        state = energy.day_from_text(text)
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


def _checked_day(state: object) -> DayState:
    """The state rebuilt through every check of the rules (ValueError if it fails)."""
    if type(state) is not rules_energy.DayState:
        raise ValueError(f"A day's energy must be a DayState, not {state!r}.")
    return energy.day_from_dict(energy.day_to_dict(state))


def _known_ids(profiles: Mapping[int, object], given: Mapping[int, object], what: str) -> None:
    unknown = sorted(set(given) - set(profiles))
    if unknown:
        raise ValueError(
            f"A {what} was given for character {unknown[0]}, who has no energy profile."
        )


class _EndDayPlan:
    """The rows End Day writes and what its summary says, gathered before writing."""

    def __init__(self, today: int) -> None:
        self.today = today
        self.rows: list[tuple[int, int, str]] = []
        self.made: list[tuple[int, int, str, DayState]] = []  # the rows with their states
        self.started: list[int] = []
        self.already_dead: list[int] = []
        self.died: list[int] = []
        self.in_debt: list[EnergyDebt] = []
        self.decayed: list[EnergyDecay] = []

    def start(self, character_id: int, state: DayState) -> None:
        self.started.append(character_id)
        self._add(character_id, state)

    def roll(
        self,
        character_id: int,
        profile: CharacterProfile,
        state: DayState,
        night: str,
        proximity: int | None,
    ) -> None:
        if state.dead:
            self.already_dead.append(character_id)
            return
        rolled = rules_energy.rollover(profile, state, night, proximity)
        self._add(character_id, rolled.state)
        self._note(character_id, profile.name, rolled)

    def _add(self, character_id: int, state: DayState) -> None:
        text = energy.day_text(state)
        self.rows.append((character_id, state.day, text))
        self.made.append((character_id, state.day, text, state))

    def _note(self, character_id: int, name: str, rolled: rules_energy.Rollover) -> None:
        if rolled.repayment:
            self.in_debt.append(
                EnergyDebt(character_id, name, rolled.ended.debt, rolled.repayment, rolled.unpaid)
            )
        lost = rolled.pool_losses
        if rolled.general_decay or lost:
            self.decayed.append(EnergyDecay(character_id, name, rolled.general_decay, lost))
        if rolled.died:
            self.died.append(character_id)

    def summary(self) -> EndDaySummary:
        made = tuple((character_id, day) for character_id, day, _text in self.rows)
        return EndDaySummary(
            ended=self.today,
            opened=self.today + 1,
            in_debt=tuple(self.in_debt),
            decayed=tuple(self.decayed),
            died=tuple(self.died),
            already_dead=tuple(self.already_dead),
            started=tuple(self.started),
            token=EndDayToken(from_day=self.today, rows=made),
        )
