"""What the whole table may see: the scene and its turn order, the public clocks, the
factions the GM shows and the last player character's roll.

The player display (the TV) and every player's page read these same values, so what
is shown is decided once, here. What stays behind the GM's screen: hidden clocks and
factions (and a shown clock of a hidden faction, which would name it), the scene's
cast of NPCs and challenges, the actions players declared, NPC and challenge rolls,
conflicts and SySCard acts (whose words may name a hidden card), every note.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from desktop.rules import dicepool, factions
from desktop.store import (
    OWNER_CHAPTER,
    OWNER_CHARACTER,
    OWNER_FACTION,
    Campaign,
    CharacterRecord,
    NotFound,
    PlayView,
    RollRecord,
)
from desktop.views.die_art import roll_art_name

PLAYER_KIND = "pc"
SHOWN_ROLL_KIND = "roll"  # a Dice Table roll; conflicts, acts and challenges stay the GM's
LOOK_BACK = 20  # log lines searched for the last roll players may see


@dataclass(frozen=True)
class SeatView:
    """A place in the turn order: a player character, their place and whether they can
    act (in words too: never by colour only)."""

    character_id: int
    name: str
    turn: int  # 1-based place in the order
    in_play: bool
    state_words: str
    current: bool


@dataclass(frozen=True)
class SceneView:
    """The running game as said aloud: scene, round, whose turn, the turn order.
    `running` False: no game at the table (the rest is empty)."""

    running: bool = False
    number: int = 0  # 0: the game has no scene yet
    text: str = ""
    round: int = 0
    turn_name: str = ""
    order: tuple[SeatView, ...] = ()


@dataclass(frozen=True)
class ClockView:
    id: int
    name: str
    segments: int
    filled: int
    done: bool
    owner: str  # "" for none, and for an owner the players may not see named


@dataclass(frozen=True)
class FactionView:
    id: int
    name: str
    tier: int
    status: int  # -3..+3, the chapter's status with it
    status_words: str  # "+2 Friendly", "−3 War" (the rules' words)


@dataclass(frozen=True)
class ChapterView:
    """The players' own faction: its name and where it stands."""

    name: str
    tier: int
    hold: str
    at_war: bool


@dataclass(frozen=True)
class RollDieView:
    place: int  # 1-based place in the roll (the tumble follows it; not a store id)
    size: int
    rolled_as: int
    face: int
    depleted: bool
    art: str


@dataclass(frozen=True)
class RollView:
    """A player character's Dice Table roll, as the log keeps it. `id` tells one roll
    from the next on the GM's side; a payload leaves it out."""

    id: int
    character_id: int
    character_name: str
    dice: tuple[RollDieView, ...]
    total: int | None
    summary: str


@dataclass(frozen=True)
class TableView:
    """What every player sees alike: read once per change, shared by every player's view."""

    scene: SceneView
    clocks: tuple[ClockView, ...]
    factions: tuple[FactionView, ...]
    chapter: ChapterView
    last_roll: RollView | None


def table_view(campaign: Campaign, play: PlayView | None = None) -> TableView:
    """What every player sees alike; `play` the Play dock's game when already read."""
    return TableView(
        scene=scene_view(campaign, play),
        clocks=public_clocks(campaign),
        factions=public_factions(campaign),
        chapter=chapter_view(campaign),
        last_roll=last_player_roll(campaign),
    )


def scene_view(campaign: Campaign, play: PlayView | None = None) -> SceneView:
    """The store's play view with only its public parts: the scene text the GM typed and
    the player characters' names in seating order (the order holds player characters
    only); the cast, the condition and the declared actions are left behind. `play` is
    `campaign.games.current()` when already read."""
    view = campaign.games.current() if play is None else play
    if view.game_id is None:
        return SceneView()
    order = tuple(
        SeatView(
            seat.character_id,
            seat.name,
            seat.turn,
            seat.state == dicepool.PlayState.IN_PLAY,
            seat.state_words,
            seat.turn == view.turn,
        )
        for seat in view.order
    )
    return SceneView(
        running=True,
        number=view.scene_number,
        text=view.scene_text,
        round=view.round if view.scene_number else 0,
        turn_name=view.turn_name,
        order=order,
    )


@dataclass(frozen=True)
class PoolCountView:
    """How many of a player character's ordinary dice are where, and what that means."""

    character_id: int
    name: str
    in_pool: int
    on_table: int
    removed: int
    state: dicepool.PlayState
    state_words: str


