"""The store writes only what it would open, and imports only what it would write
(issue 26): the bounds of every stored number declared once (`store/bounds.py`) and
held by every writer, the import, the open check and Check Campaign; the invariants of
a game held by the same four. Real files; the import reads a real export."""

from __future__ import annotations

import copy
import json
import sqlite3
from collections.abc import Callable
from contextlib import closing
from dataclasses import replace
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from desktop.rules import factions
from desktop.store import Campaign, checks
from desktop.store.exchange import export_document, import_campaign
from tests.store.file_state import assert_import_refused, assert_sound, dump, findings

TOP = checks.INTEGER_MAX


def _refused_plainly(action: Callable[[], object], campaign: Campaign, match: str) -> None:
    """`action` is refused with a plain ValueError, and the file is as it was."""
    before = dump(campaign.path)
    with pytest.raises(ValueError, match=match) as refused:
        action()
    assert type(refused.value) is ValueError  # not OverflowError, not the database's
    message = str(refused.value)
    assert "sqlite" not in message.lower() and "Error" not in message
    assert dump(campaign.path) == before


# -- the chapter's numbers ------------------------------------------------------------------


def test_a_payoff_at_war_at_the_top_of_heat_is_refused_and_writes_nothing(
    campaign: Campaign, tmp_path: Path
) -> None:
    campaign.chapter.update(heat=TOP)
    foes = campaign.factions.add("Red Sashes", status=factions.WAR_STATUS)
    assert campaign.chapter.get().at_war, foes
    # At war a payoff adds +1 heat (RULES.md section 4): 2,147,483,648 fits no column.
    _refused_plainly(
        lambda: campaign.chapter.apply_payoff(1, False, "major"),
        campaign,
        r"The chapter's heat can be at most 2,147,483,647, not 2,147,483,648\.",
    )
    assert campaign.chapter.get().heat == TOP
    assert_sound(campaign, tmp_path)


@pytest.mark.parametrize(
    "action",
    [
        lambda c: c.chapter.update(coin=2**40),
        lambda c: c.chapter.update(heat=2**31),
        lambda c: c.chapter.apply_payoff(1, False, "major", coin=10**30),
        lambda c: c.chapter.restore(replace(c.chapter.get(), coin=2**63)),
    ],
    ids=["update coin 2**40", "update heat 2**31", "major payoff 10**30", "restore 2**63"],
)
def test_coin_and_heat_past_the_files_bound_are_refused_plainly(
    campaign: Campaign, tmp_path: Path, action: Callable[[Campaign], object]
) -> None:
    _refused_plainly(lambda: action(campaign), campaign, r"can be at most 2,147,483,647")
    assert_sound(campaign, tmp_path)


def test_the_writer_refuses_a_row_out_of_bounds_whatever_the_action(
    campaign: Campaign,
) -> None:
    """The last word before the file: even an action that forgot its check cannot
    write a number its column's bound refuses (here a claim transfer's chapter row)."""
    from desktop.store.calendar import writes as calendar_writes
    from desktop.store.chapter import writes as chapter_writes

    before = dump(campaign.path)
    chapter = campaign.chapter.get()
    refused = pytest.raises(ValueError, match="The chapter's coin must be at least 0")
    with refused, campaign.writing() as session:
        chapter_writes.set_chapter(session, replace(chapter, coin=-1))
    refused = pytest.raises(ValueError, match="current day can be at most")
    with refused, campaign.writing() as session:
        calendar_writes.set_current_day(session, checks.CURRENT_DAY_MAX + 1)
    assert dump(campaign.path) == before


# -- the declaration ------------------------------------------------------------------------


def test_every_whole_number_column_is_declared_once() -> None:
    from sqlmodel import SQLModel

    from desktop.store import bounds, models

    assert models
    integer_columns = {
        (table.name, column.name)
        for table in SQLModel.metadata.sorted_tables
        for column in table.columns
        if str(column.type) == "INTEGER"
    }
    declared = {
        (table, column) for table, columns in bounds.columns().items() for column in columns
    }
    assert declared == integer_columns


