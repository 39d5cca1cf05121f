"""The journal: one page per game, built from the history, the roll log and the GM's
notes (issue 31). Qt-free: the Journal dock shows a page, the exports write it, the
recap (`views.recap`) tells it in a few lines.

A page is grouped, not a raw log: the game's own note; what happened before its first
scene; each scene with its text and note, and each of its rounds with the actions
declared, the rolls (their totals, depletions and tuples, from the roll log), clocks
ticked, factions changed, awards, who went out of play; then the game's end (who grew)
and what happened after it, until the next game (days ended, XP marks, clocks and
factions between sessions). Steps that were undone are left out, and so are their
undos. `players=True` leaves out what players may not see (`journal_seen`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from desktop.language import Translator, translator
from desktop.store import Campaign, GameRecord, RollRecord, Topic
from desktop.store.history import GM, HistoryPart, HistoryRecord, parts, parts_of
from desktop.store.journal import WHOLE_GAME, JournalNoteRecord
from desktop.views.journal_seen import JournalSeen

# The kinds a page shows as headings or leaves out: where play is, not what happened.
HEADING_KINDS = frozenset(
    {parts.GAME_STARTED, parts.GAME_ENDED, parts.SCENE, parts.ROUND, parts.TURN, parts.NOTE}
)
# Changes a page tells by their sentence (kind ""), by area; the rest (a card's
# numbers, a trait, energy, the print layout) is the GM's bookkeeping, not the story.
TOLD_AREAS = frozenset(
    {
        Topic.CLOCKS,
        Topic.FACTIONS,
        Topic.CHARACTERS,
        Topic.DOWNTIME,
        Topic.CHAPTER,
        Topic.CLAIMS,
        Topic.HANDOUTS,
    }
)
# What a line is, beyond the part kinds: a clock's or a faction's change, any other.
CLOCK = "clock"
FACTION = "faction"
OTHER = "other"
# The most lines one page reads from between two sessions (a long downtime is summed
# up by the recap; the page is not an archive).
BETWEEN_MAX = 2_000


@dataclass(frozen=True)
class Link:
    """What a line is about, for the dock to open: a character, clock or faction."""

    area: str  # a Topic's name: "characters", "clocks", "factions"
    record_id: int


@dataclass(frozen=True)
class JournalLine:
    """One thing that happened: its `kind` (a history part kind, CLOCK, FACTION or
    OTHER), its plain `text`, when (`at`, UTC), `by` (a player's character name when
    done from their phone, "" for the GM), what it is about (`link`), a roll's `dice`
    in words, and whether players may see it."""

    kind: str
    text: str
    at: str
    by: str = ""
    link: Link | None = None
    dice: str = ""
    public: bool = False


@dataclass(frozen=True)
class JournalRound:
    number: int
    lines: tuple[JournalLine, ...]


@dataclass(frozen=True)
class JournalScene:
    number: int
    text: str
    note: JournalNoteRecord
    rounds: tuple[JournalRound, ...]


@dataclass(frozen=True)
class JournalGame:
    """One game's page. `number` counts games from 1; `started_at` and `ended_at` are
    local times as the game keeps them; `ended_day` is None while it runs."""

    game_id: int
    number: int
    title: str
    started_at: str
    ended_at: str | None
    started_day: int
    ended_day: int | None
    note: JournalNoteRecord
    opening: tuple[JournalLine, ...]
    scenes: tuple[JournalScene, ...]
    closing: tuple[JournalLine, ...]
    between: tuple[JournalLine, ...]  # after the game, until the next one started
    players: bool = False  # the player-safe version
    cut: bool = False  # the game's first steps left out (`journal_page`'s `most`)

    @property
    def running(self) -> bool:
        return self.ended_at is None

    def played(self) -> Iterable[JournalLine]:
        """The lines of the game itself, in order (not what followed it)."""
        yield from self.opening
        for scene in self.scenes:
            for round_ in scene.rounds:
                yield from round_.lines
        yield from self.closing

    def lines(self) -> Iterable[JournalLine]:
        """Every line of the page, in its order."""
        yield from self.played()
        yield from self.between


@dataclass(frozen=True)
class JournalEntry:
    """A game in the journal's list: its id, number and title."""

    game_id: int
    number: int
    title: str
    running: bool


