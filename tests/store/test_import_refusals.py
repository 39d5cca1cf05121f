"""Each kind of hostile export the issue found is refused by name, and writes nothing:
numbers past SQLite's range, 5,000-digit numbers, NaN, deep nesting, lone surrogates,
dates past the calendar, a current day of 10^12, ledgers that do not add up, spending
after a death, an image valid only in its first bytes."""

from __future__ import annotations

import base64
import json
import tempfile
from pathlib import Path
from typing import Any

import pytest

from desktop.store.exchange import ImportRefused, import_campaign, trusted_images
from desktop.ui.image_check import image_decodes
from tests.store.test_exchange import _sample, _set
from tests.store.test_import_fuzz import _image_png


def _refused(text: str, tmp_path: Path, data_dir: Path, match: str) -> None:
    folder = Path(tempfile.mkdtemp(dir=tmp_path))
    source = folder / "hostile.json"
    source.write_text(text, encoding="utf-8")
    with pytest.raises(ImportRefused, match=match):
        import_campaign(source, folder / "never.gmdesk", data_dir=data_dir, images=image_decodes)
    assert [p.name for p in folder.iterdir()] == ["hostile.json"]


def _text(document: dict[str, Any]) -> str:
    return json.dumps(document)


@pytest.mark.parametrize(
    ("where", "value", "match"),
    [
        ("characters.0.position", 2**63, r"characters\[0\].position: .*too large"),
        ("characters.0.position", -(2**63) - 5, r"characters\[0\].position: .*too large"),
        ("characters.0.dice.0.position", 2**40, r"characters\[0\].dice\[0\].position: can be"),
        ("characters.0.name", "Kara\ud800", r"characters\[0\].name: .*surrogate"),
        ("campaign.start_date", "9999-12-31", r"campaign.start_date: A campaign starts"),
        ("campaign.start_date", "0001-01-01", r"campaign.start_date: A campaign starts"),
        ("campaign.current_day", 10**12, r"campaign.current_day: can be at most 100,000"),
        ("roll_log.0.at", "0001-01-01T00:00:00+05:00", r"roll_log\[0\].at: A roll log line"),
        ("roll_log.0.at", "9999-12-31T23:59:59-05:00", r"roll_log\[0\].at: A roll log line"),
        ("roll_log.0.total", 2**62, r"roll_log\[0\].total: A roll's total can be at most"),
        ("characters.0.energy.days.0.daily", 14, r"days\[0\]: the daily energy left is 14"),
        ("characters.0.energy.days.0.opened_daily", 31, r"days\[0\]: the daily energy left"),
    ],
)
def test_a_hostile_value_is_refused_by_its_place(
    where: str, value: object, match: str, tmp_path: Path, data_dir: Path
) -> None:
    _refused(_text(_set(_sample(), where, value)), tmp_path, data_dir, match)


@pytest.mark.parametrize(
    ("raw", "match"),
    [
        ("9" * 5000, "a number far too long"),
        ("NaN", "NaN is not a number"),
        ("1e400", r"characters\[0\].position: inf is not a number"),
        ("[" * 900 + "]" * 900, r"nested more than 32 deep"),
        ("[" * 100_000 + "]" * 100_000, "nests lists or objects more than 32 deep"),
    ],
)
def test_json_python_cannot_hold_is_refused(
    raw: str, match: str, tmp_path: Path, data_dir: Path
) -> None:
    text = _text(_set(_sample(), "characters.0.position", "PLACE")).replace('"PLACE"', raw)
    _refused(text, tmp_path, data_dir, match)


def test_spending_after_a_death_is_refused(tmp_path: Path, data_dir: Path) -> None:
    document = _sample()
    days = document["characters"][0]["energy"]["days"]
    # Day 1 ends in a death: a task that runs far into debt.
    day = days[0]
    left = day["daily"]
    day["entries"].append(
        {"kind": "task", "amount": left + 500, "draw": {"daily": left, "general": 8,
         "debt": 492}, "cost": 10, "success": True, "fatal": True}
    )  # fmt: skip
    day.update(daily=0, general_store=0, debt=492, dead=True)
    _refused(_text(document), tmp_path, data_dir, r"died on day 1 \(days\[0\]\), so has no day 2")
    days[1:] = []
    day["entries"].append({"kind": "task", "amount": 0, "cost": 1, "success": False})
    _refused(_text(document), tmp_path, data_dir, r"days\[0\]: entry \d+ comes after the death")


def test_an_image_valid_only_in_its_first_bytes_is_refused(
    qapp: object, tmp_path: Path, data_dir: Path
) -> None:
    whole = base64.b64decode(_image_png())
    document = _set(_sample(), "cards.0.image", {"format": "png", "data": ""})
    for data, outcome in ((whole, "accepted"), (whole[: len(whole) // 2], "refused")):
        document["cards"][0]["image"]["data"] = base64.b64encode(data).decode("ascii")
        if outcome == "refused":
            _refused(_text(document), tmp_path, data_dir, r"cards\[0\].image.data: .*damaged")
        else:
            source = tmp_path / "good.json"
            source.write_text(_text(document), encoding="utf-8")
            target = tmp_path / "good.gmdesk"
            import_campaign(source, target, data_dir=data_dir, images=image_decodes).close()
            # The store's own check sees only the first bytes: it alone would accept both.
            assert trusted_images("png", data)


@pytest.mark.parametrize("text", ["", "  \n\t", "\ufeff"])
def test_an_empty_file_is_called_empty(text: str, tmp_path: Path, data_dir: Path) -> None:
    _refused(text, tmp_path, data_dir, r"is not a GM Desk export: the file is empty\.$")
