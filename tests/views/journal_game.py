"""A short game played through the store, for the journal's exports (issue 31): two
players and an NPC, a shown clock and a hidden one, a shown faction, two scenes, a
player's Dice Table roll and an NPC's roll, the GM's notes (one private, one shared).

`names` lets a test give everyone hostile names: the exports must survive them.
"""

from __future__ import annotations

from dataclasses import dataclass

from desktop.actions.actor import Actor
from desktop.actions.dice import roll_tray
from desktop.actions.tray import apply_tray_roll
from desktop.store import Campaign
from desktop.store.journal import WHOLE_GAME
from tests.actions.conftest import in_tray
from tests.ui.scripted import ScriptedRng

PRIVATE = "Private: the cook is the spy"
SHARED = "Shared: the tide turns at dawn"
NPC_ROLL = "Captain Dask rolled 7919 in secret"


@dataclass(frozen=True)
class Names:
    kara: str = "Kara Voss"
    bryn: str = "Bryn"
    dask: str = "Captain Dask"
    storm: str = "Storm season"
    hidden: str = "Hidden plot"
    sashes: str = "Red Sashes"
    scene_one: str = "The docks at night"
    scene_two: str = "The lighthouse"


# Names built to break a Markdown file or a page: link marks, a colon, a rule, a
# heading, a fence, HTML, line breaks.
HOSTILE = Names(
    kara="Kara ]] [[Voss | the #best",
    bryn="- Bryn: *the* `bold`\n---\nscene: 1",
    dask="Captain: Dask ==hi== %%%",
    storm="Storm: season\n## not a heading",
    hidden="> [!note] hidden",
    sashes="1. Red | Sashes ^block",
    scene_one="The docks: ---\n# and a heading\n```\n<b>bold</b>",
    scene_two="---",
)


def play_short_game(campaign: Campaign, names: Names = Names()) -> int:
    """Play one game through the store; its id."""
    roster = campaign.roster
    kara = roster.add(names.kara, "pc")
    bryn = roster.add(names.bryn, "pc")
    dask = roster.add(names.dask, "npc")
    for who in (kara, bryn):
        campaign.kit.add_dice(who.id, count=3)
    campaign.kit.add_dice(dask.id, size=20, count=2)
    storm = campaign.clocks.add(names.storm, 6, shown=True)
    hidden = campaign.clocks.add(names.hidden, 4)
    sashes = campaign.factions.add(names.sashes, status=-1)

    game = campaign.games.start(at="2026-03-14T19:00:00")
    campaign.games.set_scene(names.scene_one, members=(kara.id, bryn.id, dask.id))
    pool = [d for d in campaign.kit.dice(kara.id) if d.kind == "ordinary"][:2]
    rest = [d for d in campaign.kit.dice(kara.id) if d not in pool]
    roll = roll_tray([*in_tray(campaign, pool), *rest], 0, ScriptedRng([3, 4]))
    apply_tray_roll(campaign, Actor.gm(), kara.id, roll, steps_allowed=0)
    campaign.rolls.log(dask.id, dask.name, "roll", {"dice": []}, 7919, NPC_ROLL)
    campaign.clocks.update(storm.id, filled=2)
    campaign.clocks.update(hidden.id, filled=1)
    campaign.games.end_round()
    campaign.factions.update(sashes.id, status=-2)
    campaign.games.set_scene(names.scene_two, members=(kara.id, bryn.id))
    campaign.clocks.update(storm.id, filled=3)
    campaign.journal.write(game.id, WHOLE_GAME, PRIVATE)
    campaign.journal.write(game.id, 1, SHARED, private=False)
    campaign.games.end(at="2026-03-14T22:30:00")
    return game.id
