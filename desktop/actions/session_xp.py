"""Mark the session's XP: each chosen character's end-of-session XP, by the rules, all
the marks or none, in one transaction. Its own module: the downtime rules it needs are
loaded when a game ends, not when GM Desk starts."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from desktop.actions.actor import Actor
from desktop.rules import downtime as rules_downtime
from desktop.store import XP_MAX, Topic
from desktop.store.history import parts

if TYPE_CHECKING:
    from desktop.store import Campaign, DowntimeSheet


@dataclass(frozen=True)
class XpMarked:
    """The session's XP marks: each character's downtime sheet before and after, and
    the (character, track) marks made."""

    sheets: tuple[tuple[DowntimeSheet, DowntimeSheet], ...]
    marked: tuple[tuple[int, str], ...] = ()


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
    write_sheets(campaign, [after for _before, after in sheets], chosen)
    return XpMarked(tuple(sheets), tuple(chosen))


def write_sheets(
    campaign: Campaign,
    sheets: Sequence[DowntimeSheet],
    marked: Sequence[tuple[int, str]] = (),
) -> None:
    """Write several downtime sheets in one transaction (an undo or a redo of the marks);
    `marked`, the (character, track) marks it makes, for the journal."""
    names = {c.id: c.name for c in campaign.roster.all()} if marked else {}
    with campaign.writing():
        for sheet in sheets:
            campaign.downtime.set_sheet(sheet)
        for character_id, track in marked:
            said = f"{names.get(character_id, 'A character')} marks session XP on {track}"
            campaign.note(str(Topic.DOWNTIME), character_id, said, parts.XP)
