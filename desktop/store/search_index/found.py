"""The records behind a search's hits, read in one query per kind: their names, their
text to highlight, where each lives and whether the players may see it.

The index says only which records matched (kind and key); what a hit shows is read
from the records as they are now. A key whose record is gone (an index another program
left behind) reads nothing, and its hit is left out.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from desktop.language import N_
from desktop.store.core import Row
from desktop.store.search import html_text
from desktop.store.search_index.kinds import split_day_key, split_scene_key

Read = Callable[[str, tuple[object, ...]], list[Row]]

PLAYER_KIND = "pc"
_KIND_WORDS = {"pc": N_("player character"), "npc": N_("NPC"), "challenge": N_("challenge")}


def _same(message: str) -> str:
    return message


@dataclass(frozen=True, slots=True)
class Where:
    """Where a hit lives: a marked message and its fields, worded in a language at show
    time (`words`); a field named in `marked` is a marked word itself (a kind, a card's
    category). English when no `gettext` is given, as `SearchHit.where` holds it."""

    message: str
    fields: tuple[tuple[str, str | int], ...] = ()
    marked: tuple[str, ...] = ()

    def words(self, gettext: Callable[[str], str] = _same) -> str:
        values = {
            name: gettext(value) if name in self.marked and isinstance(value, str) else value
            for name, value in self.fields
        }
        return gettext(self.message).format(**values)


@dataclass(frozen=True, slots=True)
class Found:
    """A hit's record as read: `title` its name to show, `title_text` and `body` the
    text matched again for highlighting (as the index holds it, in the GM's case)."""

    record_id: int
    title: str
    title_text: str
    body: str
    where: Where
    hidden: bool = False
    owner_id: int | None = None
    game_id: int | None = None
    scene: int | None = None
    day: int | None = None
    named: Where | None = None  # `title` to word at show time, when the store made it


def found(kind: str, keys: Sequence[int], read: Read) -> dict[int, Found]:
    """The records of `kind` with index keys `keys`, by key (those still there)."""
    return _READERS[kind](keys, read)


def _in(keys: Sequence[int]) -> str:
    return f"({', '.join('?' * len(keys))})"


def _characters(ids: Sequence[int], read: Read) -> dict[int, tuple[str, str]]:
    """(name, kind) of the characters `ids`."""
    wanted = sorted({i for i in ids if i is not None})
    if not wanted:
        return {}
    rows = read(f"SELECT id, name, kind FROM character WHERE id IN {_in(wanted)}", tuple(wanted))
    return {int(i): (str(name), str(kind)) for i, name, kind in rows}


def _character(keys: Sequence[int], read: Read) -> dict[int, Found]:
    rows = read(f"SELECT id, name, kind, notes FROM character WHERE id IN {_in(keys)}", tuple(keys))
    return {
        int(i): Found(
            int(i),
            str(name),
            str(name),
            str(notes),
            Where(
                N_("Roster, {kind}"),
                (("kind", _KIND_WORDS.get(str(kind), str(kind))),),
                marked=("kind",),
            ),
            hidden=kind != PLAYER_KIND,
            owner_id=int(i),
        )
        for i, name, kind, notes in rows
    }


def _owned(
    table: str, of_owner: str, of_character: str
) -> Callable[[Sequence[int], Read], dict[int, Found]]:
    """A trait's or an item's: named by its own name, living on its character (said by
    `of_owner`, or `of_character` when the character is not found)."""

    def reader(keys: Sequence[int], read: Read) -> dict[int, Found]:
        rows = read(
            f"SELECT id, name, character_id FROM {table} WHERE id IN {_in(keys)}", tuple(keys)
        )
        owners = _characters([int(r[2]) for r in rows], read)
        result = {}
        for i, name, character_id in rows:
            known = owners.get(int(character_id))
            owner, kind = known if known is not None else ("", "")
            where = (
                Where(of_owner, (("owner", owner),))
                if known is not None
                else Where(of_character, (("id", int(character_id)),))
            )
            result[int(i)] = Found(
                int(i),
                str(name),
                str(name),
                "",
                where,
                hidden=kind != PLAYER_KIND,
                owner_id=int(character_id),
            )
        return result

    return reader


def _card(keys: Sequence[int], read: Read) -> dict[int, Found]:
    rows = read(
        "SELECT id, name, category, zone, scale, info, tags, character_id, shown FROM card"
        f" WHERE id IN {_in(keys)}",
        tuple(keys),
    )
    result = {}
    for i, name, category, zone, scale, info, tags, character_id, shown in rows:
        # The Info's words first: what a snippet should show (the name is the title).
        words = (html_text(str(info)), str(tags), str(category), str(zone), str(scale))
        result[int(i)] = Found(
            int(i),
            str(name),
            str(name),
            " · ".join(word for word in words if word),
            Where(N_("SySCards, {category}"), (("category", str(category)),), ("category",)),
            hidden=not shown,
            owner_id=None if character_id is None else int(character_id),
        )
    return result


def _clock(keys: Sequence[int], read: Read) -> dict[int, Found]:
    rows = read(
        "SELECT clock.id, clock.name, clock.note, clock.shown, clock.owner_kind,"
        " clock.character_id, character.name, faction.name, faction.shown FROM clock"
        " LEFT JOIN character ON character.id = clock.character_id"
        " LEFT JOIN faction ON faction.id = clock.faction_id"
        f" WHERE clock.id IN {_in(keys)}",
        tuple(keys),
    )
    result = {}
    for i, name, note, shown, owner_kind, character_id, who, faction, faction_shown in rows:
        owner = {"character": who, "faction": faction}.get(str(owner_kind))
        if owner_kind == "chapter":
            where = Where(N_("Clocks, the chapter"))
        elif owner:
            where = Where(N_("Clocks, {owner}"), (("owner", str(owner)),))
        else:
            where = Where(N_("Clocks"))
        result[int(i)] = Found(
            int(i),
            str(name),
            str(name),
            str(note),
            where,
            # A shown clock of a hidden faction stays hidden with it (views/public.py).
            hidden=not shown or (owner_kind == "faction" and not faction_shown),
            owner_id=None if character_id is None else int(character_id),
        )
    return result


def _faction(keys: Sequence[int], read: Read) -> dict[int, Found]:
    rows = read(
        f"SELECT id, name, notes, tier, shown FROM faction WHERE id IN {_in(keys)}", tuple(keys)
    )
    return {
        int(i): Found(
            int(i),
            str(name),
            str(name),
            str(notes),
            Where(N_("Faction Ladder, tier {tier}"), (("tier", int(tier)),)),
            not shown,
        )
        for i, name, notes, tier, shown in rows
    }


def _claim(keys: Sequence[int], read: Read) -> dict[int, Found]:
    rows = read(f"SELECT id, name, benefit FROM claim WHERE id IN {_in(keys)}", tuple(keys))
    return {
        int(i): Found(int(i), str(name), str(name), str(benefit), Where(N_("Chapter, claim map")))
        for i, name, benefit in rows
    }


def _chapter(keys: Sequence[int], read: Read) -> dict[int, Found]:
    rows = read(f"SELECT id, name, notes FROM chapter WHERE id IN {_in(keys)}", tuple(keys))
    return {
        int(i): Found(int(i), str(name), str(name), str(notes), Where(N_("Chapter")))
        for i, name, notes in rows
    }


def _scene(keys: Sequence[int], read: Read) -> dict[int, Found]:
    places = {key: split_scene_key(key) for key in keys}
    games = sorted({game for game, _scene in places.values()})
    rows = read(f"SELECT id, state FROM game WHERE id IN {_in(games)}", tuple(games))
    scenes: dict[int, list[object]] = {}
    for game_id, state in rows:
        try:
            stored = json.loads(str(state)).get("scenes", [])
        except (ValueError, AttributeError):
            continue  # a damaged game: named by Check Campaign, found no more
        scenes[int(game_id)] = stored if isinstance(stored, list) else []
    result = {}
    for key, (game_id, number) in places.items():
        listed = scenes.get(game_id, [])
        scene = listed[number - 1] if 1 <= number <= len(listed) else None
        if not isinstance(scene, dict):
            continue
        text = scene.get("text")
        result[key] = Found(
            game_id,
            f"Scene {number} of game {game_id}",  # untranslated: `named` words it
            "",
            text if isinstance(text, str) else json.dumps(text),
            Where(N_("Play, game {game}"), (("game", game_id),)),
            game_id=game_id,
            scene=number,
            named=Where(
                N_("Scene {number} of game {game}"), (("number", number), ("game", game_id))
            ),
        )
    return result


def _ledger(keys: Sequence[int], read: Read) -> dict[int, Found]:
    places = {key: split_day_key(key) for key in keys}
    result = {}
    owners = _characters([c for c, _day in places.values()], read)
    for key, (character_id, day) in places.items():
        rows = read(
            "SELECT state FROM energy_day WHERE character_id = ? AND day = ?", (character_id, day)
        )
        if not rows:
            continue
        notes = _ledger_notes(rows[0][0])
        owner, kind = owners.get(character_id, (f"character {character_id}", ""))
        where = (
            Where(N_("Energy Calendar, {owner}"), (("owner", owner),))
            if character_id in owners
            else Where(N_("Energy Calendar, character {id}"), (("id", character_id),))
        )
        named = (
            Where(N_("{owner}, day {day}"), (("owner", owner), ("day", day)))
            if character_id in owners
            else Where(N_("character {id}, day {day}"), (("id", character_id), ("day", day)))
        )
        result[key] = Found(
            character_id,
            f"{owner}, day {day}",  # untranslated: `named` words it
            "",
            "\n".join(notes),
            where,
            hidden=kind != PLAYER_KIND,
            owner_id=character_id,
            day=day,
            named=named,
        )
    return result


def _ledger_notes(state: object) -> list[str]:
    try:
        entries = json.loads(str(state)).get("entries", [])
    except (ValueError, AttributeError):
        return []
    notes = (
        [e.get("note") for e in entries if isinstance(e, dict)] if isinstance(entries, list) else []
    )
    return [note for note in notes if isinstance(note, str) and note]


def _downtime(keys: Sequence[int], read: Read) -> dict[int, Found]:
    rows = read(
        "SELECT id, session, character_id, activity, summary FROM downtime_entry"
        f" WHERE id IN {_in(keys)}",
        tuple(keys),
    )
    owners = _characters([int(r[2]) for r in rows if r[2] is not None], read)
    result = {}
    for i, session, character_id, activity, summary in rows:
        owner, kind = owners.get(character_id, ("", PLAYER_KIND))
        words = str(activity).replace("_", " ")
        result[int(i)] = Found(
            int(i),
            f"{words.capitalize()}" + (f", {owner}" if owner else ""),
            "",
            f"{words}\n{summary}",
            Where(N_("Downtime, session {session}"), (("session", int(session)),)),
            hidden=kind != PLAYER_KIND,
            owner_id=None if character_id is None else int(character_id),
        )
    return result


def _journal(keys: Sequence[int], read: Read) -> dict[int, Found]:
    rows = read(
        f"SELECT id, game_id, scene, text, private FROM journal_note WHERE id IN {_in(keys)}",
        tuple(keys),
    )
    result = {}
    for i, game_id, scene, text, private in rows:
        place = f"game {game_id}" if not scene else f"game {game_id}, scene {scene}"
        where = (
            Where(N_("Journal, game {game}, scene {scene}"), (("game", game_id), ("scene", scene)))
            if scene
            else Where(N_("Journal, game {game}"), (("game", game_id),))
        )
        named = (
            Where(N_("Note on game {game}, scene {scene}"), (("game", game_id), ("scene", scene)))
            if scene
            else Where(N_("Note on game {game}"), (("game", game_id),))
        )
        result[int(i)] = Found(
            int(i),
            f"Note on {place}",  # untranslated: `named` words it
            "",
            str(text),
            where,
            hidden=bool(private),
            game_id=int(game_id),
            scene=int(scene),
            named=named,
        )
    return result


_READERS: dict[str, Callable[[Sequence[int], Read], dict[int, Found]]] = {
    "character": _character,
    "trait": _owned("trait", N_("Trait of {owner}"), N_("Trait of character {id}")),
    "item": _owned("item", N_("Item of {owner}"), N_("Item of character {id}")),
    "card": _card,
    "clock": _clock,
    "faction": _faction,
    "claim": _claim,
    "chapter": _chapter,
    "scene": _scene,
    "ledger": _ledger,
    "downtime": _downtime,
    "journal": _journal,
}
