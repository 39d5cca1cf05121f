"""Checks of single values before they reach the campaign file.

The game's own rules (die sizes, kinds, places, trait steps, traits, items, a card's
category, efficiency and numbers, owners that loop, the Raise Throw settings) are
checked by `desktop.rules`; this module only adds what the file needs besides (ids,
positions, yes/no flags, roll log fields, lengths, tags, images). Every check returns
the value to store, or raises ValueError with a message a GM can read. Campaign
methods and the JSON import share these, so a value refused by one is refused by the
other.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import replace
from datetime import date, datetime
from functools import partial
from typing import TYPE_CHECKING, Any, TypeVar

from desktop.language import language_codes
from desktop.rules import dicepool, roster

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

    from desktop.rules.energy import DayState

    Record = TypeVar("Record", bound=DataclassInstance)

# The checks of cards, of the campaign's settings, of stress tracks and of energy days
# import the SySCards, downtime and energy rules when first called: a campaign opened
# for play reads none of them, and those rules (their dataclasses) are a good part of
# opening's time.

# What the roll log records; the Roll Log dock shows each kind differently.
ROLL_KINDS: tuple[str, ...] = ("roll", "conflict", "act", "challenge")
SUMMARY_MAX = 2_000
DICE_AT_ONCE = 100

# Cards. The rules bound efficiency and keep the numbers at 0 or more; these limits are
# the file's: short labels stay short, and no number can overflow SQLite's integers.
CARD_LABEL_MAX = 80  # zone, scale
CARD_INFO_MAX = 200_000  # the editor's HTML is several times the text it holds
CARD_NUMBER_MAX = 1_000_000_000
CARD_NUMBERS: tuple[str, ...] = ("power", "velocity", "focus", "resistance")
TAG_MAX = 40
TAGS_MAX = 50
TAG_SEPARATOR = ", "
IMAGE_MAX = 4 * 1024 * 1024
IMAGE_FORMATS: tuple[str, ...] = ("png", "jpeg", "gif", "webp", "bmp")
# The sizes of the BMP info headers there are (core, OS/2, V1 to V5).
_BMP_HEADER_SIZES = frozenset({12, 16, 40, 52, 56, 64, 108, 124})
NOT_AN_IMAGE = "is not an image GM Desk can show (PNG, JPEG, GIF, WebP or BMP)."

# The rules draw 1 to 20 stress boxes; a campaign's track has at least 2 (one box is
# not a track a GM would choose, and is most likely a slip of the keyboard).
MIN_STRESS_TRACK = 2


# Every whole number the file keeps fits a 32-bit integer: SQLite's are 64-bit, but Qt's
# spin boxes and painters take 32-bit ones, and no count of a game comes near.
INTEGER_MAX = 2**31 - 1

# The calendar: a campaign starts in years 100 to 9000 and runs at most 100,000 days
# (some 270 years), so every day it can show, and the months around it, is a date.
START_DATE_MIN = date(100, 1, 1)
START_DATE_MAX = date(9000, 12, 31)
CURRENT_DAY_MAX = 100_000
# A roll log line's moment: the same years.
MOMENT_MIN = datetime(100, 1, 1)
MOMENT_MAX = datetime(9999, 1, 1)
# Energy: any figure of a day or a ledger entry; a profile as its editor can hold it.
ENERGY_MAX = 1_000_000_000
DAILY_NET_MAX = 9_999
ABILITY_RATING_MAX = 99


def whole(value: object, what: str, low: int = 0, high: int = INTEGER_MAX) -> int:
    # bool is an int to Python, but True as a position or an id is always a mistake.
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{what} must be a whole number, not {shown(value)}.")
    if value < low:
        raise ValueError(f"{what} must be at least {low}, not {shown(value)}.")
    if value > high:
        raise ValueError(f"{what} can be at most {high:,}, not {shown(value)}.")
    return value


def shown(value: object, limit: int = 60) -> str:
    """A value as a message may quote it: short, and never failing (a 5,000-digit
    number cannot even be turned into text)."""
    if isinstance(value, int) and not isinstance(value, bool):
        if abs(value) > 10**limit:
            return f"a number of more than {limit} digits"
        return f"{value:,}"  # as the bound beside it is written: "at most 2,147,483,647"
    try:
        text = repr(value)
    except (ValueError, RecursionError):
        return f"a {type(value).__name__}"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def start_date(value: object) -> date:
    """A campaign's first day, from a date or ISO text, within the calendar's years."""
    if isinstance(value, str):
        try:
            value = date.fromisoformat(value)
        except ValueError:
            raise ValueError(f"Expected a date like 2026-03-01, not {shown(value)}.") from None
    if not isinstance(value, date) or isinstance(value, datetime):
        raise ValueError(f"Expected a date like 2026-03-01, not {shown(value)}.")
    if not START_DATE_MIN <= value <= START_DATE_MAX:
        raise ValueError(
            f"A campaign starts between {START_DATE_MIN.isoformat()} and "
            f"{START_DATE_MAX.isoformat()}, not on {value.isoformat()}."
        )
    return value


def energy_day(state: DayState) -> DayState:
    """A stored energy day: every figure within ENERGY_MAX, and a ledger that adds up."""
    from desktop.rules.ledger import check_ledger

    figures = [
        state.opened_daily,
        state.daily,
        state.general_store,
        state.pending_general,
        state.debt,
        *(pool.value for pool in state.pools),
        *(pool.value for pool in state.pending_specific),
    ]
    for entry in state.entries:
        figures += [entry.amount, entry.rating, entry.cost or 0, entry.gained]
    if max(figures, default=0) > ENERGY_MAX:
        raise ValueError(f"An energy figure can be at most {ENERGY_MAX:,}.")
    check_ledger(state)
    return state


def row_id(value: object, what: str = "An id") -> int:
    return whole(value, what, low=1)


def optional_id(value: object, what: str) -> int | None:
    return None if value is None else row_id(value, what)


def position(value: object) -> int:
    return whole(value, "A position")


def flag(value: object, what: str) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{what} is a yes or no (true or false), not {value!r}.")
    return value


def count(value: object) -> int:
    number = whole(value, "The number of dice", low=1)
    # A slip of the keyboard (1000 for 10) should not bury the table in dice.
    if number > DICE_AT_ONCE:
        raise ValueError(f"At most {DICE_AT_ONCE} dice can be added at once, not {number}.")
    return number


def die_size(value: object) -> int:
    return dicepool.check_size(value)


def die_kind(value: object) -> str:
    return dicepool.check_kind(value).value


def die_place(value: object) -> str:
    return dicepool.check_place(value).value


def trait(name: object, value: object, broad: object) -> dicepool.Trait:
    """A trait's name (spaces tidied, at most 80 characters), value and breadth."""
    return dicepool.Trait(roster.check_name(name), value, broad)  # type: ignore[arg-type]  # any type: the rules' Trait judges it


