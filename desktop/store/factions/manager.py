"""The factions and their place on the ladder. Reached as `campaign.factions`."""

from __future__ import annotations

from collections.abc import Sequence

from desktop.rules import factions
from desktop.rules.factions import MIN_TIER, NEUTRAL, STRONG
from desktop.store import checks
from desktop.store.clocks import OWNER_FACTION, ClockRecord, check_clock
from desktop.store.core import Manager, Topic
from desktop.store.factions import checks as factions_checks
from desktop.store.factions.records import FactionRecord, FactionSnapshot
from desktop.store.factions.rows import FACTION_FIELDS, FACTION_SQL, faction_from_row, war_topics
from desktop.store.history import sentences


def _faction_sentence(previous: FactionRecord, after: FactionRecord) -> str:
    """A faction's change: its status ("The Tidewardens: Hostile -> War"), its name, or
    what else was edited."""
    if after.name != previous.name:
        return sentences.renamed("Faction", previous.name, after.name)
    if after.status != previous.status:
        before_label = factions.status_label(previous.status)
        return sentences.status_change(
            after.name, before_label, factions.status_label(after.status)
        )
    changed = [
        f
        for f in ("hold", "at_war_with_others", "notes", "shown")
        if getattr(after, f) != getattr(previous, f)
    ]
    return sentences.edited("Faction", after.name, changed)


