"""The layers of DESIGN.md, every arrow of them.

`rules` and `language` import nothing of ours; `rules`, `language` and `store` import
no Qt (every layer may import `language`, the translations, as it may import `rules`);
`store` imports no `ui`, `printing` or `paint`; `printing` imports neither `ui` nor `store`; `paint`
imports only QtGui and QtCore, and nothing of ours but `rules`; nothing but `ui` and
`app` imports `ui`; outside the store, the store is imported only through its public
path, `from desktop.store import <a name in desktop.store.__all__>`, or an area's
(`from desktop.store.<area> import <a name in its __all__>`); `actions`,
`views` and `share` keep to the table's arrows (`ui -> actions -> store -> rules`,
`ui -> views -> store`, `share -> views`, `ui -> share`), with no Qt but the share's
QtCore hand-off. Imports are
read from the source (every one, at module level or in a function, under TYPE_CHECKING
too), and the checker is itself tested on snippets that break each arrow, so a rule
that stopped catching anything would fail here.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import desktop
import desktop.store
from desktop.store.areas import Area
from desktop.store.campaign import Campaign

PACKAGE = Path(desktop.__file__).resolve().parent

QT = ("PySide6", "shiboken6")
PAINT_QT = ("PySide6.QtGui", "PySide6.QtCore")
# Modules inside ui that plan without Qt, so that they can be tested and reused as such.
QT_FREE_UI = ("desktop.ui.downtime.planning",)


def _modules(folder: str) -> list[str]:
    root = PACKAGE / folder
    return [
        "desktop." + ".".join(path.relative_to(PACKAGE).with_suffix("").parts)
        for path in sorted(root.rglob("*.py"))
        if "migrations" not in path.parts
    ]


def _within(name: str, *packages: str) -> bool:
    return any(name == package or name.startswith(package + ".") for package in packages)


def imported_names(module: str, source: str) -> set[str]:
    """Every module `source` (the text of `module`) imports, as dotted names.

    ``from a import b`` counts as ``a.b`` (b may be a module), relative imports are
    resolved against `module`'s package, and imports inside functions count too.
    """
    package = module.rsplit(".", 1)[0] if not module.endswith(".__init__") else module[:-9]
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[: len(parts) - (node.level - 1)]
                base = ".".join([*parts, base] if base else parts)
            for alias in node.names:
                names.add(base if alias.name == "*" else f"{base}.{alias.name}")
    return names


def layer_breaks(module: str, source: str) -> list[str]:
    """What `module` imports against the layers, one line per import; empty when none."""
    breaks = []
    for name in sorted(imported_names(module, source)):
        refused = _refusal(module, name)
        if refused:
            breaks.append(f"{module} imports {name}: {refused}")
    return breaks


def _refusal(module: str, name: str) -> str | None:
    """Why `module` may not import `name`, or None when it may."""
    refused = _table_refusal(module, name)
    if refused:
        return refused
    ours = _within(name, "desktop")
    if _within(module, "desktop.language"):
        if ours and not _within(name, "desktop.language"):
            return "language imports nothing of the project"
        if _within(name, *QT):
            return "language imports no Qt"
    if _within(module, "desktop.rules"):
        if ours and not _within(name, "desktop.rules"):
            return "rules import nothing of the project"
        if _within(name, *QT):
            return "rules import no Qt"
    if _within(module, "desktop.store"):
        if _within(name, *QT):
            return "the store imports no Qt"
        if _within(name, "desktop.ui", "desktop.printing", "desktop.paint", "desktop.app"):
            return "the store sits below ui, printing and paint"
    if _within(module, "desktop.printing") and _within(
        name, "desktop.ui", "desktop.store", "desktop.app"
    ):
        return "printing takes plain data: neither ui nor the store"
    if _within(module, "desktop.paint"):
        if _within(name, *QT) and not _within(name, *PAINT_QT):
            return "paint draws with QtGui and QtCore only, no widgets"
        if ours and not _within(name, "desktop.paint", "desktop.rules"):
            return "paint imports nothing of ours but rules"
    if _within(module, *QT_FREE_UI) and (
        _within(name, *QT) or (_within(name, "desktop.ui") and not _within(name, *QT_FREE_UI))
    ):
        return "the downtime planning is Qt-free"
    if _within(name, "desktop.ui") and not _within(module, "desktop.ui", "desktop.app"):
        return "only ui and app import ui"
    return None


# The layers of the table: `ui -> actions -> store -> rules`, `ui -> views -> store`,
# `share -> views`, `ui -> share`. Who may import each of them, and what each may import.
TABLE_LAYERS = ("desktop.actions", "desktop.views", "desktop.share")
IMPORTED_BY = {
    "desktop.actions": ("desktop.ui", "desktop.app", "desktop.actions"),
    "desktop.views": ("desktop.ui", "desktop.app", "desktop.share", "desktop.views"),
    "desktop.share": ("desktop.ui", "desktop.app", "desktop.share"),
}
MAY_IMPORT = {
    "desktop.actions": ("desktop.actions", "desktop.store", "desktop.rules", "desktop.language"),
    "desktop.views": ("desktop.views", "desktop.store", "desktop.rules", "desktop.language"),
    "desktop.share": ("desktop.share", "desktop.views", "desktop.rules", "desktop.language"),
}
SHARE_QT = ("PySide6.QtCore",)  # the share's hand-off to the Qt thread, no more


def _table_refusal(module: str, name: str) -> str | None:
    """Why `module` may not import `name` by the arrows of actions, views and share."""
    for layer in TABLE_LAYERS:
        if _within(name, layer) and not _within(module, *IMPORTED_BY[layer]):
            return f"only {', '.join(IMPORTED_BY[layer])} import {layer}"
        if not _within(module, layer):
            continue
        if _within(name, *QT) and not (layer == "desktop.share" and _within(name, *SHARE_QT)):
            return f"{layer} imports no Qt" + (" but QtCore" if layer == "desktop.share" else "")
        if _within(name, "desktop") and not _within(name, *MAY_IMPORT[layer]):
            return f"{layer} imports only {', '.join(MAY_IMPORT[layer])} of ours"
    return None


def _all_breaks() -> list[str]:
    breaks = []
    for path in sorted(PACKAGE.rglob("*.py")):
        module = "desktop." + ".".join(path.relative_to(PACKAGE).with_suffix("").parts)
        breaks += layer_breaks(module, path.read_text(encoding="utf-8"))
    return breaks


def test_every_module_keeps_to_its_layer() -> None:
    assert _all_breaks() == []


def test_every_layer_is_there_to_check() -> None:
    # A layer moved or renamed would leave its rules checking nothing.
    for folder in ("rules", "language", "store", "printing", "paint", "ui", "actions"):
        assert len(_modules(folder)) > 1, folder


def store_path_breaks(module: str, source: str) -> list[str]:
    """Imports by `module` (outside desktop/store) that reach into the store instead of
    naming a public name of `desktop.store`, or one of an area's public names (its
    `__all__`: `from desktop.store.notes import NoteRecord`, so that a new area need not
    be listed in the facade too); empty when none."""
    if _within(module, "desktop.store"):
        return []
    public = set(desktop.store.__all__)
    breaks = []
    for name in sorted(imported_names(module, source)):
        if not _within(name, "desktop.store"):
            continue
        head, _, last = name.rpartition(".")
        if head == "desktop.store" and last in public:
            continue
        area = _area_of(head)
        if area is not None and head == f"desktop.store.{area}" and last in _area_names(area):
            continue
        breaks.append(
            f"{module} imports {name}: only `from desktop.store import <public>` "
            "or an area's public name"
        )
    return breaks


def test_outside_the_store_only_its_public_path_is_imported() -> None:
    breaks = []
    for path in sorted(PACKAGE.rglob("*.py")):
        module = "desktop." + ".".join(path.relative_to(PACKAGE).with_suffix("").parts)
        breaks += store_path_breaks(module, path.read_text(encoding="utf-8"))
    assert breaks == []


@pytest.mark.parametrize(
    "source",
    [
        "from desktop.store.campaign import Campaign\n",
        "from desktop.store.records import CardRecord\n",
        "def f():\n    from desktop.store.exchange import read_document\n",
        "if TYPE_CHECKING:\n    from desktop.store.core import Topic\n",
        "from desktop.store import writer\n",
        "from desktop.store import campaign as store\n",
        "import desktop.store.campaign\n",
        "import desktop.store\n",
        "from desktop import store\n",
        "from ..store import records\n",
        "from desktop.store.clocks.rows import CLOCK_SQL\n",
        "from desktop.store.clocks import rows\n",
        "from desktop.store.clocks import writes\n",
        "from desktop.store.clocks import OWNER_ORDER\n",
        "import desktop.store.clocks\n",
    ],
)
def test_the_public_path_checker_finds_a_reach_inside(source: str) -> None:
    assert store_path_breaks("desktop.ui.print_data", source), source


def test_the_public_path_checker_lets_public_names_and_the_store_itself_through() -> None:
    good = "from desktop.store import Campaign, CharacterRecord, NotFound, Topic\n"
    assert store_path_breaks("desktop.ui.session", good) == []
    area = "from desktop.store.clocks import ClockRecord\n"
    assert store_path_breaks("desktop.ui.docks.clocks", area) == []
    assert store_path_breaks("desktop.app", "def f():\n    " + good) == []
    inside = "from desktop.store.records import CardRecord\nfrom desktop.store import writer\n"
    assert store_path_breaks("desktop.store.exchange", inside) == []


# ------------------------------------------------------------- the checker, on snippets


@pytest.mark.parametrize(
    ("module", "source"),
    [
        ("desktop.rules.dice", "from desktop.store.records import DieRecord\n"),
        ("desktop.rules.dice", "import desktop.paths\n"),
        ("desktop.rules.dice", "from PySide6.QtCore import QObject\n"),
        ("desktop.language", "from desktop.rules import dice\n"),
        ("desktop.language", "from PySide6.QtCore import QLocale\n"),
        ("desktop.store.campaign", "import PySide6.QtCore\n"),
        ("desktop.store.campaign", "from shiboken6 import isValid\n"),
        ("desktop.store.campaign", "def f():\n    from desktop.ui.session import S\n"),
        ("desktop.store.campaign", "from desktop.printing.cards import PrintCard\n"),
        ("desktop.store.campaign", "from desktop.paint import dice\n"),
        ("desktop.printing.sheets", "def f():\n    from desktop.store.campaign import C\n"),
        ("desktop.printing.sheets", "from desktop.ui.widgets import clock_board\n"),
        ("desktop.printing.sheets", "from ..store import records\n"),
        ("desktop.paint.dice", "from PySide6.QtWidgets import QWidget\n"),
        ("desktop.paint.dice", "from PySide6 import QtWidgets\n"),
        ("desktop.paint.dice", "from PySide6.QtPrintSupport import QPrinter\n"),
        ("desktop.ui.downtime.planning", "from PySide6.QtCore import Qt\n"),
        ("desktop.ui.downtime.planning", "from desktop.ui.session import CampaignSession\n"),
        ("desktop.paint.dice", "from desktop.printing.cards import INK\n"),
        ("desktop.paint.dice", "from desktop.store import records\n"),
        ("desktop.paint.clocks", "from .. import ui\n"),
        ("desktop.app_helpers", "from desktop.ui import theme\n"),
        ("desktop.paths", "import desktop.ui.main_window\n"),
        ("desktop.store.campaign", "if TYPE_CHECKING:\n    from desktop.ui.session import S\n"),
    ],
)
def test_the_checker_finds_a_bad_import(module: str, source: str) -> None:
    assert layer_breaks(module, source), (module, source)


@pytest.mark.parametrize(
    ("module", "source"),
    [
        ("desktop.rules.dice", "from desktop.rules.conflict import x\nimport math\n"),
        ("desktop.store.campaign", "from desktop.rules import dice\nimport sqlalchemy\n"),
        ("desktop.printing.sheets", "from desktop.paint.dice import paint_die\n"),
        ("desktop.printing.sheets", "from PySide6.QtWidgets import QWidget\n"),
        ("desktop.printing.sheets", "from desktop.rules.roster import KIND_LABELS\n"),
        ("desktop.paint.dice", "from PySide6.QtGui import QPainter\nfrom PySide6 import QtCore\n"),
        ("desktop.paint.dice", "from desktop.rules import factions\nfrom . import clocks\n"),
        ("desktop.ui.print_data", "from desktop.store.campaign import C\n"),
        ("desktop.app", "def f():\n    from desktop.ui.main_window import MainWindow\n"),
    ],
)
def test_the_checker_lets_a_good_import_through(module: str, source: str) -> None:
    assert layer_breaks(module, source) == []


def test_relative_imports_are_resolved() -> None:
    assert imported_names("desktop.paint.dice", "from .clocks import paint_clock\n") == {
        "desktop.paint.clocks.paint_clock"
    }
    assert imported_names("desktop.paint.__init__", "from . import dice\n") == {
        "desktop.paint.dice"
    }
    assert imported_names("desktop.printing.cards", "from ..ui import theme\n") == {
        "desktop.ui.theme"
    }


# ------------------------------------------------------------------ what loads at run time


def _qt_loaded_by(modules: list[str]) -> list[str]:
    """The Qt modules loaded, in a fresh interpreter, by importing `modules`."""
    return _loaded_by(modules, QT)


def _loaded_by(modules: list[str], packages: tuple[str, ...]) -> list[str]:
    """The modules of `packages` loaded, in a fresh interpreter, by importing `modules`."""
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}: importlib.import_module(name.removesuffix('.__init__'))\n"
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {packages!r}))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    return ast.literal_eval(result.stdout.strip())


def test_rules_language_and_store_import_no_qt() -> None:
    assert _qt_loaded_by(_modules("rules") + _modules("language") + _modules("store")) == []


def test_downtime_planning_loads_no_qt() -> None:
    assert _qt_loaded_by(list(QT_FREE_UI)) == []


# What the program imports to start and show its window; the import and export actions
# import desktop.store.exchange's public face.
START_UP = [
    "desktop.app",
    "desktop.ui.main_window",
    "desktop.ui.long_task",
    "desktop.store.exchange",
]


def test_the_start_up_path_imports_no_pydantic() -> None:
    # The export's models (pydantic) load only when an export is read.
    assert _loaded_by(START_UP, ("pydantic", "pydantic_core")) == []
    assert "pydantic" in _loaded_by(["desktop.store.exchange.models"], ("pydantic",))


def test_paint_loads_no_widgets() -> None:
    loaded = _qt_loaded_by(_modules("paint"))
    assert "PySide6.QtGui" in loaded
    assert [m for m in loaded if m.startswith("PySide6.Qt") and not _within(m, *PAINT_QT)] == []


def test_rules_import_nothing_of_the_project() -> None:
    for path in sorted((PACKAGE / "rules").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                imported = node.module
                assert not imported.startswith("desktop.") or imported.startswith(
                    "desktop.rules"
                ), f"{path.name} imports {imported}"


# ------------------------------------------------ actions, views and share, on snippets


@pytest.mark.parametrize(
    ("module", "source"),
    [
        ("desktop.actions.tray", "from PySide6.QtCore import QObject\n"),
        ("desktop.actions.tray", "from desktop.ui.session import CampaignSession\n"),
        ("desktop.actions.tray", "from desktop.views.player import page\n"),
        ("desktop.actions.tray", "from desktop.share.server import Server\n"),
        ("desktop.actions.tray", "from desktop.paint import dice\n"),
        ("desktop.views.player", "from PySide6.QtCore import Qt\n"),
        ("desktop.views.player", "from desktop.actions.tray import apply_tray_roll\n"),
        ("desktop.views.player", "from desktop.ui.theme import colours\n"),
        ("desktop.share.server", "from PySide6.QtWidgets import QWidget\n"),
        ("desktop.share.server", "from PySide6.QtGui import QColor\n"),
        ("desktop.share.server", "from desktop.actions import tray\n"),
        ("desktop.share.server", "from desktop.store import Campaign\n"),
        ("desktop.share.server", "from desktop.ui.session import CampaignSession\n"),
        ("desktop.store.campaign", "from desktop.actions.tray import RollDone\n"),
        ("desktop.store.campaign", "from desktop.views import player\n"),
        ("desktop.rules.dicepool", "from desktop.actions.dice import to_pool\n"),
        ("desktop.printing.cards", "from desktop.views.journal import page\n"),
        ("desktop.paint.dice", "from desktop.share import server\n"),
    ],
)
def test_the_checker_finds_a_bad_import_of_the_table(module: str, source: str) -> None:
    assert layer_breaks(module, source), (module, source)


@pytest.mark.parametrize(
    ("module", "source"),
    [
        ("desktop.ui.docks.dice_table", "from desktop.actions.tray import apply_tray_roll\n"),
        ("desktop.ui.main_window", "from desktop.views.player import page\n"),
        ("desktop.ui.main_window", "from desktop.share.server import Server\n"),
        (
            "desktop.actions.tray",
            "from desktop.store import Campaign\nfrom desktop.rules import x\n",
        ),
        ("desktop.actions.conflict", "from desktop.actions.dice import to_pool\n"),
        ("desktop.views.player", "from desktop.store import Campaign\n"),
        ("desktop.share.server", "from desktop.views.player import page\n"),
        ("desktop.share.server", "from PySide6.QtCore import QObject, Signal\n"),
    ],
)
def test_the_checker_lets_a_good_import_of_the_table_through(module: str, source: str) -> None:
    assert layer_breaks(module, source) == []


def test_actions_load_no_qt() -> None:
    assert _qt_loaded_by(_modules("actions")) == []


# ------------------------------------------------------------- areas of the store, privacy
#
# The store keeps one package per area (desktop/store/<area>/: records, rows, checks,
# writes, manager). The rule between areas, and from the rest of the store into an area:
# a module outside area B uses B only as `desktop.store.B` and the names B's
# `__init__` lists in `__all__` (`from desktop.store.B import ClockRecord`, or
# `from desktop.store import B as b` then `b.ClockRecord`), plus `desktop.store.B.writes`,
# the sqlmodel half of B's writes, kept a module apart so that reading never loads
# SQLAlchemy: another area's transaction may call it. Never B's other modules (rows,
# checks, records, manager), and nowhere in desktop/ a name starting with `_` taken from
# another module (by `from m import _x` or `m._x`).

# The areas as the campaign declares its managers (`desktop/store/campaign.py`), so a
# new area is checked from the line that makes it `campaign.<area>`.
STORE_AREAS = tuple(
    declared.package for declared in vars(Campaign).values() if isinstance(declared, Area)
)


def _area_of(name: str) -> str | None:
    """The store area `name` (a dotted module or name) lies in, or None."""
    parts = name.split(".")
    if len(parts) >= 3 and parts[:2] == ["desktop", "store"] and parts[2] in STORE_AREAS:
        return parts[2]
    return None


def _area_names(area: str) -> set[str]:
    """The names area `area` lists in its `__all__`: what anyone may import of it."""
    import importlib

    package = importlib.import_module(f"desktop.store.{area}")
    return set(getattr(package, "__all__", ()))


def _area_public(area: str) -> set[str]:
    """What another store module may use of `area`: its names and its `writes`."""
    return {*_area_names(area), "writes"}


def _module_aliases(module: str, tree: ast.AST) -> dict[str, str]:
    """Local names bound to a module of ours by an import (`import a.b as c`,
    `from a import b`), as name -> dotted module."""
    package = module.rsplit(".", 1)[0] if not module.endswith(".__init__") else module[:-9]
    aliases: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname and _within(alias.name, "desktop"):
                    aliases[alias.asname] = alias.name
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[: len(parts) - (node.level - 1)]
                base = ".".join([*parts, base] if base else parts)
            if not _within(base, "desktop"):
                continue
            for alias in node.names:
                full = f"{base}.{alias.name}"
                if _is_package_or_module(full):
                    aliases[alias.asname or alias.name] = full
    return aliases


def _is_package_or_module(name: str) -> bool:
    path = PACKAGE.parent.joinpath(*name.split("."))
    return path.with_suffix(".py").exists() or (path / "__init__.py").exists()


def private_name_breaks(module: str, source: str) -> list[str]:
    """Names starting with `_` that `module` takes from another module of ours."""
    tree = ast.parse(source)
    breaks = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (
            node.level or _within(node.module or "", "desktop")
        ):
            for alias in node.names:
                if alias.name.startswith("_") and not alias.name.startswith("__"):
                    breaks.append(f"{module} imports {alias.name} from {node.module}")
    aliases = _module_aliases(module, tree)
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in aliases
            and node.attr.startswith("_")
            and not node.attr.startswith("__")
        ):
            breaks.append(f"{module} uses {aliases[node.value.id]}.{node.attr}")
    return breaks


def area_breaks(module: str, source: str) -> list[str]:
    """What `module` (in the store) takes from a store area other than its own that is not
    that area's public face; empty when nothing."""
    if not _within(module, "desktop.store"):
        return []
    own = _area_of(module)
    tree = ast.parse(source)
    breaks = []
    for name in sorted(imported_names(module, source)):
        area = _area_of(name)
        if area is None or area == own:
            continue
        rest = name.split(".")[3:]
        if rest and rest[0] not in _area_public(area):
            breaks.append(f"{module} imports {name}: only desktop.store.{area}'s public names")
    for local, target in _module_aliases(module, tree).items():
        area = _area_of(target)
        if area is None or area == own or target != f"desktop.store.{area}":
            continue
        public = _area_public(area)
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id == local
                and node.attr not in public
            ):
                breaks.append(f"{module} uses {target}.{node.attr}: not in its __all__")
    return breaks


