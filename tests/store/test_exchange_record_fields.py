"""A character's fields in the export are its record's: a new field of CharacterRecord,
with its check in the rules' `roster.CHECKS`, reaches the import and the schema with no
line written in the exchange's models."""

from __future__ import annotations

from dataclasses import dataclass, fields

import pytest
from pydantic import ValidationError

from desktop.rules import roster
from desktop.store.exchange.models import Character, record_model
from desktop.store.roster import CharacterRecord


@dataclass(frozen=True)
class _AgedRecord:
    """CharacterRecord with one more plain field, as a change of the roster would add."""

    id: int
    name: str
    kind: str
    notes: str = ""
    position: int = 0
    age: int | None = None


def _check_age(age: object) -> int | None:
    if age is not None and (not isinstance(age, int) or not 0 <= age <= 10_000):
        raise ValueError("An age is a whole number from 0 to 10000.")
    return age


def test_a_characters_own_fields_are_its_records_in_order() -> None:
    names = [field.name for field in fields(CharacterRecord)]
    assert list(Character.model_fields)[: len(names)] == names
    imported = Character.model_validate(
        {"id": 3, "name": "  Kara   Voss ", "kind": "npc", "position": 2}
    )
    assert imported.record() == CharacterRecord(3, "Kara Voss", "npc", "", 2)


def test_each_field_is_judged_by_its_rule_and_bounded_by_its_column() -> None:
    with pytest.raises(ValidationError, match="A character is one of"):
        Character.model_validate({"id": 1, "name": "Kara", "kind": "dragon"})
    with pytest.raises(ValidationError, match="A name cannot be empty"):
        Character.model_validate({"id": 1, "name": " ", "kind": "pc"})
    with pytest.raises(ValidationError, match="greater than or equal to 1"):
        Character.model_validate({"id": 0, "name": "Kara", "kind": "pc"})


def test_a_new_plain_field_of_the_record_needs_no_line_in_the_exchange() -> None:
    rules = {**roster.CHECKS, "age": _check_age}
    model = record_model("Aged", _AgedRecord, "character", rules, {})
    assert list(model.model_fields) == [field.name for field in fields(_AgedRecord)]
    aged = model.model_validate({"id": 1, "name": "Kara", "kind": "pc", "age": 31})
    assert aged.model_dump()["age"] == 31
    assert model.model_validate({"id": 1, "name": "Kara", "kind": "pc"}).model_dump()["age"] is None
    with pytest.raises(ValidationError, match="An age is a whole number"):
        model.model_validate({"id": 1, "name": "Kara", "kind": "pc", "age": -1})
    schema = model.model_json_schema()
    assert schema["required"] == ["id", "name", "kind"]
    assert schema["properties"]["age"]["default"] is None
    assert [kind["type"] for kind in schema["properties"]["age"]["anyOf"]] == ["integer", "null"]
    assert schema["properties"]["id"]["minimum"] == 1  # the column's bound, from bounds


@dataclass(frozen=True)
class _LinkedRecord:
    id: int
    item_id: int | None = None  # a nullable column with a bound (a die's item)


def test_a_nullable_bounded_field_takes_none_and_its_bound() -> None:
    rules = {"item_id": lambda value: value}
    model = record_model("Linked", _LinkedRecord, "die", rules, {})
    assert model.model_validate({"id": 1}).model_dump() == {"id": 1, "item_id": None}
    assert model.model_validate({"id": 1, "item_id": 3}).model_dump()["item_id"] == 3
    with pytest.raises(ValidationError, match="greater than or equal to 1"):
        model.model_validate({"id": 1, "item_id": 0})