class FactionManager(Manager):
    """The factions and their place on the ladder."""

    # -- factions ("factions") ----------------------------------------------------------------

    def all(self) -> list[FactionRecord]:
        """The ladder: highest tier first, each tier's row in order."""
        rows = self._read(f"{FACTION_SQL} ORDER BY tier DESC, position, id")
        return [faction_from_row(row) for row in rows]

    def get(self, faction_id: int) -> FactionRecord:
        return faction_from_row(self._read_by_id(FACTION_SQL, faction_id, "Faction"))

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
        from desktop.store.factions import writes

        record = factions_checks.faction(
            FactionRecord(1, name, tier, hold, status, at_war_with_others, 0, notes, shown)
        )
        self._refuse_faction_name(record.name)
        with self._writing(Topic.FACTIONS, *war_topics(record.status)) as session:
            made = writes.add_faction(session, record)
            said = sentences.added("Faction", made.name)
            self._campaign.note(Topic.FACTIONS, made.id, said)
        return made

    def update(self, faction_id: int, **changes: object) -> FactionRecord:
        """Change name, hold, status, at_war_with_others, notes and/or shown (to
        players); returns the
        faction as it was. Its tier and place change with `move`."""
        from desktop.store.factions import writes

        if {"tier", "position"} & set(changes):
            raise ValueError("A faction's tier and place change by moving it on the ladder.")
        checks.known_fields(changes, FACTION_FIELDS, "A faction")
        previous = self.get(faction_id)
        checked = factions_checks.faction(checks.changed(previous, changes))
        if checked.name.casefold() != previous.name.casefold():
            self._refuse_faction_name(checked.name)
        values = {name: getattr(checked, name) for name in changes}
        topics = [Topic.FACTIONS]
        if "status" in changes:
            topics.append(Topic.CHAPTER)  # war with the chapter follows the statuses
        if "name" in changes:
            topics.append(Topic.CLAIMS)  # the claim map names holders
        with self._writing(*topics) as session:
            writes.update_faction(session, faction_id, values)
            self._campaign.note(Topic.FACTIONS, faction_id, _faction_sentence(previous, checked))
        return previous

    def move(self, faction_id: int, tier: int, position: int) -> FactionRecord:
        """Put a faction at `position` (at most last) of a tier's row; returns it as it
        was, so moving it back undoes it."""
        from desktop.store.factions import writes

        new_tier = factions_checks.tier(tier)
        place = checks.position(position)
        previous = self.get(faction_id)
        with self._writing(Topic.FACTIONS) as session:
            writes.move_faction(session, faction_id, new_tier, place)
            said = f"{previous.name}: tier {previous.tier} -> {new_tier}"
            if new_tier == previous.tier:
                said = f"{previous.name} moved within tier {new_tier}"
            self._campaign.note(Topic.FACTIONS, faction_id, said)
        return previous

    def lose_hold(self, faction_id: int) -> FactionRecord:
        """The faction loses hold (the rules' `hold_loss`): strong -> weak, weak -> one
        tier lower (at the end of that row), still weak. Returns it as it was."""
        from desktop.store.factions import writes

        previous = self.get(faction_id)
        loss = factions.hold_loss(previous.tier, previous.hold)
        with self._writing(Topic.FACTIONS) as session:
            if loss.tier != previous.tier:
                last = self._read("SELECT COUNT(*) FROM faction WHERE tier = ?", (loss.tier,))
                writes.move_faction(session, faction_id, loss.tier, int(last[0][0]))
            writes.update_faction(session, faction_id, {"hold": loss.hold})
            said = sentences.hold_lost(
                previous.name, (previous.tier, previous.hold), (loss.tier, loss.hold)
            )
            self._campaign.note(Topic.FACTIONS, faction_id, said)
        return previous

    def restore_standing(self, record: FactionRecord) -> FactionRecord:
        """Put a faction's tier, place and hold back as `record` has them (an undo)."""
        from desktop.store.factions import writes

        previous = self.get(record.id)
        tier, hold = factions_checks.tier(record.tier), factions_checks.hold(record.hold)
        with self._writing(Topic.FACTIONS) as session:
            writes.move_faction(session, record.id, tier, checks.position(record.position))
            writes.update_faction(session, record.id, {"hold": hold})
            said = sentences.standing_restored(
                previous.name, (previous.tier, previous.hold), (tier, hold)
            )
            self._campaign.note(Topic.FACTIONS, record.id, said)
        return previous

    def delete(self, faction_id: int) -> FactionSnapshot:
        """Delete a faction with its clocks; refused while it holds claims."""
        from desktop.store.factions import writes

        record = self.get(faction_id)
        held = [
            claim.name for claim in self._campaign.chapter.claims() if claim.holder_id == faction_id
        ]
        if held:
            raise ValueError(
                f"{record.name} holds {checks.listed(held)}: give "
                f"{'it' if len(held) == 1 else 'them'} to someone else before deleting "
                f"{record.name}."
            )
        clocks = tuple(self._campaign.clocks.of_owner(OWNER_FACTION, faction_id))
        with self._writing(*_whole_faction_topics(record, clocks)) as session:
            writes.delete_faction(session, faction_id)
            said = sentences.removed("Faction", record.name)
            self._campaign.note(Topic.FACTIONS, faction_id, said)
        return FactionSnapshot(record, clocks)

    def restore(self, snapshot: FactionSnapshot) -> FactionRecord:
        """Put a deleted faction back with its id, place and clocks."""
        from desktop.store.clocks import writes as clocks_writes
        from desktop.store.factions import writes

        if not isinstance(snapshot, FactionSnapshot):
            raise ValueError(f"Expected a faction snapshot, not {snapshot!r}.")
        record = factions_checks.faction(snapshot.faction)
        clocks = [check_clock(clock) for clock in snapshot.clocks]
        for clock in clocks:
            if (clock.owner_kind, clock.owner_id) != (OWNER_FACTION, record.id):
                raise ValueError(f"Clock {clock.name} does not belong to {record.name}.")
        self._refuse_faction_name(record.name)
        with self._writing(*_whole_faction_topics(record, clocks)) as session:
            restored = writes.add_faction(session, record, keep_id=True)
            clocks_writes.insert_clocks(session, clocks)
            said = sentences.restored("Faction", record.name)
            self._campaign.note(Topic.FACTIONS, record.id, said)
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
    return [Topic.FACTIONS, *war_topics(record.status), *([Topic.CLOCKS] if clocks else [])]
