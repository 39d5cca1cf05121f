"""The factions and their place on the ladder. Reached as `campaign.factions`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from desktop.rules import factions
from desktop.rules.factions import MIN_TIER, NEUTRAL, STRONG
from desktop.store import checks, downtime_checks
from desktop.store.core import Manager, Topic
from desktop.store.downtime import (
    FACTION_FIELDS,
    FACTION_SQL,
    _faction,
    _known,
    _listed,
    _war_topic,
)
from desktop.store.downtime_records import (
    OWNER_FACTION,
    ClockRecord,
    FactionRecord,
    FactionSnapshot,
)


class FactionManager(Manager):
    """The factions and their place on the ladder."""

    # -- factions ("factions") ----------------------------------------------------------------

    def all(self) -> list[FactionRecord]:
        """The ladder: highest tier first, each tier's row in order."""
        rows = self._read(f"{FACTION_SQL} ORDER BY tier DESC, position, id")
        return [_faction(row) for row in rows]

    def get(self, faction_id: int) -> FactionRecord:
        return _faction(self._read_by_id(FACTION_SQL, faction_id, "Faction"))

    def add(
        self,
        name: str,
        tier: int = MIN_TIER,
        hold: str = STRONG,
        status: int = NEUTRAL,
        at_war_with_others: bool = False,
        notes: str = "",
        shown: bool = True,
    ) -> FactionRecord:
        """A new faction, last in its tier's row. Names are unique, ignoring case, and
        differ from the chapter's."""
        from desktop.store import downtime_writer

        record = downtime_checks.faction(
            FactionRecord(1, name, tier, hold, status, at_war_with_others, 0, notes, shown)
        )
        self._refuse_faction_name(record.name)
        with self._writing(Topic.FACTIONS, *_war_topic(record.status)) as session:
            return downtime_writer.add_faction(session, record)

    def update(self, faction_id: int, **changes: object) -> FactionRecord:
        """Change name, hold, status, at_war_with_others, notes and/or shown (to
        players); returns the
        faction as it was. Its tier and place change with `move`."""
        from desktop.store import downtime_writer

        if {"tier", "position"} & set(changes):
            raise ValueError("A faction's tier and place change by moving it on the ladder.")
        _known(changes, FACTION_FIELDS, "A faction")
        previous = self.get(faction_id)
        checked = downtime_checks.faction(replace(previous, **changes))  # type: ignore[arg-type]
        if checked.name.casefold() != previous.name.casefold():
            self._refuse_faction_name(checked.name)
        values = {name: getattr(checked, name) for name in changes}
        topics = [Topic.FACTIONS]
        if "status" in changes:
            topics.append(Topic.CHAPTER)  # war with the chapter follows the statuses
        if "name" in changes:
            topics.append(Topic.CLAIMS)  # the claim map names holders
        with self._writing(*topics) as session:
            downtime_writer.update_faction(session, faction_id, values)
        return previous

    def move(self, faction_id: int, tier: int, position: int) -> FactionRecord:
        """Put a faction at `position` (at most last) of a tier's row; returns it as it
        was, so moving it back undoes it."""
        from desktop.store import downtime_writer

        new_tier = downtime_checks.tier(tier)
        place = checks.position(position)
        previous = self.get(faction_id)
        with self._writing(Topic.FACTIONS) as session:
            downtime_writer.move_faction(session, faction_id, new_tier, place)
        return previous

    def lose_hold(self, faction_id: int) -> FactionRecord:
        """The faction loses hold (the rules' `hold_loss`): strong -> weak, weak -> one
        tier lower (at the end of that row), still weak. Returns it as it was."""
        from desktop.store import downtime_writer

        previous = self.get(faction_id)
        loss = factions.hold_loss(previous.tier, previous.hold)
        with self._writing(Topic.FACTIONS) as session:
            if loss.tier != previous.tier:
                last = self._read("SELECT COUNT(*) FROM faction WHERE tier = ?", (loss.tier,))
                downtime_writer.move_faction(session, faction_id, loss.tier, int(last[0][0]))  # type: ignore[call-overload]
            downtime_writer.update_faction(session, faction_id, {"hold": loss.hold})
        return previous

    def restore_standing(self, record: FactionRecord) -> FactionRecord:
        """Put a faction's tier, place and hold back as `record` has them (an undo)."""
        from desktop.store import downtime_writer

        previous = self.get(record.id)
        tier, hold = downtime_checks.tier(record.tier), downtime_checks.hold(record.hold)
        with self._writing(Topic.FACTIONS) as session:
            downtime_writer.move_faction(session, record.id, tier, checks.position(record.position))
            downtime_writer.update_faction(session, record.id, {"hold": hold})
        return previous

    def delete(self, faction_id: int) -> FactionSnapshot:
        """Delete a faction with its clocks; refused while it holds claims."""
        from desktop.store import downtime_writer

        record = self.get(faction_id)
        held = [
            claim.name for claim in self._campaign.chapter.claims() if claim.holder_id == faction_id
        ]
        if held:
            raise ValueError(
                f"{record.name} holds {_listed(held)}: give "
                f"{'it' if len(held) == 1 else 'them'} to someone else before deleting "
                f"{record.name}."
            )
        clocks = tuple(self._campaign.clocks.of_owner(OWNER_FACTION, faction_id))
        with self._writing(*_whole_faction_topics(record, clocks)) as session:
            downtime_writer.delete_faction(session, faction_id)
        return FactionSnapshot(record, clocks)

    def restore(self, snapshot: FactionSnapshot) -> FactionRecord:
        """Put a deleted faction back with its id, place and clocks."""
        from desktop.store import downtime_writer

        if not isinstance(snapshot, FactionSnapshot):
            raise ValueError(f"Expected a faction snapshot, not {snapshot!r}.")
        record = downtime_checks.faction(snapshot.faction)
        clocks = [downtime_checks.clock(clock) for clock in snapshot.clocks]
        for clock in clocks:
            if (clock.owner_kind, clock.owner_id) != (OWNER_FACTION, record.id):
                raise ValueError(f"Clock {clock.name} does not belong to {record.name}.")
        self._refuse_faction_name(record.name)
        with self._writing(*_whole_faction_topics(record, clocks)) as session:
            restored = downtime_writer.add_faction(session, record, keep_id=True)
            downtime_writer.insert_clocks(session, clocks)
        return restored

    def _refuse_faction_name(self, name: str) -> None:
        """A faction's name names it on the claim map: unique, and not the chapter's."""
        key = name.casefold()
        for other in self.all():
            if other.name.casefold() == key:
                raise ValueError(f"There is already a faction called “{other.name}”.")
        chapter = self._campaign.chapter.get().name
        if chapter.casefold() == key:
            raise ValueError(f"“{chapter}” is the chapter's name.")


def _whole_faction_topics(record: FactionRecord, clocks: Sequence[ClockRecord]) -> list[Topic]:
    """What deleting or restoring a faction with its `clocks` tells: "factions", the
    chapter's war when it was at war with the chapter, and "clocks" when it had any."""
    return [Topic.FACTIONS, *_war_topic(record.status), *([Topic.CLOCKS] if clocks else [])]
