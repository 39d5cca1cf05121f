"""A whole campaign as versioned JSON: export, and import that checks before it writes.

Import reads and validates every field first and reports the first bad one by its
path (`characters[3].kind: ...`); only a fully valid document becomes a campaign file.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import asdict, dataclass
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

from desktop.rules import roster
from desktop.store.campaign import Campaign, CharacterRecord, Populate

if TYPE_CHECKING:
    from sqlmodel import Session

FORMAT = "gm-desk-campaign"
VERSION = 1


class ImportRefused(Exception):
    """The document is not a campaign this GM Desk can import; nothing was written."""


@dataclass(frozen=True)
class CampaignDocument:
    name: str
    start_date: date
    current_day: int
    settings: dict[str, Any]
    characters: tuple[CharacterRecord, ...]


# -- export ---------------------------------------------------------------------------------


def export_document(campaign: Campaign) -> dict[str, Any]:
    summary = campaign.summary()
    return {
        "format": FORMAT,
        "version": VERSION,
        "campaign": {
            "name": summary.name,
            "start_date": summary.start_date.isoformat(),
            "current_day": summary.current_day,
            "settings": summary.settings,
        },
        "characters": [asdict(record) for record in campaign.characters()],
    }


def export_campaign(campaign: Campaign, destination: Path) -> None:
    text = json.dumps(export_document(campaign), indent=2, ensure_ascii=False)
    temporary = destination.with_name(destination.name + ".part")
    temporary.write_text(text + "\n", encoding="utf-8")
    temporary.replace(destination)


# -- import ---------------------------------------------------------------------------------


def read_document(source: Path) -> CampaignDocument:
    """Parse and validate an export; raises ImportRefused naming the first bad field."""
    try:
        raw = json.loads(source.read_text(encoding="utf-8"))
    except OSError as error:
        raise ImportRefused(f"“{source.name}” could not be read: {error.strerror}.") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ImportRefused(f"“{source.name}” is not a GM Desk export: {error}.") from None
    return parse_document(raw)


def parse_document(raw: object) -> CampaignDocument:
    top = _object(raw, "document")
    if top.get("format") != FORMAT:
        raise ImportRefused("format: this is not a GM Desk campaign export.")
    version = _integer(top.get("version"), "version", low=1)
    if version > VERSION:
        raise ImportRefused(
            f"version: this export was made by a newer GM Desk (format {version}); "
            "update GM Desk to import it."
        )
    info = _object(top.get("campaign"), "campaign")
    characters = _list(top.get("characters", []), "characters")
    records = tuple(
        _character(item, f"characters[{index}]") for index, item in enumerate(characters)
    )
    _unique([r.id for r in records], "characters", "id")
    return CampaignDocument(
        name=_checked(roster.check_name, info.get("name"), "campaign.name"),
        start_date=_date(info.get("start_date"), "campaign.start_date"),
        current_day=_integer(info.get("current_day", 1), "campaign.current_day", low=1),
        settings=_object(info.get("settings", {}), "campaign.settings"),
        characters=records,
    )


def import_campaign(source: Path, destination: Path, *, data_dir: Path) -> Campaign:
    """Make a new campaign file at `destination` from an export, all or nothing."""
    document = read_document(source)
    return Campaign.create(
        destination,
        data_dir=data_dir,
        name=document.name,
        start_date=document.start_date,
        current_day=document.current_day,
        settings=document.settings,
        populate=_populate(document),
    )


def _populate(document: CampaignDocument) -> Populate:
    def populate(session: Session) -> None:
        from desktop.store import writer

        writer.insert_characters(session, list(document.characters))

    return populate


# -- field checks, each naming the path of what it checks -----------------------------------


def _character(raw: object, path: str) -> CharacterRecord:
    item = _object(raw, path)
    return CharacterRecord(
        id=_integer(item.get("id"), f"{path}.id", low=1),
        name=_checked(roster.check_name, item.get("name"), f"{path}.name"),
        kind=_checked(roster.check_kind, item.get("kind"), f"{path}.kind"),
        notes=_checked(roster.check_notes, item.get("notes", ""), f"{path}.notes"),
        position=_integer(item.get("position", 0), f"{path}.position", low=0),
    )


def _checked(check: Callable[[object], Any], value: object, path: str) -> Any:
    try:
        return check(value)
    except ValueError as error:
        raise ImportRefused(f"{path}: {error}") from None


def _object(value: object, path: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ImportRefused(f"{path}: expected an object.")
    return value


def _list(value: object, path: str) -> list[Any]:
    if not isinstance(value, list):
        raise ImportRefused(f"{path}: expected a list.")
    return value


def _integer(value: object, path: str, *, low: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ImportRefused(f"{path}: expected a whole number, not {value!r}.")
    if value < low:
        raise ImportRefused(f"{path}: must be at least {low}, not {value}.")
    return value


def _date(value: object, path: str) -> date:
    try:
        return date.fromisoformat(str(value))
    except ValueError:
        raise ImportRefused(f"{path}: expected a date like 2026-03-01, not {value!r}.") from None


def _unique(values: list[int], path: str, key: str) -> None:
    seen: set[int] = set()
    for index, value in enumerate(values):
        if value in seen:
            raise ImportRefused(f"{path}[{index}].{key}: {value} is used twice.")
        seen.add(value)
