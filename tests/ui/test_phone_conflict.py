"""A conflict with both sides rolled from the players' phones (issue 30): the GM sets the
conflict up on the Dice Table (Kara against Ilse); each player fills their own tray from
their phone (one undo step each, as the GM's tray moves, their ticked traits ticked on the
table for their side); once both trays hold dice the Dice Table rolls both, and the GM
applies the outcome there. The rules' numbers: the picked dice, the step, each total, the
winner and the depleted dice on each side's table."""

from __future__ import annotations

from collections.abc import Mapping

from pytestqt.qtbot import QtBot

from desktop.rules import dicepool
from desktop.store import Campaign, DieRecord
from desktop.ui.docks.dice_table import DiceTableWidget
from tests.ui.docks import campaign_of, shown_dock
from tests.ui.sharing_doubles import FakeServer
from tests.ui.test_phone_turns import in_turn_order, running_scene
from tests.ui.test_player_rolls import Gm, ask, gm, request

__all__ = ["gm"]  # the fixture, shared with the roll tests


def last_view(server: FakeServer, character_id: int) -> Mapping[str, object]:
    return [view for cid, view in server.published if cid == character_id][-1]


def test_both_sides_roll_from_their_phones_and_the_gm_applies(qtbot: QtBot, gm: Gm) -> None:
    window, server, ids = gm
    session, campaign = window.session, campaign_of(window)
    assert session is not None
    kara, ilse = ids["kara"], ids["ilse"]
    table = shown_dock(window, "diceTable", DiceTableWidget)
    table.animate_check.setChecked(False)
    session.select_character(kara)
    table.set_opponent(ilse)
    assert table.open_sides() == (kara, ilse)
    window.sharing.allow_rolls(kara, True)
    window.sharing.allow_rolls(ilse, True)
    qtbot.waitUntil(lambda: last_view(server, kara).get("conflict") is not None, timeout=3000)
    assert last_view(server, kara)["conflict"] == {"against": "Ilse Marr", "ready": False}
    assert last_view(server, ilse)["conflict"] == {"against": "Kara Voss", "ready": False}
    # Kara's phone: d1 stepped once (her Climber, 1) and d2; nothing rolls yet.
    steps = {str(ids["d1"]): 1}
    asked = request("k1", [ids["d1"], ids["d2"]], [ids["trait"]], **steps)
    assert ask(qtbot, server, kara, asked) == (kara, "k1", True, "")
    in_tray = {d.id: d.steps for d in campaign.kit.dice(kara) if d.in_tray}
    assert in_tray == {ids["d1"]: 1, ids["d2"]: 0}
    assert table.steps_allowed(0) == 1 and campaign.rolls.all() == []
    assert "for the conflict (from their device)" in session.undo_stack.text(0)
    # Her page is told that her dice wait in her tray; Ilse's still has to pick.
    qtbot.waitUntil(
        lambda: last_view(server, kara)["conflict"] == {"against": "Ilse Marr", "ready": True},
        timeout=3000,
    )
    assert last_view(server, ilse)["conflict"] == {"against": "Kara Voss", "ready": False}
    # Ilse's phone: her d8; both trays hold dice, and the table rolls both.
    assert ask(qtbot, server, ilse, request("i1", [ids["other"]])) == (ilse, "i1", True, "")
    conflict = table.conflict_box.conflict
    assert conflict is not None and table.open_sides() is None
    mine, theirs = conflict.sides
    assert (mine.character.id, theirs.character.id) == (kara, ilse)
    assert sorted(zip(mine.roll.die_ids, mine.roll.sizes, strict=True)) == sorted(
        [(ids["d1"], 20), (ids["d2"], 12)]
    )
    assert list(zip(theirs.roll.die_ids, theirs.roll.sizes, strict=True)) == [(ids["other"], 8)]
    for side in (mine, theirs):
        assert side.total == sum(side.roll.faces)  # no depleted die on either table
    assert conflict.winner == dicepool.conflict_winner(mine.total, theirs.total)
    qtbot.waitUntil(lambda: last_view(server, kara).get("conflict") is None, timeout=3000)
    # The GM applies the outcome: one roll log entry, each side's depleted dice on its table.
    assert conflict.waiting_for is None  # the seeded dice roll no all ones
    expected = {die.id: die for die in conflict.changes()}  # the rules' whole outcome
    assert expected
    table.apply_conflict()
    assert len(campaign.rolls.all()) == 1
    after = {die.id: die for who in (kara, ilse) for die in campaign.kit.dice(who)}
    assert {i: (d.character_id, d.place) for i, d in after.items() if i in expected} == {
        i: (d.character_id, d.place) for i, d in expected.items()
    }
    assert not any(die.in_tray for die in after.values())