def table_pools(campaign: Campaign) -> tuple[PoolCountView, ...]:
    """Every player character's pool in numbers, in roster order (the player display's
    pools; NPC and challenge pools stay the GM's)."""
    counts = campaign.kit.dice_counts()
    pools: list[PoolCountView] = []
    for character in player_characters_of(campaign.roster.all()):
        in_pool, on_table, removed = counts.get(character.id, (0, 0, 0))
        state = dicepool.play_state(in_pool, on_table, removed)
        pools.append(
            PoolCountView(
                character.id,
                character.name,
                in_pool,
                on_table,
                removed,
                state,
                dicepool.PLAY_STATE_WORDS[state],
            )
        )
    return tuple(pools)


def player_characters_of(characters: list[CharacterRecord]) -> list[CharacterRecord]:
    return [c for c in characters if c.kind == PLAYER_KIND]


def public_clocks(campaign: Campaign) -> tuple[ClockView, ...]:
    """The clocks marked shown to players, each with its owner's name when players may
    know it: a player character, the chapter (the players' own) or a shown faction. A
    clock of a hidden faction stays hidden with it; a shown clock of an NPC is shown
    without its owner (NPC names stay behind the screen)."""
    every_faction = campaign.factions.all()
    shown_factions = {f.id: f.name for f in every_faction if f.shown}
    players = {c.id: c.name for c in player_characters_of(campaign.roster.all())}
    chapter: str | None = None
    clocks: list[ClockView] = []
    for clock in campaign.clocks.all():
        if not clock.shown:
            continue
        owner = ""
        if clock.owner_kind == OWNER_FACTION:
            if clock.owner_id not in shown_factions:
                continue  # a hidden faction's clock would name it
            owner = shown_factions[clock.owner_id]
        elif clock.owner_kind == OWNER_CHARACTER:
            owner = players.get(clock.owner_id, "")
        elif clock.owner_kind == OWNER_CHAPTER:
            chapter = campaign.chapter.get().name if chapter is None else chapter
            owner = chapter
        clocks.append(
            ClockView(clock.id, clock.name, clock.segments, clock.filled, clock.done, owner)
        )
    return tuple(clocks)


def public_factions(campaign: Campaign) -> tuple[FactionView, ...]:
    """The factions players may see, in ladder order, with the rules' status words."""
    return tuple(
        FactionView(f.id, f.name, f.tier, f.status, factions.status_text(f.status))
        for f in campaign.factions.all()
        if f.shown
    )


def chapter_view(campaign: Campaign) -> ChapterView:
    chapter = campaign.chapter.get()
    return ChapterView(chapter.name, chapter.tier, chapter.hold, chapter.at_war)


def last_player_roll(campaign: Campaign) -> RollView | None:
    """The newest roll players may see: a player character's Dice Table roll, not
    undone (an undone roll gives way to the one before it)."""
    kinds: dict[int, str] = {}
    for roll in campaign.rolls.all(limit=LOOK_BACK):
        if roll.undone or roll.kind != SHOWN_ROLL_KIND or roll.character_id is None:
            continue
        if roll.character_id not in kinds:
            try:
                kinds[roll.character_id] = campaign.roster.get(roll.character_id).kind
            except NotFound:
                continue
        if kinds[roll.character_id] == PLAYER_KIND:
            return RollView(
                roll.id,
                roll.character_id,
                roll.character_name,
                rolled_dice(roll),
                roll.total,
                roll.summary,
            )
    return None


def rolled_dice(roll: RollRecord) -> tuple[RollDieView, ...]:
    """The roll's dice as its log line keeps them; a line another program mangled
    shows the dice it can still read (the total and words stand as logged)."""
    listed = roll.detail.get("dice", [])
    dice: list[RollDieView] = []
    for entry in listed if isinstance(listed, list) else []:
        die = rolled_die(entry, len(dice) + 1)
        if die is not None:
            dice.append(die)
    return tuple(dice)


def rolled_die(entry: object, place: int) -> RollDieView | None:
    if not isinstance(entry, Mapping):
        return None
    values: Mapping[str, Any] = entry
    try:
        size = int(values["size"])
        rolled_as = int(values.get("rolled_as", size))
        face = int(values["face"])
    except (KeyError, TypeError, ValueError):
        return None
    depleted = values.get("depleted") is True
    return RollDieView(
        place, size, rolled_as, face, depleted, roll_art_name(rolled_as, face, depleted)
    )
