"""A player's view (issue 29), read from a real campaign file: what each player sees of
their own character and of the table, with every number as the rules work it out."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from desktop.actions.actor import Actor
from desktop.actions.dice import roll_tray
from desktop.actions.tray import apply_tray_roll
from desktop.rules import dicepool, factions, syscards
from desktop.rules import energy as rules
from desktop.store import OWNER_CHAPTER, OWNER_CHARACTER, OWNER_FACTION, Campaign, NotFound, Topic
from desktop.views.die_art import art_looks
from desktop.views.player import (
    PLAYER_TOPICS,
    payload,
    player_characters,
    player_view,
    player_views,
)
from tests.actions.conftest import in_tray
from tests.ui.scripted import ScriptedRng

ART_NAMES = {look.name for look in art_looks()}


def plain(value: object) -> bool:
    """Whether `value` is JSON's own data all the way down."""
    if value is None or isinstance(value, str | int | bool):
        return True
    if isinstance(value, list):
        return all(plain(item) for item in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and plain(v) for k, v in value.items())
    return False


def roll_for(campaign: Campaign, character_id: int, faces: list[int], count: int = 2) -> None:
    """A Dice Table roll of `count` of the character's pool dice, with the faces given."""
    pool = [
        d for d in campaign.kit.dice(character_id) if d.place == "pool" and d.kind == "ordinary"
    ]
    dice = in_tray(campaign, pool[:count])
    others = [d for d in campaign.kit.dice(character_id) if d.id not in {x.id for x in dice}]
    roll = roll_tray([*dice, *others], 0, ScriptedRng(faces))
    apply_tray_roll(campaign, Actor.gm(), character_id, roll, steps_allowed=0)


def test_the_player_characters_are_listed_in_roster_order(campaign: Campaign) -> None:
    kara = campaign.roster.add("Kara Voss", "pc")
    campaign.roster.add("Captain Dask", "npc")
    bryn = campaign.roster.add("Bryn", "pc")
    campaign.roster.add("Rockslide", "challenge")
    assert player_characters(campaign) == ((kara.id, "Kara Voss"), (bryn.id, "Bryn"))


def test_only_a_player_character_has_a_view(campaign: Campaign) -> None:
    dask = campaign.roster.add("Captain Dask", "npc")
    with pytest.raises(NotFound):
        player_view(campaign, dask.id)
    with pytest.raises(NotFound):
        player_view(campaign, 999)


def test_own_dice_by_place_in_words_with_their_pictures(campaign: Campaign) -> None:
    kara = campaign.roster.add("Kara Voss", "pc")
    campaign.kit.add_dice(kara.id, size=6, count=3)
    campaign.kit.add_dice(kara.id, size=8, place="table")
    campaign.kit.add_dice(kara.id, size=4, place="removed")
    campaign.kit.add_item(kara.id, "Sabre", "weapon", 8)
    first = campaign.kit.dice(kara.id)[0]
    campaign.kit.update_dice([replace(first, in_tray=True, steps=2)])

    view = player_view(campaign, kara.id)
    words = [(d.size, d.place, d.place_words, d.rolls_as, d.item) for d in view.dice]
    assert words == [
        # Two trait steps take a d6 to a d10 (the rules' step ladder).
        (6, "pool", "in the tray, to be rolled", 10, ""),
        (6, "pool", "in the pool", None, ""),
        (6, "pool", "in the pool", None, ""),
        (8, "table", "on the table (depleted)", None, ""),
        (4, "removed", "removed", None, ""),
        (8, "pool", "in the pool", None, "Sabre"),
    ]
    assert [d.kind_words for d in view.dice][-1] == "damage"
    assert view.dice[3].art == "die-ordinary-d8-table.svg"
    assert view.dice[-1].art == "die-damage-d8-pool.svg"
    assert {d.art for d in view.dice} <= ART_NAMES
    assert (view.play_state, view.play_state_words) == ("in_play", "in play")


def test_a_character_with_no_die_in_the_pool_is_out_of_play_in_words(campaign: Campaign) -> None:
    kara = campaign.roster.add("Kara Voss", "pc")
    campaign.kit.add_dice(kara.id, count=2, place="table")
    data = payload(player_view(campaign, kara.id))
    character = data["character"]
    assert isinstance(character, dict)
    assert character["play_state_words"] == "out of play (no die in the pool)"


