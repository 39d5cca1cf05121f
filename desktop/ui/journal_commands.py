"""Undo commands of the Journal dock: the GM's note on a game or on one of its scenes.

A note is saved as typed, a burst at a time; `mergeWith` folds the bursts of one note
into one undo step (as Spine Toolbox folds repeated edits), and sharing a note with the
players, or keeping it private again, is a step of its own.
"""

from __future__ import annotations

from PySide6.QtGui import QUndoCommand

from desktop.store.journal import WHOLE_GAME
from desktop.ui.commands import StoreCommand
from desktop.ui.merge_ids import NO_MERGE, MergeId
from desktop.ui.session import CampaignSession
from desktop.ui.window_language import tr


def note_text(scene: int, *, shared: bool | None = None) -> str:
    """The undo step's name for the note on the game (`scene` WHOLE_GAME) or a scene:
    written ("Write the note on scene 2"), or, with `shared`, only shared with the players
    or kept private again; a whole sentence for each case."""
    if scene == WHOLE_GAME:
        if shared is None:
            return tr("Write the note on the game")
        if shared:
            return tr("Share the note on the game with players")
        return tr("Keep the note on the game private")
    if shared is None:
        text = tr("Write the note on scene {scene}")
    elif shared:
        text = tr("Share the note on scene {scene} with players")
    else:
        text = tr("Keep the note on scene {scene} private")
    return text.format(scene=scene)


class WriteNote(StoreCommand):
    """Write the note on game `game_id` (`scene` 0: the whole game) as `text`, private or
    shared; undo writes back the note as it was."""

    def __init__(
        self, session: CampaignSession, game_id: int, scene: int, text: str, *, private: bool
    ) -> None:
        old = session.campaign.journal.note(game_id, scene)
        shared_only = old.text == text and old.private != private
        name = note_text(scene, shared=not private if shared_only else None)
        super().__init__(session, name)
        self.game_id = game_id
        self.scene = scene
        self.old = (old.text, old.private)
        self.new = (text, private)
        # A change of sharing alone never folds into typing: it is its own step.
        self.folds = not shared_only
        if self.old == self.new:
            self.setObsolete(True)  # nothing changes: the stack drops it

    def apply(self) -> None:
        text, private = self.new
        before = self.session.campaign.journal.write(
            self.game_id, self.scene, text, private=private
        )
        # The note as the store had it, for the undo (another device may have written it).
        self.old = (before.text, before.private)

    def revert(self) -> None:
        text, private = self.old
        self.session.campaign.journal.write(self.game_id, self.scene, text, private=private)

    def id(self) -> int:
        return int(MergeId.EDIT_JOURNAL) if self.folds else NO_MERGE

    def merge(self, other: QUndoCommand) -> bool:
        # Qt offers a refused write (made obsolete) for folding too: folded in, its
        # text would be this step's, and a redo would lose the note that was written.
        if not isinstance(other, WriteNote) or not other.folds or other.isObsolete():
            return False
        if (other.game_id, other.scene) != (self.game_id, self.scene):
            return False
        if other.new[1] != self.new[1]:
            return False
        self.new = other.new
        return self._merged(self.new == self.old)
