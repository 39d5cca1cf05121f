"""The Energy Calendar in a real campaign file: profiles, days, End Day and its undo."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from desktop.rules import energy as rules
from desktop.rules.energy import CharacterProfile, DayState
from desktop.store import Campaign, CharacterRecord
from desktop.store.calendar import codec
from desktop.store.errors import NotFound
from tests.store.file_reads import listen, raw_rows


@pytest.fixture
def today_campaign(campaign_path: Path, data_dir: Path) -> Iterator[Campaign]:
    """A campaign on day 5, so that there are past days to write."""
    campaign_path.parent.mkdir(parents=True, exist_ok=True)
    campaign = Campaign.create(campaign_path, data_dir=data_dir, current_day=5)
    yield campaign
    campaign.close()


def _profiled(campaign: Campaign, name: str, daily_net: int = 30) -> CharacterRecord:
    record = campaign.roster.add(name)
    campaign.calendar.set_profile(record.id, daily_net, {"Stealth": 4, "Lore": 2})
    return record


def _busy_day(profile: CharacterProfile, day: int) -> DayState:
    """A day with a task, a move, investments of both kinds and a project pool."""
    state = rules.start_day(profile, day=day, general_store=12, pools={"Tower": 45})
    state = rules.task(profile, state, 8, 10, ability="Stealth", note="pick the lock").state
    state = rules.move(profile, state, 5, ability="Lore", district_change=True).state
    state = rules.invest(profile, state, 7).state
    return rules.invest(profile, state, 10, project="Tower").state


# -- profiles -----------------------------------------------------------------------------


def test_a_profile_is_set_read_changed_and_deleted(today_campaign: Campaign) -> None:
    campaign = today_campaign
    kara = campaign.roster.add("Kara Voss")
    heard = listen(campaign)
    assert campaign.calendar.profile(kara.id) is None
    assert campaign.calendar.set_profile(kara.id, 30, {"Stealth": 4, "Lore": 2}) is None
    first = campaign.calendar.profile(kara.id)
    assert first == CharacterProfile.create("Kara Voss", 30, {"Stealth": 4, "Lore": 2})
    assert campaign.calendar.set_profile(kara.id, 25, {"Lore": 3}) == first
    assert campaign.calendar.profiles() == {
        kara.id: CharacterProfile.create("Kara Voss", 25, {"Lore": 3})
    }
    assert campaign.calendar.delete_profile(kara.id) == CharacterProfile.create(
        "Kara Voss", 25, {"Lore": 3}
    )
    assert campaign.calendar.profile(kara.id) is None
    assert heard == ["energy", "energy", "energy"]


@pytest.mark.parametrize(
    ("daily_net", "abilities", "message"),
    [
        (-1, {}, "at least 0"),
        (True, {}, "whole number"),
        (30, {"Stealth": -2}, "at least 0"),
        (30, {"": 2}, "not empty"),
        (30, ["Stealth"], "map names"),
    ],
)
def test_a_bad_profile_is_refused_and_nothing_is_written(
    today_campaign: Campaign, daily_net: object, abilities: object, message: str
) -> None:
    kara = today_campaign.roster.add("Kara Voss")
    with pytest.raises(ValueError, match=message):
        today_campaign.calendar.set_profile(kara.id, daily_net, abilities)  # type: ignore[arg-type]
    assert raw_rows(today_campaign, "SELECT * FROM energy_profile") == []


def test_a_profile_needs_a_character(today_campaign: Campaign) -> None:
    with pytest.raises(NotFound):
        today_campaign.calendar.set_profile(99, 30, {})


# -- days ---------------------------------------------------------------------------------


def test_a_day_is_put_read_back_whole_and_undone(today_campaign: Campaign) -> None:
    campaign = today_campaign
    kara = _profiled(campaign, "Kara Voss")
    profile = campaign.calendar.profile(kara.id)
    assert profile is not None
    opened = rules.start_day(profile, day=5, nights=["little"], proximity=80)
    heard = listen(campaign)
    assert campaign.calendar.put_day(kara.id, opened) is None
    busy = _busy_day(profile, 5)
    assert campaign.calendar.put_day(kara.id, busy) == opened
    assert campaign.calendar.day(kara.id, 5) == busy
    assert campaign.calendar.day(kara.id, 4) is None
    # Undo: put the previous state back, then delete the day that was new.
    assert campaign.calendar.put_day(kara.id, opened) == busy
    assert campaign.calendar.delete_day(kara.id, 5) == opened
    assert campaign.calendar.day(kara.id, 5) is None
    assert heard == ["energy"] * 4


def test_energy_days_reads_a_range_in_one_go(today_campaign: Campaign) -> None:
    campaign = today_campaign
    kara = _profiled(campaign, "Kara Voss")
    profile = campaign.calendar.profile(kara.id)
    assert profile is not None
    for day in (1, 2, 4, 5):
        campaign.calendar.put_day(kara.id, rules.start_day(profile, day=day))
    assert sorted(campaign.calendar.days(kara.id, 2, 4)) == [2, 4]
    assert campaign.calendar.days(kara.id, 2, 4)[4] == rules.start_day(profile, day=4)
    assert campaign.calendar.days(kara.id + 1, 1, 5) == {}


def test_the_day_state_survives_json_exactly() -> None:
    profile = CharacterProfile.create("Kara", 30, {"Stealth": 4, "Lore": 2})
    state = _busy_day(profile, 3)
    state = rules.task(profile, state, 60, 70, project="Tower").state  # into debt
    assert state.debt > 0
    assert codec.day_from_text(codec.day_text(state)) == state


@pytest.mark.parametrize(
    ("state", "message"),
    [
        ("not a day", "must be a DayState"),
        (DayState(day=0), "days run from 1 to today"),
        (DayState(day=6), "days run from 1 to today"),
    ],
)
def test_a_bad_day_is_refused_with_nothing_written(
    today_campaign: Campaign, state: object, message: str
) -> None:
    kara = _profiled(today_campaign, "Kara Voss")
    with pytest.raises(ValueError, match=message):
        today_campaign.calendar.put_day(kara.id, state)  # type: ignore[arg-type]
    assert raw_rows(today_campaign, "SELECT * FROM energy_day") == []


def test_a_state_the_rules_would_refuse_is_not_written(today_campaign: Campaign) -> None:
    """The rules' own functions skip checks when they build states: the store checks
    every field again, so a state forged past the constructor is refused."""
    kara = _profiled(today_campaign, "Kara Voss")
    forged = DayState(day=5, opened_daily=10, daily=10)
    object.__setattr__(forged, "daily", 50)  # more left than the day opened with
    with pytest.raises(ValueError, match="cannot exceed"):
        today_campaign.calendar.put_day(kara.id, forged)
    assert raw_rows(today_campaign, "SELECT * FROM energy_day") == []


def test_a_day_needs_a_profile(today_campaign: Campaign) -> None:
    kara = today_campaign.roster.add("Kara Voss")
    with pytest.raises(ValueError, match="no energy profile"):
        today_campaign.calendar.put_day(kara.id, DayState(day=5))


def test_a_damaged_stored_day_is_reported_by_character_and_day(today_campaign: Campaign) -> None:
    kara = _profiled(today_campaign, "Kara Voss")
    today_campaign.calendar.put_day(kara.id, DayState(day=5))
    with sqlite3.connect(today_campaign.path) as raw:
        raw.execute('UPDATE energy_day SET state = \'{"day": 5, "debt": -3}\'')
    with pytest.raises(ValueError, match=r"character 1 on day 5 is damaged: Debt"):
        today_campaign.calendar.day(kara.id, 5)


def test_deleting_a_character_deletes_its_energy_and_undo_restores_it(
    today_campaign: Campaign,
) -> None:
    campaign = today_campaign
    kara = _profiled(campaign, "Kara Voss")
    profile = campaign.calendar.profile(kara.id)
    assert profile is not None
    campaign.calendar.put_day(kara.id, _busy_day(profile, 5))
    snapshot = campaign.roster.delete(kara.id)
    assert raw_rows(campaign, "SELECT * FROM energy_day") == []
    assert raw_rows(campaign, "SELECT * FROM energy_profile") == []
    campaign.roster.restore(snapshot)
    assert campaign.calendar.profile(kara.id) == profile
    assert campaign.calendar.day(kara.id, 5) == _busy_day(profile, 5)


# -- End Day ------------------------------------------------------------------------------


def test_end_day_rolls_every_profiled_character_in_one_transaction(
    today_campaign: Campaign,
) -> None:
    campaign = today_campaign
    kara = _profiled(campaign, "Kara Voss")
    ilian = _profiled(campaign, "Brother Ilian", daily_net=20)
    mira = _profiled(campaign, "Mira Threnody", daily_net=10)  # no row today: start_day
    hollis = campaign.roster.add("Old Hollis")  # no profile: left alone
    kara_profile, ilian_profile = (
        campaign.calendar.profile(kara.id),
        campaign.calendar.profile(ilian.id),
    )
    assert kara_profile is not None and ilian_profile is not None
    kara_day = _busy_day(kara_profile, 5)
    # Brother Ilian overspends: 25 available, 31 committed, a debt of 6 (repay 12 < 20).
    ilian_day = rules.start_day(ilian_profile, day=5, general_store=5)
    ilian_day = rules.task(ilian_profile, ilian_day, 31, 30, ability="Lore").state
    assert ilian_day.debt == 6
    campaign.calendar.put_day(kara.id, kara_day)
    campaign.calendar.put_day(ilian.id, ilian_day)
    heard = listen(campaign)
    summary = campaign.calendar.end_day(nights={kara.id: "little"})
    assert heard == ["energy", "campaign"]
    assert campaign.summary().current_day == 6
    assert (summary.ended, summary.opened) == (5, 6)
    assert summary.started == (mira.id,)
    assert campaign.calendar.day(mira.id, 5) == rules.start_day(
        CharacterProfile.create("Mira Threnody", 10, {"Stealth": 4, "Lore": 2}), day=5
    )
    assert campaign.calendar.day(kara.id, 6) == (
        rules.rollover(kara_profile, kara_day, "little").state
    )
    assert campaign.calendar.day(ilian.id, 6) == rules.rollover(ilian_profile, ilian_day).state
    assert [(d.character_id, d.debt, d.repayment, d.unpaid) for d in summary.in_debt] == [
        (ilian.id, 6, 12, 0)
    ]
    kara_decay = next(d for d in summary.decayed if d.character_id == kara.id)
    assert kara_decay.pools == (rules.ProjectPool("Tower", 2),)
    assert summary.died == () and summary.already_dead == ()
    assert sorted(summary.token.rows) == [
        (kara.id, 6),
        (ilian.id, 6),
        (mira.id, 5),
        (mira.id, 6),
    ]
    assert raw_rows(campaign, f"SELECT * FROM energy_day WHERE character_id = {hollis.id}") == []


def test_undo_end_day_deletes_its_rows_and_puts_the_day_back(today_campaign: Campaign) -> None:
    campaign = today_campaign
    kara = _profiled(campaign, "Kara Voss")
    _profiled(campaign, "Brother Ilian")
    profile = campaign.calendar.profile(kara.id)
    assert profile is not None
    campaign.calendar.put_day(kara.id, _busy_day(profile, 5))
    before = raw_rows(campaign, "SELECT * FROM energy_day ORDER BY character_id, day")
    summary = campaign.calendar.end_day()
    heard = listen(campaign)
    campaign.calendar.undo_end_day(summary.token)
    assert heard == ["energy", "campaign"]
    assert campaign.summary().current_day == 5
    assert raw_rows(campaign, "SELECT * FROM energy_day ORDER BY character_id, day") == before
    # Redo is End Day again: the same rows, since the rules are deterministic.
    again = campaign.calendar.end_day()
    assert again.token == summary.token
    with pytest.raises(ValueError, match="cannot be undone"):
        campaign.calendar.undo_end_day(replace(again.token, from_day=3))


def test_a_death_and_the_already_dead_are_in_the_summary(today_campaign: Campaign) -> None:
    campaign = today_campaign
    kara = _profiled(campaign, "Kara Voss", daily_net=20)
    ilian = _profiled(campaign, "Brother Ilian", daily_net=20)
    kara_profile = campaign.calendar.profile(kara.id)
    ilian_profile = campaign.calendar.profile(ilian.id)
    assert kara_profile is not None and ilian_profile is not None
    # Kara's debt of 9 needs 18 tomorrow: payable if she is near her sources, but she is
    # cut off from them (proximity 0), so nothing pays it and nothing could the day after.
    kara_day = rules.task(kara_profile, rules.start_day(kara_profile, day=5), 29, 40).state
    assert kara_day.debt == 9 and not kara_day.dead
    dead_day = rules.task(ilian_profile, rules.start_day(ilian_profile, day=5), 40, 40).state
    assert dead_day.dead
    campaign.calendar.put_day(kara.id, kara_day)
    campaign.calendar.put_day(ilian.id, dead_day)
    summary = campaign.calendar.end_day(proximity={kara.id: 0})
    assert summary.already_dead == (ilian.id,)
    assert campaign.calendar.day(ilian.id, 6) is None
    assert summary.died == (kara.id,)
    debt = summary.in_debt[0]
    assert (debt.character_id, debt.repayment, debt.unpaid) == (kara.id, 18, 18)
    state = campaign.calendar.day(kara.id, 6)
    assert state is not None and state.dead


def test_end_day_refuses_bad_input_and_writes_nothing(today_campaign: Campaign) -> None:
    campaign = today_campaign
    kara = _profiled(campaign, "Kara Voss")
    plain = campaign.roster.add("Old Hollis")
    with pytest.raises(ValueError, match="no energy profile"):
        campaign.calendar.end_day(nights={plain.id: "little"})
    with pytest.raises(ValueError, match="A night must be one of"):
        campaign.calendar.end_day(nights={kara.id: "restless"})
    with pytest.raises(ValueError, match="Proximity"):
        campaign.calendar.end_day(proximity={kara.id: 140})
    assert campaign.summary().current_day == 5
    assert raw_rows(campaign, "SELECT * FROM energy_day") == []


def test_end_day_with_no_profiles_still_advances_the_day(today_campaign: Campaign) -> None:
    summary = today_campaign.calendar.end_day()
    assert today_campaign.summary().current_day == 6
    assert summary.token.rows == ()
    today_campaign.calendar.undo_end_day(summary.token)
    assert today_campaign.summary().current_day == 5


def test_a_dead_character_stays_dead_at_every_later_end_day(today_campaign: Campaign) -> None:
    campaign = today_campaign
    ilian = _profiled(campaign, "Brother Ilian", daily_net=20)
    profile = campaign.calendar.profile(ilian.id)
    assert profile is not None
    dead_day = rules.task(profile, rules.start_day(profile, day=5), 40, 40).state
    campaign.calendar.put_day(ilian.id, dead_day)
    assert campaign.calendar.end_day().already_dead == (ilian.id,)
    # Day 6 has no row for him: End Day must look back, not start him afresh.
    later = campaign.calendar.end_day()
    assert later.already_dead == (ilian.id,) and later.started == ()
    assert campaign.calendar.day(ilian.id, 6) is None
    assert campaign.calendar.day(ilian.id, 7) is None
    earlier = campaign.calendar.day_before(ilian.id, 7)
    assert earlier is not None and earlier.day == 5 and earlier.dead
    assert campaign.calendar.day_before(ilian.id, 5) is None
