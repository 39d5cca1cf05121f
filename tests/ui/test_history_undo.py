"""The history through the window's undo stack (issue 31): a step done, undone and redone
is three entries, the undo naming the one it undid; nothing is erased."""

from __future__ import annotations

from desktop.store import Campaign
from desktop.ui.clock_commands import UpdateClock
from desktop.ui.session import CampaignSession


def test_do_undo_redo_leaves_three_entries(session: CampaignSession, campaign: Campaign) -> None:
    clock = campaign.clocks.add("Storm season closes the estuary", 8, filled=2)
    before = campaign.history.count()
    session.undo_stack.push(UpdateClock(session, clock, "Tick the storm", filled=4))
    session.undo_stack.undo()
    session.undo_stack.redo()
    done, undone, redone = campaign.history.all()[before:]
    assert done.sentence == "Storm season closes the estuary: 2 -> 4 of 8"
    assert (undone.sentence, undone.undo_of) == (
        "Undone: Storm season closes the estuary: 2 -> 4 of 8",
        done.id,
    )
    assert (redone.sentence, redone.undo_of) == (done.sentence, None)
    assert campaign.clocks.get(clock.id).filled == 4
    # Undone again: the redo's entry is the one undone now, the first stays undone once.
    session.undo_stack.undo()
    assert campaign.history.all()[-1].undo_of == redone.id