def item(name: object, kind: object, die_size: object, deplete: object) -> dicepool.Item:
    return dicepool.Item(roster.check_name(name), kind, die_size, deplete)  # type: ignore[arg-type]  # any type: Item judges them


def item_kind(value: object) -> str:
    # Refuses anything but a weapon or armour: a stored value of any type is judged.
    dicepool.item_die_kind(value)  # type: ignore[arg-type]  # any type: it judges it
    return str(value)


def roll_kind(value: object) -> str:
    if value not in ROLL_KINDS:
        raise ValueError(f"A roll log line is one of {', '.join(ROLL_KINDS)}, not {value!r}.")
    return str(value)


def moment(value: object) -> datetime:
    """A local date and time to whole seconds, from a datetime or ISO text."""
    if isinstance(value, str):
        try:
            value = datetime.fromisoformat(value)
        except ValueError:
            raise ValueError(
                f"Expected a date and time like 2026-03-01T20:15:00, not {shown(value)}."
            ) from None
    if not isinstance(value, datetime):
        raise ValueError(f"Expected a date and time, not {shown(value)}.")
    if value.tzinfo is not None:
        try:  # the log is in the GM's local time
            local = value.astimezone().replace(tzinfo=None)
        except (OverflowError, ValueError):  # year 1 or 9999 moved past the calendar's end
            local = None
        if local is None or not MOMENT_MIN <= local <= MOMENT_MAX:
            raise ValueError(_moment_range(value))
        value = local
    if not MOMENT_MIN <= value <= MOMENT_MAX:
        raise ValueError(_moment_range(value))
    return value.replace(microsecond=0)


def _moment_range(value: datetime) -> str:
    return (
        f"A roll log line is dated between {MOMENT_MIN.year} and {MOMENT_MAX.year}, "
        f"not {value.isoformat()}."
    )


def timestamp(value: object) -> str:
    """The text the roll log keeps: ISO local date and time, whole seconds."""
    return moment(value).isoformat(timespec="seconds")


