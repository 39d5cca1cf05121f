"""The player-safe journal tells a clock or a faction only under the name players know
it by now: a secret one renamed and shown since, or moved to an owner players see, keeps
its old name (and what happened under it) the GM's, in the page, the Markdown and the
recap (issue 31, review)."""

from __future__ import annotations

from desktop.actions.actor import Actor
from desktop.actions.play import end_game
from desktop.store import Campaign
from desktop.views.journal import journal_page
from desktop.views.journal_markdown import journal_markdown
from desktop.views.recap import recap


def play_renames(campaign: Campaign) -> int:
    """A game where a hidden clock and a hidden faction are ticked, renamed and shown."""
    campaign.roster.add("Kara Voss", "pc")
    cabal = campaign.factions.add("Sekrit Cabal", 2, shown=False).id
    game = campaign.games.start()
    campaign.games.set_scene("The docks")
    plot = campaign.clocks.add("Sekrit plot", 8, shown=False).id
    campaign.clocks.update(plot, filled=2)
    campaign.clocks.update(plot, name="Rumours", shown=True)
    campaign.clocks.update(plot, filled=3)
    campaign.factions.update(cabal, status=-2)
    campaign.factions.update(cabal, name="Friendly Society")
    campaign.factions.update(cabal, shown=True)
    campaign.factions.update(cabal, status=-3)
    end_game(campaign, Actor.gm())
    return game.id


def test_a_renamed_secret_keeps_its_old_name_from_the_players(campaign: Campaign) -> None:
    game_id = play_renames(campaign)
    page = journal_page(campaign, game_id, players=True)
    said = [line.text for line in page.lines()]
    assert said == [
        "Rumours: 2 -> 3 of 8",
        "Faction Friendly Society edited: shown",
        "Friendly Society: Hostile -> War",
    ]
    text = "\n".join([*said, journal_markdown(campaign, game_id, players=True).text])
    text += recap(campaign, players=True).text()
    assert "sekrit" not in text.casefold()
    # The control: the GM's page tells every step, old names and all.
    gm = [line.text for line in journal_page(campaign, game_id).lines()]
    assert "Clock Sekrit plot renamed Rumours" in gm
    assert "Sekrit plot: 0 -> 2 of 8" in gm


def test_a_name_that_starts_like_an_old_one_is_not_fooled(campaign: Campaign) -> None:
    campaign.roster.add("Kara Voss", "pc")
    game = campaign.games.start()
    campaign.games.set_scene("The docks")
    plot = campaign.clocks.add("Rumours of the Sekrit plot", 8, shown=False).id
    campaign.clocks.update(plot, filled=1)
    campaign.clocks.update(plot, name="Rumours", shown=True)
    end_game(campaign, Actor.gm())
    page = journal_page(campaign, game.id, players=True)
    assert [line.text for line in page.lines()] == []
