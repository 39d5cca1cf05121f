"""The Statistics view's scope, remembered in the campaign's settings."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from desktop.store import Campaign, Topic

WHOLE = {"scope": "campaign", "game_id": None, "first_day": None, "last_day": None}


def test_the_scope_is_kept_and_told_once(campaign: Campaign) -> None:
    assert campaign.statistics_scope() == WHOLE
    heard: list[Topic] = []
    campaign.subscribe(heard.append)
    campaign.remember_statistics_scope({"scope": "game", "game_id": 3})
    campaign.remember_statistics_scope({"scope": "game", "game_id": 3})  # writes nothing
    assert heard == [Topic.STATISTICS]
    assert campaign.statistics_scope() == {**WHOLE, "scope": "game", "game_id": 3}
    assert campaign.settings()["stress_track"] == 9  # the rule settings beside it untouched


@pytest.mark.parametrize(
    "bad",
    [
        {"scope": "forever"},
        {"scope": "game", "game_id": 0},
        {"scope": "days", "first_day": "1"},
        {"scope": "days", "last_day": True},
        {"scope": "days", "colour": "red"},
    ],
)
def test_a_bad_scope_is_refused_and_nothing_written(campaign: Campaign, bad: dict) -> None:
    with pytest.raises(ValueError):
        campaign.remember_statistics_scope(bad)
    assert campaign.statistics_scope() == WHOLE


def test_a_damaged_stored_scope_reads_as_the_whole_campaign(
    campaign_path: Path, data_dir: Path
) -> None:
    campaign_path.parent.mkdir(parents=True)
    Campaign.create(campaign_path, data_dir=data_dir).close()
    with closing(sqlite3.connect(campaign_path)) as db:
        db.execute(
            "UPDATE campaign SET settings = ?",
            (json.dumps({"statistics_scope": {"scope": "days", "first_day": -4}}),),
        )
        db.commit()
    opened = Campaign.open(campaign_path, data_dir=data_dir)
    try:
        assert opened.statistics_scope() == WHOLE
    finally:
        opened.close()
