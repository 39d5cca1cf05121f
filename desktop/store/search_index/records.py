"""What the campaign search hands out: frozen plain values."""

from __future__ import annotations

from dataclasses import dataclass

from desktop.store.search_index.found import Where
from desktop.store.search_index.highlight import Highlighted


@dataclass(frozen=True, slots=True)
class SearchHit:
    """One record found, best first.

    `kind` is one of `KIND_NAMES` ("character", "trait", "item", "card", "clock",
    "faction", "claim", "chapter", "scene", "ledger", "downtime", "journal").
    `record_id` is the id of the record a dock opens: the row's own id, except a scene
    (its game's id, and `scene` its number) and a ledger day (its character's id, and
    `day` the campaign day). `owner_id` is the character it belongs to (a trait, an
    item, a ledger day, a downtime step, a character's clock or a card linked to a
    character), `game_id` the game of a scene or a journal note (and `scene` the note's
    scene, 0 for the whole game). `title` is the record's name with the words that
    matched; `snippet` the matching part of the rest of its text; `where` says where it
    lives, in English words, and `place` the same to word in a language at show time
    (`place.words(gettext)`; None for a hit made without it). `hidden`: the players
    cannot see it (an NPC or a challenge and what is theirs, a clock, faction or card not
    shown, a private note).
    """

    kind: str
    record_id: int
    title: Highlighted
    snippet: Highlighted
    where: str
    hidden: bool = False
    owner_id: int | None = None
    game_id: int | None = None
    scene: int | None = None
    day: int | None = None
    place: Where | None = None
    named: Where | None = None  # a title the store made ("Scene 2 of game 3"), to word
