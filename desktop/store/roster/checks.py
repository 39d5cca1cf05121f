"""Checks of a character's stored fields: one per column a GM may write, so that adding
a character and changing one judge each value the same way. The rules declare them
(`roster.CHECKS`), each beside its check."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from desktop.rules import roster

CHARACTER_CHECKS: dict[str, Callable[[object], object]] = roster.CHECKS


def character_values(changes: Mapping[str, object]) -> dict[str, object]:
    """`changes` checked field by field; a field a character does not have is refused."""
    unknown = set(changes) - set(CHARACTER_CHECKS)
    if unknown:
        raise ValueError(f"A character has no field {', '.join(sorted(unknown))}.")
    return {key: CHARACTER_CHECKS[key](value) for key, value in changes.items()}
