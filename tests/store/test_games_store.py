"""Games at the table in the store (issue 15): Start game records the pools, scenes,
rounds and turns follow the seating order and skip the out of play, End game grows a
pool by the rule, every roll is logged with its game, scene, round and turn, and a
game survives closing the file. Real SQLite files, no mocks."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from desktop.store import Campaign, NotFound, Topic


def _party(campaign: Campaign) -> dict[str, int]:
    ids = {}
    for name in ("Ash", "Bryn", "Cole"):
        ids[name] = campaign.roster.add(name, "pc").id
        campaign.kit.add_dice(ids[name], size=6, count=3)
    ids["Storm"] = campaign.roster.add("Storm", "challenge").id
    campaign.kit.add_dice(ids["Storm"], size=6, count=2)
    return ids


def _place(campaign: Campaign, character_id: int, place: str, count: int) -> None:
    dice = [d for d in campaign.kit.dice(character_id) if d.place != place][:count]
    campaign.kit.update_dice([replace(d, place=place) for d in dice])


def test_start_records_pool_and_table_dice_and_refuses_a_second_game(
    campaign: Campaign,
) -> None:
    ids = _party(campaign)
    _place(campaign, ids["Ash"], "table", 1)
    _place(campaign, ids["Bryn"], "removed", 1)
    game = campaign.games.start(at="2026-03-01T19:00:00")
    # RULES.md s.2 "Start records each character's pool size (ordinary dice in pool +
    # on the table)": Ash 2 + 1, Bryn 2 + 0 (a removed die counts nothing).
    started = dict(game.started_with)
    assert started[ids["Ash"]] == 3
    assert started[ids["Bryn"]] == 2
    assert campaign.games.running() == game
    with pytest.raises(ValueError, match="already running"):
        campaign.games.start()


def test_turns_follow_the_seating_and_skip_the_out_of_play(campaign: Campaign) -> None:
    ids = _party(campaign)
    campaign.games.set_seating([ids["Cole"], ids["Ash"], ids["Bryn"]])
    campaign.games.start()
    with pytest.raises(ValueError, match="Set the scene first"):
        campaign.games.next_turn()
    campaign.games.set_scene("A ford in the rain", [ids["Ash"], ids["Bryn"], ids["Cole"]])
    view = campaign.games.current()
    # "Players take turns going clockwise from the GM": the seating order.
    assert [s.name for s in view.order] == ["Cole", "Ash", "Bryn"]
    assert (view.scene_number, view.round, view.turn_name) == (1, 1, "Cole")
    _place(campaign, ids["Ash"], "table", 3)  # no die in the pool: out of play
    campaign.games.next_turn()
    view = campaign.games.current()
    # RULES.md s.2 "Out of play": marked in the order and skipped.
    assert view.order[1].state == "out_of_play"
    assert "out of play" in view.order[1].state_words
    assert view.turn_name == "Bryn"
    with pytest.raises(ValueError, match="End round"):
        campaign.games.next_turn()
    # The GM may hand the turn to a player in the order (reactions are free: R2).
    campaign.games.take_turn(ids["Cole"])
    assert campaign.games.current().turn_name == "Cole"
    with pytest.raises(ValueError, match="turn order"):
        campaign.games.take_turn(ids["Storm"])
    campaign.games.take_turn(ids["Bryn"])
    campaign.games.declare(ids["Bryn"], "  Wade across  ")
    assert campaign.games.current().order[2].action == "Wade across"
    campaign.games.end_round()
    view = campaign.games.current()
    # "The order starts again": round 2, the first player in play, no actions yet.
    assert (view.round, view.turn_name) == (2, "Cole")
    assert all(not s.action for s in view.order)
    _place(campaign, ids["Ash"], "removed", 3)  # nothing left: out for good
    view = campaign.games.current()
    assert [s.name for s in view.order] == ["Cole", "Bryn"]
    assert view.out_for_good == ((ids["Ash"], "Ash"),)


def test_rolls_carry_the_game_scene_round_and_turn(campaign: Campaign) -> None:
    ids = _party(campaign)
    before = campaign.rolls.log(ids["Ash"], "Ash", "roll", {}, 4, "before the game")
    assert before.game_id is None
    game = campaign.games.start()
    campaign.games.set_scene("The gate", [])
    campaign.games.end_round()
    campaign.games.next_turn()
    logged = campaign.rolls.log(ids["Bryn"], "Bryn", "roll", {}, 7, "rolled 7")
    assert (logged.game_id, logged.scene, logged.round, logged.turn) == (game.id, 1, 2, 2)
    assert campaign.rolls.get(logged.id) == logged
    assert logged.day == 1


def test_end_game_grows_a_pool_by_the_rule(campaign: Campaign) -> None:
    ids = _party(campaign)
    # A game ends after it starts (issue 26): the end below is that evening's.
    campaign.games.start(at="2026-03-01T19:00:00")
    # An award and a tuple bring a fourth die into Ash's pool.
    campaign.kit.add_dice(ids["Ash"], size=6, count=1)
    _place(campaign, ids["Bryn"], "table", 2)
    before, ended = campaign.games.end(at="2026-03-01T23:00:00")
    # energy-system-dice-pool.txt, Storytelling: "If the player ends the game with more
    # dice in their dice pool than they started with, they make the new number of dice
    # their character's dice pool." Bryn's depleted dice do not shrink it.
    assert ended.grown == ((ids["Ash"], 3, 4),)
    assert before.running and not ended.running
    assert campaign.games.running() is None
    assert campaign.games.current().game_id is None
    assert campaign.games.get(ended.id).ended_at == "2026-03-01T23:00:00"


def test_undo_by_put_and_remove(campaign: Campaign) -> None:
    ids = _party(campaign)
    told: list[Topic] = []
    campaign.subscribe(told.append)
    game = campaign.games.start()
    before = campaign.games.set_scene("Night falls", [ids["Ash"]])
    campaign.games.put(before)
    assert campaign.games.get(game.id).scenes == ()
    removed = campaign.games.remove(game.id)
    assert campaign.games.running() is None
    campaign.games.put(removed)
    assert campaign.games.running() == removed
    assert set(told) == {Topic.GAMES}


def test_hostile_input_is_refused_in_words(campaign: Campaign) -> None:
    ids = _party(campaign)
    with pytest.raises(ValueError, match="No game is running"):
        campaign.games.set_scene("Somewhere")
    campaign.games.start()
    for text in ("", "   ", None, 12):
        with pytest.raises(ValueError, match="cannot be empty"):
            campaign.games.set_scene(text)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="at most"):
        campaign.games.set_scene("x" * 10_000)
    with pytest.raises(ValueError, match="whole number"):
        campaign.games.set_scene("Hall", ["Ash"])  # type: ignore[list-item]
    with pytest.raises(NotFound):
        campaign.games.set_scene("Hall", [10**9])
    with pytest.raises(ValueError, match="in the scene"):
        campaign.games.set_scene("Hall", [ids["Ash"]], ids["Storm"])
    with pytest.raises(ValueError, match="at most"):
        campaign.games.declare(ids["Ash"], "y" * 10_000)
    with pytest.raises(ValueError, match="player characters"):
        campaign.games.set_seating([ids["Storm"]])
    with pytest.raises(ValueError, match="one place"):
        campaign.games.set_seating([ids["Ash"], ids["Ash"]])
    with pytest.raises(ValueError, match="whole number"):
        campaign.games.set_seating([True])  # type: ignore[list-item]
    assert campaign.games.running().scenes == ()  # type: ignore[union-attr]


def test_a_game_survives_closing_the_file(campaign_path: Path, data_dir: Path) -> None:
    campaign_path.parent.mkdir(parents=True)
    with Campaign.create(campaign_path, data_dir=data_dir) as campaign:
        ids = _party(campaign)
        campaign.games.set_seating([ids["Bryn"], ids["Ash"], ids["Cole"]])
        campaign.games.start()
        campaign.games.set_scene("The bridge", list(ids.values()), ids["Storm"])
        campaign.games.next_turn()
        shown = campaign.games.current()
    with Campaign.open(campaign_path, data_dir=data_dir) as reopened:
        assert reopened.games.current() == shown
        assert shown.turn_name == "Ash"
        assert shown.condition_id == ids["Storm"]


def test_games_and_seating_round_trip_through_an_export(
    campaign: Campaign, tmp_path: Path, data_dir: Path
) -> None:
    from desktop.store import export_campaign, import_campaign
    from desktop.store.exchange import trusted_images

    ids = _party(campaign)
    campaign.games.set_seating([ids["Cole"], ids["Bryn"], ids["Ash"]])
    campaign.games.start(at="2026-03-01T19:00:00")
    campaign.games.set_scene("The ford", [ids["Ash"], ids["Storm"]], ids["Storm"])
    campaign.games.declare(ids["Ash"], "Rope across")
    campaign.rolls.log(ids["Ash"], "Ash", "roll", {}, 5, "rolled 5")
    exported = tmp_path / "out.json"
    export_campaign(campaign, exported)
    copy = tmp_path / "copy.gmdesk"
    with import_campaign(exported, copy, data_dir=data_dir, images=trusted_images) as imported:
        assert imported.games.all() == campaign.games.all()
        assert imported.games.seating() == campaign.games.seating()
        assert imported.games.current() == campaign.games.current()
        assert imported.rolls.all() == campaign.rolls.all()


def test_start_is_refused_with_no_player_character(campaign: Campaign) -> None:
    # An empty roster, then one with only an NPC and a challenge: no one to seat.
    with pytest.raises(ValueError, match="no player character to play"):
        campaign.games.start()
    campaign.roster.add("Old Hollis", "npc")
    campaign.roster.add("Storm", "challenge")
    with pytest.raises(ValueError, match="no player character to play"):
        campaign.games.start()
    assert campaign.games.current().game_id is None
    campaign.roster.add("Ash", "pc")
    assert campaign.games.start().ended_at is None
