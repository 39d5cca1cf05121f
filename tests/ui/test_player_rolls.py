"""A player's roll from their phone, on the GM's side (issue 30): the server double hands
a request over from another thread, as the real server's thread does; the controller
makes it with the real store as the Dice Table's own RollTray, one step on the GM's undo
stack, and answers the server."""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator
from dataclasses import replace
from datetime import date
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from desktop.actions.player_tray import ALREADY_MOVED
from desktop.share.messages import PlayerRequest, RollRequest
from desktop.store import Campaign
from desktop.ui.commands import DeleteCharacter
from desktop.ui.docks.dice_table import DiceTableWidget
from desktop.ui.main_window import MainWindow
from desktop.ui.settings import Settings
from desktop.ui.sharing.addresses import Address
from desktop.ui.sharing.player_rolls import GM_ROLLING, VIEW_ONLY
from desktop.views.player import payload, player_view
from tests.ui.docks import campaign_of, shown_dock
from tests.ui.sharing_doubles import FakeServer, FakeServers

LOOPBACK = (Address("This computer only — 127.0.0.1", "127.0.0.1", True),)


# The GM's window, the server double it shares through, and the campaign's ids by name.
Gm = tuple[MainWindow, FakeServer, dict[str, int]]


@pytest.fixture
def gm(qtbot: QtBot, settings_path: Path, campaign_path: Path, data_dir: Path) -> Iterator[Gm]:
    campaign_path.parent.mkdir(parents=True, exist_ok=True)
    campaign = Campaign.create(campaign_path, data_dir=data_dir, start_date=date(2026, 3, 1))
    kara = campaign.roster.add("Kara Voss", "pc").id
    ilse = campaign.roster.add("Ilse Marr", "pc").id
    d1, d2, d3 = (die.id for die in campaign.kit.add_dice(kara, size=12, count=3))
    other = campaign.kit.add_dice(ilse, size=8)[0].id
    trait = campaign.kit.add_trait(kara, "Climber", 1).id
    ilse_trait = campaign.kit.add_trait(ilse, "Liar", 2).id
    campaign.close()
    ids = {"kara": kara, "ilse": ilse, "d1": d1, "d2": d2, "d3": d3, "other": other}
    ids |= {"trait": trait, "ilse_trait": ilse_trait}
    servers = FakeServers()
    settings = Settings(QSettings(str(settings_path), QSettings.Format.IniFormat))
    window = MainWindow(settings, data_dir, share_server=servers, share_files=dict)
    window.sharing.addresses = lambda: LOOPBACK
    qtbot.addWidget(window)
    window.show()
    assert window.open_campaign(campaign_path, interactive=False)
    assert window.session is not None
    window.session.rng = random.Random(30)
    assert window.sharing.share_at("127.0.0.1", 8765)
    yield window, servers.last, ids
    window.sharing.stop()
    window.close()
    QApplication.processEvents()


def request(
    request_id: str, dice: list[int], traits: tuple[int, ...] | list[int] = (), **steps: int
) -> RollRequest:
    return RollRequest(
        type="roll", id=request_id, dice=dice, traits=list(traits), steps=dict(steps)
    )


def ask(
    qtbot: QtBot, server: FakeServer, character_id: int, asked: PlayerRequest
) -> tuple[int, str, bool, str]:
    """Hand `asked` over from another thread, as the server's own does; its answer."""
    assert server.on_request is not None
    before = len(server.answers)
    thread = threading.Thread(target=server.on_request, args=(character_id, asked))
    thread.start()
    thread.join()
    qtbot.waitUntil(lambda: len(server.answers) > before, timeout=3000)
    return server.answers[-1]


def test_a_page_is_view_only_until_the_gm_allows_rolls(qtbot: QtBot, gm: Gm) -> None:
    window, server, ids = gm
    campaign = campaign_of(window)
    kara = ids["kara"]
    assert player_view(campaign, kara).may_roll is False
    answer = ask(qtbot, server, kara, request("a1", [ids["d1"]]))
    assert answer == (kara, "a1", False, VIEW_ONLY)
    assert window.session is not None
    assert campaign.rolls.all() == [] and not window.session.undo_stack.count()
    window.sharing.allow_rolls(kara, True)
    assert campaign.sharing()["rolls"] == [kara]
    assert window.sharing.rolls_allowed(kara) and not window.sharing.rolls_allowed(ids["ilse"])
    shown = payload(player_view(campaign, kara))
    character = shown["character"]
    assert isinstance(character, dict) and character["may_roll"] is True  # the page is told
    window.sharing.allow_rolls(kara, False)
    assert campaign.sharing()["rolls"] == []


