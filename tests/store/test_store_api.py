"""The store's shape (issue 14): a small core, a campaign object and one manager per
area, each class small enough to read; and a public path that stays cheap to import.

Counted at run time over every class of every module in desktop/store, with the
methods each inherits from the store's own classes (Campaign counts its Core's too).
"""

from __future__ import annotations

import ast
import importlib
import inspect
import subprocess
import sys
from pathlib import Path

import pytest

import desktop.store
from desktop.store import Campaign, Topic

STORE = Path(desktop.store.__file__).resolve().parent
MOST_PUBLIC_METHODS = 30
MANAGERS = ("roster", "kit", "cards", "rolls", "calendar", "clocks", "factions", "chapter",
            "downtime", "games")  # fmt: skip


def _store_modules() -> list[str]:
    return [
        "desktop.store." + ".".join(path.relative_to(STORE).with_suffix("").parts)
        for path in sorted(STORE.rglob("*.py"))
        if "migrations" not in path.parts and path.name != "__init__.py"
    ]


def public_methods(cls: type) -> list[str]:
    """The public methods and properties `cls` has from the store's own classes."""
    names = set()
    for owner in cls.__mro__:
        if not owner.__module__.startswith("desktop.store"):
            continue
        for name, value in vars(owner).items():
            if name.startswith("_"):
                continue
            if isinstance(value, staticmethod | classmethod | property) or inspect.isfunction(
                value
            ):
                names.add(name)
    return sorted(names)


def _store_classes() -> list[type]:
    classes = []
    for module_name in _store_modules():
        module = importlib.import_module(module_name)
        classes += [
            value
            for value in vars(module).values()
            if inspect.isclass(value) and value.__module__ == module_name
        ]
    return classes


def test_no_store_class_has_more_than_30_public_methods() -> None:
    classes = _store_classes()
    assert len(classes) > 20  # the walk really found the store's classes
    crowded = {
        f"{cls.__module__}.{cls.__qualname__}": len(public_methods(cls))
        for cls in classes
        if len(public_methods(cls)) > MOST_PUBLIC_METHODS
    }
    assert crowded == {}


def test_the_counter_counts_inherited_store_methods_and_properties(campaign: Campaign) -> None:
    assert {"open", "close", "subscribe", "writing", "read", "read_only"} <= set(
        public_methods(Campaign)
    )
    assert {"add", "all", "get", "set_image"} <= set(public_methods(type(campaign.cards)))
    assert public_methods(dict) == []  # only the store's own classes count


def test_every_area_is_a_manager_of_the_campaign(campaign: Campaign) -> None:
    for area in MANAGERS:
        manager = getattr(campaign, area)
        assert type(manager).__module__ == f"desktop.store.{area}.manager"
        assert public_methods(type(manager)), area


def test_an_area_is_made_when_first_reached_and_kept(campaign: Campaign) -> None:
    assert "cards" not in vars(campaign)  # not made by opening
    cards = campaign.cards
    assert vars(campaign)["cards"] is cards and campaign.cards is cards


@pytest.mark.slow
def test_opening_for_play_imports_no_other_area(campaign: Campaign, data_dir: Path) -> None:
    """A campaign opened and read as the Play workspace reads it imports no manager,
    record or check of the areas it does not reach (nor their rules)."""
    path = campaign.path
    campaign.close()
    read = (
        "from pathlib import Path\n"
        "from desktop.store import Campaign\n"
        f"opened = Campaign.open(Path({str(path)!r}), data_dir=Path({str(data_dir)!r}))\n"
        "opened.roster.all(); opened.games.current(); opened.rolls.all()\n"
        "opened.close()\n"
    )
    loaded = _loaded_after(read)
    assert {"desktop.store.roster.manager", "desktop.store.games.manager"} <= set(loaded)
    others = ("cards", "calendar", "clocks", "factions", "chapter", "downtime")
    unread = [f"desktop.store.{area}.manager" for area in others]
    unread += ["desktop.store.downtime.records", "desktop.store.downtime.checks"]
    unread += ["desktop.store.cards.rows", "desktop.store.calendar.rows"]
    assert [m for m in unread if m in loaded] == []


def test_topics_are_an_enum_and_each_is_its_plain_name() -> None:
    assert Topic.CARDS == "cards" and Topic("settings") is Topic.SETTINGS
    assert {topic.value for topic in Topic} >= {"campaign", "settings", "print", "downtime"}


def _loaded_after(code: str) -> list[str]:
    program = (
        "import sys\n"
        f"{code}\n"
        "print(sorted(m for m in sys.modules if m.startswith(('desktop.store', 'sqlalchemy', "
        "'sqlmodel', 'alembic'))))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, check=True
    )
    return ast.literal_eval(result.stdout.strip().splitlines()[-1])


def test_importing_the_store_loads_nothing_yet() -> None:
    assert _loaded_after("import desktop.store") == ["desktop.store"]


@pytest.mark.slow
def test_opening_and_reading_a_campaign_loads_no_sqlalchemy(
    campaign: Campaign, data_dir: Path
) -> None:
    path = campaign.path
    campaign.roster.add("Kara Voss")
    campaign.close()
    read = (
        "from pathlib import Path\n"
        "from desktop.store import Campaign\n"
        f"opened = Campaign.open(Path({str(path)!r}), data_dir=Path({str(data_dir)!r}))\n"
        "assert [c.name for c in opened.roster.all()] == ['Kara Voss']\n"
        "opened.cards.all(); opened.chapter.get(); opened.downtime.sheets()\n"
    )
    loaded = _loaded_after(read + "opened.close()")
    assert "desktop.store.campaign" in loaded
    assert [m for m in loaded if m.startswith(("sqlalchemy", "sqlmodel", "alembic"))] == []
    written = _loaded_after(read + "opened.roster.add('Brann')\nopened.close()")
    assert "sqlmodel" in written and "desktop.store.writer" in written