def test_a_phone_not_in_the_conflict_rolls_as_usual(qtbot: QtBot, gm: Gm) -> None:
    window, server, ids = gm
    session, campaign = window.session, campaign_of(window)
    assert session is not None
    kara, ilse = ids["kara"], ids["ilse"]
    harbour = campaign.roster.add("Harbour Master", "npc").id
    campaign.kit.add_dice(harbour, size=6, count=2)
    table = shown_dock(window, "diceTable", DiceTableWidget)
    table.animate_check.setChecked(False)
    session.select_character(harbour)
    table.set_opponent(kara)
    window.sharing.allow_rolls(kara, True)
    window.sharing.allow_rolls(ilse, True)
    # An NPC's name stays the GM's.
    qtbot.waitUntil(lambda: last_view(server, kara).get("conflict") is not None, timeout=3000)
    assert last_view(server, kara)["conflict"] == {"against": "your opponent", "ready": False}
    assert last_view(server, ilse).get("conflict") is None
    assert ask(qtbot, server, ilse, request("i2", [ids["other"]]))[2]
    assert len(campaign.rolls.all()) == 1  # Ilse's own roll, logged at once
    assert table.open_sides() == (harbour, kara)  # the conflict still waits


def removed(campaign: Campaign, character_id: int) -> int:
    return sum(1 for die in campaign_dice(campaign, character_id) if die.place == "removed")


def campaign_dice(campaign: Campaign, character_id: int) -> list[DieRecord]:
    return list(campaign.kit.dice(character_id))


def test_the_loser_of_a_phone_conflict_loses_the_rules_number_of_dice_and_undo_restores(
    qtbot: QtBot, gm: Gm
) -> None:
    """The rule's numbers counted here, not taken from the table's own outcome: the higher
    total wins, the loser loses 1 + difference // 10 dice (at most those left), the winner
    none; the GM's undo of the outcome puts every die back where the phones left it."""
    window, server, ids = gm
    session, campaign = window.session, campaign_of(window)
    assert session is not None
    kara, ilse = ids["kara"], ids["ilse"]
    campaign.kit.add_dice(ilse, size=6, count=3)  # enough dice that the loss is not capped
    table = shown_dock(window, "diceTable", DiceTableWidget)
    table.animate_check.setChecked(False)
    session.select_character(kara)
    table.set_opponent(ilse)
    window.sharing.allow_rolls(kara, True)
    window.sharing.allow_rolls(ilse, True)
    assert ask(qtbot, server, kara, request("k1", [ids["d1"], ids["d2"]]))[2]
    assert ask(qtbot, server, ilse, request("i1", [ids["other"]]))[2]
    conflict = table.conflict_box.conflict
    assert conflict is not None and conflict.waiting_for is None
    kara_total, ilse_total = (side.total for side in conflict.sides)
    before = {who: removed(campaign, who) for who in (kara, ilse)}
    filled = {die.id: die.place for who in (kara, ilse) for die in campaign_dice(campaign, who)}
    table.apply_conflict()
    lost = {who: removed(campaign, who) - before[who] for who in (kara, ilse)}
    if kara_total == ilse_total:
        assert lost == {kara: 0, ilse: 0}
    else:
        winner, loser = (kara, ilse) if kara_total > ilse_total else (ilse, kara)
        left = sum(1 for die in campaign_dice(campaign, loser) if die.place != "removed")
        difference = abs(kara_total - ilse_total)
        assert lost[winner] == 0
        assert lost[loser] == min(1 + difference // 10, left + lost[loser]) >= 1
        assert left > 0  # neither side is short of dice: the loss is the rule's whole number
    session.undo_stack.undo()
    assert {
        die.id: die.place for who in (kara, ilse) for die in campaign_dice(campaign, who)
    } == filled


def test_in_turn_order_both_sides_of_a_conflict_roll_whosever_turn_it_is(
    qtbot: QtBot, gm: Gm
) -> None:
    """With phone rolls in turn order, the GM sets up Kara (whose turn it is) against
    Ilse: the conflict asks both sides to roll (each page says who it faces), so Ilse's
    phone fills her tray out of turn rather than hearing "It is not your turn"; a player
    outside the conflict still waits for their turn."""
    window, server, ids = gm
    session, campaign = window.session, campaign_of(window)
    assert session is not None
    kara, ilse = ids["kara"], ids["ilse"]
    in_turn_order(window)
    running_scene(window, qtbot)
    assert campaign.games.current().is_turn_of(kara)
    table = shown_dock(window, "diceTable", DiceTableWidget)
    table.animate_check.setChecked(False)
    session.select_character(kara)
    table.set_opponent(ilse)
    window.sharing.allow_rolls(kara, True)
    window.sharing.allow_rolls(ilse, True)
    assert ask(qtbot, server, ilse, request("i1", [ids["other"]])) == (ilse, "i1", True, "")
    assert [d.id for d in campaign.kit.dice(ilse) if d.in_tray] == [ids["other"]]
    assert ask(qtbot, server, kara, request("k1", [ids["d1"]])) == (kara, "k1", True, "")
    assert table.conflict_box.conflict is not None  # both trays filled: rolled on the table
    # Once the conflict is rolled, Ilse is out of it and out of turn again.
    table.apply_conflict()
    answer = ask(qtbot, server, ilse, request("i2", [ids["other"]]))
    assert answer[2] is False
