"""Checks of downtime's stored values: each character's downtime sheet and the steps of
a session, each refusing what the rules or the file cannot hold with a plain message.

Apart from `checks.py` because they need the downtime rules and records, which a
campaign opened for play does not otherwise read.
"""

from __future__ import annotations

from desktop.rules import downtime, roster
from desktop.store.bounds import TRAUMA_MAX
from desktop.store.checks import SUMMARY_MAX, XP_MAX, notes, row_id, text, whole
from desktop.store.downtime.records import ENTRY_ACTIVITIES, EXTRAS, DowntimeSheet

XP_TRACKS_MAX = 20


def trauma(value: object) -> int:
    number = whole(value, "Trauma")
    if number > TRAUMA_MAX:
        raise ValueError(f"Trauma is 0 to {TRAUMA_MAX}, not {number}.")
    return number


def stress(value: object, track: int) -> int:
    return downtime.StressTrack(value, track).marked  # type: ignore[arg-type]  # any type: StressTrack judges it


def health(hp: object, hp_max: object) -> downtime.Health:
    return downtime.Health(hp, hp_max)  # type: ignore[arg-type]  # any type: Health judges them


def xp(value: object) -> tuple[tuple[str, int], ...]:
    """XP tracks as (track, marks) pairs: named, each once (ignoring case), marks >= 0."""
    if not isinstance(value, list | tuple):
        raise ValueError(f"XP is a list of (track, marks), not {value!r}.")
    if len(value) > XP_TRACKS_MAX:
        raise ValueError(f"A sheet has at most {XP_TRACKS_MAX} XP tracks, not {len(value)}.")
    tracks: list[tuple[str, int]] = []
    seen: set[str] = set()
    for pair in value:
        if not isinstance(pair, list | tuple) or len(pair) != 2:
            raise ValueError(f"An XP track is a (track, marks) pair, not {pair!r}.")
        name = xp_track(pair[0])
        marks = whole(pair[1], f"The XP of {name}")
        if marks > XP_MAX:
            raise ValueError(f"The XP of {name} can be at most {XP_MAX:,}, not {marks:,}.")
        if name.casefold() in seen:
            raise ValueError(f"The XP track {name} is there twice.")
        seen.add(name.casefold())
        tracks.append((name, marks))
    return tuple(tracks)


def xp_track(value: object) -> str:
    """An XP track's name, as roster names are (spaces tidied, at most 80 characters)."""
    return roster.check_name(value)


def downtime_sheet(sheet: object, track: int) -> DowntimeSheet:
    """A whole downtime sheet; stress is checked against the campaign's stress track."""
    if not isinstance(sheet, DowntimeSheet):
        raise ValueError(f"Expected a downtime sheet, not {sheet!r}.")
    health_now = health(sheet.hp, sheet.hp_max)
    return DowntimeSheet(
        character_id=row_id(sheet.character_id, "A sheet's character"),
        stress=stress(sheet.stress, track),
        trauma=trauma(sheet.trauma),
        hp=health_now.current,
        hp_max=health_now.maximum,
        xp=xp(sheet.xp),
        virtue=text(sheet.virtue, "A virtue"),
        vice=text(sheet.vice, "A vice"),
        vice_purveyor=text(sheet.vice_purveyor, "A vice purveyor"),
        friends=notes(sheet.friends),
        contacts=notes(sheet.contacts),
    )


def entry_activity(value: object) -> str:
    if not isinstance(value, str) or value not in ENTRY_ACTIVITIES:
        raise ValueError(f"A downtime step is one of {', '.join(ENTRY_ACTIVITIES)}, not {value!r}.")
    return value


def entry_extra(value: object) -> str:
    if not isinstance(value, str) or value not in EXTRAS:
        raise ValueError(f'An extra activity is paid in "coin" or "rep" (or ""), not {value!r}.')
    return value


def entry_track(value: object) -> str:
    """The XP track a Train step marks, or "" for every other step."""
    if value == "":
        return ""
    return xp_track(value)


def entry_summary(value: object) -> str:
    """What the session summary shows for a step: a plain sentence."""
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"A downtime step needs a summary, not {value!r}.")
    return text(value, "A downtime step's summary", SUMMARY_MAX)
