"""Undo commands of the Clocks dock: add, change, move and delete a progress clock.

Each command writes through the store's clock methods, which return the previous
record; undo puts that record back. A deleted clock comes back with its own id, so the
commands after it on the stack still find it.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from desktop.store import ClockRecord
from desktop.ui.commands import StoreCommand, TakeBack, unknown_fields
from desktop.ui.session import CampaignSession
from desktop.ui.window_language import tr

CLOCK_FIELDS = ("name", "segments", "filled", "note", "shown")


class AddClock(StoreCommand):
    def __init__(
        self,
        session: CampaignSession,
        name: str,
        segments: int,
        *,
        owner_kind: str = "none",
        owner_id: int = 0,
        filled: int = 0,
        note: str = "",
        shown: bool = False,
    ) -> None:
        super().__init__(session, tr("New clock {name}").format(name=name))
        self._args: dict[str, Any] = {
            "owner_kind": owner_kind,
            "owner_id": owner_id,
            "filled": filled,
            "note": note,
            "shown": shown,
        }
        self._name = name
        self._segments = segments
        self._record: ClockRecord | None = None  # as it was when undone, for the redo

    @property
    def clock_id(self) -> int | None:
        return None if self._record is None else self._record.id

    def apply(self) -> None:
        campaign = self.session.campaign
        if self._record is None:
            self._record = campaign.clocks.add(self._name, self._segments, **self._args)
        else:
            self._record = campaign.clocks.restore(self._record)

    def revert(self) -> None:
        assert self._record is not None
        self._record = self.session.campaign.clocks.delete(self._record.id)


class UpdateClock(StoreCommand):
    """Change a clock's name, size, fill or note; `text` names the step in Edit > Undo."""

    def __init__(
        self, session: CampaignSession, clock: ClockRecord, text: str, **changes: Any
    ) -> None:
        super().__init__(session, text)
        unknown = unknown_fields(changes, CLOCK_FIELDS)
        if unknown:
            raise ValueError(f"A clock has no {unknown}.")
        self.clock_id = clock.id
        self._changes = changes
        self._previous: ClockRecord | None = None
        if all(getattr(clock, field) == value for field, value in changes.items()):
            self.setObsolete(True)  # nothing changes: the stack drops it

    def apply(self) -> None:
        self._previous = self.session.campaign.clocks.update(self.clock_id, **self._changes)

    def revert(self) -> None:
        assert self._previous is not None
        previous = self._previous
        # Resizing can cut the fill, so every field comes back, not just the changed ones.
        self.session.campaign.clocks.update(
            self.clock_id,
            **{field: getattr(previous, field) for field in CLOCK_FIELDS},
        )


class MoveClock(StoreCommand):
    """Put a clock at `position` in the group of an owner (its own or another)."""

    def __init__(
        self,
        session: CampaignSession,
        clock: ClockRecord,
        owner_kind: str,
        owner_id: int,
        position: int,
        text: str = "",
    ) -> None:
        super().__init__(session, text or tr("Move clock {name}").format(name=clock.name))
        self.clock_id = clock.id
        self._target = (owner_kind, owner_id, position)
        self._previous: ClockRecord | None = None
        if (clock.owner_kind, clock.owner_id, clock.position) == self._target:
            self.setObsolete(True)

    def apply(self) -> None:
        self._previous = self.session.campaign.clocks.move(self.clock_id, *self._target)

    def revert(self) -> None:
        assert self._previous is not None
        previous = self._previous
        self.session.campaign.clocks.move(
            self.clock_id, previous.owner_kind, previous.owner_id, previous.position
        )


class DeleteClock(TakeBack[ClockRecord]):
    def __init__(self, session: CampaignSession, clock: ClockRecord) -> None:
        clocks = session.campaign.clocks
        text = tr("Delete clock {name}").format(name=clock.name)
        super().__init__(session, text, partial(clocks.delete, clock.id), clocks.restore)
