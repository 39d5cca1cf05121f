"""The journal's page of a game and its recap (issue 31), from a short game played
through the store and the actions: scenes with their text, each round's declared
actions and rolls, clocks and factions, awards, out of play, growth, XP marks and the
days between sessions; undone steps left out; the player-safe page and recap leave out
what players may not see."""

from __future__ import annotations

from dataclasses import dataclass, replace

import pytest

from desktop.actions.actor import Actor
from desktop.actions.dice import roll_tray
from desktop.actions.play import NewDieGiven, end_game, end_round_with_award
from desktop.actions.session_xp import mark_session_xp
from desktop.actions.tray import apply_tray_roll
from desktop.store import Campaign
from desktop.store.history import parts
from desktop.views.journal import CLOCK, FACTION, JournalGame, journal_games, journal_page
from desktop.views.recap import recap
from tests.actions.conftest import in_tray
from tests.ui.scripted import ScriptedRng


@dataclass
class Played:
    game_id: int
    kara: int
    bryn: int
    dask: int


def _play(campaign: Campaign) -> Played:
    roster = campaign.roster
    kara = roster.add("Kara Voss", "pc")
    bryn = roster.add("Bryn", "pc")
    dask = roster.add("Hidden Captain Dask", "npc")
    campaign.kit.add_dice(kara.id, 6, count=3)
    campaign.kit.add_dice(bryn.id, 6, count=2)
    campaign.kit.add_dice(dask.id, 8, count=2)
    storm = campaign.clocks.add("Storm season", 8, shown=True)
    plot = campaign.clocks.add("Hidden plot", 6)
    tide = campaign.factions.add("The Tidewardens", status=-2)
    cabal = campaign.factions.add("Hidden Cabal", status=1, shown=False)

    game = campaign.games.start()
    campaign.games.set_scene("The docks at night", members=(kara.id, bryn.id, dask.id))
    campaign.games.declare(kara.id, "I climb the crane")
    pool = campaign.kit.dice(kara.id)[:2]
    rest = campaign.kit.dice(kara.id)[2:]
    roll = roll_tray([*in_tray(campaign, pool), *rest], 0, ScriptedRng([5, 2]))
    apply_tray_roll(campaign, Actor.gm(), kara.id, roll, steps_allowed=0)
    campaign.clocks.update(storm.id, filled=2)
    campaign.clocks.update(plot.id, filled=3)
    campaign.factions.update(tide.id, status=-3)
    campaign.factions.update(cabal.id, status=2)
    end_round_with_award(campaign, Actor.gm(), NewDieGiven(kara.id))
    campaign.rolls.log(dask.id, dask.name, "roll", {}, 13, "Hidden Captain Dask rolled 13")
    campaign.games.set_scene("The crane falls", members=(kara.id, bryn.id))
    campaign.kit.update_dice([replace(d, place="removed") for d in campaign.kit.dice(bryn.id)])
    clock = campaign.clocks.get(storm.id)
    campaign.clocks.update(storm.id, filled=5)
    with campaign.undoing():
        campaign.clocks.update(storm.id, filled=clock.filled)
    # Kara rests: every die back in the pool, one more than she started with.
    campaign.kit.update_dice([replace(d, place="pool") for d in campaign.kit.dice(kara.id)])
    campaign.journal.write(game.id, 0, "The crew lost the ledger. Hidden: Dask sold it.")
    campaign.journal.write(game.id, 1, "Shared: the docks were quiet.", private=False)
    end_game(campaign, Actor.gm())
    track = campaign.downtime.sheet(kara.id).xp[0][0]
    mark_session_xp(campaign, Actor.gm(), [(kara.id, track)])
    campaign.calendar.end_day()
    campaign.calendar.end_day()
    return Played(game.id, kara.id, bryn.id, dask.id)


@pytest.fixture
def played(campaign: Campaign) -> Played:
    return _play(campaign)


def _texts(page: JournalGame) -> list[str]:
    return [line.text for line in page.lines()]


