"""A journal page as Markdown, one file per game, for an Obsidian vault (issue 31).

Qt-free text only: the command line and the window write the files (`desktop.text_files`).
Each file opens with YAML front matter (the campaign, the game's number and title, when it
started and ended, its days, whether it is the player-safe version), then a heading per
scene (`## Scene 2: …`) and per round (`### Round 1`), each line a list item. What a line
is about (a character, a clock, a faction) is an Obsidian wiki link, `[[Kara Voss]]`.

Names and texts are the GM's and the players' own words, so nothing in them may change the
file's shape: front matter values are JSON strings (a double-quoted YAML scalar, so a
colon, a `---` or a line break stays inside its value), Markdown's marks are escaped with
a backslash, line breaks inside a line become spaces, and a link's target keeps only what
Obsidian accepts in a note's name (its words are kept whole as the link's alias).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from desktop.language import Translator, translator
from desktop.store import Campaign, Topic
from desktop.store.journal import JournalNoteRecord
from desktop.views.journal import JournalGame, JournalLine, Link, journal_page

__all__ = [
    "GENERATOR",
    "MarkdownPage",
    "escape_inline",
    "file_stem",
    "front_matter",
    "game_file_stem",
    "journal_markdown",
    "journal_markdown_pages",
    "line_markdown",
    "link_names",
    "one_line",
    "page_markdown",
    "wiki_link",
    "yaml_value",
]

# The front matter's first line: how a Markdown file GM Desk wrote is known again (an
# export replaces only its own files).
GENERATOR = "GM Desk journal"
# Every ASCII mark Markdown or Obsidian reads as markup inside a line: emphasis, code,
# links and wiki links, HTML, tags, tables, strike-through, comments, maths, block ids;
# a highlight's "==" and an entity's "&" only where they would be one ("a => b" and
# "salt & ash" stay as they are written).
INLINE_MARKS = re.compile(r"([\\`*_\[\]<#|~$%^]|=(?==)|&(?=#?\w+;))")
# What starts a block when it opens a line: a list, a quote, a heading underline, a
# numbered item, a fence.
LINE_START = re.compile(r"^([-+>:]|\d+[.)])")
# Kept out of a wiki link's target: Obsidian's link marks, its comment mark and what no
# system's file name takes (a note's name is its file's).
LINK_FORBIDDEN = re.compile(r'[\[\]#^|%\\/:*?"<>\x00-\x1f\x7f]')
# Line breaks YAML 1.1 (and some Markdown readers) take as one, beyond \n and \r.
ODD_BREAKS = {"\x85": "\\u0085", "\u2028": "\\u2028", "\u2029": "\\u2029"}


@dataclass(frozen=True)
class MarkdownPage:
    """One game's file: its `stem` (a name for it, not yet made safe for a disk) and text."""

    stem: str
    text: str


def journal_markdown(
    campaign: Campaign, game_id: int, *, players: bool = False, tr: Translator | None = None
) -> MarkdownPage:
    """Game `game_id`'s page as Markdown; with `players`, the player-safe version. Its
    headings and labels in `tr`'s language (English when None)."""
    tr = translator("en") if tr is None else tr
    page = journal_page(campaign, game_id, players=players, tr=tr)
    return MarkdownPage(
        file_stem(page, tr),
        page_markdown(page, campaign.summary().name, link_names(campaign), tr),
    )


def journal_markdown_pages(
    campaign: Campaign,
    game_ids: Sequence[int] | None = None,
    *,
    players: bool = False,
    tr: Translator | None = None,
) -> Iterator[MarkdownPage]:
    """The pages of `game_ids` (every game when None), oldest first, one at a time (a
    campaign may have hundreds of games), in `tr`'s language (English when None)."""
    tr = translator("en") if tr is None else tr
    name = campaign.summary().name
    names = link_names(campaign)
    wanted = [g.id for g in campaign.games.all()] if game_ids is None else game_ids
    for game_id in wanted:
        page = journal_page(campaign, game_id, players=players, tr=tr)
        yield MarkdownPage(file_stem(page, tr), page_markdown(page, name, names, tr))


def file_stem(page: JournalGame, tr: Translator | None = None) -> str:
    """ "Game 003 · 2026-03-14": numbered so that a folder sorts the games in order."""
    return game_file_stem(page.number, page.started_at, tr)


def game_file_stem(number: int, started_at: str, tr: Translator | None = None) -> str:
    """The file stem of game `number` (counted from 1) started at `started_at`, in
    `tr`'s language (English when None)."""
    tr = translator("en") if tr is None else tr
    return tr.gettext("Game {number} · {date}").format(number=f"{number:03d}", date=started_at[:10])


def link_names(campaign: Campaign) -> dict[tuple[str, int], str]:
    """The names a line's link may point at, by (area, record id)."""
    names: dict[tuple[str, int], str] = {}
    names.update(((str(Topic.CHARACTERS), c.id), c.name) for c in campaign.roster.all())
    names.update(((str(Topic.CLOCKS), c.id), c.name) for c in campaign.clocks.all())
    names.update(((str(Topic.FACTIONS), f.id), f.name) for f in campaign.factions.all())
    return names


