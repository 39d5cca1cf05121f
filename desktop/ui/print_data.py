"""The campaign as the printing layer takes it: SySCards, character sheets and the GM
summary turned from store records into printing's plain data. Store reads only.

The printing modules take plain values and never import the store; this adapter is the
one place that knows where each value lives in the campaign (roster, dice, traits,
items, SySCards, the energy calendar, downtime). No Qt here: the window, the command
line and the tests all call it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields
from datetime import date, timedelta
from typing import Any

from desktop.language import Translator, translator
from desktop.printing.cards import PrintCard
from desktop.printing.sheets import (
    PrintSheet,
    SheetCard,
    SheetClock,
    SheetDay,
    SheetDie,
    SheetDowntime,
    SheetEnergy,
    SheetItem,
    SheetTrait,
)
from desktop.printing.summary import PrintSummary, SummaryChapter, SummaryClaim, SummaryFaction
from desktop.rules.energy import DayState
from desktop.store import (
    Campaign,
    CardRecord,
    CharacterRecord,
    ClockRecord,
    DieRecord,
    DowntimeSheet,
)

__all__ = [
    "gather_sheet",
    "gather_sheets",
    "gather_summary",
    "player_characters",
    "print_card",
    "print_cards",
]

DAYS_SHOWN = 7


def player_characters(campaign: Campaign) -> list[CharacterRecord]:
    """The roster's player characters, in roster order."""
    return [record for record in campaign.roster.all() if record.kind == "pc"]


def gather_sheets(
    campaign: Campaign,
    characters: Sequence[CharacterRecord] | None = None,
    tr: Translator | None = None,
) -> list[PrintSheet]:
    """A sheet for each of ``characters`` (every player character when None), its dates
    in the print language ``tr`` (English when None)."""
    chosen = list(characters) if characters is not None else player_characters(campaign)
    if not chosen:
        return []
    context = _Context.read(campaign, tr if tr is not None else translator("en"))
    return [_sheet(campaign, record, context) for record in chosen]


def gather_sheet(campaign: Campaign, character_id: int) -> PrintSheet:
    """The sheet of one character (NotFound when it is no longer in the campaign)."""
    return gather_sheets(campaign, [campaign.roster.get(character_id)])[0]


@dataclass(frozen=True)
class _Context:
    """What every sheet of one printing shares, read once."""

    name: str
    start: date
    today: int
    stress_track: int
    cards: tuple[CardRecord, ...]
    card_names: dict[int, str]
    stored_downtime: frozenset[int]
    tr: Translator

    @classmethod
    def read(cls, campaign: Campaign, tr: Translator) -> _Context:
        summary = campaign.summary()
        cards = tuple(campaign.cards.all())
        return cls(
            name=summary.name,
            start=summary.start_date,
            today=summary.current_day,
            stress_track=int(campaign.settings().get("stress_track", 9)),
            cards=cards,
            card_names={card.id: card.name for card in cards},
            stored_downtime=frozenset(campaign.downtime.sheets(stored_only=True)),
            tr=tr,
        )

    def date_of(self, day: int) -> date:
        return self.start + timedelta(days=day - 1)

    @property
    def day_label(self) -> str:
        when = self.tr.long_date(self.date_of(self.today))
        return self.tr.gettext("Day {day} · {date}").format(day=self.today, date=when)


# The fields a sheet shares with a character's record (name, kind, notes), taken by name:
# a field the roster and the sheet both gain reaches the sheet without a line here.
_FROM_RECORD: tuple[str, ...] = tuple(
    field.name
    for field in fields(PrintSheet)
    if field.name in {known.name for known in fields(CharacterRecord)}
)


