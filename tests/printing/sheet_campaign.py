"""A campaign file to print sheets from: characters of every size, factions, a chapter.

Shared by the sheet tests and the sheet benchmark. Every value goes in through the
store's own API, as the docks write it.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

from desktop.rules.energy import DayState, ProjectPool
from desktop.store import Campaign, DowntimeSheet

START = date(2026, 3, 1)
TODAY = 10
LONG_TRAITS = 40
LONG_CARDS = 30
FACTIONS = (
    ("The Iron Chorus", 5, "strong", -3, False),
    ("Salt Wardens", 4, "strong", 0, False),
    ("Tidewardens", 3, "weak", -2, True),
    ("Guild of Lamplighters", 2, "weak", 2, False),
    ("The Mudlarks", 0, "weak", 3, False),
)


def make_campaign(
    path: Path, data_dir: Path, *, players: int = 2, long_player: bool = True
) -> Path:
    """A campaign at day 10 with ``players`` PCs (the second a long one), an NPC, a
    challenge, five factions, claims and clocks. Returns its path, closed."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with Campaign.create(path, data_dir=data_dir, start_date=START, current_day=TODAY) as campaign:
        for index in range(players):
            if index == 1 and long_player:
                add_long_player(campaign)
            else:
                add_player(campaign, f"Player {index + 1}" if index else "Aldra Quill", index)
        npc = campaign.roster.add("Corvin the Fence", "npc", "Buys anything, asks nothing.")
        campaign.kit.add_dice(npc.id, 6, count=3)
        campaign.kit.add_trait(npc.id, "Haggling", 2)
        challenge = campaign.roster.add("The Sunken Gate", "challenge", "Rusted shut.")
        campaign.kit.add_dice(challenge.id, 8, count=4)
        add_downtime_world(campaign)
        campaign.update_settings(stress_track=9)
    return path


def add_player(campaign: Campaign, name: str, seed: int = 0) -> int:
    """A short player character: every part of the sheet, a little of each."""
    record = campaign.roster.add(name, "pc", f"{name} keeps the crew's ledger.")
    campaign.kit.add_dice(record.id, 6, count=5)
    campaign.kit.add_dice(record.id, 6, count=2, place="table")
    campaign.kit.add_dice(record.id, 8, count=1, place="removed")
    for trait, value, broad in (("Nerve", 1, True), ("Harbour lore", 2, False)):
        campaign.kit.add_trait(record.id, trait, value, broad)
    campaign.kit.add_item(record.id, "Boarding cutlass", "weapon", 8, deplete=True)
    campaign.kit.add_item(record.id, "Oilskin coat", "armour", 6)
    own = campaign.cards.add(name, "character", character_id=record.id, efficiency=30 + seed)
    campaign.cards.add("Knife work", "skill", owner_id=own.id, efficiency=47)
    campaign.clocks.add(
        "Break the siege", 8, owner_kind="character", owner_id=record.id, filled=3 + seed % 3
    )
    campaign.calendar.set_profile(record.id, 30, {"Harbour lore": 6, "Stealth": 5})
    for day in range(1, 8):
        state = DayState(
            day=day,
            opened_daily=30,
            daily=day * 3,
            general_store=4 + day,
            pools=(ProjectPool("Smuggling route", 10 + day),),
        )
        campaign.calendar.put_day(record.id, state)
    campaign.downtime.set_sheet(
        DowntimeSheet(
            record.id,
            stress=3,
            trauma=1,
            hp=7,
            hp_max=10,
            virtue="Loyal to the crew",
            vice="Gambling",
            vice_purveyor="The Gull & Anchor",
            friends="Old Hollis\nPip the runner",
            contacts="Captain Dask",
        )
    )
    return record.id


def add_long_player(campaign: Campaign) -> int:
    """A player with 40 traits and 30 cards: a sheet that must go on over pages."""
    record_id = add_player(campaign, "Bram Longsheet", 1)
    for number in range(1, LONG_TRAITS - 1):
        campaign.kit.add_trait(
            record_id, f"Trait number {number:02d}", 1 + number % 3, number % 4 == 0
        )
    own = campaign.cards.all(owner_id=None, category="character")
    owner = next(card for card in own if card.character_id == record_id)
    for number in range(1, LONG_CARDS - 1):
        campaign.cards.add(
            f"Card number {number:02d}", "skill", owner_id=owner.id, efficiency=number + 2
        )
    return record_id


def add_downtime_world(campaign: Campaign) -> None:
    ids = {}
    for name, tier, hold, status, others in FACTIONS:
        ids[name] = campaign.factions.add(name, tier, hold, status, others).id
    campaign.clocks.add("Raid the quay", 4, owner_kind="faction", owner_id=ids["Tidewardens"])
    campaign.clocks.add("Expand the route", 8, owner_kind="chapter", filled=3)
    campaign.chapter.update(name="The Saltmarsh Ledger", tier=1, hold="weak", rep=4, coin=9, heat=2)
    campaign.chapter.add_claim("Tarry Quay Warehouses", benefit="+1 coin a job", turf=True)
    campaign.chapter.add_claim(
        "Customs House Ledgers", benefit="+1d forging", holder_id=ids["Tidewardens"]
    )