def test_a_players_roll_is_one_step_on_the_gms_undo_stack(qtbot: QtBot, gm: Gm) -> None:
    window, server, ids = gm
    campaign, session = campaign_of(window), window.session
    assert session is not None
    kara = ids["kara"]
    window.sharing.allow_rolls(kara, True)
    before = campaign.kit.dice(kara)
    steps = {str(ids["d1"]): 1}
    asked = request("r1", [ids["d1"], ids["d2"]], [ids["trait"]], **steps)
    assert ask(qtbot, server, kara, asked) == (kara, "r1", True, "")
    assert session.undo_stack.count() == 1
    assert "from their device" in session.undo_stack.text(0)
    [logged] = campaign.rolls.all()
    assert logged.character_id == kara and logged.detail["by"] == "player"
    assert "from the player's device" in logged.summary
    rolled = {die["die_id"]: die for die in logged.detail["dice"]}
    assert set(rolled) == {ids["d1"], ids["d2"]}
    assert rolled[ids["d1"]]["steps"] == 1 and rolled[ids["d1"]]["rolled_as"] == 20
    assert logged.detail["steps_allowed"] == 1
    after = {die.id: die for die in campaign.kit.dice(kara)}
    assert after[ids["d3"]].place == "pool"  # not picked: untouched
    assert not any(die.in_tray for die in after.values())
    session.undo_stack.undo()
    assert campaign.kit.dice(kara) == before
    assert campaign.rolls.all()[0].undone


def test_another_characters_die_or_trait_is_refused_with_nothing_written(
    qtbot: QtBot,
    gm: Gm,
) -> None:
    window, server, ids = gm
    campaign, session = campaign_of(window), window.session
    assert session is not None
    kara = ids["kara"]
    window.sharing.allow_rolls(kara, True)
    dice = {cid: campaign.kit.dice(cid) for cid in (kara, ids["ilse"])}
    d1 = str(ids["d1"])
    two = {d1: 1, str(ids["d2"]): 1}
    refusals = [
        ask(qtbot, server, kara, request("x1", [ids["d1"], ids["other"]])),
        ask(qtbot, server, kara, request("x2", [ids["d1"]], [ids["ilse_trait"]])),
        # Two steps with a trait worth one: over what the ticked traits allow.
        ask(qtbot, server, kara, request("x3", [ids["d1"], ids["d2"]], [ids["trait"]], **two)),
        ask(qtbot, server, kara, request("x4", [ids["d1"]], [ids["trait"]], **{d1: 2})),
    ]
    assert [ok for _cid, _id, ok, _message in refusals] == [False] * 4
    assert "not in Kara Voss's pool" in refusals[0][3]
    assert "own traits" in refusals[1][3]
    assert "trait steps" in refusals[2][3]
    assert "d20" in refusals[3][3]  # the rules' own words: a d12 goes up one step at most
    assert campaign.rolls.all() == [] and session.undo_stack.count() == 0
    assert {cid: campaign.kit.dice(cid) for cid in dice} == dice


def test_a_die_that_left_the_pool_is_refused_as_already_moved(qtbot: QtBot, gm: Gm) -> None:
    window, server, ids = gm
    campaign = campaign_of(window)
    kara = ids["kara"]
    window.sharing.allow_rolls(kara, True)
    die = campaign.kit.dice(kara)[0]
    campaign.kit.update_dice([replace(die, place="table")])
    QApplication.processEvents()  # the hand-off of that change
    published = len(server.published)
    answer = ask(qtbot, server, kara, request("t1", [die.id]))
    assert answer == (kara, "t1", False, ALREADY_MOVED)
    assert campaign.rolls.all() == []
    # The refusal comes with the table as it is now: the die on the table, not the pool.
    [(cid, fresh)] = server.published[published:]
    shown = {d["id"]: d["place"] for d in fresh["dice"]}  # type: ignore[attr-defined]
    assert cid == kara and shown[die.id] == "table"


def test_a_request_for_a_character_not_shared_is_refused(qtbot: QtBot, gm: Gm) -> None:
    _window, server, _ids = gm
    answer = ask(qtbot, server, 999, request("n1", [1]))
    assert answer[:3] == (999, "n1", False)


