"""The campaign's history (issue 31): every committed write leaves one entry in its own
transaction, in a plain sentence made from the records; an undo writes its own entry;
players' writes say so; an old campaign starts its history at the upgrade; Check
Campaign judges the entries and Repair keeps them."""

from __future__ import annotations

import json
import shutil
import sqlite3
from collections.abc import Callable
from contextlib import closing
from dataclasses import replace
from datetime import date
from pathlib import Path

import pytest

from desktop.rules import energy as energy_rules
from desktop.rules import factions as factions_rules
from desktop.rules.energy import DayState
from desktop.store import Campaign, checkup
from desktop.store.areas import Area
from desktop.store.chapter import ClaimRecord
from desktop.store.core import Manager, Topic
from desktop.store.downtime import DowntimeSheet, DowntimeStep, DowntimeUndo
from desktop.store.games import DiceChange
from desktop.store.history import GM, PLAYER, HistoryRecord
from desktop.store.history.sentences import GENERIC_PREFIX
from desktop.store.kit import DieRecord
from desktop.store.migrations import REVISIONS
from desktop.store.rolls import RollRecord
from desktop.store.roster import CharacterRecord

CAMPAIGNS = Path(__file__).resolve().parent / "campaigns"
PNG = b"\x89PNG\r\n\x1a\n" + bytes(40)


def _last(campaign: Campaign) -> HistoryRecord:
    return campaign.history.all(limit=1)[0]


def _sentences(campaign: Campaign) -> list[str]:
    """The history's sentences after the campaign's making (its first entry)."""
    return [entry.sentence for entry in campaign.history.all()[1:]]


def test_a_new_campaign_starts_its_history_with_its_making_and_each_write_adds_one_entry(
    campaign: Campaign,
) -> None:
    [made] = campaign.history.all()
    assert made.sentence == f"Campaign {campaign.summary().name} created"
    assert (made.who, made.area, made.record_id, made.day, made.game_id) == (
        GM,
        "campaign",
        None,
        1,
        None,
    )
    kara = campaign.roster.add("Kara Voss")
    campaign.roster.update(kara.id, notes="A scout.")
    assert campaign.history.count() == 3
    entry = _last(campaign)
    assert (entry.who, entry.character_id, entry.area, entry.record_id) == (
        GM,
        None,
        "characters",
        kara.id,
    )
    assert entry.day == 1 and entry.game_id is None and entry.undo_of is None
    assert entry.at.endswith("Z") and len(entry.at) == len("2026-03-01T20:15:00Z")


def test_damage_and_rest_say_the_pool_before_and_after(campaign: Campaign) -> None:
    kara = campaign.roster.add("Kara Voss")
    dice = campaign.kit.add_dice(kara.id, 6, count=5)
    campaign.kit.update_dice([replace(die, place="removed") for die in dice[:2]])
    assert _last(campaign).sentence == "Kara Voss took 2 damage: pool 5 -> 3"
    assert (_last(campaign).area, _last(campaign).record_id) == ("dice", kara.id)
    campaign.kit.update_dice([replace(dice[0], place="pool")])
    assert _last(campaign).sentence == "Kara Voss recovered 1: pool 3 -> 4"


def test_a_roll_is_one_entry_with_its_dice_and_its_log_line(campaign: Campaign) -> None:
    kara = campaign.roster.add("Kara Voss")
    dice = campaign.kit.add_dice(kara.id, 6, count=3)
    before = campaign.history.count()
    campaign.rolls.record(
        [replace(dice[0], place="table")],
        character_id=kara.id,
        character_name="Kara Voss",
        kind="roll",
        detail={},
        total=4,
        summary="3 dice: 4",
    )
    assert campaign.history.count() == before + 1
    assert _last(campaign).sentence == (
        "Kara Voss took 1 damage: pool 3 -> 2; Kara Voss rolled: 3 dice: 4"
    )


def test_a_clock_ticked_says_its_fill(campaign: Campaign) -> None:
    clock = campaign.clocks.add("Storm season closes the estuary", 8, filled=2)
    assert _last(campaign).sentence == "Clock Storm season closes the estuary added"
    campaign.clocks.update(clock.id, filled=4)
    assert _last(campaign).sentence == "Storm season closes the estuary: 2 -> 4 of 8"
    assert (_last(campaign).area, _last(campaign).record_id) == ("clocks", clock.id)


def test_a_faction_status_says_both_words(campaign: Campaign) -> None:
    faction = campaign.factions.add("The Tidewardens", status=-2)
    campaign.factions.update(faction.id, status=-3)
    assert _last(campaign).sentence == "The Tidewardens: Hostile -> War"


def test_end_day_says_both_days(campaign: Campaign) -> None:
    campaign.calendar.end_day()
    entry = _last(campaign)
    assert entry.sentence == "End Day: day 1 -> 2"
    assert entry.day == 1  # written on the day it ended
    campaign.clocks.add("Storm", 8)
    assert _last(campaign).day == 2  # the next write is the new day's


