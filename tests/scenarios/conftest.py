"""Scenarios: whole rules played through the real store and widgets.

Each test names the RULES.md line it checks, so a reader can hold the rules against them.
The window fixtures are the UI tests' own (a main window per test, no leaked windows).
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from tests.ui.conftest import make_window, settings_path, window  # noqa: F401


class ScriptedRng(random.Random):
    """Rolls the faces a scenario asks for, in order."""

    def __init__(self, faces: Iterable[int]) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        face = self.faces.pop(0)
        assert a <= face <= b, f"scripted face {face} is not on a d{b}"
        return face
