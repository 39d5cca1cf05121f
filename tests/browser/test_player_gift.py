"""A gift between two phones (issue 30), in Debian's headless chromium: in a running
game Kara's page gives one of her depleted dice to Bryn; Bryn's page shows it on his
table at once, the GM's window holds the gift as one undo step, and the GM's undo takes
it back on both pages. A screenshot is kept in /tmp/i30-shots for a person to look at."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from tests.browser.conftest import Browser
from tests.browser.test_player_page import kara_with_dice, open_page, wait_for
from tests.share.gm_sharing import Sharing, gm_sharing

SHOTS = Path("/tmp/i30-shots")

GIFT = """
const section = document.getElementById('gift');
const said = document.getElementById('gift-said');
const options = Array.from(document.querySelectorAll('#gift-to option'))
  .map((option) => option.textContent);
return {
  shown: !section.hidden,
  dice: document.querySelectorAll('#gift-dice button.pick[data-die]').length,
  options: options,
  said: said.hidden ? '' : said.textContent,
};
"""

TABLE = """
return Array.from(document.querySelectorAll('#dice-groups figure.kit-die.table')).length;
"""


def gift(driver: Any) -> dict[str, Any]:
    state: dict[str, Any] = driver.execute_script(GIFT)
    return state


def on_table(driver: Any) -> int:
    count: int = driver.execute_script(TABLE)
    return count


@pytest.fixture
def shared(qtbot: QtBot, tmp_path: Path, data_dir: Path) -> Iterator[Sharing]:
    with gm_sharing(qtbot, tmp_path, data_dir, kara_with_dice) as sharing:
        yield sharing


def test_kara_gives_bryn_a_depleted_die_and_the_gm_undoes_it(
    qtbot: QtBot, browser: Browser, shared: Sharing
) -> None:
    kara, bryn = shared.ids["kara"], shared.ids["bryn"]
    campaign = shared.campaign
    campaign.games.start()
    first = campaign.kit.dice(kara)[0]
    campaign.kit.update_dice([replace(first, place="table")])
    shared.window.sharing.allow_rolls(kara, True)
    giver = open_page(browser, shared.links()["Kara Voss"])
    receiver = open_page(browser, shared.links()["Bryn"])
    wait_for(giver, qtbot, lambda: gift(giver)["shown"])
    assert gift(giver)["dice"] == 1 and gift(giver)["options"] == ["Bryn"]
    wait_for(receiver, qtbot, lambda: "Bryn" in receiver.title)
    assert on_table(receiver) == 0 and not gift(receiver)["shown"]  # view only: no gifts
    SHOTS.mkdir(parents=True, exist_ok=True)
    giver.execute_script("document.getElementById('gift').scrollIntoView();")
    assert giver.save_screenshot(str(SHOTS / "player-360x640-gift.png"))
    giver.execute_script("document.getElementById('gift-button').click();")
    wait_for(giver, qtbot, lambda: gift(giver)["said"] == "Given to Bryn.")
    wait_for(receiver, qtbot, lambda: on_table(receiver) == 1)
    assert [die.id for die in campaign.kit.dice(bryn)] == [first.id]
    assert shared.session.undo_stack.count() == 1
    shared.session.undo_stack.undo()
    wait_for(receiver, qtbot, lambda: on_table(receiver) == 0)
    wait_for(giver, qtbot, lambda: gift(giver)["dice"] == 1)
