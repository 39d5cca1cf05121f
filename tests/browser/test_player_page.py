"""The player's page in a real browser (issue 29): Debian's headless chromium opens a
player's link served by the GM's real window (real store, controller and ShareServer on
127.0.0.1) and follows what the GM does: the pool, a roll and its undo, a renewed link,
a reload. Screenshots at a phone's and a tablet's size, light and dark, are kept in
/tmp/i29-shots for a person to look at.

The controller publishes from the Qt event loop, so every wait below turns it
(qtbot.wait) between two looks at the page.
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from desktop.actions.dice import roll_tray
from desktop.language import translator
from desktop.share.server import RENEWED
from desktop.store import Campaign
from desktop.ui.dice_commands import AddDice, RollTray
from tests.actions.conftest import in_tray
from tests.browser.conftest import Browser
from tests.share.gm_sharing import Sharing, gm_sharing
from tests.ui.scripted import ScriptedRng
from tests.views.secret_campaign import secret_campaign

SHOTS = Path("/tmp/i29-shots")

# What the page shows, read in one go (the page's own element ids).
PAGE_STATE = """
const shown = (id) => !document.getElementById(id).hidden;
const text = (id) => document.getElementById(id).textContent;
const pictures = (id) => Array.from(document.querySelectorAll('#' + id + ' img.die'))
  .map((image) => new URL(image.src).pathname);
return {
  name: text('name'),
  dice: pictures('dice-groups'),
  roll: shown('roll'),
  rollDice: pictures('roll-dice'),
  total: text('roll-total'),
  notice: shown('notice') ? text('notice') : '',
  banner: shown('banner') ? text('banner') : '',
  ended: document.getElementById('page').classList.contains('ended'),
};
"""

# Counts the sockets the page opens (injected before the page's own script; the CSP does
# not apply to what the browser's driver adds).
COUNT_SOCKETS = """
window.gmSockets = 0;
window.WebSocket = class extends window.WebSocket {
  constructor(...args) { super(...args); window.gmSockets += 1; }
};
"""


def wait_for(
    driver: Any, qtbot: QtBot, condition: Callable[[], bool], timeout: float = 5.0
) -> None:
    """Turns the Qt event loop in small steps until `condition()` holds in the page."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            state = driver.execute_script(PAGE_STATE)
            logged = driver.get_log("browser")
            raise AssertionError(
                f"the page did not get there in {timeout} s: {state}; console: {logged}"
            )
        qtbot.wait(20)


def page(driver: Any) -> dict[str, Any]:
    state: dict[str, Any] = driver.execute_script(PAGE_STATE)
    return state


def expected(shared: Sharing, character_id: int) -> dict[str, Any]:
    """What the page must show of the view the controller publishes now."""
    view = shared.view(character_id)
    character = view["character"]
    dice = view["dice"]
    roll = view["last_roll"]
    assert isinstance(character, dict) and isinstance(dice, list)
    shown = {
        "name": character["name"],
        "dice": sorted(f"/static/dice/{die['art']}" for die in dice),
        "roll": roll is not None,
    }
    if isinstance(roll, dict):
        shown["rollDice"] = [f"/static/dice/{die['art']}" for die in roll["dice"]]
        shown["total"] = "" if roll["total"] is None else f"Total {roll['total']}"
    return shown


def showing(driver: Any, want: dict[str, Any]) -> bool:
    state = page(driver)
    state["dice"] = sorted(state["dice"])
    return all(state[key] == value for key, value in want.items())


def pictures_drawn(driver: Any) -> bool:
    drawn: bool = driver.execute_script(
        "return Array.from(document.images)"
        ".every((image) => image.complete && image.naturalWidth > 0);"
    )
    return drawn


def kara_with_dice(campaign: Campaign) -> dict[str, int]:
    kara = campaign.roster.add("Kara Voss", "pc")
    campaign.kit.add_dice(kara.id, count=3)
    campaign.kit.add_dice(kara.id, size=8, count=1)
    bryn = campaign.roster.add("Bryn", "pc")
    return {"kara": kara.id, "bryn": bryn.id}


@pytest.fixture
def shared(qtbot: QtBot, tmp_path: Path, data_dir: Path) -> Iterator[Sharing]:
    with gm_sharing(qtbot, tmp_path, data_dir, kara_with_dice) as sharing:
        yield sharing


def open_page(browser: Browser, link: str, width: int = 360, height: int = 640) -> Any:
    driver: Any = browser(width, height)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": COUNT_SOCKETS})
    driver.get(link)
    return driver


