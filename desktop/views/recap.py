""" "Previously on": the last game and what happened since, in a few lines to read aloud
at Start game, or to show on the player display and the players' pages (issue 31).

Built from the journal's page of the newest ended game (`views.journal`), so the recap
tells what the page tells: the game's note, its scenes (with their notes), who went out
of play, awards and growth, then the days that passed between the sessions and XP
marks, and last where the clocks and factions that moved in the game or since stand
now (each said once, however often it moved). `players=True` builds it from the
player-safe page: nothing hidden from players is in it (no private note, no hidden
clock or faction, no NPC's roll, no XP mark).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from desktop.language import N_, Translator, translator
from desktop.rules import factions
from desktop.store import Campaign, Topic
from desktop.store.history import parts
from desktop.views.journal import CLOCK, FACTION, JournalGame, JournalLine, journal_page

# How much of it: a recap is read aloud, not a report.
SCENES_SHOWN = 4
EVENTS_SHOWN = 6
NOTE_SHOWN = 400  # characters of the game's note (and of a scene's)
# The most of the game's history entries a recap reads, the newest: the recap on the
# player display is read again after every change, and a game of 20,000 steps took
# 0.45 s of the GUI thread each time (40 ms read to 2,000). A recap tells the game's end.
ENTRIES_READ = 2_000
# What the recap says when it has nothing to tell.
NO_GAME_ENDED = N_("No game has ended yet: the recap tells the last game once one has.")
NOTHING_TOLD = N_("Nothing of it to tell yet.")
# What a recap tells of a game's lines, as they happened.
TOLD_KINDS = frozenset({parts.OUT_OF_PLAY, parts.OUT_FOR_GOOD, parts.AWARD, parts.GREW})


@dataclass(frozen=True)
class Recap:
    """The recap's `title` ("Previously on The Estuary"), the game it tells of
    (`game_title`, "" when no game has ended yet) and its `lines`, in the language of
    `words` (which also says why there are no lines)."""

    title: str
    game_title: str
    lines: tuple[str, ...]
    words: Translator = field(default_factory=lambda: translator("en"), compare=False, repr=False)

    @property
    def empty(self) -> bool:
        return not self.lines

    @property
    def ended(self) -> bool:
        """Whether a game has ended (else there is no game to tell of)."""
        return bool(self.game_title)

    def said(self) -> tuple[str, ...]:
        """The lines to show or read: the recap's, else why there are none."""
        if self.lines:
            return self.lines
        return (self.words.gettext(NOTHING_TOLD if self.ended else NO_GAME_ENDED),)

    def body(self) -> str:
        """The game and the lines, without the title (a handout's text, under its own
        title)."""
        head = [self.game_title, ""] if self.ended else []
        return "\n".join([*head, *self.said()])

    def text(self) -> str:
        """The whole recap as plain text: title, game, one line each."""
        return f"{self.title}\n{self.body()}"


def last_ended_game(campaign: Campaign) -> int | None:
    ended = [game.id for game in campaign.games.all() if not game.running]
    return ended[-1] if ended else None


def recap(campaign: Campaign, *, players: bool, tr: Translator | None = None) -> Recap:
    """The recap of the newest ended game and what followed it; with `players`, only
    what players may see. In `tr`'s language (English when None); what the history
    tells (an award, an XP mark) stays as the campaign keeps it."""
    tr = translator("en") if tr is None else tr
    title = tr.gettext("Previously on {campaign}").format(campaign=campaign.summary().name)
    game_id = last_ended_game(campaign)
    if game_id is None:
        return Recap(title, "", (), tr)
    page = journal_page(campaign, game_id, players=players, most=ENTRIES_READ, tr=tr)
    return Recap(title, page.title, tuple(_lines(campaign, page, tr)), tr)


def _lines(campaign: Campaign, page: JournalGame, tr: Translator) -> list[str]:
    lines: list[str] = []
    note = _shortened(page.note.text)
    if note:
        lines.append(note)
    for scene in page.scenes[:SCENES_SHOWN]:
        said = _shortened(scene.note.text)
        scene_line = tr.gettext("Scene {number}: {text}").format(
            number=scene.number, text=scene.text
        )
        lines.append(scene_line + (f" — {said}" if said else ""))
    if len(page.scenes) > SCENES_SHOWN:
        more = len(page.scenes) - SCENES_SHOWN
        lines.append(
            tr.ngettext("… and {count} more scene.", "… and {count} more scenes.", more).format(
                count=tr.number(more)
            )
        )
    played = list(page.played())
    told = [line.text for line in played if line.kind in TOLD_KINDS]
    lines += told[:EVENTS_SHOWN]
    days = sum(line.kind == parts.DAY_ENDED for line in page.between)
    if days:
        start = page.ended_day or page.started_day
        since = tr.ngettext(
            "Since then, {count} day passed (day {first} -> {last}).",
            "Since then, {count} days passed (day {first} -> {last}).",
            days,
        )
        lines.append(since.format(count=days, first=start, last=start + days))
    xp = [line.text for line in page.between if line.kind == parts.XP]
    lines += xp[:EVENTS_SHOWN]
    lines += _standing(campaign, [*played, *page.between], tr)
    return lines


def _shortened(text: str) -> str:
    """A note on one line, cut at NOTE_SHOWN characters."""
    said = " ".join(text.split())
    return said if len(said) <= NOTE_SHOWN else said[: NOTE_SHOWN - 1] + "…"


def _standing(campaign: Campaign, lines: Sequence[JournalLine], tr: Translator) -> list[str]:
    """Where the clocks and factions `lines` moved stand now ("Storm season: now 3 of
    8": said as now, so it never reads as a move since the game), in the order they first
    moved: each said once (a clock ticked three times, in the game and since, is one
    line), clocks first. A clock or faction deleted since is not said."""
    clocks = {c.id: c for c in campaign.clocks.all()}
    ladder = {f.id: f for f in campaign.factions.all()}
    clock_lines: dict[int, str] = {}
    faction_lines: dict[int, str] = {}
    for line in lines:
        if line.link is None or line.kind not in (CLOCK, FACTION):
            continue
        record_id = line.link.record_id
        if line.link.area == Topic.CLOCKS and record_id in clocks:
            clock = clocks[record_id]
            clock_lines[record_id] = tr.gettext("{name}: now {filled} of {segments}").format(
                name=clock.name, filled=clock.filled, segments=clock.segments
            )
        elif line.link.area == Topic.FACTIONS and record_id in ladder:
            faction = ladder[record_id]
            status = _status_text(tr, faction.status)
            faction_lines[record_id] = tr.gettext("{name}: now {status}").format(
                name=faction.name, status=status
            )
    return [*clock_lines.values()][:EVENTS_SHOWN] + [*faction_lines.values()][:EVENTS_SHOWN]


def _status_text(tr: Translator, status: int) -> str:
    """A status with its sign and word, as the ladder writes it ("+2 Friendly"), its word
    in `tr`'s language (the printed summary's words, printing.words.STATUS_WORDS)."""
    sign, _, word = factions.status_text(status).partition(" ")
    return f"{sign} {tr.gettext(word)}"
