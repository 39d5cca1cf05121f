"""A player's tray on a phone (issue 30), in Debian's headless chromium at 360 x 640: the
exact odds of the tray picked on the page, in the very words the GM's Dice Table words
them with (the desktop's own function), following taps and steps; a die dragged with a
finger (touch events) from the pool into the tray and back out, the Roll button counting
it. Screenshots, light and dark, are kept in /tmp/i30-shots for a person to look at."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from desktop.rules import odds
from desktop.store import Campaign
from desktop.ui.dice_table.odds import tray_odds_texts
from desktop.views.tray_odds import TRAY_ODDS_ROWS
from tests.browser.conftest import Browser
from tests.browser.test_player_page import open_page, wait_for
from tests.browser.test_player_rolls import roller, tap
from tests.share.gm_sharing import Sharing, gm_sharing
from tests.ui.scripted import ScriptedRng

SHOTS = Path("/tmp/i30-shots")

ODDS = """
const box = document.getElementById('odds');
const rows = document.getElementById('odds-rows');
const dts = Array.from(rows.querySelectorAll('dt')).map((node) => node.textContent);
const dds = Array.from(rows.querySelectorAll('dd')).map((node) => node.textContent);
return {
  shown: !box.hidden,
  waiting: rows.classList.contains('waiting'),
  rows: dts.map((row, index) => [row, dds[index]]),
};
"""

# Each die's centre on screen, by its id, in the pool or the tray (after scrolling the
# roller into view), and the tray's box.
WHERE = """
document.getElementById('roller').scrollIntoView();
const centre = (node) => {
  const rect = node.getBoundingClientRect();
  return [rect.left + rect.width / 2, rect.top + rect.height / 2];
};
const dice = {};
document.querySelectorAll('.picks button.pick[data-die]').forEach((button) => {
  dice[button.dataset.die] = centre(button);
});
return {
  dice: dice,
  tray: centre(document.getElementById('roller-tray')),
  pool: centre(document.getElementById('roller-pool')),
};
"""


def kara_with_a_tray(campaign: Campaign) -> dict[str, int]:
    kara = campaign.roster.add("Kara Voss", "pc")
    ids: dict[str, int] = {"kara": kara.id}
    for name, size in (("d4", 4), ("d6", 6), ("d10", 10), ("d20", 20)):
        [die] = campaign.kit.add_dice(kara.id, size=size)
        ids[name] = die.id
    campaign.kit.add_dice(kara.id, size=6, place="table")  # depleted: adds 1 to a roll
    campaign.kit.add_trait(kara.id, "Climber", 2)
    return ids


@pytest.fixture
def shared(qtbot: QtBot, tmp_path: Path, data_dir: Path) -> Iterator[Sharing]:
    with gm_sharing(qtbot, tmp_path, data_dir, kara_with_a_tray) as sharing:
        sharing.window.sharing.allow_rolls(sharing.ids["kara"], True)
        yield sharing


def desktop_rows(sizes: tuple[int, ...], table: int, target: int) -> list[list[str]]:
    """What the Dice Table's odds box shows for that tray (its own function)."""
    texts = tray_odds_texts(odds.tray_odds(sizes, table), target)
    assert texts is not None
    return [[row, text] for row, text in zip(TRAY_ODDS_ROWS, texts, strict=True)]


def odds_shown(driver: Any) -> dict[str, Any]:
    state: dict[str, Any] = driver.execute_script(ODDS)
    return state


def showing(driver: Any, rows: list[list[str]]) -> bool:
    state = odds_shown(driver)
    return bool(state["shown"] and not state["waiting"] and state["rows"] == rows)


def set_target(driver: Any, total: str) -> None:
    driver.execute_script(
        "const field = document.getElementById('odds-target');"
        "field.value = arguments[0];"
        "field.dispatchEvent(new Event('input'));",
        total,
    )


