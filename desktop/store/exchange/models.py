"""The export format declared as pydantic models: what `read_document` validates.

Imported only when a document is read (pydantic is never on the start-up path). Each
model is strict (JSON's `true` is no number, `1` no yes/no) and ignores keys it does
not know. A field's own check is the rules' or store/checks.py's, run as its
validator so its plain message reaches the GM; what one record cannot judge alone
(unique ids and names, an item's die, owner loops, claim paths, clock owners, a day's
place in the calendar) is `CampaignExport`'s one model validator, which names the
place it refuses by `Refusal`. Every refusal carries the field's path, made from
pydantic's error location by store/exchange/reading.py.
"""

from __future__ import annotations

import base64
import binascii
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import MISSING, fields, replace
from datetime import date
from functools import partial
from typing import (
    TYPE_CHECKING,
    Annotated,
    Any,
    ClassVar,
    Literal,
    Self,
    TypeVar,
    get_type_hints,
    overload,
)

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PlainValidator,
    PrivateAttr,
    TypeAdapter,
    ValidationInfo,
    WithJsonSchema,
    create_model,
    field_validator,
    model_validator,
)

from desktop.rules import dicepool, factions, roster, syscards
from desktop.rules.energy import CharacterProfile, DayState
from desktop.store import bounds, checks, games
from desktop.store import calendar as energy
from desktop.store import chapter as chapter_checks
from desktop.store import clocks as clock_checks
from desktop.store import downtime as downtime_checks
from desktop.store import factions as faction_checks
from desktop.store.cards import NEW_CARD, CardRecord, CardSnapshot
from desktop.store.chapter import ChapterRecord, ClaimPathRecord, ClaimRecord
from desktop.store.clocks import OWNER_CHARACTER, OWNER_FACTION, OWNER_KINDS, ClockRecord
from desktop.store.downtime import (
    DEFAULT_XP,
    ENTRY_ACTIVITIES,
    EXTRAS,
    DowntimeEntry,
    DowntimeSheet,
)
from desktop.store.exchange.document import FORMAT, VERSION, CampaignDocument
from desktop.store.factions import FactionRecord
from desktop.store.kit import DieRecord, ItemRecord, TraitRecord
from desktop.store.rolls import RollRecord
from desktop.store.roster import CharacterRecord
from desktop.store.tables import FlatSection, area_tables, flat_sections


