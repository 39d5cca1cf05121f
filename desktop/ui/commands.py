"""Undo commands: each GM action is one `QUndoCommand` that writes through the store.

Commands capture what they need to undo in `__init__` (old values, or a snapshot taken
on the first redo), never hold widgets, and fold repeated edits of one field with
`mergeWith`, following Spine Toolbox's `spine_db_commands.py`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import partial
from typing import Any, Generic, Protocol, TypeVar

from PySide6.QtGui import QUndoCommand

from desktop.language import N_
from desktop.logs import error_details, unexpected_message
from desktop.rules.roster import KIND_LABELS
from desktop.store import CharacterRecord, CharacterSnapshot, NotFound, ReadOnlyCampaign
from desktop.ui.merge_ids import NO_MERGE, MergeId
from desktop.ui.session import CampaignSession
from desktop.ui.window_language import tr


class HasId(Protocol):
    """A stored record: what the generic commands need of it is its id."""

    @property
    def id(self) -> int: ...


Taken = TypeVar("Taken")  # untranslated: a type variable's name
Added = TypeVar("Added", bound=HasId)  # untranslated: a type variable's name
Described = TypeVar("Described", bound=HasId)  # untranslated: a type variable's name
_FROM_RECORD: Any = object()  # EditField's `old` when not given: read it from the record
log = logging.getLogger(__name__)


class StoreCommand(QUndoCommand):
    """Base: runs `apply`/`revert`, and turns a failure into a message, not a traceback.

    Each subclass defines `apply` (do it through the store) and `revert` (undo it).
    """

    apply: Callable[[], None]
    revert: Callable[[], None]

    def __init__(self, session: CampaignSession, text: str) -> None:
        super().__init__(text)
        self.session = session
        # The history entries this step wrote when last done: its undo undoes each (a
        # step folded from several writes, a note typed in bursts, wrote several).
        self.entries: list[int] = []

    def redo(self) -> None:
        with self.session.campaign.recording() as written:
            self._guard(self.apply)
        self.entries = written

    def undo(self) -> None:
        # The history tells the undo as its own entry ("Undone: ..."), never erasing one.
        with self.session.campaign.undoing(self.entries):
            self._guard(self.revert)

    def mergeWith(self, other: QUndoCommand) -> bool:
        """Qt's fold of the next step (same `id()`) into this one: `merge` decides; the
        folded step's history entries become this step's too."""
        merged = self.merge(other)
        if merged and isinstance(other, StoreCommand):
            self.entries = [*self.entries, *other.entries]
        return merged

    def merge(self, other: QUndoCommand) -> bool:
        """Fold `other`, the next step, into this one (True), or keep them apart."""
        return False

    def _guard(self, action: Callable[[], None]) -> None:
        try:
            action()
        except (ValueError, NotFound, ReadOnlyCampaign) as error:
            # A refusal the store or the rules say in plain words (a full disk is one,
            # CampaignWriteFailed). Its message may name campaign text: only its type
            # is logged.
            log.info("%s refused: %s", type(self).__name__, type(error).__name__)
            self._fail(str(error))
        except Exception as error:  # a bug: logged with its traceback, never shown raw
            log.error("%s failed unexpectedly", type(self).__name__, exc_info=error)
            self._fail(unexpected_message(), details=error_details(error))

    def _merged(self, back_where_it_started: bool) -> bool:
        """The end of a `mergeWith` that took the later command's value: merged back to
        where it started, the step has nothing left to undo and the stack drops it."""
        if back_where_it_started:
            self.setObsolete(True)
        return True

    def _fail(self, message: str, *, details: str | None = None) -> None:
        # An obsolete command is dropped by the stack, so undo never replays a failure.
        self.setObsolete(True)
        # A refusal is said in passing; an error GM Desk did not expect (with `details`
        # for a bug report) in a box too.
        if details is None:
            self.session.report_failure(message)
        else:
            self.session.report_error(message, details)


class TakeBack(StoreCommand, Generic[Taken]):
    """Base: a store call that returns what its undo needs, and the call that hands it back.

    `take()` makes the change and returns what it replaced (a deleted record's snapshot,
    the record as it stood); undo gives exactly that to `give_back`, so a deleted record
    comes back with its own id and the commands after it on the stack still find it.
    """

    def __init__(
        self,
        session: CampaignSession,
        text: str,
        take: Callable[[], Taken],
        give_back: Callable[[Taken], object],
    ) -> None:
        super().__init__(session, text)
        self._take = take
        self._give_back = give_back
        self._taken: Taken | None = None

    def apply(self) -> None:
        self._taken = self._take()

    def revert(self) -> None:
        assert self._taken is not None
        self._give_back(self._taken)


Wording = Callable[[str, Any], str]  # a record's name and its new value -> the step's name


def unknown_fields(changes: dict[str, Any], fields: tuple[str, ...]) -> str:
    """The fields of `changes` that are not among `fields`, for the refusal raised before
    anything is pushed ("A clock has no colour."); "" when there is none."""
    return ", ".join(sorted(set(changes) - set(fields)))


def edit_wording(other: Wording, **by_field: Wording) -> Callable[[Any, str, Any], str]:
    """An EditField's `describe` from one wording per field, `other` for the rest."""

    def describe(record: Any, field: str, value: Any) -> str:
        return by_field.get(field, other)(record.name, value)

    return describe


