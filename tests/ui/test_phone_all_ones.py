"""A player's all-ones roll from their phone (issue 30): it waits on the session as the
Dice Table's own does, the page is shown the choice, and the choice made on the phone
or at the GM's table writes the roll once, one undo step; hostile or late choices are
refused plainly with nothing written. The real store, the controller, the server double."""

from __future__ import annotations

import random
from collections.abc import Mapping

from pytestqt.qtbot import QtBot

from desktop.actions.all_ones import ALREADY_CHOSEN, NOT_PENDING
from desktop.rules import dicepool
from desktop.share.messages import ChooseRequest
from desktop.ui.commands import DeleteCharacter
from desktop.ui.docks.dice_table import DiceTableWidget
from desktop.ui.play.play_panel import PlayWidget
from desktop.ui.sharing.player_rolls import ANOTHER_CHOOSING, CHOOSE_FIRST, VIEW_ONLY
from tests.ui.docks import campaign_of, shown_dock
from tests.ui.sharing_doubles import FakeServer
from tests.ui.test_player_rolls import Gm, ask, gm, request

__all__ = ["gm"]  # the fixture, shared with the roll tests


class Ones(random.Random):
    """Every die comes up 1: an all-ones roll."""

    def randint(self, a: int, b: int) -> int:
        return 1


def keep(request_id: str, die_id: int) -> ChooseRequest:
    return ChooseRequest(type="choose", id=request_id, keep=die_id)


def lose(request_id: str, die_id: int) -> ChooseRequest:
    return ChooseRequest(type="choose", id=request_id, lose=die_id)


def last_view(server: FakeServer, character_id: int) -> Mapping[str, object]:
    return [view for cid, view in server.published if cid == character_id][-1]


def roll_all_ones(qtbot: QtBot, gm: Gm) -> None:
    """Kara's phone rolls d1 and d2 (d12s, d2 given a step: d20), all ones."""
    window, server, ids = gm
    assert window.session is not None
    window.sharing.allow_rolls(ids["kara"], True)
    window.session.rng = Ones()
    asked = request("o1", [ids["d1"], ids["d2"]], [ids["trait"]], **{str(ids["d2"]): 1})
    assert ask(qtbot, server, ids["kara"], asked) == (ids["kara"], "o1", True, "")


def test_the_roll_waits_and_the_page_is_shown_the_choice(qtbot: QtBot, gm: Gm) -> None:
    window, server, ids = gm
    campaign, session, kara = campaign_of(window), window.session, ids["kara"]
    assert session is not None
    before = campaign.kit.dice(kara)
    roll_all_ones(qtbot, gm)
    assert campaign.rolls.all() == [] and session.undo_stack.count() == 0  # nothing written
    assert campaign.kit.dice(kara) == before
    waiting = session.all_ones
    assert waiting is not None and waiting.character_id == kara and not waiting.actor.is_gm
    assert not session.undo_stack.isActive()  # as while the Dice Table's roll waits
    qtbot.waitUntil(lambda: last_view(server, kara).get("all_ones") is not None, timeout=3000)
    shown = last_view(server, kara)["all_ones"]
    assert isinstance(shown, dict)
    assert [(d["id"], d["size"], d["face"]) for d in shown["dice"]] == [
        (ids["d1"], 12, 1),
        (ids["d2"], 20, 1),
    ]
    # The rules' suggestion: keep the largest (the stepped d20), lose the smallest.
    assert (shown["keep"], shown["lose"]) == (ids["d2"], ids["d1"])
    assert last_view(server, ids["ilse"]).get("all_ones") is None  # Kara's alone
    # The Dice Table follows Kara and offers the same choice.
    table = shown_dock(window, "diceTable", DiceTableWidget)
    assert session.selected_character == kara
    assert table.choice_frame.isVisibleTo(table)
    assert table.choice_frame.keep_die_combo.currentData() == ids["d2"]
    assert not table.roll_button.isEnabled()


def test_the_phones_choice_is_written_once_as_one_undo_step(qtbot: QtBot, gm: Gm) -> None:
    window, server, ids = gm
    campaign, session, kara = campaign_of(window), window.session, ids["kara"]
    assert session is not None
    before = campaign.kit.dice(kara)
    roll_all_ones(qtbot, gm)
    assert ask(qtbot, server, kara, keep("c1", ids["d1"])) == (kara, "c1", True, "")
    places = {die.id: die.place for die in campaign.kit.dice(kara)}
    # (a) kept d1 in the pool, the rest to the table; d3 was never rolled.
    assert places == {ids["d1"]: "pool", ids["d2"]: "table", ids["d3"]: "pool"}
    [logged] = campaign.rolls.all()
    assert logged.detail["chosen"] == ids["d1"] and logged.detail["by"] == "player"
    assert logged.detail["steps_allowed"] == 1
    assert session.undo_stack.count() == 1 and session.undo_stack.isActive()
    assert session.all_ones is None
    qtbot.waitUntil(lambda: last_view(server, kara).get("all_ones") is None, timeout=3000)
    # A replay of the same choice, or another: already chosen, nothing more written.
    assert ask(qtbot, server, kara, keep("c2", ids["d2"]))[2:] == (False, ALREADY_CHOSEN)
    assert session.undo_stack.count() == 1
    session.undo_stack.undo()
    assert campaign.kit.dice(kara) == before and campaign.rolls.all()[0].undone


