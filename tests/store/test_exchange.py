"""A whole campaign as JSON: a round trip keeps everything; a bad file writes nothing."""

from __future__ import annotations

import base64
import copy
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from desktop.paths import resources_dir
from desktop.rules import dicepool, energy
from desktop.rules.dicepool import Trait, create_character, preset
from desktop.store import Campaign, CardRecord
from desktop.store.exchange import (
    ImportRefused,
    export_campaign,
    export_document,
    import_campaign,
    read_document,
    trusted_images,
)
from desktop.store.sample import ensure_sample_campaign


def imported_document(imported: Campaign) -> dict[str, Any]:
    """An imported campaign's export without the import's own history entry, its last
    (checked here): what must equal the export it was imported from."""
    document = export_document(imported)
    told = document["history"].pop()
    assert told["sentence"].startswith("Imported from ") and told["area"] == "campaign"
    return document


def test_round_trip_keeps_everything(campaign: Campaign, data_dir: Path, tmp_path: Path) -> None:
    kara = campaign.roster.add("Kara Voss", "pc", "Owes the Tidewardens.\nLine two: “quotes” ü")
    gone = campaign.roster.add("Gone", "npc")
    stair = campaign.roster.add("The Drowned Stair", "challenge")
    dice = campaign.kit.add_dice(kara.id, count=4)
    campaign.kit.update_dice(
        [
            replace(dice[0], place="table"),
            replace(dice[1], place="removed"),
            replace(dice[2], in_tray=True, steps=2),
            replace(dice[3], in_tray=True, down_to_d4=True),
        ]
    )
    campaign.kit.add_dice(stair.id, size=8, count=2)
    campaign.kit.add_trait(kara.id, "Harbour lore", value=2)
    campaign.kit.add_trait(stair.id, "Rising water", broad=True)
    campaign.kit.add_item(kara.id, "Boarding cutlass", "weapon", 8, deplete=True)
    coat = campaign.kit.add_item(kara.id, "Oilskin coat", "armour", 6)
    campaign.kit.delete_item(campaign.kit.add_item(kara.id, "Lost", "weapon", 4).id)  # an id gap
    campaign.kit.add_dice(gone.id, count=2)
    campaign.rolls.log(kara.id, "Kara Voss", "roll", {"faces": [1, 6], "ü": "“x”"}, 8, "8")
    undone = campaign.rolls.log(gone.id, "Gone", "conflict", {}, None, "tie")
    campaign.rolls.set_undone(undone.id, True)
    campaign.roster.delete(gone.id)  # ids with gaps survive, and its log line stays
    exported = tmp_path / "out.json"
    export_campaign(campaign, exported)

    with import_campaign(
        exported, tmp_path / "in.gmdesk", data_dir=data_dir, images=trusted_images
    ) as imported:
        assert imported_document(imported) == export_document(campaign)
        assert imported.roster.all() == campaign.roster.all()
        for character in campaign.roster.all():
            assert imported.roster.snapshot(character.id) == campaign.roster.snapshot(character.id)
        assert imported.rolls.all() == campaign.rolls.all()
        assert imported.rolls.all()[0].character_id is None and imported.rolls.all()[0].undone
        assert imported.kit.items(kara.id)[1] == coat
        # The ids go on from where they were: a new die does not take an old one's id.
        assert imported.kit.add_dice(kara.id)[0].id == campaign.kit.add_dice(kara.id)[0].id


PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(256))


