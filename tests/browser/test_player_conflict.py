"""A conflict rolled from two phones (issue 30), in Debian's headless chromium: the GM
sets Kara against Bryn on the Dice Table; each page says who it faces and offers "Roll
for the conflict"; Kara's roll fills her tray and waits, Bryn's fills his and the Dice
Table rolls both; the pages drop the prompt, and only the GM's Apply writes the outcome
(one roll in the log). A screenshot is kept in /tmp/i30-shots for a person to look at."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from desktop.store import Campaign
from desktop.ui.docks.dice_table import DiceTableWidget
from tests.browser.conftest import Browser
from tests.browser.test_player_page import open_page, wait_for
from tests.browser.test_player_rolls import roller, tap
from tests.share.gm_sharing import Sharing, gm_sharing
from tests.ui.docks import shown_dock
from tests.ui.scripted import ScriptedRng

SHOTS = Path("/tmp/i30-shots")

PROMPT = """
const prompt = document.getElementById('conflict-prompt');
return prompt.hidden ? '' : prompt.textContent;
"""


def kara_and_bryn_with_dice(campaign: Campaign) -> dict[str, int]:
    kara = campaign.roster.add("Kara Voss", "pc")
    campaign.kit.add_dice(kara.id, count=2)
    bryn = campaign.roster.add("Bryn", "pc")
    campaign.kit.add_dice(bryn.id, size=8, count=2)
    return {"kara": kara.id, "bryn": bryn.id}


def prompt(driver: Any) -> str:
    said: str = driver.execute_script(PROMPT)
    return said


def roll_one_die(driver: Any, qtbot: QtBot) -> None:
    """Tap the page's first pool die into the tray and press the roll button."""
    wait_for(driver, qtbot, lambda: bool(roller(driver)["pool"]))
    tap(driver, "#roller-pool button.pick[data-die]")
    wait_for(driver, qtbot, lambda: roller(driver)["enabled"])
    assert roller(driver)["button"] == "Roll 1 die for the conflict"
    tap(driver, "#roller-roll")


@pytest.fixture
def shared(qtbot: QtBot, tmp_path: Path, data_dir: Path) -> Iterator[Sharing]:
    with gm_sharing(qtbot, tmp_path, data_dir, kara_and_bryn_with_dice) as sharing:
        yield sharing


def test_both_sides_roll_the_conflict_from_their_pages_and_only_the_gm_applies(
    qtbot: QtBot, browser: Browser, shared: Sharing
) -> None:
    kara, bryn = shared.ids["kara"], shared.ids["bryn"]
    campaign, session = shared.campaign, shared.session
    table = shown_dock(shared.window, "diceTable", DiceTableWidget)
    table.animate_check.setChecked(False)
    session.select_character(kara)
    table.set_opponent(bryn)
    shared.window.sharing.allow_rolls(kara, True)
    shared.window.sharing.allow_rolls(bryn, True)
    kara_page = open_page(browser, shared.links()["Kara Voss"])
    bryn_page = open_page(browser, shared.links()["Bryn"])
    wait_for(kara_page, qtbot, lambda: "against Bryn:" in prompt(kara_page))
    wait_for(bryn_page, qtbot, lambda: "against Kara Voss:" in prompt(bryn_page))
    assert roller(kara_page)["button"] == "Roll for the conflict"
    SHOTS.mkdir(parents=True, exist_ok=True)
    assert kara_page.save_screenshot(str(SHOTS / "player-360x640-conflict.png"))
    # Kara's roll fills her tray on the GM's table; nothing is rolled yet.
    roll_one_die(kara_page, qtbot)
    wait_for(kara_page, qtbot, lambda: any(die.in_tray for die in campaign.kit.dice(kara)))
    wait_for(kara_page, qtbot, lambda: "your dice are in your tray" in prompt(kara_page))
    assert "pick your dice" in prompt(bryn_page)
    assert table.open_sides() == (kara, bryn) and campaign.rolls.all() == []
    # Bryn's fills his: the Dice Table rolls both (Kara's d6 a 5, Bryn's d8 a 2), and the
    # pages drop the prompt.
    session.rng = ScriptedRng([5, 2])
    roll_one_die(bryn_page, qtbot)
    wait_for(bryn_page, qtbot, lambda: table.conflict_box.conflict is not None)
    wait_for(kara_page, qtbot, lambda: prompt(kara_page) == "")
    wait_for(bryn_page, qtbot, lambda: prompt(bryn_page) == "")
    conflict = table.conflict_box.conflict
    assert conflict is not None
    assert [side.character.id for side in conflict.sides] == [kara, bryn]
    assert [list(side.roll.faces) for side in conflict.sides] == [[5], [2]]
    assert [side.total for side in conflict.sides] == [5, 2]
    assert campaign.rolls.all() == []  # the phones never apply the outcome
    table.apply_conflict()
    assert len(campaign.rolls.all()) == 1
    # The rule: Kara wins 5 to 2, and Bryn loses 1 + 3 // 10 = 1 die; Kara none.
    removed = {
        who: sum(die.place == "removed" for die in campaign.kit.dice(who)) for who in (kara, bryn)
    }
    assert removed == {kara: 0, bryn: 1}