def page_markdown(
    page: JournalGame,
    campaign_name: str,
    names: Mapping[tuple[str, int], str],
    tr: Translator | None = None,
) -> str:
    """The whole file: front matter, the game's note, its scenes and rounds, its end,
    and what followed until the next game. Its headings and labels in `tr`'s language
    (English when None); the front matter's keys stay English, since programs read them."""
    tr = translator("en") if tr is None else tr
    out = ["---", *front_matter(page, campaign_name), "---", "", f"# {escape_inline(page.title)}"]
    out += _note(page.note, page.players, tr)
    if page.opening:
        heading = tr.gettext("Before the first scene")
        out += ["", f"## {heading}", "", *_items(page.opening, names, tr)]
    for scene in page.scenes:
        heading = tr.gettext("Scene {number}: {text}").format(
            number=scene.number, text=escape_inline(scene.text)
        )
        out += ["", f"## {heading}"]
        out += _note(scene.note, page.players, tr)
        for round_ in scene.rounds:
            heading = tr.gettext("Round {number}").format(number=round_.number)
            out += ["", f"### {heading}", "", *_items(round_.lines, names, tr)]
    if page.closing:
        heading = tr.gettext("The end of the game")
        out += ["", f"## {heading}", "", *_items(page.closing, names, tr)]
    if page.between:
        heading = tr.gettext("After the game")
        out += ["", f"## {heading}", "", *_items(page.between, names, tr)]
    return "\n".join(out) + "\n"


def front_matter(page: JournalGame, campaign_name: str) -> list[str]:
    """`key: value` lines, every value JSON (which YAML reads as the same value)."""
    days = [page.started_day] if page.ended_day is None else [page.started_day, page.ended_day]
    values: dict[str, object] = {
        "generator": GENERATOR,
        "campaign": campaign_name,
        "game": page.number,
        "title": page.title,
        "started": page.started_at,
        "ended": page.ended_at,
        "days": days,
        "players": page.players,
    }
    return [f"{key}: {yaml_value(value)}" for key, value in values.items()]


def yaml_value(value: object) -> str:
    """`value` as JSON on one line, with the line breaks YAML 1.1 knows escaped too."""
    text = json.dumps(value, ensure_ascii=False)
    for odd, escaped in ODD_BREAKS.items():
        text = text.replace(odd, escaped)
    return text


def one_line(text: str) -> str:
    """`text` with every run of white space (line breaks too) made one space."""
    return " ".join(text.split())


def escape_inline(text: str) -> str:
    """`text` as one line of Markdown that shows exactly its words, never markup."""
    return LINE_START.sub(r"\\\1", _marks(one_line(text)))


def _marks(text: str) -> str:
    return INLINE_MARKS.sub(r"\\\1", text)


def wiki_link(name: str) -> str:
    """`[[name]]`, or `[[target|name]]` when the name holds what a link's target may
    not (the alias keeps the words, with the marks that would end it replaced); "" for
    a name that leaves no target at all."""
    shown = one_line(name)
    target = one_line(LINK_FORBIDDEN.sub(" ", shown)).strip(". ")
    if not target:
        return ""
    if target == shown:
        return f"[[{target}]]"
    # An alias ends at "]]" or "|", and a "%%" in it would open a comment.
    alias = re.sub(r"%+", "%", shown.replace("[", "(").replace("]", ")").replace("|", "/"))
    return f"[[{target}|{alias}]]"


def line_markdown(
    line: JournalLine, names: Mapping[tuple[str, int], str], tr: Translator | None = None
) -> str:
    """A line's words with its subject as a wiki link (where its name is in the words,
    else after them), its dice, and who did it from their phone (in `tr`'s language,
    English when None)."""
    tr = translator("en") if tr is None else tr
    text = one_line(line.text)
    name = _linked_name(line.link, names)
    link = wiki_link(name) if name else ""
    if link and name in text:
        before, _, after = text.partition(name)
        # Escaped as they stand: the spaces on either side of the name are kept.
        shown = LINE_START.sub(r"\\\1", _marks(before)) + link + _marks(after)
    else:
        shown = escape_inline(text) + (f" · {link}" if link else "")
    if line.dice:
        shown += f" ({escape_inline(line.dice)})"
    if line.by:
        said = tr.gettext("from {name}'s page").format(name=escape_inline(line.by))
        shown += f" · *{said}*"
    return f"- {shown}"


def _linked_name(link: Link | None, names: Mapping[tuple[str, int], str]) -> str:
    if link is None:
        return ""
    return one_line(names.get((str(link.area), link.record_id), ""))


def _items(
    lines: Iterable[JournalLine], names: Mapping[tuple[str, int], str], tr: Translator
) -> list[str]:
    return [line_markdown(line, names, tr) for line in lines]


def _note(note: JournalNoteRecord, players: bool, tr: Translator) -> list[str]:
    """A note's paragraphs (blank lines kept between them), each line escaped; in the
    GM's version a private note says so."""
    if not note.text.strip():
        return []
    paragraphs = [
        [escape_inline(line) for line in block.splitlines() if line.strip()]
        for block in re.split(r"\n\s*\n", note.text.strip())
    ]
    out = [""]
    if note.private and not players:
        label = tr.gettext("GM's private note:")
        out += [f"*{label}*", ""]
    for index, paragraph in enumerate(p for p in paragraphs if p):
        if index:
            out.append("")
        # Two spaces and a break keep the note's own line breaks inside a paragraph.
        out += [f"{line}  " for line in paragraph[:-1]] + paragraph[-1:]
    return out
