"""What the campaign search finds: one `Kind` per kind of record, each with its code and
the SQL that reads its words from a row of its table.

The index (`search_index`, an FTS5 table with no content of its own) keeps, for each
record, a title and a body, under a rowid that says which record it is: the kind's code
in the high bits, the record's key below (`KEY_BITS`). The same expressions fill it
three ways, so that what a trigger adds is exactly what it later takes away (a
contentless FTS5 table forgets a row only when told the very words it was given) and
what a rebuild makes is what the triggers would have made:

- the AFTER INSERT / UPDATE / DELETE triggers on each table, with the row as NEW or OLD;
- the rebuild (`definition.rebuild`), over every row of the table;
- nothing else: the store's writes never touch the index themselves.

A change to `KINDS` after a release comes with a new revision (an empty one will do):
the triggers are made again at an upgrade, so a file already at the newest revision
would keep the old ones (Check Campaign would say so, and Repair make them anew).

An expression reads only its own row (never another table), so that it gives the same
words whenever it is run on the same row. Kinds whose records live inside a row's JSON
(a game's scenes, a day's ledger) read them with `json_each`, from a value checked by
`json_valid` first: a damaged value indexes nothing instead of failing the write.
"""

from __future__ import annotations

from dataclasses import dataclass

# The record's key takes the rowid's low 48 bits, the kind's code the bits above.
KEY_BITS = 48
KEY_MAX = (1 << KEY_BITS) - 1
# A game's scenes: game id * SCENE_SPAN + scene number (a game has at most 1,000 scenes).
SCENE_SPAN = 1024
# A character's energy day: character id * DAY_SPAN + day (the calendar stops at day 100,000).
DAY_SPAN = 1 << 17


@dataclass(frozen=True)
class Kind:
    """One kind of record the search finds.

    `name` is what a hit's `kind` says; `code` its number in the rowid (never reused);
    `table` the table its records are rows of; `columns` the columns the expressions
    read (an UPDATE of any other column leaves the index alone). `key`, `title` and
    `body` are SQL over the row `{r}` (and over `{j}`, each element `json_each` reads
    from `each`, when there is one); `key` must be a whole number from 1 to KEY_MAX.
    """

    name: str
    code: int
    table: str
    columns: tuple[str, ...]
    key: str
    title: str
    body: str
    each: str = ""  # a json_each(...) over the row, for records inside its JSON
    each_filter: str = ""  # which of its elements are records
    # SQL over `{r}` that differs between OLD and NEW when the records' words may have
    # changed; "" when any UPDATE of `columns` may change them. A game's state changes
    # at every turn, its scenes seldom: the index is left alone unless they did.
    changed: str = ""


def _json(value: str, path: str) -> str:
    """json_each over `value` at `path`, or over nothing when the value is not JSON (the
    braces doubled: the kinds' SQL is a format string)."""
    return f"json_each(CASE WHEN json_valid({value}) THEN {value} ELSE '{{{{}}}}' END, '{path}')"


KINDS: tuple[Kind, ...] = (
    Kind(
        "character",
        1,
        "character",
        ("id", "name", "notes"),
        "{r}.id",
        "{r}.name",
        "{r}.notes",
    ),
    Kind("trait", 2, "trait", ("id", "name"), "{r}.id", "{r}.name", "''"),
    Kind("item", 3, "item", ("id", "name"), "{r}.id", "{r}.name", "''"),
    Kind(
        "card",
        4,
        "card",
        ("id", "name", "category", "zone", "scale", "search_text"),
        "{r}.id",
        "{r}.name",
        # search_text: the name, the Info's words and the tags, folded (store/search.py).
        "{r}.category || ' ' || {r}.zone || ' ' || {r}.scale || char(10) || {r}.search_text",
    ),
    Kind("clock", 5, "clock", ("id", "name", "note"), "{r}.id", "{r}.name", "{r}.note"),
    Kind("faction", 6, "faction", ("id", "name", "notes"), "{r}.id", "{r}.name", "{r}.notes"),
    Kind("claim", 7, "claim", ("id", "name", "benefit"), "{r}.id", "{r}.name", "{r}.benefit"),
    Kind("chapter", 8, "chapter", ("id", "name", "notes"), "{r}.id", "{r}.name", "{r}.notes"),
    Kind(
        "scene",
        9,
        "game",
        ("id", "state"),
        f"{{r}}.id * {SCENE_SPAN} + {{j}}.key + 1",
        "''",
        "json_extract({j}.value, '$.text')",
        each=_json("{r}.state", "$.scenes"),
        each_filter="{j}.type = 'object' AND typeof({j}.key) = 'integer' AND {j}.key < 1000",
        changed="CASE WHEN json_valid({r}.state) THEN json_extract({r}.state, '$.scenes') END",
    ),
    Kind(
        "ledger",
        10,
        "energy_day",
        ("character_id", "day", "state"),
        f"{{r}}.character_id * {DAY_SPAN} + {{r}}.day",
        "''",
        # One record per day: its entries' notes, a line each, in the ledger's order.
        "(SELECT group_concat(json_extract(e.value, '$.note'), char(10)) FROM "
        + _json("{r}.state", "$.entries")
        + " AS e WHERE e.type = 'object' AND json_extract(e.value, '$.note') <> '')",
    ),
    Kind(
        "downtime",
        11,
        "downtime_entry",
        ("id", "activity", "summary"),
        "{r}.id",
        "''",
        "replace({r}.activity, '_', ' ') || char(10) || {r}.summary",
    ),
    Kind("journal", 12, "journal_note", ("id", "text"), "{r}.id", "''", "{r}.text"),
)

BY_NAME: dict[str, Kind] = {kind.name: kind for kind in KINDS}
BY_CODE: dict[int, Kind] = {kind.code: kind for kind in KINDS}


def rowid_of(kind: Kind, key: int) -> int:
    """The index's rowid of `kind`'s record `key`."""
    return (kind.code << KEY_BITS) | key


def split_rowid(rowid: int) -> tuple[Kind | None, int]:
    """The kind (None for a code no kind has) and the key an index rowid stands for."""
    return BY_CODE.get(rowid >> KEY_BITS), rowid & KEY_MAX


def scene_key(game_id: int, scene: int) -> int:
    return game_id * SCENE_SPAN + scene


def split_scene_key(key: int) -> tuple[int, int]:
    """(game id, scene number) of a scene's key."""
    return divmod(key, SCENE_SPAN)


def split_day_key(key: int) -> tuple[int, int]:
    """(character id, day) of a ledger day's key."""
    return divmod(key, DAY_SPAN)