def _sources(folder: str = "") -> list[tuple[str, str]]:
    root = PACKAGE / folder if folder else PACKAGE
    return [
        (
            "desktop." + ".".join(path.relative_to(PACKAGE).with_suffix("").parts),
            path.read_text(encoding="utf-8"),
        )
        for path in sorted(root.rglob("*.py"))
    ]


def test_no_private_name_crosses_a_module() -> None:
    breaks = [b for module, source in _sources() for b in private_name_breaks(module, source)]
    assert breaks == []


def test_a_store_area_is_used_only_through_its_public_face() -> None:
    breaks = [b for module, source in _sources("store") for b in area_breaks(module, source)]
    assert breaks == []


def test_the_areas_are_there_to_check() -> None:
    present = [area for area in STORE_AREAS if (PACKAGE / "store" / area).is_dir()]
    assert present, "no store area left to check"
    for area in present:
        assert _area_public(area) > {"writes"}, area


@pytest.mark.parametrize(
    "source",
    [
        "from desktop.store.kit.rows import _die\n",
        "from .rows import _die\n",
        "def f():\n    from desktop.store.downtime.rows import _sheet\n",
        "from desktop.store.kit import rows as store\nstore._die(1)\n",
        "import desktop.store.core as core\ncore._chunks([])\n",
    ],
)
def test_the_privacy_checker_finds_a_private_name(source: str) -> None:
    assert private_name_breaks("desktop.store.health", source), source