def game_title(number: int, game: GameRecord, tr: Translator | None = None) -> str:
    """ "Game 3 · 2026-03-14 (day 12)": the number, the date it started and its day, in
    `tr`'s language (English when None)."""
    tr = translator("en") if tr is None else tr
    return tr.gettext("Game {number} · {date} (day {day})").format(
        number=number, date=game.started_at[:10], day=game.started_day
    )


def journal_games(campaign: Campaign, tr: Translator | None = None) -> tuple[JournalEntry, ...]:
    """Every game, oldest first, for choosing a page (titled in `tr`'s language)."""
    return tuple(
        JournalEntry(game.id, number, game_title(number, game, tr), game.running)
        for number, game in enumerate(campaign.games.all(), start=1)
    )


def journal_page(
    campaign: Campaign,
    game_id: int,
    *,
    players: bool = False,
    most: int | None = None,
    tr: Translator | None = None,
) -> JournalGame:
    """Game `game_id`'s page (NotFound when it is no longer in the campaign); with
    `players`, only what players may see (notes the GM shared, no private note). With
    `most`, only the game's newest `most` history entries are read (a page on screen,
    read again after every change, of a game of tens of thousands of steps); the page
    says it is `cut`. The page's own words (its title, a roll's dice) are in `tr`'s
    language (English when None); the history's sentences stay as the campaign keeps
    them."""
    tr = translator("en") if tr is None else tr
    games = campaign.games.all()
    game = campaign.games.get(game_id)
    number = [g.id for g in games].index(game.id) + 1
    builder = _PageBuilder(campaign, JournalSeen(campaign), players, tr)
    bounds = campaign.history.game_bounds()
    entries = campaign.history.of_game(game.id, None if most is None else most + 1)
    cut = most is not None and len(entries) > most
    if cut:
        entries = entries[1:]
    span = bounds.get(game.id)
    between: list[HistoryRecord] = []
    if span is not None and not game.running:
        # Until the next game's start: not the entries a game undone away left.
        until = campaign.history.next_game_start(game.id)
        between = campaign.history.outside_games(span[1], until, BETWEEN_MAX)
    undone = _undone(campaign, [*entries, *between])
    rolls = {roll.id: roll for roll in campaign.rolls.of_game(game.id) if not roll.undone}
    notes = {note.scene: note for note in campaign.journal.of_game(game.id)}

    def note(scene: int) -> JournalNoteRecord:
        found = notes.get(scene, JournalNoteRecord(0, game.id, scene, ""))
        if players and found.private:
            return JournalNoteRecord(0, game.id, scene, "", private=False)
        return found

    opening: list[JournalLine] = []
    closing: list[JournalLine] = []
    by_round: dict[tuple[int, int], list[JournalLine]] = {}
    placed_rolls: set[int] = set()
    for entry in entries:
        if entry.id in undone or entry.undo_of is not None:
            continue
        found = parts_of(entry)
        lines = builder.lines(entry, found, rolls, placed_rolls)
        if closing or any(p.kind == parts.GAME_ENDED for p in found):
            closing.extend(lines)  # the end's growth, and anything after it
        elif entry.scene is None or entry.scene > len(game.scenes):
            opening.extend(lines)
        else:
            by_round.setdefault((entry.scene, entry.round or 1), []).extend(lines)
    for roll in [] if cut else rolls.values():
        # A roll the history does not place (logged before revision 0011, or redone):
        # at the end of its round, by the roll log's own place. Not on a cut page,
        # whose entries left out placed many more.
        if roll.id not in placed_rolls and roll.scene is not None:
            line = builder.roll_line(roll, "")
            if line is not None:
                by_round.setdefault((roll.scene, roll.round or 1), []).append(line)
    scenes = []
    for number_, scene in enumerate(game.scenes, start=1):
        # A round shows what happened in it: one with nothing to tell (turns only, or
        # only what players may not see) has no heading.
        rounds = sorted(r for s, r in by_round if s == number_ and by_round[(s, r)])
        scenes.append(
            JournalScene(
                number_,
                scene.text,
                note(number_),
                tuple(JournalRound(r, tuple(by_round[(number_, r)])) for r in rounds),
            )
        )
    after = [
        line
        for entry in between
        if entry.id not in undone and entry.undo_of is None
        for line in builder.lines(entry, parts_of(entry), {}, set())
    ]
    return JournalGame(
        game.id,
        number,
        game_title(number, game, tr),
        game.started_at,
        game.ended_at,
        game.started_day,
        None if game.running else (entries[-1].day if entries else game.started_day),
        note(WHOLE_GAME),
        tuple(opening),
        tuple(scenes),
        tuple(closing),
        tuple(after),
        players,
        cut,
    )


