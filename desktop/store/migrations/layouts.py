"""The tables and columns each shipped revision defines, read from its migration file.

A file is judged against the revision it claims before it is upgraded (and Check
Campaign judges an older file as its revision defines it): a file that says "0005" but
lacks a table 0005 made would otherwise reach a migration that fails half way.

The layout is read from the migration files themselves (shipped as source beside this
module, see pyproject's package data and packaging/gm_desk_bundle.py), so a new
revision is written once, as its migration. Opening a campaign must stay quick, so the
files are parsed with `ast` (no Alembic, no SQLAlchemy, no database), only when a
layout is first asked for, and once per process. Only `upgrade()` is read, statement by
statement, in the forms the migrations use:

- `op.create_table("t", sa.Column("c", ...), ...)` (constraints and indexes skipped);
- `op.add_column("t", sa.Column("c", ...))`, or `batch.add_column(sa.Column("c", ...))`
  inside `with op.batch_alter_table("t") as batch:`;
- `drop_table`, `drop_column`, `rename_table` and `alter_column(..., new_column_name=...)`;
- `op.execute("CREATE VIRTUAL TABLE t USING fts5(c, ..., option = ...)")`: the FTS5
  table with its columns (its own shadow tables are SQLite's, not the layout's); any
  other SQL a migration executes leaves the tables as they were;
- a column made by a helper function of the same file (`_text("name")`) whose return
  is a `sa.Column`, names held by module constants, and `for` loops over literal tuples.

Anything else in `upgrade()` that cannot be read is a `LayoutUnreadable` naming the file
and line: a test runs every migration on an empty database and compares, so a new form
is met there, not at a GM's table.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator, Mapping
from contextlib import suppress
from dataclasses import dataclass
from functools import cache
from typing import Literal

from desktop.store.migrations import FOLDER, REVISIONS

Layout = dict[str, tuple[str, ...]]

# The Alembic operations that change a layout; every other `op.` or `batch.` call
# (indexes, check constraints, `execute`) leaves the tables and columns as they were.
_LAYOUT_OPERATIONS = frozenset(
    {"create_table", "add_column", "drop_table", "drop_column", "rename_table", "alter_column"}
)


class LayoutUnreadable(ValueError):
    """A migration's `upgrade()` holds a form this reader does not follow."""


What = Literal["create", "add", "drop table", "drop column", "rename table", "rename column"]


@dataclass(frozen=True)
class Change:
    """One step of a revision: "create" a table with `columns`, "add" a column, "drop
    table", "drop column", "rename table" (to `new`) or "rename column" (to `new`)."""

    what: What
    table: str
    columns: tuple[str, ...] = ()
    new: str = ""


def layout_at(revision: str) -> Layout:
    """Every table `revision` defines, with its columns (ValueError for one we do not know)."""
    return dict(_layout_at(revision))


def added_by(revision: str) -> Layout:
    """The tables and columns `revision` itself creates or adds."""
    added: Layout = {}
    for change in changes_in(revision):
        if change.what in ("create", "add"):
            added[change.table] = added.get(change.table, ()) + change.columns
    return added


class _AddedBy(Mapping[str, Layout]):
    """Each shipped revision's `added_by`, each file read only when it is looked up."""

    def __getitem__(self, revision: str) -> Layout:
        if revision not in REVISIONS:
            raise KeyError(revision)
        return added_by(revision)

    def __iter__(self) -> Iterator[str]:
        return iter(REVISIONS)

    def __len__(self) -> int:
        return len(REVISIONS)


# What each revision adds, keyed by revision, oldest first (a read-only view).
ADDED_BY: Mapping[str, Layout] = _AddedBy()


@cache
def _layout_at(revision: str) -> Layout:
    index = REVISIONS.index(revision)  # ValueError for a revision we do not know
    tables: Layout = dict(_layout_at(REVISIONS[index - 1])) if index else {}
    for change in changes_in(revision):
        _apply(tables, change)
    return tables


