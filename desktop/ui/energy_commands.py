"""Undo commands of the Energy Calendar: a changed day, a changed profile, End Day.

The rules replace a day's whole state after every entry, so one command stores the new
state and keeps the previous one (or None) to put back; End Day keeps the store's token.
"""

from __future__ import annotations

from collections.abc import Mapping

from desktop.actions.actor import Actor
from desktop.actions.end_day import DayEnded, end_day
from desktop.rules.energy import CharacterProfile, DayState
from desktop.store import EndDaySummary
from desktop.ui.commands import StoreCommand
from desktop.ui.session import CampaignSession
from desktop.ui.window_language import tr


class PutEnergyDay(StoreCommand):
    """Store a character's new day state (after a task, a move, an investment...)."""

    def __init__(
        self, session: CampaignSession, character_id: int, state: DayState, text: str
    ) -> None:
        super().__init__(session, text)
        self.character_id = character_id
        self.state = state
        self._previous: DayState | None = None

    def apply(self) -> None:
        self._previous = self.session.campaign.calendar.put_day(self.character_id, self.state)

    def revert(self) -> None:
        if self._previous is None:
            self.session.campaign.calendar.delete_day(self.character_id, self.state.day)
        else:
            self.session.campaign.calendar.put_day(self.character_id, self._previous)


class SetEnergyProfile(StoreCommand):
    """Give a character a daily net energy and abilities, or change them."""

    def __init__(
        self,
        session: CampaignSession,
        character_id: int,
        daily_net: int,
        abilities: Mapping[str, int],
        text: str,
    ) -> None:
        super().__init__(session, text)
        self.character_id = character_id
        self.daily_net = daily_net
        self.abilities = dict(abilities)
        self._previous: CharacterProfile | None = None

    def apply(self) -> None:
        self._previous = self.session.campaign.calendar.set_profile(
            self.character_id, self.daily_net, self.abilities
        )

    def revert(self) -> None:
        if self._previous is None:
            self.session.campaign.calendar.delete_profile(self.character_id)
        else:
            self.session.campaign.calendar.set_profile(
                self.character_id,
                self._previous.daily_net,
                {ability.name: ability.rating for ability in self._previous.abilities},
            )


class EndDay(StoreCommand):
    """Roll every character over to the next day, in one step; undo takes it back."""

    def __init__(
        self,
        session: CampaignSession,
        nights: Mapping[int, str] | None = None,
        proximity: Mapping[int, int] | None = None,
    ) -> None:
        super().__init__(session, tr("End Day"))
        self.nights = dict(nights or {})
        self.proximity = dict(proximity or {})
        self.summary: EndDaySummary | None = None
        self.ended: DayEnded | None = None

    def apply(self) -> None:
        self.ended = end_day(self.session.campaign, Actor.gm(), self.nights, self.proximity)
        self.summary = self.ended.summary
        self.setText(tr("End Day {day}").format(day=self.summary.ended))

    def revert(self) -> None:
        assert self.summary is not None
        self.session.campaign.calendar.undo_end_day(self.summary.token)