def _undone(campaign: Campaign, entries: Sequence[HistoryRecord]) -> frozenset[int]:
    if not entries:
        return frozenset()
    return campaign.history.undone(min(e.id for e in entries), max(e.id for e in entries))


class _PageBuilder:
    """Turns history entries and roll log lines into a page's lines."""

    def __init__(
        self, campaign: Campaign, seen: JournalSeen, players: bool, tr: Translator
    ) -> None:
        self._seen = seen
        self._players = players
        self._tr = tr
        self._names = {c.id: c.name for c in campaign.roster.all()}

    def lines(
        self,
        entry: HistoryRecord,
        found: Sequence[HistoryPart],
        rolls: dict[int, RollRecord],
        placed: set[int],
    ) -> list[JournalLine]:
        """The lines of one entry from its parts (`found`): each part worth telling, a
        roll from its log line (the dice a roll depleted are in its own words, so its
        pool change is not told again)."""
        rolled = any(p.kind == parts.ROLLED for p in found)
        # A record a part of its own kind tells about ("marks session XP") is not told
        # again by the plain change beside it ("Downtime sheet of Kara Voss: xp edited").
        told = {(p.area, p.record_id) for p in found if p.kind}
        by = ""
        if entry.who != GM:
            name = self._names.get(entry.character_id or 0)
            by = self._tr.gettext("A player") if name is None else name
        lines = []
        for part in found:
            if not part.kind and (part.area, part.record_id) in told:
                continue
            if part.kind == parts.ROLLED:
                roll = rolls.get(part.record_id or 0)
                if roll is not None:
                    placed.add(roll.id)
                    line = self.roll_line(roll, by, entry.at)
                    if line is not None:
                        lines.append(line)
                continue
            if rolled and part.kind in (parts.DAMAGE, parts.RECOVERED):
                continue
            line = self._part_line(part, entry.at, by)
            if line is not None:
                lines.append(line)
        return lines

    def roll_line(self, roll: RollRecord, by: str, at: str = "") -> JournalLine | None:
        public = self._seen.roll(roll)
        if self._players and not public:
            return None
        link = None if roll.character_id is None else Link(Topic.CHARACTERS, roll.character_id)
        # The log's own summary as stored; a line without one is told in the page's words.
        text = roll.summary or self._tr.gettext("{name} rolled {total}").format(
            name=roll.character_name, total=roll.total
        )
        dice = rolled_words(roll.detail, self._tr)
        return JournalLine(parts.ROLLED, text, at or roll.at, by, link, dice, public)

    def _part_line(self, part: HistoryPart, at: str, by: str) -> JournalLine | None:
        if part.kind in HEADING_KINDS or not part.sentence:
            return None
        if not part.kind and part.area not in TOLD_AREAS:
            return None
        public = self._seen.part(part)
        if self._players and not public:
            return None
        kind = part.kind or {str(Topic.CLOCKS): CLOCK, str(Topic.FACTIONS): FACTION}.get(
            part.area, OTHER
        )
        link = None
        if part.record_id is not None and part.area in (
            Topic.CHARACTERS,
            Topic.CLOCKS,
            Topic.FACTIONS,
        ):
            link = Link(part.area, part.record_id)
        return JournalLine(kind, part.sentence, at, by, link, "", public)


def rolled_words(detail: dict[str, object], tr: Translator | None = None) -> str:
    """A roll's dice in words: "d10 9 · d6 1 depleted · d6 1 depleted", with "a tuple"
    when it was one; "" for a line without dice (an act, a challenge). In `tr`'s
    language (English when None); "d10" is the rules' notation in every language."""
    tr = translator("en") if tr is None else tr
    dice = detail.get("dice")
    if not isinstance(dice, list):
        return ""
    words = []
    for die in dice:
        if not isinstance(die, dict):
            continue
        size, face = die.get("rolled_as", die.get("size")), die.get("face")
        if not isinstance(size, int) or not isinstance(face, int):
            continue
        if die.get("depleted"):
            words.append(tr.gettext("d{size} {face} depleted").format(size=size, face=face))
        else:
            words.append(f"d{size} {face}")
    if detail.get("tuple"):
        words.append(tr.gettext("a tuple"))
    return " · ".join(words)
