"""An undo step folded from several writes (a note typed in bursts, notes edited in
pauses) wrote one history entry per write; its undo undoes every one of them, so the
next undo undoes the step before it, in the history as on the campaign (issue 31: a
journal that showed an undone clock tick after a folded note's undo)."""

from __future__ import annotations

from desktop.store import Campaign
from desktop.store.history import UNDONE
from desktop.ui.clock_commands import UpdateClock
from desktop.ui.commands import EditCharacter
from desktop.ui.journal_commands import WriteNote
from desktop.ui.session import CampaignSession
from desktop.views.journal import journal_page


def _live(campaign: Campaign) -> list[str]:
    entries = campaign.history.all()
    undone = {e.undo_of for e in entries if e.undo_of is not None}
    return [e.sentence for e in entries if e.undo_of is None and e.id not in undone]


def test_undoing_a_folded_note_then_a_clock_tick_undoes_both_in_the_history(
    campaign: Campaign, session: CampaignSession
) -> None:
    kara = campaign.roster.add("Kara Voss", "pc")
    storm = campaign.clocks.add("Storm season", 8, shown=True)
    game = campaign.games.start()
    campaign.games.set_scene("The docks", members=(kara.id,))
    assert session.push(UpdateClock(session, storm, "Tick the storm", filled=3))
    assert session.push(WriteNote(session, game.id, 0, "The crew", private=True))
    assert session.push(WriteNote(session, game.id, 0, "The crew reached it", private=True))
    assert session.undo_stack.count() == 2  # the two bursts are one step
    session.undo_stack.undo()
    assert campaign.journal.note(game.id).text == ""
    assert not any(s.startswith("Note on game") for s in _live(campaign))
    session.undo_stack.undo()
    assert campaign.clocks.get(storm.id).filled == 0
    texts = [line.text for line in journal_page(campaign, game.id).lines()]
    assert not any("Storm season" in text for text in texts), texts
    undos = [e for e in campaign.history.all() if e.undo_of is not None]
    assert [e.sentence for e in undos] == [
        f"{UNDONE}Note on game {game.id} written",
        f"{UNDONE}Note on game {game.id} written",
        f"{UNDONE}Storm season: 0 -> 3 of 8",
    ]
    # Redo: the steps again, as new entries; the journal shows the tick once more.
    session.undo_stack.redo()
    texts = [line.text for line in journal_page(campaign, game.id).lines()]
    assert "Storm season: 0 -> 3 of 8" in texts


def test_notes_typed_in_pauses_are_one_step_in_the_history_too(
    campaign: Campaign, session: CampaignSession
) -> None:
    kara = campaign.roster.add("Kara Voss", "pc")
    first = campaign.roster.get(kara.id)
    assert session.push(EditCharacter(session, first, "notes", "A scout"))
    second = campaign.roster.get(kara.id)
    assert session.push(EditCharacter(session, second, "notes", "A scout of the docks"))
    assert session.undo_stack.count() == 1
    session.undo_stack.undo()
    assert campaign.roster.get(kara.id).notes == ""
    assert _live(campaign) == [
        _live(campaign)[0],  # the campaign's making
        "Character Kara Voss added",
    ]