def test_a_player_joins_sees_the_pool_and_follows_a_roll_and_its_undo(
    qtbot: QtBot, browser: Browser, shared: Sharing
) -> None:
    kara = shared.ids["kara"]
    driver = open_page(browser, shared.links()["Kara Voss"])
    pool = expected(shared, kara)
    assert len(pool["dice"]) == len(shared.campaign.kit.dice(kara)) == 4
    wait_for(driver, qtbot, lambda: showing(driver, pool))
    assert page(driver)["name"] == "Kara Voss" and not page(driver)["roll"]
    # Every die's picture came from the server and was drawn.
    wait_for(driver, qtbot, partial(pictures_drawn, driver))

    # The GM rolls two of Kara's dice from the tray, as the Dice Table does.
    session = shared.session
    character = shared.campaign.roster.get(kara)
    tray = in_tray(shared.campaign, shared.campaign.kit.dice(kara)[:2])
    roll = roll_tray(tray, 0, ScriptedRng([3, 5]))
    assert session.push(RollTray(session, character, roll, steps_allowed=0))
    rolled = expected(shared, kara)
    assert rolled["roll"] and len(rolled["rollDice"]) == 2 and rolled["total"]
    wait_for(driver, qtbot, lambda: showing(driver, rolled))
    assert page(driver)["total"] == rolled["total"]

    session.undo_stack.undo()  # the window's undo: the roll is taken back
    undone = expected(shared, kara)
    assert undone != rolled
    wait_for(driver, qtbot, lambda: showing(driver, undone))
    assert page(driver)["notice"] == "" and page(driver)["banner"] == ""


@pytest.mark.slow  # two browsers and a wait for a retry that must not come
def test_a_renewed_link_cuts_the_old_page_off_and_the_new_one_works(
    qtbot: QtBot, browser: Browser, shared: Sharing
) -> None:
    kara = shared.ids["kara"]
    old_link = shared.links()["Kara Voss"]
    old = open_page(browser, old_link)
    wait_for(old, qtbot, lambda: page(old)["name"] == "Kara Voss")
    assert old.execute_script("return window.gmSockets;") == 1

    shared.window.sharing.renew(kara)
    new_link = shared.links()["Kara Voss"]
    assert new_link != old_link
    wait_for(old, qtbot, lambda: page(old)["ended"])
    assert page(old)["notice"] == RENEWED and "Ask your GM" in RENEWED  # what to do next
    # It stays cut off: no "Reconnecting…", no new socket after the first retry's pause.
    qtbot.wait(1000)  # the first retry comes within 0.65 s
    assert page(old)["banner"] == "" and old.execute_script("return window.gmSockets;") == 1
    SHOTS.mkdir(parents=True, exist_ok=True)
    assert old.save_screenshot(str(SHOTS / "player-360x640-renewed.png"))  # to look at

    new = open_page(browser, new_link)
    wait_for(new, qtbot, lambda: showing(new, expected(shared, kara)))
    assert not page(new)["ended"] and page(new)["notice"] == ""
    # A change still reaches the new page, and never the old one.
    assert shared.session.push(AddDice(shared.session, kara, 10, count=1))
    wait_for(new, qtbot, lambda: showing(new, expected(shared, kara)))
    assert len(page(new)["dice"]) == 5 and len(page(old)["dice"]) == 4


def test_a_reload_shows_the_whole_current_view(
    qtbot: QtBot, browser: Browser, shared: Sharing
) -> None:
    kara = shared.ids["kara"]
    link = shared.links()["Kara Voss"]
    driver = open_page(browser, link)
    wait_for(driver, qtbot, lambda: showing(driver, expected(shared, kara)))

    driver.get("about:blank")  # the phone is elsewhere while the GM plays on
    session = shared.session
    assert session.push(AddDice(session, kara, 12, count=2))
    tray = in_tray(shared.campaign, shared.campaign.kit.dice(kara)[:3])
    roll = roll_tray(tray, 0, ScriptedRng([2, 6, 4]))
    assert session.push(RollTray(session, shared.campaign.roster.get(kara), roll, steps_allowed=0))
    qtbot.wait(50)
    now = expected(shared, kara)
    assert now["roll"] and len(now["dice"]) == 6

    driver.get(link)
    wait_for(driver, qtbot, lambda: showing(driver, now))
    driver.refresh()  # a reload with nothing changed shows it all again, not a blank page
    wait_for(driver, qtbot, lambda: page(driver)["name"] == "Kara Voss")
    wait_for(driver, qtbot, lambda: showing(driver, now))


@pytest.fixture
def secret_shared(qtbot: QtBot, tmp_path: Path, data_dir: Path) -> Iterator[Sharing]:
    """A full campaign (a roll, a scene, energy, cards, clocks, factions): every section
    of the page has something in it."""
    with gm_sharing(qtbot, tmp_path, data_dir, secret_campaign) as sharing:
        yield sharing