class Refusal(ValueError):
    """A refusal at `where`: a path below the failing value's own (a model validator
    naming one of its fields), or the whole path (the document's cross-record checks)."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(message)
        self.where = where


class _Strict(BaseModel):
    model_config = ConfigDict(strict=True, extra="ignore", frozen=True)


class _Stored(_Strict):
    """A record the file keeps as a row of `_table`: each of its whole numbers is held
    to the bound `bounds` declares for that column, as every writer and the open check
    hold it (a field named as no column, or left out, is judged by its own rule)."""

    _table: ClassVar[str] = ""
    _spelled_otherwise: ClassVar[tuple[str, ...]] = ()  # fields the file writes otherwise

    @model_validator(mode="after")
    def _within_bounds(self) -> Self:
        for column in bounds.columns()[self._table]:
            if column in self._spelled_otherwise:
                continue
            value = getattr(self, column, None)
            if value is not None:
                try:
                    bounds.check(self._table, column, value)
                except ValueError as error:
                    raise Refusal(column, str(error)) from None
        return self


# A model `record_model` makes: a stored record, or a kind of one (an area's, say).
StoredModel = TypeVar("StoredModel", bound=_Stored)


# -- values, each checked by its rule ---------------------------------------------------------


def _plain(check: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """`check` as a validator: a rule fed a value of the wrong type may raise TypeError
    (or OverflowError), which pydantic would not catch; each is a plain refusal too."""

    def validator(value: Any) -> Any:
        try:
            return check(value)
        except (TypeError, OverflowError) as error:
            raise ValueError(str(error)) from None

    return validator


# Annotated of a type and metadata known at run time (a record's), which no checker can read.
_ANNOTATED: Any = Annotated

# A field is written `Annotated[<its JSON type>, _rule(<its check>)]`: the type is what the
# schema declares and what mypy reads; the check, run before pydantic's own, judges it.


def _rule(check: Callable[[Any], Any]) -> BeforeValidator:
    """A value judged by `check` (the rules' or store/checks.py's) before its type."""
    return BeforeValidator(_plain(check))


def _one_of(values: Iterable[object]) -> WithJsonSchema:
    """The JSON values a field may hold, for the schema (the check says so plainly): the
    schema pydantic writes for a Literal of them, built from the rules' own values, so a
    new die kind or place reaches the schema without being spelled here."""
    allowed = tuple(getattr(value, "value", value) for value in values)
    literal: Any = Literal  # a Literal of values known at run time, which no checker can read
    return WithJsonSchema(TypeAdapter(literal[allowed]).json_schema())


def _text(what: str) -> BeforeValidator:
    return _rule(lambda value: checks.text(value, what))


@overload
def record_model(
    name: str,
    record: type[Any],
    table: str,
    rules: Mapping[str, Callable[[Any], Any]],
    schema: Mapping[str, tuple[object, ...]],
) -> type[_Stored]: ...


@overload
def record_model(
    name: str,
    record: type[Any],
    table: str,
    rules: Mapping[str, Callable[[Any], Any]],
    schema: Mapping[str, tuple[object, ...]],
    *,
    base: type[StoredModel],
) -> type[StoredModel]: ...


def record_model(
    name: str,
    record: type[Any],
    table: str,
    rules: Mapping[str, Callable[[Any], Any]],
    schema: Mapping[str, tuple[object, ...]],
    *,
    base: type[_Stored] = _Stored,
) -> type[_Stored]:
    """A model (a subclass of `base`, a plain stored record unless told) with the
    fields of the dataclass `record`, in its order: each of the type the record gives it
    (`typing.get_type_hints`), judged by its check in `rules` if it has one, each whole
    number held to the file's bound for its column of `table` (the schema's minimum and
    maximum), with what `schema` adds for it and the record's default (no default: the
    field is required)."""
    types = get_type_hints(record)
    bounded = bounds.of_table(table)
    made: dict[str, Any] = {}
    for field in fields(record):
        metadata: list[object] = []
        bound = bounded.get(field.name)
        # First: after a validator, pydantic would judge None by the bound too.
        if bound is not None and types[field.name] in (int, int | None):
            metadata.append(Field(ge=bound.low, le=bound.high))
        if field.name in rules:
            metadata.append(_rule(rules[field.name]))
        metadata += schema.get(field.name, ())
        annotated = _ANNOTATED[(types[field.name], *metadata)] if metadata else types[field.name]
        if field.default is not MISSING:
            made[field.name] = (annotated, field.default)
        elif field.default_factory is not MISSING:
            made[field.name] = (annotated, Field(default_factory=field.default_factory))
        else:
            made[field.name] = (annotated, ...)
    model: type[_Stored] = create_model(name, __base__=base, __module__=__name__, **made)
    model._table = table  # its whole numbers held to their bounds, as a class's `_table` says
    return model


Whole = Annotated[int, Field(ge=0, le=checks.INTEGER_MAX)]
Id = Annotated[int, Field(ge=1, le=checks.INTEGER_MAX)]
Name = Annotated[str, _rule(roster.check_name)]
Notes = Annotated[str, _rule(roster.check_notes)]


def _start_date(value: object) -> date:
    try:
        parsed = date.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        parsed = None
    if parsed is None:
        raise ValueError(f"expected a date like 2026-03-01, not {checks.shown(value)}.")
    return checks.start_date(parsed)


def _setting(name: str) -> BeforeValidator:
    def check(value: object) -> object:
        checks.settings({name: value}, {})
        return value

    return _rule(check)


@_plain
def _detail(value: dict[str, Any]) -> dict[str, Any]:
    checks.detail(value)
    return value


def _tags(value: object) -> tuple[str, ...]:
    if not isinstance(value, list):  # a list in JSON, though the store splits text too
        raise ValueError(f"expected a list, not {checks.shown(value)}.")
    return checks.card_tags(value)


def _base64(value: object) -> bytes:
    if not isinstance(value, str):
        raise ValueError("expected the image's bytes as base64 text.")
    try:
        return base64.b64decode(value, validate=True)
    except (binascii.Error, ValueError):
        raise ValueError("this is not base64 text.") from None


@_plain
def _day(value: object) -> DayState:
    return checks.energy_day(energy.day_from_dict(value))


Day = Annotated[
    DayState,
    PlainValidator(_day),
    WithJsonSchema(
        {
            "type": "object",
            "description": "One stored day of the Energy Calendar, as store/energy.py "
            "writes it; its ledger must add up (rules/ledger.py).",
            "properties": {key: {} for key in sorted(energy.DAY_KEYS)},
            "required": ["day"],
            "additionalProperties": False,
        }
    ),
]


# -- the records -------------------------------------------------------------------------------


class Die(_Stored):
    _table = "die"

    id: Id
    size: Annotated[int, _rule(checks.die_size), _one_of(dicepool.SIZES)] = dicepool.DEFAULT_SIZE
    kind: Annotated[str, _rule(checks.die_kind), _one_of(dicepool.Kind)] = "ordinary"
    place: Annotated[str, _rule(checks.die_place), _one_of(dicepool.Place)] = "pool"
    item_id: Id | None = None
    in_tray: bool = False
    down_to_d4: bool = False  # before steps, whose check needs it
    steps: Whole = 0
    position: Whole = 0

    @field_validator("steps")
    @classmethod
    def _tray_choice(cls, steps: int, info: ValidationInfo) -> int:
        if "size" in info.data and "down_to_d4" in info.data:
            _plain(
                lambda v: dicepool.check_tray_choice(info.data["size"], v, info.data["down_to_d4"])
            )(steps)
        return steps


class Trait(_Stored):
    _table = "trait"

    id: Id
    name: Name
    value: Annotated[int, Field(ge=1, le=checks.INTEGER_MAX)] = 1
    broad: bool = False
    position: Whole = 0

    @model_validator(mode="after")
    def _rules_trait(self) -> Self:
        try:
            checks.trait(self.name, self.value, self.broad)
        except (TypeError, ValueError) as error:
            raise Refusal("", str(error)) from None
        return self


class Item(_Stored):
    _table = "item"

    id: Id
    name: Name
    kind: Annotated[str, _rule(checks.item_kind), _one_of(dicepool.ItemKind)]
    deplete: bool = False
    position: Whole = 0


class Energy(_Stored):
    """A null daily_net keeps the days of a character whose profile was removed."""

    _table = "energy_profile"

    daily_net: Annotated[int, Field(ge=0, le=checks.DAILY_NET_MAX)] | None = None
    abilities: dict[str, Annotated[int, Field(ge=0, le=checks.ABILITY_RATING_MAX)]] = {}
    days: list[Day] = []

    @model_validator(mode="after")
    def _profile_needs_net(self) -> Self:
        if self.daily_net is None and self.abilities:
            raise Refusal("daily_net", "abilities need a daily net energy.")
        return self


class XpTrack(_Strict):
    track: Annotated[str, _rule(downtime_checks.xp_track)]
    marks: Whole = 0


@_plain
def _xp(tracks: list[XpTrack]) -> list[XpTrack]:
    downtime_checks.xp([(track.track, track.marks) for track in tracks])
    return tracks


_DEFAULT_XP = tuple(XpTrack(track=track, marks=marks) for track, marks in DEFAULT_XP)


class Sheet(_Stored):
    """A character's downtime sheet; its stress is judged against the campaign's track."""

    _table = "downtime_sheet"

    stress: int = 0
    trauma: Annotated[int, _rule(downtime_checks.trauma)] = 0
    hp_max: Annotated[int, Field(ge=1, le=checks.INTEGER_MAX)] = 10
    hp: int | None = None  # None: hp_max
    # A sheet written by hand without XP gets the usual tracks, as a new sheet does (a
    # factory: pydantic would deep-copy a list default for every sheet).
    xp: Annotated[list[XpTrack], AfterValidator(_xp)] = Field(
        default_factory=lambda: list(_DEFAULT_XP)
    )
    virtue: Annotated[str, _text("A virtue")] = ""
    vice: Annotated[str, _text("A vice")] = ""
    vice_purveyor: Annotated[str, _text("A vice purveyor")] = ""
    friends: Notes = ""
    contacts: Notes = ""

    @field_validator("hp")
    @classmethod
    def _health(cls, hp: int | None, info: ValidationInfo) -> int | None:
        if hp is not None and "hp_max" in info.data:
            _plain(lambda v: downtime_checks.health(v, info.data["hp_max"]))(hp)
        return hp

    def record(self, character_id: int, track: int) -> DowntimeSheet:
        return DowntimeSheet(
            character_id=character_id,
            stress=downtime_checks.stress(self.stress, track),
            trauma=self.trauma,
            hp=self.hp_max if self.hp is None else self.hp,
            hp_max=self.hp_max,
            xp=tuple((track.track, track.marks) for track in self.xp),
            virtue=self.virtue,
            vice=self.vice,
            vice_purveyor=self.vice_purveyor,
            friends=self.friends,
            contacts=self.contacts,
        )


# A character's own fields are its record's, each judged by the rules' check for it: a
# new field of the record (with its check in `roster.CHECKS`) reaches the import and the
# schema with no line here. Only what the schema says beyond the record's type is
# written here: the kinds a character may be.
_CHARACTER_SCHEMA: dict[str, tuple[object, ...]] = {"kind": (_one_of(roster.KINDS),)}
_CHARACTER_FIELDS = tuple(field.name for field in fields(CharacterRecord))

if not TYPE_CHECKING:
    _CharacterFields = record_model(
        "CharacterFields",
        CharacterRecord,
        "character",
        roster.CHECKS,
        _CHARACTER_SCHEMA,
    )
else:
    # A model made at run time is opaque to the checkers: they read the record's fields
    # instead, typed as the record types them (which is what the made model holds). The
    # class comes last so that ruff, too, reads Character as a pydantic model.
    class _CharacterFields(_Stored, CharacterRecord):
        pass


class Character(_CharacterFields):  # its own fields (id, name, kind...) are the record's
    """A character with what it owns; an item's die is the die whose item_id names it."""

    dice: list[Die] = []
    traits: list[Trait] = []
    items: list[Item] = []
    energy: Energy | None = None
    downtime: Sheet | None = None
    # The energy profile the rules made of `energy` (None without a daily net).
    _profile: CharacterProfile | None = PrivateAttr(default=None)

    @model_validator(mode="after")
    def _rules_profile(self, info: ValidationInfo) -> Self:
        tick = (info.context or {}).get("tick")
        if tick is not None:
            tick()
        if self.energy is not None and self.energy.daily_net is not None:
            try:
                self._profile = energy.profile(
                    self.name, self.energy.daily_net, self.energy.abilities
                )
            except (TypeError, ValueError) as error:
                raise Refusal("energy.abilities", str(error)) from None
        return self

    def record(self) -> CharacterRecord:
        return CharacterRecord(**{name: getattr(self, name) for name in _CHARACTER_FIELDS})

    def profile(self) -> CharacterProfile | None:
        return self._profile