def detail(value: object) -> str:
    """A roll's detail as the JSON text the file keeps."""
    if not isinstance(value, dict):
        raise ValueError(f"A roll's detail must be a JSON object, not {value!r}.")
    try:
        return json.dumps(value, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError) as error:
        raise ValueError(f"A roll's detail must be plain JSON data: {error}.") from None


def total(value: object) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"A roll's total must be a whole number, not {shown(value)}.")
    if abs(value) > INTEGER_MAX:
        raise ValueError(f"A roll's total can be at most {INTEGER_MAX:,} either way.")
    return value


def summary(value: object) -> str:
    if not isinstance(value, str):
        raise ValueError("A roll's summary must be text.")
    if len(value) > SUMMARY_MAX:
        raise ValueError(f"A roll's summary can have at most {SUMMARY_MAX} characters.")
    return value


def parse_detail(text: str) -> dict[str, Any]:
    """The detail read back; a damaged line shows as empty rather than breaking the log."""
    try:
        parsed = json.loads(text)
    except (TypeError, ValueError):
        return {}
    return parsed if isinstance(parsed, dict) else {}


# -- cards ----------------------------------------------------------------------------------


def card_category(value: object) -> str:
    from desktop.rules import syscards

    return syscards.CardStats(value).category  # type: ignore[arg-type]  # any type: CardStats judges it


def card_efficiency(value: object) -> int:
    from desktop.rules import syscards

    # CardStats holds the rule (1..100); "other" is just a category that always exists.
    return syscards.CardStats("other", efficiency=value).efficiency  # type: ignore[arg-type]  # as above


def card_number(value: object, name: str) -> int:
    from desktop.rules import syscards

    """Power, velocity, focus or resistance: 0 or more by the rules, bounded by the file."""
    number: int = getattr(syscards.CardStats("other", **{name: value}), name)  # type: ignore[arg-type]  # as above
    if number > CARD_NUMBER_MAX:
        raise ValueError(f"A card's {name} can be at most {CARD_NUMBER_MAX:,}, not {number:,}.")
    return number


def card_label(value: object, what: str) -> str:
    """A zone or a scale: free text on one line, spaces tidied, possibly empty."""
    if not isinstance(value, str):
        raise ValueError(f"{what} must be text, not {value!r}.")
    cleaned = " ".join(value.split())
    if len(cleaned) > CARD_LABEL_MAX:
        raise ValueError(
            f"{what} can have at most {CARD_LABEL_MAX} characters, not {len(cleaned)}."
        )
    return cleaned


def card_info(value: object) -> str:
    """The Info tab: rich text (HTML) or plain text, kept exactly as given."""
    if not isinstance(value, str):
        raise ValueError(f"A card's Info must be text, not {value!r}.")
    if len(value) > CARD_INFO_MAX:
        raise ValueError(f"A card's Info can have at most {CARD_INFO_MAX:,} characters.")
    return value


def card_tags(value: object) -> tuple[str, ...]:
    """Tags, normalised: commas separate tags (also inside one string), spaces are tidied,
    empty tags are dropped and a tag repeated in another case is kept once, first as
    written."""
    items = [value] if isinstance(value, str) else value
    if not isinstance(items, list | tuple):
        raise ValueError(f"Tags must be a list of words, not {value!r}.")
    tags: list[str] = []
    seen: set[str] = set()
    for item in items:
        if not isinstance(item, str):
            raise ValueError(f"A tag must be text, not {item!r}.")
        for part in item.split(","):
            tag = " ".join(part.split())
            if not tag or tag.casefold() in seen:
                continue
            if len(tag) > TAG_MAX:
                raise ValueError(f"A tag can have at most {TAG_MAX} characters: “{tag}”.")
            seen.add(tag.casefold())
            tags.append(tag)
    if len(tags) > TAGS_MAX:
        raise ValueError(f"A card can have at most {TAGS_MAX} tags, not {len(tags)}.")
    return tuple(tags)


def join_tags(tags: tuple[str, ...]) -> str:
    """Normalised tags as the file keeps them."""
    return TAG_SEPARATOR.join(tags)


def split_tags(text: str) -> tuple[str, ...]:
    return tuple(text.split(TAG_SEPARATOR)) if text else ()


