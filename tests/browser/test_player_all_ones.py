"""A player's all-ones roll made on their phone (issue 30), in Debian's headless
chromium: Kara's tray comes up all ones, her page shows the choice with the rules'
suggestions marked, the GM's Dice Table offers it too, nothing is written; she picks
another die to keep and the GM's window writes the roll once, as she chose it. A
screenshot is kept in /tmp/i30-shots for a person to look at."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from desktop.ui.docks.dice_table import DiceTableWidget
from tests.browser.conftest import Browser
from tests.browser.test_player_page import kara_with_dice, open_page, wait_for
from tests.browser.test_player_rolls import SHOTS, roller, tap
from tests.share.gm_sharing import Sharing, gm_sharing
from tests.ui.docks import shown_dock
from tests.ui.scripted import ScriptedRng

CHOICE = """
const section = document.getElementById('all-ones');
const list = (which) => Array.from(document.querySelectorAll('#all-ones-' + which + ' label'))
  .map((label) => ({
    die: Number(label.querySelector('input').dataset.die),
    checked: label.querySelector('input').checked,
    suggested: label.classList.contains('suggested'),
    text: label.textContent,
  }));
return {shown: !section.hidden, keep: list('keep'), lose: list('lose')};
"""


def choice(driver: Any) -> dict[str, Any]:
    state: dict[str, Any] = driver.execute_script(CHOICE)
    return state


@pytest.fixture
def shared(qtbot: QtBot, tmp_path: Path, data_dir: Path) -> Iterator[Sharing]:
    with gm_sharing(qtbot, tmp_path, data_dir, kara_with_dice) as sharing:
        yield sharing


def test_a_player_makes_the_all_ones_choice_on_the_phone(
    qtbot: QtBot, browser: Browser, shared: Sharing
) -> None:
    kara, session, campaign = shared.ids["kara"], shared.session, shared.campaign
    shared.window.sharing.allow_rolls(kara, True)
    table = shown_dock(shared.window, "diceTable", DiceTableWidget)
    table.animate_check.setChecked(False)
    driver = open_page(browser, shared.links()["Kara Voss"])
    wait_for(driver, qtbot, lambda: roller(driver)["shown"])
    assert not choice(driver)["shown"]
    first, second = roller(driver)["pool"][:2]
    tap(driver, f"#roller-pool button[data-die='{first}']")
    tap(driver, f"#roller-pool button[data-die='{second}']")
    session.rng = ScriptedRng([1, 1])
    tap(driver, "#roller-roll")
    wait_for(driver, qtbot, lambda: choice(driver)["shown"])
    assert campaign.rolls.all() == [] and session.undo_stack.count() == 0
    shown = choice(driver)
    assert [row["die"] for row in shown["keep"]] == [first, second]
    waiting = session.all_ones
    assert waiting is not None
    # The suggestions marked and ticked first, as the Dice Table's pickers hold them.
    for which, suggested in (("keep", waiting.suggested_keep), ("lose", waiting.suggested_lose)):
        rows = {row["die"]: row for row in shown[which]}
        assert rows[suggested]["suggested"] and rows[suggested]["checked"]
        assert "(suggested)" in rows[suggested]["text"]
    assert not roller(driver)["enabled"]  # no other roll until the choice is made
    assert table.choice_frame.isVisibleTo(table)  # the GM sees it waiting too
    SHOTS.mkdir(parents=True, exist_ok=True)
    driver.execute_script("document.getElementById('all-ones').scrollIntoView();")
    assert driver.save_screenshot(str(SHOTS / "player-360x640-all-ones.png"))

    other = second if waiting.suggested_keep == first else first
    tap(driver, f"#all-ones-keep input[data-die='{other}']")
    tap(driver, "#all-ones-keep-button")
    wait_for(driver, qtbot, lambda: session.undo_stack.count() == 1)
    [logged] = campaign.rolls.all()
    assert logged.detail["chosen"] == other and logged.detail["by"] == "player"
    places = {die.id: die.place for die in campaign.kit.dice(kara)}
    assert places[other] == "pool" and places[first if other == second else second] == "table"
    wait_for(driver, qtbot, lambda: not choice(driver)["shown"])
    assert not table.choice_frame.isVisibleTo(table)