class Roll(_Stored):
    _table = "roll_log"

    id: Id
    at: Annotated[str, _rule(checks.timestamp)]
    character_id: Id | None = None
    character_name: Name
    kind: Annotated[str, _rule(checks.roll_kind), _one_of(checks.ROLL_KINDS)]
    detail: Annotated[dict[str, Any], AfterValidator(_detail)] = {}
    total: Annotated[int | None, _rule(checks.total)] = None
    summary: Annotated[str, _rule(checks.summary)] = ""
    undone: bool = False
    day: Id | None = None
    game_id: Id | None = None  # where in play it was rolled (RULES.md section 2)
    scene: Id | None = None
    round: Id | None = None
    turn: Id | None = None


def _optional_timestamp(value: object) -> str | None:
    return None if value is None else checks.timestamp(value)


def _game_state(value: dict[str, Any]) -> dict[str, Any]:
    # Judged whole with the game's other fields in `Game`; here only its shape.
    return value


class Game(_Stored):
    """A game at the table (RULES.md section 2) with its play state: `state` holds
    `scenes` (each {text, members, condition_id}), `round`, `turn_of`, `actions`
    ([character id, text] pairs), `started_with` ([character id, pool size] pairs) and,
    once ended, `grown` ([character id, started, after] triples)."""

    _table = "game"

    id: Id
    started_at: Annotated[str, _rule(checks.timestamp)]
    started_day: Id
    ended_at: Annotated[str | None, _rule(_optional_timestamp)] = None
    state: Annotated[dict[str, Any], AfterValidator(_game_state)] = {}
    _record: games.GameRecord | None = PrivateAttr(default=None)

    @model_validator(mode="after")
    def _rules_game(self) -> Self:
        try:
            self._record = games.check_game(
                games.game_from_values(
                    self.id, self.started_at, self.started_day, self.ended_at, self.state
                )
            )
        except (TypeError, ValueError) as error:
            raise Refusal("state", str(error)) from None
        return self

    def record(self) -> games.GameRecord:
        assert self._record is not None  # made by the validator
        return self._record