def test_the_privacy_checker_lets_public_and_own_names_through() -> None:
    source = (
        "from __future__ import annotations\n"
        "from desktop.store.clocks import clock_from_row\n"
        "def _mine():\n    return self._read()\n"
        "from desktop.store import clocks\nclocks.__all__\n"
    )
    assert private_name_breaks("desktop.store.health", source) == []


@pytest.mark.parametrize(
    "source",
    [
        "from desktop.store.clocks.rows import clock_from_row\n",
        "from desktop.store.clocks import rows\n",
        "def f():\n    from desktop.store.clocks.checks import clock\n",
        "from desktop.store import clocks\nclocks.rows.clock_from_row(1)\n",
        "from desktop.store import clocks as area\narea.OWNER_ORDER\n",
    ],
)
def test_the_area_checker_finds_a_reach_inside(source: str) -> None:
    assert area_breaks("desktop.store.downtime.manager", source), source


def test_the_area_checker_lets_public_names_writes_and_own_modules_through() -> None:
    source = (
        "from desktop.store.clocks import ClockRecord, clock_from_row\n"
        "from desktop.store import clocks as area\narea.CLOCK_SQL\n"
        "def f():\n    from desktop.store.clocks import writes\n"
        "from desktop.store.downtime.rows import ENTRY_SQL\n"
        "from desktop.store.downtime import checks\n"
    )
    assert area_breaks("desktop.store.downtime.manager", source) == []
    assert area_breaks("desktop.ui.docks.clocks", "from desktop.store.clocks.rows import x\n") == []


