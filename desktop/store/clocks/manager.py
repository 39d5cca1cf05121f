"""Progress clocks, loose or owned by the chapter, a character or a faction.
Reached as `campaign.clocks`."""

from __future__ import annotations

from desktop.rules import roster
from desktop.store import checks
from desktop.store.clocks import checks as clocks_checks
from desktop.store.clocks.records import OWNER_CHARACTER, OWNER_FACTION, OWNER_NONE, ClockRecord
from desktop.store.clocks.rows import (
    CLOCK_FIELDS,
    CLOCK_SQL,
    OWNER_ORDER,
    clock_from_row,
    owner_where,
)
from desktop.store.core import Manager, Topic
from desktop.store.history import sentences


def _clock_sentence(previous: ClockRecord, values: dict[str, object]) -> str:
    """A clock's change: its fill ("Storm season: 2 -> 4 of 8"), else what was edited."""
    name, filled, segments = str(values["name"]), values["filled"], values["segments"]
    if name != previous.name:
        return sentences.renamed("Clock", previous.name, name)
    if (filled, segments) != (previous.filled, previous.segments):
        return sentences.clock_change(name, previous.filled, int(str(filled)), int(str(segments)))
    return sentences.edited("Clock", name, sorted(set(values) - {"name", "filled", "segments"}))


class ClockManager(Manager):
    """Progress clocks, loose or owned by the chapter, a character or a faction."""

    # -- clocks ("clocks") --------------------------------------------------------------------

    def all(self) -> list[ClockRecord]:
        """Every clock: free-standing, the chapter's, characters', factions', each group
        in its own order."""
        rows = self._read(
            f"{CLOCK_SQL} ORDER BY {OWNER_ORDER}, COALESCE(character_id, faction_id, 0),"
            " position, id"
        )
        return [clock_from_row(row) for row in rows]

    def of_owner(self, owner_kind: str, owner_id: int = 0) -> list[ClockRecord]:
        """One owner's clocks, in order (`owner_id` 0 for none and the chapter)."""
        kind = clocks_checks.owner_kind(owner_kind)
        where, parameters = owner_where(kind, clocks_checks.owner_id(kind, owner_id))
        rows = self._read(f"{CLOCK_SQL} WHERE {where} ORDER BY position, id", parameters)
        return [clock_from_row(row) for row in rows]

    def get(self, clock_id: int) -> ClockRecord:
        return clock_from_row(self._read_by_id(CLOCK_SQL, clock_id, "Clock"))

    def add(
        self,
        name: str,
        segments: int,
        *,
        owner_kind: str = OWNER_NONE,
        owner_id: int = 0,
        filled: int = 0,
        note: str = "",
        shown: bool = False,
    ) -> ClockRecord:
        """A new clock, last of its owner's clocks. The owner must exist. A clock is
        hidden from the players (the player display) until `shown`."""
        from desktop.store.clocks import writes

        record = clocks_checks.clock(
            ClockRecord(1, name, segments, filled, owner_kind, owner_id, 0, note, shown)
        )
        self.require_owner(record.owner_kind, record.owner_id)
        with self._writing(Topic.CLOCKS) as session:
            made = writes.add_clock(session, record)
            self._campaign.note(Topic.CLOCKS, made.id, sentences.added("Clock", made.name))
        return made

    def update(self, clock_id: int, **changes: object) -> ClockRecord:
        """Change name, segments, filled, note and/or shown (to players); returns the
        clock as it was.

        Segments are applied first and cut progress past the new size (the rules'
        `Clock.resize`), then a given fill; so `update(id, **old fields)` undoes it.
        """
        from desktop.store.clocks import writes

        checks.known_fields(changes, CLOCK_FIELDS, "A clock")
        previous = self.get(clock_id)
        ruled = previous.clock
        if "name" in changes:
            ruled = ruled.renamed(roster.check_name(changes["name"]))
        if "segments" in changes:
            ruled = ruled.resize(clocks_checks.clock_segments(changes["segments"]))
        if "filled" in changes:
            ruled = ruled.fill_to(clocks_checks.clock_filled(changes["filled"], ruled.segments))
        values: dict[str, object] = {
            "name": ruled.name,
            "segments": ruled.segments,
            "filled": ruled.filled,
        }
        if "note" in changes:
            values["note"] = checks.notes(changes["note"])
        if "shown" in changes:
            values["shown"] = checks.flag(changes["shown"], "Shown to players")
        with self._writing(Topic.CLOCKS) as session:
            writes.update_clock(session, clock_id, values)
            self._campaign.note(Topic.CLOCKS, clock_id, _clock_sentence(previous, values))
        return previous

    def move(self, clock_id: int, owner_kind: str, owner_id: int, position: int) -> ClockRecord:
        """Give a clock to another owner and/or place (at most last in the group); returns
        the clock as it was, so moving it back to its old owner and place undoes it."""
        from desktop.store.clocks import writes

        kind = clocks_checks.owner_kind(owner_kind)
        owner = clocks_checks.owner_id(kind, owner_id)
        place = checks.position(position)
        previous = self.get(clock_id)
        self.require_owner(kind, owner)
        with self._writing(Topic.CLOCKS) as session:
            writes.move_clock(session, clock_id, kind, owner, place)
            said = f"Clock {previous.name} moved"
            self._campaign.note(Topic.CLOCKS, clock_id, said)
        return previous

    def delete(self, clock_id: int) -> ClockRecord:
        """Delete a clock; returns it for `restore`."""
        from desktop.store.clocks import writes

        previous = self.get(clock_id)
        with self._writing(Topic.CLOCKS) as session:
            writes.delete_clock(session, clock_id)
            said = sentences.removed("Clock", previous.name)
            self._campaign.note(Topic.CLOCKS, clock_id, said)
        return previous

    def restore(self, record: ClockRecord) -> ClockRecord:
        """Put a deleted clock back with its id and place (the others make room)."""
        from desktop.store.clocks import writes

        checked = clocks_checks.clock(record)
        self.require_owner(checked.owner_kind, checked.owner_id)
        with self._writing(Topic.CLOCKS) as session:
            said = sentences.restored("Clock", checked.name)
            self._campaign.note(Topic.CLOCKS, checked.id, said)
            return writes.add_clock(session, checked, keep_id=True, keep_position=True)

    def require_owner(self, kind: str, owner_id: int) -> None:
        """Refuse (NotFound) an owner that is not in the campaign."""
        if kind == OWNER_CHARACTER:
            self._campaign.roster.get(owner_id)
        elif kind == OWNER_FACTION:
            self._campaign.factions.get(owner_id)
