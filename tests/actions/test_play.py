"""End a round with its award, end a game, mark the session's XP: the rules' numbers on
a real campaign file, each one transaction."""

from __future__ import annotations

from typing import Any

import pytest

from desktop.actions.actor import Actor, NotYours
from desktop.actions.play import DepletedDieGiven, NewDieGiven, end_game, end_round_with_award
from desktop.actions.session_xp import mark_session_xp
from desktop.rules import dicepool
from desktop.store import Campaign
from tests.store.file_reads import listen, raw_rows, refused


def _party(campaign: Campaign) -> dict[str, int]:
    ids = {}
    for name in ("Ash", "Bryn"):
        ids[name] = campaign.roster.add(name, "pc").id
        campaign.kit.add_dice(ids[name], size=6, count=3)
    ids["Storm"] = campaign.roster.add("Storm", "challenge").id
    campaign.kit.add_dice(ids["Storm"], size=8, count=1, place="table")
    return ids


def _in_a_scene(campaign: Campaign) -> dict[str, int]:
    ids = _party(campaign)
    campaign.games.start(at="2026-03-01T19:00:00")
    campaign.games.set_scene("A ford in the rain", [ids["Ash"], ids["Storm"]])
    return ids


def test_a_challenges_depleted_die_lands_on_the_players_table_as_the_round_ends(
    campaign: Campaign,
) -> None:
    ids = _in_a_scene(campaign)
    [storm_die] = campaign.kit.dice(ids["Storm"])
    round_before = campaign.games.running()
    assert round_before is not None
    heard, revision = listen(campaign), campaign.revision
    # Rule text: the GM gives "one depleted die from NPC or noncharacter challenges".
    ended = end_round_with_award(campaign, Actor.gm(), DepletedDieGiven(storm_die, ids["Ash"]))
    assert campaign.revision == revision + 1
    assert len(heard) == len(set(heard)) and "dice" in heard
    assert ended.after.round == round_before.round + 1
    assert (ended.receiver_name, ended.size) == ("Ash", 8)
    assert campaign.kit.dice(ids["Storm"]) == []
    given = [d for d in campaign.kit.dice(ids["Ash"]) if d.id == storm_die.id]
    assert [(d.size, d.place) for d in given] == [(8, "table")]


def test_a_new_die_is_made_on_the_players_table(campaign: Campaign) -> None:
    ids = _in_a_scene(campaign)
    # Rule text: "they may create a depleted die and give it to the player".
    ended = end_round_with_award(campaign, Actor.gm(), NewDieGiven(ids["Bryn"]))
    [added] = ended.added
    assert (added.character_id, added.size, added.place) == (
        ids["Bryn"],
        dicepool.DEFAULT_SIZE,
        "table",
    )
    assert sorted(d.place for d in campaign.kit.dice(ids["Bryn"])) == [
        "pool",
        "pool",
        "pool",
        "table",
    ]


def test_a_refused_end_of_round_leaves_the_die_where_it_was(campaign: Campaign) -> None:
    ids = _party(campaign)
    campaign.games.start(at="2026-03-01T19:00:00")  # no scene set: no round to end
    [storm_die] = campaign.kit.dice(ids["Storm"])
    with refused(campaign, "Set the scene first"):
        end_round_with_award(campaign, Actor.gm(), DepletedDieGiven(storm_die, ids["Ash"]))
    assert campaign.kit.dice(ids["Storm"]) == [storm_die]
    with refused(campaign, "Only the GM", NotYours):
        end_round_with_award(campaign, Actor.player(ids["Ash"]), NewDieGiven(ids["Ash"]))


def test_end_game_grows_the_pool_and_takes_the_awarded_surplus_off_the_table(
    campaign: Campaign,
) -> None:
    ids = _in_a_scene(campaign)
    [storm_die] = campaign.kit.dice(ids["Storm"])
    end_round_with_award(campaign, Actor.gm(), DepletedDieGiven(storm_die, ids["Ash"]))
    campaign.kit.add_dice(ids["Bryn"], count=1)  # a fourth die in Bryn's pool
    revision = campaign.revision
    # Rule text: "If the player ends the game with more dice in their dice pool than
    # they started with, they make the new number of dice their character's dice pool."
    ended = end_game(campaign, Actor.gm())
    assert campaign.revision == revision + 1
    assert ended.ended.grown == ((ids["Bryn"], 3, 4),)
    # Ash keeps 3: the awarded die on his table boosted that game only.
    assert [d.id for d in ended.taken] == [storm_die.id]
    assert len(campaign.kit.dice(ids["Ash"])) == 3
    with refused(campaign, "Only the GM", NotYours):
        end_game(campaign, Actor.player(ids["Ash"]))


def test_the_session_xp_marks_are_one_write(campaign: Campaign) -> None:
    ids = _party(campaign)
    tracks = {cid: campaign.downtime.sheet(cid).xp[0][0] for cid in (ids["Ash"], ids["Bryn"])}
    heard, revision = listen(campaign), campaign.revision
    marked = mark_session_xp(campaign, Actor.gm(), list(tracks.items()))
    assert campaign.revision == revision + 1
    assert heard == ["downtime"]
    for (before, after), (cid, track) in zip(marked.sheets, tracks.items(), strict=True):
        # The rules' session XP: +1 on the track the GM chose.
        assert dict(after.xp)[track] == dict(before.xp)[track] + 1
        assert campaign.downtime.sheet(cid) == after


def test_a_failure_at_the_second_sheet_writes_neither(
    campaign: Campaign, monkeypatch: pytest.MonkeyPatch
) -> None:
    ids = _party(campaign)
    chosen = [(cid, campaign.downtime.sheet(cid).xp[0][0]) for cid in (ids["Ash"], ids["Bryn"])]
    before = raw_rows(campaign, "SELECT * FROM downtime_sheet ORDER BY character_id")
    sheets = [campaign.downtime.sheet(cid) for cid, _track in chosen]
    from desktop.store.downtime import writes as downtime_writer

    written: list[object] = []
    put_sheet = downtime_writer.put_sheet

    def second_fails(session: Any, sheet: Any) -> None:
        if written:
            raise RuntimeError("the disk went away at the second sheet")
        written.append(sheet)
        put_sheet(session, sheet)

    monkeypatch.setattr(downtime_writer, "put_sheet", second_fails)
    with refused(campaign, "second sheet", RuntimeError):
        mark_session_xp(campaign, Actor.gm(), chosen)
    assert written  # the first sheet was written inside the transaction, then rolled back
    assert raw_rows(campaign, "SELECT * FROM downtime_sheet ORDER BY character_id") == before
    assert [campaign.downtime.sheet(cid) for cid, _track in chosen] == sheets