def test_the_phone_can_lose_a_die(qtbot: QtBot, gm: Gm) -> None:
    window, server, ids = gm
    campaign, kara = campaign_of(window), ids["kara"]
    roll_all_ones(qtbot, gm)
    assert ask(qtbot, server, kara, lose("c1", ids["d2"]))[2]
    places = {die.id: die.place for die in campaign.kit.dice(kara)}
    # (b) the d2 removed (damage), the rest back to the pool.
    assert places == {ids["d1"]: "pool", ids["d2"]: "removed", ids["d3"]: "pool"}


def test_hostile_choices_are_refused_with_nothing_written(qtbot: QtBot, gm: Gm) -> None:
    window, server, ids = gm
    campaign, session, kara, ilse = campaign_of(window), window.session, ids["kara"], ids["ilse"]
    assert session is not None
    window.sharing.allow_rolls(kara, True)
    window.sharing.allow_rolls(ilse, True)
    # Nothing waits yet.
    assert ask(qtbot, server, kara, keep("n1", ids["d1"]))[2:] == (False, NOT_PENDING)
    roll_all_ones(qtbot, gm)
    dice = {cid: campaign.kit.dice(cid) for cid in (kara, ilse)}
    refusals = [
        ask(qtbot, server, kara, keep("h1", ids["d3"])),  # Kara's, but not rolled
        ask(qtbot, server, kara, lose("h2", ids["other"])),  # Ilse's die
        ask(qtbot, server, kara, keep("h3", 2**40)),  # no such die
        ask(qtbot, server, ilse, keep("h4", ids["d1"])),  # another character's roll
        ask(qtbot, server, kara, request("h5", [ids["d3"]])),  # a new roll while it waits
    ]
    assert [ok for _cid, _id, ok, _message in refusals] == [False] * 5
    assert "not in the all-ones roll" in refusals[0][3]
    assert "not in the all-ones roll" in refusals[1][3]
    assert "not in the all-ones roll" in refusals[2][3]
    assert refusals[3][3] == NOT_PENDING
    assert refusals[4][3] == CHOOSE_FIRST
    window.sharing.allow_rolls(kara, False)
    assert ask(qtbot, server, kara, keep("h6", ids["d1"]))[2:] == (False, VIEW_ONLY)
    assert campaign.rolls.all() == [] and session.undo_stack.count() == 0
    assert {cid: campaign.kit.dice(cid) for cid in dice} == dice
    assert session.all_ones is not None  # still waiting for Kara's choice
    window.sharing.allow_rolls(kara, True)
    assert ask(qtbot, server, kara, keep("h7", ids["d1"]))[2]


def test_the_gm_chooses_first_and_the_phone_hears_already_chosen(qtbot: QtBot, gm: Gm) -> None:
    window, server, ids = gm
    campaign, session, kara = campaign_of(window), window.session, ids["kara"]
    assert session is not None
    table = shown_dock(window, "diceTable", DiceTableWidget)
    roll_all_ones(qtbot, gm)
    table.choose(dicepool.Catastrophe.LOSE_ONE)  # the suggested die: d1, the smallest
    places = {die.id: die.place for die in campaign.kit.dice(kara)}
    assert places == {ids["d1"]: "removed", ids["d2"]: "pool", ids["d3"]: "pool"}
    [logged] = campaign.rolls.all()
    assert logged.detail["by"] == "player"  # rolled from the phone, chosen at the table
    assert session.undo_stack.count() == 1 and not table.choice_frame.isVisibleTo(table)
    published = len(server.published)
    assert ask(qtbot, server, kara, keep("late", ids["d2"]))[2:] == (False, ALREADY_CHOSEN)
    assert len(server.published) > published  # a fresh view with the refusal
    assert last_view(server, kara).get("all_ones") is None
    assert len(campaign.rolls.all()) == 1 and session.undo_stack.count() == 1