def test_the_page_shows_the_trays_odds_in_the_dice_tables_words(
    qtbot: QtBot, browser: Browser, shared: Sharing
) -> None:
    ids = shared.ids
    driver = open_page(browser, shared.links()["Kara Voss"])
    wait_for(driver, qtbot, lambda: roller(driver)["shown"])
    assert not odds_shown(driver)["shown"]  # no tray, no odds

    # A d6 and a d10, the depleted d6 on the table adding 1, reach 10 (the default).
    tap(driver, f"#roller-pool button[data-die='{ids['d6']}']")
    tap(driver, f"#roller-pool button[data-die='{ids['d10']}']")
    wait_for(driver, qtbot, lambda: showing(driver, desktop_rows((6, 10), 1, 10)))
    assert odds_shown(driver)["rows"][0] == ["Chance", "55% to reach 10"]  # 33 of 60

    # Climber ticked, both stepped once: they roll as d8 and d12; reach 15.
    tap(driver, "#roller-traits input[data-trait]")
    tap(driver, "#roller-tray figure:nth-of-type(1) button.step")
    tap(driver, "#roller-tray figure:nth-of-type(2) button.step")
    set_target(driver, "15")
    wait_for(driver, qtbot, lambda: showing(driver, desktop_rows((8, 12), 1, 15)))

    # The d20 and the d4 too: four dice, two of them stepped.
    tap(driver, f"#roller-pool button[data-die='{ids['d20']}']")
    tap(driver, f"#roller-pool button[data-die='{ids['d4']}']")
    wait_for(driver, qtbot, lambda: showing(driver, desktop_rows((4, 8, 12, 20), 1, 15)))
    assert roller(driver)["button"] == "Roll 4 dice"
    SHOTS.mkdir(parents=True, exist_ok=True)
    driver.execute_script("document.getElementById('odds').scrollIntoView(false);")
    assert driver.save_screenshot(str(SHOTS / "player-360x640-odds-light.png"))

    # A total the Dice Table would not take is said, and nothing is asked.
    set_target(driver, "0")
    wait_for(driver, qtbot, lambda: odds_shown(driver)["rows"] == [])
    said = driver.execute_script("return document.getElementById('odds-said').textContent;")
    assert said == "Type a total from 1 to 999 to see the chance to reach it."
    set_target(driver, "15")  # remembered: shown at once, from the page's own memory
    assert showing(driver, desktop_rows((4, 8, 12, 20), 1, 15))

    # Asking odds never holds up a roll: the tray changes (a query goes) and Roll at once.
    tap(driver, f"#roller-tray button.pick[data-die='{ids['d4']}']")
    session = shared.session
    session.rng = ScriptedRng([5, 7, 11])
    tap(driver, "#roller-roll")
    wait_for(driver, qtbot, lambda: session.undo_stack.count() == 1)
    [logged] = shared.campaign.rolls.all()
    assert logged.total == 5 + 7 + 11 + 1
    wait_for(driver, qtbot, lambda: not odds_shown(driver)["shown"])  # the tray is empty


def test_the_odds_in_the_dark(qtbot: QtBot, browser: Browser, shared: Sharing) -> None:
    ids = shared.ids
    driver: Any = browser(360, 640, dark=True)
    driver.get(shared.links()["Kara Voss"])
    wait_for(driver, qtbot, lambda: roller(driver)["shown"])
    tap(driver, f"#roller-pool button[data-die='{ids['d20']}']")
    tap(driver, f"#roller-pool button[data-die='{ids['d6']}']")
    wait_for(driver, qtbot, lambda: showing(driver, desktop_rows((6, 20), 1, 10)))
    SHOTS.mkdir(parents=True, exist_ok=True)
    driver.execute_script("document.getElementById('odds').scrollIntoView(false);")
    assert driver.save_screenshot(str(SHOTS / "player-360x640-odds-dark.png"))


def touch(driver: Any, kind: str, x: float, y: float) -> None:
    points = [] if kind == "touchEnd" else [{"x": round(x), "y": round(y)}]
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})


def drag(driver: Any, qtbot: QtBot, start: list[float], end: list[float], shot: str = "") -> None:
    """A finger pressing at `start`, moving to `end` at a finger's pace (a frame apart),
    resting there a moment and lifting. (Moves sent with no time between them read as a
    fling, and chromium swallows the next tap as the one that stops the fling.)"""
    touch(driver, "touchStart", *start)
    steps = 8
    for step in range(1, steps + 1):
        x = start[0] + (end[0] - start[0]) * step / steps
        y = start[1] + (end[1] - start[1]) * step / steps
        touch(driver, "touchMove", x, y)
        qtbot.wait(16)
    for _rest in range(3):
        touch(driver, "touchMove", *end)
        qtbot.wait(30)
    if shot:
        assert driver.save_screenshot(shot)
    touch(driver, "touchEnd", *end)


