"""A journal page (`desktop.views.journal`) as the Journal dock shows it: our own markup,
campaign text joined to it only through `escaped`.

Each line says what it is in a word ("Roll", "Clock", "Out of play"), never by colour
alone; a line about a character, clock or faction ends with its name as a link
(`link_href`), which the dock opens in that record's dock.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from desktop.language import N_
from desktop.store.history import parts
from desktop.ui.plain_text import escaped
from desktop.ui.window_language import ptr, tr
from desktop.views.journal import CLOCK, FACTION, OTHER, JournalGame, JournalLine, Link


def kind_words() -> dict[str, str]:
    """A word for each kind of line, before its text, in the window's language (a
    context of their own: "Roll" here is a noun, the Dice Table's button a verb)."""
    return {
        parts.ROLLED: ptr("journal line", "Roll"),
        parts.DECLARED: ptr("journal line", "Action"),
        parts.DAMAGE: ptr("journal line", "Damage"),
        parts.RECOVERED: ptr("journal line", "Recovered"),
        parts.OUT_OF_PLAY: ptr("journal line", "Out of play"),
        parts.OUT_FOR_GOOD: ptr("journal line", "Out for good"),
        parts.AWARD: ptr("journal line", "Award"),
        parts.GREW: ptr("journal line", "Grew"),
        parts.XP: ptr("journal line", "XP"),
        parts.DAY_ENDED: ptr("journal line", "Day ended"),
        CLOCK: ptr("journal line", "Clock"),
        FACTION: ptr("journal line", "Faction"),
        OTHER: ptr("journal line", "Change"),
    }


# Said at the top of a page that shows only the game's newest steps (`JournalGame.cut`).
CUT_NOTICE = N_(
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
    anchor = f"<a href='{link_href(link)}'>{escaped(name)}</a>"  # untranslated: markup
    before, found, after = text.partition(name)
    if not found:
        return f"{escaped(text)} · {anchor}"
    return f"{escaped(before)}{anchor}{escaped(after)}"


def line_markup(line: JournalLine, names: Names, words: Mapping[str, str] | None = None) -> str:
    """One line; `words` are `kind_words()` (read once for a page's many lines)."""
    words = kind_words() if words is None else words
    word = words.get(line.kind, words[OTHER])
    html = f"<p class='line'><b>{word}</b> · "  # untranslated: markup
    html += linked_text(line.text, line.link, names)
    if line.dice:
        html += f" <i>({escaped(line.dice)})</i>"  # untranslated: markup
    if line.by:
        html += " · " + tr("from {name}'s phone").format(name=escaped(line.by))
    return html + "</p>"  # untranslated: markup


def lines_markup(lines: Iterable[JournalLine], names: Names) -> str:
    words = kind_words()
    return "".join(line_markup(line, names, words) for line in lines)


def game_heading(page: JournalGame) -> str:
    """The game's title, when it started and ended (or that it runs), and its days."""
    started = page.started_at.replace("T", " ")[:16]
    if page.ended_at is None:
        when = tr("Started {time}, day {day} · running").format(
            time=escaped(started), day=page.started_day
        )
    else:
        ended = page.ended_at.replace("T", " ")[:16]
        if page.ended_day is None:
            when = tr("Started {time}, day {day} · ended {end_time}").format(
                time=escaped(started), day=page.started_day, end_time=escaped(ended)
            )
        else:
            when = tr("Started {time}, day {day} · ended {end_time}, day {end_day}").format(
                time=escaped(started),
                day=page.started_day,
                end_time=escaped(ended),
                end_day=page.ended_day,
            )
    title, note = escaped(page.title), tr("Game note")
    return f"<h2>{title}</h2><p>{when}</p><p><b>{note}</b></p>"  # untranslated: markup


def section(title: str, lines: Iterable[JournalLine], names: Names) -> str:
    """A heading and its lines; "" when it has none."""
    body = lines_markup(lines, names)
    return f"<h3>{title}</h3>{body}" if body else ""  # untranslated: markup


def scene_heading(number: int, text: str) -> str:
    said = f"<p>{escaped(text)}</p>" if text.strip() else ""  # untranslated: markup
    heading, note = tr("Scene {number}").format(number=number), tr("Scene note")
    return f"<h3>{heading}</h3>{said}<p><b>{note}</b></p>"  # untranslated: markup


def aside(text: str) -> str:
    """A paragraph of ours in italics (`text` is markup already)."""
    return f"<p><i>{text}</i></p>"  # untranslated: markup


def page_sections(page: JournalGame, names: Names) -> list[str]:
    """The page's markup, cut where a note editor goes: the first piece comes before the
    game's note, each next one before the note of scene 1, 2, ...; the last one after
    the last scene's note (its rounds, the game's end and what followed)."""
    pieces = [game_heading(page)]
    current = aside(escaped(tr(CUT_NOTICE))) if page.cut else ""
    current += section(tr("Before the first scene"), page.opening, names)
    for scene in page.scenes:
        pieces.append(current + scene_heading(scene.number, scene.text))
        current = ""
        # A round where nothing worth telling happened (turns passed) has no heading.
        for round_ in scene.rounds:
            body = lines_markup(round_.lines, names)
            if body:
                heading = tr("Round {number}").format(number=round_.number)
                current += f"<h4>{heading}</h4>{body}"  # untranslated: markup
        if not current:
            current = aside(tr("Nothing happened in this scene yet."))
    current += section(tr("End of the game"), page.closing, names)
    current += section(tr("After the game"), page.between, names)
    if not page.scenes and not current:
        current = aside(tr("Nothing has happened in this game yet."))
    pieces.append(current)
    return pieces