class AddRecord(StoreCommand, Generic[Added, Taken]):
    """Base: the first redo creates a record; undo deletes it and keeps what the store
    returns, and a later redo restores exactly that, under the same id, so the
    commands after it on the stack still find it.
    """

    def __init__(
        self,
        session: CampaignSession,
        text: str,
        create: Callable[[], Added],
        delete: Callable[[int], Taken],
        restore: Callable[[Taken], Added],
    ) -> None:
        super().__init__(session, text)
        self._create, self._delete, self._restore = create, delete, restore
        self._record: Added | None = None
        self._taken: Taken | None = None  # taken by undo, for the redo

    def apply(self) -> None:
        if self._taken is None:
            self._record = self._create()
        else:
            self._record = self._restore(self._taken)

    def revert(self) -> None:
        assert self._record is not None
        self._taken = self._delete(self._record.id)

    @property
    def record(self) -> Added | None:
        return self._record


class EditField(StoreCommand, Generic[Described]):
    """Base: set one field of one record; undo writes the old value back.

    `update(record_id, **fields)` is the store call that writes it and `describe(record,
    field, value)` names the step in Edit > Undo. `old` defaults to the record's own
    value; a command that changes nothing is obsolete from the start.
    """

    def __init__(
        self,
        session: CampaignSession,
        describe: Callable[[Described, str, Any], str],
        update: Callable[..., object],
        record: Described,
        field: str,
        value: Any,
        old: Any = _FROM_RECORD,
    ) -> None:
        super().__init__(session, describe(record, field, value))
        self._update = update
        self.record_id = record.id
        self.field = field
        self.old = getattr(record, field) if old is _FROM_RECORD else old
        self.new = value
        if self.old == value:
            self.setObsolete(True)  # nothing to do: the stack drops it

    def fold(self, other: QUndoCommand) -> bool:
        """Take `other`'s value when it edits the same field of the same record (mergeWith)."""
        if type(other) is not type(self) or other.isObsolete():
            return False  # a refused edit (obsolete) folded in would be redone, not ours
        assert isinstance(other, EditField)
        if (other.record_id, other.field) != (self.record_id, self.field):
            return False
        self.new = other.new
        return self._merged(self.new == self.old)

    def apply(self) -> None:
        self._update(self.record_id, **{self.field: self.new})

    def revert(self) -> None:
        self._update(self.record_id, **{self.field: self.old})