def test_a_finger_drags_a_die_into_the_tray_and_back_out(
    qtbot: QtBot, browser: Browser, shared: Sharing
) -> None:
    ids = shared.ids
    driver: Any = browser(360, 640)
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True})
    driver.get(shared.links()["Kara Voss"])
    wait_for(driver, qtbot, lambda: roller(driver)["shown"])
    assert driver.execute_script("return navigator.maxTouchPoints;") > 0

    where = driver.execute_script(WHERE)
    SHOTS.mkdir(parents=True, exist_ok=True)
    mid_drag = str(SHOTS / "player-360x640-dragging.png")
    drag(driver, qtbot, where["dice"][str(ids["d10"])], where["tray"], shot=mid_drag)
    wait_for(driver, qtbot, lambda: roller(driver)["tray"] == [ids["d10"]])
    assert roller(driver)["button"] == "Roll 1 die" and roller(driver)["enabled"]
    assert driver.execute_script("return document.querySelector('.drag-image');") is None

    # A second die by finger; a drop short of the tray leaves the die where it was.
    where = driver.execute_script(WHERE)
    drag(driver, qtbot, where["dice"][str(ids["d20"])], where["tray"])
    wait_for(driver, qtbot, lambda: roller(driver)["button"] == "Roll 2 dice")
    where = driver.execute_script(WHERE)
    d4 = where["dice"][str(ids["d4"])]
    drag(driver, qtbot, d4, [d4[0] + 30, d4[1] + 2])
    assert ids["d4"] in roller(driver)["pool"] and roller(driver)["button"] == "Roll 2 dice"

    # Back out of the tray to the pool by finger.
    where = driver.execute_script(WHERE)
    drag(driver, qtbot, where["dice"][str(ids["d20"])], where["pool"])
    wait_for(driver, qtbot, lambda: roller(driver)["tray"] == [ids["d10"]])

    # A tap is still a tap (a touch that does not move).
    where = driver.execute_script(WHERE)
    d6 = where["dice"][str(ids["d6"])]
    touch(driver, "touchStart", *d6)
    touch(driver, "touchEnd", *d6)
    wait_for(
        driver, qtbot, lambda: sorted(roller(driver)["tray"]) == sorted([ids["d10"], ids["d6"]])
    )
    assert roller(driver)["button"] == "Roll 2 dice"
    assert shared.session.undo_stack.count() == 0  # picking writes nothing

    shared.session.rng = ScriptedRng([4, 9])
    tap(driver, "#roller-roll")
    wait_for(driver, qtbot, lambda: shared.session.undo_stack.count() == 1)
    [logged] = shared.campaign.rolls.all()
    assert {die["die_id"] for die in logged.detail["dice"]} == {ids["d10"], ids["d6"]}


def test_a_mouse_drags_a_die_too(qtbot: QtBot, browser: Browser, shared: Sharing) -> None:
    from selenium.webdriver.common.action_chains import ActionChains

    ids = shared.ids
    driver: Any = browser(360, 640)
    driver.get(shared.links()["Kara Voss"])
    wait_for(driver, qtbot, lambda: roller(driver)["shown"])
    where = driver.execute_script(WHERE)
    start, end = where["dice"][str(ids["d20"])], where["tray"]
    die = driver.find_element("css selector", f"#roller-pool button[data-die='{ids['d20']}']")
    actions = ActionChains(driver, duration=20)
    actions.click_and_hold(die)
    for _step in range(5):
        actions.move_by_offset(round((end[0] - start[0]) / 5), round((end[1] - start[1]) / 5))
    actions.release().perform()
    # In the tray, and still there once whatever the release fires has come.
    wait_for(driver, qtbot, lambda: roller(driver)["tray"] == [ids["d20"]])
    qtbot.wait(200)
    assert roller(driver)["tray"] == [ids["d20"]] and roller(driver)["button"] == "Roll 1 die"


# Holds the odds frames GM Desk sends while window.holdOdds is set, to hand them to the
# page later in any order (injected before the page's script, as COUNT_SOCKETS is).
HOLD_ODDS = """
window.holdOdds = false;
window.heldOdds = [];
window.WebSocket = class extends window.WebSocket {
  set onmessage(handler) {
    this.addEventListener('message', (event) => {
      if (window.holdOdds && JSON.parse(event.data).type === 'odds') {
        window.heldOdds.push(() => handler({ data: event.data }));
      } else {
        handler(event);
      }
    });
  }
};
window.releaseOdds = (order) => order.forEach((index) => window.heldOdds[index]());
"""


def test_an_answer_to_an_older_tray_is_not_shown(
    qtbot: QtBot, browser: Browser, shared: Sharing
) -> None:
    ids = shared.ids
    driver: Any = browser(360, 640)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": HOLD_ODDS})
    driver.get(shared.links()["Kara Voss"])
    wait_for(driver, qtbot, lambda: roller(driver)["shown"])
    driver.execute_script("window.holdOdds = true;")
    held = "return window.heldOdds.length;"
    tap(driver, f"#roller-pool button[data-die='{ids['d6']}']")
    wait_for(driver, qtbot, lambda: driver.execute_script(held) == 1)
    tap(driver, f"#roller-pool button[data-die='{ids['d20']}']")
    wait_for(driver, qtbot, lambda: driver.execute_script(held) == 2)
    assert odds_shown(driver)["waiting"]
    # The newer tray's answer first, then the older one's, late: the newer stays shown.
    driver.execute_script("window.releaseOdds([1, 0]);")
    assert showing(driver, desktop_rows((6, 20), 1, 10))
    # The older answer was kept: that tray again is shown from the page's memory.
    tap(driver, f"#roller-tray button.pick[data-die='{ids['d20']}']")
    assert showing(driver, desktop_rows((6,), 1, 10))
    assert driver.execute_script(held) == 2  # nothing asked for it