def _apply(tables: Layout, change: Change) -> None:
    if change.what == "create":
        tables[change.table] = change.columns
    elif change.what == "add":
        tables[change.table] = tables.get(change.table, ()) + change.columns
    elif change.what == "drop table":
        tables.pop(change.table, None)
    elif change.what == "drop column":
        tables[change.table] = tuple(c for c in tables[change.table] if c not in change.columns)
    elif change.what == "rename table":
        tables[change.new] = tables.pop(change.table)
    elif change.what == "rename column":
        (old,) = change.columns
        tables[change.table] = tuple(
            change.new if column == old else column for column in tables[change.table]
        )


@cache
def changes_in(revision: str) -> tuple[Change, ...]:
    """What `revision`'s `upgrade()` does to the tables, in order (its file read once)."""
    if revision not in REVISIONS:
        raise ValueError(f"{revision!r} is not a revision this GM Desk knows.")
    path = FOLDER / "versions" / f"{revision}.py"
    return read_changes(path.read_bytes(), path.name)


def read_changes(source: str | bytes, name: str) -> tuple[Change, ...]:
    """What the `upgrade()` of a migration's `source` does to the tables, in order;
    LayoutUnreadable (naming `name` and the line) for a form this reader does not follow."""
    return _Reader(name, ast.parse(source, filename=name)).changes()


_VIRTUAL_TABLE = re.compile(
    r"\s*CREATE\s+VIRTUAL\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?(?P<table>\"?\w+\"?)\s+"
    r"USING\s+(?P<module>\w+)\s*\((?P<arguments>.*)\)\s*;?\s*$",
    re.IGNORECASE | re.DOTALL,
)


def _arguments(text: str) -> list[str]:
    """A virtual table's arguments, split at the commas outside quotes."""
    found: list[str] = []
    current: list[str] = []
    quote = ""
    for character in text:
        if quote:
            quote = "" if character == quote else quote
        elif character in "'\"":
            quote = character
        elif character == ",":
            found.append("".join(current).strip())
            current = []
            continue
        current.append(character)
    found.append("".join(current).strip())
    return found


# -- reading one migration file ------------------------------------------------------------

# What a name stands for while `upgrade()` is read: a constant, or the batch of a table.
_Value = object


@dataclass(frozen=True)
class _Batch:
    """The name bound by `with op.batch_alter_table(table) as name:`."""

    table: str


@dataclass(frozen=True)
class _Given:
    """A value known before reading (a batch's table), standing where an argument would."""

    value: str


