"""Dice a test decides: a random source that shows the faces given, in order."""

from __future__ import annotations

import random


class ScriptedRng(random.Random):
    """Dice that show the faces given, in order."""

    def __init__(self, faces: list[int]) -> None:
        super().__init__(0)
        self.faces = faces

    def randint(self, a: int, b: int) -> int:
        return self.faces.pop(0)
