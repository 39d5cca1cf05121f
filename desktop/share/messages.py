"""The frames of the player page's WebSocket: inbound ones validated by declared models,
outbound ones written as JSON text (the view's JSON is encoded once per change)."""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Sequence
from typing import Annotated, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    TypeAdapter,
    ValidationError,
    model_validator,
)

from desktop.rules.dicepool import MAX_REACH, SIZES

# The largest integer a browser's JSON keeps exactly (Number.MAX_SAFE_INTEGER).
LARGEST_VERSION = 2**53 - 1
# A roll request's bounds: far above any real tray or trait list, far below harm.
TRAY_MAX = 24
TRAITS_MAX = 24
# d4 to d20 is five steps; past that the rules refuse the step in their own words.
STEPS_MAX = 12
# An odds query's depleted dice on the table: far above any pool (each adds 1 to a total).
ODDS_TABLE_MAX = 999


class Hello(BaseModel):
    """Sent by the page on every connect: the version of the view it shows, if any."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    type: Literal["hello"]
    version: Annotated[int, Field(ge=0, le=LARGEST_VERSION)] | None


class Resync(BaseModel):
    """Sent by the page when it suspects it missed a change: it wants the whole view."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    type: Literal["resync"]


RequestId = Annotated[
    str, StringConstraints(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")
]
StoreId = Annotated[int, Field(ge=1, le=LARGEST_VERSION)]
# JSON object keys are text: a die's id written in digits.
DieKey = Annotated[str, StringConstraints(min_length=1, max_length=16, pattern=r"^[1-9][0-9]*$")]
StepCount = Annotated[int, Field(ge=0, le=STEPS_MAX)]


class RollRequest(BaseModel):
    """A player's roll of their own tray: the dice picked from their pool, the traits
    they ticked and the trait steps spent on each die (die id in digits -> steps).
    `id` names the request so that a page sending it twice has it applied once.
    `seen` is how many rolls the character had in the view the tray was picked on (the
    view's `character.rolls`): a roll made since, by the GM or another of the player's
    devices, refuses this one as already rolled. None: not said (the dice alone are
    checked)."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    type: Literal["roll"]
    id: RequestId
    dice: Annotated[list[StoreId], Field(min_length=1, max_length=TRAY_MAX)]
    traits: Annotated[list[StoreId], Field(max_length=TRAITS_MAX)]
    steps: Annotated[dict[DieKey, StepCount], Field(max_length=TRAY_MAX)]
    seen: Annotated[int, Field(ge=0, le=LARGEST_VERSION)] | None = None

    @model_validator(mode="after")
    def _one_tray(self) -> RollRequest:
        if len(set(self.dice)) != len(self.dice):
            raise ValueError("a die is picked once")
        if len(set(self.traits)) != len(self.traits):
            raise ValueError("a trait is ticked once")
        if not {int(key) for key in self.steps} <= set(self.dice):
            raise ValueError("steps go on picked dice only")
        return self

    def steps_of(self) -> dict[int, int]:
        """Die id -> the trait steps spent on it (dice not named spend none)."""
        return {int(key): count for key, count in self.steps.items()}


class ChooseRequest(BaseModel):
    """A player's all-ones choice for their roll that waits: keep one die in the pool
    (`keep`, the rest go to the table) or lose one (`lose`, the rest return to the
    pool), exactly one of them, the die's id. `id` names the request, as for a roll."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    type: Literal["choose"]
    id: RequestId
    keep: StoreId | None = None
    lose: StoreId | None = None

    @model_validator(mode="after")
    def _one_choice(self) -> ChooseRequest:
        # One of the two named, with a die: a null beside it is a page sending both.
        named = self.model_fields_set & {"keep", "lose"}
        if len(named) != 1 or (self.keep is None) == (self.lose is None):
            raise ValueError("keep one die or lose one, not both or neither")
        return self


# A declared action: one line the Play dock shows beside the player's name (the store
# keeps up to 500 characters, the Play dock's field takes as many).
DECLARED_MAX = 500
# Control characters (C0, DEL, C1) and the line and paragraph separators: a declared
# action is one line of plain text.
CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")
# Bidirectional embeddings, overrides and isolates: a player's line could turn the rest
# of what the GM reads around ("Trojan source"). Right-to-left letters need none of them
# (Qt and the browser order them by themselves); the LRM/RLM marks stay allowed.
BIDI_CONTROL = re.compile("[\u202a-\u202e\u2066-\u2069]")
# Text drawn as nothing: spaces, and format characters (zero-width spaces and joiners,
# marks); a declared action of only these would be an empty line in the Play dock.
INVISIBLE_CATEGORIES = frozenset({"Cf", "Zs", "Zl", "Zp", "Mn", "Me"})


class DeclareRequest(BaseModel):
    """A player's declared action for the round, on their character's turn: one line of
    text, stripped, 1 to 500 characters, no control characters. `id` as for a roll."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    type: Literal["declare"]
    id: RequestId
    text: Annotated[
        str, StringConstraints(strip_whitespace=True, min_length=1, max_length=DECLARED_MAX)
    ]

    @model_validator(mode="after")
    def _one_line(self) -> DeclareRequest:
        if CONTROL.search(self.text) or BIDI_CONTROL.search(self.text):
            raise ValueError("a declared action is one line of plain text")
        if all(unicodedata.category(char) in INVISIBLE_CATEGORIES for char in self.text):
            raise ValueError("a declared action says something")
        return self


def _die_size(size: int) -> int:
    if size not in SIZES:
        raise ValueError("no such die")
    return size


# A size a die may roll as: a whole number (6.0 is not one) among the rules' sizes.
DieSize = Annotated[int, Field(strict=True), AfterValidator(_die_size)]


class OddsRequest(BaseModel):
    """A page asking the exact odds of the tray it has picked, before any Roll: the sizes
    its dice roll as (after steps), the depleted dice on the table (each adds 1) and the
    total to reach. Read only: answered by the server itself with an odds frame of the
    same `id`, never handed to the GM's side, nothing written."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    type: Literal["odds"]
    id: RequestId
    sizes: Annotated[list[DieSize], Field(min_length=1, max_length=TRAY_MAX)]
    table: Annotated[int, Field(ge=0, le=ODDS_TABLE_MAX)]
    target: Annotated[int, Field(ge=1, le=MAX_REACH)]

    def key(self) -> tuple[tuple[int, ...], int, int]:
        """What the odds depend on: the same dice in any order have the same odds."""
        return tuple(sorted(self.sizes)), self.table, self.target


class GiveRequest(BaseModel):
    """A player giving one of their depleted dice to another player's character (the
    storytelling award): `die` is the giver's die, `to` the receiving character's id,
    one of those the page's view offers. `id` as for a roll."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    type: Literal["give"]
    id: RequestId
    die: StoreId
    to: StoreId


# What a page asks GM Desk to do (the server hands these to the GM's side).
PlayerRequest = RollRequest | ChooseRequest | DeclareRequest | GiveRequest
AnyInbound = (
    Hello | Resync | RollRequest | ChooseRequest | DeclareRequest | GiveRequest | OddsRequest
)
Inbound = Annotated[AnyInbound, Field(discriminator="type")]
INBOUND: TypeAdapter[AnyInbound] = TypeAdapter(Inbound)
KNOWN_TYPES = ("hello", "resync", "roll", "choose", "declare", "give", "odds")


# The kinds of frame that are a player's request (a page waits for its answer), and an
# id as RequestId takes it.
REQUEST_TYPES = ("roll", "choose", "declare", "give")
REQUEST_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
# What a page is told when the text it sent is not a declared action it may send.
DECLARE_UNREADABLE = (
    f"A declared action is one line of plain text of 1 to {DECLARED_MAX} characters."
)


class RefusedFrame(ValueError):
    """An inbound frame GM Desk does not take; its message is shown on the page.
    `request_id`: the id of a player's request that its model refused, so that the page
    waiting for that request's answer gets it as a refusal (else it waits for good)."""

    def __init__(self, message: str, request_id: str | None = None) -> None:
        super().__init__(message)
        self.request_id = request_id


def read_inbound(text: str) -> AnyInbound:
    """The model `text` holds, or RefusedFrame with a plain sentence."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise RefusedFrame("GM Desk could not read that message (it is not JSON).") from None
    if not isinstance(data, dict):
        raise RefusedFrame("GM Desk expects a message with a type.")
    kind = data.get("type")
    if kind not in KNOWN_TYPES:
        raise RefusedFrame("GM Desk does not know that kind of message.")
    try:
        return INBOUND.validate_python(data)
    except ValidationError:
        said = data.get("id")
        request_id = (
            said
            if kind in REQUEST_TYPES and isinstance(said, str) and REQUEST_ID.fullmatch(said)
            else None
        )
        words = DECLARE_UNREADABLE if kind == "declare" and request_id else None
        raise RefusedFrame(
            words or f"GM Desk could not read that {kind} message.", request_id
        ) from None


def view_frame(version: int, view_json: str) -> str:
    """The frame carrying a whole view; `view_json` is the payload already encoded."""
    return f'{{"type":"view","version":{version},"view":{view_json}}}'


def error_frame(message: str) -> str:
    return json.dumps({"type": "error", "message": message})


def done_frame(request_id: str) -> str:
    """A request applied: the change itself reaches the page as a new view."""
    return json.dumps({"type": "done", "id": request_id})


def refused_frame(request_id: str, message: str) -> str:
    """A request refused, nothing written: `message` is shown on the page as it is."""
    return json.dumps({"type": "refused", "id": request_id, "message": message})


def odds_frame(request_id: str, rows: Sequence[tuple[str, str]], message: str = "") -> str:
    """The odds asked under `request_id`: (row, words) pairs as the Dice Table shows them;
    no rows and `message` (plain words) when they could not be worked out."""
    frame: dict[str, object] = {"type": "odds", "id": request_id, "rows": [list(r) for r in rows]}
    if message:
        frame["message"] = message
    return json.dumps(frame, ensure_ascii=False)


def bye_frame(message: str) -> str:
    return json.dumps({"type": "bye", "message": message})


def encode_view(payload: object) -> str:
    """The payload as compact JSON; ValueError/TypeError for anything not plain data."""
    return json.dumps(payload, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