def test_the_place_follows_a_write_from_another_program(campaign: Campaign) -> None:
    campaign.clocks.add("Storm", 8)
    with closing(sqlite3.connect(campaign.path)) as other:
        other.execute("UPDATE campaign SET current_day = 7")
        other.commit()
    campaign.clocks.add("Flood", 8)
    assert _last(campaign).day == 7


def test_characters_and_cards_added_renamed_edited_removed(campaign: Campaign) -> None:
    kara = campaign.roster.add("Kara Voss")
    campaign.roster.update(kara.id, name="Kara Vance")
    snapshot = campaign.roster.delete(kara.id)
    campaign.roster.restore(snapshot)
    card = campaign.cards.add("Blade")
    campaign.cards.update(card.id, efficiency=3)
    campaign.cards.update(card.id, name="Sabre")
    campaign.cards.restore(campaign.cards.delete(card.id))
    campaign.cards.duplicate(card.id)
    assert _sentences(campaign) == [
        "Character Kara Voss added",
        "Character Kara Voss renamed Kara Vance",
        "Character Kara Vance removed",
        "Character Kara Vance restored",
        "Card Blade added",
        "Card Blade edited: efficiency",
        "Card Blade renamed Sabre",
        "Card Sabre removed",
        "Card Sabre restored",
        "Card Sabre (copy) added as a copy of Sabre",
    ]


def test_a_player_acting_is_told_as_that_player(campaign: Campaign) -> None:
    kara = campaign.roster.add("Kara Voss")
    with campaign.acting_as(kara.id):
        campaign.roster.update(kara.id, notes="From her phone.")
    assert (_last(campaign).who, _last(campaign).character_id) == (PLAYER, kara.id)
    campaign.roster.update(kara.id, notes="The GM again.")
    assert (_last(campaign).who, _last(campaign).character_id) == (GM, None)


def test_an_undo_writes_its_own_entry_naming_the_one_it_undid(campaign: Campaign) -> None:
    clock = campaign.clocks.add("Storm", 8)
    campaign.clocks.update(clock.id, filled=3)
    ticked = _last(campaign)
    with campaign.undoing():
        campaign.clocks.update(clock.id, filled=0)
    undo = _last(campaign)
    assert undo.sentence == "Undone: Storm: 0 -> 3 of 8"
    assert undo.undo_of == ticked.id
    # The next undo undoes the step before: the clock's adding, not the tick again.
    with campaign.undoing():
        campaign.clocks.delete(clock.id)
    assert _last(campaign).sentence == "Undone: Clock Storm added"
    assert campaign.history.count() == 5  # nothing of the history was deleted (1: the making)


def test_an_undo_that_writes_twice_undoes_one_step(campaign: Campaign) -> None:
    first = campaign.clocks.add("First", 4)
    second = campaign.clocks.add("Second", 4)
    with campaign.undoing():
        campaign.clocks.update(second.id, filled=1)
        campaign.clocks.update(second.id, filled=0)
    undone = campaign.history.all()[-2:]
    assert {entry.undo_of for entry in undone} == {campaign.history.all()[2].id}
    assert first.id != second.id


def test_a_refused_write_leaves_no_entry(campaign: Campaign) -> None:
    clock = campaign.clocks.add("Storm", 8)
    before = campaign.history.count()
    with pytest.raises(ValueError), campaign.writing() as session:
        from desktop.store.clocks import writes

        writes.update_clock(session, clock.id, {"filled": 5})
        raise ValueError("refused half way")
    assert campaign.history.count() == before
    assert campaign.clocks.get(clock.id).filled == 0


def test_a_write_during_a_game_carries_its_place(campaign: Campaign) -> None:
    campaign.roster.add("Kara Voss")
    game = campaign.games.start()
    campaign.clocks.add("Storm", 8)
    assert _last(campaign).game_id == game.id
    assert campaign.history.of_game(game.id)[-1].sentence == "Clock Storm added"


def test_steps_of_play_say_what_happened(campaign: Campaign) -> None:
    kara = campaign.roster.add("Kara Voss")
    game = campaign.games.start()
    campaign.games.set_scene("The docks at night")
    campaign.games.declare(kara.id, "I climb the crane")
    campaign.games.end_round()
    campaign.games.end()
    assert _sentences(campaign)[1:] == [
        f"Game {game.id} started",
        "Scene 1: The docks at night",
        "Kara Voss declares: I climb the crane",
        "Round 2 of scene 1",
        f"Game {game.id} ended",
    ]
    declared = campaign.history.all()[4]  # after the making, Kara and the start
    assert (declared.game_id, declared.scene, declared.round, declared.turn) == (game.id, 1, 1, 1)


# -- every write has words -------------------------------------------------------------------
#
# Each public write of the campaign and of each area's manager, run on a fresh copy of a
# new campaign named "Test Campaign" (its chapter too): the entry it leaves must say what
# it did, word for word. A public method of a manager is in SPECIFIC, READ_ONLY, PARTS
# or STILL_GENERIC: a new one in none of them fails the listing test below.