def test_round_trip_keeps_cards_images_and_settings(
    campaign: Campaign, data_dir: Path, tmp_path: Path
) -> None:
    kara = campaign.roster.add("Kara Voss")
    gone = campaign.roster.add("Gone")
    knife = campaign.cards.add(
        "Knife work",
        efficiency=47,
        power=2,
        velocity=6,
        zone="Arm's reach",
        scale="Human",
        info="<p><b>Forced Challenge:</b> longer blades need NR&nbsp;35 — “tight” ü</p>",
        tags=["combat", "close quarters"],
    )
    # The owner comes after the card it owns, so the import cannot insert in id order.
    card = campaign.cards.add("Kara Voss", "character", character_id=kara.id, efficiency=34)
    campaign.cards.update(knife.id, owner_id=card.id)
    campaign.cards.add("Ghost", "other", character_id=gone.id, capacity=False)
    campaign.roster.delete(gone.id)  # its card stays, unlinked
    campaign.cards.delete(campaign.cards.add("Lost").id)  # an id gap
    campaign.cards.add("Saltmarsh drake", "creature", efficiency=100, position=0)
    campaign.cards.set_image(card.id, PNG)
    campaign.update_settings(raise_from=95, raise_by=3)
    exported = tmp_path / "out.json"
    export_campaign(campaign, exported)
    document = json.loads(exported.read_text(encoding="utf-8"))
    assert document["cards"][2]["image"] == {
        "format": "png",
        "data": base64.b64encode(PNG).decode("ascii"),
    }
    assert document["cards"][1]["tags"] == ["combat", "close quarters"]

    with import_campaign(
        exported, tmp_path / "in.gmdesk", data_dir=data_dir, images=trusted_images
    ) as imported:
        assert imported_document(imported) == export_document(campaign)
        assert imported.cards.all() == campaign.cards.all()
        assert imported.cards.all()[0].name == "Saltmarsh drake"
        assert imported.cards.get(knife.id).owner_id == card.id
        assert imported.cards.image(card.id) == ("png", PNG)
        assert imported.settings() == {
            "raise_from": 95,
            "raise_by": 3,
            "stress_track": 9,
            "starting_dice": 10,
        }
        # The filter's search text is made on import too.
        assert imported.cards.all("nr 35 — “tight” Ü") == [imported.cards.get(knife.id)]
        assert imported.integrity_check() == ["ok"]


def test_an_import_never_brings_sharing_or_its_links(
    campaign: Campaign, data_dir: Path, tmp_path: Path
) -> None:
    # A campaign file from elsewhere whose author set sharing on with links they know:
    # opened, it would serve the players' pages to the author, unasked.
    export_campaign(campaign, tmp_path / "out.json")
    document = json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))
    planted = {"on": True, "host": "127.0.0.1", "port": 8765, "tokens": {"1": "p" * 32}}
    document["campaign"]["settings"]["player_sharing"] = planted
    crafted = tmp_path / "crafted.json"
    crafted.write_text(json.dumps(document), encoding="utf-8")
    with import_campaign(
        crafted, tmp_path / "in.gmdesk", data_dir=data_dir, images=trusted_images
    ) as imported:
        assert imported.sharing() == {
            "on": False,
            "host": "",
            "port": 0,
            "tokens": {},
            "rolls": [],
            "roll_timing": "whenever",
        }
        assert imported.settings() == campaign.settings()


def test_an_export_from_before_cards_imports(tmp_path: Path, data_dir: Path) -> None:
    old = _sample()
    del old["cards"]
    source = tmp_path / "old.json"
    source.write_text(json.dumps(old), encoding="utf-8")
    with import_campaign(
        source, tmp_path / "old.gmdesk", data_dir=data_dir, images=trusted_images
    ) as imported:
        assert imported.cards.all() == []
        assert imported.settings() == {
            "raise_from": 100,
            "raise_by": 1,
            "stress_track": 9,
            "starting_dice": 10,
        }


def test_a_card_needs_only_an_id_and_a_name(tmp_path: Path, data_dir: Path) -> None:
    document = {**_sample(), "cards": [{"id": 7, "name": "Gull"}]}
    source = tmp_path / "short.json"
    source.write_text(json.dumps(document), encoding="utf-8")
    with import_campaign(
        source, tmp_path / "short.gmdesk", data_dir=data_dir, images=trusted_images
    ) as imported:
        (card,) = imported.cards.all()
    assert card == CardRecord(
        7, "Gull", "skill", None, None, True, 1, 0, 0, 0, 0, "", "", "", (), 0, False
    )


def test_the_sample_cards_show_what_cards_can_hold(data_dir: Path) -> None:
    path = ensure_sample_campaign(data_dir, resources_dir())
    with Campaign.open(path, data_dir=data_dir) as sample:
        cards = sample.cards.all()
        by_name = {card.name: card for card in cards}
        characters = {c.id: c.name for c in sample.roster.all()}
    assert len(cards) >= 12
    assert {c.category for c in cards} >= {"character", "skill", "item", "vehicle", "creature"}
    pcs = [c for c in cards if c.category == "character"]
    assert {characters[c.character_id] for c in pcs if c.character_id} == {
        "Kara Voss",
        "Brother Ilian",
        "Mira Threnody",
    }
    assert all(by_name[characters[c.character_id]] == c for c in pcs if c.character_id)
    owned = [c for c in cards if c.category in ("skill", "item")]
    assert owned and all(c.owner_id in {p.id for p in pcs} for c in owned)
    for pc in pcs:
        assert _owned_by(cards, pc.id), pc.name
    assert by_name["The Gull's Wager"].category == "vehicle"
    drake = by_name["Saltmarsh drake"]
    assert drake.category == "creature"
    assert any(c.owner_id == drake.id for c in cards)  # its own ability
    efficiencies = [c.efficiency for c in cards]
    assert len(set(efficiencies)) >= 10 and min(efficiencies) == 1 and max(efficiencies) > 80
    assert all(c.info.startswith("<p>") and c.tags for c in cards)
    infos = " ".join(c.info for c in cards)
    for rule in ("Forced Challenge", "Challenge Rejection", "NR"):
        assert rule in infos
    assert not any(c.has_image for c in cards)