# Each field a card's editor may change, with its check. Ids are checked for shape here;
# whether the owner card and the character exist is checked against the file.
CARD_CHECKS: dict[str, Callable[[Any], Any]] = {
    "name": roster.check_name,
    "category": card_category,
    "owner_id": lambda value: optional_id(value, "A card's owner"),
    "character_id": lambda value: optional_id(value, "A card's character"),
    "capacity": lambda value: flag(value, "Having a Capacity"),
    "efficiency": card_efficiency,
    **{name: partial(card_number, name=name) for name in CARD_NUMBERS},
    "zone": lambda value: card_label(value, "A card's zone"),
    "scale": lambda value: card_label(value, "A card's scale"),
    "info": card_info,
    "tags": card_tags,
    "position": position,
    "shown": lambda value: flag(value, "Shown to players"),
}


def card_fields(changes: Mapping[str, object]) -> dict[str, Any]:
    """Each given field of a card checked; refuses fields a card does not have."""
    unknown = set(changes) - set(CARD_CHECKS)
    if unknown:
        raise ValueError(f"A card has no field {', '.join(sorted(unknown))}.")
    return {name: CARD_CHECKS[name](value) for name, value in changes.items()}


def card_owners(owners: Mapping[int, int | None], names: Mapping[int, str]) -> None:
    """Refuse ownership that loops (syscards.validate_owner_chain), naming the cards.

    `owners` maps card ids to owner ids; `names` names them (an id stands in otherwise).
    """

    from desktop.rules import syscards

    def named(card_id: int) -> NamedCard:
        return NamedCard(card_id, names.get(card_id, f"#{card_id}"))

    syscards.validate_owner_chain(
        {named(c): None if o is None else named(o) for c, o in owners.items()}
    )


def image(data: object) -> tuple[str, bytes]:
    """An image for a card: (format, bytes), the format told by the file's first bytes.

    The store cannot decode images (it has no Qt); the editor decodes them before
    handing them over, and this refuses anything that does not even claim to be one of
    the formats every GM Desk can show.
    """
    if not isinstance(data, bytes | bytearray | memoryview):
        raise ValueError(f"An image must be bytes, not {type(data).__name__}.")
    content = bytes(data)
    if len(content) > IMAGE_MAX:
        size = len(content) / (1024 * 1024)
        raise ValueError(f"The image is {size:.1f} MiB; a card's image can be at most 4 MiB.")
    found = image_format(content)
    if found is None:
        raise ValueError(f"This {NOT_AN_IMAGE}")
    return found, content


def image_format(data: bytes) -> str | None:
    """The format whose magic bytes start `data`, or None."""
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return "png"
    if data.startswith(b"\xff\xd8\xff"):
        return "jpeg"
    if data.startswith((b"GIF87a", b"GIF89a")):
        return "gif"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "webp"
    # "BM" alone would let plain text through: the DIB header's size must be a real one.
    if data[:2] == b"BM" and int.from_bytes(data[14:18], "little") in _BMP_HEADER_SIZES:
        return "bmp"
    return None


def image_format_name(value: object) -> str:
    if value not in IMAGE_FORMATS:
        raise ValueError(f"An image format is one of {', '.join(IMAGE_FORMATS)}, not {value!r}.")
    return str(value)


# -- campaign settings ----------------------------------------------------------------------


def settings_defaults() -> dict[str, int]:
    """The rule settings of a campaign (kept in its row's settings JSON), as the rules
    set them when a campaign says nothing of them."""
    from desktop.rules import downtime, syscards

    return {
        "raise_from": syscards.DEFAULT_RAISE_FROM,
        "raise_by": syscards.DEFAULT_RAISE_BY,
        "stress_track": downtime.DEFAULT_STRESS_TRACK,
        "starting_dice": dicepool.DEFAULT_POOL_DICE,
    }


def settings(changes: Mapping[str, object], current: Mapping[str, int]) -> dict[str, int]:
    """The rule settings after `changes`, checked together by the rules themselves."""
    from desktop.rules import syscards

    defaults = settings_defaults()
    unknown = set(changes) - set(defaults)
    if unknown:
        raise ValueError(f"A campaign has no setting {', '.join(sorted(unknown))}.")
    merged = {**defaults, **current, **changes}
    # Both Raise Throw settings (1..100 and 0..100) are checked together, by the rules.
    raise_from, raise_by = syscards.raise_settings(merged["raise_from"], merged["raise_by"])
    return {
        "raise_from": raise_from,
        "raise_by": raise_by,
        "stress_track": stress_track(merged["stress_track"]),
        "starting_dice": dicepool.check_starting_dice(merged["starting_dice"]),
    }


# The print layout a campaign remembers, kept under this key of its settings JSON. Its
# values are the printing layer's to judge; here only their shape is checked.
PRINT_SETTINGS_KEY = "card_printing"
PRINT_SETTINGS_MAX = 20
PRINT_TEXT_MAX = 40