class _Reader:
    def __init__(self, name: str, tree: ast.Module) -> None:
        self._name = name
        self._helpers: dict[str, ast.FunctionDef] = {}
        self._constants: dict[str, _Value] = {}
        for node in tree.body:
            if isinstance(node, ast.FunctionDef):
                self._helpers[node.name] = node
            elif isinstance(node, ast.Assign) and len(node.targets) == 1:
                target = node.targets[0]
                if isinstance(target, ast.Name):
                    # A name that is no constant is left out: reading it is refused later.
                    with suppress(ValueError):
                        self._constants[target.id] = ast.literal_eval(node.value)

    def changes(self) -> tuple[Change, ...]:
        upgrade = self._helpers.get("upgrade")
        if upgrade is None:
            raise LayoutUnreadable(f"{self._name} has no upgrade().")
        found: list[Change] = []
        self._statements(upgrade.body, self._constants, found)
        return tuple(found)

    def _unreadable(self, node: object, what: str) -> LayoutUnreadable:
        line = getattr(node, "lineno", "?")
        return LayoutUnreadable(f"{self._name}, line {line}: {what} cannot be read.")

    def _statements(
        self, statements: list[ast.stmt], names: dict[str, _Value], found: list[Change]
    ) -> None:
        for statement in statements:
            if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call):
                change = self._call(statement.value, names)
                if change is not None:
                    found.append(change)
            elif isinstance(statement, ast.Expr | ast.Pass):
                continue  # a docstring or `pass`: no table changes
            elif isinstance(statement, ast.With):
                inner = dict(names)
                for item in statement.items:
                    table = self._batch_table(item.context_expr, names)
                    if not isinstance(item.optional_vars, ast.Name):
                        raise self._unreadable(statement, "this `with`")
                    inner[item.optional_vars.id] = _Batch(table)
                self._statements(statement.body, inner, found)
            elif isinstance(statement, ast.For) and isinstance(statement.target, ast.Name):
                values = self._value(statement.iter, names)
                if not isinstance(values, tuple | list) or statement.orelse:
                    raise self._unreadable(statement, "this loop")
                for value in values:
                    self._statements(statement.body, {**names, statement.target.id: value}, found)
            elif (
                isinstance(statement, ast.Assign)
                and len(statement.targets) == 1
                and isinstance(statement.targets[0], ast.Name)
            ):
                names = {**names, statement.targets[0].id: self._value(statement.value, names)}
            else:
                raise self._unreadable(statement, "this statement")

    def _batch_table(self, expression: ast.expr, names: dict[str, _Value]) -> str:
        if (
            isinstance(expression, ast.Call)
            and self._operation(expression.func, names) == ("op", "batch_alter_table")
            and expression.args
        ):
            return self._text(expression.args[0], names)
        raise self._unreadable(expression, "this `with`")

    def _operation(self, func: ast.expr, names: dict[str, _Value]) -> tuple[str | _Batch, str]:
        """("op", name) for `op.name`, (the batch, name) for `batch.name`, else ("", "")."""
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
            owner = func.value.id
            if owner == "op":
                return "op", func.attr
            batch = names.get(owner)
            if isinstance(batch, _Batch):
                return batch, func.attr
        return "", ""

    def _call(self, call: ast.Call, names: dict[str, _Value]) -> Change | None:
        on, operation = self._operation(call.func, names)
        if on == "op" and operation == "execute" and call.args:
            return self._virtual_table(call, names)
        if not on or operation not in _LAYOUT_OPERATIONS:
            return None
        if any(isinstance(a, ast.Starred) for a in call.args) or any(
            k.arg is None for k in call.keywords
        ):
            raise self._unreadable(call, f"this {operation}")
        # A batch names its table once, in the `with`: it goes first, where `op.` has it.
        args: list[ast.expr | _Given] = list(call.args)
        if isinstance(on, _Batch):
            args.insert(0, _Given(on.table))
        return self._change(call, operation, args, names)

    def _change(
        self,
        call: ast.Call,
        operation: str,
        args: list[ast.expr | _Given],
        names: dict[str, _Value],
    ) -> Change | None:
        # How many arguments name tables and columns: create_table's others are columns.
        wanted = {"create_table": 1, "drop_table": 1}.get(operation, 2)
        if len(args) < wanted:
            raise self._unreadable(call, f"this {operation}")
        table = self._text(args[0], names)
        if operation == "create_table":
            columns = (self._column(arg, names) for arg in args[1:])
            return Change("create", table, tuple(c for c in columns if c))
        if operation == "drop_table":
            return Change("drop table", table)
        if operation == "rename_table":
            return Change("rename table", table, new=self._text(args[1], names))
        if operation == "add_column":
            column = self._column(args[1], names)
            if not column:
                raise self._unreadable(call, "this add_column")
            return Change("add", table, (column,))
        column = self._text(args[1], names)
        if operation == "drop_column":
            return Change("drop column", table, (column,))
        # alter_column: only a new name changes the layout (not a type or a default).
        renamed = self._keyword(call, "new_column_name")
        if renamed is None:
            return None
        return Change("rename column", table, (column,), self._text(renamed, names))

    def _virtual_table(self, call: ast.Call, names: dict[str, _Value]) -> Change | None:
        """The FTS5 table `op.execute(sql)` makes, or None for any other statement."""
        sql = self._value(call.args[0], names)
        if not isinstance(sql, str):
            return None
        made = _VIRTUAL_TABLE.match(sql)
        if made is None:
            return None
        if made["module"].lower() != "fts5":
            raise self._unreadable(call, f"a virtual table of {made['module']}")
        arguments = _arguments(made["arguments"])
        # An FTS5 column is a bare name (perhaps UNINDEXED); an option has an "=".
        columns = tuple(a.split()[0] for a in arguments if a and "=" not in a)
        return Change("create", made["table"].strip('"'), columns)

    def _column(self, expression: ast.expr | _Given, names: dict[str, _Value]) -> str:
        """The column `expression` makes, or "" for a constraint or an index."""
        if not isinstance(expression, ast.Call):
            raise self._unreadable(expression, "this column")
        func = expression.func
        called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if called == "Column":
            name = expression.args[0] if expression.args else self._keyword(expression, "name")
            if name is None:
                raise self._unreadable(expression, "this column's name")
            return self._text(name, names)
        if called.endswith(("Constraint", "Index")):
            return ""
        helper = self._helpers.get(called) if isinstance(func, ast.Name) else None
        if helper is None:
            raise self._unreadable(expression, f"{called or 'this'}()")
        return self._column(*self._inlined(helper, expression, names))

    def _inlined(
        self, helper: ast.FunctionDef, call: ast.Call, names: dict[str, _Value]
    ) -> tuple[ast.expr, dict[str, _Value]]:
        """The expression `helper` returns, with the names its parameters take in `call`."""
        returns = [node for node in helper.body if isinstance(node, ast.Return)]
        if len(returns) != 1 or returns[0].value is None:
            raise self._unreadable(helper, f"{helper.name}()")
        arguments = helper.args
        positional = arguments.posonlyargs + arguments.args
        if len(call.args) > len(positional):
            raise self._unreadable(call, f"{helper.name}()")
        bound: dict[str, _Value] = dict(self._constants)
        # Defaults first (they belong to the last positional parameters), then the call's.
        with_default = positional[len(positional) - len(arguments.defaults) :]
        defaults = zip(with_default, arguments.defaults, strict=True)
        keyword_defaults = zip(arguments.kwonlyargs, arguments.kw_defaults, strict=True)
        for parameter, default in (*defaults, *keyword_defaults):
            if default is not None:
                bound[parameter.arg] = self._value(default, names)
        for parameter, argument in zip(positional, call.args, strict=False):
            bound[parameter.arg] = self._value(argument, names)
        known = {parameter.arg for parameter in positional + arguments.kwonlyargs}
        for keyword in call.keywords:
            if keyword.arg not in known:
                raise self._unreadable(call, f"{helper.name}()")
            bound[str(keyword.arg)] = self._value(keyword.value, names)
        return returns[0].value, bound

    @staticmethod
    def _keyword(call: ast.Call, name: str) -> ast.expr | None:
        return next((k.value for k in call.keywords if k.arg == name), None)

    def _text(self, expression: ast.expr | _Given, names: dict[str, _Value]) -> str:
        value = self._value(expression, names)
        if not isinstance(value, str):
            raise self._unreadable(expression, "this name")
        return value

    def _value(self, expression: ast.expr | _Given, names: dict[str, _Value]) -> _Value:
        if isinstance(expression, _Given):
            return expression.value
        if isinstance(expression, ast.Name) and expression.id in names:
            return names[expression.id]
        if isinstance(expression, ast.JoinedStr):
            return "".join(self._part(part, names) for part in expression.values)
        try:
            return ast.literal_eval(expression)
        except (ValueError, TypeError):
            return None  # not a constant: refused where a name or a list is needed

    def _part(self, part: ast.expr, names: dict[str, _Value]) -> str:
        value = self._value(part.value if isinstance(part, ast.FormattedValue) else part, names)
        if value is None:
            raise self._unreadable(part, "this part of a name")
        return str(value)
