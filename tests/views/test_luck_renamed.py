"""A character renamed mid-campaign is one roller in the report, under the name they
have now: characters are told apart by id, never by name (RULES.md section 2)."""

from __future__ import annotations

from desktop.store import Campaign
from desktop.views.statistics import luck_report, rolls_report
from desktop.views.tray_luck import TrayOddsCache
from tests.views.test_players_luck import roll
from tests.views.test_statistics import _record


def test_a_renamed_character_is_one_roller_under_their_name_now(campaign: Campaign) -> None:
    kara = campaign.roster.add("Kara", "pc").id
    twin = campaign.roster.add("Kara", "npc").id  # same name, another character
    for _ in range(3):
        roll(campaign, kara, (6, 5))
    roll(campaign, twin, (6, 2))
    campaign.roster.update(kara, name="Kara Voss")
    for _ in range(3):
        roll(campaign, kara, (6, 3))
    report = luck_report(campaign, TrayOddsCache())
    assert [(r.character_id, r.name, r.rolls) for r in report.rollers] == [
        (kara, "Kara Voss", 6),
        (twin, "Kara", 1),
    ]


def test_without_the_roster_a_roller_goes_by_their_latest_line_and_the_deleted_by_name() -> None:
    records = [
        _record(1, (6,), (5,), name="Kara", character_id=1),
        _record(2, (6,), (3,), name="Kara Voss", character_id=1),
        _record(3, (6,), (3,), name="Old Bryn", character_id=None),  # deleted since
        _record(4, (6,), (2,), name="Gone", character_id=None),
        _record(5, (6,), (2,), name="Old Bryn", character_id=None),
    ]
    report = rolls_report(records, TrayOddsCache())
    assert [(r.character_id, r.name, r.rolls) for r in report.rollers] == [
        (1, "Kara Voss", 2),
        (None, "Old Bryn", 2),
        (None, "Gone", 1),
    ]
