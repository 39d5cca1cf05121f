"""A roll against the whole party (a condition rolled once, each character against its
total) judged like any conflict's sides (issue 33 under review)."""

from __future__ import annotations

from dataclasses import replace

from desktop.store import Campaign, RollRecord
from desktop.ui.play.party_roll import Roller, against_party, roll_side
from desktop.views.players_luck import players_luck
from desktop.views.roll_luck import judge_rolls
from desktop.views.tray_luck import TrayOddsCache, tray_luck
from tests.ui.scripted import ScriptedRng


def _party(campaign: Campaign, *, in_a_game: bool = False) -> tuple[int, int, RollRecord]:
    storm = campaign.roster.add("The storm", "npc")
    kara = campaign.roster.add("Kara", "pc")
    campaign.kit.add_dice(storm.id, 8, count=2)
    campaign.kit.add_dice(kara.id, 6, count=3)
    # one of Kara's dice is on the table: it adds 1 to her total
    first = campaign.kit.dice(kara.id)[0]
    campaign.kit.update_dice([replace(first, place="table")])
    if in_a_game:
        campaign.games.start()
    rng = ScriptedRng([7, 3, 5, 2])
    condition = roll_side(Roller(storm, campaign.kit.dice(storm.id), 2), rng)
    side = roll_side(Roller(kara, campaign.kit.dice(kara.id), 2), rng)
    entry = against_party(condition, [side]).entry
    logged = campaign.rolls.log(
        entry.character_id, entry.character_name, entry.kind, entry.detail, entry.total,
        entry.summary,
    )  # fmt: skip
    return storm.id, kara.id, logged


def test_a_roll_against_the_whole_party_is_judged_for_each_roller(campaign: Campaign) -> None:
    storm, kara, line = _party(campaign)
    judged, skipped = judge_rolls([line], TrayOddsCache())
    assert skipped == []
    by_who = {j.character_id: j for j in judged}
    assert set(by_who) == {storm, kara}
    assert (by_who[storm].total, by_who[storm].table) == (10, 0)
    # Kara's 5 + 2 and the die on her table: her total as the rules counted it
    assert (by_who[kara].total, by_who[kara].table) == (8, 1)
    assert by_who[kara].total == line.detail["against_party"][0]["total"]
    assert by_who[kara].percentile == tray_luck((6, 6), 1).percentile(8)


def test_the_players_luck_counts_a_pc_roll_against_the_party_and_not_the_condition(
    campaign: Campaign,
) -> None:
    storm, kara, line = _party(campaign, in_a_game=True)
    campaign.games.end()
    luck = players_luck(campaign, TrayOddsCache(), line.game_id)
    assert [(p.character_id, p.rolls) for p in luck.players] == [(kara, 1)]
    assert all(r.character_id != storm for r in luck.rolls)
