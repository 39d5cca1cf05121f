"""Rest, damage and a given depleted die: the rules' numbers on a real campaign file,
each one transaction."""

from __future__ import annotations

from desktop.actions.actor import Actor, NotYours
from desktop.actions.pool import give_depleted_die, rest, take_damage
from desktop.store import Campaign, CharacterRecord
from tests.actions.conftest import places
from tests.store.file_reads import listen, refused


def test_two_hours_of_rest_return_one_depleted_die(
    campaign: Campaign, kara: CharacterRecord
) -> None:
    campaign.kit.add_dice(kara.id, count=1)
    campaign.kit.add_dice(kara.id, count=2, place="table")
    heard, revision = listen(campaign), campaign.revision
    # Rule text: every two hours of rest return one depleted die to the pool.
    moved = rest(campaign, Actor.gm(), kara.id, 4)
    assert campaign.revision == revision + 1 and heard == ["dice"]
    assert places(campaign, kara.id) == ["pool", "pool", "pool"]
    assert [d.place for d in moved.before] == ["table", "table"]
    with refused(campaign, "Resting changes nothing"):
        rest(campaign, Actor.gm(), kara.id, 2)


def test_damage_takes_the_pool_first_then_the_table(
    campaign: Campaign, kara: CharacterRecord
) -> None:
    campaign.kit.add_dice(kara.id, count=1)
    campaign.kit.add_dice(kara.id, count=1, place="table")
    revision = campaign.revision
    # Rule text: "If a character has no dice left in their dice pool, damage goes to
    # their depleted dice."
    take_damage(campaign, Actor.gm(), kara.id, 2)
    assert campaign.revision == revision + 1
    assert places(campaign, kara.id) == ["removed", "removed"]


def test_a_depleted_die_given_lands_on_the_receivers_table(
    campaign: Campaign, kara: CharacterRecord, ilian: CharacterRecord
) -> None:
    [die] = campaign.kit.add_dice(kara.id, size=8, count=1, place="table")
    with refused(campaign, "own character", NotYours):
        give_depleted_die(campaign, Actor.player(ilian.id), die.id, kara.id, ilian.id)
    revision = campaign.revision
    give_depleted_die(campaign, Actor.player(kara.id), die.id, kara.id, ilian.id)
    assert campaign.revision == revision + 1
    assert campaign.kit.dice(kara.id) == []
    assert [(d.id, d.size, d.place) for d in campaign.kit.dice(ilian.id)] == [(die.id, 8, "table")]
