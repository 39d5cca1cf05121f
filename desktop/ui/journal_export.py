"""The journal's exports from a campaign: Markdown files into a folder, and the plain data
the journal's PDF is printed from (issue 31). Qt-free, shared by the command line
(`--export-journal`, `--print-journal`) and File > Export / Print.

The adapter from the journal's read model (`views.journal.JournalGame`) to printing's
plain data (`printing.journal.PrintJournalGame`) is here, on the ui side, since printing
may import neither the views nor the store.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from datetime import date
from pathlib import Path

from desktop import outputs
from desktop.language import Translator, translator
from desktop.names import shown_name
from desktop.printing.journal import (
    PrintJournal,
    PrintJournalGame,
    PrintJournalLine,
    PrintJournalRound,
    PrintJournalScene,
)
from desktop.store import Campaign
from desktop.text_files import safe_file_name, write_all
from desktop.views.journal import JournalGame, JournalLine, journal_page
from desktop.views.journal_markdown import (
    GENERATOR,
    game_file_stem,
    journal_markdown_pages,
    yaml_value,
)

__all__ = [
    "export_journal_markdown",
    "games_started_within",
    "gather_journal",
    "gm_journal_files",
    "print_journal_game",
]


def games_started_within(
    campaign: Campaign,
    first: date | None = None,
    last: date | None = None,
    words: Translator | None = None,
) -> list[int]:
    """The ids of the games started on `first` to `last` (both days included; either
    open when None), oldest first. A refusal in `words`' language (English when None)."""
    if first is not None and last is not None and first > last:
        words = translator("en") if words is None else words
        raise ValueError(
            words.gettext("The dates are the wrong way round: {first} is after {last}.").format(
                first=first, last=last
            )
        )
    chosen = []
    for game in campaign.games.all():
        day = date.fromisoformat(game.started_at[:10])
        if (first is None or day >= first) and (last is None or day <= last):
            chosen.append(game.id)
    return chosen


def export_journal_markdown(
    campaign: Campaign,
    folder: Path,
    game_ids: Sequence[int] | None = None,
    *,
    players: bool = False,
    going_on: Callable[[int], bool] = lambda written: True,
    words: Translator | None = None,
) -> list[Path]:
    """Write the Markdown of `game_ids` (every game when None) into `folder`, one file
    per game, all or none; the files written, their names, headings and labels in
    `words`' language (the window's; English when None). `going_on` hears how many so
    far and may cancel (then nothing is written). Raises OSError with a plain message,
    ValueError when there is no game to export."""
    words = translator("en") if words is None else words
    if game_ids is None:
        game_ids = [game.id for game in campaign.games.all()]
    if not game_ids:
        raise ValueError(words.gettext("The campaign has no game to export for the dates given."))
    if players:
        # The player-safe journal is made to be handed over: never beside the GM's.
        numbered = enumerate(campaign.games.all(), start=1)
        names = {
            safe_file_name(game_file_stem(number, game.started_at, words), ".md").casefold()
            for number, game in numbered
            if game.id in game_ids
        }
        left = [path for path in gm_journal_files(folder) if path.name.casefold() not in names]
        if left:
            raise OSError(
                words.gettext(
                    "The folder “{folder}” holds the GM's journal (“{file}”, private notes"
                    " and all), which the player-safe journal would not replace: choose"
                    " another folder for it."
                ).format(folder=shown_name(folder), file=shown_name(left[0]))
            )
    pages = journal_markdown_pages(campaign, game_ids, players=players, tr=words)
    return write_all(
        folder,
        ((page.stem, page.text) for page in pages),
        outputs.JOURNAL_MARKDOWN,
        keep=(campaign.path,),
        going_on=going_on,
    )


def gm_journal_files(folder: Path) -> list[Path]:
    """The Markdown files in `folder` that are the GM's journal as GM Desk exported it
    (its front matter says so), by name."""
    opening = ["---\n", f"generator: {yaml_value(GENERATOR)}\n"]  # untranslated: a YAML key
    found = []
    try:
        candidates = sorted(folder.glob("*.md")) if folder.is_dir() else []
    except OSError:
        return []
    for path in candidates:
        try:
            with path.open(encoding="utf-8", errors="replace") as handle:
                head = [handle.readline() for _ in range(12)]
        except OSError:
            continue
        players = f"players: {yaml_value(False)}\n"  # untranslated: a YAML key
        if head[:2] == opening and players in head:
            found.append(path)
    return found


def gather_journal(
    campaign: Campaign,
    game_ids: Sequence[int],
    *,
    players: bool = False,
    progress: Callable[[float], None] = lambda fraction: None,
    words: Translator | None = None,
) -> PrintJournal:
    """The games `game_ids` as plain data to print; with `players`, player-safe, their
    titles, times, days and dice in `words`' language (the print's: the campaign's print
    language when None). `progress` hears the share read after each game (and may raise
    to stop)."""
    words = translator(campaign.print_language()) if words is None else words
    games = []
    for count, game_id in enumerate(game_ids, start=1):
        page = journal_page(campaign, game_id, players=players, tr=words)
        games.append(print_journal_game(page, words))
        progress(count / len(game_ids))
    return PrintJournal(campaign.summary().name, tuple(games), players)


def print_journal_game(page: JournalGame, words: Translator | None = None) -> PrintJournalGame:
    """One journal page as printing's plain data, its times and days in words: in
    `words`' language (the print's), English without."""
    words = translator("en") if words is None else words
    return PrintJournalGame(
        title=page.title,
        when=_when(page.started_at, page.ended_at, words),
        days=_days(page.started_day, page.ended_day, words),
        note=page.note.text.strip(),
        note_private=page.note.private and not page.players,
        opening=_lines(page.opening),
        scenes=tuple(
            PrintJournalScene(
                scene.number,
                scene.text,
                scene.note.text.strip(),
                tuple(PrintJournalRound(r.number, _lines(r.lines)) for r in scene.rounds),
                note_private=scene.note.private and not page.players,
            )
            for scene in page.scenes
        ),
        closing=_lines(page.closing),
        between=_lines(page.between),
    )


def _lines(lines: Iterable[JournalLine]) -> tuple[PrintJournalLine, ...]:
    return tuple(PrintJournalLine(line.text, line.dice, line.by) for line in lines)


def _when(started: str, ended: str | None, words: Translator) -> str:
    """ "2026-03-14 19:00 to 22:30"; the end's date too when it is another day."""
    start = started[:16].replace("T", " ")
    if ended is None:
        return words.gettext("{start}, still running").format(start=start)
    end = ended[:16].replace("T", " ")
    shown_end = end[11:] if end[:10] == start[:10] else end
    return words.gettext("{start} to {end}").format(start=start, end=shown_end)


def _days(first: int, last: int | None, words: Translator) -> str:
    if last is None or last == first:
        return words.gettext("day {day}").format(day=first)
    return words.gettext("days {first} to {last}").format(first=first, last=last)
