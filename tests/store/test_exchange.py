"""A whole campaign as JSON: a round trip keeps everything; a bad file writes nothing."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from desktop.paths import resources_dir
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
    campaign.add_character("Kara Voss", "pc", "Owes the Tidewardens.\nLine two: “quotes” ü")
    gone = campaign.add_character("Gone", "npc")
    campaign.add_character("The Drowned Stair", "challenge")
    campaign.delete_character(gone.id)  # ids with gaps survive too
    exported = tmp_path / "out.json"
    export_campaign(campaign, exported)

    with import_campaign(exported, tmp_path / "in.gmdesk", data_dir=data_dir) as imported:
        assert export_document(imported) == export_document(campaign)
        assert imported.characters() == campaign.characters()


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