Write = Callable[[Campaign], object]


def _kara(c: Campaign) -> CharacterRecord:
    return c.roster.add("Kara Voss")


def _dice(c: Campaign) -> list[DieRecord]:
    return c.kit.add_dice(_kara(c).id, 6, count=3)


def _in_game(c: Campaign) -> CharacterRecord:
    kara = _kara(c)
    c.kit.add_dice(kara.id, 6, count=3)
    bryn = c.roster.add("Bryn")
    c.kit.add_dice(bryn.id, 6, count=3)
    c.games.start()
    return kara


def _in_scene(c: Campaign) -> CharacterRecord:
    kara = _in_game(c)
    c.games.set_scene("The docks")
    return kara


def _profiled(c: Campaign) -> CharacterRecord:
    kara = _kara(c)
    c.calendar.set_profile(kara.id, 30, {})
    return kara


def _day_one(c: Campaign) -> tuple[CharacterRecord, DayState]:
    kara = _profiled(c)
    profile = c.calendar.profile(kara.id)
    assert profile is not None
    return kara, energy_rules.start_day(profile, day=1)


def _put_day(c: Campaign) -> object:
    kara, day = _day_one(c)
    return c.calendar.put_day(kara.id, day)


def _delete_day(c: Campaign) -> object:
    kara, day = _day_one(c)
    c.calendar.put_day(kara.id, day)
    return c.calendar.delete_day(kara.id, 1)


def _roll(c: Campaign, dice: list[DieRecord]) -> object:
    return c.rolls.record(
        [replace(dice[0], place="table")],
        character_id=dice[0].character_id,
        character_name="Kara Voss",
        kind="roll",
        detail={},
        total=4,
        summary="3 dice: 4",
    )


def _act(c: Campaign) -> RollRecord:
    return c.rolls.record_acts(
        {},
        character_id=None,
        character_name="The GM",
        kind="act",
        detail={},
        total=None,
        summary="a challenge",
    )


def _claim(c: Campaign) -> ClaimRecord:
    return c.chapter.add_claim("Docks", benefit="Boats")


def _path(c: Campaign) -> tuple[int, int]:
    """A path from the claim to the lair, named claim first."""
    path = c.chapter.add_claim_path(_claim(c).id, 0)
    return path.end, path.start


def _given(c: Campaign) -> ClaimRecord:
    claim = _claim(c)
    c.chapter.transfer_claim(claim.id, c.factions.add("The Tidewardens").id)
    return claim


def _step(c: Campaign) -> tuple[DowntimeStep, DowntimeUndo]:
    kara = _kara(c)
    c.downtime.start_session()
    step = DowntimeStep(kara.id, "healing", "Kara healed", extra="coin")
    return step, c.downtime.record(step)


def _undone_step(c: Campaign) -> tuple[DowntimeStep, DowntimeUndo]:
    step, undo = _step(c)
    c.downtime.undo(undo)
    return step, undo


def _developed(c: Campaign) -> object:
    c.chapter.update(rep=factions_rules.FULL_REP, coin=5)
    return c.chapter.develop()


