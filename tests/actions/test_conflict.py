"""Resolve and apply a conflict: the rules' damage on a real campaign file, one transaction."""

from __future__ import annotations

from desktop.actions.actor import Actor, NotYours
from desktop.actions.conflict import Conflict, apply_conflict, roll_conflict, set_aside_conflict
from desktop.store import Campaign, CharacterRecord
from tests.actions.conftest import in_tray, places
from tests.store.file_reads import listen, raw_rows, refused
from tests.ui.scripted import ScriptedRng


def _rolled(campaign: Campaign, kara: CharacterRecord, ilian: CharacterRecord) -> Conflict:
    """Kara's 3d8 (8, 8, 7: 23) against Ilian's 2d6 of 3 (2, 3: 5)."""
    mine = in_tray(campaign, campaign.kit.add_dice(kara.id, size=8, count=3))
    theirs = campaign.kit.add_dice(ilian.id, count=3)
    theirs = [*in_tray(campaign, theirs[:2]), theirs[2]]
    return roll_conflict(
        [(kara, mine, [], 0), (ilian, theirs, [], 0)], ScriptedRng([8, 8, 7, 2, 3])
    )


def test_the_winner_takes_one_die_and_one_more_for_every_ten(
    campaign: Campaign, kara: CharacterRecord, ilian: CharacterRecord
) -> None:
    conflict = _rolled(campaign, kara, ilian)
    heard, revision = listen(campaign), campaign.revision
    done = apply_conflict(campaign, Actor.gm(), conflict)
    # Rule text: the highest roll "does damage to their opponent by removing a die from
    # their pool"; the rules' `conflict_damage`: one more for every full 10 of the margin.
    assert (conflict.winner, conflict.outcome().dice_lost) == (0, 2)
    assert campaign.revision == revision + 1
    assert sorted(heard) == ["dice", "rolls"]
    assert places(campaign, ilian.id).count("removed") == 2
    assert places(campaign, kara.id) == ["pool", "pool", "pool"]
    [line] = campaign.rolls.all()
    assert (line.id, line.kind, line.total) == (done.roll_id, "conflict", 23)
    assert done.summary == (
        "Kara Voss 23 against Brother Ilian 5: Kara Voss wins 23 to 5; Brother Ilian loses 2 dice."
    )


def test_a_conflict_set_aside_is_logged_and_moves_no_die(
    campaign: Campaign, kara: CharacterRecord, ilian: CharacterRecord
) -> None:
    conflict = _rolled(campaign, kara, ilian)
    dice = raw_rows(campaign, "SELECT * FROM die ORDER BY id")
    revision = campaign.revision
    line = set_aside_conflict(campaign, Actor.gm(), conflict, "the GM discarded it")
    assert campaign.revision == revision + 1
    assert raw_rows(campaign, "SELECT * FROM die ORDER BY id") == dice
    assert line.detail["applied"] is False
    assert line.summary.endswith("Not applied: the GM discarded it.")


def test_a_player_outside_the_conflict_cannot_apply_it(
    campaign: Campaign, kara: CharacterRecord, ilian: CharacterRecord
) -> None:
    conflict = _rolled(campaign, kara, ilian)
    bystander = campaign.roster.add("Mara")
    with refused(campaign, "own character", NotYours):
        apply_conflict(campaign, Actor.player(bystander.id), conflict)
    apply_conflict(campaign, Actor.player(ilian.id), conflict)


def test_an_all_ones_side_must_choose_before_the_outcome_is_written(
    campaign: Campaign, kara: CharacterRecord, ilian: CharacterRecord
) -> None:
    mine = in_tray(campaign, campaign.kit.add_dice(kara.id, count=2))
    theirs = in_tray(campaign, campaign.kit.add_dice(ilian.id, count=1))
    conflict = roll_conflict([(kara, mine, [], 0), (ilian, theirs, [], 0)], ScriptedRng([1, 1, 4]))
    with refused(campaign, "Kara Voss chooses first"):
        apply_conflict(campaign, Actor.gm(), conflict)


def test_the_summary_is_english_for_the_log_and_worded_for_a_window(
    campaign: Campaign, kara: CharacterRecord, ilian: CharacterRecord
) -> None:
    from desktop.language import translator
    from desktop.language.pseudo import pseudo

    conflict = _rolled(campaign, kara, ilian)
    assert conflict.summary() == (
        "Kara Voss 23 against Brother Ilian 5: Kara Voss wins 23 to 5; Brother Ilian loses 2 dice."
    )
    worded = conflict.summary(translator("pseudo"))
    assert worded.startswith("⟦Kara Voss 23 ") and worded != conflict.summary()
    assert worded == pseudo(
        "{first} {first_total} against {second} {second_total}: {winner} wins "
        "{winner_total} to {loser_total}{items}; {loser} loses {count} dice."
    ).format(
        first="Kara Voss",
        first_total=23,
        second="Brother Ilian",
        second_total=5,
        winner="Kara Voss",
        winner_total=23,
        loser_total=5,
        items="",
        loser="Brother Ilian",
        count=2,
    )