class Image(_Strict):
    """A card's picture: its format and its bytes in base64; it must decode."""

    format: Annotated[str, _rule(checks.image_format_name), _one_of(checks.IMAGE_FORMATS)]
    data: Annotated[
        bytes,
        BeforeValidator(_base64),
        AfterValidator(lambda data: checks.image(data)[1]),
        WithJsonSchema({"type": "string", "contentEncoding": "base64"}),
    ]

    @model_validator(mode="after")
    def _decodes(self, info: ValidationInfo) -> Self:
        found = checks.image_format(self.data)
        if found != self.format:
            raise Refusal("format", f"the data is a {found} image, not {self.format}.")
        decodes = (info.context or {}).get("images")
        if decodes is not None and not decodes(found, self.data):
            raise Refusal("data", f"this {found} image is damaged: it does not decode.")
        return self


# What a card leaves out is what a new card has.
_CARD_DEFAULTS: dict[str, Any] = {"category": "skill", "position": 0, **NEW_CARD, "tags": ()}


class Card(_Stored):
    """A SySCard, each field checked as the card editor's are."""

    _table = "card"

    id: Id
    name: Name
    category: Annotated[str, _rule(checks.card_category), _one_of(syscards.CATEGORIES)] = (
        _CARD_DEFAULTS["category"]
    )
    owner_id: Annotated[int | None, _rule(checks.CARD_CHECKS["owner_id"])] = None
    character_id: Annotated[int | None, _rule(checks.CARD_CHECKS["character_id"])] = None
    capacity: Annotated[bool, _rule(checks.CARD_CHECKS["capacity"])] = _CARD_DEFAULTS["capacity"]
    efficiency: Annotated[int, _rule(checks.card_efficiency)] = _CARD_DEFAULTS["efficiency"]
    power: Annotated[int, _rule(checks.CARD_CHECKS["power"])] = 0
    velocity: Annotated[int, _rule(checks.CARD_CHECKS["velocity"])] = 0
    focus: Annotated[int, _rule(checks.CARD_CHECKS["focus"])] = 0
    resistance: Annotated[int, _rule(checks.CARD_CHECKS["resistance"])] = 0
    zone: Annotated[str, _rule(checks.CARD_CHECKS["zone"])] = ""
    scale: Annotated[str, _rule(checks.CARD_CHECKS["scale"])] = ""
    info: Annotated[str, _rule(checks.card_info)] = ""
    tags: Annotated[tuple[str, ...], _rule(_tags)] = ()
    position: Annotated[int, _rule(checks.position)] = 0
    # Shown to players: an export without the mark keeps cards and clocks the GM's
    # and factions shown, as upgrading a campaign to 0008 does.
    shown: bool = False
    image: Image | None = None

    def snapshot(self) -> CardSnapshot:
        values = {name: getattr(self, name) for name in checks.CARD_CHECKS}
        image = None if self.image is None else (self.image.format, self.image.data)
        return CardSnapshot(CardRecord(id=self.id, **values, has_image=image is not None), image)


# -- downtime ----------------------------------------------------------------------------------


class Chapter(_Stored):
    """The chapter's stored fields; its turf and war follow the claims and factions."""

    _table = "chapter"

    name: Name | None = None  # None: the campaign's name
    tier: Annotated[int, _rule(faction_checks.tier)] = factions.MIN_TIER
    hold: Annotated[str, _rule(faction_checks.hold), _one_of(factions.HOLDS)] = factions.STRONG
    rep: int = 0  # judged against the turf the document's claims give
    coin: Whole = 0
    heat: Whole = 0
    lair_held: bool = True
    notes: Notes = ""
    lair_threatened: bool = False


class Faction(_Stored):
    _table = "faction"

    id: Id
    name: Name
    tier: Annotated[int, _rule(faction_checks.tier)] = factions.MIN_TIER
    hold: Annotated[str, _rule(faction_checks.hold), _one_of(factions.HOLDS)] = factions.STRONG
    status: Annotated[int, _rule(faction_checks.status)] = factions.NEUTRAL
    at_war_with_others: bool = False
    position: Whole = 0
    notes: Notes = ""
    shown: bool = True


