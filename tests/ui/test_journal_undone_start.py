"""A game whose start was undone (issue 31, review): its entries stay in the history,
under an id the next game started takes again; what followed the game before it (the
days between the sessions) is still that game's, on its page and in the recap."""

from __future__ import annotations

from desktop.actions.actor import Actor
from desktop.actions.end_day import end_day
from desktop.store import Campaign
from desktop.ui.play_commands import StartGame
from desktop.ui.session import CampaignSession
from desktop.views.journal import journal_page
from desktop.views.recap import recap

DAYS = ["End Day: day 1 -> 2", "End Day: day 2 -> 3"]


def _start(session: CampaignSession) -> None:
    assert session.push(StartGame(session)), session.last_failure


def test_days_after_an_undone_start_stay_with_the_game_before(
    campaign: Campaign, session: CampaignSession
) -> None:
    campaign.roster.add("Kara Voss", "pc")
    _start(session)
    campaign.games.set_scene("The docks")
    campaign.games.finish()
    _start(session)
    session.undo_stack.undo()  # the second game's start, taken back
    assert [game.id for game in campaign.games.all()] == [1]
    end_day(campaign, Actor.gm())
    end_day(campaign, Actor.gm())
    assert [line.text for line in journal_page(campaign, 1).between] == DAYS
    told = recap(campaign, players=True)
    assert "Since then, 2 days passed (day 1 -> 3)." in told.lines
    # The next game takes the undone one's id: the days are still before it.
    _start(session)
    assert [game.id for game in campaign.games.all()] == [1, 2]
    assert [line.text for line in journal_page(campaign, 1).between] == DAYS
    assert list(journal_page(campaign, 2).lines()) == []
    assert "Since then, 2 days passed (day 1 -> 3)." in recap(campaign, players=True).lines
