"""A player gives one of their depleted dice from their phone (issue 30; the storytelling
award, Energy System DP 167): through the real store, the controller and the server
double, as the GM's own award from the roster; the die lands on the receiver's table,
where it counts +1 in every roll of the game; hostile gifts are refused plainly with
nothing written."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from pytestqt.qtbot import QtBot

from desktop.actions.gifts import NO_GAME, NOT_A_PLAYER, NOT_YOURSELF
from desktop.share.messages import GiveRequest
from desktop.ui.sharing.player_rolls import ANOTHER_CHOOSING, CHOOSE_FIRST, VIEW_ONLY
from tests.ui.docks import campaign_of
from tests.ui.sharing_doubles import FakeServer
from tests.ui.test_phone_all_ones import Ones
from tests.ui.test_player_rolls import Gm, ask, gm, request

__all__ = ["gm"]  # the fixture, shared with the roll tests


def give(request_id: str, die_id: int, to: int) -> GiveRequest:
    return GiveRequest(type="give", id=request_id, die=die_id, to=to)


def last_view(server: FakeServer, character_id: int) -> Mapping[str, object]:
    return [view for cid, view in server.published if cid == character_id][-1]


def places(gm: Gm, character_id: int) -> dict[int, str]:
    window, _server, _ids = gm
    return {die.id: die.place for die in campaign_of(window).kit.dice(character_id)}


def in_a_game_with_a_depleted_die(gm: Gm) -> None:
    """A game runs; Kara's d1 is depleted on her table; both pages may act."""
    window, _server, ids = gm
    campaign = campaign_of(window)
    campaign.games.start()
    [d1] = [die for die in campaign.kit.dice(ids["kara"]) if die.id == ids["d1"]]
    campaign.kit.update_dice([replace(d1, place="table")])
    window.sharing.allow_rolls(ids["kara"], True)
    window.sharing.allow_rolls(ids["ilse"], True)


def test_a_gift_moves_the_die_to_the_receivers_table_and_counts_in_her_rolls(
    qtbot: QtBot, gm: Gm
) -> None:
    window, server, ids = gm
    session, campaign = window.session, campaign_of(window)
    assert session is not None
    kara, ilse = ids["kara"], ids["ilse"]
    in_a_game_with_a_depleted_die(gm)
    qtbot.waitUntil(lambda: bool(last_view(server, kara).get("gift_to")), timeout=3000)
    assert last_view(server, kara)["gift_to"] == [{"id": ilse, "name": "Ilse Marr"}]
    before = session.undo_stack.count()
    assert ask(qtbot, server, kara, give("g1", ids["d1"], ilse)) == (kara, "g1", True, "")
    # The die keeps its id and size and lands on Ilse's table; Kara's table is one fewer.
    assert ids["d1"] not in places(gm, kara)
    assert places(gm, ilse) == {ids["other"]: "pool", ids["d1"]: "table"}
    [given] = [die for die in campaign.kit.dice(ilse) if die.id == ids["d1"]]
    assert given.size == 12 and given.character_id == ilse
    assert session.undo_stack.count() == before + 1
    assert "from the giver's device" in session.undo_stack.text(before)
    # Ilse's page shows the die at once, on her table.
    qtbot.waitUntil(
        lambda: any(
            isinstance(die, dict) and die.get("id") == ids["d1"] and die.get("place") == "table"
            for die in last_view(server, ilse)["dice"]  # type: ignore[union-attr]
        ),
        timeout=3000,
    )
    # The rule's number: the depleted die counts +1 in every roll of hers.
    assert ask(qtbot, server, ilse, request("r1", [ids["other"]]))[2]
    [rolled] = campaign.rolls.all()
    [face] = [die["face"] for die in rolled.detail["dice"]]
    assert rolled.total == face + 1
    # The GM's undo takes the roll back, then the gift: the die is Kara's again.
    session.undo_stack.undo()
    session.undo_stack.undo()
    assert places(gm, kara)[ids["d1"]] == "table" and ids["d1"] not in places(gm, ilse)


