"""Each area declares its own tables once (`store/tables.py`), and the file's judges,
the bounds and the exchange find them through the campaign's list of areas: every table
of the file is some area's (or the campaign row), named on its Area line, and a flat
section's import model is made from its record, its bounds and its check."""

from __future__ import annotations

import importlib
import subprocess
import sys
from dataclasses import dataclass

import pytest
from pydantic import ValidationError

from desktop.store import bounds, health
from desktop.store.areas import areas_of
from desktop.store.campaign import Campaign
from desktop.store.exchange.models import section_model
from desktop.store.tables import FlatSection, area_table, area_tables


def test_each_area_line_names_the_tables_its_package_declares() -> None:
    for area in areas_of(Campaign):
        declared = importlib.import_module(area.module).TABLES
        assert tuple(table.name for table in declared) == area.tables, area.module


def test_every_table_of_the_file_is_declared_by_one_area() -> None:
    names = [table.name for table in area_tables()]
    assert len(names) == len(set(names))
    assert set(health.TABLE_COLUMNS) == {"campaign", *names}


def test_the_judges_read_words_and_bounds_from_the_areas() -> None:
    assert health.plural_of("die") == "dice" and health.singular_of("die") == "die"
    assert health.plural_of("campaign") == "campaign rows"
    assert health.singular_of("downtime_entry") == "downtime entry"
    assert health.plural_of("no_such_table") == "no_such_table"
    assert bounds.of_table("clock")["filled"].what == "A clock's fill"
    assert bounds.of_table("no_such_table") == {}
    declared = area_table("card")
    assert declared is not None and declared.plural == "SySCards"


def test_one_tables_bounds_import_only_its_area() -> None:
    # A roll written at the table must not load the SySCards' or the factions' rules.
    code = (
        "import sys\n"
        "from desktop.store import bounds\n"
        "bounds.of_table('die'); bounds.of_table('roll_log')\n"
        "print(sorted(m for m in sys.modules if m.startswith('desktop.')))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    loaded = result.stdout
    assert "desktop.store.kit.tables" in loaded
    for heavy in ("desktop.store.cards", "desktop.store.factions", "desktop.rules.syscards"):
        assert f"'{heavy}'" not in loaded, heavy


# -- a flat section's model, as a new area's would be made -----------------------------------


@dataclass(frozen=True)
class _Note:
    id: int
    day: int | None
    text: str = ""


def _check(note: _Note) -> _Note:
    if len(note.text) > 5:
        raise ValueError("A note holds at most 5 characters.")
    return note


def _section() -> FlatSection[_Note]:
    return FlatSection("notes", _Note, lambda _campaign: [], _check, lambda _session, _notes: None)


def test_a_flat_sections_model_holds_the_record_to_its_bounds_and_check() -> None:
    model = section_model(_section(), "roll_log")  # its id and day are bounded there
    note = model.model_validate({"id": 3, "day": None})
    assert dict(note) == {"id": 3, "day": None, "text": ""}
    with pytest.raises(ValidationError, match="greater than or equal to 1"):
        model.model_validate({"id": 0, "day": 1})
    with pytest.raises(ValidationError, match="at most 5 characters"):
        model.model_validate({"id": 1, "day": 1, "text": "too long"})
    with pytest.raises(ValidationError):
        model.model_validate({"id": "1", "day": 1})  # strict: text is no number
    schema = model.model_json_schema()["properties"]
    assert schema["id"]["minimum"] == 1 and schema["id"]["type"] == "integer"