def test_a_safe_value_stands_in_for_a_bad_one_where_one_exists() -> None:
    from desktop.store import bounds

    # Repair's question: what may replace a faction's tier of 99?
    assert bounds.safe_value("faction", "tier") == factions.MIN_TIER
    assert bounds.safe_value("chapter", "heat") == 0
    assert bounds.safe_value("roll_log", "game_id") is None  # an empty link is safe
    for table, column in (("die", "id"), ("die", "character_id"), ("character", "name")):
        with pytest.raises(bounds.NoSafeValue):
            bounds.safe_value(table, column)
    for table, columns in bounds.columns().items():
        for column, declared in columns.items():
            if declared.has_safe and declared.safe is not None:
                assert bounds.check(table, column, declared.safe) == declared.safe


def _set(path: Path, sql: str, *parameters: object) -> None:
    with closing(sqlite3.connect(path)) as connection, connection:
        connection.execute(sql, parameters)


@pytest.fixture
def closed_campaign(tmp_path: Path, data_dir: Path) -> Path:
    path = tmp_path / "judged.gmdesk"
    made = Campaign.create(path, data_dir=data_dir, start_date=date(2026, 3, 1))
    ash = made.roster.add("Ash", "pc").id
    made.kit.add_dice(ash, size=6, count=3)
    made.factions.add("Red Sashes")
    made.kit.add_trait(ash, "Strong", 2, True)
    made.close()
    return path


@pytest.mark.parametrize(
    ("sql", "named"),
    [
        ("UPDATE chapter SET heat = 2147483648", "The chapter's heat can be at most"),
        ("UPDATE trait SET value = 0", "A trait's value must be at least 1"),
        ("UPDATE die SET position = -1 WHERE id = 1", "A die's position must be at least 0"),
        ("UPDATE campaign SET current_day = 100001", "current day can be at most 100,000"),
        ("UPDATE campaign SET start_date = '9500-01-01'", "A campaign starts between"),
    ],
)
def test_the_open_check_holds_each_column_to_its_declared_bound(
    closed_campaign: Path, sql: str, named: str
) -> None:
    _set(closed_campaign, sql)
    found = findings(closed_campaign)
    assert any(named in message for message in found), found
    assert len(found) == 1, found  # one bad value, one finding


