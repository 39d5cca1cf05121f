"""Dice a test decides: a random source that shows the faces given, in order."""

from __future__ import annotations

import random
from collections.abc import Iterable


class ScriptedRng(random.Random):
    """Rolls the faces a test or scenario asks for, in order; a face that is not on the
    die asked for fails the test."""

    def __init__(self, faces: Iterable[int]) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        face = self.faces.pop(0)
        assert a <= face <= b, f"scripted face {face} is not on a d{b}"
        return face
