"""A character deleted after a conflict, then a new one added: the conflict's lines name
the deleted one's id in their sides, so the new one must not get that id, or the deleted
NPC's rolls become the new player character's luck (issue 33 under review)."""

from __future__ import annotations

from desktop.store import Campaign
from desktop.views.players_luck import players_luck
from desktop.views.statistics import luck_report
from desktop.views.tray_luck import TrayOddsCache
from tests.views.test_players_luck import conflict


def test_a_new_character_never_inherits_a_deleted_ones_conflict_sides(
    campaign: Campaign,
) -> None:
    kara = campaign.roster.add("Kara", "pc").id
    vex = campaign.roster.add("Vex", "npc").id  # the newest: SQLite would reuse its id
    game = campaign.games.start()
    for _ in range(5):
        conflict(campaign, (kara, (6, 3)), (vex, (12, 12)))
    campaign.games.finish()
    campaign.roster.delete(vex)
    tam = campaign.roster.add("Tam", "pc").id
    assert tam != vex
    luck = players_luck(campaign, TrayOddsCache(), game.id)
    assert [(p.name, p.rolls) for p in luck.players] == [("Kara", 5)]
    assert not any("Tam" in line for line in luck.said())
    report = luck_report(campaign, TrayOddsCache())
    assert [(r.name, r.rolls) for r in report.rollers] == [("Kara", 5), ("Vex", 5)]


def test_ids_past_every_one_a_party_roll_names(campaign: Campaign) -> None:
    storm = campaign.roster.add("The storm", "challenge").id
    kara = campaign.roster.add("Kara", "pc").id
    side = {"character_id": kara, "name": "Kara", "dice": [], "total": 3}
    campaign.rolls.log(storm, "The storm", "conflict", {"against_party": [side]}, 4, "")
    campaign.roster.delete(kara)
    assert campaign.roster.add("Bryn", "pc").id > kara
