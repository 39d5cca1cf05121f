"""Phone rolls in turn order, the GM's "Ask Kara to roll", and a declared action from the
phone (issue 30), on the GM's side: the real window, store and sharing controller, the
Play dock running the turns, requests handed in from another thread as the server's own.

energy-system-dice-pool.txt, Play Order: "Players take turns going clockwise from the GM
in announcing their actions": in turn order a phone rolls on its character's turn in the
running scene, or once when the GM asked; out of turn it is refused, nothing written.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from pytestqt.qtbot import QtBot

from desktop.actions.turns import NO_SCENE, NOT_YOUR_TURN, NOT_YOUR_TURN_TO_DECLARE
from desktop.share.messages import DeclareRequest
from desktop.ui.docks.dice_table import DiceTableWidget
from desktop.ui.main_window import MainWindow
from desktop.ui.play.play_panel import PlayWidget
from desktop.ui.sharing.player_rolls import VIEW_ONLY
from tests.ui.docks import campaign_of, shown_dock
from tests.ui.sharing_doubles import FakeServer
from tests.ui.test_player_rolls import Gm, ask, gm, request

__all__ = ["gm"]  # the fixture, shared with the roll tests


def declare(request_id: str, text: str) -> DeclareRequest:
    return DeclareRequest(type="declare", id=request_id, text=text)


def in_turn_order(window: MainWindow) -> None:
    """The GM picks "On their character's turn, or when you ask" in the sharing window."""
    shown = window.sharing.open_window()
    shown.timing.setCurrentIndex(shown.timing.findData("turn_order"))
    assert campaign_of(window).sharing()["roll_timing"] == "turn_order"


def running_scene(window: MainWindow, qtbot: QtBot) -> PlayWidget:
    """Start game and set the scene from the Play dock: the first seat (Kara) has the turn."""
    play = shown_dock(window, "play", PlayWidget)
    play.start_game()
    play.set_scene("The docks at night", [], 0, True)
    qtbot.waitUntil(lambda: play.view.turn_name == "Kara Voss", timeout=3000)
    return play


def page_of(
    qtbot: QtBot,
    server: FakeServer,
    character_id: int,
    holds: Callable[[Mapping[str, object]], bool] = lambda _view: True,
) -> Mapping[str, object]:
    """The last view handed to `character_id`'s page, once it `holds` (views are handed
    over after the change, from the event loop)."""

    def last() -> Mapping[str, object] | None:
        mine = [view for cid, view in server.published if cid == character_id]
        return mine[-1] if mine else None

    qtbot.waitUntil(lambda: (view := last()) is not None and holds(view), timeout=3000)
    view = last()
    assert view is not None
    return view


def turn_of(view: Mapping[str, object]) -> Mapping[str, object]:
    turn = view["turn"]
    assert isinstance(turn, Mapping)
    return turn


def test_in_turn_order_a_phone_rolls_on_its_turn_only(qtbot: QtBot, gm: Gm) -> None:
    window, server, ids = gm
    campaign, session = campaign_of(window), window.session
    assert session is not None
    kara, ilse = ids["kara"], ids["ilse"]
    for character in (kara, ilse):
        window.sharing.allow_rolls(character, True)
    assert window.sharing.roll_timing() == "whenever"  # the default: today's behaviour
    in_turn_order(window)
    assert window.sharing.roll_timing() == "turn_order"
    # No scene yet: nobody's turn, so no phone rolls.
    assert ask(qtbot, server, kara, request("n1", [ids["d1"]])) == (
        kara,
        "n1",
        False,
        NOT_YOUR_TURN,
    )
    play = running_scene(window, qtbot)
    steps = session.undo_stack.count()
    dice = {cid: campaign.kit.dice(cid) for cid in (kara, ilse)}
    # Kara's turn: Ilse's phone is refused, nothing written, and her page says whose turn.
    assert ask(qtbot, server, ilse, request("i1", [ids["other"]])) == (
        ilse,
        "i1",
        False,
        NOT_YOUR_TURN,
    )
    assert campaign.rolls.all() == [] and session.undo_stack.count() == steps
    assert {cid: campaign.kit.dice(cid) for cid in dice} == dice
    ilses = page_of(qtbot, server, ilse)
    assert turn_of(ilses) == {"yours": False, "declared": "", "rolls_in_turn_order": True}
    assert ilses["asked_to_roll"] is False
    assert turn_of(page_of(qtbot, server, kara))["yours"] is True
    assert ask(qtbot, server, kara, request("k1", [ids["d1"]]))[2]
    assert [line.character_id for line in campaign.rolls.all()] == [kara]
    # N: Ilse's turn. Now she rolls and Kara waits.
    play.next_turn()
    assert campaign.games.current().turn_of == ilse
    assert ask(qtbot, server, ilse, request("i2", [ids["other"]]))[2]
    assert ask(qtbot, server, kara, request("k2", [ids["d2"]]))[2:] == (False, NOT_YOUR_TURN)
    assert [line.character_id for line in campaign.rolls.all()] == [ilse, kara]
    # Back to "whenever": Kara rolls out of turn again.
    shown = window.sharing.open_window()
    shown.timing.setCurrentIndex(shown.timing.findData("whenever"))
    assert campaign.sharing()["roll_timing"] == "whenever"
    assert ask(qtbot, server, kara, request("k3", [ids["d2"]]))[2]
    assert turn_of(page_of(qtbot, server, kara))["rolls_in_turn_order"] is False


def test_an_ask_from_the_dice_table_allows_one_roll_out_of_turn(qtbot: QtBot, gm: Gm) -> None:
    window, server, ids = gm
    campaign, session = campaign_of(window), window.session
    assert session is not None
    kara, ilse = ids["kara"], ids["ilse"]
    table = shown_dock(window, "diceTable", DiceTableWidget)
    session.select_character(ilse)
    button = table.ask_button
    # Shared, but Ilse's page is view only: offered, not enabled.
    assert button.isVisibleTo(table) and not button.isEnabled()
    assert button.text() == "Ask Ilse Marr to roll"
    window.sharing.allow_rolls(ilse, True)
    assert button.isEnabled() and not button.isChecked()
    in_turn_order(window)
    running_scene(window, qtbot)  # Kara's turn
    session.select_character(ilse)
    steps = session.undo_stack.count()
    button.click()
    assert window.sharing.asks.is_asked(ilse) and button.isChecked()
    assert "take back" in button.text()
    assert session.undo_stack.count() == steps  # an ask is no step of the campaign
    assert page_of(qtbot, server, ilse, lambda view: view["asked_to_roll"] is True)
    assert page_of(qtbot, server, kara)["asked_to_roll"] is False  # only hers
    # The ask lets one roll through out of turn, then it is spent.
    assert ask(qtbot, server, ilse, request("a1", [ids["other"]]))[2]
    assert not window.sharing.asks.is_asked(ilse)
    assert page_of(qtbot, server, ilse, lambda view: view["asked_to_roll"] is False)
    qtbot.waitUntil(lambda: not button.isChecked(), timeout=3000)
    [logged] = campaign.rolls.all()
    assert logged.character_id == ilse and logged.detail["by"] == "player"
    # Undo takes the roll back; it does not ask again.
    session.undo_stack.undo()
    assert campaign.rolls.all()[0].undone and not window.sharing.asks.is_asked(ilse)
    assert ask(qtbot, server, ilse, request("a2", [ids["other"]]))[2:] == (False, NOT_YOUR_TURN)
    # Stopping sharing drops every ask and the button goes.
    window.sharing.ask_to_roll(ilse)
    window.sharing.stop()
    assert window.sharing.asks.asked() == frozenset()
    assert not button.isVisibleTo(table) and not window.sharing.ask_to_roll(ilse)


def test_the_play_dock_asks_the_picked_player_and_takes_it_back(qtbot: QtBot, gm: Gm) -> None:
    window, server, ids = gm
    kara, ilse = ids["kara"], ids["ilse"]
    for character in (kara, ilse):
        window.sharing.allow_rolls(character, True)
    in_turn_order(window)
    play = running_scene(window, qtbot)
    button = play.turn_order.ask_button
    assert button.text() == "Ask Kara Voss to roll"  # none picked: the one whose turn it is
    play.turn_order.seats.setCurrentRow(1)  # the GM picks Ilse in the order
    assert button.text() == "Ask Ilse Marr to roll" and button.isEnabled()
    button.click()
    assert window.sharing.asks.is_asked(ilse)
    assert page_of(qtbot, server, ilse, lambda view: view["asked_to_roll"] is True)
    button.click()  # taken back before she rolled
    assert not window.sharing.asks.is_asked(ilse) and not button.isChecked()
    assert page_of(qtbot, server, ilse, lambda view: view["asked_to_roll"] is False)
    assert ask(qtbot, server, ilse, request("c1", [ids["other"]]))[2:] == (False, NOT_YOUR_TURN)
    assert campaign_of(window).rolls.all() == []
    # Set back to view only, an asked page is no longer asked.
    button.click()
    window.sharing.allow_rolls(ilse, False)
    assert not window.sharing.asks.is_asked(ilse) and not button.isEnabled()


def test_a_declared_action_from_the_phone_is_the_play_docks(qtbot: QtBot, gm: Gm) -> None:
    window, server, ids = gm
    campaign, session = campaign_of(window), window.session
    assert session is not None
    kara, ilse = ids["kara"], ids["ilse"]
    window.sharing.allow_rolls(kara, True)
    assert ask(qtbot, server, kara, declare("d0", "I climb")) == (kara, "d0", False, NO_SCENE)
    play = running_scene(window, qtbot)  # Kara's turn
    assert ask(qtbot, server, ilse, declare("d1", "I lie")) == (ilse, "d1", False, VIEW_ONLY)
    window.sharing.allow_rolls(ilse, True)
    assert ask(qtbot, server, ilse, declare("d2", "I lie"))[2:] == (
        False,
        NOT_YOUR_TURN_TO_DECLARE,
    )
    steps = session.undo_stack.count()
    assert ask(qtbot, server, kara, declare("d3", "  I climb the crane  ")) == (
        kara,
        "d3",
        True,
        "",
    )
    # Written as the Play dock writes it: the store's action, the dock's field, one step.
    assert campaign.games.current().action_of(kara) == "I climb the crane"
    assert play.turn_order.action.text() == "I climb the crane"
    assert session.undo_stack.count() == steps + 1
    assert session.undo_stack.text(steps) == "Declare Kara Voss's action (from their device)"
    mine = page_of(qtbot, server, kara, lambda view: turn_of(view)["declared"] != "")
    assert turn_of(mine) == {
        "yours": True,
        "declared": "I climb the crane",
        "rolls_in_turn_order": False,
    }
    assert "crane" not in str(page_of(qtbot, server, ilse))  # never another's action
    # The GM's undo takes it back, and the page follows.
    session.undo_stack.undo()
    assert campaign.games.current().action_of(kara) == ""
    assert play.turn_order.action.text() == ""
    assert page_of(qtbot, server, kara, lambda view: turn_of(view)["declared"] == "")
    # Out of turn once N gives Ilse the turn; her own declaration goes through.
    play.next_turn()
    assert ask(qtbot, server, kara, declare("d4", "I climb"))[2:] == (
        False,
        NOT_YOUR_TURN_TO_DECLARE,
    )
    assert ask(qtbot, server, ilse, declare("d5", "I lie"))[2]
    assert campaign.games.current().action_of(ilse) == "I lie"
    assert campaign.games.current().action_of(kara) == ""