@pytest.mark.parametrize(
    ("pool", "table", "removed"), [(2, 1, 1), (0, 2, 1), (0, 0, 3), (0, 0, 0), (1, 0, 0)]
)
def test_the_play_state_read_from_the_view_dice_is_the_stores_count(
    campaign: Campaign, pool: int, table: int, removed: int
) -> None:
    """The view reads the play state off its own dice (no query per character): the same
    as the store's count of ordinary dice, whatever damage and protection dice are where."""
    kara = campaign.roster.add("Kara Voss", "pc")
    for place, count in (("pool", pool), ("table", table), ("removed", removed)):
        if count:
            campaign.kit.add_dice(kara.id, size=6, count=count, place=place)
    campaign.kit.add_dice(kara.id, size=8, kind="damage", place="pool")
    campaign.kit.add_item(kara.id, "Mail", "armour", 6)
    view = player_view(campaign, kara.id)
    counted = dicepool.play_state(*campaign.kit.dice_counts().get(kara.id, (0, 0, 0)))
    assert view.play_state == str(counted)
    assert view.play_state_words == dicepool.PLAY_STATE_WORDS[counted]


def test_todays_energy_is_the_rules_numbers(campaign: Campaign) -> None:
    kara = campaign.roster.add("Kara Voss", "pc")
    campaign.calendar.set_profile(kara.id, 30, {"Stealth": 4})
    profile = campaign.calendar.profile(kara.id)
    assert profile is not None
    today = campaign.summary().current_day
    assert player_view(campaign, kara.id).energy.words == "Nothing recorded today"

    state = rules.start_day(profile, day=today, general_store=12, pools={"Tower": 45})
    state = rules.task(profile, state, 8, 10, ability="Stealth").state
    state = rules.invest(profile, state, 10, project="Tower").state
    state = rules.invest(profile, state, 5, project="Bridge").state
    campaign.calendar.put_day(kara.id, state)

    energy = player_view(campaign, kara.id).energy
    assert energy.recorded and energy.day == today
    assert energy.available == rules.available(state)
    assert energy.opened_with == rules.day_figures(state).available == 30 + 12
    assert energy.debt == 0
    assert [(p.name, p.pool, p.tomorrow) for p in energy.projects] == [
        ("Tower", 45, state.pending("Tower")),
        ("Bridge", 0, state.pending("Bridge")),
    ]
    assert state.pending("Tower") == rules.specific_yield(10)

    # Spending past what is on hand runs a debt (RULES.md section 3).
    deeper = rules.task(profile, state, rules.available(state) + 3, 50).state
    campaign.calendar.put_day(kara.id, deeper)
    energy = player_view(campaign, kara.id).energy
    assert energy.debt == deeper.debt == 3
    assert energy.available == rules.available(deeper) == 0


def test_no_energy_calendar_no_energy_section(campaign: Campaign) -> None:
    kara = campaign.roster.add("Kara Voss", "pc")
    data = payload(player_view(campaign, kara.id))
    assert data["energy"] == {
        "tracked": False,
        "day": 0,
        "recorded": False,
        "available": 0,
        "opened_with": 0,
        "debt": 0,
        "dead": False,
        "projects": [],
        "words": "No energy calendar",
        "dead_since": 0,
    }


def test_own_shown_cards_readable_and_a_hidden_owner_unnamed(campaign: Campaign) -> None:
    kara = campaign.roster.add("Kara Voss", "pc")
    bryn = campaign.roster.add("Bryn", "pc")
    sheet = campaign.cards.add("Kara's card", "character", character_id=kara.id, shown=False)
    knife = campaign.cards.add(
        "Knife work",
        "skill",
        owner_id=sheet.id,
        efficiency=45,
        power=2,
        info="<p>Close and <b>quick</b>.</p><p>Second line</p>",
        shown=True,
    )
    campaign.cards.add("Throat cut", "skill", owner_id=knife.id, shown=True)
    campaign.cards.add("Kara's secret", "skill", owner_id=sheet.id)
    campaign.cards.add("Bryn's card", "character", character_id=bryn.id, shown=True)

    cards = player_view(campaign, kara.id).cards
    assert [c.name for c in cards] == ["Knife work", "Throat cut"]
    [knife_view, deeper_view] = cards
    # The owner card is hidden: its name stays off the efficiency corner.
    assert knife_view.efficiency_label == syscards.efficiency_label(45) == "45%"
    assert knife_view.grade == syscards.grade_for(45)
    assert knife_view.power == 2
    assert knife_view.info == ("Close and quick.", "Second line")
    # A shown owner is named as on the card: "Knife work 1%".
    assert deeper_view.efficiency_label == syscards.efficiency_label(1, "Knife work")
    assert [c.name for c in player_view(campaign, bryn.id).cards] == ["Bryn's card"]