def _owned_by(cards: list[CardRecord], owner_id: int) -> list[CardRecord]:
    return [c for c in cards if c.owner_id == owner_id]


def test_an_export_from_before_dice_pools_imports(tmp_path: Path, data_dir: Path) -> None:
    old = _sample()
    del old["roll_log"]
    for character in old["characters"]:
        for key in ("dice", "traits", "items"):
            del character[key]
    source = tmp_path / "old.json"
    source.write_text(json.dumps(old), encoding="utf-8")
    with import_campaign(
        source, tmp_path / "old.gmdesk", data_dir=data_dir, images=trusted_images
    ) as imported:
        assert len(imported.roster.all()) == 7
        assert imported.rolls.all() == []
        assert set(imported.kit.dice_counts().values()) == {(0, 0, 0)}


def test_the_sample_pools_follow_the_rules(data_dir: Path) -> None:
    path = ensure_sample_campaign(data_dir, resources_dir())
    with Campaign.open(path, data_dir=data_dir) as sample:
        by_name = {c.name: c for c in sample.roster.all()}
        counts = sample.kit.dice_counts()
        for character in by_name.values():
            traits = [Trait(t.name, t.value, t.broad) for t in sample.kit.traits(character.id)]
            ordinary = sum(counts[character.id])
            assert all(
                d.size == dicepool.DEFAULT_SIZE
                for d in sample.kit.dice(character.id)
                if d.kind == "ordinary"
            )
            if character.kind == "pc":  # 10 d6 at creation, less what the traits cost
                assert ordinary == len(create_character(traits).pool.dice), character.name
        assert counts[by_name["Kara Voss"].id] == (5, 2, 1)
        assert counts[by_name["Captain Reyne Dask"].id] == (8, 0, 0)
        assert counts[by_name["The Drowned Stair"].id] == (preset("Tiring").count_for(6), 0, 0)
        assert counts[by_name["Customs House Vault"].id] == (preset("Draining").count_for(6), 0, 0)
        kara = by_name["Kara Voss"].id
        items = {i.name: i for i in sample.kit.items(kara)}
        dice = {d.id: d for d in sample.kit.dice(kara)}
        cutlass, coat = items["Boarding cutlass"], items["Oilskin coat"]
        assert cutlass.deplete and dice[cutlass.die_id].kind == "damage"  # type: ignore[index]
        assert dice[cutlass.die_id].size == 8  # type: ignore[index]
        assert dice[coat.die_id].kind == "protection"  # type: ignore[index]
        assert [i.kind for i in sample.kit.items(by_name["Brother Ilian"].id)] == ["armour"]
        assert [i.kind for i in sample.kit.items(by_name["Captain Reyne Dask"].id)] == ["weapon"]
        for name in ("Captain Reyne Dask", "The Drowned Stair", "Customs House Vault"):
            assert sample.kit.traits(by_name[name].id), name
        rolls = sample.rolls.all()
        assert any(r.detail.get("depleted") for r in rolls)
        assert any(r.detail.get("tuple") for r in rolls)
        assert {r.kind for r in rolls} == {"roll", "conflict"}


