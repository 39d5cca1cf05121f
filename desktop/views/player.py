"""One player's view of the campaign, and its payload for the player pages.

`player_view` gathers only what that player may see (issue 29): their own dice, energy
and shown SySCards, and what the whole table sees (desktop/views/public.py). `payload`
turns it into plain JSON-able data, leaving out the store's ids a page has no use for.
Both run on the GM's side, on the Qt thread; the page gets nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, is_dataclass

from desktop.rules import dicepool
from desktop.store import ROLL_TURN_ORDER, Campaign, NotFound, PlayView
from desktop.views.handouts import HandoutView, handouts_data, player_handouts
from desktop.views.own import (
    CardView,
    DieView,
    EnergyView,
    TraitView,
    own_cards,
    own_dice,
    own_traits,
    play_state_of,
    today_energy,
)
from desktop.views.public import (
    PLAYER_KIND,
    ChapterView,
    ClockView,
    FactionView,
    RollView,
    SceneView,
    TableView,
    player_characters_of,
    table_view,
)
from desktop.views.topics import PLAYER_TOPICS

__all__ = [
    "PLAYER_TOPICS",
    "CardView",
    "ChapterView",
    "ClockView",
    "DieView",
    "EnergyView",
    "FactionView",
    "HandoutView",
    "PlayerView",
    "RollView",
    "SceneView",
    "TableView",
    "TraitView",
    "payload",
    "player_characters",
    "player_view",
    "player_views",
    "table_view",
]


@dataclass(frozen=True)
class PlayerView:
    """Everything one player's page shows, as plain immutable values."""

    character_id: int
    name: str
    dice: tuple[DieView, ...]
    energy: EnergyView
    cards: tuple[CardView, ...]
    scene: SceneView
    clocks: tuple[ClockView, ...]
    factions: tuple[FactionView, ...]
    last_roll: RollView | None
    play_state: str  # a dicepool.PlayState value
    play_state_words: str
    chapter: ChapterView
    traits: tuple[TraitView, ...] = ()
    may_roll: bool = False  # the GM lets this player roll from their phone
    # The GM has phone rolls wait for the character's turn (or for the GM to ask).
    rolls_in_turn_order: bool = False
    your_turn: bool = False  # the character's turn in the running scene
    declared: str = ""  # the character's own declared action this round (no one else's)
    # The player characters (id, name) this player may give a depleted die to now: the
    # others while a game runs (actions.gifts checks the same), for a page that may act.
    gift_to: tuple[tuple[int, str], ...] = ()
    # How many rolls this character has had (the log's lines, undone ones too): the page
    # sends it back with a roll, so that a roll made since (by another of the player's
    # devices, or the GM) refuses this one as "already rolled" (actions.player_tray).
    rolls: int = 0
    handouts: tuple[HandoutView, ...] = ()  # theirs and those to every player


def player_characters(campaign: Campaign) -> tuple[tuple[int, str], ...]:
    """The player characters, (id, name), in roster order."""
    return tuple((c.id, c.name) for c in player_characters_of(campaign.roster.all()))


def player_view(
    campaign: Campaign,
    character_id: int,
    table: TableView | None = None,
    today: int | None = None,
    rolls: tuple[int, ...] | None = None,
    play: PlayView | None = None,
    turn_order: bool | None = None,
    receivers: tuple[tuple[int, str], ...] | None = None,
    counts: dict[int, int] | None = None,
) -> PlayerView:
    """What the player of `character_id` may see now. NotFound when that is no player
    character (an NPC's or a challenge's view is never built). `table` is what every
    player sees alike and `today` the campaign's current day, when already read for this
    change (`player_views` reads them once); `rolls` likewise, the characters whose
    players the GM lets roll from their phones, `play` the Play dock's game,
    `turn_order` whether phone rolls wait for turns and `receivers` the gift receivers
    (`gift_receivers`), and `counts` each character's rolls."""
    character = campaign.roster.get(character_id)
    if character.kind != PLAYER_KIND:
        raise NotFound("Only a player character has a player's view.")
    game = campaign.games.current() if play is None else play
    shared = table_view(campaign, game) if table is None else table
    dice = own_dice(campaign, character_id)
    state = play_state_of(dice)
    may_act = character_id in (rolls_allowed(campaign) if rolls is None else rolls)
    gifts = gift_receivers(campaign) if receivers is None else receivers
    return PlayerView(
        character_id=character.id,
        name=character.name,
        dice=dice,
        energy=today_energy(campaign, character_id, today),
        cards=own_cards(campaign, character_id),
        scene=shared.scene,
        clocks=shared.clocks,
        factions=shared.factions,
        last_roll=shared.last_roll,
        play_state=str(state),
        play_state_words=dicepool.PLAY_STATE_WORDS[state],
        chapter=shared.chapter,
        traits=own_traits(campaign, character_id),
        may_roll=may_act,
        rolls_in_turn_order=rolls_in_turn_order(campaign) if turn_order is None else turn_order,
        your_turn=game.is_turn_of(character_id),
        declared=game.action_of(character_id) if game.scene_running else "",
        gift_to=tuple(pair for pair in gifts if pair[0] != character_id) if may_act else (),
        rolls=(campaign.rolls.counts() if counts is None else counts).get(character_id, 0),
        handouts=player_handouts(campaign, character_id),
    )


