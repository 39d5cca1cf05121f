"""A game of very many steps (issue 31, review): the Journal dock reads only its newest
steps (`journal_page`'s `most`), says the page is cut, and leaves no step of the cut
part behind (a roll it placed); the exports still read every step."""

from __future__ import annotations

from itertools import pairwise

import pytest

from desktop.store import Campaign
from desktop.views import recap as recap_module
from desktop.views.journal import journal_page
from desktop.views.recap import recap

TICKS = 30
FILLS = [0, *((n % 11) + 1 for n in range(TICKS))]  # the clock's fill, tick by tick
TOLD = [f"Doom: {a} -> {b} of 12" for a, b in pairwise(FILLS)]


def play_long(campaign: Campaign) -> int:
    kara = campaign.roster.add("Kara Voss", "pc")
    clock = campaign.clocks.add("Doom", 12, shown=True).id
    game = campaign.games.start()
    campaign.games.set_scene("The docks")
    campaign.rolls.log(kara.id, kara.name, "roll", {"dice": []}, 7, "Kara Voss rolls 7")
    for filled in FILLS[1:]:
        campaign.clocks.update(clock, filled=filled)
    return game.id


def test_a_page_read_to_its_newest_steps_says_it_is_cut(campaign: Campaign) -> None:
    game_id = play_long(campaign)
    whole = journal_page(campaign, game_id)
    said = [line.text for line in whole.lines()]
    assert not whole.cut and said == ["Kara Voss rolls 7", *TOLD]
    newest = journal_page(campaign, game_id, most=10)
    assert newest.cut
    assert [line.text for line in newest.lines()] == TOLD[-10:]
    # Enough room for every step: the page is whole, as without `most`.
    assert journal_page(campaign, game_id, most=1_000) == whole


def test_the_recap_of_a_long_game_reads_its_newest_steps(
    campaign: Campaign, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The recap on the player display is read again at every change: a game of 20,000
    # steps held the GUI thread 0.45 s each time. It reads the game's end.
    monkeypatch.setattr(recap_module, "ENTRIES_READ", 5)
    early = campaign.clocks.add("Early", 4, shown=True).id
    first = campaign.clocks.add("First", 4, shown=True).id
    play_long(campaign)
    doom = next(clock.id for clock in campaign.clocks.all() if clock.name == "Doom")
    campaign.clocks.update(first, filled=1)  # in the game, before its newest 5 steps
    for filled in FILLS[1:6]:
        campaign.clocks.update(doom, filled=filled)
    campaign.games.finish()
    campaign.clocks.update(early, filled=1)  # between the sessions: told
    told = recap(campaign, players=True).lines
    assert told == ("Scene 1: The docks", f"Doom: now {FILLS[5]} of 12", "Early: now 1 of 4")
