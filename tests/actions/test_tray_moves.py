"""Dice moved by hand before a roll: each move checked by the rules and written in one
transaction on a real campaign file; a move that changes nothing writes nothing."""

from __future__ import annotations

from desktop.actions.actor import Actor, NotYours
from desktop.actions.tray_moves import (
    empty_trays,
    fill_tray,
    move_die,
    step_die,
    toggle_down_to_d4,
)
from desktop.store import Campaign, CharacterRecord
from tests.actions.conftest import in_tray
from tests.store.file_reads import listen, refused


def test_a_pool_die_goes_in_the_tray_and_a_depleted_one_does_not(
    campaign: Campaign, kara: CharacterRecord
) -> None:
    pool_die, table_die = [
        *campaign.kit.add_dice(kara.id),
        *campaign.kit.add_dice(kara.id, place="table"),
    ]
    heard, revision = listen(campaign), campaign.revision
    moved = move_die(campaign, Actor.gm(), kara.id, pool_die.id, "tray")
    assert campaign.revision == revision + 1 and heard == ["dice"]
    assert [d.in_tray for d in moved.after] == [True]
    with refused(campaign, "Only dice in the pool can go in the tray"):
        move_die(campaign, Actor.gm(), kara.id, table_die.id, "tray")
    # Moved where it already is: nothing is written.
    assert move_die(campaign, Actor.gm(), kara.id, pool_die.id, "tray").after == []
    assert campaign.revision == revision + 1


def test_trait_steps_are_spent_only_as_far_as_the_ticked_traits_allow(
    campaign: Campaign, kara: CharacterRecord
) -> None:
    [die] = in_tray(campaign, campaign.kit.add_dice(kara.id, size=6))
    # Rule text: "A trait is given a number value. This is the number of dice steps that
    # the skill can increase": a trait of 1 allows one step, and no second.
    step_die(campaign, Actor.gm(), kara.id, die.id, 1, steps_allowed=1, who="Kara")
    assert campaign.kit.dice(kara.id)[0].steps == 1
    with refused(campaign, "No trait steps left for Kara"):
        step_die(campaign, Actor.gm(), kara.id, die.id, 1, steps_allowed=1, who="Kara")
    step_die(campaign, Actor.gm(), kara.id, die.id, -1, steps_allowed=1, who="Kara")
    assert campaign.kit.dice(kara.id)[0].steps == 0
    assert step_die(campaign, Actor.gm(), kara.id, die.id, -1, steps_allowed=1, who="K").after == []
    toggle_down_to_d4(campaign, Actor.gm(), kara.id, die.id)
    assert campaign.kit.dice(kara.id)[0].down_to_d4


def test_a_quick_count_fills_the_tray_with_the_smallest_dice_first(
    campaign: Campaign, kara: CharacterRecord
) -> None:
    big = campaign.kit.add_dice(kara.id, size=10)
    small = campaign.kit.add_dice(kara.id, size=4, count=2)
    fill_tray(campaign, Actor.gm(), kara.id, 2)
    assert [d.in_tray for d in campaign.kit.dice(kara.id)] == [False, True, True]
    assert {d.id for d in small} | {d.id for d in big} == {d.id for d in campaign.kit.dice(kara.id)}
    with refused(campaign, "Kara Voss: "):
        fill_tray(campaign, Actor.gm(), kara.id, 4)


def test_both_trays_of_a_conflict_are_emptied_in_one_write(
    campaign: Campaign, kara: CharacterRecord, ilian: CharacterRecord
) -> None:
    in_tray(campaign, campaign.kit.add_dice(kara.id, count=2))
    in_tray(campaign, campaign.kit.add_dice(ilian.id, count=1))
    revision = campaign.revision
    emptied = empty_trays(campaign, Actor.gm(), [kara.id, ilian.id])
    assert campaign.revision == revision + 1 and len(emptied.after) == 3
    assert not any(d.in_tray for cid in (kara.id, ilian.id) for d in campaign.kit.dice(cid))
    with refused(campaign, "own character", NotYours):
        empty_trays(campaign, Actor.player(ilian.id), [kara.id])