def test_the_sharing_window_switches_rolls_per_player(qtbot: QtBot, gm: Gm) -> None:
    window, _server, ids = gm
    kara, ilse = ids["kara"], ids["ilse"]
    shown = window.sharing.open_window()
    box = shown.rows[kara].rolls
    assert box.objectName() == "shareRolls" and not box.isChecked()  # view only by default
    box.setChecked(True)
    assert campaign_of(window).sharing()["rolls"] == [kara]
    assert not shown.rows[ilse].rolls.isChecked()
    window.sharing.allow_rolls(ilse, True)  # said elsewhere: the window follows
    assert shown.rows[ilse].rolls.isChecked()
    box.setChecked(False)
    assert campaign_of(window).sharing()["rolls"] == [ilse]


def test_a_roll_waiting_at_the_gms_table_holds_the_phones_off(qtbot: QtBot, gm: Gm) -> None:
    window, server, ids = gm
    session = window.session
    assert session is not None
    kara = ids["kara"]
    window.sharing.allow_rolls(kara, True)
    session.undo_stack.setActive(False)  # as the Dice Table does while its roll lands
    answer = ask(qtbot, server, kara, request("w1", [ids["d1"]]))
    assert answer == (kara, "w1", False, GM_ROLLING)
    assert campaign_of(window).rolls.all() == []
    session.undo_stack.setActive(True)
    assert ask(qtbot, server, kara, request("w2", [ids["d1"]]))[2]


@pytest.mark.parametrize("tumble", [False, True])
def test_the_dice_table_follows_a_phones_roll_and_shows_its_dice_land(
    qtbot: QtBot, gm: Gm, tumble: bool
) -> None:
    window, server, ids = gm
    session = window.session
    assert session is not None
    kara, ilse = ids["kara"], ids["ilse"]
    table = shown_dock(window, "diceTable", DiceTableWidget)
    table.animate_check.setChecked(tumble)
    session.select_character(ilse)  # the GM looks at someone else
    window.sharing.allow_rolls(kara, True)
    assert ask(qtbot, server, kara, request("f1", [ids["d1"], ids["d2"]]))[2]
    assert session.selected_character == kara and table.name_label.text() == "Kara Voss"
    [logged] = campaign_of(window).rolls.all()
    faces = {die["die_id"]: die["face"] for die in logged.detail["dice"]}
    # The tumble holds nothing: undo stays free and another phone may roll meanwhile.
    assert session.undo_stack.isActive() and not table.is_rolling()
    qtbot.waitUntil(lambda: not table.echo.running(), timeout=3000)
    assert table.faces_shown() == faces
    assert table.result_label.text() == logged.summary
    assert ask(qtbot, server, kara, request("f2", [ids["d3"]]))[2]


@pytest.mark.parametrize("sharing", [True, False])
def test_a_new_character_under_a_deleted_ones_id_gets_neither_its_link_nor_its_rolls(
    qtbot: QtBot, gm: Gm, sharing: bool
) -> None:
    """The store gives a new character the id of the last one deleted: the deleted
    character's remembered link and "Rolls from the phone" must not pass to it (its
    player's old link would show the newcomer's page, and act for it), whether or not
    the pages are shared when the GM deletes and adds."""
    window, _server, ids = gm
    campaign, session, ilse = campaign_of(window), window.session, ids["ilse"]
    assert session is not None
    window.sharing.allow_rolls(ilse, True)
    old_token = window.sharing.tokens[ilse]
    if not sharing:
        window.sharing.stop()
    assert campaign.sharing()["tokens"] == {str(cid): t for cid, t in window.sharing.tokens.items()}
    assert session.push(DeleteCharacter(session, campaign.roster.get(ilse)))
    newcomer = campaign.roster.add("Newcomer", "pc").id
    assert newcomer == ilse  # the id is reused
    QApplication.processEvents()
    assert not window.sharing.rolls_allowed(newcomer)
    assert not player_view(campaign, newcomer).may_roll
    remembered = campaign.sharing()["tokens"]
    assert isinstance(remembered, dict) and remembered.get(str(newcomer)) != old_token
    if not sharing:
        assert window.sharing.share_at("127.0.0.1", 8765)
    assert window.sharing.tokens[newcomer] != old_token