SPECIFIC: dict[str, tuple[Write, str]] = {
    # the campaign row and its remembered settings
    "campaign.rename": (
        lambda c: c.rename("The Estuary"),
        "Campaign Test Campaign renamed The Estuary",
    ),
    "campaign.update_settings": (
        lambda c: c.update_settings(stress_track=10),
        "Rule settings: stress track 9 -> 10",
    ),
    "campaign.set_print_language": (
        lambda c: c.set_print_language("fr"),
        "Print language: English -> French",
    ),
    "campaign.remember_print_settings": (
        lambda c: c.remember_print_settings({"bleed": 3}),
        "Print layout remembered",
    ),
    "campaign.remember_statistics_scope": (
        lambda c: c.remember_statistics_scope({"scope": "days", "first_day": 1}),
        "Statistics scope remembered",
    ),
    "campaign.remember_sharing": (
        lambda c: c.remember_sharing({"on": True}),
        "Sharing with the players' phones turned on",
    ),
    # the roster and a character's kit
    "roster.add": (_kara, "Character Kara Voss added"),
    "roster.update": (
        lambda c: c.roster.update(_kara(c).id, notes="A scout."),
        "Character Kara Voss edited: notes",
    ),
    "roster.delete": (lambda c: c.roster.delete(_kara(c).id), "Character Kara Voss removed"),
    "roster.restore": (
        lambda c: c.roster.restore(c.roster.delete(_kara(c).id)),
        "Character Kara Voss restored",
    ),
    "kit.add_dice": (_dice, "Kara Voss: 3 ordinary d6 added (pool)"),
    "kit.remove_dice": (lambda c: c.kit.remove_dice([_dice(c)[0].id]), "Kara Voss: 1 dice removed"),
    "kit.restore_dice": (
        lambda c: c.kit.restore_dice(c.kit.remove_dice([_dice(c)[0].id])),
        "Kara Voss: 1 dice put back",
    ),
    "kit.update_dice": (
        lambda c: c.kit.update_dice([replace(_dice(c)[0], place="removed")]),
        "Kara Voss took 1 damage: pool 3 -> 2",
    ),
    "kit.add_trait": (
        lambda c: c.kit.add_trait(_kara(c).id, "Sneak", 2),
        "Kara Voss: trait Sneak added",
    ),
    "kit.update_trait": (
        lambda c: c.kit.update_trait(c.kit.add_trait(_kara(c).id, "Sneak", 2).id, value=3),
        "Kara Voss: trait Sneak: 2 -> 3",
    ),
    "kit.delete_trait": (
        lambda c: c.kit.delete_trait(c.kit.add_trait(_kara(c).id, "Sneak").id),
        "Kara Voss: trait Sneak removed",
    ),
    "kit.restore_trait": (
        lambda c: c.kit.restore_trait(c.kit.delete_trait(c.kit.add_trait(_kara(c).id, "Sneak").id)),
        "Kara Voss: trait Sneak restored",
    ),
    "kit.add_item": (
        lambda c: c.kit.add_item(_kara(c).id, "Blade", "weapon", 8),
        "Kara Voss: weapon Blade (d8) added",
    ),
    "kit.update_item": (
        lambda c: c.kit.update_item(
            c.kit.add_item(_kara(c).id, "Blade", "weapon", 8).id, name="Sabre"
        ),
        "Kara Voss: Blade renamed Sabre",
    ),
    "kit.delete_item": (
        lambda c: c.kit.delete_item(c.kit.add_item(_kara(c).id, "Blade", "weapon", 8).id),
        "Kara Voss: Blade removed",
    ),
    "kit.restore_item": (
        lambda c: c.kit.restore_item(
            *c.kit.delete_item(c.kit.add_item(_kara(c).id, "Blade", "weapon", 8).id)
        ),
        "Kara Voss: Blade restored",
    ),
    # the roll log
    "rolls.log": (
        lambda c: c.rolls.log(None, "The GM", "roll", {}, 5, "2 dice: 5"),
        "The GM rolled: 2 dice: 5",
    ),
    "rolls.record": (
        lambda c: _roll(c, _dice(c)),
        "Kara Voss took 1 damage: pool 3 -> 2; Kara Voss rolled: 3 dice: 4",
    ),
    "rolls.record_acts": (_act, "The GM rolled: a challenge"),
    # cards
    "cards.add": (lambda c: c.cards.add("Blade"), "Card Blade added"),
    "cards.update": (
        lambda c: c.cards.update(c.cards.add("Blade").id, efficiency=3),
        "Card Blade edited: efficiency",
    ),
    "cards.duplicate": (
        lambda c: c.cards.duplicate(c.cards.add("Blade").id),
        "Card Blade (copy) added as a copy of Blade",
    ),
    "cards.delete": (lambda c: c.cards.delete(c.cards.add("Blade").id), "Card Blade removed"),
    "cards.restore": (
        lambda c: c.cards.restore(c.cards.delete(c.cards.add("Blade").id)),
        "Card Blade restored",
    ),
    "cards.set_image": (
        lambda c: c.cards.set_image(c.cards.add("Blade").id, PNG),
        "Card Blade's image set",
    ),
    # the Energy Calendar
    "calendar.set_profile": (_profiled, "Kara Voss: energy profile set: daily net 30"),
    "calendar.delete_profile": (
        lambda c: c.calendar.delete_profile(_profiled(c).id),
        "Kara Voss: energy profile removed",
    ),
    "calendar.put_day": (_put_day, "Kara Voss: energy of day 1 written"),
    "calendar.delete_day": (_delete_day, "Kara Voss: energy of day 1 removed"),
    "calendar.end_day": (lambda c: c.calendar.end_day(), "End Day: day 1 -> 2"),
    "calendar.undo_end_day": (
        lambda c: c.calendar.undo_end_day(c.calendar.end_day().token),
        "End Day undone: day 2 -> 1",
    ),
    # clocks
    "clocks.add": (lambda c: c.clocks.add("Storm", 8), "Clock Storm added"),
    "clocks.update": (
        lambda c: c.clocks.update(c.clocks.add("Storm", 8, filled=2).id, filled=4),
        "Storm: 2 -> 4 of 8",
    ),
    "clocks.move": (
        lambda c: c.clocks.move(c.clocks.add("Storm", 8).id, "character", _kara(c).id, 0),
        "Clock Storm moved",
    ),
    "clocks.delete": (
        lambda c: c.clocks.delete(c.clocks.add("Storm", 8).id),
        "Clock Storm removed",
    ),
    "clocks.restore": (
        lambda c: c.clocks.restore(c.clocks.delete(c.clocks.add("Storm", 8).id)),
        "Clock Storm restored",
    ),
    # factions
    "factions.add": (lambda c: c.factions.add("The Tidewardens"), "Faction The Tidewardens added"),
    "factions.update": (
        lambda c: c.factions.update(c.factions.add("The Tidewardens", status=-2).id, status=-3),
        "The Tidewardens: Hostile -> War",
    ),
    "factions.move": (
        lambda c: c.factions.move(c.factions.add("The Tidewardens", tier=2).id, 3, 0),
        "The Tidewardens: tier 2 -> 3",
    ),
    "factions.lose_hold": (
        lambda c: c.factions.lose_hold(c.factions.add("The Tidewardens", tier=2).id),
        "The Tidewardens lost hold: tier 2 strong -> tier 2 weak",
    ),
    "factions.restore_standing": (
        lambda c: c.factions.restore_standing(
            c.factions.lose_hold(c.factions.add("The Tidewardens", tier=2).id)
        ),
        "Standing of The Tidewardens put back: tier 2 weak -> tier 2 strong",
    ),
    "factions.delete": (
        lambda c: c.factions.delete(c.factions.add("The Tidewardens").id),
        "Faction The Tidewardens removed",
    ),
    "factions.restore": (
        lambda c: c.factions.restore(c.factions.delete(c.factions.add("The Tidewardens").id)),
        "Faction The Tidewardens restored",
    ),
    # the chapter and its claims
    "chapter.update": (
        lambda c: c.chapter.update(coin=2, notes="Quiet."),
        "Chapter Test Campaign: coin 0 -> 2, notes (none) -> Quiet.",
    ),
    "chapter.restore": (
        lambda c: c.chapter.restore(c.chapter.update(coin=2)),
        "Chapter Test Campaign: coin 2 -> 0",
    ),
    "chapter.lose_hold": (
        lambda c: c.chapter.lose_hold(),
        "Test Campaign lost hold: tier 0 strong -> tier 0 weak",
    ),
    "chapter.apply_payoff": (
        lambda c: c.chapter.apply_payoff(0, True, "standard"),
        "Payoff for Test Campaign: coin 0 -> 6",
    ),
    "chapter.develop": (_developed, "Test Campaign developed: tier 0 strong -> tier 1 weak"),
    "chapter.add_claim": (_claim, "Claim Docks added"),
    "chapter.update_claim": (
        lambda c: c.chapter.update_claim(_claim(c).id, benefit="Fish"),
        "Claim Docks: benefit Boats -> Fish",
    ),
    "chapter.delete_claim": (lambda c: c.chapter.delete_claim(_claim(c).id), "Claim Docks removed"),
    "chapter.restore_claim": (
        lambda c: c.chapter.restore_claim(c.chapter.delete_claim(_claim(c).id)),
        "Claim Docks restored",
    ),
    "chapter.add_claim_path": (
        lambda c: c.chapter.add_claim_path(0, _claim(c).id),
        "Path between the lair and Docks added",
    ),
    "chapter.remove_claim_path": (
        lambda c: c.chapter.remove_claim_path(*_path(c)),
        "Path between the lair and Docks removed",
    ),
    "chapter.transfer_claim": (_given, "Claim Docks: Test Campaign -> The Tidewardens"),
    "chapter.undo_transfer": (
        lambda c: c.chapter.undo_transfer(c.chapter.transfer_claim(_given(c).id, 0, -2)),
        "Claim Docks: Test Campaign -> The Tidewardens",
    ),
    # downtime
    "downtime.set_sheet": (
        lambda c: c.downtime.set_sheet(DowntimeSheet(_kara(c).id, stress=2, vice="Gambling")),
        "Downtime sheet of Kara Voss: stress 0 -> 2, vice (none) -> Gambling",
    ),
    "downtime.start_session": (lambda c: c.downtime.start_session(), "Downtime session 1 started"),
    "downtime.end_session": (
        lambda c: c.downtime.end_session(c.downtime.start_session()),
        "Downtime session 1 taken back",
    ),
    "downtime.restore_session": (
        lambda c: c.downtime.restore_session(1, c.downtime.end_session(c.downtime.start_session())),
        "Downtime session 1 restored",
    ),
    "downtime.record": (_step, "Kara Voss in downtime: Healing and Recovery: Kara healed"),
    "downtime.undo": (_undone_step, "Downtime step of Kara Voss undone: Kara healed"),
    "downtime.redo": (
        lambda c: c.downtime.redo(*reversed(_undone_step(c))),
        "Downtime step of Kara Voss redone: Kara healed",
    ),
    # games at the table
    "games.set_seating": (
        lambda c: c.games.set_seating([c.roster.add("Bryn").id, _kara(c).id]),
        "Seating: Bryn, Kara Voss",
    ),
    "games.start": (lambda c: _in_game(c), "Game 1 started"),
    "games.set_scene": (_in_scene, "Scene 1: The docks"),
    "games.declare": (
        lambda c: c.games.declare(_in_scene(c).id, "I climb the crane"),
        "Kara Voss declares: I climb the crane",
    ),
    "games.take_turn": (lambda c: (_in_scene(c), c.games.take_turn(None)), "Nobody's turn"),
    "games.next_turn": (lambda c: (_in_scene(c), c.games.next_turn()), "Bryn's turn"),
    "games.end_round": (lambda c: (_in_scene(c), c.games.end_round()), "Round 2 of scene 1"),
    "games.end_round_with_award": (
        lambda c: c.games.end_round_with_award(DiceChange(add=((_in_scene(c).id, 6),))),
        "Round 2 of scene 1; Kara Voss is awarded a d6 on the table",
    ),
    "games.end": (lambda c: (_in_game(c), c.games.end()), "Game 1 ended"),
    "games.finish": (lambda c: (_in_game(c), c.games.finish()), "Game 1 ended"),
    "games.put": (
        lambda c: (_in_scene(c), c.games.put(c.games.set_scene("The crane"))),
        "Game 1 put back: scene 1, round 1",
    ),
    "games.remove": (lambda c: (_in_game(c), c.games.remove(1)), "Game 1 removed"),
    # the roll log's undo marks
    "rolls.mark": (
        lambda c: c.rolls.mark(c.rolls.log(None, "GM", "roll", {}, 1, "1 on a d4").id, undone=True),
        "Roll undone: 1 on a d4",
    ),
    "rolls.mark_acts": (
        lambda c: c.rolls.mark_acts(_act(c).id, undone=False, efficiencies={}),
        "Roll redone: a challenge",
    ),
    "rolls.set_undone": (
        lambda c: c.rolls.set_undone(c.rolls.log(None, "GM", "roll", {}, 1, "").id, True),
        "Roll undone: GM's roll",
    ),
    # the journal
    "journal.write": (
        lambda c: (_in_scene(c), c.journal.write(1, 1, "The crane fell.")),
        "Note on scene 1 of game 1 written",
    ),
    # handouts
    "handouts.give": (
        lambda c: c.handouts.give("text", "A letter", text="Meet me."),
        "Handout A letter given (every player)",
    ),
    "handouts.take_back": (
        lambda c: c.handouts.take_back(c.handouts.give("text", "A letter", text="Meet me.").id),
        "Handout A letter taken back (every player)",
    ),
    "handouts.give_back": (
        lambda c: c.handouts.give_back(
            c.handouts.take_back(c.handouts.give("text", "A letter", text="Meet me.").id)
        ),
        "Handout A letter given back (every player)",
    ),
}