class AddCharacter(AddRecord[CharacterRecord, CharacterSnapshot]):
    """A new character, selected. Undo's snapshot holds whatever was given to it since
    (dice, traits, items): it is deleted with it and comes back with it on redo."""

    def __init__(self, session: CampaignSession, name: str, kind: str) -> None:
        roster = session.campaign.roster
        create = partial(roster.add, name, kind)
        text = tr("Add {name}").format(name=name)
        super().__init__(session, text, create, roster.delete, roster.restore)

    def apply(self) -> None:
        super().apply()
        assert self._record is not None
        self.session.select_character(self._record.id)


class DeleteCharacter(StoreCommand):
    """Delete a character with its dice, traits and items; undo brings all of it back."""

    def __init__(self, session: CampaignSession, record: CharacterRecord) -> None:
        super().__init__(session, tr("Delete {name}").format(name=record.name))
        self._record = record
        self._snapshot: CharacterSnapshot | None = None

    def apply(self) -> None:
        self._snapshot = self.session.campaign.roster.delete(self._record.id)
        self._record = self._snapshot.character
        waiting = self.session.all_ones
        if waiting is not None and waiting.character_id == self._record.id:
            # Its all-ones roll (a phone's, or the GM's) can be chosen nowhere now: the
            # page is gone and the Dice Table cannot show the character. Dropped
            # unwritten, as when the table turns away from the GM's own; undo is free.
            self.session.end_choice(chosen=False)
        if self.session.selected_character == self._record.id:
            self.session.select_character(None)

    def revert(self) -> None:
        assert self._snapshot is not None
        self.session.campaign.roster.restore(self._snapshot)
        self.session.select_character(self._record.id)


class EditCharacter(EditField[CharacterRecord]):
    """Change one field of a character: name, kind, notes or any other it has."""

    def __init__(
        self, session: CampaignSession, record: CharacterRecord, field: str, value: object
    ) -> None:
        super().__init__(
            session, character_edit_text, session.campaign.roster.update, record, field, value
        )

    def id(self) -> int:
        return int(MergeId.EDIT_NOTES) if self.field == "notes" else NO_MERGE

    def merge(self, other: QUndoCommand) -> bool:
        # Typing notes in bursts gives one undo step per burst, not one per pause.
        return self.fold(other)


# Making a character another kind, a whole sentence for each kind (KIND_LABELS).
_MAKE_KIND = {
    "pc": N_("Make {name} a Player character"),
    "npc": N_("Make {name} a NPC"),
    "challenge": N_("Make {name} a Challenge"),
}
# Editing one of a character's other fields ("Edit notes of Kara").
_EDIT_CHARACTER = {"notes": N_("Edit notes of {name}"), "position": N_("Edit position of {name}")}


def _make_kind(name: str, kind: object) -> str:
    if kind in _MAKE_KIND:
        return tr(_MAKE_KIND[str(kind)]).format(name=name)
    shown = KIND_LABELS.get(str(kind), str(kind))
    return tr("Make {name} a {kind}").format(name=name, kind=shown)


_character_wording = edit_wording(
    lambda name, _value: "",
    name=lambda name, value: tr("Rename {name} to {new_name}").format(name=name, new_name=value),
    kind=_make_kind,
)


def character_edit_text(record: CharacterRecord, field: str, value: object) -> str:
    """The undo step's name; a field with no wording of its own says its name ("Edit
    notes of Kara"), so a new field of a character needs no line here."""
    return _character_wording(record, field, value) or edit_text(
        _EDIT_CHARACTER, field, record.name
    )


def edit_text(templates: dict[str, str], field: str, name: str) -> str:
    """ "Edit notes of Kara": the template of `field` in `templates` (marked with N_,
    {name} in it), translated; a field with none says its own name."""
    if field in templates:
        return tr(templates[field]).format(name=name)
    return tr("Edit {field} of {name}").format(field=field, name=name)
