"""Turn order on the phone (issue 30), in Debian's headless chromium: with phone rolls in
turn order and Bryn's turn, Kara's roll is refused on her page with nothing written; the
GM asks her from the Dice Table, her page says so above the roller and her roll goes
through; on her turn she declares her action from the page and the Play dock shows it;
the GM's undo takes it back on the page. Screenshots are kept in /tmp/i30-shots."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot
from selenium.webdriver.common.by import By

from desktop.actions.turns import NOT_YOUR_TURN
from desktop.share.messages import DECLARE_UNREADABLE
from desktop.store import Campaign
from desktop.ui.docks.dice_table import DiceTableWidget
from desktop.ui.play.play_panel import PlayWidget
from tests.browser.conftest import Browser
from tests.browser.test_player_page import open_page, wait_for
from tests.browser.test_player_rolls import SHOTS, roller, tap
from tests.share.gm_sharing import Sharing, gm_sharing
from tests.ui.docks import shown_dock
from tests.ui.scripted import ScriptedRng

TURN = """
const shown = (id) => !document.getElementById(id).hidden;
return {
  asked: shown('asked-to-roll'),
  waits: shown('roll-waits'),
  declare: shown('declare'),
  form: shown('declare-form'),
  turn: document.getElementById('declare-turn').textContent,
  declared: document.getElementById('declared').textContent,
  said: shown('declare-said') ? document.getElementById('declare-said').textContent : '',
};
"""


def turn(driver: Any) -> dict[str, Any]:
    state: dict[str, Any] = driver.execute_script(TURN)
    return state


def bryn_then_kara(campaign: Campaign) -> dict[str, int]:
    """Bryn sits first (roster order), so the scene opens on his turn."""
    bryn = campaign.roster.add("Bryn", "pc")
    campaign.kit.add_dice(bryn.id, count=2)
    kara = campaign.roster.add("Kara Voss", "pc")
    campaign.kit.add_dice(kara.id, count=3)
    return {"kara": kara.id, "bryn": bryn.id}


@pytest.fixture
def shared(qtbot: QtBot, tmp_path: Path, data_dir: Path) -> Iterator[Sharing]:
    with gm_sharing(qtbot, tmp_path, data_dir, bryn_then_kara) as sharing:
        yield sharing


def test_out_of_turn_refused_then_asked_then_declared_on_her_turn(
    qtbot: QtBot, browser: Browser, shared: Sharing
) -> None:
    kara, session, campaign = shared.ids["kara"], shared.session, shared.campaign
    window = shared.window
    window.sharing.allow_rolls(kara, True)
    shown = window.sharing.open_window()
    shown.timing.setCurrentIndex(shown.timing.findData("turn_order"))
    shown.close()
    play = shown_dock(window, "play", PlayWidget)
    play.start_game()
    play.set_scene("The docks at night", [], 0, True)
    assert campaign.games.current().turn_name == "Bryn"
    table = shown_dock(window, "diceTable", DiceTableWidget)
    table.animate_check.setChecked(False)
    steps = session.undo_stack.count()

    driver = open_page(browser, shared.links()["Kara Voss"])
    wait_for(driver, qtbot, lambda: roller(driver)["shown"] and turn(driver)["waits"])
    assert not turn(driver)["asked"] and not turn(driver)["declare"]
    die = roller(driver)["pool"][0]
    tap(driver, f"#roller-pool button[data-die='{die}']")
    tap(driver, "#roller-roll")
    wait_for(driver, qtbot, lambda: roller(driver)["said"] == NOT_YOUR_TURN)
    assert campaign.rolls.all() == [] and session.undo_stack.count() == steps
    assert roller(driver)["tray"] == [die]  # kept for when she may roll
    SHOTS.mkdir(parents=True, exist_ok=True)
    driver.execute_script("document.getElementById('roller').scrollIntoView();")
    assert driver.save_screenshot(str(SHOTS / "player-360x640-not-your-turn.png"))

    # The GM asks Kara from the Dice Table: her page says so, the refusal goes.
    session.select_character(kara)
    assert table.ask_button.text() == "Ask Kara Voss to roll"
    table.ask_button.click()
    wait_for(driver, qtbot, lambda: turn(driver)["asked"])
    state = roller(driver)
    assert state["said"] == "" and not turn(driver)["waits"]
    text = driver.find_element(By.ID, "asked-to-roll").text
    assert text == "Your GM asks you to roll"
    driver.execute_script("document.getElementById('roller').scrollIntoView();")
    assert driver.save_screenshot(str(SHOTS / "player-360x640-asked.png"))
    session.rng = ScriptedRng([4])
    tap(driver, "#roller-roll")
    wait_for(driver, qtbot, lambda: session.undo_stack.count() == steps + 1)
    [logged] = campaign.rolls.all()
    assert logged.character_id == kara and logged.detail["by"] == "player"
    wait_for(driver, qtbot, lambda: not turn(driver)["asked"] and turn(driver)["waits"])
    assert not window.sharing.asks.is_asked(kara)

    # N: Kara's turn. She declares her action from the page; the Play dock shows it.
    play.next_turn()
    wait_for(driver, qtbot, lambda: turn(driver)["form"])
    assert turn(driver)["turn"] == "It is your turn." and not turn(driver)["waits"]
    assert turn(driver)["declared"] == "Nothing declared yet this round."
    driver.find_element(By.ID, "declare-text").send_keys("I climb the crane")
    tap(driver, "#declare-button")
    wait_for(driver, qtbot, lambda: campaign.games.current().action_of(kara) != "")
    assert campaign.games.current().action_of(kara) == "I climb the crane"
    assert play.turn_order.action.text() == "I climb the crane"
    wait_for(driver, qtbot, lambda: turn(driver)["declared"] == "You declared: I climb the crane")
    assert driver.find_element(By.ID, "declare-text").get_attribute("value") == ""
    driver.execute_script("document.getElementById('declare').scrollIntoView();")
    assert driver.save_screenshot(str(SHOTS / "player-360x640-declared.png"))

    # The GM's undo takes the declaration back on the page too.
    session.undo_stack.undo()
    wait_for(driver, qtbot, lambda: turn(driver)["declared"] == "Nothing declared yet this round.")
    assert play.turn_order.action.text() == ""


def test_a_side_of_the_gms_conflict_is_not_told_its_rolls_wait_for_its_turn(
    qtbot: QtBot, browser: Browser, shared: Sharing
) -> None:
    """In turn order on Bryn's turn, the GM sets up Bryn against Kara on the Dice Table:
    Kara's page says whom she faces and no longer that her rolls wait for her turn (the
    conflict asks her to roll); once the GM drops the conflict, the hint is back."""
    kara, bryn, window = shared.ids["kara"], shared.ids["bryn"], shared.window
    window.sharing.allow_rolls(kara, True)
    shown = window.sharing.open_window()
    shown.timing.setCurrentIndex(shown.timing.findData("turn_order"))
    shown.close()
    play = shown_dock(window, "play", PlayWidget)
    play.start_game()
    play.set_scene("The docks at night", [], 0, True)
    table = shown_dock(window, "diceTable", DiceTableWidget)
    driver = open_page(browser, shared.links()["Kara Voss"])
    wait_for(driver, qtbot, lambda: roller(driver)["shown"] and turn(driver)["waits"])
    shared.session.select_character(bryn)
    table.set_opponent(kara)
    wait_for(driver, qtbot, lambda: not turn(driver)["waits"])
    assert "Bryn" in driver.find_element(By.ID, "conflict-prompt").text
    table.conflict_button.setChecked(False)  # the GM drops the conflict
    wait_for(driver, qtbot, lambda: turn(driver)["waits"])


def test_a_declaration_gm_desk_will_not_take_is_refused_and_the_page_is_freed(
    qtbot: QtBot, browser: Browser, shared: Sharing
) -> None:
    """Kara pastes a line that turns the text around (a right-to-left override): GM Desk
    refuses it under its id, so her page says why and may declare again (an error frame
    with no id left it "Declaring…", every button held, until a reload)."""
    kara, window, campaign = shared.ids["kara"], shared.window, shared.campaign
    window.sharing.allow_rolls(kara, True)
    play = shown_dock(window, "play", PlayWidget)
    play.start_game()
    play.set_scene("The docks at night", [], 0, True)
    play.next_turn()
    driver = open_page(browser, shared.links()["Kara Voss"])
    wait_for(driver, qtbot, lambda: turn(driver)["form"])
    driver.execute_script(
        "document.getElementById('declare-text').value = '\\u202eenarc eht bmilc I';"
    )
    tap(driver, "#declare-button")
    wait_for(driver, qtbot, lambda: turn(driver)["said"] == DECLARE_UNREADABLE)
    button = driver.find_element(By.ID, "declare-button")
    assert button.text == "Declare" and button.is_enabled()
    assert campaign.games.current().action_of(kara) == ""
    text = driver.find_element(By.ID, "declare-text")
    text.clear()
    text.send_keys("I climb the crane")
    tap(driver, "#declare-button")
    wait_for(driver, qtbot, lambda: campaign.games.current().action_of(kara) != "")
    assert campaign.games.current().action_of(kara) == "I climb the crane"