# Public methods that only read (or check) and never write.
READ_ONLY = {
    "campaign": {
        "open",
        "summary",
        "settings",
        "print_settings",
        "print_language",
        "sharing",
        "statistics_scope",
        "integrity_check",
    },
    "roster": {"all", "get", "snapshot"},
    "kit": {
        "dice",
        "dice_counts",
        "dice_by_id",
        "require_characters",
        "traits",
        "trait",
        "items",
        "item",
    },
    "rolls": {"get", "counts", "newer", "page", "marks", "all", "of_game"},
    "cards": {"all", "get", "count", "names", "check_owner", "snapshot", "image"},
    "calendar": {"snapshot_rows", "profile", "profiles", "day", "days", "day_before"},
    "factions": {"all", "get"},
    "chapter": {"get", "at_war", "claims", "claim", "claim_paths", "claim_map"},
    "clocks": {"all", "of_owner", "get", "require_owner"},
    "downtime": {
        "sheet",
        "sheets",
        "check_stress_track",
        "session",
        "sessions",
        "entries",
        "entry",
        "of_character",
        "snapshot_rows",
        "checked_snapshot_rows",
    },
    "games": {"all", "get", "running", "current", "position", "seating"},
    "handouts": {"all", "for_player", "of_character", "get", "image", "snapshot", "checked_of"},
    "history": {
        "all",
        "of_game",
        "count",
        "outside_games",
        "undone",
        "game_bounds",
        "next_game_start",
    },
    "journal": {"all", "of_game", "note"},
    "search_index": {"find"},
}

