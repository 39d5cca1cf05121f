"""End a day: the rules' rollover on a real campaign file, in one transaction."""

from __future__ import annotations

import pytest

from desktop.actions.actor import Actor, NotYours
from desktop.actions.end_day import days_to_end, end_day
from desktop.rules import energy as rules
from desktop.store import Campaign
from tests.store.file_reads import listen, raw_rows, refused


def test_end_day_rolls_over_the_living_and_the_fresh_and_not_the_dead(
    campaign: Campaign,
) -> None:
    kara = campaign.roster.add("Kara Voss")
    ilian = campaign.roster.add("Brother Ilian")
    mara = campaign.roster.add("Mara")
    for who in (kara, ilian, mara):
        campaign.calendar.set_profile(who.id, 20, {})
    kara_profile, ilian_profile = (
        campaign.calendar.profile(kara.id),
        campaign.calendar.profile(ilian.id),
    )
    assert kara_profile is not None and ilian_profile is not None
    today = campaign.summary().current_day
    # Kara spends 5 of her 20: 15 left, which the rollover loses.
    spent = rules.task(kara_profile, rules.start_day(kara_profile, day=today), 5, 40).state
    dead = rules.task(ilian_profile, rules.start_day(ilian_profile, day=today), 40, 40).state
    assert spent.daily == 15 and dead.dead
    campaign.calendar.put_day(kara.id, spent)
    campaign.calendar.put_day(ilian.id, dead)
    days = days_to_end(campaign)
    assert (days[kara.id].started, days[ilian.id].started, days[mara.id].started) == (
        False,
        False,
        True,
    )
    heard, revision = listen(campaign), campaign.revision
    # Rule text: "reducing it by 25% per day of little sleep": 20 opens as 15.
    ended = end_day(campaign, Actor.gm(), nights={kara.id: "little"})
    assert campaign.revision == revision + 1
    assert sorted(heard) == ["campaign", "energy"]
    assert ended.summary.ended == today and ended.summary.opened == today + 1
    assert ended.summary.already_dead == (ilian.id,)
    assert ended.summary.started == (mara.id,)
    # Mara's fresh day opened with her whole 20, and lost it unspent, as Kara lost 15.
    assert ended.unspent == {kara.id: 15, mara.id: 20}
    tomorrow = campaign.calendar.day(kara.id, today + 1)
    assert tomorrow is not None and tomorrow.opened_daily == 15


def test_a_player_cannot_end_the_day(campaign: Campaign) -> None:
    kara = campaign.roster.add("Kara Voss")
    today = campaign.summary().current_day
    with refused(campaign, "Only the GM", NotYours):
        end_day(campaign, Actor.player(kara.id))
    assert campaign.summary().current_day == today


def test_a_failure_midway_leaves_the_file_as_it_was(
    campaign: Campaign, monkeypatch: pytest.MonkeyPatch
) -> None:
    kara = campaign.roster.add("Kara Voss")
    campaign.calendar.set_profile(kara.id, 20, {})
    today = campaign.summary().current_day
    from desktop.store.calendar import writes as writer

    def broken(*_args: object, **_kwargs: object) -> None:
        raise RuntimeError("the disk went away after the energy rows were written")

    monkeypatch.setattr(writer, "set_current_day", broken)
    with refused(campaign, "disk went away", RuntimeError):
        end_day(campaign, Actor.gm())
    assert campaign.summary().current_day == today
    assert raw_rows(campaign, "SELECT * FROM energy_day") == []
