"""A journal page (`desktop.views.journal`) as the Journal dock shows it: our own markup,
campaign text joined to it only through `escaped`.

Each line says what it is in a word ("Roll", "Clock", "Out of play"), never by colour
alone; a line about a character, clock or faction ends with its name as a link
(`link_href`), which the dock opens in that record's dock.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from desktop.store.history import parts
from desktop.ui.plain_text import escaped
from desktop.views.journal import CLOCK, FACTION, OTHER, JournalGame, JournalLine, Link

# A word for each kind of line, before its text.
KIND_WORDS: Mapping[str, str] = {
    parts.ROLLED: "Roll",
    parts.DECLARED: "Action",
    parts.DAMAGE: "Damage",
    parts.RECOVERED: "Recovered",
    parts.OUT_OF_PLAY: "Out of play",
    parts.OUT_FOR_GOOD: "Out for good",
    parts.AWARD: "Award",
    parts.GREW: "Grew",
    parts.XP: "XP",
    parts.DAY_ENDED: "Day ended",
    CLOCK: "Clock",
    FACTION: "Faction",
    OTHER: "Change",
}
# Said at the top of a page that shows only the game's newest steps (`JournalGame.cut`).
CUT_NOTICE = (
    "This game is long: its earlier steps are left out here. File > Export Journal as"
    " Markdown, Print and Export PDF hold them all."
)
# Names of the records lines link to, by (area, id): the dock reads them once a page.
Names = Mapping[tuple[str, int], str]


def link_href(link: Link) -> str:
    """ "clocks/4": what a link's anchor holds, read back by `link_of`."""
    return f"{link.area}/{link.record_id}"


def link_of(href: str) -> Link | None:
    """The link an anchor of `link_href` holds; None for anything else."""
    area, _, number = href.partition("/")
    if not area or not number.isdigit():
        return None
    return Link(area, int(number))


def linked_text(text: str, link: Link | None, names: Names) -> str:
    """`text` escaped, the name of what it is about as a link: where the text names it
    ("Kara Voss rolled 7"), else after it."""
    name = "" if link is None else names.get((link.area, link.record_id), "")
    if link is None or not name:
        return escaped(text)
    anchor = f"<a href='{link_href(link)}'>{escaped(name)}</a>"
    before, found, after = text.partition(name)
    if not found:
        return f"{escaped(text)} · {anchor}"
    return f"{escaped(before)}{anchor}{escaped(after)}"


def line_markup(line: JournalLine, names: Names) -> str:
    word = KIND_WORDS.get(line.kind, "Change")
    html = f"<p class='line'><b>{word}</b> · "
    html += linked_text(line.text, line.link, names)
    if line.dice:
        html += f" <i>({escaped(line.dice)})</i>"
    if line.by:
        html += f" · from {escaped(line.by)}'s phone"
    return html + "</p>"


def lines_markup(lines: Iterable[JournalLine], names: Names) -> str:
    return "".join(line_markup(line, names) for line in lines)


def game_heading(page: JournalGame) -> str:
    """The game's title, when it started and ended (or that it runs), and its days."""
    started = page.started_at.replace("T", " ")[:16]
    if page.ended_at is None:
        when = f"Started {escaped(started)}, day {page.started_day} · running"
    else:
        ended = page.ended_at.replace("T", " ")[:16]
        when = f"Started {escaped(started)}, day {page.started_day} · ended {escaped(ended)}"
        if page.ended_day is not None:
            when += f", day {page.ended_day}"
    return f"<h2>{escaped(page.title)}</h2><p>{when}</p><p><b>Game note</b></p>"


def section(title: str, lines: Iterable[JournalLine], names: Names) -> str:
    """A heading and its lines; "" when it has none."""
    body = lines_markup(lines, names)
    return f"<h3>{title}</h3>{body}" if body else ""


def scene_heading(number: int, text: str) -> str:
    said = f"<p>{escaped(text)}</p>" if text.strip() else ""
    return f"<h3>Scene {number}</h3>{said}<p><b>Scene note</b></p>"


def page_sections(page: JournalGame, names: Names) -> list[str]:
    """The page's markup, cut where a note editor goes: the first piece comes before the
    game's note, each next one before the note of scene 1, 2, ...; the last one after
    the last scene's note (its rounds, the game's end and what followed)."""
    pieces = [game_heading(page)]
    current = f"<p><i>{escaped(CUT_NOTICE)}</i></p>" if page.cut else ""
    current += section("Before the first scene", page.opening, names)
    for scene in page.scenes:
        pieces.append(current + scene_heading(scene.number, scene.text))
        current = ""
        # A round where nothing worth telling happened (turns passed) has no heading.
        for round_ in scene.rounds:
            body = lines_markup(round_.lines, names)
            if body:
                current += f"<h4>Round {round_.number}</h4>{body}"
        if not current:
            current = "<p><i>Nothing happened in this scene yet.</i></p>"
    current += section("End of the game", page.closing, names)
    current += section("After the game", page.between, names)
    if not page.scenes and not current:
        current = "<p><i>Nothing has happened in this game yet.</i></p>"
    pieces.append(current)
    return pieces
