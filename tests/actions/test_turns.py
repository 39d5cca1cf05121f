"""A player's turn (issue 30), Qt-free: when a phone may roll under the GM's timing, and
who may declare an action when. Play Order, energy-system-dice-pool.txt: "Players take
turns going clockwise from the GM in announcing their actions"."""

from __future__ import annotations

import pytest

from desktop.actions.actor import Actor, NotYours
from desktop.actions.turns import (
    NO_SCENE,
    NOT_YOUR_TURN,
    NOT_YOUR_TURN_TO_DECLARE,
    declare_action,
    roll_turn_refusal,
    rolls_wait_for_turns,
)
from desktop.store import Campaign, CharacterRecord


def in_turn_order(campaign: Campaign) -> None:
    campaign.remember_sharing({**campaign.sharing(), "roll_timing": "turn_order"})


def test_whenever_lets_every_phone_roll_and_turn_order_only_the_turns(
    campaign: Campaign, kara: CharacterRecord
) -> None:
    bryn = campaign.roster.add("Bryn", "pc")
    for who in (kara.id, bryn.id):
        campaign.kit.add_dice(who, count=2)
    assert not rolls_wait_for_turns(campaign)
    assert roll_turn_refusal(campaign, bryn.id, asked=False) is None  # the default
    in_turn_order(campaign)
    assert rolls_wait_for_turns(campaign)
    assert roll_turn_refusal(campaign, kara.id, asked=False) == NOT_YOUR_TURN  # no game
    campaign.games.start()
    assert roll_turn_refusal(campaign, kara.id, asked=False) == NOT_YOUR_TURN  # no scene
    campaign.games.set_scene("The docks")  # the first seat, Kara, has the turn
    assert roll_turn_refusal(campaign, kara.id, asked=False) is None
    assert roll_turn_refusal(campaign, bryn.id, asked=False) == NOT_YOUR_TURN
    assert roll_turn_refusal(campaign, bryn.id, asked=True) is None  # the GM asked
    campaign.games.next_turn()
    assert roll_turn_refusal(campaign, bryn.id, asked=False) is None
    assert roll_turn_refusal(campaign, kara.id, asked=False) == NOT_YOUR_TURN


def test_a_player_declares_on_their_turn_the_gm_for_anyone(
    campaign: Campaign, kara: CharacterRecord
) -> None:
    bryn = campaign.roster.add("Bryn", "pc")
    for who in (kara.id, bryn.id):
        campaign.kit.add_dice(who, count=2)
    campaign.games.start()
    with pytest.raises(NotYours, match=NO_SCENE):
        declare_action(campaign, Actor.player(kara.id), kara.id, "I climb")
    campaign.games.set_scene("The docks")
    revision = campaign.revision
    with pytest.raises(NotYours, match=NOT_YOUR_TURN_TO_DECLARE):
        declare_action(campaign, Actor.player(bryn.id), bryn.id, "I lie")
    with pytest.raises(NotYours, match="only for their own character"):
        declare_action(campaign, Actor.player(bryn.id), kara.id, "Kara trips")
    assert campaign.revision == revision  # nothing written
    before = declare_action(campaign, Actor.player(kara.id), kara.id, "I climb")
    assert before.action_of(kara.id) == ""
    assert campaign.games.current().action_of(kara.id) == "I climb"
    declare_action(campaign, Actor.gm(), bryn.id, "Bryn waits")  # the GM, out of turn
    assert campaign.games.current().action_of(bryn.id) == "Bryn waits"
