"""Downtime in a real campaign file: clocks, factions, the chapter, claims, downtime
sheets and sessions. Every change is undone by what it returns, exactly; bad values
are refused with plain messages and nothing written."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest

from desktop.rules import downtime, factions
from desktop.store import (
    Campaign,
    ChapterRecord,
    ClaimPathRecord,
    ClockRecord,
    DowntimeSheet,
    DowntimeStep,
    FactionSnapshot,
    schema,
)
from desktop.store.errors import NotFound, ReadOnlyCampaign
from desktop.store.migrations import HEAD
from tests.store.file_reads import downtime_state, listen, raw_rows, refused
from tests.store.test_migrations import _old_campaign


def _refused(
    campaign: Campaign, action: Callable[[], object], message: str, error: type = ValueError
) -> None:
    """The action fails with `message` and the file is exactly as it was."""
    before = downtime_state(campaign, stored_only=True)
    with refused(campaign, message, error):
        action()
    assert downtime_state(campaign, stored_only=True) == before


def _dense(records: list, group: Callable[[object], object]) -> bool:
    groups: dict[object, list[int]] = {}
    for record in records:
        groups.setdefault(group(record), []).append(record.position)
    return all(sorted(p) == list(range(len(p))) for p in groups.values())


def _clock_group(clock: ClockRecord) -> tuple[str, int]:
    return clock.owner_kind, clock.owner_id


# -- clocks ---------------------------------------------------------------------------------


def test_clocks_are_added_in_groups_in_order(campaign: Campaign) -> None:
    heard = listen(campaign)
    kara = campaign.roster.add("Kara Voss")
    debt = campaign.clocks.add(
        "Pay off the harbourmaster",
        6,
        owner_kind="character",
        owner_id=kara.id,
        filled=2,
        note="Before the spring tide",
    )
    storm = campaign.clocks.add("Storm season", 8)
    route = campaign.clocks.add("Expand the route", 8, owner_kind="chapter")
    watch = campaign.factions.add("The Tidewardens", 3)
    raid = campaign.clocks.add("Raid the quay", 4, owner_kind="faction", owner_id=watch.id)
    tide = campaign.clocks.add("Spring tide", 4)
    assert debt == ClockRecord(
        debt.id,
        "Pay off the harbourmaster",
        6,
        2,
        "character",
        kara.id,
        0,
        "Before the spring tide",
    )
    assert [c.name for c in campaign.clocks.all()] == [
        "Storm season",
        "Spring tide",
        "Expand the route",
        "Pay off the harbourmaster",
        "Raid the quay",
    ]
    assert (storm.position, tide.position, route.position, raid.position) == (0, 1, 0, 0)
    assert campaign.clocks.of_owner("faction", watch.id) == [raid]
    assert campaign.clocks.get(debt.id) == debt and debt.clock == downtime.Clock(debt.name, 6, 2)
    assert not debt.done and replace(debt, filled=6).done
    assert heard.count("clocks") == 5


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"name": "", "segments": 4}, "A name cannot be empty"),
        ({"name": "Tide", "segments": 1}, "2 to 12 segments, not 1"),
        ({"name": "Tide", "segments": 13}, "2 to 12 segments, not 13"),
        ({"name": "Tide", "segments": 6, "filled": 7}, "0 to 6 filled, not 7"),
        ({"name": "Tide", "segments": 6, "filled": -1}, "0 to 6 filled, not -1"),
        ({"name": "Tide", "segments": True}, "whole number"),
        ({"name": "Tide", "segments": 4, "owner_kind": "crew"}, "belongs to one of"),
        ({"name": "Tide", "segments": 4, "owner_id": 3}, "owner id 0, not 3"),
        ({"name": "Tide", "segments": 4, "owner_kind": "chapter", "owner_id": 1}, "owner id 0"),
        ({"name": "Tide", "segments": 4, "owner_kind": "character", "owner_id": 0}, "at least 1"),
        ({"name": "Tide", "segments": 4, "note": 5}, "Notes must be text"),
    ],
)
def test_bad_clocks_are_refused(campaign: Campaign, arguments: dict, message: str) -> None:
    name = arguments.pop("name")
    segments = arguments.pop("segments")
    _refused(campaign, lambda: campaign.clocks.add(name, segments, **arguments), message)


def test_a_clock_needs_an_owner_that_exists(campaign: Campaign) -> None:
    _refused(
        campaign,
        lambda: campaign.clocks.add("Tide", 4, owner_kind="character", owner_id=9),
        "That character is no longer",
        NotFound,
    )
    _refused(
        campaign,
        lambda: campaign.clocks.add("Tide", 4, owner_kind="faction", owner_id=9),
        "That faction is no longer",
        NotFound,
    )


def test_update_clock_returns_the_previous_clock_and_resizing_cuts_progress(
    campaign: Campaign,
) -> None:
    clock = campaign.clocks.add("Raid", 8, filled=6, note="soon")
    before = campaign.clocks.all()
    previous = campaign.clocks.update(clock.id, segments=4)
    assert previous == clock
    assert campaign.clocks.get(clock.id) == replace(clock, segments=4, filled=4)
    campaign.clocks.update(clock.id, name="  The   raid ", filled=1, note="")
    assert campaign.clocks.get(clock.id) == replace(
        clock, name="The raid", segments=4, filled=1, note=""
    )
    # Undo by the previous record's fields: resize first, then fill.
    campaign.clocks.update(
        clock.id, name=clock.name, segments=clock.segments, filled=clock.filled, note=clock.note
    )
    assert campaign.clocks.all() == before
    _refused(campaign, lambda: campaign.clocks.update(clock.id, filled=9), "0 to 8 filled")
    _refused(campaign, lambda: campaign.clocks.update(clock.id, owner_kind="none"), "no field")
    _refused(
        campaign, lambda: campaign.clocks.update(99, filled=1), "That clock is no longer", NotFound
    )


def test_moving_a_clock_keeps_both_groups_dense_and_moves_back_exactly(
    campaign: Campaign,
) -> None:
    kara = campaign.roster.add("Kara")
    a, b, c = (campaign.clocks.add(name, 4) for name in "ABC")
    d = campaign.clocks.add("D", 6, owner_kind="character", owner_id=kara.id)
    before = campaign.clocks.all()
    previous = campaign.clocks.move(b.id, "character", kara.id, 0)
    assert previous == b
    assert [x.name for x in campaign.clocks.of_owner("none")] == ["A", "C"]
    assert [x.name for x in campaign.clocks.of_owner("character", kara.id)] == ["B", "D"]
    assert _dense(campaign.clocks.all(), _clock_group)
    campaign.clocks.move(b.id, previous.owner_kind, previous.owner_id, previous.position)
    assert campaign.clocks.all() == before
    # Within a group, and past the end (it goes last).
    campaign.clocks.move(a.id, "none", 0, 99)
    assert [x.name for x in campaign.clocks.of_owner("none")] == ["B", "C", "A"]
    campaign.clocks.move(a.id, "none", 0, 0)
    assert campaign.clocks.all() == before
    campaign.clocks.move(c.id, "chapter", 0, 0)
    assert campaign.clocks.get(c.id).owner_kind == "chapter" and _dense(
        campaign.clocks.all(), _clock_group
    )
    _refused(
        campaign,
        lambda: campaign.clocks.move(d.id, "faction", 4, 0),
        "That faction is no longer",
        NotFound,
    )
    _refused(campaign, lambda: campaign.clocks.move(d.id, "none", 0, -1), "at least 0")


def test_deleting_and_restoring_a_clock_puts_it_back_in_its_place(campaign: Campaign) -> None:
    for name in ("A", "B", "C"):
        campaign.clocks.add(name, 4)
    before = campaign.clocks.all()
    removed = campaign.clocks.delete(before[1].id)
    assert removed == before[1]
    assert [(x.name, x.position) for x in campaign.clocks.all()] == [("A", 0), ("C", 1)]
    assert campaign.clocks.restore(removed) == removed
    assert campaign.clocks.all() == before
    _refused(campaign, lambda: campaign.clocks.restore(removed), "already in the campaign")
    _refused(campaign, lambda: campaign.clocks.delete(99), "That clock is no longer", NotFound)


def test_the_database_refuses_a_clock_past_full_or_without_its_owner(campaign: Campaign) -> None:
    kara = campaign.roster.add("Kara")
    campaign.clocks.add("Debt", 6, owner_kind="character", owner_id=kara.id)
    with sqlite3.connect(campaign.path) as raw:
        for sql in (
            "UPDATE clock SET filled = 7",
            "UPDATE clock SET segments = 13, filled = 0",
            "UPDATE clock SET character_id = NULL",
            "UPDATE clock SET owner_kind = 'none'",
        ):
            with pytest.raises(sqlite3.IntegrityError):
                raw.execute(sql)


def test_a_read_only_campaign_refuses_downtime_writes(campaign: Campaign, data_dir: Path) -> None:
    campaign.clocks.add("Tide", 4)
    with Campaign.open(campaign.path, data_dir=data_dir, read_only=True) as reader:
        assert [c.name for c in reader.clocks.all()] == ["Tide"]
        with pytest.raises(ReadOnlyCampaign):
            reader.clocks.add("Storm", 6)
        with pytest.raises(ReadOnlyCampaign):
            reader.chapter.update(coin=3)


# -- factions -------------------------------------------------------------------------------


def test_factions_form_a_ladder_by_tier_and_place(campaign: Campaign) -> None:
    heard = listen(campaign)
    mud = campaign.factions.add("The Mudlarks", 0, "weak", 3)
    watch = campaign.factions.add("The Tidewardens", 3, status=-2, notes="Cutters")
    abbey = campaign.factions.add("Tithe Collectors", 3, "weak", -1)
    gulls = campaign.factions.add("Black Gulls", 1, at_war_with_others=True)
    assert [f.name for f in campaign.factions.all()] == [
        "The Tidewardens",
        "Tithe Collectors",
        "Black Gulls",
        "The Mudlarks",
    ]
    assert (watch.position, abbey.position, mud.position) == (0, 1, 0)
    assert campaign.factions.get(watch.id) == watch and watch.notes == "Cutters"
    assert watch.faction == factions.Faction("The Tidewardens", 3, "strong", -2)
    assert gulls.faction.at_war and not campaign.chapter.get().at_war
    assert heard == ["factions"] * 4


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"tier": 7}, "A tier is 0 to 6, not 7"),
        ({"tier": -1}, "A tier is 0 to 6"),
        ({"hold": "mighty"}, 'Hold is "weak" or "strong"'),
        ({"status": 4}, "A status is -3 to 3, not 4"),
        ({"status": -4}, "A status is -3 to 3"),
        ({"at_war_with_others": 1}, "True or False"),
        ({"name": " "}, "A name cannot be empty"),
        ({"name": "the tidewardens"}, "already a faction called “The Tidewardens”"),
        ({"name": "test campaign"}, "the chapter's name"),
    ],
)
def test_bad_factions_are_refused(campaign: Campaign, arguments: dict, message: str) -> None:
    campaign.factions.add("The Tidewardens", 3)
    name = arguments.pop("name", "Salt Wardens")
    _refused(campaign, lambda: campaign.factions.add(name, **arguments), message)


def test_update_faction_returns_the_previous_faction(campaign: Campaign) -> None:
    watch = campaign.factions.add("The Tidewardens", 3, status=-2)
    heard = listen(campaign)
    previous = campaign.factions.update(watch.id, status=-3, hold="weak", notes="War!")
    assert previous == watch
    assert campaign.factions.get(watch.id) == replace(watch, status=-3, hold="weak", notes="War!")
    assert campaign.chapter.get().at_war
    assert heard == ["factions", "chapter"]
    campaign.factions.update(watch.id, status=previous.status, hold=previous.hold, notes="")
    assert campaign.factions.get(watch.id) == watch
    _refused(
        campaign, lambda: campaign.factions.update(watch.id, tier=4), "moving it on the ladder"
    )
    _refused(campaign, lambda: campaign.factions.update(watch.id, status=5), "-3 to 3")
    _refused(campaign, lambda: campaign.factions.update(watch.id, colour="red"), "no field colour")
    _refused(
        campaign,
        lambda: campaign.factions.update(42, status=1),
        "That faction is no longer",
        NotFound,
    )


def test_moving_a_faction_keeps_both_rows_dense_and_moves_back(campaign: Campaign) -> None:
    a = campaign.factions.add("A", 2)
    b = campaign.factions.add("B", 2)
    c = campaign.factions.add("C", 2)
    campaign.factions.add("D", 4)
    before = campaign.factions.all()
    previous = campaign.factions.move(b.id, 4, 0)
    assert previous == b
    assert [(f.name, f.tier, f.position) for f in campaign.factions.all()] == [
        ("B", 4, 0),
        ("D", 4, 1),
        ("A", 2, 0),
        ("C", 2, 1),
    ]
    campaign.factions.move(b.id, previous.tier, previous.position)
    assert campaign.factions.all() == before
    campaign.factions.move(a.id, 2, 5)  # past the end: last in its row
    assert [f.name for f in campaign.factions.all() if f.tier == 2] == ["B", "C", "A"]
    campaign.factions.move(a.id, 2, 0)
    assert campaign.factions.all() == before
    assert c.id in {f.id for f in before}
    _refused(campaign, lambda: campaign.factions.move(a.id, 7, 0), "A tier is 0 to 6")


def test_a_faction_holding_claims_is_not_deleted(campaign: Campaign) -> None:
    watch = campaign.factions.add("The Tidewardens", 3)
    campaign.chapter.add_claim("Customs House", holder_id=watch.id)
    campaign.chapter.add_claim("Lighthouse", holder_id=watch.id)
    _refused(
        campaign,
        lambda: campaign.factions.delete(watch.id),
        "holds “Customs House” and “Lighthouse”: give them to someone else",
    )


def test_deleting_a_faction_takes_its_clocks_and_restoring_brings_them_back(
    campaign: Campaign,
) -> None:
    campaign.factions.add("Salt Wardens", 4)
    choir = campaign.factions.add("The Drowned Choir", 2, status=-3)
    campaign.factions.add("Lamplighters", 2)
    campaign.clocks.add("Wake the bell", 6, owner_kind="faction", owner_id=choir.id, filled=2)
    campaign.clocks.add("Drown a lamplighter", 4, owner_kind="faction", owner_id=choir.id)
    campaign.clocks.add("Storm", 8)
    before = downtime_state(campaign, stored_only=True)
    heard = listen(campaign)
    snapshot = campaign.factions.delete(choir.id)
    assert isinstance(snapshot, FactionSnapshot) and snapshot.faction == choir
    assert [c.name for c in snapshot.clocks] == ["Wake the bell", "Drown a lamplighter"]
    assert [c.name for c in campaign.clocks.all()] == ["Storm"]
    assert raw_rows(campaign, "SELECT COUNT(*) FROM clock WHERE faction_id IS NOT NULL") == [(0,)]
    assert [(f.name, f.position) for f in campaign.factions.all() if f.tier == 2] == [
        ("Lamplighters", 0)
    ]
    assert not campaign.chapter.get().at_war
    assert sorted(heard) == ["chapter", "clocks", "factions"]
    assert campaign.factions.restore(snapshot) == choir
    assert downtime_state(campaign, stored_only=True) == before
    _refused(campaign, lambda: campaign.factions.restore(snapshot), "already a faction")


# -- the chapter ----------------------------------------------------------------------------


def test_a_new_campaign_has_its_chapter(campaign: Campaign) -> None:
    assert campaign.chapter.get() == ChapterRecord(
        name="Test Campaign",
        tier=0,
        hold="strong",
        rep=0,
        coin=0,
        heat=0,
        lair_held=True,
        turf=0,
        at_war=False,
        notes="",
    )
    assert campaign.chapter.get().chapter == factions.Chapter()


def test_update_chapter_is_checked_by_the_rules_and_undone_by_its_previous(
    campaign: Campaign,
) -> None:
    heard = listen(campaign)
    previous = campaign.chapter.update(
        name="The Saltmarsh Ledger", tier=1, hold="weak", rep=5, coin=9, heat=2, notes="Smugglers"
    )
    assert previous == ChapterRecord("Test Campaign", 0, "strong", 0, 0, 0, True, 0, False)
    chapter = campaign.chapter.get()
    assert (chapter.name, chapter.tier, chapter.hold, chapter.rep, chapter.coin, chapter.heat) == (
        "The Saltmarsh Ledger",
        1,
        "weak",
        5,
        9,
        2,
    )
    assert heard == ["chapter", "claims"]
    assert campaign.chapter.restore(previous) == chapter
    assert campaign.chapter.get() == previous
    campaign.chapter.add_claim("Quay", turf=True)
    campaign.chapter.add_claim("Tavern", turf=True)
    for change, message in (
        ({"rep": 11}, "Rep is 0 to 10, not 11"),
        ({"tier": 7}, "A tier is 0 to 6"),
        ({"hold": "firm"}, "Hold is"),
        ({"coin": -1}, "Coin must be at least 0"),
        ({"heat": -2}, "Heat must be at least 0"),
        ({"lair_held": 1}, "true or false"),
        ({"name": ""}, "A name cannot be empty"),
        ({"turf": 3}, "no field turf"),
    ):
        _refused(campaign, lambda change=change: campaign.chapter.update(**change), message)
    campaign.factions.add("The Tidewardens")
    _refused(campaign, lambda: campaign.chapter.update(name="the tidewardens"), "a faction's name")


def test_losing_the_lair_suspends_turf_and_regaining_it_cuts_a_full_tracker(
    campaign: Campaign,
) -> None:
    campaign.chapter.add_claim("Quay", turf=True)
    campaign.chapter.add_claim("Tavern", turf=True)
    assert campaign.chapter.get().turf == 2
    lost = campaign.chapter.update(lair_held=False)
    assert lost.lair_held and campaign.chapter.get().turf == 0
    campaign.chapter.update(rep=12)
    before_regain = campaign.chapter.get()
    previous = campaign.chapter.update(lair_held=True)
    assert previous == before_regain
    assert (campaign.chapter.get().turf, campaign.chapter.get().rep) == (2, 10)  # with_turf cuts it
    campaign.chapter.restore(previous)
    assert campaign.chapter.get() == before_regain
    # Undone by the lair alone (what an edit of one field gives back), rep comes back too.
    campaign.chapter.update(lair_held=True)
    campaign.chapter.update(lair_held=False)
    assert campaign.chapter.get() == before_regain


def test_apply_payoff_adds_the_rules_rep_and_coin(campaign: Campaign) -> None:
    campaign.chapter.update(tier=1, rep=5, coin=3)
    before = campaign.chapter.get()
    previous = campaign.chapter.apply_payoff(3, quiet=False, size="standard")
    assert previous == before
    assert (campaign.chapter.get().rep, campaign.chapter.get().coin) == (9, 9)  # 2 + 2 rep, 6 coin
    campaign.chapter.restore(previous)
    assert campaign.chapter.get() == before
    campaign.chapter.apply_payoff(0, quiet=True, size="major", coin=14)
    assert (campaign.chapter.get().rep, campaign.chapter.get().coin) == (5, 17)  # quiet: coin only
    campaign.chapter.apply_payoff(6, quiet=False, size="minor")  # 7 rep, but the tracker holds 12
    assert campaign.chapter.get().rep == 12
    campaign.chapter.apply_payoff(6, quiet=False, size="minor")  # a full tracker earns nothing
    assert (campaign.chapter.get().rep, campaign.chapter.get().coin) == (12, 21)
    _refused(campaign, lambda: campaign.chapter.apply_payoff(1, False, "huge"), "A job is")
    _refused(
        campaign, lambda: campaign.chapter.apply_payoff(1, False, "small", coin=5), "pays 4 coin"
    )


def test_develop_strengthens_then_tiers_up_or_says_why_not(campaign: Campaign) -> None:
    campaign.chapter.update(tier=1, hold="weak", rep=11, coin=3)
    _refused(campaign, campaign.chapter.develop, "needs 1 more rep")
    campaign.chapter.update(rep=12)
    before = campaign.chapter.get()
    assert campaign.chapter.develop() == before
    assert (campaign.chapter.get().hold, campaign.chapter.get().rep) == ("strong", 0)
    campaign.chapter.update(rep=12)
    _refused(campaign, campaign.chapter.develop, "Tier 2 costs 10 coin; the chapter has 3")
    campaign.chapter.update(coin=14)
    campaign.chapter.develop()
    chapter = campaign.chapter.get()
    assert (chapter.tier, chapter.hold, chapter.rep, chapter.coin) == (2, "weak", 0, 4)


def test_the_database_refuses_chapter_values_out_of_range(campaign: Campaign) -> None:
    with sqlite3.connect(campaign.path) as raw:
        for sql in (
            "UPDATE chapter SET rep = 13",
            "UPDATE chapter SET tier = 7",
            "UPDATE chapter SET coin = -1",
            "INSERT INTO chapter (id, name, tier, hold, rep, coin, heat, lair_held, notes)"
            " VALUES (2, 'Two', 0, 'strong', 0, 0, 0, 1, '')",
        ):
            with pytest.raises(sqlite3.IntegrityError):
                raw.execute(sql)


# -- claims ---------------------------------------------------------------------------------


def test_claims_and_paths_make_the_rules_claim_map(campaign: Campaign) -> None:
    watch = campaign.factions.add("The Tidewardens", 3)
    quay = campaign.chapter.add_claim("Tarry Quay", benefit="+1 coin", turf=True, x=-250, y=20)
    customs = campaign.chapter.add_claim("Customs House", holder_id=watch.id, x=-250.5, y=-180)
    assert quay.x == -250.0 and isinstance(quay.x, float)
    assert campaign.chapter.add_claim_path(quay.id, 0) == ClaimPathRecord(0, quay.id)
    assert campaign.chapter.add_claim_path(customs.id, quay.id) == ClaimPathRecord(
        quay.id, customs.id
    )
    assert campaign.chapter.claim_paths() == [ClaimPathRecord(0, quay.id), ClaimPathRecord(1, 2)]
    claim_map = campaign.chapter.claim_map()
    assert claim_map == factions.ClaimMap(
        "Test Campaign",
        (
            factions.Claim("Tarry Quay", "Test Campaign", "+1 coin", True),
            factions.Claim("Customs House", "The Tidewardens"),
        ),
        (("Lair", "Tarry Quay"), ("Tarry Quay", "Customs House")),
    )
    assert claim_map.on_path("Customs House") and campaign.chapter.get().turf == 1


def test_claims_are_checked_and_updated(campaign: Campaign) -> None:
    quay = campaign.chapter.add_claim("Tarry Quay", turf=True)
    heard = listen(campaign)
    previous = campaign.chapter.update_claim(
        quay.id, name="Tarry Quay Warehouses", turf=False, x=4.5
    )
    assert previous == quay
    assert campaign.chapter.claim(quay.id) == replace(
        quay, name="Tarry Quay Warehouses", turf=False, x=4.5
    )
    assert heard == ["claims", "chapter"] and campaign.chapter.get().turf == 0
    campaign.chapter.update_claim(quay.id, name=quay.name, turf=quay.turf, x=quay.x)
    assert campaign.chapter.claim(quay.id) == quay
    for call, message in (
        (lambda: campaign.chapter.add_claim("tarry quay"), "already a claim called “Tarry Quay”"),
        (lambda: campaign.chapter.add_claim("Lair"), "centre of the map"),
        (lambda: campaign.chapter.add_claim("Mill", holder_id=5), "That faction is no longer"),
        (lambda: campaign.chapter.add_claim("Mill", x=float("nan")), "A claim's x"),
        (lambda: campaign.chapter.add_claim("Mill", y=1e9), "A claim's y"),
        (lambda: campaign.chapter.add_claim("Mill", turf="yes"), "true or false"),
        (lambda: campaign.chapter.add_claim("Mill", benefit="x" * 201), "at most 200"),
        (lambda: campaign.chapter.update_claim(quay.id, holder_id=0), "no field holder_id"),
        (lambda: campaign.chapter.update_claim(9, x=1.0), "That claim is no longer"),
    ):
        _refused(
            campaign,
            call,
            message,
            NotFound if "is no longer" in message else ValueError,
        )


def test_paths_are_refused_twice_to_themselves_or_to_nothing(campaign: Campaign) -> None:
    quay = campaign.chapter.add_claim("Tarry Quay")
    tavern = campaign.chapter.add_claim("Tavern")
    campaign.chapter.add_claim_path(0, quay.id)
    _refused(
        campaign,
        lambda: campaign.chapter.add_claim_path(quay.id, 0),
        "already a path between the lair",
    )
    _refused(campaign, lambda: campaign.chapter.add_claim_path(quay.id, quay.id), "to itself")
    _refused(
        campaign,
        lambda: campaign.chapter.add_claim_path(quay.id, 9),
        "That claim is no longer",
        NotFound,
    )
    _refused(
        campaign, lambda: campaign.chapter.remove_claim_path(quay.id, tavern.id), "no path between"
    )
    assert campaign.chapter.remove_claim_path(quay.id, 0) == ClaimPathRecord(0, quay.id)
    assert campaign.chapter.claim_paths() == []


def test_deleting_a_claim_takes_its_paths_and_restoring_brings_them_back(
    campaign: Campaign,
) -> None:
    quay = campaign.chapter.add_claim("Tarry Quay", turf=True)
    tavern = campaign.chapter.add_claim("Tavern")
    channel = campaign.chapter.add_claim("Channel")
    campaign.chapter.add_claim_path(0, quay.id)
    campaign.chapter.add_claim_path(quay.id, tavern.id)
    campaign.chapter.add_claim_path(tavern.id, channel.id)
    before = downtime_state(campaign, stored_only=True)
    heard = listen(campaign)
    snapshot = campaign.chapter.delete_claim(quay.id)
    assert snapshot.claim == quay
    assert snapshot.paths == (ClaimPathRecord(0, quay.id), ClaimPathRecord(quay.id, tavern.id))
    assert campaign.chapter.claim_paths() == [ClaimPathRecord(tavern.id, channel.id)]
    assert heard == ["claims", "chapter"] and campaign.chapter.get().turf == 0
    assert campaign.chapter.restore_claim(snapshot) == quay
    assert downtime_state(campaign, stored_only=True) == before


def test_seizing_a_claim_costs_status_and_can_cut_rep_and_undoes_exactly(
    campaign: Campaign,
) -> None:
    watch = campaign.factions.add("The Tidewardens", 3, status=-2)
    campaign.chapter.add_claim("Tarry Quay", turf=True)
    customs = campaign.chapter.add_claim("Customs House", turf=True, holder_id=watch.id)
    campaign.chapter.update(rep=11)  # 1 turf: the tracker takes 11
    before = downtime_state(campaign, stored_only=True)
    heard = listen(campaign)
    transfer = campaign.chapter.transfer_claim(customs.id, 0, status_change=-2)
    assert transfer.claim == customs and transfer.faction == watch
    assert transfer.chapter == before[2]
    assert campaign.chapter.claim(customs.id).holder_id == 0
    assert campaign.factions.get(watch.id).status == -3  # -2 - 2, held at War
    chapter = campaign.chapter.get()
    assert (chapter.turf, chapter.rep, chapter.at_war) == (2, 10, True)
    assert sorted(heard) == ["chapter", "claims", "factions"]
    campaign.chapter.undo_transfer(transfer)
    assert downtime_state(campaign, stored_only=True) == before


def test_transfers_between_others_and_losing_a_claim(campaign: Campaign) -> None:
    watch = campaign.factions.add("The Tidewardens", 3)
    wardens = campaign.factions.add("Salt Wardens", 4, status=1)
    quay = campaign.chapter.add_claim("Tarry Quay", turf=True)
    customs = campaign.chapter.add_claim("Customs House", holder_id=watch.id)
    before = downtime_state(campaign, stored_only=True)
    lost = campaign.chapter.transfer_claim(quay.id, watch.id)
    assert lost.faction is None and campaign.chapter.get().turf == 0
    assert campaign.chapter.claim(quay.id).holder_id == watch.id
    campaign.chapter.undo_transfer(lost)
    assert downtime_state(campaign, stored_only=True) == before
    handed = campaign.chapter.transfer_claim(customs.id, wardens.id)
    assert campaign.chapter.claim(customs.id).holder_id == wardens.id and handed.faction is None
    campaign.chapter.undo_transfer(handed)
    assert downtime_state(campaign, stored_only=True) == before
    _refused(
        campaign, lambda: campaign.chapter.transfer_claim(customs.id, watch.id), "already holds"
    )
    _refused(
        campaign,
        lambda: campaign.chapter.transfer_claim(customs.id, wardens.id, -2),
        "only with the chapter seizing",
    )
    _refused(
        campaign,
        lambda: campaign.chapter.transfer_claim(customs.id, 77),
        "That faction is no longer",
        NotFound,
    )


# -- downtime sheets and the stress track ------------------------------------------------------


def test_a_sheet_starts_at_its_defaults_and_is_written_whole(campaign: Campaign) -> None:
    kara = campaign.roster.add("Kara Voss")
    default = campaign.downtime.sheet(kara.id)
    assert default == DowntimeSheet(kara.id)
    assert default.xp == (("Insight", 0), ("Prowess", 0), ("Resolve", 0), ("Self", 0))
    assert (default.hp, default.hp_max, default.stress) == (10, 10, 0)
    heard = listen(campaign)
    sheet = DowntimeSheet(
        kara.id,
        3,
        1,
        8,
        12,
        (("Insight", 2), ("Sailing", 1)),
        "Loyal",
        "Gambling",
        "The dice tables ",
        "Old Hollis\nPip",
        "Captain Dask",
    )
    assert campaign.downtime.set_sheet(sheet) == default
    assert campaign.downtime.sheet(kara.id) == sheet  # text kept exactly as typed
    assert campaign.downtime.set_sheet(default) == sheet
    assert campaign.downtime.sheet(kara.id) == default
    assert heard == ["downtime", "downtime"]
    assert campaign.downtime.sheets() == {kara.id: default}
    _refused(campaign, lambda: campaign.downtime.sheet(99), "That character is no longer", NotFound)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"stress": 10}, "9-box stress track has 0 to 9 marked, not 10"),
        ({"stress": -1}, "0 to 9 marked"),
        ({"trauma": 5}, "Trauma is 0 to 4, not 5"),
        ({"hp": 11}, "Current HP is 0 to 10, not 11"),
        ({"hp_max": 0, "hp": 0}, "Maximum HP is at least 1"),
        ({"xp": (("Insight", 1), ("insight", 2))}, "insight is there twice"),
        ({"xp": (("Insight", -1),)}, "at least 0"),
        ({"xp": (("", 1),)}, "A name cannot be empty"),
        ({"xp": "Insight"}, "XP is a list"),
        ({"vice": 3}, "A vice must be text"),
        ({"virtue": "x" * 201}, "at most 200"),
        ({"character_id": 99}, "That character is no longer"),
    ],
)
def test_bad_sheets_are_refused(campaign: Campaign, change: dict, message: str) -> None:
    kara = campaign.roster.add("Kara Voss")
    campaign.downtime.set_sheet(replace(DowntimeSheet(kara.id), stress=2))
    sheet = replace(campaign.downtime.sheet(kara.id), **change)
    error = NotFound if "is no longer" in message else ValueError
    _refused(campaign, lambda: campaign.downtime.set_sheet(sheet), message, error)


def test_the_stress_track_setting_bounds_stress(campaign: Campaign) -> None:
    kara = campaign.roster.add("Kara Voss")
    ilian = campaign.roster.add("Brother Ilian")
    assert campaign.settings()["stress_track"] == 9
    heard = listen(campaign)
    previous = campaign.update_settings(stress_track=12)
    assert previous["stress_track"] == 9 and campaign.settings()["stress_track"] == 12
    campaign.downtime.set_sheet(replace(DowntimeSheet(kara.id), stress=11))
    campaign.downtime.set_sheet(replace(DowntimeSheet(ilian.id), stress=7))
    assert heard == ["campaign", "settings", "downtime", "downtime"]
    _refused(
        campaign,
        lambda: campaign.update_settings(stress_track=10),
        "Kara Voss has 11 stress marked, more than a 10-box track holds",
    )
    _refused(campaign, lambda: campaign.update_settings(stress_track=1), "2 to 20 boxes, not 1")
    _refused(campaign, lambda: campaign.update_settings(stress_track=21), "1 to 20 boxes, not 21")
    _refused(campaign, lambda: campaign.update_settings(stress_track="9"), "whole number")
    campaign.downtime.set_sheet(DowntimeSheet(kara.id))
    campaign.update_settings(**previous)
    assert campaign.settings() == {
        "raise_from": 100,
        "raise_by": 1,
        "stress_track": 9,
        "starting_dice": 10,
    }


# -- deleting and restoring a character --------------------------------------------------------


def test_a_character_takes_its_clocks_and_sheet_and_brings_them_back(campaign: Campaign) -> None:
    kara = campaign.roster.add("Kara Voss")
    ilian = campaign.roster.add("Brother Ilian")
    campaign.clocks.add("Debt", 6, owner_kind="character", owner_id=kara.id, filled=2)
    campaign.clocks.add("Vow", 4, owner_kind="character", owner_id=ilian.id)
    campaign.clocks.add("Boat", 8, owner_kind="character", owner_id=kara.id)
    campaign.downtime.set_sheet(replace(DowntimeSheet(kara.id), stress=4, vice="Gambling"))
    campaign.downtime.start_session()
    campaign.downtime.record(DowntimeStep(kara.id, "indulge_vice", "Kara gambled"))
    before = downtime_state(campaign, stored_only=True)
    heard = listen(campaign)
    snapshot = campaign.roster.delete(kara.id)
    assert [c.name for c in snapshot.clocks] == ["Debt", "Boat"]
    assert snapshot.downtime_sheet is not None and snapshot.downtime_sheet.vice == "Gambling"
    assert len(snapshot.downtime_entry_ids) == 1
    assert sorted(heard) == ["characters", "clocks", "downtime"]
    assert [c.name for c in campaign.clocks.all()] == ["Vow"]
    assert raw_rows(campaign, "SELECT COUNT(*) FROM downtime_sheet") == [(0,)]
    # The step stays in the session, as a roll log line does, with no character.
    assert campaign.downtime.entries()[0].character_id == 0
    campaign.roster.restore(snapshot)
    assert downtime_state(campaign, stored_only=True) == before
    assert campaign.roster.snapshot(kara.id) == snapshot


def test_a_character_with_more_stress_than_the_track_now_holds_is_not_restored(
    campaign: Campaign,
) -> None:
    kara = campaign.roster.add("Kara Voss")
    campaign.downtime.set_sheet(replace(DowntimeSheet(kara.id), stress=8))
    snapshot = campaign.roster.delete(kara.id)
    campaign.update_settings(stress_track=6)
    with pytest.raises(ValueError, match=r"Kara Voss had 8 stress.*lengthen it first"):
        campaign.roster.restore(snapshot)
    assert campaign.roster.all() == []
    campaign.update_settings(stress_track=9)
    campaign.roster.restore(snapshot)
    assert campaign.downtime.sheet(kara.id).stress == 8


# -- downtime sessions --------------------------------------------------------------------------


def _session_campaign(campaign: Campaign) -> tuple[int, ClockRecord]:
    kara = campaign.roster.add("Kara Voss")
    debt = campaign.clocks.add(
        "Pay off the harbourmaster", 6, owner_kind="character", owner_id=kara.id, filled=2
    )
    campaign.chapter.update(tier=1, hold="weak", rep=5, coin=9, heat=2)
    return kara.id, debt


def test_sessions_start_at_zero_and_end_only_when_empty(campaign: Campaign) -> None:
    kara, _debt = _session_campaign(campaign)
    assert campaign.downtime.session() == 0 and campaign.downtime.entries() == []
    _refused(
        campaign,
        lambda: campaign.downtime.record(DowntimeStep(kara, "train", "Kara trained", track="X")),
        "Start a downtime session first",
    )
    heard = listen(campaign)
    assert campaign.downtime.start_session() == 1
    assert campaign.downtime.start_session() == 2
    undo = campaign.downtime.record(DowntimeStep(kara, "exemplify_virtue", "Kara kept faith"))
    _refused(campaign, lambda: campaign.downtime.end_session(2), "has 1 step")
    campaign.downtime.undo(undo)
    campaign.downtime.end_session(2)  # its undone step goes with it
    assert campaign.downtime.session() == 1 and campaign.downtime.sessions() == [1]
    assert raw_rows(campaign, "SELECT COUNT(*) FROM downtime_entry") == [(0,)]
    assert campaign.downtime.start_session() == 2
    assert heard.count("downtime") == 6
    _refused(campaign, lambda: campaign.downtime.end_session(7), "session 7", NotFound)


def test_a_step_writes_everything_at_once_and_undo_gives_back_exactly(campaign: Campaign) -> None:
    kara, debt = _session_campaign(campaign)
    campaign.downtime.start_session()
    before = downtime_state(campaign, stored_only=True)
    chapter = campaign.chapter.get()
    sheet = campaign.downtime.sheet(kara)
    step = DowntimeStep(
        kara,
        "long_term_project",
        "Kara worked on the harbourmaster (+2) and paid 1 coin for a second project",
        coin_spent=1,
        extra="coin",
        chapter=replace(chapter, coin=chapter.coin - 1),
        sheet=replace(sheet, stress=2),
        clocks=(replace(debt, filled=4),),
        new_clock=ClockRecord(0, "Forge a pilot's licence", 8, 1, "character", kara, 9),
    )
    heard = listen(campaign)
    undo = campaign.downtime.record(step)
    assert sorted(heard) == ["chapter", "clocks", "downtime"]
    assert (undo.chapter, undo.sheet, undo.clocks) == (chapter, sheet, (debt,))
    assert campaign.chapter.get().coin == 8 and campaign.downtime.sheet(kara).stress == 2
    new_clock = campaign.clocks.get(undo.new_clock_id)
    assert (new_clock.name, new_clock.position, campaign.clocks.get(debt.id).filled) == (
        "Forge a pilot's licence",
        1,
        4,
    )
    (entry,) = campaign.downtime.entries()
    assert (entry.id, entry.session, entry.activity, entry.coin_spent, entry.extra) == (
        undo.entry_id,
        1,
        "long_term_project",
        1,
        "coin",
    )
    assert not entry.undone
    assert campaign.downtime.of_character(kara) == downtime.CharacterDowntime(
        taken=("long_term_project",)
    )
    campaign.downtime.undo(undo)
    undone = downtime_state(campaign, stored_only=True)
    assert undone[:6] == before[:6]  # clocks, factions, chapter, claims, paths, sheets
    assert campaign.downtime.entries() == [replace(entry, undone=True)]
    assert campaign.downtime.of_character(kara) == downtime.CharacterDowntime()
    _refused(campaign, lambda: campaign.downtime.undo(undo), "already undone")
    redone = campaign.downtime.redo(undo, step)
    assert redone == undo  # same entry, same new clock id, same previous values
    assert campaign.downtime.entries() == [entry]
    assert campaign.clocks.get(undo.new_clock_id) == new_clock
    _refused(campaign, lambda: campaign.downtime.redo(undo, step), "is not undone")


def test_train_marks_each_track_once_per_session(campaign: Campaign) -> None:
    kara, _debt = _session_campaign(campaign)
    campaign.downtime.start_session()
    sheet = campaign.downtime.sheet(kara)
    trained = replace(sheet, xp=(("Insight", 0), ("Prowess", 1), ("Resolve", 0), ("Self", 0)))
    campaign.downtime.record(
        DowntimeStep(kara, "train", "Kara trained Prowess (+1 XP)", track="Prowess", sheet=trained)
    )
    assert campaign.downtime.of_character(kara).trained == ("Prowess",)
    again = DowntimeStep(kara, "train", "Kara trained Prowess again", track="Prowess")
    _refused(campaign, lambda: campaign.downtime.record(again), "already trained")
    _refused(
        campaign,
        lambda: campaign.downtime.record(DowntimeStep(kara, "train", "Kara trained")),
        "needs the XP track",
    )
    _refused(
        campaign,
        lambda: campaign.downtime.record(DowntimeStep(kara, "healing", "Healed", track="Self")),
        "Only Train names an XP track",
    )
    campaign.downtime.start_session()  # a new session: free activities and tracks again
    assert campaign.downtime.of_character(kara) == downtime.CharacterDowntime()
    campaign.downtime.record(again)


def test_a_war_leaves_one_free_activity(campaign: Campaign) -> None:
    kara, _debt = _session_campaign(campaign)
    campaign.factions.add("The Tidewardens", 3, status=-3)
    campaign.downtime.start_session()
    assert campaign.downtime.of_character(kara).free == 1


@pytest.mark.parametrize(
    ("step", "message"),
    [
        (DowntimeStep(1, "nap", "Kara napped"), "A downtime step is one of"),
        (DowntimeStep(1, "healing", ""), "needs a summary"),
        (DowntimeStep(1, "healing", "Healed", coin_spent=-1), "at least 0"),
        (DowntimeStep(1, "healing", "Healed", extra="gold"), 'paid in "coin" or "rep"'),
        (DowntimeStep(0, "healing", "Healed"), "is a character's"),
        (DowntimeStep(0, "faction_tick", "Ticked", track="Insight"), "Only Train"),
        (DowntimeStep(1, "healing", "Healed", sheet=DowntimeSheet(2)), "its own character"),
        (DowntimeStep(1, "healing", "Healed", sheet=DowntimeSheet(1, stress=10)), "0 to 9"),
        (
            DowntimeStep(
                1,
                "payoff",
                "Paid",
                chapter=ChapterRecord("X", 0, "strong", 13, 0, 0, True, 0, False),
            ),
            "Rep is 0 to 12",
        ),
        (
            DowntimeStep(1, "healing", "Healed", new_clock=ClockRecord(0, "P", 1, 0, "none", 0, 0)),
            "2 to 12 segments",
        ),
    ],
)
def test_bad_steps_are_refused(campaign: Campaign, step: DowntimeStep, message: str) -> None:
    _session_campaign(campaign)
    campaign.downtime.start_session()
    _refused(campaign, lambda: campaign.downtime.record(step), message)


def test_a_step_changes_a_clocks_progress_not_its_place(campaign: Campaign) -> None:
    kara, debt = _session_campaign(campaign)
    campaign.downtime.start_session()
    moved = DowntimeStep(
        kara, "long_term_project", "Moved", clocks=(replace(debt, owner_kind="none", owner_id=0),)
    )
    _refused(campaign, lambda: campaign.downtime.record(moved), "progress, not its place")
    twice = DowntimeStep(kara, "long_term_project", "Twice", clocks=(debt, debt))
    _refused(campaign, lambda: campaign.downtime.record(twice), "each clock once")
    gone = DowntimeStep(kara, "long_term_project", "Gone", clocks=(replace(debt, id=99),))
    _refused(campaign, lambda: campaign.downtime.record(gone), "That clock is no longer", NotFound)


def test_the_chapter_wide_steps_have_no_character(campaign: Campaign) -> None:
    _session_campaign(campaign)
    watch = campaign.factions.add("The Tidewardens", 3)
    raid = campaign.clocks.add("Raid", 4, owner_kind="faction", owner_id=watch.id)
    campaign.downtime.start_session()
    undo = campaign.downtime.record(
        DowntimeStep(
            0, "faction_tick", "The Tidewardens' raid ticks 2", clocks=(replace(raid, filled=2),)
        )
    )
    assert campaign.downtime.entries()[0].character_id == 0
    assert campaign.clocks.get(raid.id).filled == 2
    campaign.downtime.undo(undo)
    assert campaign.clocks.get(raid.id) == raid


# -- the migration from the energy schema ------------------------------------------------------


def test_an_energy_campaign_upgrades_to_downtime(tmp_path: Path, data_dir: Path) -> None:
    path = _old_campaign(tmp_path / "energy.gmdesk", "0004_energy", settings='{"raise_by": 2}')
    assert schema.read_revision(path) == "0004_energy"
    with Campaign.open(path, data_dir=data_dir) as opened:
        assert schema.read_revision(path) == HEAD
        assert [c.name for c in opened.roster.all()] == ["Kara"]
        assert opened.settings() == {
            "raise_from": 100,
            "raise_by": 2,
            "stress_track": 9,
            "starting_dice": 10,
        }
        assert opened.chapter.get() == ChapterRecord("Old", 0, "strong", 0, 0, 0, True, 0, False)
        assert (
            opened.clocks.all() == []
            and opened.factions.all() == []
            and opened.chapter.claims() == []
        )
        assert opened.downtime.sheet(4) == DowntimeSheet(4)
        opened.clocks.add("Debt", 6, owner_kind="character", owner_id=4)
        opened.downtime.set_sheet(replace(DowntimeSheet(4), stress=3))
        opened.roster.delete(4)  # its clock and sheet go with it
        assert len(list(opened.backup_folder.glob("*.gmdesk"))) == 1
    with sqlite3.connect(path) as raw:
        assert raw.execute("SELECT COUNT(*) FROM clock").fetchone() == (0,)
        assert raw.execute("SELECT COUNT(*) FROM downtime_sheet").fetchone() == (0,)
        assert raw.execute("SELECT name FROM chapter").fetchall() == [("Old",)]


# -- review fixes ---------------------------------------------------------------------------


def test_making_a_chapter_claim_turf_tells_the_chapter(campaign: Campaign) -> None:
    docks = campaign.chapter.add_claim("The Docks")
    heard = listen(campaign)
    campaign.chapter.update_claim(docks.id, turf=True)  # the chapter's turf goes from 0 to 1
    assert campaign.chapter.get().turf == 1
    assert heard == ["claims", "chapter"]
    heard.clear()
    campaign.chapter.update_claim(docks.id, turf=False)
    assert heard == ["claims", "chapter"]


def test_an_ended_session_comes_back_with_its_undone_steps(campaign: Campaign) -> None:
    kara, _debt = _session_campaign(campaign)
    campaign.downtime.start_session()
    undo = campaign.downtime.record(DowntimeStep(kara, "exemplify_virtue", "Kara kept faith"))
    campaign.downtime.undo(undo)
    entries = campaign.downtime.entries(1)
    assert campaign.downtime.end_session(1) == tuple(entries)
    assert campaign.downtime.sessions() == []
    _refused(
        campaign,
        lambda: campaign.downtime.restore_session(2, entries),
        "the next session is 1",
    )
    _refused(
        campaign,
        lambda: campaign.downtime.restore_session(1, [replace(entries[0], undone=False)]),
        "is not an undone step of session 1",
    )
    campaign.downtime.restore_session(1, entries)
    assert campaign.downtime.entries(1) == entries
    campaign.downtime.redo(undo, DowntimeStep(kara, "exemplify_virtue", "Kara kept faith"))
    assert [e.undone for e in campaign.downtime.entries(1)] == [False]