def test_the_phone_chooses_first_and_the_table_lets_go(qtbot: QtBot, gm: Gm) -> None:
    window, server, ids = gm
    session, kara = window.session, ids["kara"]
    assert session is not None
    table = shown_dock(window, "diceTable", DiceTableWidget)
    roll_all_ones(qtbot, gm)
    assert table.choice_frame.isVisibleTo(table)
    assert ask(qtbot, server, kara, lose("c1", ids["d1"]))[2]
    assert not table.choice_frame.isVisibleTo(table)
    told: list[str] = []
    session.failed.connect(told.append)
    table.choose(dicepool.Catastrophe.DEPLETE_ALL_BUT_ONE)  # too late: a plain word
    assert told == [ALREADY_CHOSEN]
    assert len(campaign_of(window).rolls.all()) == 1


def test_a_gm_roll_waiting_keeps_the_phone_off_and_selecting_away_drops_it(
    qtbot: QtBot, gm: Gm
) -> None:
    window, server, ids = gm
    session, kara = window.session, ids["kara"]
    assert session is not None
    window.sharing.allow_rolls(kara, True)
    table = shown_dock(window, "diceTable", DiceTableWidget)
    table.animate_check.setChecked(False)
    session.select_character(kara)
    table.toggle_tray(ids["d1"])
    table.toggle_tray(ids["d3"])
    session.rng = Ones()
    table.roll()
    waiting = session.all_ones
    assert waiting is not None and waiting.actor.is_gm
    assert table.choice_frame.isVisibleTo(table)
    # Kara's roll waits for its choice: her phone may not roll over it.
    assert ask(qtbot, server, kara, request("g1", [ids["d2"]]))[3] == CHOOSE_FIRST
    session.select_character(ids["ilse"])  # the GM looks away: dropped, unwritten
    assert session.all_ones is None and session.undo_stack.isActive()
    assert campaign_of(window).rolls.all() == []


def test_the_play_dock_rolls_nothing_while_the_choice_waits(qtbot: QtBot, gm: Gm) -> None:
    window, _server, ids = gm
    session = window.session
    assert session is not None
    roll_all_ones(qtbot, gm)
    play = shown_dock(window, "play", PlayWidget)
    play.roll_challenge(ids["ilse"], 1)
    assert "waits for its choice" in play.challenges.result.text()
    assert campaign_of(window).rolls.all() == [] and session.all_ones is not None
    assert not session.undo_stack.isActive()


def test_the_status_bar_says_a_choice_waits_whichever_docks_are_open(qtbot: QtBot, gm: Gm) -> None:
    window, server, ids = gm
    kara = ids["kara"]
    for panel in window.panels:
        panel.close()  # no Dice Table to show the choice
    roll_all_ones(qtbot, gm)
    said = window.statusBar().currentMessage()
    assert said.startswith("All ones for Kara Voss: keep one die or lose one, on their phone")
    assert "Undo waits" in said
    assert ask(qtbot, server, kara, keep("s1", ids["d1"]))[2]
    assert window.statusBar().currentMessage() == ""


def test_deleting_the_character_whose_roll_waits_frees_undo(qtbot: QtBot, gm: Gm) -> None:
    """Kara's phone rolled all ones and the GM deletes Kara before anyone chose: the
    choice can be made nowhere now (her page is gone, the Dice Table cannot show her),
    so the roll is dropped unwritten and undo is free again (it stayed held for good,
    and every other phone's roll was refused as "the GM has a roll on the table")."""
    window, _server, ids = gm
    campaign, session, kara = campaign_of(window), window.session, ids["kara"]
    assert session is not None
    roll_all_ones(qtbot, gm)
    assert session.all_ones is not None and not session.undo_stack.isActive()
    assert session.push(DeleteCharacter(session, campaign.roster.get(kara)))
    assert session.all_ones is None
    assert session.undo_stack.isActive()
    assert campaign.rolls.all() == []  # the dropped roll wrote nothing
    # Undo brings Kara back with her dice as they were, and no roll waits.
    session.undo_stack.undo()
    assert campaign.roster.get(kara).name and session.all_ones is None
    assert [die.place for die in campaign.kit.dice(kara)].count("pool") >= 2


def test_another_phones_waiting_choice_is_not_called_the_gms_roll(qtbot: QtBot, gm: Gm) -> None:
    """Kara's phone's all-ones roll waits for her choice: Ilse's roll is held off meanwhile,
    in words that say so (not "The GM has a roll on the table", which sent Ilse's player
    to the GM, who had rolled nothing); nothing is written."""
    window, server, ids = gm
    campaign, ilse = campaign_of(window), ids["ilse"]
    roll_all_ones(qtbot, gm)
    window.sharing.allow_rolls(ilse, True)
    answer = ask(qtbot, server, ilse, request("i1", [ids["other"]]))
    assert answer == (ilse, "i1", False, ANOTHER_CHOOSING)
    assert campaign.rolls.all() == []
