"""The journal's undo steps (issue 31, review): a note the store refused is not folded
into the step before it, so undo and redo give back what was written."""

from __future__ import annotations

from desktop.store import Campaign
from desktop.store.journal import NOTE_MAX
from desktop.ui.journal_commands import WriteNote
from desktop.ui.session import CampaignSession


def test_a_refused_note_does_not_fold_into_the_written_one(
    campaign: Campaign, session: CampaignSession
) -> None:
    campaign.roster.add("Kara Voss", "pc")
    game = campaign.games.start().id
    assert session.push(WriteNote(session, game, 0, "Bryn lied", private=True))
    assert not session.push(WriteNote(session, game, 0, "x" * (NOTE_MAX + 1), private=True))
    assert campaign.journal.note(game, 0).text == "Bryn lied"
    assert session.undo_stack.count() == 1
    session.undo_stack.undo()
    assert campaign.journal.note(game, 0).text == ""
    session.undo_stack.redo()
    assert campaign.journal.note(game, 0).text == "Bryn lied"