class Claim(_Stored):
    """A claim on the map; holder_id 0 is the chapter."""

    _table = "claim"

    id: Id
    name: Annotated[str, _rule(chapter_checks.claim_name)]
    benefit: Annotated[str, _text("A claim's benefit")] = ""
    turf: bool = False
    holder_id: Whole = 0
    x: Annotated[float, _rule(lambda v: chapter_checks.coordinate(v, "x"))] = 0.0
    y: Annotated[float, _rule(lambda v: chapter_checks.coordinate(v, "y"))] = 0.0


class ClaimPath(_Strict):
    """A path between two claims; 0 is the lair."""

    start: Whole
    end: Whole


class Clock(_Stored):
    _table = "clock"

    id: Id
    name: Name
    segments: Annotated[int, _rule(clock_checks.clock_segments)]
    filled: int = 0
    owner_kind: Annotated[str, _rule(clock_checks.owner_kind), _one_of(OWNER_KINDS)] = OWNER_KINDS[
        0
    ]
    owner_id: int = 0
    position: Whole = 0
    note: Notes = ""
    shown: bool = False

    @field_validator("filled", mode="before")
    @classmethod
    def _filled(cls, filled: object, info: ValidationInfo) -> object:
        if "segments" in info.data:
            return _plain(lambda v: clock_checks.clock_filled(v, info.data["segments"]))(filled)
        return filled

    @field_validator("owner_id", mode="before")
    @classmethod
    def _owner(cls, owner: object, info: ValidationInfo) -> object:
        if "owner_kind" in info.data:
            return _plain(lambda v: clock_checks.owner_id(info.data["owner_kind"], v))(owner)
        return owner


class Step(_Stored):
    """One step of a downtime session; character_id 0 for chapter-wide steps."""

    _table = "downtime_entry"
    _spelled_otherwise = ("character_id",)  # 0 here, no character (NULL) in the file

    id: Id
    character_id: Whole = 0
    activity: Annotated[str, _rule(downtime_checks.entry_activity), _one_of(ENTRY_ACTIVITIES)]
    summary: Annotated[str, _rule(downtime_checks.entry_summary)]
    coin_spent: Whole = 0
    extra: Annotated[str, _rule(downtime_checks.entry_extra), _one_of(EXTRAS)] = ""
    track: Annotated[str, _rule(downtime_checks.entry_track)] = ""
    undone: bool = False


class Session(_Stored):
    _table = "downtime_session"

    number: Id
    entries: list[Step] = []


# -- the document ------------------------------------------------------------------------------


class Settings(_Strict):
    """The rule settings GM Desk knows, each checked; any other key is kept as given."""

    model_config = ConfigDict(strict=True, extra="allow", frozen=True)

    raise_from: Annotated[int, _setting("raise_from")] = checks.settings_defaults()["raise_from"]
    raise_by: Annotated[int, _setting("raise_by")] = checks.settings_defaults()["raise_by"]
    stress_track: Annotated[int, _setting("stress_track")] = checks.settings_defaults()[
        "stress_track"
    ]
    starting_dice: Annotated[int, _setting("starting_dice")] = checks.settings_defaults()[
        "starting_dice"
    ]
    # The printed cards' and sheets' language: not a rule, kept beside them.
    print_language: Annotated[
        str, _rule(checks.print_language), _one_of(checks.language_codes())
    ] = checks.PRINT_LANGUAGE_DEFAULT


class CampaignInfo(_Stored):
    _table = "campaign"

    name: Name
    start_date: Annotated[date, BeforeValidator(_start_date)]
    current_day: Annotated[int, Field(ge=1, le=checks.CURRENT_DAY_MAX)] = 1
    settings: Settings = Settings()


def _format(value: object) -> str:
    if value != FORMAT:
        raise ValueError("this is not a GM Desk campaign export.")
    return FORMAT


def _version(value: int) -> int:
    if value > VERSION:
        raise ValueError(
            f"this export was made by a newer GM Desk (format {value}); "
            "update GM Desk to import it."
        )
    return value


