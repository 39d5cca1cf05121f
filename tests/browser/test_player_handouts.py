"""A handout arriving on a player's phone and being taken back (issue 30), in Debian's
headless chromium: the GM gives Kara a letter and a card, and every player a picture
(each one undo step of the real window); Kara's page shows all three, the picture loaded
from her own link's path under the page's policy; Bryn's page shows the picture only;
the GM takes the letter back and it leaves her page, and undo brings it back. A
screenshot is kept in /tmp/i30-shots for a person to look at."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QBuffer, QByteArray, QIODevice
from PySide6.QtGui import QColor, QImage
from pytestqt.qtbot import QtBot

from desktop.actions.handouts import Gift
from desktop.store import Campaign
from desktop.ui.handout_commands import GiveHandout, TakeBackHandout
from desktop.views.handouts import card_copy
from tests.browser.conftest import Browser
from tests.browser.test_player_page import open_page, wait_for
from tests.share.gm_sharing import Sharing, gm_sharing

SHOTS = Path("/tmp/i30-shots")

HANDOUTS = """
const box = document.getElementById('handouts');
return {
  shown: !box.hidden,
  titles: Array.from(document.querySelectorAll('#handouts-list .handout-head h3'))
    .map((h) => h.textContent),
  texts: Array.from(document.querySelectorAll('#handouts-list .handout-text'))
    .map((p) => p.textContent),
  pictures: Array.from(document.querySelectorAll('#handouts-list img.handout-picture'))
    .map((img) => ({loaded: img.complete && img.naturalWidth > 0, width: img.naturalWidth,
                    alt: img.alt})),
  cards: Array.from(document.querySelectorAll('#handouts-list .syscard h3'))
    .map((h) => h.textContent),
};
"""


def handouts(driver: Any) -> dict[str, Any]:
    state: dict[str, Any] = driver.execute_script(HANDOUTS)
    return state


def picture() -> bytes:
    image = QImage(120, 80, QImage.Format.Format_RGB32)
    image.fill(QColor(60, 110, 150))
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    assert image.save(buffer, "PNG")
    return bytes(data.data())


def kara_bryn_and_a_map(campaign: Campaign) -> dict[str, int]:
    kara = campaign.roster.add("Kara Voss", "pc")
    bryn = campaign.roster.add("Bryn", "pc")
    card = campaign.cards.add("Old map", "item", character_id=kara.id, info="<p>Roads north</p>")
    return {"kara": kara.id, "bryn": bryn.id, "map": card.id}


@pytest.fixture
def shared(qtbot: QtBot, tmp_path: Path, data_dir: Path) -> Iterator[Sharing]:
    with gm_sharing(qtbot, tmp_path, data_dir, kara_bryn_and_a_map) as sharing:
        yield sharing


def test_a_handout_arrives_on_a_page_and_is_taken_back(
    qtbot: QtBot, browser: Browser, shared: Sharing
) -> None:
    kara, bryn = shared.ids["kara"], shared.ids["bryn"]
    session = shared.session
    kara_page = open_page(browser, shared.links()["Kara Voss"])
    bryn_page = open_page(browser, shared.links()["Bryn"])
    for driver, name in ((kara_page, "Kara Voss"), (bryn_page, "Bryn")):
        wait_for(
            driver,
            qtbot,
            lambda d=driver, n=name: (
                d.execute_script("return document.getElementById('name').textContent;") == n
            ),
        )
        assert not handouts(driver)["shown"]  # nothing given yet

    letter = GiveHandout(
        session,
        Gift("text", "A letter", "Meet me at the ford.\n<b>Come alone.</b>", character_id=kara),
        "Kara Voss",
    )
    assert session.push(letter)
    copy = card_copy(shared.campaign, shared.ids["map"])
    assert session.push(
        GiveHandout(session, Gift("card", "Old map", card=copy, character_id=kara), "Kara Voss")
    )
    assert session.push(
        GiveHandout(session, Gift("image", "The tower", "At dusk", image=picture()), None)
    )
    wait_for(kara_page, qtbot, lambda: len(handouts(kara_page)["titles"]) == 3)
    state = handouts(kara_page)
    assert state["titles"] == ["A letter", "Old map", "The tower"]
    # Text only: the markup the GM typed is words on the phone, never an element.
    assert state["texts"] == ["Meet me at the ford.\n<b>Come alone.</b>"]
    assert state["cards"] == ["Old map"]
    wait_for(kara_page, qtbot, lambda: handouts(kara_page)["pictures"][0]["loaded"])
    assert handouts(kara_page)["pictures"] == [{"loaded": True, "width": 120, "alt": "At dusk"}]
    wait_for(bryn_page, qtbot, lambda: handouts(bryn_page)["titles"] == ["The tower"])
    wait_for(bryn_page, qtbot, lambda: handouts(bryn_page)["pictures"][0]["loaded"])
    assert "ford" not in bryn_page.execute_script("return document.body.textContent;")
    SHOTS.mkdir(parents=True, exist_ok=True)
    kara_page.execute_script("document.getElementById('handouts').scrollIntoView();")
    assert kara_page.save_screenshot(str(SHOTS / "player-360x640-handouts.png"))

    # Bryn's page cannot load Kara's pictures by guessing: only its own link's are served.
    tower = shared.campaign.handouts.all()[-1].id
    bryn_token = shared.tokens()[bryn]
    fetched = bryn_page.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        f"fetch('/h/{bryn_token}/{letter.record.id if letter.record else 0}')"
        ".then((r) => done(r.status));"
    )
    assert fetched == 404
    assert tower > 0

    # The GM takes the letter back: it leaves Kara's page; undo brings it back in place.
    (given,) = [h for h in shared.campaign.handouts.all() if h.title == "A letter"]
    assert session.push(TakeBackHandout(session, given))
    wait_for(kara_page, qtbot, lambda: handouts(kara_page)["titles"] == ["Old map", "The tower"])
    session.undo_stack.undo()
    wait_for(
        kara_page,
        qtbot,
        lambda: handouts(kara_page)["titles"] == ["A letter", "Old map", "The tower"],
    )
    # Everything taken back: the section goes.
    for handout in shared.campaign.handouts.all():
        assert session.push(TakeBackHandout(session, handout))
    wait_for(kara_page, qtbot, lambda: not handouts(kara_page)["shown"])
    wait_for(bryn_page, qtbot, lambda: not handouts(bryn_page)["shown"])
    console = [
        entry for entry in kara_page.get_log("browser") if "Content Security" in entry["message"]
    ]
    assert console == []
