"""The history's plain sentences, each made from the records a write had in hand (before
and after). Pure functions of plain values: the store's managers call them and note the
sentence in the write's transaction (`Core.note`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from desktop.language import language
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


def roll_marked(name: str, summary: str, *, undone: bool) -> str:
    """A roll log line marked undone (the roll's undo) or back (its redo)."""
    what = summary or f"{name}'s roll"
    return f"Roll undone: {what}" if undone else f"Roll redone: {what}"


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


# A text value longer than this (or of several lines) is named, not quoted: "notes edited".
QUOTED_MAX = 40


def created(name: str) -> str:
    """A new campaign's first entry."""
    return f"Campaign {name} created"


def imported(file_name: str) -> str:
    """An imported campaign's entry, after the history it brought."""
    return f"Imported from {file_name}" if file_name else "Imported from an export"


def _label(field: str) -> str:
    return field.replace("_", " ")


def _told(value: object) -> str | None:
    """A value as the history says it; None for one too long to quote."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int | float):
        return str(value)
    if isinstance(value, str) and len(value) <= QUOTED_MAX and "\n" not in value:
        return value or "(none)"
    return None


def changed_values(name: str, before: Mapping[str, object], after: Mapping[str, object]) -> str:
    """ "Chapter The Lanterns: coin 2 -> 4, notes edited": each field of `after` whose
    value differs from `before`'s, both values said (a long text is only named)."""
    parts = []
    for field, value in after.items():
        was = before.get(field)
        if value == was:
            continue
        old, new = _told(was), _told(value)
        label = _label(field)
        parts.append(f"{label} {old} -> {new}" if old and new else f"{label} edited")
    return f"{name}: {', '.join(parts)}" if parts else f"{name} saved unchanged"


def settings_changed(before: Mapping[str, object], after: Mapping[str, object]) -> str:
    """The rule settings: "Rule settings: stress track 9 -> 10"."""
    return changed_values("Rule settings", before, after)


def print_language_changed(before: str, after: str) -> str:
    """ "Print language: English -> French", the languages named in English."""
    return f"Print language: {_language_name(before)} -> {_language_name(after)}"


def _language_name(code: str) -> str:
    shipped = language(code)
    return shipped.english_name if shipped is not None else code


def print_layout_remembered() -> str:
    return "Print layout remembered"


def statistics_scope_remembered() -> str:
    return "Statistics scope remembered"


def sharing_changed(was_on: bool, is_on: bool) -> str:
    """Sharing with the players' phones: turned on or off, or its address or links."""
    if is_on != was_on:
        return f"Sharing with the players' phones turned {'on' if is_on else 'off'}"
    return "Sharing settings changed"


def standing(tier: int, hold: str) -> str:
    return f"tier {tier} {hold}"


def hold_lost(name: str, before: tuple[int, str], after: tuple[int, str]) -> str:
    return f"{name} lost hold: {standing(*before)} -> {standing(*after)}"


def developed(name: str, before: tuple[int, str], after: tuple[int, str]) -> str:
    return f"{name} developed: {standing(*before)} -> {standing(*after)}"


def standing_restored(name: str, before: tuple[int, str], after: tuple[int, str]) -> str:
    return f"Standing of {name} put back: {standing(*before)} -> {standing(*after)}"


def holder_change(claim: str, before: str, after: str) -> str:
    """A claim given to another holder: "Claim Docks: The Tidewardens -> The Lanterns"."""
    return f"Claim {claim}: {before} -> {after}"


def path_added(start: str, end: str) -> str:
    return f"Path between {start} and {end} added"


def path_removed(start: str, end: str) -> str:
    return f"Path between {start} and {end} removed"


def moved_on_map(what: str, name: str) -> str:
    return f"{what} {name} moved on the map"


def day_reopened(before: int, after: int) -> str:
    """End Day taken back: the campaign is on the day it ended again."""
    return f"End Day undone: day {before} -> {after}"


def of_character(name: str, what: str) -> str:
    """Something of a character's: "Kara Voss: energy day 3 set"."""
    return f"{name}: {what}"


def seating(names: Sequence[str]) -> str:
    """The seating order, clockwise from the GM."""
    return f"Seating: {', '.join(names)}" if names else "Seating cleared"


def session_change(number: int, what: str) -> str:
    """A downtime session: "Downtime session 2 started"."""
    return f"Downtime session {number} {what}"


def step_change(name: str, summary: str, what: str) -> str:
    """A downtime step undone or redone: "Downtime step of Kara Voss undone: Rested"."""
    return f"Downtime step of {name} {what}: {summary}"