def print_settings(values: Mapping[str, object]) -> dict[str, object]:
    """Remembered print choices: a few named numbers, words, yes/no and pairs."""
    if not isinstance(values, Mapping) or len(values) > PRINT_SETTINGS_MAX:
        raise ValueError("Print settings are a few named values.")
    checked: dict[str, object] = {}
    for name, value in values.items():
        if not isinstance(name, str) or not name or len(name) > PRINT_TEXT_MAX:
            raise ValueError(f"A print setting's name is a short word, not {name!r}.")
        checked[name] = _print_value(name, value)
    return checked


def _print_value(name: str, value: object, *, nested: bool = False) -> object:
    if isinstance(value, bool | int):
        return value
    if isinstance(value, float) and math.isfinite(value):
        return value
    if isinstance(value, str) and len(value) <= PRINT_TEXT_MAX:
        return value
    if isinstance(value, list | tuple) and len(value) <= 4 and not nested:
        return [_print_value(name, item, nested=True) for item in value]
    raise ValueError(f"The print setting {name} cannot be {value!r}.")


# The Statistics view's scope as the GM left it, kept under this key of the settings JSON:
# the whole campaign, one game (None: the running game, else the newest) or campaign days.
STATISTICS_KEY = "statistics_scope"
STATISTICS_SCOPES = ("campaign", "game", "days")


def statistics_scope(values: Mapping[str, object]) -> dict[str, object]:
    """A remembered Statistics scope: {"scope": one of STATISTICS_SCOPES, "game_id": an id
    or None, "first_day": a day or None, "last_day": a day or None}; a missing part reads
    as the whole campaign / no game / open."""
    if not isinstance(values, Mapping):
        raise ValueError("The statistics scope is a few named values.")
    known_fields(values, {"scope", "game_id", "first_day", "last_day"}, "The statistics scope")
    scope = values.get("scope", "campaign")
    if scope not in STATISTICS_SCOPES:
        raise ValueError(f"The statistics scope cannot be {shown(scope)}.")
    game_id = values.get("game_id")
    days = [values.get("first_day"), values.get("last_day")]
    return {
        "scope": scope,
        "game_id": None if game_id is None else row_id(game_id, "A game"),
        "first_day": None if days[0] is None else whole(days[0], "The first day", 1),
        "last_day": None if days[1] is None else whole(days[1], "The last day", 1),
    }


# The language of the printed cards and sheets, kept under this key of the settings JSON:
# one of desktop.language's codes; English when never chosen. It may differ from the
# window's language (a French table printing for German-speaking players).
PRINT_LANGUAGE_KEY = "print_language"
PRINT_LANGUAGE_DEFAULT = "en"


def print_language(value: object) -> str:
    """A print language's code ("fr"), or a plain refusal naming the ones there are."""
    codes = language_codes()
    if not isinstance(value, str) or value not in codes:
        raise ValueError(f"The print language is one of {', '.join(codes)}, not {shown(value)}.")
    return value


# Sharing with the players' phones, kept under this key of the settings JSON: on or off,
# the address and port the GM chose, and each player character's link token. The tokens
# are secrets: an export leaves this key out (exchange/export.py).
SHARING_KEY = "player_sharing"
SHARING_HOST_MAX = 64
SHARING_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,128}")
SHARING_TOKENS_MAX = 500
# When a player may roll from their phone: whenever they like (the default), or only on
# their character's turn in the running scene unless the GM has asked them to roll.
ROLL_WHENEVER = "whenever"
ROLL_TURN_ORDER = "turn_order"
ROLL_TIMINGS = (ROLL_WHENEVER, ROLL_TURN_ORDER)