def test_the_sample_campaign_imports(data_dir: Path) -> None:
    path = ensure_sample_campaign(data_dir, resources_dir())
    with Campaign.open(path, data_dir=data_dir) as sample:
        kinds = {c.kind for c in sample.roster.all()}
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
    ("characters.0.energy", [], r"characters\[0\].energy: expected an object"),
    ("characters.0.energy.daily_net", -1, r"characters\[0\].energy.daily_net: must be at least 0"),
    ("characters.0.energy.daily_net", None, r"energy.daily_net: abilities need a daily net"),
    (
        "characters.0.energy.abilities.Stealth",
        "high",
        r"characters\[0\].energy.abilities.Stealth: expected a whole number",
    ),
    ("characters.0.energy.abilities", [], r"characters\[0\].energy.abilities: expected an"),
    ("characters.0.energy.days", {}, r"characters\[0\].energy.days: expected a list"),
    ("characters.0.energy.days.3.debt", -1, r"energy.days\[3\]: Debt must be at least 0"),
    ("characters.0.energy.days.3.day", 16, r"energy.days\[3\].day: days run from 1 to .* 15"),
    ("characters.0.energy.days.3.day", 2, r"energy.days\[3\].day: day 2 is there twice"),
    ("characters.0.energy.days.3.colour", "red", r"energy.days\[3\]: .* unknown fields: colour"),
    (
        "characters.0.energy.days.0.entries.0.kind",
        "nap",
        r"energy.days\[0\]: A ledger entry's kind must be one of",
    ),
    (
        "characters.0.energy.days.0.entries.0.amount",
        4,
        r"energy.days\[0\]: A ledger entry's draw must add up to its amount",
    ),
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
    ("campaign.settings.raise_from", 0, r"campaign.settings.raise_from: The lowest Raise"),
    ("campaign.settings.raise_by", 101, r"campaign.settings.raise_by: .* between 0 and 100"),
    ("cards", {}, "cards: expected a list"),
    ("cards.3", [], r"cards\[3\]: expected an object"),
    ("cards.0.id", _DELETE, r"cards\[0\].id: expected a whole number"),
    ("cards.1.id", 1, r"cards\[1\].id: 1 is used twice"),
    ("cards.0.name", "", r"cards\[0\].name: A name cannot be empty"),
    ("cards.3.efficiency", 0, r"cards\[3\].efficiency: A card's efficiency must be between 1"),
    ("cards.3.efficiency", 101, r"cards\[3\].efficiency: .* between 1 and 100, not 101"),
    ("cards.3.efficiency", 5.5, r"cards\[3\].efficiency: .* must be a whole number"),
    ("cards.3.category", "spell", r"cards\[3\].category: A card's category must be one of"),
    ("cards.3.power", -2, r"cards\[3\].power: A card's power must be at least 0"),
    ("cards.0.capacity", "yes", r"cards\[0\].capacity: Having a Capacity is a yes or no"),
    ("cards.0.info", None, r"cards\[0\].info: A card's Info must be text"),
    ("cards.0.zone", ["x"], r"cards\[0\].zone: A card's zone must be text"),
    ("cards.0.tags", "pc", r"cards\[0\].tags: expected a list"),
    ("cards.0.tags", [3], r"cards\[0\].tags: A tag must be text"),
    ("cards.0.position", -1, r"cards\[0\].position: A position must be at least 0"),
    ("cards.0.character_id", 99, r"cards\[0\].character_id: there is no character 99"),
    ("cards.3.owner_id", 99, r"cards\[3\].owner_id: there is no card 99"),
    ("cards.0.owner_id", 1, r"cards\[0\].owner_id: Card “Kara Voss” is owned by itself"),
    (
        "cards.0.owner_id",
        4,
        r"cards\[0\].owner_id: Card “Kara Voss” is owned by card “Knife work”, which is owned",
    ),
    (
        "cards.11.owner_id",
        13,
        r"cards\[11\].owner_id: Card “Saltmarsh drake” is owned by card “Hull-ripper bite”",
    ),
    ("cards.0.image", "x", r"cards\[0\].image: expected an object"),
    (
        "cards.0.image",
        {"format": "png", "data": "%%%"},
        r"cards\[0\].image.data: this is not base64",
    ),
    ("cards.0.image", {"format": "png", "data": 7}, r"cards\[0\].image.data: expected"),
    (
        "cards.0.image",
        {"format": "png", "data": base64.b64encode(b"hello").decode()},
        r"cards\[0\].image.data: This is not an image GM Desk can show",
    ),
    (
        "cards.0.image",
        {"format": "tiff", "data": base64.b64encode(PNG).decode()},
        r"cards\[0\].image.format: An image format is one of",
    ),
    (
        "cards.0.image",
        {"format": "jpeg", "data": base64.b64encode(PNG).decode()},
        r"cards\[0\].image.format: the data is a png image, not jpeg",
    ),
]


