"""The plan of End Day: the rows it writes, with what its summary says."""

from __future__ import annotations

from desktop.rules import energy as rules_energy
from desktop.rules.energy import CharacterProfile, DayState
from desktop.store.calendar import codec
from desktop.store.calendar.records import EndDaySummary, EndDayToken, EnergyDebt, EnergyDecay


class EndDayPlan:
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
        text = codec.day_text(state)
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
