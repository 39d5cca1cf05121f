"""The history's plain sentences, each made from the records a write had in hand (before
and after). Pure functions of plain values: the store's managers call them and note the
sentence in the write's transaction (`Core.note`)."""

from __future__ import annotations

from collections.abc import Sequence

from desktop.store.history.records import SENTENCE_MAX

# Said of a write whose area noted no sentence of its own (see `generic`).
GENERIC_PREFIX = "Changed "


def cut(sentence: str) -> str:
    """One line of at most SENTENCE_MAX characters."""
    line = " ".join(sentence.split())
    return line if len(line) <= SENTENCE_MAX else line[: SENTENCE_MAX - 1] + "…"


def generic(topics: Sequence[str]) -> str:
    """What a write that noted nothing is told as: the topics it named."""
    named = [topic for topic in dict.fromkeys(topics)] or ["the campaign"]
    return f"{GENERIC_PREFIX}{', '.join(named)}."


def pool_change(name: str, before: int, after: int) -> str:
    """A character's pool: fewer dice is damage, more is rest (or an award)."""
    if after < before:
        return f"{name} took {before - after} damage: pool {before} -> {after}"
    if after > before:
        return f"{name} recovered {after - before}: pool {before} -> {after}"
    return f"{name}'s dice moved: pool {after}"


def out_of_play(name: str, on_table: int) -> str:
    """A character whose last die left the pool (RULES.md section 2, Out of play)."""
    if on_table:
        return f"{name} is out of play (no die in the pool)"
    return f"{name} is out for good (no die left)"


def rolled(name: str, summary: str) -> str:
    return f"{name} rolled: {summary}" if summary else f"{name} rolled"


def clock_change(name: str, before: int, after: int, segments: int) -> str:
    return f"{name}: {before} -> {after} of {segments}"


def renamed(what: str, before: str, after: str) -> str:
    return f"{what} {before} renamed {after}"


def status_change(name: str, before: str, after: str) -> str:
    return f"{name}: {before} -> {after}"


def day_ended(before: int, after: int) -> str:
    return f"End Day: day {before} -> {after}"


def added(what: str, name: str) -> str:
    return f"{what} {name} added"


def edited(what: str, name: str, fields: Sequence[str]) -> str:
    return f"{what} {name} edited: {', '.join(fields)}" if fields else f"{what} {name} edited"


def removed(what: str, name: str) -> str:
    return f"{what} {name} removed"


def restored(what: str, name: str) -> str:
    return f"{what} {name} restored"
