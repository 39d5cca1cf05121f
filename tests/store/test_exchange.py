"""A whole campaign as JSON: a round trip keeps everything; a bad file writes nothing."""

from __future__ import annotations

import copy
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from desktop.paths import resources_dir
from desktop.rules import dicepool
from desktop.rules.dicepool import Trait, create_character, preset
from desktop.store.campaign import Campaign
from desktop.store.exchange import (
    ImportRefused,
    export_campaign,
    export_document,
    import_campaign,
    read_document,
)
from desktop.store.sample import ensure_sample_campaign


def test_round_trip_keeps_everything(campaign: Campaign, data_dir: Path, tmp_path: Path) -> None:
    kara = campaign.add_character("Kara Voss", "pc", "Owes the Tidewardens.\nLine two: “quotes” ü")
    gone = campaign.add_character("Gone", "npc")
    stair = campaign.add_character("The Drowned Stair", "challenge")
    dice = campaign.add_dice(kara.id, count=4)
    campaign.update_dice(
        [
            replace(dice[0], place="table"),
            replace(dice[1], place="removed"),
            replace(dice[2], in_tray=True, steps=2),
            replace(dice[3], in_tray=True, down_to_d4=True),
        ]
    )
    campaign.add_dice(stair.id, size=8, count=2)
    campaign.add_trait(kara.id, "Harbour lore", value=2)
    campaign.add_trait(stair.id, "Rising water", broad=True)
    campaign.add_item(kara.id, "Boarding cutlass", "weapon", 8, deplete=True)
    coat = campaign.add_item(kara.id, "Oilskin coat", "armour", 6)
    campaign.delete_item(campaign.add_item(kara.id, "Lost", "weapon", 4).id)  # an id gap
    campaign.add_dice(gone.id, count=2)
    campaign.log_roll(kara.id, "Kara Voss", "roll", {"faces": [1, 6], "ü": "“x”"}, 8, "8")
    undone = campaign.log_roll(gone.id, "Gone", "conflict", {}, None, "tie")
    campaign.set_roll_undone(undone.id, True)
    campaign.delete_character(gone.id)  # ids with gaps survive, and its log line stays
    exported = tmp_path / "out.json"
    export_campaign(campaign, exported)

    with import_campaign(exported, tmp_path / "in.gmdesk", data_dir=data_dir) as imported:
        assert export_document(imported) == export_document(campaign)
        assert imported.characters() == campaign.characters()
        for character in campaign.characters():
            assert imported.snapshot(character.id) == campaign.snapshot(character.id)
        assert imported.rolls() == campaign.rolls()
        assert imported.rolls()[0].character_id is None and imported.rolls()[0].undone
        assert imported.items(kara.id)[1] == coat
        # The ids go on from where they were: a new die does not take an old one's id.
        assert imported.add_dice(kara.id)[0].id == campaign.add_dice(kara.id)[0].id


def test_an_export_from_before_dice_pools_imports(tmp_path: Path, data_dir: Path) -> None:
    old = _sample()
    del old["roll_log"]
    for character in old["characters"]:
        for key in ("dice", "traits", "items"):
            del character[key]
    source = tmp_path / "old.json"
    source.write_text(json.dumps(old), encoding="utf-8")
    with import_campaign(source, tmp_path / "old.gmdesk", data_dir=data_dir) as imported:
        assert len(imported.characters()) == 7
        assert imported.rolls() == []
        assert set(imported.dice_counts().values()) == {(0, 0, 0)}


def test_the_sample_pools_follow_the_rules(data_dir: Path) -> None:
    path = ensure_sample_campaign(data_dir, resources_dir())
    with Campaign.open(path, data_dir=data_dir) as sample:
        by_name = {c.name: c for c in sample.characters()}
        counts = sample.dice_counts()
        for character in by_name.values():
            traits = [Trait(t.name, t.value, t.broad) for t in sample.traits(character.id)]
            ordinary = sum(counts[character.id])
            assert all(
                d.size == dicepool.DEFAULT_SIZE
                for d in sample.dice(character.id)
                if d.kind == "ordinary"
            )
            if character.kind == "pc":  # 10 d6 at creation, less what the traits cost
                assert ordinary == len(create_character(traits).pool.dice), character.name
        assert counts[by_name["Kara Voss"].id] == (5, 2, 1)
        assert counts[by_name["Captain Reyne Dask"].id] == (8, 0, 0)
        assert counts[by_name["The Drowned Stair"].id] == (preset("Tiring").count_for(6), 0, 0)
        assert counts[by_name["Customs House Vault"].id] == (preset("Draining").count_for(6), 0, 0)
        kara = by_name["Kara Voss"].id
        items = {i.name: i for i in sample.items(kara)}
        dice = {d.id: d for d in sample.dice(kara)}
        cutlass, coat = items["Boarding cutlass"], items["Oilskin coat"]
        assert cutlass.deplete and dice[cutlass.die_id].kind == "damage"  # type: ignore[index]
        assert dice[cutlass.die_id].size == 8  # type: ignore[index]
        assert dice[coat.die_id].kind == "protection"  # type: ignore[index]
        assert [i.kind for i in sample.items(by_name["Brother Ilian"].id)] == ["armour"]
        assert [i.kind for i in sample.items(by_name["Captain Reyne Dask"].id)] == ["weapon"]
        for name in ("Captain Reyne Dask", "The Drowned Stair", "Customs House Vault"):
            assert sample.traits(by_name[name].id), name
        rolls = sample.rolls()
        assert any(r.detail.get("depleted") for r in rolls)
        assert any(r.detail.get("tuple") for r in rolls)
        assert {r.kind for r in rolls} == {"roll", "conflict"}


