"""A whole campaign as versioned JSON: export, and import that checks before it writes.

Import reads and validates every field first and reports the first bad one by its
path (`characters[3].kind: ...`); only a fully valid document becomes a campaign file.

Each character carries its `dice`, `traits` and `items` (an item's die is the die whose
`item_id` names it), and its `energy` ({"daily_net", "abilities": {name: rating},
"days": [each stored day, as store/energy.py writes it]}; a null daily_net keeps days
of a character whose profile was removed); the roll log is `roll_log` at the top, and
so are the SySCards, `cards`, each with its `image` ({"format", "data" in base64}, or
null). The rule settings travel in `campaign.settings`.

Downtime travels as `chapter` (its stored fields; turf and war follow the claims and
factions), `factions`, `claims` (holder_id 0 is the chapter), `claim_paths` ({"start",
"end"}, 0 is the lair), `clocks` (owner_kind and owner_id), `downtime_sessions` (each
{"number", "entries"}) and, per character, its `downtime` sheet (xp as a list of
{"track", "marks"}).

All of these are optional, so exports made before dice pools, cards or downtime existed
import unchanged. Ids are kept.
"""

from __future__ import annotations

import base64
import binascii
import json
import math
import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import suppress
from dataclasses import asdict, dataclass, fields, replace
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

from desktop.rules import dicepool, factions, roster
from desktop.rules.energy import CharacterProfile, DayState
from desktop.store import checks, energy
from desktop.store.campaign import Campaign, Populate
from desktop.store.downtime_records import (
    DEFAULT_XP,
    OWNER_CHARACTER,
    OWNER_FACTION,
    OWNER_KINDS,
    ChapterRecord,
    ClaimPathRecord,
    ClaimRecord,
    ClockRecord,
    DowntimeEntry,
    DowntimeSheet,
    FactionRecord,
)
from desktop.store.records import (
    CardRecord,
    CardSnapshot,
    CharacterRecord,
    DieRecord,
    ItemRecord,
    RollRecord,
    TraitRecord,
)
from desktop.store.rows import NEW_CARD

if TYPE_CHECKING:
    from sqlmodel import Session

FORMAT = "gm-desk-campaign"
VERSION = 1

# Bounds of the document as a whole, checked before any field: JSON nested deeper than
# this is no export (the export itself nests 6 deep), and a file this large is not one.
DEPTH_MAX = 32
DOCUMENT_MAX = 1024 * 1024 * 1024
# How often (in records) a long step reports progress and may be cancelled.
_TICK = 500

# Told how far a long step has come (0.0 to 1.0); it may raise Cancelled to stop it.
Progress = Callable[[float], None]
# Whether the bytes of a card's image decode as an image of the named format (Qt, in the
# program; the store itself cannot decode images).
ImageCheck = Callable[[str, bytes], bool]


class ImportRefused(Exception):
    """The document is not a campaign this GM Desk can import; nothing was written."""


class Cancelled(Exception):
    """The GM cancelled an import or export; nothing was written."""


def trusted_images(_format: str, _data: bytes) -> bool:
    """For the sample campaign shipped with GM Desk only: its images are known good, and
    it is made before any Qt exists. Every other import decodes each image."""
    return True


def _no_progress(_fraction: float) -> None:
    return None


@dataclass(frozen=True)
class CampaignDocument:
    name: str
    start_date: date
    current_day: int
    settings: dict[str, Any]
    characters: tuple[CharacterRecord, ...]
    dice: tuple[DieRecord, ...] = ()
    traits: tuple[TraitRecord, ...] = ()
    items: tuple[ItemRecord, ...] = ()
    rolls: tuple[RollRecord, ...] = ()
    cards: tuple[CardSnapshot, ...] = ()  # each card with its image; owned_ids unused
    energy_profiles: tuple[tuple[int, CharacterProfile], ...] = ()  # by character id
    energy_days: tuple[tuple[int, DayState], ...] = ()  # by character id
    chapter: ChapterRecord | None = None  # None: the new campaign's own chapter
    factions: tuple[FactionRecord, ...] = ()
    claims: tuple[ClaimRecord, ...] = ()
    claim_paths: tuple[ClaimPathRecord, ...] = ()
    clocks: tuple[ClockRecord, ...] = ()
    downtime_sheets: tuple[DowntimeSheet, ...] = ()
    downtime_sessions: tuple[int, ...] = ()
    downtime_entries: tuple[DowntimeEntry, ...] = ()


# -- export ---------------------------------------------------------------------------------


def export_document(campaign: Campaign, progress: Progress = _no_progress) -> dict[str, Any]:
    summary = campaign.summary()
    sheets = campaign.downtime.sheets(stored_only=True)
    records = campaign.roster.all()
    characters = []
    for index, record in enumerate(records):
        if index % _TICK == 0:
            progress(index / max(len(records), 1))
        characters.append(_export_character(campaign, record, sheets.get(record.id)))
    return {
        "format": FORMAT,
        "version": VERSION,
        "campaign": {
            "name": summary.name,
            "start_date": summary.start_date.isoformat(),
            "current_day": summary.current_day,
            "settings": summary.settings,
        },
        "characters": characters,
        "roll_log": [asdict(roll) for roll in sorted(campaign.rolls.all(), key=_by_id)],
        "cards": [_export_card(campaign, record) for record in campaign.cards.all()],
        **_export_downtime(campaign),
    }


def _export_downtime(campaign: Campaign) -> dict[str, Any]:
    return {
        "chapter": _without(campaign.chapter.get(), "turf", "at_war"),
        "factions": [asdict(faction) for faction in campaign.factions.all()],
        "claims": [asdict(claim) for claim in campaign.chapter.claims()],
        "claim_paths": [asdict(path) for path in campaign.chapter.claim_paths()],
        "clocks": [asdict(clock) for clock in campaign.clocks.all()],
        "downtime_sessions": [
            {
                "number": number,
                "entries": [
                    _without(entry, "session") for entry in campaign.downtime.entries(number)
                ],
            }
            for number in campaign.downtime.sessions()
        ],
    }


