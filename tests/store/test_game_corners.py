"""A bad caller or a damaged import at the games manager (issue 27, Play item 7): a
party-wide condition that is not a challenge, an action declared for someone not seated
in the turn order, and pool sizes out of their declared bounds are refused plainly and
nothing is written. Real SQLite files, no mocks."""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Callable
from contextlib import closing
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from desktop.store import Campaign
from desktop.store.exchange import export_document
from tests.store.file_state import assert_import_refused, findings


def _refused(campaign: Campaign, attempt: Callable[[], object], words: str) -> None:
    """`attempt` is refused with `words` in a plain message, and the file is unchanged."""
    before = campaign.games.all()
    with pytest.raises(ValueError, match=words) as refused:
        attempt()
    message = str(refused.value)
    assert "Error" not in message and "Traceback" not in message
    assert campaign.games.all() == before


def test_a_party_wide_condition_must_be_a_challenge(campaign: Campaign) -> None:
    """RULES.md section 2: "A party-wide condition rolls once per turn and every character
    in the scene rolls against that one total": it is a non-character challenge."""
    ash = campaign.roster.add("Ash", "pc").id
    bandit = campaign.roster.add("Bandit", "npc").id
    storm = campaign.roster.add("Storm", "challenge").id
    campaign.games.start()
    for wrong in (ash, bandit):
        _refused(
            campaign,
            lambda wrong=wrong: campaign.games.set_scene("A pass", [ash, bandit, wrong], wrong),
            "condition must be a challenge",
        )
    campaign.games.set_scene("A pass", [ash, bandit, storm], storm)
    game = campaign.games.running()
    assert game is not None
    # Written whole (an undo, a redo, an import's game): the same rule.
    scene = replace(game.scenes[-1], condition_id=bandit)
    _refused(
        campaign,
        lambda: campaign.games.put(replace(game, scenes=(scene,))),
        "condition must be a challenge",
    )


def test_a_declared_action_is_a_seated_players(campaign: Campaign) -> None:
    """RULES.md section 2, Play order: "each player, clockwise from the GM in seating
    order, declares one action"."""
    ash = campaign.roster.add("Ash", "pc").id
    bryn = campaign.roster.add("Bryn", "pc").id
    storm = campaign.roster.add("Storm", "challenge").id
    for cid in (ash, bryn):
        campaign.kit.add_dice(cid, count=2)
    campaign.games.start()
    campaign.games.set_scene("A ford", [ash, storm])
    for stranger in (storm, bryn):  # a challenge; a player not in the scene's order
        _refused(
            campaign,
            lambda stranger=stranger: campaign.games.declare(stranger, "Jump"),
            "Only a player in the turn order",
        )
    campaign.games.declare(ash, "Wade across")
    game = campaign.games.running()
    assert game is not None
    _refused(
        campaign,
        lambda: campaign.games.put(replace(game, actions=((storm, "Rain harder"),))),
        "Only a player in the turn order",
    )


@pytest.mark.parametrize("size", [-1, -(2**40), 2**31, 10**30])
def test_a_game_with_a_pool_size_out_of_bounds_is_not_stored(campaign: Campaign, size: int) -> None:
    """RULES.md section 2, "A game": "Start records each character's pool size S" and End
    game its new pool size N: whole numbers of dice, never negative."""
    ash = campaign.roster.add("Ash", "pc").id
    campaign.kit.add_dice(ash, count=3)
    game = campaign.games.start()
    _refused(
        campaign,
        lambda: campaign.games.put(replace(game, started_with=((ash, size),))),
        "pool size",
    )
    _before, ended = campaign.games.end()
    _refused(
        campaign,
        lambda: campaign.games.put(replace(ended, grown=((ash, 3, size),))),
        "pool",
    )


def _played(campaign: Campaign) -> dict[str, Any]:
    """An export of a game at play: Ash and Bryn at a ford, Storm the condition."""
    ash = campaign.roster.add("Ash", "pc").id
    bryn = campaign.roster.add("Bryn", "pc").id
    storm = campaign.roster.add("Storm", "challenge").id
    for cid in (ash, bryn, storm):
        campaign.kit.add_dice(cid, count=3)
    campaign.games.start(at="2026-03-01T19:00:00")
    campaign.games.set_scene("A ford", [ash, bryn, storm], storm)
    campaign.games.declare(ash, "Wade across")
    return json.loads(json.dumps(export_document(campaign)))


def _state(document: dict[str, Any]) -> dict[str, Any]:
    return document["games"][0]["state"]


DAMAGED: dict[str, tuple[Callable[[dict[str, Any]], object], str]] = {
    "a player as the condition": (
        lambda d: _state(d)["scenes"][0].update(condition_id=1),
        "condition must be a challenge",
    ),
    "the challenge's action": (
        lambda d: _state(d).update(actions=[[3, "Rain harder"]]),
        "Only a player in the turn order",
    ),
    "a negative pool size": (
        lambda d: _state(d).update(started_with=[[1, -1], [2, 3], [3, 3]]),
        "pool size",
    ),
    "a huge pool size": (
        lambda d: _state(d).update(started_with=[[1, 10**30], [2, 3], [3, 3]]),
        "pool size|far too large",
    ),
}


@pytest.mark.parametrize("damage", sorted(DAMAGED))
def test_a_damaged_import_of_a_game_is_refused_and_check_campaign_names_it(
    campaign: Campaign, tmp_path: Path, damage: str
) -> None:
    """The same rules hold for a game read from an export or found in the file."""
    mutate, named = DAMAGED[damage]
    document = _played(campaign)
    mutate(document)
    assert_import_refused(document, tmp_path / "import", named)
    # Written into the file by another program: Check Campaign names it.
    campaign.close()
    with closing(sqlite3.connect(campaign.path)) as connection, connection:
        connection.execute("UPDATE game SET state = ?", (json.dumps(_state(document)),))
    found = findings(campaign.path)
    assert any(re.search(named, message) for message in found), found


def test_an_action_kept_after_its_player_left_the_scene_is_undone_and_redone(
    campaign: Campaign,
) -> None:
    """The GM updates the scene at a round's start (RULES.md section 2): a player who
    declared and then left the scene leaves a game that undo and redo still write."""
    ash = campaign.roster.add("Ash", "pc").id
    bryn = campaign.roster.add("Bryn", "pc").id
    for cid in (ash, bryn):
        campaign.kit.add_dice(cid, count=2)
    campaign.games.start()
    campaign.games.set_scene("A ford", [ash, bryn])
    campaign.games.declare(ash, "Wade across")
    before = campaign.games.set_scene("A ford, Ash gone ahead", [bryn], new=False)
    after = campaign.games.running()
    assert after is not None
    campaign.games.put(before)  # undo
    campaign.games.put(after)  # redo
    assert campaign.games.running() == after
