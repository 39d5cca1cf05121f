"""A game of very many steps (issue 31, review): the Journal dock reads only its newest
steps (`journal_page`'s `most`), says the page is cut, and leaves no step of the cut
part behind (a roll it placed); the exports still read every step."""

from __future__ import annotations

from itertools import pairwise

from desktop.store import Campaign
from desktop.views.journal import journal_page

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