class BaseExport(_Strict):
    """A whole campaign as GM Desk exports it (format gm-desk-campaign, version 1).

    Everything but `format`, `version` and `campaign` is optional, so exports made
    before dice pools, cards or downtime existed import unchanged. Ids are kept.
    """

    model_config = ConfigDict(
        strict=True, extra="ignore", frozen=True, title="GM Desk campaign export"
    )

    format: Annotated[Literal["gm-desk-campaign"], BeforeValidator(_format)]
    version: Annotated[int, Field(ge=1, le=checks.INTEGER_MAX), AfterValidator(_version)]
    campaign: CampaignInfo
    characters: list[Character] = []
    roll_log: list[Roll] = []
    cards: list[Card] = []
    chapter: Chapter | None = None  # None: the new campaign's own chapter
    factions: list[Faction] = []
    claims: list[Claim] = []
    claim_paths: list[ClaimPath] = []
    clocks: list[Clock] = []
    downtime_sessions: list[Session] = []
    games: list[Game] = []

    @model_validator(mode="after")
    def _across_records(self) -> Self:
        """Everything one record cannot judge alone, in the document's order."""
        characters = {c.id for c in self.characters}
        _unique((c.id for c in self.characters), "characters", "id")
        _owned(self.characters)
        for index, roll in enumerate(self.roll_log):
            _exists(roll.character_id, characters, f"roll_log[{index}].character_id", "character")
        _unique((roll.id for roll in self.roll_log), "roll_log", "id")
        for index, character in enumerate(self.characters):
            if character.energy is not None:
                _days(character, self.campaign.current_day, f"characters[{index}].energy")
        for index, card in enumerate(self.cards):
            _exists(card.character_id, characters, f"cards[{index}].character_id", "character")
        _unique((card.id for card in self.cards), "cards", "id")
        _card_owners(self.cards)
        self._downtime(characters)
        self._games()
        for section in flat_sections():
            if any(f.name == "id" for f in fields(section.record)):
                records = getattr(self, section.key, ())
                _unique((record.id for record in records), section.key, "id")
        return self

    def _games(self) -> None:
        # A game's state may name characters deleted since (as the store keeps them);
        # what ties games to each other, to the calendar and to the log is judged as
        # the store judges it.
        _unique((game.id for game in self.games), "games", "id")
        rolled_in = (
            (roll.id, roll.game_id) for roll in self.roll_log if roll.game_id and not roll.undone
        )
        _judged(
            lambda: games.check_games(
                [game.record() for game in self.games],
                self.campaign.current_day,
                rolled_in,
                {character.id: character.kind for character in self.characters},
            ),
            "games",
        )

    def _downtime(self, characters: set[int]) -> None:
        chapter_name = self.chapter_name()
        names: set[str] = set()
        for index, faction in enumerate(self.factions):
            key = faction.name.casefold()
            if key in names:
                raise Refusal(f"factions[{index}].name", f"“{faction.name}” is used twice.")
            if key == chapter_name.casefold():
                raise Refusal(f"factions[{index}].name", f"“{faction.name}” is the chapter's name.")
            names.add(key)
        _unique((faction.id for faction in self.factions), "factions", "id")
        faction_ids = {faction.id for faction in self.factions}
        names = set()
        for index, claim in enumerate(self.claims):
            if claim.holder_id:
                _exists(claim.holder_id, faction_ids, f"claims[{index}].holder_id", "faction")
            if claim.name.casefold() in names:
                raise Refusal(f"claims[{index}].name", f"“{claim.name}” is used twice.")
            names.add(claim.name.casefold())
        _unique((claim.id for claim in self.claims), "claims", "id")
        _claim_paths(self.claim_paths, {claim.id for claim in self.claims} | {0})
        owners = {OWNER_CHARACTER: characters, OWNER_FACTION: faction_ids}
        for index, clock in enumerate(self.clocks):
            if clock.owner_kind in owners:
                where = f"clocks[{index}].owner_id"
                _exists(clock.owner_id, owners[clock.owner_kind], where, clock.owner_kind)
        _unique((clock.id for clock in self.clocks), "clocks", "id")
        track = self.stress_track()
        for index, character in enumerate(self.characters):
            if character.downtime is not None:
                where = f"characters[{index}].downtime.stress"
                _judged(partial(downtime_checks.stress, character.downtime.stress, track), where)
        _unique(
            (session.number for session in self.downtime_sessions), "downtime_sessions", "number"
        )
        steps: set[int] = set()
        for index, session in enumerate(self.downtime_sessions):
            for n, step in enumerate(session.entries):
                if step.character_id:
                    where = f"downtime_sessions[{index}].entries[{n}].character_id"
                    _exists(step.character_id, characters, where, "character")
                if step.id in steps:
                    raise Refusal("downtime_sessions", f"step id {step.id} is used twice.")
                steps.add(step.id)
        if self.chapter is not None:
            _judged(lambda: self.chapter_record(), "chapter.rep")

    # -- what the document becomes --------------------------------------------------------

    def chapter_name(self) -> str:
        if self.chapter is None or self.chapter.name is None:
            return self.campaign.name
        return self.chapter.name

    def stress_track(self) -> int:
        return checks.stored_settings(self.settings())["stress_track"]

    def settings(self) -> dict[str, Any]:
        return self.campaign.settings.model_dump(exclude_unset=True)

    def chapter_record(self) -> ChapterRecord | None:
        """The chapter, its rep judged by the rules at the turf the claims give."""
        chapter = self.chapter
        if chapter is None:
            return None
        name = self.chapter_name()
        held = tuple(
            factions.Claim(claim.name, name, turf=True)
            for claim in self.claims
            if claim.turf and claim.holder_id == 0
        )
        turf = factions.ClaimMap(name, held, (), chapter.lair_held).turf_count()
        ruled = factions.Chapter(
            chapter.tier, chapter.hold, chapter.rep, turf, chapter.coin, chapter.heat
        )
        return ChapterRecord(
            name=name,
            tier=chapter.tier,
            hold=chapter.hold,
            rep=ruled.rep,
            coin=chapter.coin,
            heat=chapter.heat,
            lair_held=chapter.lair_held,
            turf=turf,
            at_war=False,  # derived from the factions once imported; never stored
            notes=chapter.notes,
            lair_threatened=chapter.lair_threatened,
        )

    def document(self) -> CampaignDocument:
        """The checked document as the store's records (a model's fields are named as
        its record's, so `dict(model)` fills them)."""
        dice: list[DieRecord] = []
        traits: list[TraitRecord] = []
        items: list[ItemRecord] = []
        profiles: list[tuple[int, CharacterProfile]] = []
        days: list[tuple[int, DayState]] = []
        sheets: list[DowntimeSheet] = []
        track = self.stress_track()
        for character in self.characters:
            owner = character.id
            die_of = {die.item_id: die.id for die in character.dice if die.item_id is not None}
            items += [
                ItemRecord(character_id=owner, die_id=die_of.get(i.id), **dict(i))
                for i in character.items
            ]
            traits += [TraitRecord(character_id=owner, **dict(t)) for t in character.traits]
            dice += [DieRecord(character_id=owner, **dict(d)) for d in character.dice]
            profile = character.profile()
            if profile is not None:
                profiles.append((owner, profile))
            if character.energy is not None:
                days += [(owner, state) for state in character.energy.days]
            if character.downtime is not None:
                sheets.append(character.downtime.record(owner, track))
        return CampaignDocument(
            name=self.campaign.name,
            start_date=self.campaign.start_date,
            current_day=self.campaign.current_day,
            settings=self.settings(),
            characters=tuple(character.record() for character in self.characters),
            dice=tuple(dice),
            traits=tuple(traits),
            items=tuple(items),
            rolls=tuple(RollRecord(**dict(roll)) for roll in self.roll_log),
            cards=tuple(card.snapshot() for card in self.cards),
            energy_profiles=tuple(profiles),
            energy_days=tuple(days),
            chapter=self.chapter_record(),
            factions=self._factions(),
            claims=tuple(ClaimRecord(**dict(claim)) for claim in self.claims),
            claim_paths=tuple(
                ClaimPathRecord(min(p.start, p.end), max(p.start, p.end)) for p in self.claim_paths
            ),
            clocks=self._clocks(),
            downtime_sheets=tuple(sheets),
            downtime_sessions=tuple(session.number for session in self.downtime_sessions),
            downtime_entries=tuple(
                DowntimeEntry(session=session.number, **dict(step))
                for session in self.downtime_sessions
                for step in session.entries
            ),
            games=tuple(game.record() for game in self.games),
            sections={
                section.key: tuple(
                    section.record(**dict(record)) for record in getattr(self, section.key, ())
                )
                for section in flat_sections()
            },
        )

    def _factions(self) -> tuple[FactionRecord, ...]:
        records = [FactionRecord(**dict(faction)) for faction in self.factions]
        # Each tier's row numbered 0, 1, 2... in the order the positions give.
        ordered = sorted(records, key=lambda f: (f.tier, f.position, f.id))
        return tuple(_renumbered(ordered, lambda f: f.tier))

    def _clocks(self) -> tuple[ClockRecord, ...]:
        records = [ClockRecord(**dict(clock)) for clock in self.clocks]
        ordered = sorted(records, key=lambda c: (c.owner_kind, c.owner_id, c.position, c.id))
        return tuple(_renumbered(ordered, lambda c: (c.owner_kind, c.owner_id)))