def rgb(colour: str) -> tuple[int, ...]:
    inside = colour[colour.index("(") + 1 : colour.index(")")]
    return tuple(round(float(part)) for part in inside.split(",")[:3])


def luminance(colour: tuple[int, ...]) -> float:
    red, green, blue = colour
    return (0.2126 * red + 0.7152 * green + 0.0722 * blue) / 255


@pytest.mark.slow  # four browsers, four screenshots
def test_screenshots_fit_phones_and_tablets_light_and_dark(
    qtbot: QtBot, browser: Browser, secret_shared: Sharing, tmp_path: Path
) -> None:
    kara = secret_shared.ids["kara"]
    link = secret_shared.links()["Kara Voss"]
    want = expected(secret_shared, kara)
    folder = tmp_path / "shots"
    folder.mkdir()
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width, height in ((360, 640), (1024, 768)):
        for dark in (False, True):
            driver: Any = browser(width, height, dark=dark)
            driver.get(link)
            wait_for(driver, qtbot, partial(showing, driver, want))
            wait_for(driver, qtbot, partial(pictures_drawn, driver))
            sizes = driver.execute_script(
                "return [document.documentElement.scrollWidth, window.innerWidth];"
            )
            assert sizes[0] <= sizes[1], (width, dark, sizes)
            background = rgb(
                driver.execute_script("return getComputedStyle(document.body).backgroundColor;")
            )
            ink = rgb(driver.execute_script("return getComputedStyle(document.body).color;"))
            if dark:
                assert luminance(background) < 0.15 and luminance(ink) > 0.7, (background, ink)
            else:
                assert luminance(background) > 0.85 and luminance(ink) < 0.3, (background, ink)
            # The whole page, not only the first screen: the window grows to its height.
            full = driver.execute_script("return document.documentElement.scrollHeight;")
            driver.execute_cdp_cmd(
                "Emulation.setDeviceMetricsOverride",
                {
                    "width": width,
                    "height": max(height, int(full)),
                    "deviceScaleFactor": 1,
                    "mobile": width < 600,
                },
            )
            name = f"player-{width}x{height}-{'dark' if dark else 'light'}.png"
            assert driver.save_screenshot(str(folder / name))
            shutil.copy(folder / name, SHOTS / name)


def test_the_page_loads_nothing_from_outside_and_logs_no_errors(
    qtbot: QtBot, browser: Browser, secret_shared: Sharing
) -> None:
    kara = secret_shared.ids["kara"]
    driver = open_page(browser, secret_shared.links()["Kara Voss"], 1024, 768)
    wait_for(driver, qtbot, lambda: showing(driver, expected(secret_shared, kara)))
    names = driver.execute_script(
        "return performance.getEntriesByType('resource').map((entry) => entry.name);"
    )
    origin = secret_shared.origin
    assert any("/static/dice/" in name for name in names)
    assert [name for name in names if not name.startswith(origin + "/")] == []
    try:
        logged = driver.get_log("browser")
    except Exception:  # a driver without the log: the page's own errors are checked above
        logged = []
    errors = [entry for entry in logged if entry.get("level") == "SEVERE"]
    assert errors == []


def test_a_french_phone_reads_the_page_in_french(
    qtbot: QtBot, browser: Browser, shared: Sharing
) -> None:
    """The HTML's words and the scripts' are in the phone's language (the catalogue's
    French), the page says it is French, and the plural of the pool's count is French."""
    french = translator("fr")
    driver: Any = browser(360, 640, language="fr-FR,fr")
    driver.get(shared.links()["Kara Voss"])
    pool = expected(shared, shared.ids["kara"])
    wait_for(driver, qtbot, lambda: showing(driver, pool))
    read = driver.execute_script(
        "return {lang: document.documentElement.lang,"
        " dice: document.getElementById('dice-title').textContent,"
        " counts: document.getElementById('dice-counts').textContent};"
    )
    assert read["lang"] == "fr"
    assert read["dice"] == french.gettext("Your dice") != "Your dice"
    in_pool = french.gettext("{count} in the pool").format(count=4)
    assert in_pool != "4 in the pool" and read["counts"].startswith(in_pool)
    # A die's place, which the view sends in English, in the page's words (its title).
    titles = driver.execute_script(
        "return Array.from(document.querySelectorAll('#dice-groups img'), (i) => i.title);"
    )
    place = french.gettext("in the pool")
    die = french.gettext("d{size} die, {place}").format(size=8, place=place)
    assert place != "in the pool" and die in titles
    assert driver.get_log("browser") == []  # no error from the words block or the scripts
