"""Export: a whole campaign as versioned JSON, written all or nothing.

Each character carries its `dice`, `traits` and `items` (an item's die is the die whose
`item_id` names it), its `energy` ({"daily_net", "abilities": {name: rating}, "days":
[each stored day, as store/calendar/codec.py writes it]}) and its `downtime` sheet (xp as a list
of {"track", "marks"}); the roll log is `roll_log` at the top, and so are the SySCards,
`cards`, each with its `image` ({"format", "data" in base64}, or null), the downtime
sections, and each flat section an area declares (`tables.FlatSection`). The format is
declared by store/exchange/models.py, whose JSON Schema is committed as
resources/campaign-export.schema.json.
"""

from __future__ import annotations

import base64
import json
from contextlib import suppress
from dataclasses import asdict, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any

from desktop.store import calendar as energy
from desktop.store import checks, leftovers
from desktop.store.campaign import Campaign
from desktop.store.cards import CardRecord
from desktop.store.downtime import DowntimeSheet
from desktop.store.exchange.document import FORMAT, VERSION, Progress, no_progress
from desktop.store.games import GameRecord, state_to_text
from desktop.store.rolls import RollRecord
from desktop.store.roster import CharacterRecord
from desktop.store.tables import flat_sections

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

# How often (in records) a long step reports progress and may be cancelled.
TICK = 500


def export_document(campaign: Campaign, progress: Progress = no_progress) -> dict[str, Any]:
    summary = campaign.summary()
    sheets = campaign.downtime.sheets(stored_only=True)
    records = campaign.roster.all()
    characters = []
    for index, record in enumerate(records):
        if index % TICK == 0:
            progress(index / max(len(records), 1))
        characters.append(_export_character(campaign, record, sheets.get(record.id)))
    return {
        "format": FORMAT,
        "version": VERSION,
        "campaign": {
            "name": summary.name,
            "start_date": summary.start_date.isoformat(),
            "current_day": summary.current_day,
            # The players' link tokens are secrets of this file: never in an export.
            "settings": without_secrets(summary.settings),
        },
        "characters": characters,
        "roll_log": [asdict(roll) for roll in sorted(campaign.rolls.all(), key=_by_id)],
        "cards": [_export_card(campaign, record) for record in campaign.cards.all()],
        **_export_downtime(campaign),
        "games": [_export_game(game) for game in campaign.games.all()],
        **{
            section.key: [fields_of(record) for record in section.export(campaign)]
            for section in flat_sections()
        },
    }


def without_secrets(settings: object) -> object:
    """The campaign's settings for an export: the players' link tokens (sharing) are
    secrets of this file, never carried in an export."""
    if not isinstance(settings, dict):
        return settings
    return {key: value for key, value in settings.items() if key != checks.SHARING_KEY}


def _export_game(game: GameRecord) -> dict[str, Any]:
    return {
        "id": game.id,
        "started_at": game.started_at,
        "started_day": game.started_day,
        "ended_at": game.ended_at,
        "state": json.loads(state_to_text(game)),
    }


def _export_downtime(campaign: Campaign) -> dict[str, Any]:
    return {
        "chapter": without(campaign.chapter.get(), "turf", "at_war"),
        "factions": [asdict(faction) for faction in campaign.factions.all()],
        "claims": [asdict(claim) for claim in campaign.chapter.claims()],
        "claim_paths": [asdict(path) for path in campaign.chapter.claim_paths()],
        "clocks": [asdict(clock) for clock in campaign.clocks.all()],
        "downtime_sessions": [
            {
                "number": number,
                "entries": [
                    without(entry, "session") for entry in campaign.downtime.entries(number)
                ],
            }
            for number in campaign.downtime.sessions()
        ],
    }


def _export_sheet(sheet: DowntimeSheet | None) -> dict[str, Any]:
    """The character's `downtime` sheet, or nothing when it has none stored."""
    if sheet is None:
        return {}
    fields_ = without(sheet, "character_id")
    fields_["xp"] = [{"track": track, "marks": marks} for track, marks in sheet.xp]
    return {"downtime": fields_}


def _export_card(campaign: Campaign, record: CardRecord) -> dict[str, Any]:
    image = campaign.cards.image(record.id) if record.has_image else None
    return {
        **without(record, "has_image"),
        "tags": list(record.tags),
        "image": None
        if image is None
        else {"format": image[0], "data": base64.b64encode(image[1]).decode("ascii")},
    }


def _export_character(
    campaign: Campaign, record: CharacterRecord, sheet: DowntimeSheet | None
) -> dict[str, Any]:
    # The owner is the object they sit in; item_id ties a die to its item.
    return {
        **fields_of(record),
        "dice": [without(die, "character_id") for die in campaign.kit.dice(record.id)],
        "traits": [without(trait, "character_id") for trait in campaign.kit.traits(record.id)],
        "items": [
            without(item, "character_id", "die_id") for item in campaign.kit.items(record.id)
        ],
        **_export_energy(campaign, record.id),
        **_export_sheet(sheet),
    }


def _export_energy(campaign: Campaign, character_id: int) -> dict[str, Any]:
    """The character's `energy`, or nothing at all when it has neither profile nor days."""
    profile = campaign.calendar.profile(character_id)
    days = campaign.calendar.days(character_id, 1, campaign.summary().current_day)
    if profile is None and not days:
        return {}
    return {
        "energy": {
            "daily_net": None if profile is None else profile.daily_net,
            "abilities": {} if profile is None else energy.abilities_of(profile),
            "days": [energy.day_to_dict(state) for state in days.values()],
        }
    }


def without(record: DataclassInstance, *names: str) -> dict[str, Any]:
    return {k: v for k, v in fields_of(record).items() if k not in names}


def fields_of(record: DataclassInstance) -> dict[str, Any]:
    """A flat record's fields by name: `asdict` without its deep copy, which cost a
    large export seconds (the records hold only plain values and tuples of them)."""
    return {f.name: getattr(record, f.name) for f in fields(record)}


def _by_id(record: RollRecord) -> int:
    return record.id


def export_campaign(
    campaign: Campaign, destination: Path, progress: Progress = no_progress
) -> None:
    """Write the export to `destination`, all or nothing: under a partial name of our
    own (see store/leftovers.py) renamed into place, so a crash or a cancel (`progress`
    raising Cancelled) leaves no half-written export."""

    document = export_document(campaign, lambda done: progress(0.8 * done))
    text = json.dumps(document, indent=2, ensure_ascii=False)
    progress(0.9)
    temporary = leftovers.partial_path(destination.parent, destination.stem)
    try:
        temporary.write_text(text + "\n", encoding="utf-8")
        progress(1.0)  # the last moment a cancel can still leave nothing behind
        temporary.replace(destination)
    finally:
        with suppress(FileNotFoundError):
            temporary.unlink()
