"""The frames of the player page's WebSocket: inbound ones validated by declared models,
outbound ones written as JSON text (the view's JSON is encoded once per change)."""

from __future__ import annotations

import json
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

# The largest integer a browser's JSON keeps exactly (Number.MAX_SAFE_INTEGER).
LARGEST_VERSION = 2**53 - 1


class Hello(BaseModel):
    """Sent by the page on every connect: the version of the view it shows, if any."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    type: Literal["hello"]
    version: Annotated[int, Field(ge=0, le=LARGEST_VERSION)] | None


class Resync(BaseModel):
    """Sent by the page when it suspects it missed a change: it wants the whole view."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    type: Literal["resync"]


Inbound = Annotated[Hello | Resync, Field(discriminator="type")]
INBOUND: TypeAdapter[Hello | Resync] = TypeAdapter(Inbound)
KNOWN_TYPES = ("hello", "resync")


class RefusedFrame(ValueError):
    """An inbound frame GM Desk does not take; its message is shown on the page."""


def read_inbound(text: str) -> Hello | Resync:
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
        raise RefusedFrame(f"GM Desk could not read that {kind} message.") from None


def view_frame(version: int, view_json: str) -> str:
    """The frame carrying a whole view; `view_json` is the payload already encoded."""
    return f'{{"type":"view","version":{version},"view":{view_json}}}'


def error_frame(message: str) -> str:
    return json.dumps({"type": "error", "message": message})


def bye_frame(message: str) -> str:
    return json.dumps({"type": "bye", "message": message})


def encode_view(payload: object) -> str:
    """The payload as compact JSON; ValueError/TypeError for anything not plain data."""
    return json.dumps(payload, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
