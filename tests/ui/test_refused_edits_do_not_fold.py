"""An edit the store refused is not folded into the step before it (issue 31 review):
Qt offers a refused command (made obsolete) to `mergeWith` too, and folded in, its value
became the step's, so undo then redo gave a refusal instead of the edit written."""

from __future__ import annotations

from desktop.rules.roster import NOTES_MAX
from desktop.store import Campaign
from desktop.ui.commands import EditCharacter
from desktop.ui.session import CampaignSession


def test_a_refused_note_does_not_fold_into_the_written_one(
    campaign: Campaign, session: CampaignSession
) -> None:
    kara = campaign.roster.add("Kara Voss", "pc")
    assert session.push(EditCharacter(session, kara, "notes", "Owes the Sashes"))
    kara = campaign.roster.get(kara.id)
    assert not session.push(EditCharacter(session, kara, "notes", "x" * (NOTES_MAX + 1)))
    assert session.undo_stack.count() == 1
    session.undo_stack.undo()
    assert campaign.roster.get(kara.id).notes == ""
    session.undo_stack.redo()
    assert campaign.roster.get(kara.id).notes == "Owes the Sashes"
