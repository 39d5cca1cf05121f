"""The history through the window's undo stack (issue 31): a step done, undone and redone
is three entries, the undo naming the one it undid; nothing is erased. A phone's write is
its player's entry, with the place in the running game."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from desktop.store import Campaign
from desktop.ui.clock_commands import UpdateClock
from desktop.ui.session import CampaignSession
from tests.ui.docks import campaign_of
from tests.ui.test_phone_turns import declare, running_scene
from tests.ui.test_player_rolls import Gm, ask, gm

__all__ = ["gm"]  # the fixture, shared with the roll tests


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


def test_a_phones_declared_action_is_the_players_entry_and_the_gms_undo_the_gms(
    qtbot: QtBot, gm: Gm
) -> None:
    window, server, ids = gm
    campaign, session = campaign_of(window), window.session
    assert session is not None
    kara = ids["kara"]
    window.sharing.allow_rolls(kara, True)
    running_scene(window, qtbot)  # Kara's turn
    assert ask(qtbot, server, kara, declare("d1", "I climb the crane"))[2] is True
    entry = campaign.history.all(limit=1)[0]
    assert (entry.who, entry.character_id) == ("player", kara)
    game = campaign.games.running()
    assert game is not None
    assert (entry.game_id, entry.scene, entry.turn) == (game.id, 1, 1)
    session.undo_stack.undo()
    undo = campaign.history.all(limit=1)[0]
    assert (undo.who, undo.character_id, undo.undo_of) == ("gm", None, entry.id)