# -- the areas' flat sections -------------------------------------------------------------------


class _AreaRecord(_Stored):
    """A record of an area's flat section (`tables.FlatSection`), judged whole by the
    area's own check, whose plain message is the refusal's."""

    _section: ClassVar[FlatSection[Any] | None] = None

    @model_validator(mode="after")
    def _area_check(self) -> Self:
        section = self._section
        if section is not None:
            try:
                section.check(section.record(**dict(self)))
            except (TypeError, ValueError) as error:
                raise Refusal("", str(error)) from None
        return self


def section_model(section: FlatSection[Any], table: str) -> type[BaseModel]:
    """The model of one record of `section` (of `table`): a field for each of the
    record's (its type and default), each whole number held to its column's bounds (as
    `_Stored` holds it, and declared so in the schema), the record judged whole by the
    area's check."""
    name = "".join(part.capitalize() for part in table.split("_"))
    made = record_model(name, section.record, table, {}, {}, base=_AreaRecord)
    made._section = section
    return made


def _with_sections(base: type[BaseExport]) -> type[BaseExport]:
    """`base` with a list for each flat section the areas declare (none: `base`)."""
    sections = flat_sections()
    if not sections:
        return base
    lists: dict[str, Any] = {}
    for section in sections:
        table = next(table.name for table in area_tables() if table.section is section)
        record: Any = section_model(section, table)  # made at run time: no checker reads it
        lists[section.key] = (list[record], [])
    return create_model(
        "CampaignExport", __base__=base, __module__=__name__, __doc__=base.__doc__, **lists
    )


# The whole export as the import reads it and the schema declares it.
CampaignExport = _with_sections(BaseExport)


# -- the cross-record checks -------------------------------------------------------------------


def _unique(values: Iterable[int], path: str, key: str) -> None:
    seen: set[int] = set()
    for index, value in enumerate(values):
        if value in seen:
            raise Refusal(f"{path}[{index}].{key}", f"{value} is used twice.")
        seen.add(value)


def _exists(value: int | None, known: set[int], where: str, what: str) -> None:
    if value is not None and value not in known:
        raise Refusal(where, f"there is no {what} {value}.")


def _judged(check: Callable[[], object], where: str) -> None:
    try:
        check()
    except (TypeError, ValueError) as error:
        raise Refusal(where, str(error)) from None


