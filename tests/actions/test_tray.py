"""Roll a tray: the rules' depletion and tuple on a real campaign file, one transaction."""

from __future__ import annotations

import pytest

from desktop.actions.actor import Actor, NotYours
from desktop.actions.dice import quick_roll, roll_tray
from desktop.actions.tray import apply_tray_roll
from desktop.rules import dicepool
from desktop.store import Campaign, CharacterRecord
from tests.actions.conftest import in_tray, places
from tests.store.file_reads import listen, raw_rows, refused
from tests.ui.scripted import ScriptedRng


def test_a_one_depletes_and_the_roll_is_one_write(
    campaign: Campaign, kara: CharacterRecord
) -> None:
    dice = in_tray(campaign, campaign.kit.add_dice(kara.id, count=3))
    # Rule text: "every time a one is rolled, it remains on the table as a one".
    roll = roll_tray(dice, 0, ScriptedRng([1, 4, 5]))
    heard, revision = listen(campaign), campaign.revision
    done = apply_tray_roll(campaign, Actor.gm(), kara.id, roll, steps_allowed=0)
    assert campaign.revision == revision + 1
    assert sorted(heard) == ["dice", "rolls"]
    assert roll.result.total == 10
    assert places(campaign, kara.id) == ["table", "pool", "pool"]
    assert not any(d.in_tray for d in campaign.kit.dice(kara.id))
    assert done.summary == "Kara Voss rolled 1 (d6), 4 (d6), 5 (d6) = 10. 1 depleted."
    [line] = campaign.rolls.all()
    assert (line.id, line.total, line.kind) == (done.roll_id, 10, "roll")
    assert [d.place for d in done.before] == ["pool", "pool", "pool"]


def test_the_table_adds_one_a_die_to_the_next_roll(
    campaign: Campaign, kara: CharacterRecord
) -> None:
    campaign.kit.add_dice(kara.id, place="table")
    dice = campaign.kit.add_dice(kara.id, count=2)
    # Rule text: "Total the value of all the dice on the table including depleted die".
    roll = quick_roll([*campaign.kit.dice(kara.id)], 2, ScriptedRng([3, 5]))
    assert [*roll.die_ids] == [d.id for d in dice]
    done = apply_tray_roll(campaign, Actor.gm(), kara.id, roll, steps_allowed=0)
    assert roll.result.total == 3 + 5 + 1
    assert "+ 1 on the table = 9." in done.summary


def test_a_tuple_returns_a_depleted_die(campaign: Campaign, kara: CharacterRecord) -> None:
    campaign.kit.add_dice(kara.id, place="table")
    dice = in_tray(campaign, campaign.kit.add_dice(kara.id, count=2))
    # Rule text: "all rolled dice are all the same number (a tuple), one of the depleted
    # die can be returned to the dice pool".
    roll = roll_tray(dice, 0, ScriptedRng([4, 4]))
    apply_tray_roll(campaign, Actor.gm(), kara.id, roll, steps_allowed=0)
    assert places(campaign, kara.id) == ["pool", "pool", "pool"]


def test_all_ones_waits_for_the_choice_and_writes_nothing_without_it(
    campaign: Campaign, kara: CharacterRecord
) -> None:
    dice = in_tray(campaign, campaign.kit.add_dice(kara.id, count=2))
    roll = roll_tray(dice, 0, ScriptedRng([1, 1]))
    with refused(campaign, "choice|choose"):
        apply_tray_roll(campaign, Actor.gm(), kara.id, roll, steps_allowed=0)
    # Rule text: "they can remove one die from play, effectively taking damage".
    apply_tray_roll(
        campaign,
        Actor.gm(),
        kara.id,
        roll,
        steps_allowed=0,
        choice=dicepool.Catastrophe.LOSE_ONE,
        chosen=dice[0].id,
    )
    assert places(campaign, kara.id) == ["removed", "pool"]


def test_a_player_rolls_only_their_own_character(
    campaign: Campaign, kara: CharacterRecord, ilian: CharacterRecord
) -> None:
    dice = in_tray(campaign, campaign.kit.add_dice(kara.id, count=1))
    roll = roll_tray(dice, 0, ScriptedRng([5]))
    with refused(campaign, "own character", NotYours):
        apply_tray_roll(campaign, Actor.player(ilian.id), kara.id, roll, steps_allowed=0)
    apply_tray_roll(campaign, Actor.player(kara.id), kara.id, roll, steps_allowed=0)
    assert len(campaign.rolls.all()) == 1


def test_a_failure_midway_leaves_the_file_as_it_was(
    campaign: Campaign, kara: CharacterRecord, monkeypatch: pytest.MonkeyPatch
) -> None:
    dice = in_tray(campaign, campaign.kit.add_dice(kara.id, count=3))
    roll = roll_tray(dice, 0, ScriptedRng([1, 1, 5]))
    before = raw_rows(campaign, "SELECT * FROM die ORDER BY id")
    from desktop.store.rolls import writes as writer

    def broken(*_args: object, **_kwargs: object) -> int:
        raise RuntimeError("the disk went away after the dice were written")

    monkeypatch.setattr(writer, "add_roll", broken)
    with refused(campaign, "disk went away", RuntimeError):
        apply_tray_roll(campaign, Actor.gm(), kara.id, roll, steps_allowed=0)
    assert raw_rows(campaign, "SELECT * FROM die ORDER BY id") == before
    assert raw_rows(campaign, "SELECT COUNT(*) FROM roll_log") == [(0,)]


def test_a_roll_is_worded_in_the_language_asked_and_logged_in_english(
    campaign: Campaign, kara: CharacterRecord
) -> None:
    from desktop.actions.roll_words import describe_roll
    from desktop.language import translator
    from desktop.language.pseudo import pseudo

    dice = in_tray(campaign, campaign.kit.add_dice(kara.id, count=3))
    roll = roll_tray(dice, 0, ScriptedRng([1, 4, 5]))
    english = "Kara Voss rolled 1 (d6), 4 (d6), 5 (d6) = 10. 1 depleted."
    assert describe_roll("Kara Voss", roll, None) == english
    worded = describe_roll("Kara Voss", roll, None, translator("pseudo"))
    faces = "1 (d6), 4 (d6), 5 (d6)"
    first = pseudo("{name} rolled {faces} = {total}.").format(
        name="Kara Voss", faces=faces, total=10
    )
    assert worded == f"{first} {pseudo('{count} depleted.').format(count=1)}"
    done = apply_tray_roll(campaign, Actor.gm(), kara.id, roll, steps_allowed=0)
    assert done.summary == english  # the log keeps English
