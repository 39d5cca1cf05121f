"""Handouts from the GM's window (issue 30): given from the roster's menu, the card
editor and the player display's menu, each one undo step through the store; taken back
from the list of handouts given; the shared pages' views carry them (a picture handed
to the server for that character only); the player display (the TV) shows none."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QApplication, QLabel, QWidget
from pytestqt.qtbot import QtBot

from desktop.store import Campaign
from desktop.ui.docks.roster import RosterWidget
from desktop.ui.docks.syscards import SysCardsWidget
from desktop.ui.handouts.give_dialog import GiveHandoutDialog
from desktop.ui.handouts.given_dialog import GivenHandoutsDialog
from desktop.ui.main_window import MainWindow
from desktop.ui.settings import Settings
from desktop.ui.sharing.addresses import Address
from tests.ui.docks import campaign_of, session_of, shown_dock
from tests.ui.sharing_doubles import FakeServer, FakeServers

LOOPBACK = (Address("This computer only — 127.0.0.1", "127.0.0.1", True),)
SHOTS = Path("/tmp/h/shots30")
PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4000000"
    "0049454e44ae426082"
)

Gm = tuple[MainWindow, FakeServer, dict[str, int]]


@pytest.fixture
def gm(qtbot: QtBot, settings_path: Path, campaign_path: Path, data_dir: Path) -> Iterator[Gm]:
    campaign_path.parent.mkdir(parents=True, exist_ok=True)
    campaign = Campaign.create(campaign_path, data_dir=data_dir, start_date=date(2026, 3, 1))
    kara = campaign.roster.add("Kara Voss", "pc").id
    ilse = campaign.roster.add("Ilse Marr", "pc").id
    ogre = campaign.roster.add("Ogre", "npc").id
    sword = campaign.cards.add(
        "Kara's sword", "item", character_id=kara, efficiency=40, info="<p>Sharp.</p>"
    ).id
    campaign.close()
    ids = {"kara": kara, "ilse": ilse, "ogre": ogre, "sword": sword}
    servers = FakeServers()
    settings = Settings(QSettings(str(settings_path), QSettings.Format.IniFormat))
    window = MainWindow(settings, data_dir, share_server=servers, share_files=dict)
    window.sharing.addresses = lambda: LOOPBACK
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    assert window.open_campaign(campaign_path, interactive=False)
    assert window.sharing.share_at("127.0.0.1", 8765)
    window.sharing.close_window()
    yield window, servers.last, ids
    window.player_display.close()
    window.sharing.stop()
    window.close()
    QApplication.processEvents()


def open_dialog(qtbot: QtBot, kind: type[QWidget]) -> QWidget:
    found: list[QWidget] = []

    def shown() -> bool:
        found[:] = [
            w for w in QApplication.topLevelWidgets() if isinstance(w, kind) and w.isVisible()
        ]
        return bool(found)

    qtbot.waitUntil(shown, timeout=3000)
    return found[-1]


def latest_view(qtbot: QtBot, server: FakeServer, character_id: int, title: str | None) -> dict:
    """The newest view published for `character_id`, once the hand-off has run."""

    def newest() -> dict:
        return next(p for cid, p in reversed(server.published) if cid == character_id)

    def arrived() -> bool:
        titles = [h["title"] for h in newest()["handouts"]]
        return (title in titles) if title is not None else True

    qtbot.waitUntil(arrived, timeout=3000)
    return dict(newest())


def shot(widget: QWidget, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    assert widget.grab().save(str(SHOTS / name))


def test_a_text_from_the_roster_reaches_that_player_only_and_undoes(qtbot: QtBot, gm: Gm) -> None:
    window, server, ids = gm
    roster = shown_dock(window, "roster", RosterWidget)
    roster._select_row(roster.model.row_of(ids["ogre"]))
    assert not roster.handout_action.isEnabled()  # an NPC has no page
    roster._select_row(roster.model.row_of(ids["kara"]))
    assert roster.handout_action.isEnabled()
    assert roster.handout_action in roster.table.actions()  # the table's own menu
    roster.handout_action.trigger()
    dialog = open_dialog(qtbot, GiveHandoutDialog)
    assert isinstance(dialog, GiveHandoutDialog)
    assert dialog.to_combo.currentData() == ids["kara"]
    dialog.title_edit.setText("A letter")
    qtbot.keyClicks(dialog.text_edit, "Meet me at the ford.")
    qtbot.keyClick(dialog.text_edit, Qt.Key.Key_Return)
    qtbot.keyClicks(dialog.text_edit, "Come alone.")
    shot(dialog, "give-text-dialog.png")
    dialog.buttons.button(dialog.buttons.StandardButton.Ok).click()
    campaign = campaign_of(window)
    (given,) = campaign.handouts.all()
    assert (given.kind, given.title, given.character_id) == ("text", "A letter", ids["kara"])
    kara_view = latest_view(qtbot, server, ids["kara"], "A letter")
    assert kara_view["handouts"][0]["text"] == "Meet me at the ford.\nCome alone."
    ilse_view = latest_view(qtbot, server, ids["ilse"], None)
    assert "Meet me" not in json.dumps(ilse_view)

    stack = session_of(window).undo_stack
    assert stack.undoText() == "Give “A letter” to Kara Voss"
    stack.undo()
    assert campaign.handouts.all() == []
    stack.redo()
    assert [h.id for h in campaign.handouts.all()] == [given.id]


def test_an_empty_or_huge_text_is_refused_beside_the_fields(qtbot: QtBot, gm: Gm) -> None:
    window, _server, ids = gm
    from desktop.ui.handouts.entry import give_to

    dialog = give_to(window, session_of(window), ids["kara"])
    assert dialog is not None
    dialog.title_edit.setText("Nothing")
    dialog.accept()
    assert dialog.isVisible() and "needs some words" in dialog.error.text()
    dialog.text_edit.setPlainText("x" * 20_001)
    dialog.accept()
    assert dialog.isVisible() and "at most 20,000" in dialog.error.text()
    dialog.reject()
    assert campaign_of(window).handouts.all() == []


def test_a_card_from_the_editor_is_its_copy_as_the_player_saw_it(qtbot: QtBot, gm: Gm) -> None:
    window, server, ids = gm
    cards = shown_dock(window, "syscards", SysCardsWidget)
    cards._select(ids["sword"])
    qtbot.waitUntil(lambda: cards.editor.handout_button.isEnabled(), timeout=3000)
    cards.editor.handout_button.click()
    dialog = open_dialog(qtbot, GiveHandoutDialog)
    assert isinstance(dialog, GiveHandoutDialog)
    assert dialog.to_combo.currentData() == ids["kara"]  # the card stands for her
    assert dialog.title_edit.text() == "Kara's sword"
    shot(dialog, "give-card-dialog.png")
    dialog.buttons.button(dialog.buttons.StandardButton.Ok).click()
    campaign = campaign_of(window)
    # The GM writes a secret into the card afterwards: the handout keeps the old words.
    campaign.cards.update(ids["sword"], info="<p>Cursed: kills its bearer.</p>")
    view = latest_view(qtbot, server, ids["kara"], "Kara's sword")
    card = view["handouts"][0]["card"]
    assert card["info"] == ["Sharp."] and card["efficiency"] == 40
    assert "Cursed" not in json.dumps(view["handouts"])


def test_a_picture_to_all_from_the_display_menu_and_a_fake_one_refused(
    qtbot: QtBot, gm: Gm, tmp_path: Path
) -> None:
    window, server, ids = gm
    fake = tmp_path / "fake.png"
    fake.write_bytes(b"\x89PNG\r\n\x1a\n not really a picture")
    real = tmp_path / "tower.png"
    picture = QImage(64, 40, QImage.Format.Format_RGB32)
    picture.fill(QColor(90, 120, 160))
    assert picture.save(str(real), "PNG")
    data = real.read_bytes()
    assert window.player_display.give_all_action in window.player_display.menu.actions()
    window.player_display.give_all_action.trigger()
    dialog = open_dialog(qtbot, GiveHandoutDialog)
    assert isinstance(dialog, GiveHandoutDialog)
    assert dialog.to_combo.currentData() is None  # every player
    assert not dialog.set_picture(fake)
    assert "not a picture GM Desk can read" in dialog.error.text()
    assert dialog.set_picture(real)
    assert dialog.picture_button.isChecked() and dialog.title_edit.text() == "tower"
    assert dialog.picture_label.text() == f"tower.png ({len(data)} bytes)"
    dialog.text_edit.setPlainText("At dusk")
    shot(dialog, "give-picture-dialog.png")
    dialog.accept()
    (given,) = campaign_of(window).handouts.all()
    assert given.kind == "image" and given.character_id is None
    for character in ("kara", "ilse"):
        view = latest_view(qtbot, server, ids[character], "tower")
        assert view["handouts"][0]["image"] is True
        assert server.pictures[ids[character]] == {given.id: (data, "image/png")}


def test_taking_back_from_the_list_is_one_undo_step(qtbot: QtBot, gm: Gm) -> None:
    window, server, ids = gm
    campaign = campaign_of(window)
    letter = campaign.handouts.give("text", "A letter", text="Hi", character_id=ids["kara"])
    campaign.handouts.give("image", "The seal", image=PNG)
    window.player_display.given_action.trigger()
    dialog = open_dialog(qtbot, GivenHandoutsDialog)
    assert isinstance(dialog, GivenHandoutsDialog)
    assert [dialog.list.item(i).text() for i in range(dialog.list.count())] == [
        "“A letter” (text), to Kara Voss",
        "“The seal” (picture), to every player",
    ]
    shot(dialog, "handouts-given-dialog.png")
    dialog.list.setCurrentRow(0)
    dialog.list.setFocus()
    qtbot.keyClick(dialog.list, Qt.Key.Key_Delete)  # the keyboard's way
    assert [h.title for h in campaign.handouts.all()] == ["The seal"]
    assert dialog.list.count() == 1
    view = latest_view(qtbot, server, ids["kara"], "The seal")
    assert [h["title"] for h in view["handouts"]] == ["The seal"]
    stack = session_of(window).undo_stack
    assert stack.undoText() == "Take back “A letter”"
    stack.undo()
    assert [h.title for h in campaign.handouts.all()] == ["A letter", "The seal"]
    assert campaign.handouts.all()[0].id == letter.id  # back in its place
    qtbot.waitUntil(lambda: dialog.list.count() == 2, timeout=3000)
    dialog.list.setCurrentRow(1)
    dialog.take_back_button.click()
    assert [h.title for h in campaign.handouts.all()] == ["A letter"]
    dialog.close()


def test_the_player_display_never_shows_a_handout(qtbot: QtBot, gm: Gm) -> None:
    window, _server, ids = gm
    display = window.player_display.open()
    campaign = campaign_of(window)
    campaign.handouts.give("text", "Secret letter", text="The key is under the mat.")
    campaign.handouts.give("text", "Hers", text="Only Kara", character_id=ids["kara"])
    QApplication.processEvents()
    words = " ".join(label.text() for label in display.findChildren(QLabel))
    assert "Secret letter" not in words and "under the mat" not in words
    assert "Only Kara" not in words