def test_hostile_gifts_are_refused_with_nothing_written(qtbot: QtBot, gm: Gm) -> None:
    window, server, ids = gm
    session, campaign = window.session, campaign_of(window)
    assert session is not None
    kara, ilse = ids["kara"], ids["ilse"]
    npc = campaign.roster.add("Harbour Master", "npc").id
    window.sharing.allow_rolls(kara, True)
    [d1] = [die for die in campaign.kit.dice(kara) if die.id == ids["d1"]]
    campaign.kit.update_dice([replace(d1, place="table")])
    # No game running: a die boosts rolls "during the game".
    assert ask(qtbot, server, kara, give("h1", ids["d1"], ilse))[2:] == (False, NO_GAME)
    campaign.games.start()
    refused = {
        "h2": (give("h2", ids["d1"], kara), NOT_YOURSELF),
        "h3": (give("h3", ids["d1"], npc), NOT_A_PLAYER),
        "h4": (give("h4", ids["d1"], 99_999), NOT_A_PLAYER),
        "h5": (give("h5", ids["other"], ilse), "That die is not one of Kara Voss's."),
        "h6": (give("h6", ids["d2"], ilse), "The d12 is not on the table; it is in the pool."),
    }
    before = (campaign.kit.dice(kara), campaign.kit.dice(ilse), session.undo_stack.count())
    for key, (asked, message) in refused.items():
        assert ask(qtbot, server, kara, asked) == (kara, key, False, message)
    window.sharing.allow_rolls(kara, False)
    assert ask(qtbot, server, kara, give("h7", ids["d1"], ilse))[2:] == (False, VIEW_ONLY)
    after = (campaign.kit.dice(kara), campaign.kit.dice(ilse), session.undo_stack.count())
    assert after == before
    # A page that may not act is offered no one to give to.
    qtbot.waitUntil(lambda: last_view(server, kara).get("gift_to") == [], timeout=3000)


def test_a_replayed_gift_is_given_once(qtbot: QtBot, gm: Gm) -> None:
    window, server, ids = gm
    session = window.session
    assert session is not None
    kara, ilse = ids["kara"], ids["ilse"]
    in_a_game_with_a_depleted_die(gm)
    assert ask(qtbot, server, kara, give("once", ids["d1"], ilse))[2]
    count = session.undo_stack.count()
    # The same die again (a second device, a replay under a new id): no longer Kara's.
    answer = ask(qtbot, server, kara, give("again", ids["d1"], ilse))
    assert answer[2:] == (False, "That die is not one of Kara Voss's.")
    assert session.undo_stack.count() == count


def test_a_gift_held_off_by_a_waiting_all_ones_choice_says_whose(qtbot: QtBot, gm: Gm) -> None:
    """While a phone's all-ones roll waits for its choice, a gift waits too: Kara, whose
    roll waits, is told to choose first, and Ilse hears that another player's choice
    waits (not that the GM has a roll on the table); nothing is written."""
    window, server, ids = gm
    session, campaign, kara, ilse = window.session, campaign_of(window), ids["kara"], ids["ilse"]
    assert session is not None
    in_a_game_with_a_depleted_die(gm)
    [ilse_d6] = campaign.kit.add_dice(ilse, size=6)
    campaign.kit.update_dice([replace(ilse_d6, place="table")])
    session.rng = Ones()
    asked = request("o1", [ids["d2"], ids["d3"]])
    assert ask(qtbot, server, kara, asked) == (kara, "o1", True, "")
    assert session.all_ones is not None and session.all_ones.character_id == kara
    before = {who: places(gm, who) for who in (kara, ilse)}
    assert ask(qtbot, server, kara, give("g1", ids["d1"], ilse))[3] == CHOOSE_FIRST
    assert ask(qtbot, server, ilse, give("g2", ilse_d6.id, kara))[3] == ANOTHER_CHOOSING
    assert {who: places(gm, who) for who in (kara, ilse)} == before
