"""Reading an export: its bytes as JSON, the document's shape as a whole, then every
field by the pydantic models of store/exchange/models.py (imported here, only when a
document is read). A refusal is ImportRefused naming the first bad field by its path,
`characters[3].dice[0].size: ...`, made from pydantic's error location.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, get_args

from desktop.store import checks
from desktop.store.exchange.document import (
    CampaignDocument,
    ImageCheck,
    ImportRefused,
    Progress,
    no_progress,
)

if TYPE_CHECKING:
    from pydantic import ValidationError
    from pydantic_core import ErrorDetails

# Bounds of the document as a whole, checked before any field: JSON nested deeper than
# this is no export (the export itself nests 6 deep), and a file this large is not one.
DEPTH_MAX = 32
DOCUMENT_MAX = 1024 * 1024 * 1024
_MESSAGE_MAX = 300
# How often (in characters) reading tells its progress and may be cancelled.
TICK = 500


def read_document(
    source: Path, *, images: ImageCheck, progress: Progress = no_progress
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
    document = _parse(
        raw, images=images, progress=lambda done: progress(0.3 + 0.7 * done), texts=surrogates
    )
    return replace(document, source_name=source.name)


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
        if not text.strip():
            raise refuse("the file is empty")
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
    raw: object, *, images: ImageCheck, progress: Progress = no_progress
) -> CampaignDocument:
    """Validate a whole export (as parsed JSON) into a CampaignDocument; ImportRefused
    names the first bad field by its path."""
    return _parse(raw, images=images, progress=progress, texts=True)


def _parse(raw: object, *, images: ImageCheck, progress: Progress, texts: bool) -> CampaignDocument:
    from pydantic import ValidationError

    from desktop.store.exchange.models import CampaignExport

    _scan(raw, texts=texts)
    progress(0.1)
    if not isinstance(raw, dict):
        raise ImportRefused(f"document: expected an object, not {checks.shown(raw)}.")
    characters = raw.get("characters")
    ticks = _ticker(progress, 0.1, 0.8, len(characters) if isinstance(characters, list) else 0)
    try:
        export = CampaignExport.model_validate(
            raw, context={"images": images, "tick": lambda: next(ticks)}
        )
        progress(0.8)
        document = export.document()
    except ValidationError as error:
        raise ImportRefused(_first_refusal(error)) from None
    progress(1.0)
    return document


def _ticker(progress: Progress, start: float, end: float, total: int) -> Iterator[None]:
    """Yields once per character; every TICK characters tells `progress` how far it
    is (and a cancel raised there stops the validation)."""
    for done in range(total + 1):
        if done % TICK == 0:
            progress(start + (end - start) * done / max(total, 1))
        yield None
    while True:  # the document may hold more than it announced
        yield None


# -- pydantic's refusals, told as the GM reads them --------------------------------------------

_EXPECTED = {
    "int_type": "expected a whole number",
    "int_parsing": "expected a whole number",
    "int_from_float": "expected a whole number",
    "bool_type": "expected true or false",
    "bool_parsing": "expected true or false",
    "list_type": "expected a list",
    "tuple_type": "expected a list",
    "dict_type": "expected an object",
    "model_type": "expected an object",
    "model_attributes_type": "expected an object",
    "string_type": "expected text",
    "float_type": "expected a number",
    "date_type": "expected a date like 2026-03-01",
}


def _first_refusal(error: ValidationError) -> str:
    """The first refusal of a validation, as `path: message`."""
    return _told(error.errors(include_url=False)[0], ())


def _told(detail: ErrorDetails, base: tuple[int | str, ...]) -> str:
    from desktop.store.exchange.models import Refusal

    loc = (*base, *detail["loc"])
    path = _path(loc)
    kind = detail["type"]
    value = detail.get("input")
    cause = (detail.get("ctx") or {}).get("error")
    if isinstance(cause, Refusal):
        if not loc:
            path = cause.where
        elif cause.where:
            path = f"{path}.{cause.where}"
        return f"{path}: {_short(str(cause))}"
    if kind == "missing":
        return _missing(loc)
    if kind in _EXPECTED:
        return f"{path}: {_EXPECTED[kind]}, not {checks.shown(value)}."
    context = detail.get("ctx") or {}
    if kind == "greater_than_equal":
        return f"{path}: must be at least {context['ge']}, not {checks.shown(value)}."
    if kind == "less_than_equal":
        return f"{path}: can be at most {context['le']:,}, not {checks.shown(value)}."
    if cause is not None:  # a rule's or a check's ValueError: its own plain message
        return f"{path}: {_short(str(cause))}"
    return f"{path}: {_short(detail['msg'])}."


def _missing(loc: tuple[int | str, ...]) -> str:
    """A field left out is judged as the null a reader of the JSON would find there, so
    its message says what the field must be ("expected a whole number, not None")."""

    from pydantic import BaseModel, TypeAdapter
    from pydantic import ValidationError as Invalid

    from desktop.store.exchange.models import CampaignExport

    model: type[BaseModel] = CampaignExport
    for key in loc[:-1]:
        if isinstance(key, str):
            model = _model_in(model.model_fields[key].annotation)
    field = model.model_fields[str(loc[-1])]
    annotation = (
        Annotated[(field.annotation, *field.metadata)] if field.metadata else field.annotation
    )
    try:
        TypeAdapter(annotation).validate_python(None)  # type: ignore[arg-type]  # a model field's, never None
    except Invalid as error:
        return _told(error.errors(include_url=False)[0], loc)
    return f"{_path(loc)}: is missing."  # pragma: no cover - every required field refuses null


def _model_in(annotation: Any) -> Any:
    """The model inside `list[X]`, `X | None` or `dict[str, X]`."""
    from pydantic import BaseModel

    while not (isinstance(annotation, type) and issubclass(annotation, BaseModel)):
        annotation = next(arg for arg in reversed(get_args(annotation)) if arg is not type(None))
    return annotation


def _path(loc: tuple[int | str, ...]) -> str:
    if not loc:
        return "document"
    text = ""
    for key in loc:
        text += f"[{key}]" if isinstance(key, int) else f".{_key(key)}"
    return text.lstrip(".")


def _short(message: str) -> str:
    return message if len(message) <= _MESSAGE_MAX else message[: _MESSAGE_MAX - 1] + "…"