def _sheet(campaign: Campaign, record: CharacterRecord, context: _Context) -> PrintSheet:
    dice = campaign.kit.dice(record.id)
    cards = _character_cards(context, record.id)
    return PrintSheet(
        **{name: getattr(record, name) for name in _FROM_RECORD},
        portrait=_portrait(campaign, cards, record.id),
        campaign=context.name,
        day_label=context.day_label,
        dice=tuple(_die(die) for die in dice if die.item_id is None),
        traits=tuple(
            SheetTrait(trait.name, trait.value, trait.broad)
            for trait in campaign.kit.traits(record.id)
        ),
        items=_items(campaign, record.id, dice),
        energy=_energy(campaign, record.id, context),
        downtime=_downtime(campaign, record, context),
        clocks=_clocks(campaign.clocks.of_owner("character", record.id)),
        cards=tuple(_card(card, context.card_names) for card in cards),
    )


def _die(die: DieRecord) -> SheetDie:
    return SheetDie(die.size, die.kind, die.place)


def _items(
    campaign: Campaign, character_id: int, dice: Sequence[DieRecord]
) -> tuple[SheetItem, ...]:
    by_id = {die.id: die for die in dice}
    items = []
    for item in campaign.kit.items(character_id):
        die = by_id.get(item.die_id) if item.die_id is not None else None
        items.append(
            SheetItem(item.name, item.kind, item.deplete, None if die is None else _die(die))
        )
    return tuple(items)


# ------------------------------------------------------------------------- SySCards


def print_cards(campaign: Campaign, cards: Sequence[CardRecord] | None = None) -> list[PrintCard]:
    """PrintCards for `cards` (all of the campaign's when None), owners named, images in."""
    chosen = list(cards) if cards is not None else campaign.cards.all()
    names = {card.id: card.name for card in campaign.cards.all()} if chosen else {}
    return [print_card(card, names.get(card.owner_id or -1), campaign) for card in chosen]


def print_card(card: CardRecord, owner: str | None, campaign: Campaign | None) -> PrintCard:
    image = campaign.cards.image(card.id) if campaign is not None and card.has_image else None
    return PrintCard(
        **_card_stats(card),
        owner=owner,
        info_html=card.info,
        tags=tuple(card.tags),
        image=image[1] if image else None,
    )


def _character_cards(context: _Context, character_id: int) -> list[CardRecord]:
    """The cards linked to the character, then every card they own, however deep.

    A character's card owns its skills and items, and an item may own an ability of
    its own: all of them are the character's, in the SySCards list's order, the
    character's own card first.
    """
    mine = {card.id for card in context.cards if card.character_id == character_id}
    while True:
        owned = {card.id for card in context.cards if card.owner_id in mine} - mine
        if not owned:
            break
        mine |= owned
    linked = [card for card in context.cards if card.character_id == character_id]
    return linked + [card for card in context.cards if card.id in mine and card not in linked]


def _card(card: CardRecord, names: dict[int, str]) -> SheetCard:
    owner = names.get(card.owner_id) if card.owner_id is not None else None
    return SheetCard(**_card_stats(card), owner=owner)


# What a card on paper and a card on a character sheet both show, as the card has it.
_CARD_STATS = (
    "name",
    "category",
    "efficiency",
    "power",
    "velocity",
    "focus",
    "resistance",
    "zone",
    "scale",
)


def _card_stats(card: CardRecord) -> dict[str, Any]:
    return {field: getattr(card, field) for field in _CARD_STATS}


def _portrait(campaign: Campaign, cards: Iterable[CardRecord], character_id: int) -> bytes | None:
    """The image of the character's own character card, if it has one."""
    for card in cards:
        if card.character_id == character_id and card.category == "character" and card.has_image:
            image = campaign.cards.image(card.id)
            if image is not None:
                return image[1]
    return None


# --------------------------------------------------------------------------- energy


def _energy(campaign: Campaign, character_id: int, context: _Context) -> SheetEnergy | None:
    """The profile, the latest stores and the last seven days; None if it has neither."""
    profile = campaign.calendar.profile(character_id)
    first = max(1, context.today - DAYS_SHOWN + 1)
    days = campaign.calendar.days(character_id, first, context.today)
    latest = days[max(days)] if days else _latest_before(campaign, character_id, first)
    if profile is None and latest is None:
        return None
    return SheetEnergy(
        daily_net=None if profile is None else profile.daily_net,
        abilities=()
        if profile is None
        else tuple((ability.name, ability.rating) for ability in profile.abilities),
        general_store=0 if latest is None else latest.general_store,
        projects=() if latest is None else tuple((p.project, p.value) for p in latest.pools),
        days=tuple(_day(day, days.get(day), context) for day in range(first, context.today + 1)),
    )


