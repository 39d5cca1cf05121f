"""The campaign's print language: English until chosen, one step of history, kept by an
export and its import, and a bad code refused (by the store and by the import)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from desktop.store import Campaign
from desktop.store.exchange import ImportRefused, export_campaign, import_campaign, trusted_images


def test_english_until_chosen_and_the_previous_given_back(campaign: Campaign) -> None:
    assert campaign.print_language() == "en"
    assert campaign.set_print_language("de") == "en"
    assert campaign.print_language() == "de"
    assert campaign.set_print_language("en") == "de"  # what an undo does
    assert campaign.print_language() == "en"
    # The rule settings are untouched by it, and it by them.
    campaign.set_print_language("es")
    campaign.update_settings(stress_track=10)
    assert campaign.print_language() == "es"
    assert "print_language" not in campaign.settings()


@pytest.mark.parametrize("code", ["xx", "", "FR", "fr_FR", 3, None])
def test_an_unknown_language_is_refused_and_nothing_written(
    campaign: Campaign, code: object
) -> None:
    campaign.set_print_language("fr")
    with pytest.raises(ValueError, match="print language is one of en, fr, de, es"):
        campaign.set_print_language(code)  # type: ignore[arg-type]
    assert campaign.print_language() == "fr"


def test_an_export_keeps_it_and_a_bad_one_is_refused(
    campaign: Campaign, data_dir: Path, tmp_path: Path
) -> None:
    campaign.set_print_language("fr")
    exported = tmp_path / "out.json"
    export_campaign(campaign, exported)
    document = json.loads(exported.read_text(encoding="utf-8"))
    assert document["campaign"]["settings"]["print_language"] == "fr"
    with import_campaign(
        exported, tmp_path / "in.gmdesk", data_dir=data_dir, images=trusted_images
    ) as imported:
        assert imported.print_language() == "fr"
    document["campaign"]["settings"]["print_language"] = "klingon"
    exported.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(ImportRefused, match="print language"):
        import_campaign(exported, tmp_path / "bad.gmdesk", data_dir=data_dir, images=trusted_images)
    assert not (tmp_path / "bad.gmdesk").exists()
