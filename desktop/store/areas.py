"""One manager per area of an open campaign, reached as `campaign.<area>`.

Each is made the first time it is reached (`Area`), its module imported then: opening a
campaign costs only what the views on screen read, not every area's records and rules.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Generic, TypeVar, overload

if TYPE_CHECKING:
    from desktop.store.core import Core

M = TypeVar("M")


class Area(Generic[M]):
    """A campaign's manager of one area: `manager` of the area package `module`
    (`desktop.store.clocks`), made with the campaign on first use and kept in the
    campaign from then on; `tables` are the file's tables the area owns."""

    def __init__(self, module: str, manager: str, *, tables: tuple[str, ...] = ()) -> None:
        self._module = module
        self._manager = manager
        self._attribute = ""
        # The file's tables this area owns, each declared in the package's `TABLES`
        # (see `tables.py`); named here so that one is found without importing the rest.
        self.tables = tables

    @property
    def module(self) -> str:
        """The area's package, as imported ("desktop.store.clocks")."""
        return self._module

    @property
    def package(self) -> str:
        """The area's package as named under `desktop.store` ("clocks")."""
        return self._module.rsplit(".", 1)[-1]

    def __set_name__(self, owner: type, name: str) -> None:
        self._attribute = name

    @overload
    def __get__(self, campaign: None, owner: type | None = None) -> Area[M]: ...
    @overload
    def __get__(self, campaign: Core, owner: type | None = None) -> M: ...
    def __get__(self, campaign: Core | None, owner: type | None = None) -> Area[M] | M:
        if campaign is None:
            return self
        made: M = getattr(importlib.import_module(self._module), self._manager)(campaign)
        # Kept where attribute lookup finds it first: a non-data descriptor is asked
        # only while the campaign has no attribute of that name.
        campaign.__dict__[self._attribute] = made
        return made


def areas_of(owner: type) -> list[Area[object]]:
    """The areas `owner` (the campaign's class) declares, in the order of its lines."""
    return [declared for declared in vars(owner).values() if isinstance(declared, Area)]
