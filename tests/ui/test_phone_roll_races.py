"""Two rolls for one character at once (issue 30, Rules and safety): two devices of the
same player, or a player and the GM. The requests are made one after the other on the
Qt thread; the first wins, the second is refused as already rolled with nothing written
and its page gets the table as it is now."""

from __future__ import annotations

import threading

from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from desktop.actions.player_tray import ALREADY_ROLLED
from desktop.share.messages import RollRequest
from desktop.ui.docks.dice_table import DiceTableWidget
from desktop.views.player import payload, player_view
from tests.ui.docks import campaign_of, shown_dock
from tests.ui.test_player_rolls import Gm, ask, gm  # noqa: F401  (gm: the fixture)


def roll(request_id: str, dice: list[int], seen: int) -> RollRequest:
    return RollRequest(type="roll", id=request_id, dice=dice, traits=[], steps={}, seen=seen)


def seen_rolls(gm: Gm, character_id: int) -> int:  # noqa: F811
    """What the character's page shows as its roll count (its view's `character.rolls`)."""
    character = payload(player_view(campaign_of(gm[0]), character_id))["character"]
    assert isinstance(character, dict)
    return int(character["rolls"])


def test_two_devices_rolling_at_once_one_wins(qtbot: QtBot, gm: Gm) -> None:  # noqa: F811
    window, server, ids = gm
    campaign, session = campaign_of(window), window.session
    assert session is not None and server.on_request is not None
    kara = ids["kara"]
    window.sharing.allow_rolls(kara, True)
    seen = seen_rolls(gm, kara)
    assert seen == 0
    QApplication.processEvents()
    published = len(server.published)
    # Both phones picked the same dice on the same view and press Roll together: both
    # requests are handed over from the server's thread before either is made.
    picked = [ids["d1"], ids["d2"], ids["d3"]]
    threads = [
        threading.Thread(target=server.on_request, args=(kara, roll(name, picked, seen)))
        for name in ("phone", "tablet")
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    qtbot.waitUntil(lambda: len(server.answers) == 2, timeout=3000)
    answers = {request_id: (ok, message) for _cid, request_id, ok, message in server.answers}
    assert sorted(ok for ok, _message in answers.values()) == [False, True]
    [refusal] = [message for ok, message in answers.values() if not ok]
    assert refusal == ALREADY_ROLLED
    assert len(campaign.rolls.all()) == 1 and session.undo_stack.count() == 1
    # The slower page is handed the table as it is now: one roll, the dice it left.
    QApplication.processEvents()
    fresh = [view for cid, view in server.published[published:] if cid == kara]
    assert fresh and fresh[-1]["character"]["rolls"] == 1  # type: ignore[index]
    places = {die.id: die.place for die in campaign.kit.dice(kara)}
    assert {d["id"]: d["place"] for d in fresh[-1]["dice"]} == places  # type: ignore[attr-defined]
    # Its player picks again on that view: the roll goes through.
    in_pool = [die_id for die_id, place in places.items() if place == "pool"]
    assert ask(qtbot, server, kara, roll("again", in_pool[:1], 1))[2]


def test_the_gms_roll_first_refuses_the_phones_as_already_rolled(
    qtbot: QtBot,
    gm: Gm,  # noqa: F811
) -> None:
    window, server, ids = gm
    campaign, session = campaign_of(window), window.session
    assert session is not None
    kara = ids["kara"]
    window.sharing.allow_rolls(kara, True)
    seen = seen_rolls(gm, kara)
    table = shown_dock(window, "diceTable", DiceTableWidget)
    table.animate_check.setChecked(False)
    session.select_character(kara)
    table.quick_roll(2)  # the GM rolls two of Kara's dice at the Dice Table
    assert len(campaign.rolls.all()) == 1
    before = campaign.kit.dice(kara)
    answer = ask(qtbot, server, kara, roll("late", [ids["d1"]], seen))
    assert answer == (kara, "late", False, ALREADY_ROLLED)
    assert campaign.kit.dice(kara) == before and len(campaign.rolls.all()) == 1
    assert session.undo_stack.count() == 1


def test_an_undone_roll_still_refuses_the_page_that_had_not_seen_it(
    qtbot: QtBot,
    gm: Gm,  # noqa: F811
) -> None:
    window, server, ids = gm
    campaign, session = campaign_of(window), window.session
    assert session is not None
    kara = ids["kara"]
    window.sharing.allow_rolls(kara, True)
    assert ask(qtbot, server, kara, roll("first", [ids["d1"]], 0))[2]
    session.undo_stack.undo()  # the log keeps the line, marked undone: the count stays
    before = campaign.kit.dice(kara)
    assert seen_rolls(gm, kara) == 1
    assert ask(qtbot, server, kara, roll("stale", [ids["d2"]], 0))[3] == ALREADY_ROLLED
    assert campaign.kit.dice(kara) == before
    assert ask(qtbot, server, kara, roll("fresh", [ids["d2"]], 1))[2]
    assert len(campaign.rolls.all()) == 2