def test_the_sample_campaign_imports(data_dir: Path) -> None:
    path = ensure_sample_campaign(data_dir, resources_dir())
    with Campaign.open(path, data_dir=data_dir) as sample:
        kinds = {c.kind for c in sample.characters()}
        assert kinds == {"pc", "npc", "challenge"}
        assert sample.summary().name == "The Saltmarsh Ledger"
    before = path.read_bytes()
    assert ensure_sample_campaign(data_dir, resources_dir()) == path
    assert path.read_bytes() == before  # made once, never remade over the GM's copy


def _sample() -> dict[str, Any]:
    return json.loads((resources_dir() / "sample-campaign.json").read_text(encoding="utf-8"))


def _set(document: dict[str, Any], dotted: str, value: object) -> dict[str, Any]:
    changed = copy.deepcopy(document)
    *parents, last = dotted.split(".")
    target: Any = changed
    for key in parents:
        target = target[int(key)] if key.isdigit() else target[key]
    if value is _DELETE:
        del target[last]
    else:
        target[int(last) if last.isdigit() else last] = value
    return changed


_DELETE = object()

BAD = [
    ("format", "something-else", "format"),
    ("version", 99, "newer GM Desk"),
    ("version", "1", "version: expected a whole number"),
    ("campaign.name", "", "campaign.name: A name cannot be empty"),
    ("campaign.start_date", "March", "campaign.start_date: expected a date"),
    ("campaign.current_day", 0, "campaign.current_day: must be at least 1"),
    ("campaign.settings", [], "campaign.settings: expected an object"),
    ("characters", {}, "characters: expected a list"),
    ("characters.2.kind", "dragon", r"characters\[2\].kind"),
    ("characters.3.name", None, r"characters\[3\].name: A name must be text"),
    ("characters.1.id", 1, r"characters\[1\].id: 1 is used twice"),
    ("characters.0.id", True, r"characters\[0\].id: expected a whole number"),
    ("characters.0.notes", 7, r"characters\[0\].notes: Notes must be text"),
    ("campaign", _DELETE, "campaign: expected an object"),
    ("characters.0.dice", {}, r"characters\[0\].dice: expected a list"),
    ("characters.0.dice.3.size", 7, r"characters\[0\].dice\[3\].size: Die size must be one of"),
    ("characters.0.dice.3.kind", "gold", r"characters\[0\].dice\[3\].kind: A die's kind"),
    ("characters.0.dice.3.place", "sea", r"characters\[0\].dice\[3\].place: A die's place"),
    ("characters.0.dice.3.in_tray", 1, r"characters\[0\].dice\[3\].in_tray: expected true"),
    ("characters.0.dice.3.steps", 5, r"characters\[0\].dice\[3\].steps: A d6 can go up 4"),
    ("characters.1.dice.0.id", 1, r"characters\[1\].dice\[0\].id: 1 is used twice"),
    ("characters.0.dice.8.item_id", 9, r"characters\[0\].dice\[8\].item_id: .* no item 9"),
    (
        "characters.0.dice.9",
        {"id": 99, "size": 8, "kind": "damage", "item_id": 1},
        r"characters\[0\].dice\[9\].item_id: Boarding cutlass already has a die",
    ),
    ("characters.0.dice.8.kind", "ordinary", r"characters\[0\].dice\[8\].kind: .* damage die"),
    ("characters.0.traits.1.value", 0, r"characters\[0\].traits\[1\].value: must be at least 1"),
    ("characters.0.traits.1.name", "NERVE", r"characters\[0\].traits\[1\].name: .* used twice"),
    ("characters.1.traits.0.id", 1, r"characters\[1\].traits\[0\].id: 1 is used twice"),
    ("characters.0.items.0.kind", "shield", r"characters\[0\].items\[0\].kind: An item"),
    ("characters.0.items.1.deplete", "no", r"characters\[0\].items\[1\].deplete: expected"),
    ("roll_log", {}, "roll_log: expected a list"),
    ("roll_log.0.character_id", 99, r"roll_log\[0\].character_id: there is no character 99"),
    ("roll_log.0.at", "yesterday", r"roll_log\[0\].at: Expected a date and time"),
    ("roll_log.0.detail", [], r"roll_log\[0\].detail: expected an object"),
    ("roll_log.0.kind", "dance", r"roll_log\[0\].kind: A roll log line is one of"),
    ("roll_log.0.undone", None, r"roll_log\[0\].undone: expected true or false"),
    ("roll_log.1.id", 1, r"roll_log\[1\].id: 1 is used twice"),
]


@pytest.mark.parametrize(("where", "value", "message"), BAD)
def test_bad_import_names_the_field_and_writes_nothing(
    where: str, value: object, message: str, tmp_path: Path, data_dir: Path
) -> None:
    source = tmp_path / "bad.json"
    source.write_text(json.dumps(_set(_sample(), where, value)), encoding="utf-8")
    target = tmp_path / "never.gmdesk"
    with pytest.raises(ImportRefused, match=message):
        import_campaign(source, target, data_dir=data_dir)
    assert not target.exists()
    assert not [p for p in tmp_path.iterdir() if "never" in p.name]


def test_not_json_is_refused_plainly(tmp_path: Path) -> None:
    source = tmp_path / "notes.json"
    source.write_text("{ this is not json", encoding="utf-8")
    with pytest.raises(ImportRefused, match="is not a GM Desk export"):
        read_document(source)