def _owned(characters: Sequence[Character]) -> None:
    """Dice, traits and items: ids unique across the document, trait names within a
    character, and each item's die one die of the right kind of that character's."""
    seen: dict[str, set[int]] = {"dice": set(), "traits": set(), "items": set()}
    for index, character in enumerate(characters):
        path = f"characters[{index}]"
        for what, records in (
            ("items", character.items),
            ("traits", character.traits),
        ):
            _keep(seen[what], records, f"{path}.{what}")
        names: set[str] = set()
        for n, trait in enumerate(character.traits):
            if trait.name.casefold() in names:
                raise Refusal(f"{path}.traits[{n}].name", f"“{trait.name}” is used twice.")
            names.add(trait.name.casefold())
        _item_dice(character, f"{path}.dice")
        _keep(seen["dice"], character.dice, f"{path}.dice")


def _keep(seen: set[int], records: Sequence[Die | Trait | Item], path: str) -> None:
    for index, record in enumerate(records):
        if record.id in seen:
            raise Refusal(f"{path}[{index}].id", f"{record.id} is used twice.")
        seen.add(record.id)


def _item_dice(character: Character, path: str) -> None:
    items = {item.id: item for item in character.items}
    with_die: set[int] = set()
    for index, die in enumerate(character.dice):
        if die.item_id is None:
            continue
        where = f"{path}[{index}]"
        item = items.get(die.item_id)
        if item is None:
            raise Refusal(f"{where}.item_id", f"this character has no item {die.item_id}.")
        if item.id in with_die:
            raise Refusal(f"{where}.item_id", f"{item.name} already has a die.")
        wanted = dicepool.item_die_kind(item.kind).value
        if die.kind != wanted:
            raise Refusal(
                f"{where}.kind", f"the die of {item.name} is a {wanted} die, not {die.kind}."
            )
        with_die.add(item.id)


def _days(character: Character, current_day: int, path: str) -> None:
    """Days within the calendar, each once, none after the character's death."""
    assert character.energy is not None
    seen: dict[int, int] = {}  # day -> index in the list
    died: tuple[int, int] | None = None  # the day of a death, and its index
    for n, state in enumerate(character.energy.days):
        if not 1 <= state.day <= current_day:
            raise Refusal(
                f"{path}.days[{n}].day",
                f"days run from 1 to the current day, {current_day}; not {state.day}.",
            )
        if state.day in seen:
            raise Refusal(f"{path}.days[{n}].day", f"day {state.day} is there twice.")
        seen[state.day] = n
        if state.dead and (died is None or state.day < died[0]):
            died = (state.day, n)
    if died is not None:
        # The dead keep no calendar: End Day writes no day after a death.
        later = [day for day in seen if day > died[0]]
        if later:
            raise Refusal(
                f"{path}.days[{seen[min(later)]}]",
                f"{character.name} died on day {died[0]} (days[{died[1]}]), "
                f"so has no day {min(later)}.",
            )


def _card_owners(cards: Sequence[Card]) -> None:
    """Each owner card is in the document, and no ownership loops; a refusal names the
    first card (in document order) whose chain of owners loops."""
    owners = {card.id: card.owner_id for card in cards}
    names = {card.id: card.name for card in cards}
    for index, card in enumerate(cards):
        _exists(card.owner_id, set(owners), f"cards[{index}].owner_id", "card")
    cleared: set[int] = set()  # cards whose chain is known to end: walks stop there
    for index, card in enumerate(cards):
        # Gather this card's new chain (stopping where it meets itself); the rule judges
        # it, and an owner left out of `chain` ends it, as cleared ones do.
        chain: dict[int, int | None] = {}
        current: int | None = card.id
        while current is not None and current not in chain and current not in cleared:
            chain[current] = owners[current]
            current = owners[current]
        _judged(partial(checks.card_owners, chain, names), f"cards[{index}].owner_id")
        cleared.update(chain)


def _claim_paths(paths: Sequence[ClaimPath], ends: set[int]) -> None:
    """Paths between claims of the document or the lair (0), each pair once."""
    found: set[tuple[int, int]] = set()
    for index, path in enumerate(paths):
        where = f"claim_paths[{index}]"
        for key, place in (("start", path.start), ("end", path.end)):
            _exists(place, ends, f"{where}.{key}", "claim")
        if path.start == path.end:
            raise Refusal(f"{where}.end", "a path can't lead from a place to itself.")
        pair = (min(path.start, path.end), max(path.start, path.end))
        if pair in found:
            raise Refusal(where, f"there is already a path between {path.start} and {path.end}.")
        found.add(pair)


def _renumbered(ordered: Sequence[Any], group: Callable[[Any], object]) -> list[Any]:
    """Positions 0, 1, 2... within each group, keeping the order given."""
    counts: dict[object, int] = {}
    result = []
    for record in ordered:
        key = group(record)
        result.append(replace(record, position=counts.get(key, 0)))
        counts[key] = counts.get(key, 0) + 1
    return result


# -- the schema --------------------------------------------------------------------------------

# The JSON Schema of CampaignExport is committed as resources/ of this name (`make
# schema` writes it); a test fails when the models and it drift apart.
SCHEMA_FILE = "campaign-export.schema.json"


def schema_text() -> str:
    """The export's JSON Schema, as the committed file holds it."""
    schema = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        **CampaignExport.model_json_schema(),
    }
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"
