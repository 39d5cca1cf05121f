"""The export's JSON Schema is committed (resources/campaign-export.schema.json) and is
the one the pydantic models declare: `make schema` writes it again after a change."""

from __future__ import annotations

import json

from desktop.paths import resources_dir
from desktop.store import Campaign
from desktop.store.exchange import export_document
from desktop.store.exchange.models import SCHEMA_FILE, CampaignExport, schema_text
from tests.store.test_exchange import _sample


def test_the_committed_schema_is_the_models_schema() -> None:
    committed = (resources_dir() / SCHEMA_FILE).read_text(encoding="utf-8")
    assert committed == schema_text(), "the export models changed: run `make schema`"


def test_the_schema_declares_every_section_of_an_export() -> None:
    schema = json.loads((resources_dir() / SCHEMA_FILE).read_text(encoding="utf-8"))
    assert set(schema["required"]) == {"format", "version", "campaign"}
    assert set(schema["properties"]) >= set(_sample())
    die = schema["$defs"]["Die"]["properties"]
    assert die["steps"]["minimum"] == 0 and die["steps"]["type"] == "integer"


def test_a_fresh_export_has_only_what_the_models_declare(campaign: Campaign) -> None:
    kara = campaign.roster.add("Kara")
    campaign.kit.add_dice(kara.id, count=2)
    document = export_document(campaign)
    declared = CampaignExport.model_fields
    assert set(document) <= set(declared)
    character = CampaignExport.model_validate(document).characters[0]
    assert character.name == "Kara" and len(character.dice) == 2
