"""The Energy Calendar: energy profiles, energy days and End Day. Reached as `campaign.calendar`."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from desktop.rules import energy as rules_energy
from desktop.rules.energy import CharacterProfile, DayState
from desktop.store.calendar import codec as energy
from desktop.store.calendar.plan import EndDayPlan
from desktop.store.calendar.records import EndDaySummary, EndDayToken, EnergyRows
from desktop.store.calendar.rows import checked_day, known_ids, stored_day, stored_profile
from desktop.store.core import Manager, Row, Topic
from desktop.store.history import parts, sentences

if TYPE_CHECKING:
    from desktop.store.campaign import Campaign


def _profile_sentence(previous: CharacterProfile | None, wanted: CharacterProfile) -> str:
    """A profile given ("Kara Voss: energy profile set: daily net 3") or changed."""
    if previous is None:
        return sentences.of_character(
            wanted.name, f"energy profile set: daily net {wanted.daily_net}"
        )
    was, now = (
        {
            "daily_net": profile.daily_net,
            "abilities": ", ".join(f"{k} {v}" for k, v in energy.abilities_of(profile).items()),
        }
        for profile in (previous, wanted)
    )
    return sentences.changed_values(f"Energy profile of {wanted.name}", was, now)


class CalendarManager(Manager):
    """The Energy Calendar: energy profiles, energy days and End Day."""

    def __init__(self, campaign: Campaign) -> None:
        super().__init__(campaign)
        # Each character's two latest energy days: day -> (stored JSON, checked state).
        # A state is a pure function of its JSON, so a row whose text is the one seen
        # before is that state again: End Day then skips parsing and re-checking the
        # whole roster's day, which cost several times the rules' rollover itself.
        self._day_cache: dict[int, dict[int, tuple[str, DayState]]] = {}
        self._profile_cache: dict[int, tuple[tuple[object, ...], CharacterProfile]] = {}

    def snapshot_rows(self, character_id: int) -> EnergyRows:
        """A character's energy rows as stored, for a snapshot (restored as they were)."""
        profile = self._read(
            "SELECT daily_net, abilities FROM energy_profile WHERE character_id = ?",
            (character_id,),
        )
        days = self._read(
            "SELECT day, state FROM energy_day WHERE character_id = ? ORDER BY day",
            (character_id,),
        )
        return {
            "energy_profile": (int(profile[0][0]), str(profile[0][1])) if profile else None,
            "energy_days": tuple((int(day), str(state)) for day, state in days),
        }

    # -- the Energy Calendar ----------------------------------------------------------------

    def profile(self, character_id: int) -> CharacterProfile | None:
        """The character's energy profile (named as the character), or None if it has none."""
        rows = self._read(
            "SELECT character.name, daily_net, abilities FROM energy_profile"
            " JOIN character ON character.id = energy_profile.character_id"
            " WHERE character_id = ?",
            (character_id,),
        )
        return self._cached_profile(character_id, rows[0]) if rows else None

    def profiles(self) -> dict[int, CharacterProfile]:
        """Every character's energy profile by character id, in roster order."""
        rows = self._read(
            "SELECT character.id, character.name, daily_net, abilities FROM energy_profile"
            " JOIN character ON character.id = energy_profile.character_id"
            " ORDER BY character.position, character.id"
        )
        return {int(row[0]): self._cached_profile(int(row[0]), row[1:]) for row in rows}

    def set_profile(
        self, character_id: int, daily_net: int, abilities: Mapping[str, int]
    ) -> CharacterProfile | None:
        """Give a character an energy profile, or change it; returns the previous one
        (None: undo with `delete_profile`). Tells "energy".

        A changed daily net shows from the next day opened: stored days keep the daily
        energy they opened with, as the rules say of an altered input or output.
        """
        from desktop.store.calendar import writes

        name = self._campaign.roster.get(character_id).name
        wanted = energy.profile(name, daily_net, abilities)
        previous = self.profile(character_id)
        with self._writing(Topic.ENERGY) as session:
            writes.set_energy_profile(
                session,
                character_id,
                wanted.daily_net,
                energy.abilities_text(energy.abilities_of(wanted)),
            )
            self._campaign.note(Topic.ENERGY, character_id, _profile_sentence(previous, wanted))
        return previous

    def delete_profile(self, character_id: int) -> CharacterProfile | None:
        """Remove a character's profile (its stored days stay); returns it for undo."""
        from desktop.store.calendar import writes

        previous = self.profile(character_id)
        if previous is not None:
            with self._writing(Topic.ENERGY) as session:
                writes.delete_energy_profile(session, character_id)
                said = sentences.of_character(previous.name, "energy profile removed")
                self._campaign.note(Topic.ENERGY, character_id, said)
        return previous

    def day(self, character_id: int, day: int) -> DayState | None:
        """The character's energy on a campaign day (after that day's entries), or None."""
        rows = self._read(
            "SELECT day, state FROM energy_day WHERE character_id = ? AND day = ?",
            (character_id, day),
        )
        return self._state(character_id, *rows[0]) if rows else None

    def days(self, character_id: int, first_day: int, last_day: int) -> dict[int, DayState]:
        """The character's stored days from `first_day` to `last_day`, both included."""
        rows = self._read(
            "SELECT day, state FROM energy_day WHERE character_id = ? AND day BETWEEN ? AND ?"
            " ORDER BY day",
            (character_id, first_day, last_day),
        )
        return {int(day): self._state(character_id, day, state) for day, state in rows}

    def day_before(self, character_id: int, day: int) -> DayState | None:
        """The character's latest stored day before `day`, or None: a day with no row
        after a death still belongs to a dead character."""
        rows = self._read(
            "SELECT day, state FROM energy_day WHERE character_id = ? AND day < ?"
            " ORDER BY day DESC LIMIT 1",
            (character_id, day),
        )
        return self._state(character_id, *rows[0]) if rows else None

    def put_day(self, character_id: int, state: DayState) -> DayState | None:
        """Store a character's day (`state.day`), replacing what was there, in one
        transaction; returns the previous state (None: undo with `delete_day`).

        Refused (ValueError, nothing written) unless the character has a profile, the
        day is between 1 and the campaign's current day (later days are made only by
        End Day) and the state is one the rules accept, checked field by field again
        because the rules' own functions build states without their checks.
        """
        from desktop.store.calendar import writes

        checked = checked_day(state)
        self._require_profile(character_id)
        today = self._campaign.summary().current_day
        if not 1 <= checked.day <= today:
            raise ValueError(
                f"Day {checked.day} cannot be written: days run from 1 to today, day {today}."
            )
        previous = self.day(character_id, checked.day)
        text = energy.day_text(checked)
        name = self._campaign.roster.get(character_id).name
        with self._writing(Topic.ENERGY) as session:
            writes.put_energy_days(session, [(character_id, checked.day, text)])
            what = "written" if previous is None else "changed"
            said = sentences.of_character(name, f"energy of day {checked.day} {what}")
            self._campaign.note(Topic.ENERGY, character_id, said)
        self._remember_day(character_id, checked.day, text, checked)
        return previous

    def delete_day(self, character_id: int, day: int) -> DayState | None:
        """Remove a stored day; returns it for undo (`put_day`)."""
        from desktop.store.calendar import writes

        previous = self.day(character_id, day)
        if previous is not None:
            name = self._campaign.roster.get(character_id).name
            with self._writing(Topic.ENERGY) as session:
                writes.delete_energy_days(session, [(character_id, day)])
                said = sentences.of_character(name, f"energy of day {day} removed")
                self._campaign.note(Topic.ENERGY, character_id, said)
            self._forget_days([(character_id, day)])
        return previous

    def end_day(
        self,
        nights: Mapping[int, str] | None = None,
        proximity: Mapping[int, int] | None = None,
    ) -> EndDaySummary:
        """Roll every character with a profile over to the next day, and make that day
        the campaign's current one, in one transaction. Tells "energy" and "campaign".

        `nights` and `proximity` give, by character id, the night before the new day
        (default normal) and its proximity (default: as today). A character with a
        profile but no row for today is given the rules' `start_day` defaults for today
        first (a normal night, proximity 100, empty stores), and that row is written
        too. A character already dead (today, or on the last day it has a row) is not
        rolled over: the rules refuse it, and its calendar simply ends. Undo with
        `undo_end_day(summary.token)`.
        """
        from desktop.store.calendar import writes

        today = self._campaign.summary().current_day
        profiles = self.profiles()
        states = self._energy_states_of(today)
        nights = nights or {}
        proximity = proximity or {}
        known_ids(profiles, nights, "night")
        known_ids(profiles, proximity, "proximity")
        tomorrow_taken = self._read(
            "SELECT character_id FROM energy_day WHERE day = ?", (today + 1,)
        )
        if tomorrow_taken:
            raise ValueError(
                f"Day {today + 1} already has energy rows: the campaign cannot end day {today}."
            )
        plan = EndDayPlan(today)
        for character_id, profile in profiles.items():
            row = states.get(character_id)
            earlier = None if row is not None else self.day_before(character_id, today)
            state, started = rules_energy.day_to_end(profile, today, row, earlier)
            if started:
                plan.start(character_id, state)
            plan.roll(
                character_id,
                profile,
                state,
                nights.get(character_id, "normal"),
                proximity.get(character_id),
            )
        with self._writing(Topic.ENERGY, Topic.CAMPAIGN) as session:
            writes.put_energy_days(session, plan.rows)
            writes.set_current_day(session, today + 1)
            said = sentences.day_ended(today, today + 1)
            self._campaign.note(Topic.CAMPAIGN, None, said, parts.DAY_ENDED)
        for character_id, day, text, state in plan.made:
            self._remember_day(character_id, day, text, state)
        return plan.summary()

    def undo_end_day(self, token: EndDayToken) -> None:
        """Take End Day back: delete the rows it made and make its day current again,
        in one transaction. Refused if the campaign is no longer on the day it opened."""
        from desktop.store.calendar import writes

        today = self._campaign.summary().current_day
        if today != token.from_day + 1:
            raise ValueError(
                f"End Day of day {token.from_day} cannot be undone: today is day {today}."
            )
        started = self._read(
            "SELECT EXISTS (SELECT 1 FROM game WHERE started_day > ?)", (token.from_day,)
        )
        if started[0][0]:
            # A game keeps the day it started on, which the calendar must have reached.
            raise ValueError(
                f"End Day of day {token.from_day} cannot be undone: a game started on day "
                f"{today}. Undo that game's start first."
            )
        with self._writing(Topic.ENERGY, Topic.CAMPAIGN) as session:
            writes.delete_energy_days(session, token.rows)
            writes.set_current_day(session, token.from_day)
            said = sentences.day_reopened(today, token.from_day)
            self._campaign.note(Topic.CAMPAIGN, None, said)
        self._forget_days(token.rows)

    def _energy_states_of(self, day: int) -> dict[int, DayState]:
        """Every character's stored state of one day, by character id (one query)."""
        rows = self._read("SELECT character_id, state FROM energy_day WHERE day = ?", (day,))
        return {int(cid): self._state(int(cid), day, state) for cid, state in rows}

    def _state(self, character_id: int, day: object, text: object) -> DayState:
        cached = self._day_cache.get(character_id, {}).get(day)  # type: ignore[call-overload]  # a stored day: an int key or a miss
        if cached is not None and cached[0] == text:
            return cached[1]
        state = stored_day(character_id, day, text)
        self._remember_day(character_id, state.day, str(text), state)
        return state

    def _remember_day(self, character_id: int, day: int, text: str, state: DayState) -> None:
        # Two days: End Day reads today's and writes tomorrow's, and its undo makes
        # today's current again; a year of a roster would otherwise stay in memory.
        days = self._day_cache.setdefault(character_id, {})
        days[day] = (text, state)
        if len(days) > 2:
            del days[min(days)]

    def _forget_days(self, keys: Iterable[tuple[int, int]]) -> None:
        for character_id, day in keys:
            self._day_cache.get(character_id, {}).pop(day, None)

    def _cached_profile(self, character_id: int, row: Row) -> CharacterProfile:
        key = tuple(row)
        cached = self._profile_cache.get(character_id)
        if cached is not None and cached[0] == key:
            return cached[1]
        profile = stored_profile(row)
        self._profile_cache[character_id] = (key, profile)
        return profile

    def _require_profile(self, character_id: int) -> None:
        self._campaign.roster.get(character_id)  # NotFound first: the plainer message
        if self.profile(character_id) is None:
            raise ValueError(
                f"{self._campaign.roster.get(character_id).name} has no energy profile yet: "
                "give them a daily net energy first."
            )