def manager_privacy_breaks(module: str, source: str) -> list[str]:
    """Private attributes a store module reaches on another manager: through the campaign
    (`self._campaign.kit._write_dice`) or a name bound to one (`kit = self._campaign.kit`)."""
    tree = ast.parse(source)

    def reaches_campaign(node: ast.expr) -> bool:
        while isinstance(node, ast.Attribute):
            if node.attr == "_campaign":
                return True
            node = node.value
        return False

    bound = {
        target.id
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign) and reaches_campaign(node.value)
        for target in node.targets
        if isinstance(target, ast.Name)
    }
    breaks = []
    for node in ast.walk(tree):
        if not (
            isinstance(node, ast.Attribute)
            and node.attr.startswith("_")
            and not node.attr.startswith("__")
            and node.attr != "_campaign"
        ):
            continue
        receiver = node.value
        if reaches_campaign(receiver) or (isinstance(receiver, ast.Name) and receiver.id in bound):
            breaks.append(f"{module}:{node.lineno} reaches {ast.unparse(node)}")
    return breaks


def test_no_manager_calls_another_managers_private_method() -> None:
    breaks = [
        b for module, source in _sources("store") for b in manager_privacy_breaks(module, source)
    ]
    assert breaks == []


@pytest.mark.parametrize(
    "source",
    [
        "def f(self):\n    self._campaign.kit._write_dice(s, d)\n",
        "def f(self):\n    kit = self._campaign.kit\n    kit._dice_by_id([1])\n",
        "def f(self):\n    self._campaign._read('SELECT 1')\n",
    ],
)
def test_the_manager_checker_finds_a_private_call(source: str) -> None:
    assert manager_privacy_breaks("desktop.store.games.manager", source), source


def test_the_manager_checker_lets_public_and_own_calls_through() -> None:
    source = (
        "def f(self):\n    self._campaign.kit.write_dice(s, d)\n    self._read('x')\n"
        "    kit = self._campaign.kit\n    kit.dice_by_id([1])\n"
    )
    assert manager_privacy_breaks("desktop.store.games.manager", source) == []