def _export_sheet(sheet: DowntimeSheet | None) -> dict[str, Any]:
    """The character's `downtime` sheet, or nothing when it has none stored."""
    if sheet is None:
        return {}
    values = _without(sheet, "character_id")
    values["xp"] = [{"track": track, "marks": marks} for track, marks in sheet.xp]
    return {"downtime": values}


def _export_card(campaign: Campaign, record: CardRecord) -> dict[str, Any]:
    image = campaign.cards.image(record.id) if record.has_image else None
    return {
        **_without(record, "has_image"),
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
        **_values(record),
        "dice": [_without(die, "character_id") for die in campaign.kit.dice(record.id)],
        "traits": [_without(trait, "character_id") for trait in campaign.kit.traits(record.id)],
        "items": [
            _without(item, "character_id", "die_id") for item in campaign.kit.items(record.id)
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


def _without(record: object, *names: str) -> dict[str, Any]:
    return {k: v for k, v in _values(record).items() if k not in names}


def _values(record: object) -> dict[str, Any]:
    """A flat record's fields by name: `asdict` without its deep copy, which cost a
    large export seconds (the records hold only plain values and tuples of them)."""
    return {f.name: getattr(record, f.name) for f in fields(record)}  # type: ignore[arg-type]


def _by_id(record: RollRecord) -> int:
    return record.id


def export_campaign(
    campaign: Campaign, destination: Path, progress: Progress = _no_progress
) -> None:
    """Write the export to `destination`, all or nothing: under a partial name of our
    own (see store/leftovers.py) renamed into place, so a crash or a cancel (`progress`
    raising Cancelled) leaves no half-written export."""
    from desktop.store import leftovers

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


# -- import ---------------------------------------------------------------------------------


def read_document(
    source: Path, *, images: ImageCheck, progress: Progress = _no_progress
) -> CampaignDocument:
    """Parse and validate an export; raises ImportRefused naming the first bad field.

    Nothing is written. `images` decodes each card image; `progress` hears how far
    the reading has come and may raise Cancelled.
    """
    try:
        size = source.stat().st_size
        if size > DOCUMENT_MAX:
            raise ImportRefused(
                f"“{source.name}” is {size / 2**20:,.0f} MiB: no GM Desk export is that large."
            )
        data = source.read_bytes()
    except OSError as error:
        raise ImportRefused(
            f"“{source.name}” could not be read: {error.strerror or error}."
        ) from None
    progress(0.1)
    raw, surrogates = _json(data, source.name)
    progress(0.3)
    return _parse(
        raw, images=images, progress=lambda done: progress(0.3 + 0.7 * done), texts=surrogates
    )


# A JSON escape of a UTF-16 surrogate, the only way a lone one gets into parsed text
# (strict UTF-8 decoding refuses encoded surrogates).
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def _json(data: bytes, name: str) -> tuple[object, bool]:
    """The JSON value of an export's bytes, and whether its text may hold a lone
    surrogate; ImportRefused for anything else, never Python's own limits."""

    def refuse(reason: str) -> ImportRefused:
        return ImportRefused(f"“{name}” is not a GM Desk export: {reason}.")

    def no_constant(constant: str) -> object:
        raise refuse(f"{constant} is not a number a campaign holds")

    try:
        text = data.decode("utf-8-sig")
        raw = json.loads(text, parse_constant=no_constant)
    except UnicodeDecodeError:
        raise refuse("it is not UTF-8 text") from None
    except json.JSONDecodeError as error:
        raise refuse(f"{error.msg} at line {error.lineno}, column {error.colno}") from None
    except RecursionError:
        raise refuse(f"it nests lists or objects more than {DEPTH_MAX} deep") from None
    except ValueError:  # a number of thousands of digits: Python refuses to read it
        raise refuse("it holds a number far too long to be one of a campaign") from None
    return raw, _SURROGATE_ESCAPE.search(text) is not None


def _scan(raw: object, *, texts: bool = True) -> None:
    """Check the document's shape as a whole before any field: nesting, every number
    a finite one within SQLite's integers, and (unless `texts` is False: the JSON text
    held no escape of a surrogate) every text one that UTF-8 can hold. Walks with its
    own stack, as fast as it can; only a document it refuses is walked again, slowly,
    to name the place."""
    # Only containers go on the stack; anything else at the top is refused as no object.
    stack: list[tuple[object, int]] = [(raw, 0)] if type(raw) in (dict, list) else []
    low, high = -(2**63), 2**63
    while stack:
        value, depth = stack.pop()
        if depth >= DEPTH_MAX:
            _name_the_place(raw)
        if type(value) is dict:
            if texts and not all(key.isascii() for key in value):
                _name_the_place(raw)
            items: Any = value.values()
        else:
            items = value
        for item in items:
            kind = type(item)
            if kind is dict or kind is list:
                stack.append((item, depth + 1))
            elif kind is str:
                if texts and not item.isascii():
                    try:
                        item.encode("utf-8")
                    except UnicodeEncodeError:
                        _name_the_place(raw)
            elif kind is int:
                if not low <= item < high:
                    _name_the_place(raw)
            elif kind is float and not math.isfinite(item):
                _name_the_place(raw)


def _name_the_place(raw: object) -> None:
    """Raise ImportRefused for the first place `_scan` refuses, named by its path."""
    stack: list[tuple[object, str, int]] = [(raw, "document", 0)]
    while stack:
        value, path, depth = stack.pop()
        if isinstance(value, dict):
            if depth >= DEPTH_MAX:
                raise ImportRefused(f"{path}: nested more than {DEPTH_MAX} deep.")
            for key, item in value.items():
                _text_ok(key, f"{path}: a key")
                stack.append((item, f"{path}.{_key(key)}", depth + 1))
        elif isinstance(value, list):
            if depth >= DEPTH_MAX:
                raise ImportRefused(f"{path}: nested more than {DEPTH_MAX} deep.")
            stack.extend((item, f"{path}[{n}]", depth + 1) for n, item in enumerate(value))
        elif isinstance(value, str):
            _text_ok(value, path)
        elif isinstance(value, bool) or value is None:
            continue
        elif isinstance(value, int):
            if not -(2**63) <= value < 2**63:
                raise ImportRefused(f"{path}: {checks.shown(value)} is far too large a number.")
        elif isinstance(value, float) and not math.isfinite(value):
            raise ImportRefused(f"{path}: {value} is not a number a campaign holds.")
    raise AssertionError("_scan refused a document _name_the_place accepts")  # pragma: no cover


def _key(key: str) -> str:
    return key if key.isidentifier() else json.dumps(key[:40], ensure_ascii=False)


def _text_ok(value: str, path: str) -> None:
    # JSON may spell a lone surrogate (\ud800), which no file or SQLite text can hold.
    if not value.isascii():
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise ImportRefused(
                f"{path}: the text holds a broken character (a lone UTF-16 surrogate)."
            ) from None


def parse_document(
    raw: object, *, images: ImageCheck, progress: Progress = _no_progress
) -> CampaignDocument:
    """Validate a whole export (as parsed JSON) into a CampaignDocument; ImportRefused
    names the first bad field by its path. Every check is here or in store/checks.py."""
    return _parse(raw, images=images, progress=progress, texts=True)


def _parse(raw: object, *, images: ImageCheck, progress: Progress, texts: bool) -> CampaignDocument:
    _scan(raw, texts=texts)
    progress(0.1)
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
    ticks = _ticker(progress, 0.1, 0.8, 2 * len(characters))
    records = []
    for index, item in enumerate(characters):
        next(ticks)
        records.append(_character(item, f"characters[{index}]"))
    _unique([r.id for r in records], "characters", "id")
    owned = _Owned()
    for index, (raw_character, record) in enumerate(zip(characters, records, strict=True)):
        next(ticks)
        owned.read(raw_character, record.id, f"characters[{index}]")
    rolls = _list(top.get("roll_log", []), "roll_log")
    known = {record.id for record in records}
    start_date = _date(info.get("start_date"), "campaign.start_date")
    current_day = _integer(
        info.get("current_day", 1), "campaign.current_day", low=1, high=checks.CURRENT_DAY_MAX
    )
    profiles, days = _energy(characters, records, current_day)
    progress(0.9)
    name = _checked(roster.check_name, info.get("name"), "campaign.name")
    settings = _settings(info.get("settings", {}), "campaign.settings")
    return CampaignDocument(
        name=name,
        start_date=start_date,
        current_day=current_day,
        settings=settings,
        characters=tuple(records),
        dice=tuple(owned.dice),
        traits=tuple(owned.traits),
        items=tuple(owned.items),
        rolls=_rolls(rolls, known),
        cards=_cards(_list(top.get("cards", []), "cards"), known, images),
        energy_profiles=profiles,
        energy_days=days,
        **_downtime(top, characters, records, name, settings),
    )


def _ticker(progress: Progress, start: float, end: float, total: int) -> Iterator[None]:
    """Yields once per record; every _TICK records tells `progress` how far it is."""
    for done in range(total + 1):
        if done % _TICK == 0:
            progress(start + (end - start) * done / max(total, 1))
        yield None
    while True:  # a caller may count one record more than it announced
        yield None


def import_campaign(
    source: Path,
    destination: Path,
    *,
    data_dir: Path,
    images: ImageCheck,
    progress: Progress = _no_progress,
) -> Campaign:
    """Make a new campaign file at `destination` from an export, all or nothing."""
    document = read_document(source, images=images, progress=lambda f: progress(0.4 * f))
    return write_document(
        document, destination, data_dir=data_dir, progress=lambda f: progress(0.4 + 0.6 * f)
    )


def write_document(
    document: CampaignDocument,
    destination: Path,
    *,
    data_dir: Path,
    progress: Progress = _no_progress,
) -> Campaign:
    """The new campaign file of a checked document, built under a temporary name and
    renamed into place: a failure or a cancel (`progress` raising Cancelled) leaves
    nothing at `destination` and nothing beside it."""
    return Campaign.create(
        destination,
        data_dir=data_dir,
        name=document.name,
        start_date=document.start_date,
        current_day=document.current_day,
        settings=document.settings,
        populate=_populate(document, progress),
    )


def _chunks(records: Sequence[Any]) -> Iterator[Sequence[Any]]:
    for start in range(0, len(records), 10 * _TICK):
        yield records[start : start + 10 * _TICK]


def _populate(document: CampaignDocument, progress: Progress) -> Populate:
    def populate(session: Session) -> None:
        from desktop.store import downtime_writer, writer
        from desktop.store.models import Character, Die, DowntimeSheetRow, Item, Trait

        def rows(model: type[Any], values: Sequence[dict[str, object]]) -> _Step:
            return (lambda s, chunk: writer.insert_new_rows(s, model, chunk), values)

        sheets = [downtime_writer.sheet_row(sheet) for sheet in document.downtime_sheets]
        # The file is new and every value checked: the large tables go in as plain rows,
        # each table in slices, so a cancel stops even a large import within a moment
        # (the transaction rolls back and Campaign.create removes the unfinished file).
        steps: list[_Step] = [
            rows(Character, [_values(r) for r in document.characters]),
            rows(Item, [_without(r, "die_id") for r in document.items]),  # before their dice
            rows(Trait, [_values(r) for r in document.traits]),
            rows(Die, [_values(r) for r in document.dice]),
            (
                lambda s, chunk: writer.insert_rolls(s, [_roll_columns(r) for r in chunk]),
                document.rolls,
            ),
            (_insert_profiles, document.energy_profiles),  # a character's days follow it
            (
                lambda s, chunk: writer.put_energy_days(
                    s, [(cid, st.day, energy.day_text(st)) for cid, st in chunk]
                ),
                document.energy_days,
            ),
            rows(DowntimeSheetRow, [row for row in sheets if row is not None]),
        ]
        total = sum(len(values) for _, values in steps) or 1
        done = 0
        for insert, values in steps:
            for chunk in _chunks(values):
                progress(0.9 * done / total)
                insert(session, chunk)
                session.flush()  # the ORM's rows reach the file before the next table's
                done += len(chunk)
        progress(0.9)
        writer.insert_cards(session, [snapshot.card for snapshot in document.cards])
        for snapshot in document.cards:
            if snapshot.image is not None:
                writer.set_card_image(session, snapshot.card.id, snapshot.image)
        _populate_downtime(session, document)
        progress(1.0)  # the last moment a cancel can still leave nothing behind

    return populate


_Step = tuple[Callable[["Session", Any], None], Sequence[Any]]


def _insert_profiles(session: Session, profiles: Sequence[tuple[int, CharacterProfile]]) -> None:
    from desktop.store import writer

    for character_id, profile in profiles:
        abilities = energy.abilities_text(energy.abilities_of(profile))
        writer.set_energy_profile(session, character_id, profile.daily_net, abilities)


def _populate_downtime(session: Session, document: CampaignDocument) -> None:
    from desktop.store import downtime_writer

    downtime_writer.insert_factions(session, document.factions)
    if document.chapter is not None:  # else the new campaign's own, named after it
        downtime_writer.set_chapter(session, document.chapter)
    downtime_writer.insert_claims(session, document.claims)
    downtime_writer.add_paths(session, document.claim_paths)
    downtime_writer.insert_clocks(session, document.clocks)
    for number in document.downtime_sessions:
        downtime_writer.add_session(session, number)
    downtime_writer.insert_entries(session, document.downtime_entries)


def _roll_columns(roll: RollRecord) -> dict[str, object]:
    return {
        **asdict(roll),
        "detail": checks.detail(roll.detail),
    }


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


class _Owned:
    """The dice, traits and items of every character, ids unique across the document."""

    def __init__(self) -> None:
        self.dice: list[DieRecord] = []
        self.traits: list[TraitRecord] = []
        self.items: list[ItemRecord] = []
        self._ids: dict[str, set[int]] = {"dice": set(), "traits": set(), "items": set()}

    def read(self, raw: dict[str, Any], owner: int, path: str) -> None:
        items = [
            _item(value, owner, f"{path}.items[{n}]")
            for n, value in enumerate(_list(raw.get("items", []), f"{path}.items"))
        ]
        self._keep("items", items, path)
        traits = [
            _trait(value, owner, f"{path}.traits[{n}]")
            for n, value in enumerate(_list(raw.get("traits", []), f"{path}.traits"))
        ]
        self._keep("traits", traits, path)
        _unique_names(traits, f"{path}.traits")
        dice = [
            _die(value, owner, f"{path}.dice[{n}]")
            for n, value in enumerate(_list(raw.get("dice", []), f"{path}.dice"))
        ]
        _item_dice(dice, items, f"{path}.dice")
        self._keep("dice", dice, path)
        self.items.extend(items)
        self.traits.extend(traits)
        self.dice.extend(dice)

    def _keep(
        self, what: str, records: Sequence[DieRecord | TraitRecord | ItemRecord], path: str
    ) -> None:
        seen = self._ids[what]
        for index, record in enumerate(records):
            if record.id in seen:
                raise ImportRefused(f"{path}.{what}[{index}].id: {record.id} is used twice.")
            seen.add(record.id)


def _die(raw: object, owner: int, path: str) -> DieRecord:
    item = _object(raw, path)
    size = _checked(checks.die_size, item.get("size", dicepool.DEFAULT_SIZE), f"{path}.size")
    record = DieRecord(
        id=_integer(item.get("id"), f"{path}.id", low=1),
        character_id=owner,
        size=size,
        kind=_checked(checks.die_kind, item.get("kind", "ordinary"), f"{path}.kind"),
        place=_checked(checks.die_place, item.get("place", "pool"), f"{path}.place"),
        item_id=_optional_id(item.get("item_id"), f"{path}.item_id"),
        in_tray=_flag(item.get("in_tray", False), f"{path}.in_tray"),
        steps=_integer(item.get("steps", 0), f"{path}.steps", low=0),
        down_to_d4=_flag(item.get("down_to_d4", False), f"{path}.down_to_d4"),
        position=_integer(item.get("position", 0), f"{path}.position", low=0),
    )
    try:
        dicepool.check_tray_choice(size, record.steps, record.down_to_d4)
    except ValueError as error:
        raise ImportRefused(f"{path}.steps: {error}") from None
    return record


def _trait(raw: object, owner: int, path: str) -> TraitRecord:
    item = _object(raw, path)
    name = _checked(roster.check_name, item.get("name"), f"{path}.name")
    value = _integer(item.get("value", 1), f"{path}.value", low=1)
    broad = _flag(item.get("broad", False), f"{path}.broad")
    trait = _checked(lambda _: checks.trait(name, value, broad), None, path)
    return TraitRecord(
        id=_integer(item.get("id"), f"{path}.id", low=1),
        character_id=owner,
        name=trait.name,
        value=trait.value,
        broad=trait.broad,
        position=_integer(item.get("position", 0), f"{path}.position", low=0),
    )


def _item(raw: object, owner: int, path: str) -> ItemRecord:
    item = _object(raw, path)
    name = _checked(roster.check_name, item.get("name"), f"{path}.name")
    kind = _checked(checks.item_kind, item.get("kind"), f"{path}.kind")
    return ItemRecord(
        id=_integer(item.get("id"), f"{path}.id", low=1),
        character_id=owner,
        name=name,
        kind=kind,
        deplete=_flag(item.get("deplete", False), f"{path}.deplete"),
        position=_integer(item.get("position", 0), f"{path}.position", low=0),
        die_id=None,
    )


def _item_dice(dice: list[DieRecord], items: list[ItemRecord], path: str) -> None:
    """Tie each item to its die: an item of the same character, one die, the right kind."""
    by_id = {item.id: index for index, item in enumerate(items)}
    for index, die in enumerate(dice):
        if die.item_id is None:
            continue
        where = f"{path}[{index}]"
        if die.item_id not in by_id:
            raise ImportRefused(f"{where}.item_id: this character has no item {die.item_id}.")
        n = by_id[die.item_id]
        item = items[n]
        if item.die_id is not None:
            raise ImportRefused(f"{where}.item_id: {item.name} already has a die.")
        wanted = dicepool.item_die_kind(item.kind).value
        if die.kind != wanted:
            raise ImportRefused(
                f"{where}.kind: the die of {item.name} is a {wanted} die, not {die.kind}."
            )
        items[n] = replace(item, die_id=die.id)


def _unique_names(traits: list[TraitRecord], path: str) -> None:
    seen: set[str] = set()
    for index, trait in enumerate(traits):
        key = trait.name.casefold()
        if key in seen:
            raise ImportRefused(f"{path}[{index}].name: “{trait.name}” is used twice.")
        seen.add(key)


def _rolls(raw: list[Any], characters: set[int]) -> tuple[RollRecord, ...]:
    rolls = tuple(_roll(value, characters, f"roll_log[{n}]") for n, value in enumerate(raw))
    _unique([roll.id for roll in rolls], "roll_log", "id")
    return rolls


def _roll(raw: object, characters: set[int], path: str) -> RollRecord:
    item = _object(raw, path)
    character_id = _optional_id(item.get("character_id"), f"{path}.character_id")
    if character_id is not None and character_id not in characters:
        raise ImportRefused(f"{path}.character_id: there is no character {character_id}.")
    detail = _object(item.get("detail", {}), f"{path}.detail")
    _checked(checks.detail, detail, f"{path}.detail")
    return RollRecord(
        id=_integer(item.get("id"), f"{path}.id", low=1),
        at=_checked(checks.timestamp, item.get("at"), f"{path}.at"),
        character_id=character_id,
        character_name=_checked(
            roster.check_name, item.get("character_name"), f"{path}.character_name"
        ),
        kind=_checked(checks.roll_kind, item.get("kind"), f"{path}.kind"),
        detail=detail,
        total=_checked(checks.total, item.get("total"), f"{path}.total"),
        summary=_checked(checks.summary, item.get("summary", ""), f"{path}.summary"),
        undone=_flag(item.get("undone", False), f"{path}.undone"),
        day=_optional_id(item.get("day"), f"{path}.day"),
    )


def _energy(
    characters: list[Any], records: Sequence[CharacterRecord], current_day: int
) -> tuple[tuple[tuple[int, CharacterProfile], ...], tuple[tuple[int, DayState], ...]]:
    """Every character's energy profile and days, each checked by the rules."""
    profiles: list[tuple[int, CharacterProfile]] = []
    days: list[tuple[int, DayState]] = []
    for index, (raw, record) in enumerate(zip(characters, records, strict=True)):
        if raw.get("energy") is None:
            continue
        path = f"characters[{index}].energy"
        item = _object(raw["energy"], path)
        profile = _energy_profile(item, record.name, path)
        if profile is not None:
            profiles.append((record.id, profile))
        raw_days = _list(item.get("days", []), f"{path}.days")
        seen: dict[int, int] = {}  # day -> index in the list
        died: tuple[int, int] | None = None  # the day of a death, and its index
        for n, value in enumerate(raw_days):
            state = _checked(energy.day_from_dict, value, f"{path}.days[{n}]")
            if not 1 <= state.day <= current_day:
                raise ImportRefused(
                    f"{path}.days[{n}].day: days run from 1 to the current day, "
                    f"{current_day}; not {state.day}."
                )
            if state.day in seen:
                raise ImportRefused(f"{path}.days[{n}].day: day {state.day} is there twice.")
            _checked(checks.energy_day, state, f"{path}.days[{n}]")
            seen[state.day] = n
            if state.dead and (died is None or state.day < died[0]):
                died = (state.day, n)
            days.append((record.id, state))
        if died is not None:
            # The dead keep no calendar: End Day writes no day after a death.
            later = [day for day in seen if day > died[0]]
            if later:
                n = seen[min(later)]
                raise ImportRefused(
                    f"{path}.days[{n}]: {record.name} died on day {died[0]} "
                    f"(days[{died[1]}]), so has no day {min(later)}."
                )
    return tuple(profiles), tuple(days)


def _energy_profile(item: dict[str, Any], name: str, path: str) -> CharacterProfile | None:
    daily_net = item.get("daily_net")
    abilities = _object(item.get("abilities", {}), f"{path}.abilities")
    if daily_net is None:
        if abilities:
            raise ImportRefused(f"{path}.daily_net: abilities need a daily net energy.")
        return None
    daily_net = _integer(daily_net, f"{path}.daily_net", low=0, high=checks.DAILY_NET_MAX)
    for ability, rating in abilities.items():
        _integer(rating, f"{path}.abilities.{_key(ability)}", low=0, high=checks.ABILITY_RATING_MAX)
    return _checked(lambda _: energy.profile(name, daily_net, abilities), None, f"{path}.abilities")


def _settings(raw: object, path: str) -> dict[str, Any]:
    """The settings object; the rule settings GM Desk knows are checked, others kept."""
    settings = _object(raw, path)
    for name in checks.SETTINGS_DEFAULTS:
        if name in settings:
            _checked(
                lambda value, name=name: checks.settings({name: value}, {}),
                settings[name],
                f"{path}.{name}",
            )
    return settings


def _cards(raw: list[Any], characters: set[int], images: ImageCheck) -> tuple[CardSnapshot, ...]:
    cards = tuple(_card(value, characters, f"cards[{n}]", images) for n, value in enumerate(raw))
    _unique([snapshot.card.id for snapshot in cards], "cards", "id")
    _card_owners([snapshot.card for snapshot in cards])
    return cards


def _card(raw: object, characters: set[int], path: str, images: ImageCheck) -> CardSnapshot:
    item = _object(raw, path)
    card_id = _integer(item.get("id"), f"{path}.id", low=1)
    # What a card leaves out is what a new card has.
    given = {"category": "skill", "position": 0, **NEW_CARD, "tags": [], **item}
    _list(given["tags"], f"{path}.tags")  # a list in JSON, though the store splits text too
    values = {
        name: _checked(check, given.get(name), f"{path}.{name}")
        for name, check in checks.CARD_CHECKS.items()
    }
    character_id = values["character_id"]
    if character_id is not None and character_id not in characters:
        raise ImportRefused(f"{path}.character_id: there is no character {character_id}.")
    image = _image(item.get("image"), f"{path}.image", images)
    return CardSnapshot(CardRecord(id=card_id, **values, has_image=image is not None), image)


def _image(raw: object, path: str, images: ImageCheck) -> tuple[str, bytes] | None:
    if raw is None:
        return None
    item = _object(raw, path)
    named = _checked(checks.image_format_name, item.get("format"), f"{path}.format")
    text = item.get("data")
    if not isinstance(text, str):
        raise ImportRefused(f"{path}.data: expected the image's bytes as base64 text.")
    try:
        data = base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError):
        raise ImportRefused(f"{path}.data: this is not base64 text.") from None
    found, content = _checked(checks.image, data, f"{path}.data")
    if found != named:
        raise ImportRefused(f"{path}.format: the data is a {found} image, not {named}.")
    if not images(found, content):
        raise ImportRefused(f"{path}.data: this {found} image is damaged: it does not decode.")
    return found, content


def _card_owners(cards: Sequence[CardRecord]) -> None:
    """Each owner card is in the document, and no ownership loops; a refusal names the
    first card (in document order) whose chain of owners loops."""
    owners = {card.id: card.owner_id for card in cards}
    names = {card.id: card.name for card in cards}
    for index, card in enumerate(cards):
        if card.owner_id is not None and card.owner_id not in owners:
            raise ImportRefused(f"cards[{index}].owner_id: there is no card {card.owner_id}.")
    cleared: set[int] = set()  # cards whose chain is known to end: walks stop there
    for index, card in enumerate(cards):
        # Gather this card's new chain (stopping where it meets itself); the rule judges
        # it, and an owner left out of `chain` ends it, as cleared ones do.
        chain: dict[int, int | None] = {}
        current: int | None = card.id
        while current is not None and current not in chain and current not in cleared:
            chain[current] = owners[current]
            current = owners[current]
        try:
            checks.card_owners(chain, names)
        except ValueError as error:
            raise ImportRefused(f"cards[{index}].owner_id: {error}") from None
        cleared.update(chain)


# -- downtime ---------------------------------------------------------------------------------


def _downtime(
    top: dict[str, Any],
    characters: list[Any],
    records: Sequence[CharacterRecord],
    campaign_name: str,
    settings: dict[str, Any],
) -> dict[str, Any]:
    """The downtime sections, each optional; the values CampaignDocument takes."""
    raw_chapter = top.get("chapter")
    chapter_item = {} if raw_chapter is None else _object(raw_chapter, "chapter")
    chapter_name = _checked(
        roster.check_name, chapter_item.get("name", campaign_name), "chapter.name"
    )
    faction_list = _factions(_list(top.get("factions", []), "factions"), chapter_name)
    faction_ids = {faction.id for faction in faction_list}
    claims = _claims(_list(top.get("claims", []), "claims"), faction_ids)
    paths = _claim_paths(_list(top.get("claim_paths", []), "claim_paths"), claims)
    character_ids = {record.id for record in records}
    clocks = _clocks(_list(top.get("clocks", []), "clocks"), character_ids, faction_ids)
    track = checks.stored_settings(settings)["stress_track"]
    sheets = tuple(
        _sheet(raw["downtime"], record.id, track, f"characters[{index}].downtime")
        for index, (raw, record) in enumerate(zip(characters, records, strict=True))
        if raw.get("downtime") is not None
    )
    sessions, entries = _sessions(
        _list(top.get("downtime_sessions", []), "downtime_sessions"), character_ids
    )
    chapter = None
    if raw_chapter is not None:
        chapter = _chapter(chapter_item, chapter_name, claims)
    return {
        "chapter": chapter,
        "factions": faction_list,
        "claims": claims,
        "claim_paths": paths,
        "clocks": clocks,
        "downtime_sheets": sheets,
        "downtime_sessions": sessions,
        "downtime_entries": entries,
    }


def _factions(raw: list[Any], chapter_name: str) -> tuple[FactionRecord, ...]:
    found: list[FactionRecord] = []
    names: set[str] = set()
    for index, value in enumerate(raw):
        path = f"factions[{index}]"
        item = _object(value, path)
        record = FactionRecord(
            id=_integer(item.get("id"), f"{path}.id", low=1),
            name=_checked(roster.check_name, item.get("name"), f"{path}.name"),
            tier=_checked(checks.tier, item.get("tier", factions.MIN_TIER), f"{path}.tier"),
            hold=_checked(checks.hold, item.get("hold", factions.STRONG), f"{path}.hold"),
            status=_checked(checks.status, item.get("status", factions.NEUTRAL), f"{path}.status"),
            at_war_with_others=_flag(
                item.get("at_war_with_others", False), f"{path}.at_war_with_others"
            ),
            position=_integer(item.get("position", 0), f"{path}.position", low=0),
            notes=_checked(checks.notes, item.get("notes", ""), f"{path}.notes"),
        )
        key = record.name.casefold()
        if key in names:
            raise ImportRefused(f"{path}.name: “{record.name}” is used twice.")
        if key == chapter_name.casefold():
            raise ImportRefused(f"{path}.name: “{record.name}” is the chapter's name.")
        names.add(key)
        found.append(record)
    _unique([faction.id for faction in found], "factions", "id")
    # Each tier's row numbered 0, 1, 2... in the order the positions give.
    ordered = sorted(found, key=lambda f: (f.tier, f.position, f.id))
    return tuple(_renumbered(ordered, lambda f: f.tier))  # type: ignore[arg-type]


def _claims(raw: list[Any], faction_ids: set[int]) -> tuple[ClaimRecord, ...]:
    found: list[ClaimRecord] = []
    names: set[str] = set()
    for index, value in enumerate(raw):
        path = f"claims[{index}]"
        item = _object(value, path)
        holder = _integer(item.get("holder_id", 0), f"{path}.holder_id", low=0)
        if holder and holder not in faction_ids:
            raise ImportRefused(f"{path}.holder_id: there is no faction {holder}.")
        record = ClaimRecord(
            id=_integer(item.get("id"), f"{path}.id", low=1),
            name=_checked(checks.claim_name, item.get("name"), f"{path}.name"),
            benefit=_checked(
                lambda v: checks.text(v, "A claim's benefit"),
                item.get("benefit", ""),
                f"{path}.benefit",
            ),
            turf=_flag(item.get("turf", False), f"{path}.turf"),
            holder_id=holder,
            x=_checked(lambda v: checks.coordinate(v, "x"), item.get("x", 0.0), f"{path}.x"),
            y=_checked(lambda v: checks.coordinate(v, "y"), item.get("y", 0.0), f"{path}.y"),
        )
        if record.name.casefold() in names:
            raise ImportRefused(f"{path}.name: “{record.name}” is used twice.")
        names.add(record.name.casefold())
        found.append(record)
    _unique([claim.id for claim in found], "claims", "id")
    return tuple(found)


def _claim_paths(raw: list[Any], claims: Sequence[ClaimRecord]) -> tuple[ClaimPathRecord, ...]:
    """Paths between claims of the document or the lair (0), each pair once."""
    ends = {claim.id for claim in claims} | {0}
    found: list[ClaimPathRecord] = []
    for index, value in enumerate(raw):
        path = f"claim_paths[{index}]"
        item = _object(value, path)
        start = _integer(item.get("start"), f"{path}.start", low=0)
        end = _integer(item.get("end"), f"{path}.end", low=0)
        for key, place in (("start", start), ("end", end)):
            if place not in ends:
                raise ImportRefused(f"{path}.{key}: there is no claim {place}.")
        if start == end:
            raise ImportRefused(f"{path}.end: a path can't lead from a place to itself.")
        record = ClaimPathRecord(min(start, end), max(start, end))
        if record in found:
            raise ImportRefused(f"{path}: there is already a path between {start} and {end}.")
        found.append(record)
    return tuple(found)


def _clocks(
    raw: list[Any], character_ids: set[int], faction_ids: set[int]
) -> tuple[ClockRecord, ...]:
    found: list[ClockRecord] = []
    owners = {
        OWNER_CHARACTER: (character_ids, "character"),
        OWNER_FACTION: (faction_ids, "faction"),
    }
    for index, value in enumerate(raw):
        path = f"clocks[{index}]"
        item = _object(value, path)
        kind = _checked(
            checks.owner_kind, item.get("owner_kind", OWNER_KINDS[0]), f"{path}.owner_kind"
        )
        owner = _checked(
            lambda v, kind=kind: checks.owner_id(kind, v),
            item.get("owner_id", 0),
            f"{path}.owner_id",
        )
        if kind in owners and owner not in owners[kind][0]:
            raise ImportRefused(f"{path}.owner_id: there is no {owners[kind][1]} {owner}.")
        segments = _checked(checks.clock_segments, item.get("segments"), f"{path}.segments")
        found.append(
            ClockRecord(
                id=_integer(item.get("id"), f"{path}.id", low=1),
                name=_checked(roster.check_name, item.get("name"), f"{path}.name"),
                segments=segments,
                filled=_checked(
                    lambda v, segments=segments: checks.clock_filled(v, segments),
                    item.get("filled", 0),
                    f"{path}.filled",
                ),
                owner_kind=kind,
                owner_id=owner,
                position=_integer(item.get("position", 0), f"{path}.position", low=0),
                note=_checked(checks.notes, item.get("note", ""), f"{path}.note"),
            )
        )
    _unique([clock.id for clock in found], "clocks", "id")
    ordered = sorted(found, key=lambda c: (c.owner_kind, c.owner_id, c.position, c.id))
    return tuple(_renumbered(ordered, lambda c: (c.owner_kind, c.owner_id)))  # type: ignore[arg-type]


def _renumbered(
    ordered: Sequence[FactionRecord | ClockRecord], group: Callable[[Any], object]
) -> list[FactionRecord | ClockRecord]:
    """Positions 0, 1, 2... within each group, keeping the order given."""
    counts: dict[object, int] = {}
    result: list[FactionRecord | ClockRecord] = []
    for record in ordered:
        key = group(record)
        result.append(replace(record, position=counts.get(key, 0)))
        counts[key] = counts.get(key, 0) + 1
    return result


def _chapter(item: dict[str, Any], name: str, claims: Sequence[ClaimRecord]) -> ChapterRecord:
    """The chapter, its rep checked against the turf its claims in the document give."""
    tier = _checked(checks.tier, item.get("tier", factions.MIN_TIER), "chapter.tier")
    hold = _checked(checks.hold, item.get("hold", factions.STRONG), "chapter.hold")
    coin = _integer(item.get("coin", 0), "chapter.coin", low=0)
    heat = _integer(item.get("heat", 0), "chapter.heat", low=0)
    lair_held = _flag(item.get("lair_held", True), "chapter.lair_held")
    held = tuple(
        factions.Claim(claim.name, name, turf=True)
        for claim in claims
        if claim.turf and claim.holder_id == 0
    )
    turf = factions.ClaimMap(name, held, (), lair_held).turf_count()
    rep = _checked(
        lambda v: factions.Chapter(tier, hold, v, turf, coin, heat).rep,  # type: ignore[arg-type]
        item.get("rep", 0),
        "chapter.rep",
    )
    return ChapterRecord(
        name=name,
        tier=tier,
        hold=hold,
        rep=rep,
        coin=coin,
        heat=heat,
        lair_held=lair_held,
        turf=turf,
        at_war=False,  # derived from the factions once imported; never stored
        notes=_checked(checks.notes, item.get("notes", ""), "chapter.notes"),
        lair_threatened=_flag(item.get("lair_threatened", False), "chapter.lair_threatened"),
    )


def _sheet(raw: object, character_id: int, track: int, path: str) -> DowntimeSheet:
    item = _object(raw, path)
    hp_max = _integer(item.get("hp_max", 10), f"{path}.hp_max", low=1)
    tracks = []
    # A sheet written by hand without XP gets the usual tracks, as a new sheet does.
    default_xp = [{"track": track, "marks": marks} for track, marks in DEFAULT_XP]
    for index, value in enumerate(_list(item.get("xp", default_xp), f"{path}.xp")):
        entry = _object(value, f"{path}.xp[{index}]")
        tracks.append(
            (
                _checked(checks.xp_track, entry.get("track"), f"{path}.xp[{index}].track"),
                _integer(entry.get("marks", 0), f"{path}.xp[{index}].marks", low=0),
            )
        )
    return DowntimeSheet(
        character_id=character_id,
        stress=_checked(lambda v: checks.stress(v, track), item.get("stress", 0), f"{path}.stress"),
        trauma=_checked(checks.trauma, item.get("trauma", 0), f"{path}.trauma"),
        hp=_checked(
            lambda v: checks.health(v, hp_max).current, item.get("hp", hp_max), f"{path}.hp"
        ),
        hp_max=hp_max,
        xp=_checked(checks.xp, tracks, f"{path}.xp"),
        **{
            key: _checked(check, item.get(key, ""), f"{path}.{key}")
            for key, check in _SHEET_TEXT.items()
        },
    )


_SHEET_TEXT: dict[str, Callable[[object], str]] = {
    "virtue": lambda v: checks.text(v, "A virtue"),
    "vice": lambda v: checks.text(v, "A vice"),
    "vice_purveyor": lambda v: checks.text(v, "A vice purveyor"),
    "friends": checks.notes,
    "contacts": checks.notes,
}


def _sessions(
    raw: list[Any], character_ids: set[int]
) -> tuple[tuple[int, ...], tuple[DowntimeEntry, ...]]:
    """Downtime sessions by number, with their steps in order."""
    numbers: list[int] = []
    entries: list[DowntimeEntry] = []
    for index, value in enumerate(raw):
        path = f"downtime_sessions[{index}]"
        item = _object(value, path)
        number = _integer(item.get("number"), f"{path}.number", low=1)
        numbers.append(number)
        for n, entry in enumerate(_list(item.get("entries", []), f"{path}.entries")):
            entries.append(_entry(entry, number, character_ids, f"{path}.entries[{n}]"))
    _unique(numbers, "downtime_sessions", "number")
    ids = [entry.id for entry in entries]
    seen: set[int] = set()
    for entry_id in ids:
        if entry_id in seen:
            raise ImportRefused(f"downtime_sessions: step id {entry_id} is used twice.")
        seen.add(entry_id)
    return tuple(numbers), tuple(entries)


def _entry(raw: object, number: int, character_ids: set[int], path: str) -> DowntimeEntry:
    item = _object(raw, path)
    character_id = _integer(item.get("character_id", 0), f"{path}.character_id", low=0)
    if character_id and character_id not in character_ids:
        raise ImportRefused(f"{path}.character_id: there is no character {character_id}.")
    return DowntimeEntry(
        id=_integer(item.get("id"), f"{path}.id", low=1),
        session=number,
        character_id=character_id,
        activity=_checked(checks.entry_activity, item.get("activity"), f"{path}.activity"),
        summary=_checked(checks.entry_summary, item.get("summary"), f"{path}.summary"),
        coin_spent=_integer(item.get("coin_spent", 0), f"{path}.coin_spent", low=0),
        extra=_checked(checks.entry_extra, item.get("extra", ""), f"{path}.extra"),
        track=_checked(checks.entry_track, item.get("track", ""), f"{path}.track"),
        undone=_flag(item.get("undone", False), f"{path}.undone"),
    )


def _optional_id(value: object, path: str) -> int | None:
    return None if value is None else _integer(value, path, low=1)


def _flag(value: object, path: str) -> bool:
    if not isinstance(value, bool):
        raise ImportRefused(f"{path}: expected true or false, not {checks.shown(value)}.")
    return value


_MESSAGE_MAX = 300


def _checked(check: Callable[[object], Any], value: object, path: str) -> Any:
    """`check(value)`, its refusal (a check's ValueError; a rule fed a value of the wrong
    type may raise TypeError) told as ImportRefused at `path`."""
    try:
        return check(value)
    except (ValueError, TypeError, OverflowError) as error:
        message = str(error)
        if len(message) > _MESSAGE_MAX:
            message = message[: _MESSAGE_MAX - 1] + "…"
        raise ImportRefused(f"{path}: {message}") from None


def _object(value: object, path: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ImportRefused(f"{path}: expected an object, not {checks.shown(value)}.")
    return value


def _list(value: object, path: str) -> list[Any]:
    if not isinstance(value, list):
        raise ImportRefused(f"{path}: expected a list, not {checks.shown(value)}.")
    return value


def _integer(value: object, path: str, *, low: int, high: int = checks.INTEGER_MAX) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ImportRefused(f"{path}: expected a whole number, not {checks.shown(value)}.")
    if value < low:
        raise ImportRefused(f"{path}: must be at least {low}, not {checks.shown(value)}.")
    if value > high:
        raise ImportRefused(f"{path}: can be at most {high:,}, not {checks.shown(value)}.")
    return value


def _date(value: object, path: str) -> date:
    try:
        parsed = date.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        parsed = None
    if parsed is None:
        raise ImportRefused(f"{path}: expected a date like 2026-03-01, not {checks.shown(value)}.")
    return _checked(checks.start_date, parsed, path)  # type: ignore[no-any-return]


def _unique(values: list[int], path: str, key: str) -> None:
    seen: set[int] = set()
    for index, value in enumerate(values):
        if value in seen:
            raise ImportRefused(f"{path}[{index}].{key}: {value} is used twice.")
        seen.add(value)
