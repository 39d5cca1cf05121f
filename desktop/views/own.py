"""One player character's own things: their dice, today's energy and the SySCards the GM
marked shown to players. Numbers come from the store and the rules as they are; this
module words them and does no game arithmetic of its own."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from desktop.language import N_
from desktop.rules import dicepool, energy, syscards
from desktop.rules.dicepool import Kind, Place
from desktop.store import Campaign, CardRecord, DieRecord
from desktop.views.die_art import die_art_name
from desktop.views.plain_text import paragraphs

# Where a die is, in words (RULES.md section 2: never by colour only). In English here:
# the player's page translates them into its own language (share.server.PAGE_MESSAGES).
PLACE_WORDS: Final[dict[str, str]] = {
    Place.POOL: N_("in the pool"),
    Place.TABLE: N_("on the table (depleted)"),
    Place.REMOVED: N_("removed"),
}
IN_TRAY_WORDS: Final = N_("in the tray, to be rolled")
KIND_WORDS: Final[dict[str, str]] = {
    Kind.ORDINARY: N_("ordinary"),
    Kind.DAMAGE: N_("damage"),
    Kind.PROTECTION: N_("protection"),
}
# Why the energy section shows no figures, likewise worded by the page.
NO_CALENDAR: Final = N_("No energy calendar")
NOTHING_TODAY: Final = N_("Nothing recorded today")
DEAD_OF_DEBT: Final = N_("Dead: a debt that could not be repaid")
DEAD_SINCE: Final = N_("Dead since day {day}")  # the page fills {day} from `dead_since`
ENERGY_WORDS: Final = (NO_CALENDAR, NOTHING_TODAY, DEAD_OF_DEBT)


@dataclass(frozen=True)
class DieView:
    kind: str  # "ordinary", "damage", "protection" (or a newer kind, as stored)
    kind_words: str
    size: int
    place: str  # "pool", "table", "removed"
    place_words: str
    in_tray: bool
    rolls_as: int | None  # the size a tray die rolls as, when steps change it
    item: str  # the weapon or armour the die belongs to ("" for a pool die)
    art: str  # its picture's file name among the page's files
    id: int = 0  # the store's id: what the player's page names when it picks the die


@dataclass(frozen=True)
class TraitView:
    """One of the character's own traits, as the player ticks it for a roll."""

    trait_id: int
    name: str
    value: int


def own_traits(campaign: Campaign, character_id: int) -> tuple[TraitView, ...]:
    return tuple(TraitView(t.id, t.name, t.value) for t in campaign.kit.traits(character_id))


@dataclass(frozen=True)
class ProjectView:
    name: str
    pool: int
    tomorrow: int  # what today's investments add at the rollover


@dataclass(frozen=True)
class EnergyView:
    """Today's energy. `tracked` False: the character keeps no energy calendar;
    `recorded` False: nothing is recorded for today (then only `words` says why)."""

    tracked: bool = False
    day: int = 0
    recorded: bool = False
    available: int = 0  # what the character can commit now: daily energy left + store
    opened_with: int = 0  # what the day opened with
    debt: int = 0
    dead: bool = False
    projects: tuple[ProjectView, ...] = ()
    words: str = ""  # in English: the page words it in its own language
    dead_since: int = 0  # the day of death, when `words` says so (the page's "{day}")


@dataclass(frozen=True)
class CardView:
    name: str
    category: str
    efficiency: int
    efficiency_label: str  # the card's "#efc%" corner: "Kara 45%"
    grade: str
    power: int
    velocity: int
    focus: int
    resistance: int
    zone: str
    scale: str
    info: tuple[str, ...]  # the Info's paragraphs, as plain text


def own_dice(campaign: Campaign, character_id: int) -> tuple[DieView, ...]:
    """The character's dice in table order, their items' dice too."""
    items = {item.die_id: item.name for item in campaign.kit.items(character_id)}
    return tuple(die_view(die, items.get(die.id, "")) for die in campaign.kit.dice(character_id))


