"""The layers of DESIGN.md: `rules` and `store` never import Qt; `rules` imports nothing of ours."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import desktop

PACKAGE = Path(desktop.__file__).resolve().parent


def _modules(folder: str) -> list[str]:
    root = PACKAGE / folder
    return [
        "desktop." + ".".join(path.relative_to(PACKAGE).with_suffix("").parts)
        for path in sorted(root.rglob("*.py"))
        if "migrations" not in path.parts
    ]


def test_rules_and_store_import_no_qt() -> None:
    modules = _modules("rules") + _modules("store")
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}: importlib.import_module(name.removesuffix('.__init__'))\n"
        "qt = sorted(m for m in sys.modules if m.startswith(('PySide6', 'shiboken6')))\n"
        "print(qt)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]", result.stdout


def test_rules_import_nothing_of_the_project() -> None:
    for path in sorted((PACKAGE / "rules").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                imported = node.module
                assert not imported.startswith("desktop.") or imported.startswith(
                    "desktop.rules"
                ), f"{path.name} imports {imported}"