# -- games: what the import, the open check and the store hold them to -------------------------


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A real export with an ended game (a scene, an action, a growth) and a running one."""
    folder = tmp_path_factory.mktemp("played")
    made = Campaign.create(folder / "p.gmdesk", data_dir=folder / "d", start_date=date(2026, 3, 1))
    ash = made.roster.add("Ash", "pc").id
    bryn = made.roster.add("Bryn", "pc").id
    made.roster.add("Storm", "challenge")
    for cid in (ash, bryn):
        made.kit.add_dice(cid, size=6, count=3)
    made.games.start(at="2026-03-01T19:00:00")
    made.games.set_scene("A ford in the rain", [ash, bryn])
    made.games.declare(ash, "Wade across")
    made.kit.add_dice(ash, size=6, count=1)
    made.games.end(at="2026-03-01T23:00:00")
    made.games.start(at="2026-03-02T19:00:00")
    made.games.set_scene("The hill fort", [ash])
    document = export_document(made)
    made.close()
    return json.loads(json.dumps(document))


def _ended(doc: dict[str, Any]) -> dict[str, Any]:
    return doc["games"][0]


def _running(doc: dict[str, Any]) -> dict[str, Any]:
    return doc["games"][1]


GAME_MUTATIONS: dict[str, tuple[Callable[[dict[str, Any]], object], str]] = {
    "blank scene text": (
        lambda d: _running(d)["state"]["scenes"][0].update(text="   "),
        "its text cannot be empty",
    ),
    "turn of a character not in the turn order": (
        lambda d: _running(d)["state"].update(turn_of=2),  # Bryn: not in the hill fort
        "turn order",
    ),
    "started_day 999": (lambda d: _running(d).update(started_day=999), "after the campaign's"),
    "ended before it started": (
        lambda d: _ended(d).update(ended_at="2026-02-01T00:00:00"),
        "cannot end before it started",
    ),
    "growth that shrinks": (
        lambda d: _ended(d)["state"].update(grown=[[1, 3, 2]]),
        "never shrinks",
    ),
    "growth from another size": (
        lambda d: _ended(d)["state"].update(grown=[[1, 1, 4]]),
        "size recorded when the game started",
    ),
    "a roll in a game that is not there": (
        lambda d: d["roll_log"].append(
            {
                "id": 900,
                "at": "2026-03-01T20:00:00",
                "character_name": "Ash",
                "kind": "roll",
                "game_id": 42,
            }
        ),
        "a game that is not in the campaign",
    ),
    "duplicate actions": (
        lambda d: _running(d)["state"].update(actions=[[1, "Climb"], [1, "Hide"]]),
        "two actions",
    ),
    "two running games": (lambda d: _ended(d).update(ended_at=None, state={}), "Only one game"),
    "a turn in an ended game": (lambda d: _ended(d)["state"].update(turn_of=1), "ended game"),
}


@pytest.mark.parametrize("kind", sorted(GAME_MUTATIONS))
def test_the_import_refuses_a_game_state_the_store_never_writes(
    played: dict[str, Any], tmp_path: Path, kind: str
) -> None:
    mutate, named = GAME_MUTATIONS[kind]
    document = copy.deepcopy(played)
    mutate(document)
    assert_import_refused(document, tmp_path / "import", named)


@pytest.mark.parametrize(
    ("sql", "named"),
    [
        (
            "UPDATE game SET ended_at = NULL, state = json_set(state, '$.grown', json('[]'))",
            "Only one game can be running",
        ),
        ("UPDATE game SET started_day = 999 WHERE id = 2", "after the campaign's current day"),
        (
            "INSERT INTO roll_log (at, character_name, kind, detail, summary, undone, game_id)"
            " VALUES ('2026-03-01T20:00:00', 'Ash', 'roll', '{}', '', 0, 42)",
            "a game that is not in the campaign",
        ),
        (
            "UPDATE game SET state = json_set(state, '$.turn_of', 2) WHERE id = 2",
            "turn order",
        ),
        (
            "UPDATE game SET state = json_set(state, '$.scenes[0].text', ' ') WHERE id = 2",
            "its text cannot be empty",
        ),
    ],
)
def test_check_campaign_names_a_game_state_the_store_never_writes(
    played: dict[str, Any], tmp_path: Path, sql: str, named: str
) -> None:
    source = tmp_path / "export.json"
    source.write_text(json.dumps(played), encoding="utf-8")
    path = tmp_path / "g.gmdesk"
    import_campaign(source, path, data_dir=tmp_path / "d", images=lambda *_i: True).close()
    assert findings(path) == []
    _set(path, sql)
    found = findings(path)
    assert any(named in message for message in found), found


# -- what Check Campaign passed, its own export now imports ----------------------------------


def test_a_game_that_named_a_deleted_character_exports_and_imports_again(
    campaign: Campaign, tmp_path: Path
) -> None:
    ash = campaign.roster.add("Ash", "pc").id
    bryn = campaign.roster.add("Bryn", "pc").id
    for cid in (ash, bryn):
        campaign.kit.add_dice(cid, size=6, count=3)
    campaign.games.start()
    campaign.games.set_scene("The ford", [ash, bryn])
    campaign.games.take_turn(bryn)
    campaign.games.declare(bryn, "Swim")
    # The game keeps who played, by id, as its pool sizes at start do.
    campaign.roster.delete(bryn)
    assert_sound(campaign, tmp_path)


# -- the store's own game steps keep the same invariants ---------------------------------------


def _two_players(campaign: Campaign) -> tuple[int, int]:
    ash = campaign.roster.add("Ash", "pc").id
    bryn = campaign.roster.add("Bryn", "pc").id
    for cid in (ash, bryn):
        campaign.kit.add_dice(cid, size=6, count=3)
    return ash, bryn


def test_a_game_never_ends_before_it_started(campaign: Campaign, tmp_path: Path) -> None:
    campaign.roster.add("Ash", "pc")  # a game starts with a player character
    campaign.games.start(at="2099-03-01T19:00:00")  # the clock went back since
    _refused_plainly(
        lambda: campaign.games.end(at="2099-03-01T18:00:00"),
        campaign,
        "cannot end before it started",
    )
    _before, ended = campaign.games.end()
    assert ended.ended_at == "2099-03-01T19:00:00"
    assert_sound(campaign, tmp_path)


def test_updating_the_scene_passes_the_turn_on_when_its_player_left(
    campaign: Campaign, tmp_path: Path
) -> None:
    ash, bryn = _two_players(campaign)
    campaign.games.set_seating([ash, bryn])
    campaign.games.start()
    campaign.games.set_scene("The ford", [ash, bryn])
    campaign.games.take_turn(bryn)
    campaign.games.set_scene("The ford, Bryn gone ahead", [ash], new=False)
    assert campaign.games.current().turn_of == ash
    assert_sound(campaign, tmp_path)


def test_a_second_running_game_and_a_start_after_today_are_refused(
    campaign: Campaign,
) -> None:
    campaign.roster.add("Ash", "pc")  # a game starts with a player character
    first = campaign.games.start(at="2026-03-01T19:00:00")
    _before, ended = campaign.games.end(at="2026-03-01T22:00:00")
    campaign.games.start(at="2026-03-02T19:00:00")
    _refused_plainly(lambda: campaign.games.put(first), campaign, "Only one game")
    _refused_plainly(
        lambda: campaign.games.put(replace(ended, started_day=5)), campaign, "after the campaign"
    )


def test_a_start_with_rolls_in_its_game_is_undone_only_after_them(campaign: Campaign) -> None:
    ash, _bryn = _two_players(campaign)
    game = campaign.games.start()
    campaign.games.set_scene("The ford", [ash])
    line = campaign.rolls.log(ash, "Ash", "roll", {}, 7, "Ash rolled 7")
    assert line.game_id == game.id
    _refused_plainly(lambda: campaign.games.remove(game.id), campaign, "undo them before")
    campaign.rolls.set_undone(line.id, True)
    campaign.games.remove(game.id)  # the undone line stays, as the log keeps it


def test_end_day_is_undone_only_after_a_game_started_on_the_new_day(campaign: Campaign) -> None:
    ash, _bryn = _two_players(campaign)
    campaign.calendar.set_profile(ash, 10, {})
    token = campaign.calendar.end_day()
    game = campaign.games.start()
    assert game.started_day == 2
    _refused_plainly(
        lambda: campaign.calendar.undo_end_day(token.token), campaign, "Undo that game"
    )
    campaign.games.remove(game.id)
    campaign.calendar.undo_end_day(token.token)
    assert campaign.summary().current_day == 1


def test_a_rules_range_is_the_bound_of_the_column_that_keeps_it() -> None:
    """The store's bound of a tier, a status, a clock's segments and an efficiency is
    the range the rules state (issue 28), in the store's words, with its safe value."""
    from desktop.rules import downtime, syscards
    from desktop.rules.numbers import WholeRange
    from desktop.store.bounds import Bound, bound_from, of_table

    assert of_table("faction")["tier"] == Bound("A faction's tier", 0, 6, 0)
    assert of_table("faction")["status"] == Bound("A faction's status", -3, 3, factions.NEUTRAL)
    assert of_table("chapter")["tier"] == Bound("The chapter's tier", 0, 6, 0)
    assert of_table("clock")["segments"] == Bound("A clock's segments", 2, 12, 4)
    assert of_table("card")["efficiency"] == Bound("A SySCard's efficiency", 1, 100, 1)
    for declared, stated in (
        (of_table("faction")["tier"], factions.TIER),
        (of_table("clock")["segments"], downtime.SEGMENTS),
        (of_table("card")["efficiency"], syscards.EFFICIENCY),
    ):
        assert (declared.low, declared.high) == (stated.low, stated.high)
    # An optional range is a nullable column whose safe value is empty.
    optional = bound_from(WholeRange("An age", 0, 10, optional=True))
    assert optional == Bound("An age", 0, 10, None, nullable=True)
    assert bound_from(WholeRange("A count", 1, 3), safe=2) == Bound("A count", 1, 3, 2)


def test_a_characters_whole_number_fields_are_bounded_by_their_checks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every WholeRange among a character's checks is its column's bound: a new
    whole-number field needs no line in roster/tables.py."""
    import importlib

    from desktop.rules import roster
    from desktop.rules.numbers import WholeRange
    from desktop.store.bounds import Bound
    from desktop.store.roster import tables

    monkeypatch.setitem(roster.CHECKS, "height", WholeRange("A height", 1, 300))
    made = importlib.reload(tables)
    try:
        (character,) = made.TABLES
        assert character.bounds["height"] == Bound("A height", 1, 300, 1)
        ranges = {name for name, check in roster.CHECKS.items() if isinstance(check, WholeRange)}
        assert set(character.bounds) == {"id", "position", *ranges}
    finally:
        monkeypatch.undo()
        importlib.reload(tables)