def sharing_settings(values: Mapping[str, object]) -> dict[str, object]:
    """Remembered sharing: {"on": bool, "host": str, "port": 1..65535, "tokens":
    {character id (text): token}, "rolls": [character ids whose player may roll from
    their phone], "roll_timing": "whenever" or "turn_order" (ROLL_TIMINGS)}; a missing
    part reads as off / none (view only) / whenever."""
    if not isinstance(values, Mapping):
        raise ValueError("Sharing settings are a few named values.")
    on = values.get("on", False)
    host = values.get("host", "")
    port = values.get("port", 0)
    tokens = values.get("tokens", {})
    rolls = values.get("rolls", [])
    timing = values.get("roll_timing", ROLL_WHENEVER)
    if not isinstance(on, bool):
        raise ValueError("Sharing is on or off.")
    if not isinstance(host, str) or len(host) > SHARING_HOST_MAX:
        raise ValueError("A sharing address is a short text.")
    if isinstance(port, bool) or not isinstance(port, int) or not 0 <= port <= 65535:
        raise ValueError(f"A port is 1 to 65535, not {port!r}.")
    if not isinstance(tokens, Mapping) or len(tokens) > SHARING_TOKENS_MAX:
        raise ValueError("Sharing links are one per player character.")
    checked: dict[str, str] = {}
    for key, token in tokens.items():
        if not isinstance(key, str) or not key.isdigit() or len(key) > 18:
            raise ValueError(f"A sharing link belongs to a character id, not {key!r}.")
        if not isinstance(token, str) or not SHARING_TOKEN.fullmatch(token):
            raise ValueError("A sharing link's token is 16 to 128 URL-safe characters.")
        checked[key] = token
    if not isinstance(rolls, list | tuple) or len(rolls) > SHARING_TOKENS_MAX:
        raise ValueError("Rolls from the phones are allowed per player character.")
    if any(isinstance(cid, bool) or not isinstance(cid, int) or cid < 1 for cid in rolls):
        raise ValueError("Rolls from the phones are allowed per character id.")
    allowed = sorted(set(rolls))
    if timing not in ROLL_TIMINGS:
        raise ValueError("Rolls from the phones come whenever, or in turn order.")
    return {
        "on": on,
        "host": host,
        "port": port,
        "tokens": checked,
        "rolls": allowed,
        "roll_timing": timing,
    }


def stored_settings(stored: Mapping[str, object]) -> dict[str, int]:
    """The settings a campaign row holds, over the defaults; a damaged value (a file
    edited by hand) reads as its default rather than breaking every act."""
    result = settings_defaults()
    for name in tuple(result):
        if name in stored:
            try:
                result = settings({name: stored[name]}, result)
            except ValueError:
                continue
    return result


def stress_track(value: object) -> int:
    """The campaign's stress track: 2 to 20 boxes, the rules' StressTrack checking the top."""
    from desktop.rules import downtime

    boxes = downtime.StressTrack(0, value).length  # type: ignore[arg-type]  # any type: StressTrack judges it
    if boxes < MIN_STRESS_TRACK:
        raise ValueError(
            f"A stress track has {MIN_STRESS_TRACK} to {downtime.MAX_STRESS_TRACK} boxes, "
            f"not {boxes}."
        )
    return boxes


# -- free text -------------------------------------------------------------------------------

TEXT_LINE_MAX = 200  # a virtue, a vice, a purveyor, a claim's benefit, an XP track
XP_MAX = 1_000  # marks on one track; only a bound against slips of the keyboard


def text(value: object, what: str, maximum: int = TEXT_LINE_MAX) -> str:
    """Free text kept exactly as typed (an editor saves as the GM types), bounded."""
    if not isinstance(value, str):
        raise ValueError(f"{what} must be text, not {value!r}.")
    if len(value) > maximum:
        raise ValueError(f"{what} can have at most {maximum:,} characters, not {len(value):,}.")
    return value


def notes(value: object) -> str:
    return roster.check_notes(value)


def known_fields(changes: Mapping[str, object], known: AbstractSet[str], what: str) -> None:
    """Refuse a change naming a field `what` does not have."""
    unknown = set(changes) - known
    if unknown:
        raise ValueError(f"{what} has no field {', '.join(sorted(unknown))}.")


def changed(record: Record, changes: Mapping[str, object]) -> Record:
    """`record` with `changes` (fields already named by `known_fields`), still unchecked:
    the caller's check of the whole record judges each value."""
    return replace(record, **changes)


def listed(names: Sequence[str]) -> str:
    """Names quoted and joined for a sentence: “a”, “b” and “c”."""
    quoted = [f"“{name}”" for name in names]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " and " + quoted[-1]


class NamedCard:
    """A card as the owner rule sees it: compared by id, shown by name in its messages.

    A plain class: a dataclass would be made at every start for a check that only card
    ownership needs."""

    __slots__ = ("id", "name")

    def __init__(self, id: int, name: str) -> None:
        self.id = id
        self.name = name

    def __eq__(self, other: object) -> bool:
        return isinstance(other, NamedCard) and other.id == self.id

    def __hash__(self) -> int:
        return hash(self.id)

    def __repr__(self) -> str:
        return f"“{self.name}”"
