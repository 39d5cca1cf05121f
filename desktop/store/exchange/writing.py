"""Import: a new campaign file from an export, all or nothing.

`read_document` (store/exchange/reading.py) checks every field first; only a fully
valid document becomes a campaign file, written here under a temporary name.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING, Any

from desktop.rules.energy import CharacterProfile
from desktop.store import calendar as energy
from desktop.store import checks
from desktop.store.campaign import Campaign, Populate
from desktop.store.errors import ImportRefused
from desktop.store.exchange.document import (
    CampaignDocument,
    ImageCheck,
    Progress,
    no_progress,
)
from desktop.store.exchange.export import TICK, fields_of, without
from desktop.store.exchange.reading import read_document
from desktop.store.games import GameRecord, state_to_text
from desktop.store.history import sentences
from desktop.store.rolls import RollRecord
from desktop.store.tables import flat_sections

if TYPE_CHECKING:
    from sqlmodel import Session


def import_campaign(
    source: Path,
    destination: Path,
    *,
    data_dir: Path,
    images: ImageCheck,
    progress: Progress = no_progress,
) -> Campaign:
    """Make a new campaign file at `destination` from an export, all or nothing."""
    document = read_document(source, images=images, progress=lambda f: progress(0.4 * f))
    return write_document(
        document, destination, data_dir=data_dir, progress=lambda f: progress(0.4 + 0.6 * f)
    )


def write_document(
    document: CampaignDocument,
    destination: Path,
    *,
    data_dir: Path,
    progress: Progress = no_progress,
) -> Campaign:
    """The new campaign file of a checked document, built under a temporary name and
    renamed into place: a failure or a cancel (`progress` raising Cancelled) leaves
    nothing at `destination` and nothing beside it."""
    try:
        return Campaign.create(
            destination,
            data_dir=data_dir,
            name=document.name,
            start_date=document.start_date,
            current_day=document.current_day,
            # A file from elsewhere must not turn sharing on with links its author knows:
            # sharing starts only when this GM chooses it, with tokens made here.
            settings={
                key: value for key, value in document.settings.items() if key != checks.SHARING_KEY
            },
            populate=_populate(document, progress),
            first_entry=sentences.imported(document.source_name),
        )
    except ValueError as error:
        # A value the writer's bounds refuse that the document's checks let through:
        # still the import's plain refusal, with nothing written.
        raise ImportRefused(str(error)) from None


def _chunks(records: Sequence[Any]) -> Iterator[Sequence[Any]]:
    for start in range(0, len(records), 10 * TICK):
        yield records[start : start + 10 * TICK]


def _populate(document: CampaignDocument, progress: Progress) -> Populate:
    def populate(session: Session) -> None:
        from desktop.store import writer
        from desktop.store.calendar import writes as calendar_writes
        from desktop.store.cards import writes as card_writes
        from desktop.store.downtime import writes as downtime_writes
        from desktop.store.models import Character, Die, DowntimeSheetRow, Item, Trait
        from desktop.store.rolls import writes as roll_writes

        def rows(model: type[Any], values: Sequence[dict[str, object]]) -> _Step:
            return (lambda s, chunk: writer.insert_new_rows(s, model, chunk), values)

        sheets = [downtime_writes.sheet_row(sheet) for sheet in document.downtime_sheets]
        # The file is new and every value checked: the large tables go in as plain rows,
        # each table in slices, so a cancel stops even a large import within a moment
        # (the transaction rolls back and Campaign.create removes the unfinished file).
        steps: list[_Step] = [
            rows(Character, [fields_of(r) for r in document.characters]),
            rows(Item, [without(r, "die_id") for r in document.items]),  # before their dice
            rows(Trait, [fields_of(r) for r in document.traits]),
            rows(Die, [fields_of(r) for r in document.dice]),
            (
                lambda s, chunk: roll_writes.insert_rolls(s, [_roll_columns(r) for r in chunk]),
                document.rolls,
            ),
            (_insert_profiles, document.energy_profiles),  # a character's days follow it
            (
                lambda s, chunk: calendar_writes.put_energy_days(
                    s, [(cid, st.day, energy.day_text(st)) for cid, st in chunk]
                ),
                document.energy_days,
            ),
            rows(DowntimeSheetRow, [row for row in sheets if row is not None]),
        ]
        total = sum(len(values) for _, values in steps) or 1
        done = 0
        for insert, values in steps:
            for chunk in _chunks(values):
                progress(0.9 * done / total)
                insert(session, chunk)
                session.flush()  # the ORM's rows reach the file before the next table's
                done += len(chunk)
        progress(0.9)
        card_writes.insert_cards(session, [snapshot.card for snapshot in document.cards])
        for snapshot in document.cards:
            if snapshot.image is not None:
                card_writes.set_card_image(session, snapshot.card.id, snapshot.image)
        _populate_downtime(session, document)
        _insert_games(session, document.games)
        for section in flat_sections():  # the areas' own flat tables, as they insert them
            section.insert(session, document.sections.get(section.key, ()))
        progress(1.0)  # the last moment a cancel can still leave nothing behind

    return populate


_Step = tuple[Callable[["Session", Any], None], Sequence[Any]]


def _insert_profiles(session: Session, profiles: Sequence[tuple[int, CharacterProfile]]) -> None:
    from desktop.store.calendar import writes as calendar_writes

    for character_id, profile in profiles:
        abilities = energy.abilities_text(energy.abilities_of(profile))
        calendar_writes.set_energy_profile(session, character_id, profile.daily_net, abilities)


def _populate_downtime(session: Session, document: CampaignDocument) -> None:
    from desktop.store.chapter import writes as chapter_writes
    from desktop.store.clocks import writes as clock_writes
    from desktop.store.downtime import writes as downtime_writes
    from desktop.store.factions import writes as faction_writes

    faction_writes.insert_factions(session, document.factions)
    if document.chapter is not None:  # else the new campaign's own, named after it
        chapter_writes.set_chapter(session, document.chapter)
    chapter_writes.insert_claims(session, document.claims)
    chapter_writes.add_paths(session, document.claim_paths)
    clock_writes.insert_clocks(session, document.clocks)
    for number in document.downtime_sessions:
        downtime_writes.add_session(session, number)
    downtime_writes.insert_entries(session, document.downtime_entries)


def _insert_games(session: Session, games: Sequence[GameRecord]) -> None:
    from desktop.store.models import GameRow

    for game in games:
        session.add(
            GameRow(
                id=game.id,
                started_at=game.started_at,
                started_day=game.started_day,
                ended_at=game.ended_at,
                state=state_to_text(game),
            )
        )
    session.flush()


def _roll_columns(roll: RollRecord) -> dict[str, object]:
    return {
        **asdict(roll),
        "detail": checks.detail(roll.detail),
    }