def _latest_before(campaign: Campaign, character_id: int, day: int) -> DayState | None:
    """The last day stored before ``day``: the stores a character carries into the week."""
    return campaign.calendar.day_before(character_id, day)


def _day(day: int, state: DayState | None, context: _Context) -> SheetDay:
    when = context.tr.short_date(context.date_of(day))
    if state is None:
        return SheetDay(day, when)
    return SheetDay(
        day=day,
        date=when,
        opened=state.opened_daily,
        left=state.daily,
        general=state.general_store,
        projects=sum(pool.value for pool in state.pools),
        debt=state.debt,
        entries=len(state.entries),
        dead=state.dead,
    )


# ------------------------------------------------------------------------- downtime


def _downtime(
    campaign: Campaign, record: CharacterRecord, context: _Context
) -> SheetDowntime | None:
    """Player characters always have the downtime side; others only once it is filled in."""
    if record.kind != "pc" and record.id not in context.stored_downtime:
        return None
    sheet: DowntimeSheet = campaign.downtime.sheet(record.id)
    return SheetDowntime(
        stress=sheet.stress,
        stress_track=context.stress_track,
        trauma=sheet.trauma,
        hp=sheet.hp,
        hp_max=sheet.hp_max,
        xp=tuple(sheet.xp),
        virtue=sheet.virtue,
        vice=sheet.vice,
        purveyor=sheet.vice_purveyor,
        friends=_lines(sheet.friends),
        contacts=_lines(sheet.contacts),
    )


def _lines(text: str) -> tuple[str, ...]:
    return tuple(line.strip() for line in text.splitlines() if line.strip())


def _clocks(records: Iterable[ClockRecord]) -> tuple[SheetClock, ...]:
    return tuple(SheetClock(c.name, c.segments, c.filled, c.note) for c in records)


# -------------------------------------------------------------------------- summary


def gather_summary(campaign: Campaign, tr: Translator | None = None) -> PrintSummary:
    """The faction ladder, the chapter and the claims, as the GM summary prints them,
    its date in the print language ``tr`` (English when None)."""
    words = tr if tr is not None else translator("en")
    summary = campaign.summary()
    chapter = campaign.chapter.get()
    clocks = campaign.clocks.all()
    faction_records = campaign.factions.all()
    names = {faction.id: faction.name for faction in faction_records}
    return PrintSummary(
        campaign=summary.name,
        day_label=words.gettext("Day {day} · {date}").format(
            day=summary.current_day, date=words.long_date(summary.today)
        ),
        chapter=SummaryChapter(
            name=chapter.name,
            tier=chapter.tier,
            hold=chapter.hold,
            rep=chapter.rep,
            turf=chapter.turf,
            coin=chapter.coin,
            heat=chapter.heat,
            at_war=chapter.at_war,
            lair_held=chapter.lair_held,
            notes=chapter.notes,
            clocks=_clocks(c for c in clocks if c.owner_kind == "chapter"),
        ),
        factions=tuple(
            SummaryFaction(
                name=faction.name,
                tier=faction.tier,
                hold=faction.hold,
                status=faction.status,
                at_war_with_others=faction.at_war_with_others,
                clocks=_clocks(
                    c for c in clocks if c.owner_kind == "faction" and c.owner_id == faction.id
                ),
            )
            for faction in faction_records
        ),
        claims=tuple(
            SummaryClaim(
                claim.name,
                claim.benefit,
                claim.turf,
                chapter.name if claim.holder_id == 0 else names.get(claim.holder_id, ""),
            )
            for claim in campaign.chapter.claims()
        ),
    )
