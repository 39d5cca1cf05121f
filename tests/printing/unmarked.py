"""The string literals of a module that a page could show untranslated: what
tests/printing/test_marked_strings.py refuses. Kept apart so that the walk itself is
tested on snippets."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

MARKS = frozenset({"gettext", "ngettext", "pgettext", "N_"})
LOGGERS = frozenset({"debug", "info", "warning", "error", "exception", "critical", "log"})
LETTER = re.compile(r"[^\W\d_]")


def unmarked(
    source: str, marks: frozenset[str] = MARKS, keys: frozenset[str] = frozenset()
) -> list[tuple[int, str]]:
    """(line, text) of every string constant with a letter in it that is not marked for
    translation and is not one of what never reaches a page: a docstring, a dict key, a
    format spec, a log message, a message raised to the GM (the window's words, not the
    page's), `__all__`, a value compared against or used as a subscript (the store's
    keys: "pc", "weapon"), or a keyword argument naming a section. The arguments of a
    call named in ``keys`` are never shown either (the window's object names, settings
    keys, key sequences)."""
    tree = ast.parse(source)
    skipped: set[int] = set()
    for node in ast.walk(tree):
        for part in _never_shown(node, marks, keys):
            skipped.update(id(inner) for inner in ast.walk(part))
    found = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in skipped
            and LETTER.search(node.value)
        ):
            found.append((node.lineno, node.value))
    return sorted(found)


def _never_shown(node: ast.AST, marks: frozenset[str], keys: frozenset[str]) -> Iterator[ast.AST]:
    if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
        first = node.body[0] if node.body else None
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
            yield first.value
    elif isinstance(node, ast.Call):
        name = _called(node.func)
        if name in marks | keys or (name in LOGGERS and isinstance(node.func, ast.Attribute)):
            yield from node.args
        yield from (keyword.value for keyword in node.keywords if keyword.arg == "section")
    elif isinstance(node, ast.Dict):
        yield from (key for key in node.keys if key is not None)
    elif isinstance(node, ast.FormattedValue) and node.format_spec is not None:
        yield node.format_spec
    elif isinstance(node, ast.Raise) and node.exc is not None:
        yield node.exc
    elif isinstance(node, ast.Assign | ast.AnnAssign):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        if any(isinstance(t, ast.Name) and t.id == "__all__" for t in targets) and node.value:
            yield node.value
    elif isinstance(node, ast.Compare):
        yield from (part for part in (node.left, *node.comparators) if _constant(part))
    elif isinstance(node, ast.Subscript):
        yield node.slice


def _called(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def _constant(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) or (
        isinstance(node, ast.Tuple | ast.List | ast.Set)
        and all(isinstance(element, ast.Constant) for element in node.elts)
    )