def player_views(campaign: Campaign) -> dict[int, PlayerView]:
    """Every player character's view by id, in roster order, the table read once."""
    play = campaign.games.current()
    table = table_view(campaign, play)
    today = campaign.summary().current_day
    rolls = rolls_allowed(campaign)
    turn_order = rolls_in_turn_order(campaign)
    receivers = gift_receivers(campaign)
    counts = campaign.rolls.counts()
    return {
        cid: player_view(campaign, cid, table, today, rolls, play, turn_order, receivers, counts)
        for cid, _name in player_characters(campaign)
    }


def gift_receivers(campaign: Campaign) -> tuple[tuple[int, str], ...]:
    """The player characters (id, name) a depleted die may be given to now: every one
    while a game runs (the die "will boost all subsequent rolls during the game"), none
    outside a game; a page leaves its own character out. `actions.gifts` refuses the
    same."""
    return player_characters(campaign) if campaign.games.running() is not None else ()


def rolls_allowed(campaign: Campaign) -> tuple[int, ...]:
    """The characters whose players may roll from their phones (the sharing settings)."""
    rolls = campaign.sharing().get("rolls")
    return tuple(cid for cid in rolls if isinstance(cid, int)) if isinstance(rolls, list) else ()


def rolls_in_turn_order(campaign: Campaign) -> bool:
    """Whether phone rolls wait for the character's turn, or for the GM to ask (the
    sharing settings' "roll_timing"; "whenever" by default)."""
    return campaign.sharing().get("roll_timing") == ROLL_TURN_ORDER


def payload(view: PlayerView) -> dict[str, object]:
    """The view as JSON-able data (str, int, bool, None, lists and dicts only)."""
    return {
        "character": {
            "name": view.name,
            "play_state": view.play_state,
            "play_state_words": view.play_state_words,
            "may_roll": view.may_roll,
            "rolls": view.rolls,
        },
        "traits": [
            {"id": trait.trait_id, "name": trait.name, "value": trait.value}
            for trait in view.traits
        ],
        "dice": plain(view.dice),
        "energy": plain(view.energy),
        "cards": plain(view.cards),
        "scene": scene_data(view.scene, view.character_id),
        "turn": {
            "yours": view.your_turn,
            "declared": view.declared,
            "rolls_in_turn_order": view.rolls_in_turn_order,
        },
        # The other player characters' ids and names, for the page to name the one it
        # gives a die to: the fellow players' characters at the table, never an NPC, and
        # nothing else of theirs (not only those the scene shows: a game without a scene
        # set, or a scene of some of them, still offers every player's character).
        "gift_to": [{"id": cid, "name": name} for cid, name in view.gift_to],
        "clocks": [
            {
                "name": clock.name,
                "segments": clock.segments,
                "filled": clock.filled,
                "done": clock.done,
                "owner": clock.owner,
            }
            for clock in view.clocks
        ],
        "chapter": {
            "name": view.chapter.name,
            "tier": view.chapter.tier,
            "hold": view.chapter.hold,
            "at_war": view.chapter.at_war,
        },
        "factions": [
            {
                "name": faction.name,
                "tier": faction.tier,
                "status": faction.status,
                "status_words": faction.status_words,
            }
            for faction in view.factions
        ],
        "last_roll": roll_data(view.last_roll, view.character_id),
        "handouts": handouts_data(view.handouts),
    }


def plain(view: object) -> object:
    """A view's own fields as JSON-able data, nested views and tuples included.

    Only for parts that are player-safe field for field (a die, the energy, a card): the
    parts that hold other characters' ids (the scene's seats, the roll) are written out
    by hand so none reaches a page. A die's own id goes: the page names it to pick it.
    """
    if is_dataclass(view) and not isinstance(view, type):
        return {field.name: plain(getattr(view, field.name)) for field in fields(view)}
    if isinstance(view, tuple | list):
        return [plain(item) for item in view]
    return view


def scene_data(scene: SceneView, character_id: int) -> dict[str, object]:
    return {
        "running": scene.running,
        "number": scene.number,
        "text": scene.text,
        "round": scene.round,
        "turn_name": scene.turn_name,
        "order": [
            {
                "name": seat.name,
                "turn": seat.turn,
                "in_play": seat.in_play,
                "state_words": seat.state_words,
                "current": seat.current,
                "you": seat.character_id == character_id,
            }
            for seat in scene.order
        ],
    }


def roll_data(roll: RollView | None, character_id: int) -> dict[str, object] | None:
    if roll is None:
        return None
    return {
        "character_name": roll.character_name,
        "yours": roll.character_id == character_id,
        "dice": [
            {
                "size": die.size,
                "rolled_as": die.rolled_as,
                "face": die.face,
                "depleted": die.depleted,
                "art": die.art,
            }
            for die in roll.dice
        ],
        "total": roll.total,
        "summary": roll.summary,
    }
