"""Downtime as JSON: a round trip keeps clocks, factions, the chapter, claims, sheets and
sessions; older exports without them import; a bad field is named by its path."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from desktop.paths import resources_dir
from desktop.store import Campaign, ChapterRecord, ClockRecord, DowntimeSheet, DowntimeStep
from desktop.store.exchange import (
    export_campaign,
    export_document,
    import_campaign,
    trusted_images,
)
from desktop.store.sample import ensure_sample_campaign
from tests.store.file_reads import downtime_state
from tests.store.test_exchange import _DELETE, _refused_import, _sample, imported_document


def test_round_trip_keeps_all_of_downtime(
    campaign: Campaign, data_dir: Path, tmp_path: Path
) -> None:
    kara = campaign.roster.add("Kara Voss")
    gone = campaign.roster.add("Gone")
    ilian = campaign.roster.add("Brother Ilian")
    campaign.update_settings(stress_track=12)
    watch = campaign.factions.add("The Tidewardens", 3, status=-2, notes="Cutters “ü”")
    campaign.factions.add("Salt Wardens", 4, at_war_with_others=True)
    choir = campaign.factions.add("The Drowned Choir", 3, "weak", -1)
    campaign.factions.delete(campaign.factions.add("Gone Faction").id)  # an id gap
    quay = campaign.chapter.add_claim("Tarry Quay", benefit="+1 coin", turf=True, x=-250.5, y=20)
    tavern = campaign.chapter.add_claim("The Gull & Anchor", turf=True, x=250, y=20)
    customs = campaign.chapter.add_claim("Customs House", holder_id=watch.id, x=-250, y=-180)
    campaign.chapter.add_claim_path(0, quay.id)
    campaign.chapter.add_claim_path(0, tavern.id)
    campaign.chapter.add_claim_path(quay.id, customs.id)
    campaign.chapter.update(name="The Saltmarsh Ledger", tier=1, hold="weak", rep=5, coin=9, heat=2)
    campaign.clocks.add("Storm season", 8, filled=2, note="Spring")
    campaign.clocks.add("Expand the route", 8, owner_kind="chapter", filled=3)
    campaign.clocks.add("Pay off the harbourmaster", 6, owner_kind="character", owner_id=kara.id)
    campaign.clocks.add("Raid the quay", 4, owner_kind="faction", owner_id=watch.id, filled=1)
    campaign.clocks.add("Wake the bell", 6, owner_kind="faction", owner_id=choir.id)
    campaign.downtime.set_sheet(
        DowntimeSheet(
            kara.id,
            11,
            1,
            8,
            12,
            (("Insight", 2), ("Sailing", 5)),
            "Loyal",
            "Gambling",
            "Dice tables",
            "Old Hollis\nPip",
            "Captain Dask",
        )
    )
    campaign.downtime.set_sheet(replace(DowntimeSheet(gone.id), stress=3))
    campaign.downtime.start_session()
    campaign.downtime.record(DowntimeStep(gone.id, "healing", "Gone healed"))
    campaign.downtime.start_session()
    campaign.downtime.record(
        DowntimeStep(kara.id, "train", "Kara trained Sailing (+1 XP)", track="Sailing")
    )
    undone = campaign.downtime.record(
        DowntimeStep(ilian.id, "acquire_asset", "Ilian bought a boat", coin_spent=1, extra="coin")
    )
    campaign.downtime.undo(undone)
    campaign.downtime.record(DowntimeStep(0, "faction_tick", "The Tidewardens' raid ticks"))
    campaign.roster.delete(gone.id)  # its step stays, with no character
    exported = tmp_path / "out.json"
    export_campaign(campaign, exported)

    document = json.loads(exported.read_text(encoding="utf-8"))
    assert document["chapter"] == {
        "name": "The Saltmarsh Ledger",
        "tier": 1,
        "hold": "weak",
        "rep": 5,
        "coin": 9,
        "heat": 2,
        "lair_held": True,
        "notes": "",
        "lair_threatened": False,
    }
    assert document["characters"][0]["downtime"]["xp"] == [
        {"track": "Insight", "marks": 2},
        {"track": "Sailing", "marks": 5},
    ]
    assert "downtime" not in document["characters"][1]  # Ilian has no sheet stored
    assert document["claim_paths"][2] == {"start": quay.id, "end": customs.id}

    with import_campaign(
        exported, tmp_path / "in.gmdesk", data_dir=data_dir, images=trusted_images
    ) as imported:
        assert imported_document(imported) == export_document(campaign)
        assert downtime_state(imported) == downtime_state(campaign)
        for character in campaign.roster.all():
            assert imported.roster.snapshot(character.id) == campaign.roster.snapshot(character.id)
        assert imported.downtime.of_character(kara.id) == campaign.downtime.of_character(kara.id)
        assert imported.chapter.claim_map() == campaign.chapter.claim_map()
        # Ids go on from where they were.
        assert imported.factions.add("New").id == campaign.factions.add("New").id
        assert imported.integrity_check() == ["ok"]


def test_an_export_from_before_downtime_imports(tmp_path: Path, data_dir: Path) -> None:
    old = _sample()
    for key in ("chapter", "factions", "claims", "claim_paths", "clocks", "downtime_sessions"):
        del old[key]
    for character in old["characters"]:
        character.pop("downtime", None)
    source = tmp_path / "old.json"
    source.write_text(json.dumps(old), encoding="utf-8")
    with import_campaign(
        source, tmp_path / "old.gmdesk", data_dir=data_dir, images=trusted_images
    ) as imported:
        assert imported.chapter.get() == ChapterRecord(
            "The Saltmarsh Ledger", 0, "strong", 0, 0, 0, True, 0, False
        )
        assert (
            imported.clocks.all() == []
            and imported.factions.all() == []
            and imported.chapter.claims() == []
        )
        assert imported.downtime.sheets(stored_only=True) == {}
        assert imported.downtime.session() == 0


def test_short_downtime_records_take_their_defaults(tmp_path: Path, data_dir: Path) -> None:
    document = {
        **_sample(),
        "factions": [{"id": 3, "name": "Mudlarks"}],
        "claims": [{"id": 2, "name": "Quay"}],
        "clocks": [
            {"id": 5, "name": "B", "segments": 4, "position": 7},
            {"id": 6, "name": "A", "segments": 6, "position": 2},
        ],
        "chapter": {"name": "Ledger"},
        "claim_paths": [],
        "downtime_sessions": [{"number": 2}],
    }
    document["characters"][0]["downtime"] = {"stress": 2}
    source = tmp_path / "short.json"
    source.write_text(json.dumps(document), encoding="utf-8")
    with import_campaign(
        source, tmp_path / "short.gmdesk", data_dir=data_dir, images=trusted_images
    ) as imported:
        assert [(f.name, f.tier, f.hold, f.status) for f in imported.factions.all()] == [
            ("Mudlarks", 0, "strong", 0)
        ]
        # Positions are renumbered in the order they give: A (2) before B (7).
        assert imported.clocks.all() == [
            ClockRecord(6, "A", 6, 0, "none", 0, 0, ""),
            ClockRecord(5, "B", 4, 0, "none", 0, 1, ""),
        ]
        assert (
            imported.chapter.get().name == "Ledger" and imported.chapter.claims()[0].holder_id == 0
        )
        assert imported.downtime.sheet(1) == replace(DowntimeSheet(1), stress=2)
        assert imported.downtime.session() == 2


BAD = [
    ("chapter", [], "chapter: expected an object"),
    ("chapter.tier", 7, r"chapter.tier: A tier is 0 to 6, not 7"),
    ("chapter.hold", "firm", r"chapter.hold: Hold is"),
    ("chapter.rep", 11, r"chapter.rep: Rep is 0 to 10, not 11"),  # 2 turf: 10 fills it
    ("chapter.coin", -1, r"chapter.coin: must be at least 0"),
    ("chapter.lair_held", "yes", r"chapter.lair_held: expected true or false"),
    ("chapter.name", "", r"chapter.name: A name cannot be empty"),
    ("factions", {}, "factions: expected a list"),
    ("factions.2.tier", 9, r"factions\[2\].tier: A tier is 0 to 6, not 9"),
    ("factions.2.status", -4, r"factions\[2\].status: A status is -3 to 3, not -4"),
    ("factions.2.hold", "none", r"factions\[2\].hold: Hold is"),
    ("factions.2.at_war_with_others", 0, r"factions\[2\].at_war_with_others: expected true"),
    ("factions.2.name", "the tidewardens", r"factions\[2\].name: “the tidewardens” is used twice"),
    ("factions.2.name", "The Saltmarsh Ledger", r"factions\[2\].name: .* the chapter's name"),
    ("factions.2.id", 1, r"factions\[2\].id: 1 is used twice"),
    ("factions.2.id", _DELETE, r"factions\[2\].id: expected a whole number"),
    ("claims.1.holder_id", 99, r"claims\[1\].holder_id: there is no faction 99"),
    ("claims.1.name", "Lair", r"claims\[1\].name: “Lair” is the centre of the map"),
    ("claims.1.name", "tarry quay warehouses", r"claims\[1\].name: .* is used twice"),
    ("claims.1.x", "west", r"claims\[1\].x: x must be a number"),
    ("claims.1.turf", 1, r"claims\[1\].turf: expected true or false"),
    ("claims.1.benefit", 5, r"claims\[1\].benefit: A claim's benefit must be text"),
    ("claim_paths.0.end", 42, r"claim_paths\[0\].end: there is no claim 42"),
    ("claim_paths.0.end", 0, r"claim_paths\[0\].end: a path can't lead from a place to itself"),
    ("claim_paths.1", {"start": 1, "end": 0}, r"claim_paths\[1\]: there is already a path"),
    ("clocks.0.segments", 13, r"clocks\[0\].segments: A clock has 2 to 12 segments, not 13"),
    ("clocks.0.filled", 9, r"clocks\[0\].filled: A 8-segment clock has 0 to 8 filled, not 9"),
    ("clocks.0.owner_kind", "crew", r"clocks\[0\].owner_kind: A clock belongs to one of"),
    ("clocks.2.owner_id", 42, r"clocks\[2\].owner_id: there is no character 42"),
    ("clocks.3.owner_id", 42, r"clocks\[3\].owner_id: there is no faction 42"),
    ("clocks.0.owner_id", 3, r"clocks\[0\].owner_id: A clock of no one has owner id 0"),
    ("clocks.1.id", 1, r"clocks\[1\].id: 1 is used twice"),
    ("characters.0.downtime", [], r"characters\[0\].downtime: expected an object"),
    ("characters.0.downtime.stress", 10, r"characters\[0\].downtime.stress: A 9-box stress"),
    ("characters.0.downtime.trauma", 5, r"characters\[0\].downtime.trauma: Trauma is 0 to 4"),
    ("characters.0.downtime.hp", 13, r"characters\[0\].downtime.hp: Current HP is 0 to 12"),
    ("characters.0.downtime.hp_max", 0, r"characters\[0\].downtime.hp_max: must be at least 1"),
    ("characters.0.downtime.xp.1.marks", -1, r"downtime.xp\[1\].marks: must be at least 0"),
    ("characters.0.downtime.xp.1.track", "", r"downtime.xp\[1\].track: A name cannot be empty"),
    ("characters.0.downtime.xp.1.track", "insight", r"downtime.xp: The XP track insight is"),
    ("characters.0.downtime.vice", None, r"characters\[0\].downtime.vice: A vice must be text"),
    ("campaign.settings.stress_track", 1, r"campaign.settings.stress_track: A stress track has 2"),
    ("downtime_sessions", [{"number": 0}], r"downtime_sessions\[0\].number: must be at least 1"),
    (
        "downtime_sessions",
        [{"number": 1}, {"number": 1}],
        r"downtime_sessions\[1\].number: 1 is used twice",
    ),
    (
        "downtime_sessions",
        [{"number": 1, "entries": [{"id": 1, "activity": "nap", "summary": "Napped"}]}],
        r"downtime_sessions\[0\].entries\[0\].activity: A downtime step is one of",
    ),
    (
        "downtime_sessions",
        [
            {
                "number": 1,
                "entries": [{"id": 1, "activity": "train", "summary": "T", "character_id": 9}],
            }
        ],
        r"downtime_sessions\[0\].entries\[0\].character_id: there is no character 9",
    ),
    (
        "downtime_sessions",
        [{"number": 1, "entries": [{"id": 1, "activity": "train", "summary": ""}]}],
        r"downtime_sessions\[0\].entries\[0\].summary: A downtime step needs a summary",
    ),
    (
        "downtime_sessions",
        [{"number": 1, "entries": [{"id": 1, "activity": "train", "summary": "T", "extra": "x"}]}],
        r"downtime_sessions\[0\].entries\[0\].extra: An extra activity is paid in",
    ),
]


@pytest.mark.parametrize(("where", "value", "message"), BAD)
def test_bad_downtime_is_refused_by_its_path_and_writes_nothing(
    where: str, value: object, message: str, tmp_path: Path, data_dir: Path
) -> None:
    _refused_import(where, value, message, tmp_path, data_dir)


def test_the_sample_campaign_has_the_downtime_of_a_smuggling_port(data_dir: Path) -> None:
    path = ensure_sample_campaign(data_dir, resources_dir())
    with Campaign.open(path, data_dir=data_dir) as sample:
        chapter = sample.chapter.get()
        assert (chapter.name, chapter.tier, chapter.hold, chapter.rep, chapter.coin) == (
            "The Saltmarsh Ledger",
            1,
            "weak",
            5,
            9,
        )
        assert (chapter.heat, chapter.turf, chapter.at_war) == (2, 2, False)
        ladder = sample.factions.all()
        assert len(ladder) == 8
        assert {f.tier for f in ladder} == {0, 1, 2, 3, 4}
        assert {f.status for f in ladder} == {-2, -1, 0, 1, 2, 3}
        assert sum(f.at_war_with_others for f in ladder) == 1
        claims = sample.chapter.claims()
        ours = [c for c in claims if c.holder_id == 0]
        assert len(claims) == 6 and len(ours) == 3 and sum(c.turf for c in ours) == 2
        assert sample.chapter.claim_map().on_path("Customs House Ledgers")
        by_owner = {(c.owner_kind, c.name): c for c in sample.clocks.all()}
        debt = by_owner[("character", "Pay off the harbourmaster")]
        assert (debt.owner_id, debt.segments, debt.filled) == (1, 6, 2)
        route = by_owner[("chapter", "Expand the smuggling route")]
        assert (route.segments, route.filled) == (8, 3)
        assert sorted(c.segments for c in sample.clocks.all() if c.owner_kind == "faction") == [
            4,
            6,
        ]
        assert sum(c.owner_kind == "none" for c in sample.clocks.all()) == 1
        pcs = [c.id for c in sample.roster.all() if c.kind == "pc"]
        assert set(sample.downtime.sheets(stored_only=True)) == set(pcs)
        for pc in pcs:
            assert sample.downtime.of_character(pc).free == 2  # no war with the chapter
