""" "Previously on" keeps the GM's secrets (issue 31): the campaign with a secret in every
table (tests/views/secret_campaign.py) plays on, in the game and between the sessions,
with a secret in each step a recap could tell; the player-safe recap tells none of them,
while the GM's tells some (the control that the search finds them).
"""

from __future__ import annotations

import json

from desktop.actions.actor import Actor
from desktop.actions.end_day import end_day
from desktop.actions.play import end_game
from desktop.actions.session_xp import mark_session_xp
from desktop.store import Campaign
from desktop.store.journal import WHOLE_GAME
from desktop.views.player import payload, player_characters, player_view
from desktop.views.recap import NO_GAME_ENDED, NOTHING_TOLD, Recap, last_ended_game, recap
from tests.views.secret_campaign import GM_NUMBERS, MARKS, SECRET, leaks, secret_campaign

SHARED_NOTE = "The crew slipped the Sashes at the docks."
# An NPC's roll total no public figure comes near.
NPC_TOTAL = 8191


def play_on(campaign: Campaign) -> dict[str, int]:
    """The secret campaign's game played to its end, then two days between sessions:
    every step players may not see carries a secret."""
    ids = secret_campaign(campaign)
    clocks = {clock.name: clock.id for clock in campaign.clocks.all()}
    ladder = {faction.name: faction.id for faction in campaign.factions.all()}
    campaign.clocks.update(clocks["Sekrit hidden clock"], filled=3)
    campaign.clocks.update(clocks["Sekrit cabal clock"], filled=2)  # a hidden faction's
    campaign.clocks.update(clocks["Sash war"], filled=3)  # a shown faction's
    campaign.factions.update(ladder["Sekrit Cabal"], status=3)
    dask = next(c for c in campaign.roster.all() if c.kind == "npc")
    campaign.rolls.log(dask.id, dask.name, "roll", {"dice": []}, NPC_TOTAL, "Sekrit: Dask rolls")
    game_id = campaign.games.current().game_id
    assert game_id is not None
    campaign.journal.write(game_id, WHOLE_GAME, "Sekrit: the Cabal owns Dask", private=True)
    campaign.journal.write(game_id, 1, SHARED_NOTE, private=False)
    campaign.games.declare(ids["kara"], "KaraOnly: Kara climbs after Dask")
    end_game(campaign, Actor.gm())
    mark_session_xp(campaign, Actor.gm(), [(ids["kara"], "Insight"), (ids["bryn"], "Resolve")])
    campaign.clocks.update(clocks["Public doom"], filled=4)  # between the sessions
    campaign.clocks.update(clocks["Sekrit hidden clock"], filled=5)
    end_day(campaign, Actor.gm())
    end_day(campaign, Actor.gm())
    return ids


def test_the_players_recap_tells_no_secret(campaign: Campaign) -> None:
    play_on(campaign)
    players = recap(campaign, players=True)
    gm = recap(campaign, players=False)
    secrets = (SECRET, *MARKS.values())
    assert leaks(players.text(), secrets, (*GM_NUMBERS, NPC_TOTAL)) == []
    # The control: the GM's recap tells the secrets the players' leaves out.
    assert {"sekrit", "karaonly"} & set(leaks(gm.text(), secrets, ()))
    assert "Sekrit: the Cabal owns Dask" in gm.lines
    assert "Sekrit hidden clock: now 5 of 6" in gm.lines
    assert "Sekrit Cabal: now +3 Allies" in gm.lines
    assert "Kara Voss marks session XP on Insight" in gm.lines


def test_the_players_recap_tells_the_scene_the_days_and_the_shown_clocks(
    campaign: Campaign,
) -> None:
    play_on(campaign)
    players = recap(campaign, players=True)
    assert players.title == "Previously on Test Campaign"
    assert players.game_title.startswith("Game 1 · ")
    assert players.lines == (
        f"Scene 1: The docks at night — {SHARED_NOTE}",
        "Since then, 2 days passed (day 1 -> 3).",
        "Sash war: now 3 of 8",
        "Public doom: now 4 of 6",
    )
    assert players.text().splitlines()[:3] == [players.title, players.game_title, ""]


def test_the_players_page_gets_the_recap_and_no_secret(campaign: Campaign) -> None:
    play_on(campaign)
    players = recap(campaign, players=True)
    # What Send to players' pages gives: one text handout to every player.
    campaign.handouts.give("text", players.title, text=players.body())
    for character_id, name in player_characters(campaign):
        page = payload(player_view(campaign, character_id))
        handout = page["handouts"][-1]  # type: ignore[index]
        assert handout["title"] == players.title
        assert "Since then, 2 days passed" in handout["text"]
        others = tuple(mark for who, mark in MARKS.items() if who != name)
        text = json.dumps(page, ensure_ascii=False)
        assert leaks(text, (SECRET, *others), (*GM_NUMBERS, NPC_TOTAL)) == [], name


def test_no_game_ended_yet_is_said_plainly(campaign: Campaign) -> None:
    secret_campaign(campaign)  # its game still runs
    assert last_ended_game(campaign) is None
    told = recap(campaign, players=True)
    assert told == Recap("Previously on Test Campaign", "", ())
    assert told.empty and not told.ended
    assert told.said() == (NO_GAME_ENDED,)
    assert told.text() == f"Previously on Test Campaign\n{NO_GAME_ENDED}"


def test_a_game_with_nothing_for_the_players_says_so(campaign: Campaign) -> None:
    campaign.roster.add("Ash", "pc")
    game = campaign.games.start()
    campaign.journal.write(game.id, WHOLE_GAME, "Sekrit: only mine", private=True)
    campaign.games.finish()
    assert recap(campaign, players=False).lines == ("Sekrit: only mine",)
    told = recap(campaign, players=True)
    assert told.ended and told.empty
    assert told.said() == (NOTHING_TOLD,)
    assert told.body() == f"{told.game_title}\n\n{NOTHING_TOLD}"