def test_the_scene_names_players_only_and_marks_the_turn(campaign: Campaign) -> None:
    kara = campaign.roster.add("Kara Voss", "pc")
    bryn = campaign.roster.add("Bryn", "pc")
    dask = campaign.roster.add("Captain Dask", "npc")
    for who in (kara, bryn):
        campaign.kit.add_dice(who.id, count=2)
    campaign.kit.add_dice(dask.id, count=2)
    assert not player_view(campaign, kara.id).scene.running

    campaign.games.start()
    campaign.games.set_scene("The docks at night", members=(kara.id, bryn.id, dask.id))
    campaign.games.take_turn(bryn.id)
    campaign.games.declare(kara.id, "I climb the crane")
    data = payload(player_view(campaign, kara.id))
    assert data["scene"] == {
        "running": True,
        "number": 1,
        "text": "The docks at night",
        "round": 1,
        "turn_name": "Bryn",
        "order": [
            {
                "name": "Kara Voss",
                "turn": 1,
                "in_play": True,
                "state_words": "in play",
                "current": False,
                "you": True,
            },
            {
                "name": "Bryn",
                "turn": 2,
                "in_play": True,
                "state_words": "in play",
                "current": True,
                "you": False,
            },
        ],
    }
    # Kara's own declared action is hers to see (issue 30); Bryn's page never shows it.
    assert data["turn"] == {
        "yours": False,
        "declared": "I climb the crane",
        "rolls_in_turn_order": False,
    }
    bryns = payload(player_view(campaign, bryn.id))
    assert "crane" not in json.dumps(bryns)
    assert bryns["turn"] == {"yours": True, "declared": "", "rolls_in_turn_order": False}


def test_the_last_roll_is_a_player_characters_dice_table_roll(campaign: Campaign) -> None:
    kara = campaign.roster.add("Kara Voss", "pc")
    bryn = campaign.roster.add("Bryn", "pc")
    dask = campaign.roster.add("Captain Dask", "npc")
    campaign.kit.add_dice(kara.id, count=3)
    assert player_view(campaign, bryn.id).last_roll is None

    roll_for(campaign, kara.id, [1, 5])
    campaign.rolls.log(dask.id, dask.name, "roll", {"dice": []}, 11, "Dask rolled 11.")
    campaign.rolls.log(kara.id, kara.name, "act", {}, 77, "Kara acts.")
    data = payload(player_view(campaign, bryn.id))
    roll = data["last_roll"]
    assert isinstance(roll, dict)
    assert roll["character_name"] == "Kara Voss" and roll["yours"] is False
    # "every time a one is rolled, it remains on the table as a one" (RULES.md section 2).
    assert roll["total"] == 6
    assert roll["dice"] == [
        {"size": 6, "rolled_as": 6, "face": 1, "depleted": True, "art": "roll-d6-1-depleted.svg"},
        {"size": 6, "rolled_as": 6, "face": 5, "depleted": False, "art": "roll-d6-5.svg"},
    ]
    assert payload(player_view(campaign, kara.id))["last_roll"] == {**roll, "yours": True}

    [line] = [r for r in campaign.rolls.all() if r.kind == "roll" and r.character_id == kara.id]
    campaign.rolls.set_undone(line.id, True)
    assert player_view(campaign, bryn.id).last_roll is None


