"""Import fuzzing: hostile mutations of a real export of the sample campaign.

Each mutation (hypothesis, over the export's own shape) changes one place of the
document: a value of another type, a huge, negative or 5,000-digit number, NaN, deep
nesting, a lone surrogate, a bad date, a key deleted or written twice, an element
duplicated, a cross reference pointed elsewhere, a ledger figure nudged, a damaged
image. The import must either refuse it (ImportRefused only, nothing left in the
folder) or accept a document that keeps every rule: the new campaign opens, every
character reads back, every ledger adds up, every image decodes, the calendar's dates
exist, and its own export is accepted again.
"""

from __future__ import annotations

import base64
import copy
import json
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QBuffer, QByteArray, QIODevice
from PySide6.QtGui import QColor, QImage

from desktop.paths import resources_dir
from desktop.store import Campaign, checks
from desktop.store.exchange import ImportRefused, import_campaign, parse_document
from desktop.ui.image_check import image_decodes

EXAMPLES = 500


@dataclass(frozen=True)
class Raw:
    """JSON text written as is (what json.dumps will not write: 5,000 digits, 1e400,
    nesting 100,000 deep)."""

    text: str


@dataclass(frozen=True)
class Twice:
    """An object with a key written twice; JSON readers keep the last."""

    pairs: tuple[tuple[str, Any], ...]


def _deep(depth: int) -> Raw:
    return Raw("[" * depth + "]" * depth)


NASTY: list[Any] = [
    None,
    True,
    -1,
    0,
    2**31,
    2**63,
    -(2**63) - 1,
    10**12,
    Raw("9" * 5000),
    Raw("-" + "9" * 4000),
    1.5,
    float("nan"),
    float("inf"),
    Raw("1e400"),
    "",
    "x" * 300,
    "Kara\ud800",
    "\udfff",
    [],
    {},
    [1, [2, [3]]],
    _deep(40),
    _deep(900),
    _deep(100_000),
    "0000-01-01",
    "0001-01-01",
    "9999-12-31",
    "2026-02-30",
    "0001-01-01T00:00:00+05:00",
    "9999-12-31T23:59:59-05:00",
    '<img src="/dev/zero">',
]
REFERENCES = ("id", "owner_id", "character_id", "item_id", "holder_id", "start", "end", "day")


def _image_png() -> str:
    image = QImage(24, 16, QImage.Format.Format_RGB32)
    image.fill(QColor("teal"))
    array = QByteArray()
    buffer = QBuffer(array)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    return base64.b64encode(bytes(array.data())).decode("ascii")


@pytest.fixture(scope="module")
def base(qapp: object) -> dict[str, Any]:
    """The sample's export, with an image on its first card (the sample has none)."""
    document = json.loads((resources_dir() / "sample-campaign.json").read_text("utf-8"))
    document["cards"][0]["image"] = {"format": "png", "data": _image_png()}
    return document


def _paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*path, index))


