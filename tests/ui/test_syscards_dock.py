"""The SySCards dock through real widgets: list, editor, preview, acts, challenges, print."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QApplication, QMessageBox, QScrollArea
from pytestqt.qtbot import QtBot

from desktop.ui.docks.syscards import SysCardsWidget
from desktop.ui.main_window import MainWindow
from desktop.ui.window_language import install_window_language, uninstall_window_language
from tests.ui.docks import campaign_of, shown_dock


@pytest.fixture
def cards(window: MainWindow) -> SysCardsWidget:
    campaign = campaign_of(window)
    kara = campaign.cards.add("Kara Voss", "character", efficiency=40)
    campaign.cards.add("Knife work", "skill", owner_id=kara.id, efficiency=30, tags=("blade",))
    campaign.cards.add("Saltmarsh drake", "creature", efficiency=55, info="<p>Bites.</p>")
    return shown_dock(window, "syscards", SysCardsWidget)


def names(widget: SysCardsWidget) -> list[str]:
    return [r.name for r in widget.model.records]


def select(widget: SysCardsWidget, name: str) -> None:
    row = next(i for i, r in enumerate(widget.model.records) if r.name == name)
    widget.table.selectRow(row)


def test_filter_as_the_gm_types(cards: SysCardsWidget, qtbot: QtBot) -> None:
    assert names(cards) == ["Kara Voss", "Knife work", "Saltmarsh drake"]
    qtbot.keyClicks(cards.filter_edit, "k")
    assert sorted(names(cards)) == ["Kara Voss", "Knife work", "Saltmarsh drake"]  # drake
    qtbot.keyClicks(cards.filter_edit, "n")
    assert names(cards) == ["Knife work"]
    cards.filter_edit.setText("blade")  # tags are searched too
    assert names(cards) == ["Knife work"]
    cards.filter_edit.clear()
    cards.category_filter.setCurrentIndex(cards.category_filter.findData("creature"))
    assert names(cards) == ["Saltmarsh drake"]
    assert cards.count_label.text() == "1 of 3 cards"


def test_sorting_by_efficiency(cards: SysCardsWidget) -> None:
    cards.table.sortByColumn(3, Qt.SortOrder.DescendingOrder)
    assert names(cards) == ["Saltmarsh drake", "Kara Voss", "Knife work"]


def test_edit_with_undo_and_bad_values_refused_in_place(
    window: MainWindow, cards: SysCardsWidget, qtbot: QtBot
) -> None:
    select(cards, "Knife work")
    editor = cards.editor
    editor.name_edit.setFocus()
    editor.name_edit.selectAll()
    qtbot.keyClicks(editor.name_edit, "Knife fighting")
    qtbot.keyClick(editor.name_edit, Qt.Key.Key_Return)
    assert "Knife fighting" in [c.name for c in campaign_of(window).cards.all()]
    for bad in (0, 101):
        editor.numbers["efficiency"].setValue(bad)
        assert not editor.commit("efficiency", bad)
        assert editor.error_label.isVisible() and "100" in editor.error_label.text()
    assert {c.name: c.efficiency for c in campaign_of(window).cards.all()}["Knife fighting"] == 30
    assert editor.commit("efficiency", 35)
    window.undo_action.trigger()
    window.undo_action.trigger()
    assert {c.name: c.efficiency for c in campaign_of(window).cards.all()} == {
        "Kara Voss": 40,
        "Knife work": 30,
        "Saltmarsh drake": 55,
    }


def test_a_card_cannot_be_owned_by_its_own_skill(window: MainWindow, cards: SysCardsWidget) -> None:
    campaign = campaign_of(window)
    knife = next(c for c in campaign.cards.all() if c.name == "Knife work")
    select(cards, "Kara Voss")
    assert cards.editor.owner_combo.findData(cards.editor.card.id) == -1  # never itself
    assert not cards.editor.commit("owner_id", knife.id)
    assert (
        "own" in cards.editor.error_label.text().lower()
        or "loop" in cards.editor.error_label.text().lower()
    )
    assert next(c for c in campaign.cards.all() if c.name == "Kara Voss").owner_id is None


def test_new_duplicate_delete_and_undo(
    window: MainWindow, cards: SysCardsWidget, monkeypatch: pytest.MonkeyPatch
) -> None:
    cards.new_card()
    assert "New card" in names(cards)
    select(cards, "Saltmarsh drake")
    cards.duplicate()
    assert "Saltmarsh drake (copy)" in names(cards)
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    select(cards, "Saltmarsh drake")
    cards.delete()
    assert "Saltmarsh drake" not in names(cards)
    window.undo_action.trigger()
    assert "Saltmarsh drake" in names(cards)
    window.undo_action.trigger()
    window.undo_action.trigger()
    assert names(cards) == ["Kara Voss", "Knife work", "Saltmarsh drake"]


def _png(colour: str = "#aa3322") -> bytes:
    image = QImage(40, 30, QImage.Format.Format_RGB32)
    image.fill(QColor(colour))
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    return bytes(data.data())


def test_images_are_checked_before_they_are_kept(window: MainWindow, cards: SysCardsWidget) -> None:
    select(cards, "Saltmarsh drake")
    assert not cards.editor.set_image(b"\x89PNG\r\n\x1a\n broken")
    assert "not an image" in cards.editor.error_label.text()
    assert cards.editor.set_image(_png())
    drake = next(c for c in campaign_of(window).cards.all() if c.name == "Saltmarsh drake")
    assert drake.has_image
    window.undo_action.trigger()
    assert campaign_of(window).cards.image(drake.id) is None


def test_preview_draws_the_card(cards: SysCardsWidget) -> None:
    select(cards, "Saltmarsh drake")
    image = cards.preview.grab().toImage()
    colours = {
        image.pixelColor(x, y).name()
        for x in range(0, image.width(), 7)
        for y in range(0, image.height(), 7)
    }
    assert len(colours) > 3  # something was drawn, not a blank widget


def test_an_act_and_its_raise_throw_with_undo(window: MainWindow, cards: SysCardsWidget) -> None:
    select(cards, "Knife work")
    act = cards.act
    act.nr_spin.setValue(50)
    outcome = act.resolve(60)
    assert outcome is not None and outcome.success and outcome.mode == "action"
    outcome = act.resolve(100)  # a Raise Throw at the default 100
    assert outcome is not None and outcome.raised
    knife = next(c for c in campaign_of(window).cards.all() if c.name == "Knife work")
    assert knife.efficiency == 31
    rolls = campaign_of(window).rolls.all()
    assert [r.kind for r in rolls] == ["act", "act"]
    window.undo_action.trigger()
    knife = next(c for c in campaign_of(window).cards.all() if c.name == "Knife work")
    assert knife.efficiency == 30
    assert campaign_of(window).rolls.all()[0].undone


def test_tale_mode_needs_no_throw(cards: SysCardsWidget) -> None:
    select(cards, "Saltmarsh drake")
    cards.act.nr_spin.setValue(40)
    outcome = cards.act.resolve(None)
    assert outcome is not None and outcome.mode == "tale" and outcome.success
    assert "Tale Mode" in cards.act.result_label.text()


def test_a_challenge_with_a_tie_the_gm_orders(window: MainWindow, cards: SysCardsWidget) -> None:
    challenge = cards.challenge
    for name in ("Kara Voss", "Saltmarsh drake", "Knife work"):
        select(cards, name)
        cards._add_contender()
    challenge.set_values(0, velocity=2, forced_nr=0, throw=70)
    challenge.set_values(1, velocity=2, forced_nr=0, throw=70)
    challenge.set_values(2, velocity=5, forced_nr=90, throw=20)
    # Kara 70 (efc 40) and the drake 70 (efc 55): the drake has the higher efficiency.
    outcome = challenge.resolve()
    assert outcome is not None
    assert outcome.order == ("Knife work", "Saltmarsh drake", "Kara Voss")
    assert "Knife work" not in outcome.succeeded  # forced NR 90 not reached
    assert campaign_of(window).rolls.all()[0].kind == "challenge"


def test_true_ties_wait_for_the_gm(window: MainWindow, cards: SysCardsWidget) -> None:
    campaign = campaign_of(window)
    twin = campaign.cards.add("Kara's twin", "character", efficiency=40)
    cards.reload()
    challenge = cards.challenge
    for name in ("Kara Voss", twin.name):
        select(cards, name)
        cards._add_contender()
    challenge.set_values(0, velocity=0, forced_nr=0, throw=60)
    challenge.set_values(1, velocity=0, forced_nr=0, throw=60)
    outcome = challenge.resolve()
    assert outcome is not None and outcome.undecided
    assert not challenge.tie_box.isHidden()
    assert campaign.rolls.all() == []  # nothing written until the GM has ordered them
    item = challenge.ties.takeItem(1)
    challenge.ties.insertItem(0, item)
    settled = challenge.confirm_ties()
    assert settled is not None and settled.order == (twin.name, "Kara Voss")
    assert campaign.rolls.all()[0].detail["order"] == [twin.name, "Kara Voss"]


def test_export_pdf_of_the_selected_cards(
    window: MainWindow, cards: SysCardsWidget, tmp_path: Path
) -> None:
    from pypdf import PdfReader

    select(cards, "Saltmarsh drake")
    out = tmp_path / "cards.pdf"
    assert window.export_pdf_to(out) >= 1
    text = " ".join(" ".join(page.extract_text().split()) for page in PdfReader(out).pages)
    assert "Saltmarsh drake" in text and "55" in text
    assert "Knife work" not in text


def test_print_cards_from_the_command_line(tmp_path: Path, gm_desk_home: Path) -> None:
    from pypdf import PdfReader

    from desktop.store import Campaign as CampaignFile

    path = tmp_path / "c.gmdesk"
    with CampaignFile.create(path, data_dir=gm_desk_home / "data") as made:
        made.cards.add("Harbour lore", "skill", efficiency=62)
        made.cards.add("The Gull's Wager", "vehicle", efficiency=48)
    out = tmp_path / "out.pdf"
    env = {**os.environ, "GM_DESK_HOME": str(gm_desk_home)}
    command = [sys.executable, "-m", "desktop", "--campaign", str(path), "--print-cards", str(out)]
    done = subprocess.run(
        [*command, "--card", "harbour lore"], capture_output=True, text=True, env=env
    )
    assert done.returncode == 0, done.stderr
    text = " ".join(" ".join(page.extract_text().split()) for page in PdfReader(out).pages)
    assert "Harbour lore" in text and "Wager" not in text
    refused = subprocess.run(
        [*command, "--card", "Nobody"], capture_output=True, text=True, env=env
    )
    assert refused.returncode == 1 and "Nobody" in refused.stderr


def test_raise_throw_settings_are_the_campaigns(window: MainWindow, cards: SysCardsWidget) -> None:
    act = cards.act
    act.raise_from_spin.setValue(96)
    act.raise_by_spin.setValue(3)
    act._commit_raise_settings()
    assert campaign_of(window).settings()["raise_from"] == 96
    assert campaign_of(window).settings()["raise_by"] == 3
    select(cards, "Knife work")
    act.nr_spin.setValue(50)
    outcome = act.resolve(97)  # "above 95%" raises by 3 under this setting
    assert outcome is not None and outcome.efficiency == 33
    window.undo_action.trigger()
    window.undo_action.trigger()
    assert campaign_of(window).settings()["raise_by"] == 1


@pytest.mark.parametrize("language", ["en", "fr", "de", "es", "pseudo"])
def test_no_page_is_as_wide_as_the_editor_beside_the_preview(
    qapp: QApplication, qtbot: QtBot, language: str
) -> None:
    """At 1366 x 768 the Card page (the editor beside the preview: 602 px in English,
    745 in German) and the Act page (567 in German) made the tabs scroll sideways in the
    Prep workspace: in every language each page now asks for far less, its rows stacked
    and its words wrapped where they do not fit."""
    install_window_language(qapp, language)
    try:
        widget = SysCardsWidget()
        qtbot.addWidget(widget)
        for page in (widget.edit_page, widget.act, widget.challenge):
            assert page.minimumSizeHint().width() <= 440, type(page).__name__
        widget.challenge.tie_box.show()
        assert widget.challenge.minimumSizeHint().width() <= 440
    finally:
        uninstall_window_language(qapp)


def test_the_preview_goes_under_the_editor_when_both_do_not_fit(qtbot: QtBot) -> None:
    """Side by side as before while the room allows, Capacity's words on one line;
    narrower, the preview under the editor rather than the page scrolling sideways."""
    widget = SysCardsWidget()
    qtbot.addWidget(widget)
    page, editor, preview = widget.edit_page, widget.editor, widget.preview
    scroll = widget.findChild(QScrollArea)
    widget.resize(1100, 700)
    widget.show()
    qtbot.waitUntil(lambda: not page.is_stacked() and preview.x() >= editor.geometry().right())
    assert editor.width() >= editor.wide_width()  # in English, Capacity on one line
    assert editor.capacity_label.height() < 2 * editor.capacity_label.fontMetrics().height()
    widget.resize(800, 700)  # the list keeps its 345 px: the tabs have some 430
    qtbot.waitUntil(lambda: page.is_stacked() and preview.y() >= editor.geometry().bottom())
    assert not scroll.horizontalScrollBar().isVisible()
