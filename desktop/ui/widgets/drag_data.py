"""What a drag inside GM Desk carries: a small JSON object of ids under our own MIME type.

Dice, traits, clocks and factions are dragged the same way; a drop reads the payload
back and refuses anything that is not ours or not well formed.
"""

from __future__ import annotations

import json

from PySide6.QtCore import QByteArray, QMimeData


def encode(mime: str, payload: dict[str, int]) -> QMimeData:
    data = QMimeData()
    data.setData(mime, QByteArray(json.dumps(payload).encode("utf-8")))
    return data


def decode(data: QMimeData, mime: str) -> dict[str, int] | None:
    """The payload of a drag, or None if it is not ours or not well formed."""
    if not data.hasFormat(mime):
        return None
    try:
        payload = json.loads(bytes(data.data(mime).data()).decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        return None
    if not isinstance(payload, dict) or not all(
        isinstance(v, int) and not isinstance(v, bool) for v in payload.values()
    ):
        return None
    return payload
