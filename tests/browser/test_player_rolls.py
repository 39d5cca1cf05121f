"""A player rolls from their own phone (issue 30), in Debian's headless chromium: the GM
lets Kara roll, her page taps two dice from her pool into the tray and rolls; the GM's
window (the real store, controller and ShareServer on 127.0.0.1) holds the roll as one
undo step and its roll log names the player's device; a view-only page never shows the
roller. A screenshot is kept in /tmp/i30-shots for a person to look at."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from desktop.ui.docks.roll_log import RollLogWidget
from desktop.ui.sharing.player_rolls import GM_ROLLING
from tests.browser.conftest import Browser
from tests.browser.test_player_page import kara_with_dice, open_page, wait_for
from tests.share.gm_sharing import Sharing, gm_sharing
from tests.ui.scripted import ScriptedRng

SHOTS = Path("/tmp/i30-shots")

ROLLER = """
const roller = document.getElementById('roller');
const ids = (box) => Array.from(document.querySelectorAll('#' + box + ' button.pick[data-die]'))
  .map((button) => Number(button.dataset.die));
const said = document.getElementById('roller-said');
return {
  shown: !roller.hidden,
  pool: ids('roller-pool'),
  tray: ids('roller-tray'),
  button: document.getElementById('roller-roll').textContent,
  enabled: !document.getElementById('roller-roll').disabled,
  said: said.hidden ? '' : said.textContent,
  total: document.getElementById('roll-total').textContent,
};
"""


def roller(driver: Any) -> dict[str, Any]:
    state: dict[str, Any] = driver.execute_script(ROLLER)
    return state


def tap(driver: Any, selector: str) -> None:
    driver.execute_script(f"document.querySelector({selector!r}).click();")


@pytest.fixture
def shared(qtbot: QtBot, tmp_path: Path, data_dir: Path) -> Iterator[Sharing]:
    with gm_sharing(qtbot, tmp_path, data_dir, kara_with_dice) as sharing:
        yield sharing


def roll_log_text(shared: Sharing) -> str:
    for panel in shared.window.panels:
        content = panel.content()
        if isinstance(content, RollLogWidget):
            model = content.model
            return " ".join(
                str(model.data(model.index(row, column)))
                for row in range(model.rowCount())
                for column in range(model.columnCount())
            )
    raise AssertionError("no roll log dock")


def test_a_player_taps_two_dice_rolls_and_the_gm_window_holds_it(
    qtbot: QtBot, browser: Browser, shared: Sharing
) -> None:
    kara = shared.ids["kara"]
    session = shared.session
    driver = open_page(browser, shared.links()["Kara Voss"])
    wait_for(
        driver,
        qtbot,
        lambda: (
            driver.execute_script("return document.getElementById('name').textContent;")
            == "Kara Voss"
        ),
    )
    assert not roller(driver)["shown"]  # view only until the GM allows rolls

    shared.window.sharing.allow_rolls(kara, True)
    wait_for(driver, qtbot, lambda: roller(driver)["shown"])
    pool = roller(driver)["pool"]
    assert sorted(pool) == sorted(d.id for d in shared.campaign.kit.dice(kara))
    first, second = pool[:2]
    tap(driver, f"#roller-pool button[data-die='{first}']")
    tap(driver, f"#roller-pool button[data-die='{second}']")
    state = roller(driver)
    assert state["tray"] == [first, second] and state["enabled"]
    assert state["button"] == "Roll 2 dice"
    assert session.undo_stack.count() == 0  # picking writes nothing
    SHOTS.mkdir(parents=True, exist_ok=True)
    driver.execute_script("document.getElementById('roller').scrollIntoView();")
    assert driver.save_screenshot(str(SHOTS / "player-360x640-tray.png"))

    session.rng = ScriptedRng([3, 5])
    tap(driver, "#roller-roll")
    wait_for(driver, qtbot, lambda: session.undo_stack.count() == 1)
    [logged] = shared.campaign.rolls.all()
    assert logged.detail["by"] == "player" and logged.total == 8
    assert {die["die_id"] for die in logged.detail["dice"]} == {first, second}
    assert "Kara Voss rolled" in roll_log_text(shared)
    assert "from the player's device" in roll_log_text(shared)
    # The page shows its own roll and an empty tray again.
    wait_for(driver, qtbot, lambda: roller(driver)["total"] == "Total 8")
    wait_for(driver, qtbot, lambda: roller(driver)["tray"] == [] and roller(driver)["said"] == "")
    driver.execute_script("window.scrollTo(0, 0);")
    assert driver.save_screenshot(str(SHOTS / "player-360x640-rolled.png"))

    # The GM's undo takes it back, on every page.
    session.undo_stack.undo()
    wait_for(driver, qtbot, lambda: sorted(roller(driver)["pool"]) == sorted(pool))

    # A refusal is said on the page in plain words, the tray kept for another try.
    tap(driver, f"#roller-pool button[data-die='{first}']")
    session.undo_stack.setActive(False)  # as while the GM's own roll lands
    tap(driver, "#roller-roll")
    wait_for(driver, qtbot, lambda: roller(driver)["said"] == GM_ROLLING)
    assert roller(driver)["tray"] == [first] and roller(driver)["enabled"]
    assert session.undo_stack.count() == 1 and len(shared.campaign.rolls.all()) == 1
    driver.execute_script("document.getElementById('roller').scrollIntoView();")
    assert driver.save_screenshot(str(SHOTS / "player-360x640-refused.png"))
    session.undo_stack.setActive(True)

    # Set back to view only: the roller goes from the page.
    shared.window.sharing.allow_rolls(kara, False)
    wait_for(driver, qtbot, lambda: not roller(driver)["shown"])


def test_a_player_ticks_a_trait_and_steps_a_die_up(
    qtbot: QtBot, browser: Browser, shared: Sharing
) -> None:
    kara = shared.ids["kara"]
    session = shared.session
    shared.window.sharing.allow_rolls(kara, True)
    driver = open_page(browser, shared.links()["Kara Voss"])
    wait_for(driver, qtbot, lambda: roller(driver)["shown"])
    # A trait the GM adds reaches the page as any change does.
    trait = shared.campaign.kit.add_trait(kara, "Climber", 1)
    ticks = f"#roller-traits input[data-trait='{trait.id}']"
    wait_for(
        driver,
        qtbot,
        lambda: driver.execute_script(f"return document.querySelector({ticks!r}) !== null;"),
    )
    die = roller(driver)["pool"][0]
    tap(driver, f"#roller-pool button[data-die='{die}']")
    tap(driver, ticks)
    tap(driver, "#roller-tray button.step")
    caption = driver.execute_script(
        "return document.querySelector('#roller-tray figcaption').textContent;"
    )
    assert caption == "rolls as d8"  # a d6 stepped once
    session.rng = ScriptedRng([7])
    tap(driver, "#roller-roll")
    wait_for(driver, qtbot, lambda: session.undo_stack.count() == 1)
    [logged] = shared.campaign.rolls.all()
    [rolled] = logged.detail["dice"]
    assert (rolled["die_id"], rolled["steps"], rolled["rolled_as"]) == (die, 1, 8)
    assert logged.detail["steps_allowed"] == 1 and logged.total == 7