def _refused_import(
    where: str, value: object, message: str, tmp_path: Path, data_dir: Path
) -> None:
    """The sample export with `value` at `where` is refused with `message`, and the
    import writes nothing."""
    source = tmp_path / "bad.json"
    source.write_text(json.dumps(_set(_sample(), where, value)), encoding="utf-8")
    target = tmp_path / "never.gmdesk"
    with pytest.raises(ImportRefused, match=message):
        import_campaign(source, target, data_dir=data_dir, images=trusted_images)
    assert not target.exists()
    assert not [p for p in tmp_path.iterdir() if "never" in p.name]


@pytest.mark.parametrize(("where", "value", "message"), BAD)
def test_bad_import_names_the_field_and_writes_nothing(
    where: str, value: object, message: str, tmp_path: Path, data_dir: Path
) -> None:
    _refused_import(where, value, message, tmp_path, data_dir)


def test_not_json_is_refused_plainly(tmp_path: Path) -> None:
    source = tmp_path / "notes.json"
    source.write_text("{ this is not json", encoding="utf-8")
    with pytest.raises(ImportRefused, match="is not a GM Desk export"):
        read_document(source, images=trusted_images)


def test_round_trip_keeps_energy_profiles_and_days(
    campaign: Campaign, data_dir: Path, tmp_path: Path
) -> None:
    kara = campaign.roster.add("Kara Voss")
    ilian = campaign.roster.add("Brother Ilian")
    campaign.roster.add("Old Hollis")  # no energy at all: no "energy" key
    campaign.calendar.set_profile(kara.id, 30, {"Stealth": 5, "Harbour lore": 6})
    campaign.calendar.set_profile(ilian.id, 24, {})
    profile = campaign.calendar.profile(kara.id)
    assert profile is not None
    day = energy.start_day(profile, day=1, general_store=8, pools={"Smuggling route": 40})
    day = energy.task(profile, day, 45, 50, ability="Stealth", project="Smuggling route").state
    day = energy.invest(profile, day, 0, project="Smuggling route", note="“ü”").state
    campaign.calendar.put_day(kara.id, day)
    campaign.calendar.end_day(nights={kara.id: "little"})
    campaign.calendar.delete_profile(ilian.id)  # its days stay, exported with no profile
    exported = tmp_path / "out.json"
    export_campaign(campaign, exported)
    document = export_document(campaign)
    assert "energy" not in document["characters"][2]
    assert document["characters"][1]["energy"]["daily_net"] is None

    with import_campaign(
        exported, tmp_path / "in.gmdesk", data_dir=data_dir, images=trusted_images
    ) as imported:
        assert imported_document(imported) == document
        assert imported.calendar.profiles() == campaign.calendar.profiles()
        for character in campaign.roster.all():
            assert imported.calendar.days(character.id, 1, 2) == campaign.calendar.days(
                character.id, 1, 2
            )
        assert imported.calendar.day(kara.id, 1) == day


def test_the_sample_energy_history_follows_the_rules(data_dir: Path) -> None:
    """Each PC has a profile and days 1..15; each day opens as the rules' rollover of the
    day before opens it, and between them there is an investment, a project pool that
    decays, a debt and its repayment."""
    path = ensure_sample_campaign(data_dir, resources_dir())
    kinds: set[str] = set()
    with Campaign.open(path, data_dir=data_dir, read_only=True) as sample:
        today = sample.summary().current_day
        profiles = sample.calendar.profiles()
        assert sorted(profiles) == [1, 2, 3]
        for character_id, profile in profiles.items():
            days = sample.calendar.days(character_id, 1, today)
            assert sorted(days) == list(range(1, today + 1))
            for number in range(1, today):
                ended, opened = days[number], days[number + 1]
                night = opened.nights[-1] if opened.nights else "normal"
                rolled = energy.rollover(profile, ended, night, opened.proximity).state
                assert rolled.opened_daily == opened.opened_daily
                assert rolled.entries == opened.entries[: len(rolled.entries)]
            kinds.update(e.kind.value for state in days.values() for e in state.entries)
        kara = sample.calendar.days(1, 1, today)
    assert {"task", "move", "invest_general", "invest_specific", "repayment"} <= kinds
    assert any(state.debt for state in kara.values())
    pools = [state.pools[0].value for state in kara.values() if state.pools]
    assert pools[-3] > pools[-2] > pools[-1]  # the last days only decay