def test_public_clocks_and_factions(campaign: Campaign) -> None:
    kara = campaign.roster.add("Kara Voss", "pc")
    dask = campaign.roster.add("Captain Dask", "npc")
    sashes = campaign.factions.add("Red Sashes", tier=2, status=-3)
    cabal = campaign.factions.add("Cabal", status=1, shown=False)
    add = campaign.clocks.add
    add("Doom", 6, filled=6, shown=True)
    add("Hidden", 4)
    add("Sash war", 8, owner_kind=OWNER_FACTION, owner_id=sashes.id, filled=2, shown=True)
    add("Cabal plan", 4, owner_kind=OWNER_FACTION, owner_id=cabal.id, shown=True)
    add("Kara's oath", 4, owner_kind=OWNER_CHARACTER, owner_id=kara.id, shown=True)
    add("Dask's plot", 4, owner_kind=OWNER_CHARACTER, owner_id=dask.id, shown=True)
    add("Lair", 6, owner_kind=OWNER_CHAPTER, shown=True)

    view = player_view(campaign, kara.id)
    chapter = campaign.chapter.get().name
    assert [(c.name, c.filled, c.segments, c.done, c.owner) for c in view.clocks] == [
        ("Doom", 6, 6, True, ""),
        ("Lair", 0, 6, False, chapter),
        ("Kara's oath", 0, 4, False, "Kara Voss"),
        ("Dask's plot", 0, 4, False, ""),  # shown, but an NPC is not named
        ("Sash war", 2, 8, False, "Red Sashes"),
    ]
    assert [(f.name, f.tier, f.status, f.status_words) for f in view.factions] == [
        ("Red Sashes", 2, -3, factions.status_text(-3))
    ]
    assert view.chapter.at_war  # a faction at -3: the chapter is at war


def test_every_payload_is_plain_json(campaign: Campaign) -> None:
    kara = campaign.roster.add("Kara Voss", "pc")
    campaign.kit.add_dice(kara.id, count=3)
    campaign.cards.add("Knife", "skill", character_id=kara.id, shown=True)
    campaign.clocks.add("Doom", 6, shown=True)
    roll_for(campaign, kara.id, [3, 4])
    campaign.games.start()
    campaign.games.set_scene("Rain")
    data = payload(player_view(campaign, kara.id))
    assert plain(data)
    assert json.loads(json.dumps(data)) == data


def test_a_change_that_alters_a_view_is_announced_under_a_player_topic(
    campaign: Campaign,
) -> None:
    """The GM's side rebuilds a view after PLAYER_TOPICS only: every write here that
    changes a payload must have told one of them."""
    kara = campaign.roster.add("Kara Voss", "pc")
    campaign.kit.add_dice(kara.id, count=3)
    heard: list[Topic] = []
    campaign.subscribe(heard.append)
    card = campaign.cards.add("Knife", "skill", character_id=kara.id)
    sashes = campaign.factions.add("Red Sashes")
    writes = [
        lambda: campaign.kit.add_dice(kara.id, size=8),
        lambda: campaign.kit.add_item(kara.id, "Sabre", "weapon", 8),
        lambda: roll_for(campaign, kara.id, [2, 3]),
        lambda: campaign.cards.update(card.id, shown=True),
        lambda: campaign.clocks.add("Doom", 6, shown=True),
        lambda: campaign.factions.update(sashes.id, status=2),
        lambda: campaign.chapter.update(tier=1),
        lambda: campaign.calendar.set_profile(kara.id, 20, {}),
        lambda: campaign.games.start(),
        lambda: campaign.games.set_scene("Rain"),
        lambda: campaign.roster.update(kara.id, name="Kara Vale"),
    ]
    changed = 0
    for write in writes:
        before = payload(player_view(campaign, kara.id))
        heard.clear()
        write()
        if payload(player_view(campaign, kara.id)) != before:
            changed += 1
            assert set(heard) & PLAYER_TOPICS, heard
    assert changed == len(writes)  # each write here is one a player sees


def test_every_players_view_at_once_is_each_players_view(campaign: Campaign) -> None:
    kara = campaign.roster.add("Kara Voss", "pc")
    campaign.roster.add("Captain Dask", "npc")
    bryn = campaign.roster.add("Bryn", "pc")
    for who in (kara, bryn):
        campaign.kit.add_dice(who.id, count=2)
    campaign.cards.add("Knife", "skill", character_id=kara.id, shown=True)
    campaign.clocks.add("Doom", 6, shown=True)
    roll_for(campaign, bryn.id, [2, 5])
    views = player_views(campaign)
    assert list(views) == [kara.id, bryn.id]
    assert views == {cid: player_view(campaign, cid) for cid in (kara.id, bryn.id)}
    assert [c.name for c in views[kara.id].cards] == ["Knife"] and not views[bryn.id].cards