def _at(document: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        document = document[step]
    return document


def _dumps(value: Any) -> str:
    if isinstance(value, Raw):
        return value.text
    if isinstance(value, Twice):
        return "{" + ",".join(f"{json.dumps(k)}:{_dumps(v)}" for k, v in value.pairs) + "}"
    if isinstance(value, dict):
        return "{" + ",".join(f"{json.dumps(k)}:{_dumps(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ",".join(_dumps(item) for item in value) + "]"
    return json.dumps(value)  # ensure_ascii: a lone surrogate is written as \ud800


@st.composite
def mutated(draw: st.DrawFn, document: dict[str, Any]) -> tuple[str, str]:
    """The text of `document` with one place changed, and what was done (for failures)."""
    result = copy.deepcopy(document)
    paths = [path for path in _paths(result) if path]
    path = draw(st.sampled_from(paths))
    parent, key = _at(result, path[:-1]), path[-1]
    value = parent[key]
    # Weighted towards what a hostile file does; the milder kinds (most of whose
    # documents are accepted, and cost a whole import and open each) less often.
    kinds = ["nasty"] * 4 + ["delete", "retype"]
    if isinstance(parent, list):
        kinds.append("duplicate")
    if isinstance(parent, dict):
        kinds.append("twice")
    if isinstance(value, int) and not isinstance(value, bool):
        kinds += ["nudge"] * 3
    if key in REFERENCES:
        kinds += ["reference"] * 3
    if key == "data" and isinstance(value, str):
        kinds += ["image"] * 8
    kind = draw(st.sampled_from(kinds))
    if kind == "nasty":
        parent[key] = draw(st.sampled_from(NASTY))
    elif kind == "delete":
        del parent[key]
    elif kind == "retype":
        parent[key] = str(value) if not isinstance(value, str) else [value]
    elif kind == "duplicate":
        parent.insert(key, copy.deepcopy(value))
    elif kind == "twice":
        other = draw(st.sampled_from([*NASTY[:8], "x"]))
        pairs = [(k, v) for k, v in parent.items()]
        pairs.insert(0, (key, other) if draw(st.booleans()) else (key, value))
        replacement = Twice(tuple(pairs))
        if len(path) == 1:
            return _dumps(replacement), f"twice {path}"
        _at(result, path[:-2])[path[-2]] = replacement
    elif kind == "nudge":
        parent[key] = value + draw(st.sampled_from([-1, 1, 5, -1000, 10**9, 2**31 - value]))
    elif kind == "reference":
        # A reference may be null (a card with no owner): then the next id is 1.
        after = value + 1 if isinstance(value, int) else 1
        parent[key] = draw(st.sampled_from([0, 1, 2, 3, 7, 999, after]))
    else:
        parent[key] = _damaged_image(value, draw(st.integers(0, 3)))
    return _dumps(result), f"{kind} at {path}"


def _damaged_image(text: str, how: int) -> str:
    data = base64.b64decode(text)
    if how == 0:  # valid only in its first bytes
        return base64.b64encode(data[: len(data) // 2]).decode("ascii")
    if how == 1:
        return text[:-5]  # not base64 any more
    if how == 2:
        return base64.b64encode(data[:16] + bytes(64)).decode("ascii")
    return "!" + text[1:]


def _read_everything(campaign: Campaign) -> None:
    """Read every record of an open campaign, judging each by the rules; raises
    (failing the test) on anything a later open would trip over."""
    assert campaign.integrity_check() == ["ok"]
    summary = campaign.summary()
    # The calendar shows the months around today: each of their days is a date.
    summary.start_date + timedelta(days=summary.current_day + 62)
    campaign.settings()
    for character in campaign.roster.all():
        campaign.roster.snapshot(character.id)
        campaign.calendar.profile(character.id)
        days = campaign.calendar.days(character.id, 1, summary.current_day)
        dead_on = min((day for day, state in days.items() if state.dead), default=None)
        for day, state in days.items():
            checks.energy_day(state)  # every figure in range, the ledger adds up
            assert dead_on is None or day <= dead_on, "a day after a death"
        campaign.downtime.sheet(character.id)
    campaign.rolls.all()
    for card in campaign.cards.all():
        image = campaign.cards.image(card.id)
        assert (image is None) == (not card.has_image)
        if image is not None:
            assert image_decodes(*image)
    campaign.clocks.all()
    campaign.factions.all()
    campaign.chapter.claims()
    campaign.chapter.claim_paths()
    campaign.chapter.get()
    for number in campaign.downtime.sessions():
        campaign.downtime.entries(number)
    from desktop.store.exchange import export_document

    # What was accepted is accepted again from its own export.
    parse_document(export_document(campaign), images=image_decodes)


class _Tally:
    refused = 0
    accepted = 0


@pytest.fixture(scope="module")
def tally() -> Iterator[type[_Tally]]:
    yield _Tally
    # Hypothesis draws freely: the mutations must reach both outcomes.
    print(f"\nimport fuzz: {_Tally.refused} refused, {_Tally.accepted} accepted")
    assert _Tally.refused > EXAMPLES // 2
    assert _Tally.accepted > 10


@pytest.mark.slow  # over ~3 s (pytest --durations)
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_a_mutated_export_is_refused_or_keeps_every_rule(
    data: st.DataObject, base: dict[str, Any], tally: type[_Tally]
) -> None:
    text, what = data.draw(mutated(base))
    with tempfile.TemporaryDirectory() as folder_name:
        folder = Path(folder_name)
        source = folder / "export.json"
        source.write_text(text, encoding="utf-8")
        target = folder / "imported.gmdesk"
        data_dir = folder / "data"
        try:
            imported = import_campaign(source, target, data_dir=data_dir, images=image_decodes)
        except ImportRefused as refusal:
            assert str(refusal), what
            left = sorted(p.name for p in folder.iterdir())
            assert left == ["export.json"], f"{what}: left {left}"
            tally.refused += 1
            return
        tally.accepted += 1
        # import_campaign opened the new file as GM Desk opens any campaign.
        with imported:
            left = sorted(p.name for p in folder.iterdir() if p.name != "data")
            assert left[:2] == ["export.json", "imported.gmdesk"], f"{what}: left {left}"
            _read_everything(imported)
        left = sorted(p.name for p in folder.iterdir() if p.name != "data")
        assert left == ["export.json", "imported.gmdesk"], f"{what}: left {left}"