def die_view(die: DieRecord, item: str) -> DieView:
    in_tray = die.in_tray and die.place == Place.POOL
    rolls_as = dicepool.rolled_size(die.size, die.steps, die.down_to_d4) if in_tray else None
    return DieView(
        kind=die.kind,
        kind_words=KIND_WORDS.get(die.kind, die.kind),
        size=die.size,
        place=die.place,
        place_words=IN_TRAY_WORDS if in_tray else PLACE_WORDS.get(die.place, die.place),
        in_tray=in_tray,
        rolls_as=rolls_as if rolls_as != die.size else None,
        item=item,
        art=die_art_name(die.kind, die.size, die.place),
        id=die.id,
    )


def play_state_of(dice: Sequence[DieView]) -> dicepool.PlayState:
    """In play, out of play or out for good, by where the character's ordinary dice are
    (items' dice included, as the store's dice_counts counts them): read from the dice
    the view already holds rather than asking the store again for every character."""
    places = [die.place for die in dice if die.kind == Kind.ORDINARY]
    return dicepool.play_state(
        places.count(Place.POOL), places.count(Place.TABLE), places.count(Place.REMOVED)
    )


def today_energy(campaign: Campaign, character_id: int, today: int | None = None) -> EnergyView:
    """The character's energy today, as the Energy Calendar shows it (`today`: the
    campaign's current day, when already read for this change)."""
    if campaign.calendar.profile(character_id) is None:
        return EnergyView(words=NO_CALENDAR)
    if today is None:
        today = campaign.summary().current_day
    state = campaign.calendar.day(character_id, today)
    if state is None:
        earlier = campaign.calendar.day_before(character_id, today)
        if earlier is not None and earlier.dead:
            words = DEAD_SINCE.format(day=earlier.day)
            return EnergyView(True, today, dead=True, words=words, dead_since=earlier.day)
        return EnergyView(True, today, words=NOTHING_TODAY)
    figures = energy.day_figures(state)
    projects = [ProjectView(p.project, p.value, state.pending(p.project)) for p in state.pools]
    projects += [
        ProjectView(p.project, 0, p.value)
        for p in state.pending_specific
        if all(pool.project != p.project for pool in state.pools)
    ]
    words = DEAD_OF_DEBT if state.dead else ""
    return EnergyView(
        tracked=True,
        day=today,
        recorded=True,
        available=energy.available(state),
        opened_with=figures.available,
        debt=state.debt,
        dead=state.dead,
        projects=tuple(projects),
        words=words,
    )


def own_cards(campaign: Campaign, character_id: int) -> tuple[CardView, ...]:
    """The character's SySCards marked shown to players, in list order: the card that
    stands for the character and every card it owns, directly or through another. An
    owner the GM keeps hidden is not named on the cards it owns."""
    cards = campaign.cards.all()
    by_id = {card.id: card for card in cards}
    belongs: dict[int, bool] = {}
    own = [card for card in cards if card.shown and owned_by(card, character_id, by_id, belongs)]
    return tuple(card_view(card, by_id) for card in own)


def owned_by(
    card: CardRecord, character_id: int, by_id: dict[int, CardRecord], belongs: dict[int, bool]
) -> bool:
    """Whether `card` stands for the character or is owned, through any chain of owners,
    by a card that does. `belongs` remembers the answer for every card walked, so a
    campaign of 10,000 cards is walked once."""
    walked: list[int] = []
    current: CardRecord | None = card
    answer = False
    while current is not None and current.id not in walked:
        if current.id in belongs:
            answer = belongs[current.id]
            break
        walked.append(current.id)
        if current.character_id == character_id:
            answer = True
            break
        current = by_id.get(current.owner_id) if current.owner_id is not None else None
    for card_id in walked:  # the store refuses loops; a file that has one stops here
        belongs[card_id] = answer
    return answer


def card_view(card: CardRecord, by_id: dict[int, CardRecord]) -> CardView:
    owner = by_id.get(card.owner_id) if card.owner_id is not None else None
    owner_name = owner.name if owner is not None and owner.shown else None
    try:
        label = syscards.efficiency_label(card.efficiency, owner_name)
        grade = syscards.grade_for(card.efficiency)
    except ValueError:  # a value another program wrote: shown as it is, ungraded
        label, grade = f"{card.efficiency}%", ""
    return CardView(
        name=card.name,
        category=card.category,
        efficiency=card.efficiency,
        efficiency_label=label,
        grade=grade,
        power=card.power,
        velocity=card.velocity,
        focus=card.focus,
        resistance=card.resistance,
        zone=card.zone,
        scale=card.scale,
        info=paragraphs(card.info),
    )