# Public methods that write only inside a caller's transaction (they take its session):
# the caller's write notes the sentence.
PARTS = {"kit.write_dice", "downtime.restore_snapshot_rows"}

# Writes of the campaign object that are not a change to an open campaign: a new file
# (its first entry is tested apart), a copy or a backup elsewhere, the closing.
OTHER_FILES = {"campaign.create", "campaign.close", "campaign.save_copy", "campaign.backup_now"}

# Writes still told by their topics alone; one given a sentence of its own moves to
# SPECIFIC (the test below says which ones fell back).
STILL_GENERIC: dict[str, Write] = {}


@pytest.fixture(scope="module")
def blank(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A new campaign, closed: each write below runs on its own copy."""
    folder = tmp_path_factory.mktemp("blank")
    Campaign.create(
        folder / "Test Campaign.gmdesk", data_dir=folder / "data", start_date=date(2026, 3, 1)
    ).close()
    return folder / "Test Campaign.gmdesk"


def _fresh(blank: Path, folder: Path, data_dir: Path) -> Campaign:
    copy = folder / "copy.gmdesk"
    shutil.copyfile(blank, copy)
    return Campaign.open(copy, data_dir=data_dir)


@pytest.mark.parametrize("path", list(SPECIFIC))
def test_each_write_says_in_words_what_it_did(
    path: str, blank: Path, tmp_path: Path, data_dir: Path
) -> None:
    write, sentence = SPECIFIC[path]
    with _fresh(blank, tmp_path, data_dir) as campaign:
        write(campaign)
        assert _last(campaign).sentence == sentence


def test_the_write_paths_known_to_fall_back_are_listed(
    blank: Path, tmp_path: Path, data_dir: Path
) -> None:
    generic = []
    with _fresh(blank, tmp_path, data_dir) as campaign:
        for name, write in STILL_GENERIC.items():
            write(campaign)
            if _last(campaign).sentence.startswith(GENERIC_PREFIX):
                generic.append(name)
    # One given its own sentence leaves STILL_GENERIC for SPECIFIC.
    assert generic == list(STILL_GENERIC)


def _public_methods(kind: type) -> set[str]:
    """The public methods a class defines itself (properties and areas are not)."""
    return {
        name
        for name, value in vars(kind).items()
        if not name.startswith("_")
        and (callable(value) or isinstance(value, classmethod | staticmethod))
        and not isinstance(value, Area)
    }


def test_every_public_write_of_every_manager_is_listed_with_its_words(campaign: Campaign) -> None:
    listed = set(SPECIFIC) | set(STILL_GENERIC) | PARTS | OTHER_FILES
    areas = {
        name: getattr(campaign, name)
        for name, value in vars(Campaign).items()
        if isinstance(value, Area)
    }
    assert set(areas) == set(READ_ONLY) - {"campaign"}, "an area is missing from READ_ONLY"
    unlisted = []
    for area, manager in [("campaign", campaign), *areas.items()]:
        kind = Campaign if area == "campaign" else type(manager)
        assert isinstance(manager, Manager) or area == "campaign"
        for method in sorted(_public_methods(kind)):
            name = f"{area}.{method}"
            if method not in READ_ONLY[area] and name not in listed:
                unlisted.append(name)
    assert unlisted == [], f"public methods with no words listed: {', '.join(unlisted)}"
    # And nothing listed that is not there (a renamed method).
    for name in listed:
        area, method = name.split(".")
        owner = campaign if area == "campaign" else areas[area]
        assert callable(getattr(owner, method, None)), name


def test_more_changes_in_words(campaign: Campaign) -> None:
    kara = _kara(campaign)
    claim = _claim(campaign)
    campaign.chapter.update_claim(claim.id, x=40.0, y=12.5)
    campaign.chapter.update_claim(claim.id, name="Old Docks")
    campaign.chapter.update_claim(claim.id, turf=True)
    campaign.chapter.update(name="The Lanterns")
    campaign.remember_sharing({"on": True})
    campaign.remember_sharing({"on": True, "host": "192.168.1.5"})
    campaign.remember_sharing({"on": False})
    campaign.calendar.set_profile(kara.id, 30, {})
    campaign.calendar.set_profile(kara.id, 25, {})
    campaign.games.set_seating([])
    campaign.chapter.update(notes="A very long note about the chapter's quarrels over the docks.")
    assert _sentences(campaign)[2:] == [
        "Claim Docks moved on the map",
        "Claim Docks renamed Old Docks",
        "Claim Old Docks: turf no -> yes",
        "Chapter Test Campaign: name Test Campaign -> The Lanterns",
        "Sharing with the players' phones turned on",
        "Sharing settings changed",
        "Sharing with the players' phones turned off",
        "Kara Voss: energy profile set: daily net 30",
        "Energy profile of Kara Voss: daily net 30 -> 25",
        "Seating cleared",
        "Chapter The Lanterns: notes edited",
    ]


def test_a_write_with_no_sentence_of_its_own_is_told_by_its_topics(campaign: Campaign) -> None:
    from desktop.store import writer

    with campaign.writing(Topic.CAMPAIGN, Topic.SETTINGS) as session:
        writer.rename_campaign(session, "The Estuary")
    assert _last(campaign).sentence == f"{GENERIC_PREFIX}campaign, settings."


def test_an_old_campaign_starts_its_history_at_the_upgrade(tmp_path: Path, data_dir: Path) -> None:
    previous = REVISIONS[REVISIONS.index("0010_history") - 1]
    path = tmp_path / "old.gmdesk"
    shutil.copyfile(CAMPAIGNS / f"{previous}.gmdesk", path)
    with Campaign.open(path, data_dir=data_dir) as opened:
        entries = opened.history.all()
        assert [entry.sentence for entry in entries] == [
            "History starts here: this campaign was upgraded to keep one."
        ]
        assert entries[0].day == opened.summary().current_day
        first = opened.roster.all()[0]
        opened.roster.update(first.id, notes="After the upgrade.")
        assert opened.history.count() == 2


def test_check_campaign_finds_a_damaged_entry_and_repair_keeps_the_sound_ones(
    campaign: Campaign, tmp_path: Path
) -> None:
    for filled in range(1, 4):
        campaign.clocks.add(f"Clock {filled}", 8, filled=filled)
    path = campaign.path
    campaign.close()
    assert checkup.check_campaign(path).sound
    with closing(sqlite3.connect(path)) as connection:
        connection.execute("UPDATE history_entry SET at = 'yesterday' WHERE id = 2")
        connection.commit()
    report = checkup.check_campaign(path)
    assert [(f.table, f.row_id) for f in report.values] == [("history_entry", 2)], report
    repaired = checkup.repair(path, tmp_path / "repaired.gmdesk")
    with closing(sqlite3.connect(repaired.destination)) as connection:
        kept = [row[0] for row in connection.execute("SELECT id FROM history_entry ORDER BY id")]
    assert 1 in kept and 3 in kept and 2 not in kept


def test_the_history_goes_out_in_the_export_and_comes_back_in_the_import(
    campaign: Campaign, tmp_path: Path, data_dir: Path
) -> None:
    from desktop.store.exchange import export_campaign, import_campaign, trusted_images

    kara = campaign.roster.add("Kara Voss")
    with campaign.acting_as(kara.id):
        campaign.roster.update(kara.id, notes="From her phone.")
    clock = campaign.clocks.add("Storm", 8)
    with campaign.undoing():
        campaign.clocks.delete(clock.id)
    written = campaign.history.all()
    exported = tmp_path / "out.json"
    export_campaign(campaign, exported)
    document = json.loads(exported.read_text(encoding="utf-8"))
    assert [entry["sentence"] for entry in document["history"]] == [e.sentence for e in written]
    with import_campaign(
        exported, tmp_path / "in.gmdesk", data_dir=data_dir, images=trusted_images
    ) as imported:
        *kept, told = imported.history.all()
        assert kept == written
        assert told.sentence == "Imported from out.json" and told.id > written[-1].id
        assert (told.day, told.who, told.area) == (1, GM, "campaign")


def test_an_import_refuses_a_history_entry_it_could_not_hold(
    campaign: Campaign, tmp_path: Path, data_dir: Path
) -> None:
    from desktop.store.errors import ImportRefused
    from desktop.store.exchange import export_campaign, import_campaign, trusted_images

    campaign.roster.add("Kara Voss")
    exported = tmp_path / "out.json"
    export_campaign(campaign, exported)
    document = json.loads(exported.read_text(encoding="utf-8"))
    document["history"][0]["who"] = "player"  # a player with no character
    exported.write_text(json.dumps(document), encoding="utf-8")
    target = tmp_path / "in.gmdesk"
    with pytest.raises(ImportRefused, match="by a player names their character"):
        import_campaign(exported, target, data_dir=data_dir, images=trusted_images)
    assert not target.exists()


def test_a_characters_kit_and_a_factions_standing_in_words(campaign: Campaign) -> None:
    kara = campaign.roster.add("Kara Voss")
    sneak = campaign.kit.add_trait(kara.id, "Sneak", 2)
    campaign.kit.update_trait(sneak.id, value=3)
    blade = campaign.kit.add_item(kara.id, "Blade", "weapon", 8)
    campaign.kit.delete_item(blade.id)
    faction = campaign.factions.add("The Tidewardens", tier=2)
    campaign.factions.lose_hold(faction.id)
    assert _sentences(campaign)[1:] == [
        "Kara Voss: trait Sneak added",
        "Kara Voss: trait Sneak: 2 -> 3",
        "Kara Voss: weapon Blade (d8) added",
        "Kara Voss: Blade removed",
        "Faction The Tidewardens added",
        "The Tidewardens lost hold: tier 2 strong -> tier 2 weak",
    ]


def test_an_undo_told_its_steps_entries_undoes_each_of_them(campaign: Campaign) -> None:
    clock = campaign.clocks.add("Storm", 8)
    with campaign.recording() as step:
        campaign.clocks.update(clock.id, filled=1)
        campaign.clocks.update(clock.id, filled=2)
    assert len(step) == 2
    after = campaign.clocks.add("Flood", 4)  # a later step the undo must leave alone
    with campaign.undoing(step):
        campaign.clocks.update(clock.id, filled=0)
    undos = [(e.undo_of, e.sentence) for e in campaign.history.all() if e.undo_of]
    assert undos == [
        (step[1], "Undone: Storm: 1 -> 2 of 8"),
        (step[0], "Undone: Storm: 0 -> 1 of 8"),
    ]
    assert campaign.clocks.get(after.id).name == "Flood"
    # Told entries already undone, it falls back to the newest live step.
    with campaign.undoing(step):
        campaign.clocks.delete(after.id)
    assert _last(campaign).sentence == "Undone: Clock Flood added"
