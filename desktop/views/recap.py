""" "Previously on": the last game and what happened since, in a few lines to read aloud
at Start game, or to show on the player display and the players' pages (issue 31).

Built from the journal's page of the newest ended game (`views.journal`), so the recap
tells what the page tells: its shared note, its scenes, who went out of play, awards
and growth, and between the sessions the days that passed, XP marks and the clocks and
factions that moved (each said as it stands now). `players=True` builds it from the
player-safe page: nothing hidden from players is in it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from desktop.rules import factions
from desktop.store import Campaign, Topic
from desktop.store.history import parts
from desktop.views.journal import CLOCK, FACTION, JournalGame, JournalLine, journal_page

# How much of it: a recap is read aloud, not a report.
SCENES_SHOWN = 4
EVENTS_SHOWN = 6
NOTE_SHOWN = 400  # characters of the game's note
# What a recap tells of a game's lines, as they happened.
TOLD_KINDS = frozenset({parts.OUT_OF_PLAY, parts.OUT_FOR_GOOD, parts.AWARD, parts.GREW})


@dataclass(frozen=True)
class Recap:
    """The recap's `title` ("Previously on The Estuary"), the game it tells of
    (`game_title`, "" when no game has ended yet) and its `lines`."""

    title: str
    game_title: str
    lines: tuple[str, ...]

    @property
    def empty(self) -> bool:
        return not self.lines

    def text(self) -> str:
        """The whole recap as plain text: title, game, one line each."""
        head = [self.title] + ([self.game_title] if self.game_title else [])
        return "\n".join([*head, "", *self.lines]) if self.lines else "\n".join(head)


def last_ended_game(campaign: Campaign) -> int | None:
    ended = [game.id for game in campaign.games.all() if not game.running]
    return ended[-1] if ended else None


def recap(campaign: Campaign, *, players: bool) -> Recap:
    """The recap of the newest ended game and what followed it; with `players`, only
    what players may see."""
    title = f"Previously on {campaign.summary().name}"
    game_id = last_ended_game(campaign)
    if game_id is None:
        return Recap(title, "", ())
    page = journal_page(campaign, game_id, players=players)
    return Recap(title, page.title, tuple(_lines(campaign, page)))


def _lines(campaign: Campaign, page: JournalGame) -> list[str]:
    lines: list[str] = []
    note = " ".join(page.note.text.split())
    if note:
        lines.append(note if len(note) <= NOTE_SHOWN else note[: NOTE_SHOWN - 1] + "…")
    for scene in page.scenes[:SCENES_SHOWN]:
        lines.append(f"Scene {scene.number}: {scene.text}")
    if len(page.scenes) > SCENES_SHOWN:
        lines.append(f"… and {len(page.scenes) - SCENES_SHOWN} more scenes.")
    played = list(page.played())
    told = [line.text for line in played if line.kind in TOLD_KINDS]
    lines += told[:EVENTS_SHOWN]
    lines += _standing(campaign, played, "")
    days = sum(line.kind == parts.DAY_ENDED for line in page.between)
    if days:
        start = page.ended_day or page.started_day
        plural = "s" if days != 1 else ""
        lines.append(f"Since then, {days} day{plural} passed (day {start} -> {start + days}).")
    xp = [line.text for line in page.between if line.kind == parts.XP]
    lines += xp[:EVENTS_SHOWN]
    lines += _standing(campaign, page.between, "Since then: ")
    return lines


def _standing(campaign: Campaign, lines: Sequence[JournalLine], lead: str) -> list[str]:
    """The clocks and factions `lines` moved, each as it stands now (a clock ticked
    three times is said once)."""
    clocks = {c.id: c for c in campaign.clocks.all()}
    ladder = {f.id: f for f in campaign.factions.all()}
    said: dict[tuple[str, int], str] = {}
    for line in lines:
        if line.link is None or line.kind not in (CLOCK, FACTION):
            continue
        key = (line.link.area, line.link.record_id)
        if line.link.area == Topic.CLOCKS and line.link.record_id in clocks:
            clock = clocks[line.link.record_id]
            said[key] = f"{lead}{clock.name}: {clock.filled} of {clock.segments}"
        elif line.link.area == Topic.FACTIONS and line.link.record_id in ladder:
            faction = ladder[line.link.record_id]
            said[key] = f"{lead}{faction.name}: {factions.status_text(faction.status)}"
    return list(said.values())[:EVENTS_SHOWN]