def test_the_page_groups_a_game_by_scene_and_round(campaign: Campaign, played: Played) -> None:
    (entry,) = journal_games(campaign)
    assert entry.game_id == played.game_id and not entry.running
    page = journal_page(campaign, played.game_id)
    assert [(s.number, s.text) for s in page.scenes] == [
        (1, "The docks at night"),
        (2, "The crane falls"),
    ]
    first, second = page.scenes
    assert [r.number for r in first.rounds] == [1, 2]
    kinds = [line.kind for line in first.rounds[0].lines]
    assert kinds[:2] == [parts.DECLARED, parts.ROLLED]
    assert CLOCK in kinds and FACTION in kinds and parts.AWARD in kinds
    words = [line.text for line in first.rounds[0].lines]
    assert "Kara Voss declares: I climb the crane" in words
    assert "Storm season: 0 -> 2 of 8" in words
    assert "The Tidewardens: Hostile -> War" in words
    assert "Kara Voss is awarded a d6 on the table" in words
    rolled = first.rounds[0].lines[1]
    logged = next(r for r in campaign.rolls.all() if r.character_id == played.kara)
    assert rolled.text == logged.summary and rolled.dice.startswith("d6 5 · d6 2")
    assert [line.text for line in first.rounds[1].lines] == ["Hidden Captain Dask rolled 13"]
    scene_two = [line.text for r in second.rounds for line in r.lines]
    assert "Bryn is out for good (no die left)" in scene_two
    assert not any("5 of 8" in text for text in _texts(page))  # the undone tick is gone
    assert [line.text for line in page.closing] == ["Kara Voss grew: pool 3 -> 4"]
    between = [line.kind for line in page.between]
    assert between.count(parts.DAY_ENDED) == 2 and parts.XP in between
    assert page.note.text.startswith("The crew lost the ledger")
    assert first.note.text == "Shared: the docks were quiet." and not first.note.private
    assert (page.started_day, page.ended_day) == (1, 1)


def test_the_player_safe_page_leaves_out_what_players_may_not_see(
    campaign: Campaign, played: Played
) -> None:
    page = journal_page(campaign, played.game_id, players=True)
    texts = " ".join(_texts(page))
    # Round 2 of scene 1 held only the NPC's roll: no heading for players.
    assert [r.number for r in page.scenes[0].rounds] == [1]
    for secret in ("Hidden", "declares", "marks session XP"):
        assert secret not in texts, secret
    assert "Storm season: 0 -> 2 of 8" in texts  # a shown clock is the players'
    assert "Kara Voss grew: pool 3 -> 4" in texts
    assert page.note.text == ""  # the game's note is private
    assert page.scenes[0].note.text == "Shared: the docks were quiet."
    assert all(line.public for line in page.lines())


def test_the_recap_tells_the_last_game_and_the_days_since(
    campaign: Campaign, played: Played
) -> None:
    gm = recap(campaign, players=False)
    assert gm.title == f"Previously on {campaign.summary().name}"
    assert gm.lines[0].startswith("The crew lost the ledger")
    # A scene's shared note is told on its line.
    assert "Scene 1: The docks at night — Shared: the docks were quiet." in gm.lines
    assert "Bryn is out for good (no die left)" in gm.lines
    assert "Since then, 2 days passed (day 1 -> 3)." in gm.lines
    assert "Storm season: now 2 of 8" in gm.lines and "Hidden plot: now 3 of 6" in gm.lines
    safe = recap(campaign, players=True).text()
    assert "Hidden" not in safe and "ledger" not in safe
    assert "Storm season: now 2 of 8" in safe and "The Tidewardens: now −3 War" in safe
    assert "Shared: the docks were quiet." in safe


def test_no_game_yet_gives_an_empty_recap_and_no_pages(campaign: Campaign) -> None:
    assert recap(campaign, players=True).empty
    assert journal_games(campaign) == ()


def test_a_session_xp_mark_is_told_once_not_again_as_a_sheet_edit(
    campaign: Campaign, played: Played
) -> None:
    # Marking XP writes the sheet (a plain "xp edited" part) and says what it marks;
    # the page tells the mark, not the raw edit beside it.
    between = [line.text for line in journal_page(campaign, played.game_id).between]
    assert any(text.startswith("Kara Voss marks session XP on ") for text in between)
    assert not any("Downtime sheet of" in text for text in between), between
