"""The "shown to players" marks (issue 17): their defaults, changing them, the upgrade of
an older campaign, and the export that carries them."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from desktop.store import (
    OWNER_NONE,
    Campaign,
    Topic,
    export_campaign,
    import_campaign,
)
from desktop.store.exchange import trusted_images
from desktop.store.migrations import REVISIONS

CAMPAIGNS = Path(__file__).resolve().parent / "campaigns"


def test_new_clocks_and_cards_are_hidden_and_new_factions_shown(campaign: Campaign) -> None:
    assert not campaign.clocks.add("Doom", 6).shown
    assert campaign.clocks.add("Public", 4, shown=True).shown
    assert campaign.factions.add("Red Sashes").shown
    assert not campaign.factions.add("Secret Cabal", shown=False).shown
    assert not campaign.cards.add("Hidden blade").shown
    # Read back from the file, not only as returned.
    assert [c.shown for c in campaign.clocks.all()] == [False, True]
    assert {f.name: f.shown for f in campaign.factions.all()} == {
        "Red Sashes": True,
        "Secret Cabal": False,
    }


def test_showing_and_hiding_tells_the_area_and_undoes(campaign: Campaign) -> None:
    clock = campaign.clocks.add("Doom", 6, owner_kind=OWNER_NONE)
    faction = campaign.factions.add("Red Sashes")
    card = campaign.cards.add("Sword")
    told: list[Topic] = []
    campaign.subscribe(told.append)

    before = campaign.clocks.update(clock.id, shown=True)
    assert campaign.clocks.get(clock.id).shown and not before.shown
    campaign.factions.update(faction.id, shown=False)
    assert not campaign.factions.get(faction.id).shown
    campaign.cards.update(card.id, shown=True)
    assert campaign.cards.get(card.id).shown
    assert told == [Topic.CLOCKS, Topic.FACTIONS, Topic.CARDS]

    campaign.clocks.update(clock.id, shown=before.shown)
    assert not campaign.clocks.get(clock.id).shown
    with pytest.raises(ValueError, match="Shown to players"):
        campaign.clocks.update(clock.id, shown="yes")


def test_a_deleted_faction_comes_back_with_its_marks(campaign: Campaign) -> None:
    faction = campaign.factions.add("Secret Cabal", shown=False)
    campaign.clocks.add("Their plan", 8, owner_kind="faction", owner_id=faction.id, shown=True)
    snapshot = campaign.factions.delete(faction.id)
    campaign.factions.restore(snapshot)
    assert not campaign.factions.get(faction.id).shown
    assert [c.shown for c in campaign.clocks.of_owner("faction", faction.id)] == [True]


def test_upgrading_keeps_secrets_hidden_and_factions_shown(tmp_path: Path, data_dir: Path) -> None:
    old = REVISIONS[REVISIONS.index("0008_shown_to_players") - 1]
    path = tmp_path / "old.gmdesk"
    shutil.copyfile(CAMPAIGNS / f"{old}.gmdesk", path)
    with Campaign.open(path, data_dir=data_dir) as opened:
        clocks, factions, cards = (
            opened.clocks.all(),
            opened.factions.all(),
            opened.cards.all(),
        )
        assert clocks and factions and cards
        assert not any(clock.shown for clock in clocks)  # a GM's clock may be a secret
        assert all(faction.shown for faction in factions)
        assert not any(card.shown for card in cards)
        # New rows after the upgrade get the model's defaults too.
        assert not opened.clocks.add("After", 4).shown
        assert opened.factions.add("Newcomers").shown


def test_the_export_carries_the_marks(campaign: Campaign, tmp_path: Path, data_dir: Path) -> None:
    shown_clock = campaign.clocks.add("Public", 4, shown=True)
    hidden_clock = campaign.clocks.add("Secret", 4)
    hidden_faction = campaign.factions.add("Cabal", shown=False)
    shown_card = campaign.cards.add("Known sword", shown=True)
    exported = tmp_path / "out.json"
    export_campaign(campaign, exported)
    document = json.loads(exported.read_text(encoding="utf-8"))
    assert {c["name"]: c["shown"] for c in document["clocks"]} == {"Public": True, "Secret": False}
    with import_campaign(
        exported, tmp_path / "in.gmdesk", data_dir=data_dir, images=trusted_images
    ) as imported:
        assert imported.clocks.get(shown_clock.id).shown
        assert not imported.clocks.get(hidden_clock.id).shown
        assert not imported.factions.get(hidden_faction.id).shown
        assert imported.cards.get(shown_card.id).shown


def test_an_export_without_marks_imports_as_an_upgrade_would(
    campaign: Campaign, tmp_path: Path, data_dir: Path
) -> None:
    campaign.clocks.add("Public", 4, shown=True)
    campaign.factions.add("Cabal", shown=False)
    exported = tmp_path / "out.json"
    export_campaign(campaign, exported)
    document = json.loads(exported.read_text(encoding="utf-8"))
    for key in ("clocks", "factions", "cards"):
        for row in document[key]:
            del row["shown"]
    exported.write_text(json.dumps(document), encoding="utf-8")
    with import_campaign(
        exported, tmp_path / "in.gmdesk", data_dir=data_dir, images=trusted_images
    ) as imported:
        assert [c.shown for c in imported.clocks.all()] == [False]
        assert [f.shown for f in imported.factions.all()] == [True]
