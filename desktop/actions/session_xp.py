"""Mark the session's XP: each chosen character's end-of-session XP, by the rules, all
the marks or none, in one transaction. Its own module: the downtime rules it needs are
loaded when a game ends, not when GM Desk starts."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from desktop.actions.actor import Actor
from desktop.rules import downtime as rules_downtime
from desktop.store import XP_MAX

if TYPE_CHECKING:
    from desktop.store import Campaign, DowntimeSheet


@dataclass(frozen=True)
class XpMarked:
    """The session's XP marks: each character's downtime sheet before and after."""

    sheets: tuple[tuple[DowntimeSheet, DowntimeSheet], ...]


def mark_session_xp(
    campaign: Campaign, actor: Actor, chosen: Sequence[tuple[int, str]]
) -> XpMarked:
    """Mark the end-of-session XP of each (character id, track) chosen, by the rules'
    `session_xp_marks`: all the marks or none, one transaction."""
    actor.require_gm("mark the session's XP")
    sheets = []
    for character_id, track in chosen:
        before = campaign.downtime.sheet(character_id)
        marks = rules_downtime.session_xp_marks(before.xp, track, XP_MAX)
        sheets.append((before, replace(before, xp=marks)))
    write_sheets(campaign, [after for _before, after in sheets])
    return XpMarked(tuple(sheets))


def write_sheets(campaign: Campaign, sheets: Sequence[DowntimeSheet]) -> None:
    """Write several downtime sheets in one transaction (an undo or a redo of the marks)."""
    with campaign.writing():
        for sheet in sheets:
            campaign.downtime.set_sheet(sheet)
