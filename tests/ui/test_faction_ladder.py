"""The Faction Ladder dock driven through the real window: drops, clicks, dialogs, undo."""

from __future__ import annotations

from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt
from PySide6.QtGui import (
    QAction,
    QContextMenuEvent,
    QDragEnterEvent,
    QDragMoveEvent,
    QDropEvent,
    QPalette,
)
from PySide6.QtWidgets import QApplication, QDialogButtonBox
from pytestqt.qtbot import QtBot

from desktop.store import OWNER_FACTION, FactionRecord
from desktop.ui.docks.faction_ladder import FactionLadderWidget
from desktop.ui.docks.panels import FactionLadderPanel
from desktop.ui.main_window import MainWindow
from desktop.ui.theme import dark_palette
from desktop.ui.widgets.ladder_scene import (
    CARD_HEIGHT,
    HOLD_RECT,
    STATUS_RECT,
    FactionCard,
    encode_faction,
)
from tests.ui.docks import campaign_of


def ladder_of(window: MainWindow) -> FactionLadderWidget:
    panel = next(p for p in window.panels if isinstance(p, FactionLadderPanel))
    panel.show()
    panel.raise_()
    content = panel.content()
    assert isinstance(content, FactionLadderWidget)
    return content


def by_name(window: MainWindow, name: str) -> FactionRecord:
    return next(f for f in campaign_of(window).factions.all() if f.name == name)


def seed(window: MainWindow) -> FactionLadderWidget:
    campaign = campaign_of(window)
    campaign.factions.add("Red Sashes", tier=2, hold="weak", status=-1)
    campaign.factions.add("Lampblacks", tier=2, status=1)
    authority = campaign.factions.add("Harbour Authority", tier=4, status=-2)
    campaign.clocks.add("Crackdown", 6, owner_kind=OWNER_FACTION, owner_id=authority.id, filled=2)
    widget = ladder_of(window)
    QApplication.processEvents()
    return widget


def card(widget: FactionLadderWidget, faction_id: int) -> FactionCard:
    return widget.scene.cards[faction_id]


def in_row(widget: FactionLadderWidget, faction_id: int) -> int:
    """The tier whose row holds the card on screen."""
    centre = card(widget, faction_id).sceneBoundingRect().center()
    tiers = [t for t, row in widget.scene.rows.items() if row.rect.contains(centre)]
    assert len(tiers) == 1
    return tiers[0]


def view_point(widget: FactionLadderWidget, scene_point: QPointF) -> QPoint:
    widget.view.ensureVisible(scene_point.x(), scene_point.y(), 1, 1, 4, 4)
    return widget.view.mapFromScene(scene_point)


def drop(widget: FactionLadderWidget, data: QMimeData, scene_point: QPointF) -> None:
    """A real drop on the view: enter, move and drop events carrying real QMimeData."""
    point = view_point(widget, scene_point)
    viewport = widget.view.viewport()
    actions = Qt.DropAction.MoveAction
    buttons, keys = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    QApplication.sendEvent(viewport, QDragEnterEvent(point, actions, data, buttons, keys))
    QApplication.sendEvent(viewport, QDragMoveEvent(point, actions, data, buttons, keys))
    QApplication.sendEvent(viewport, QDropEvent(QPointF(point), actions, data, buttons, keys))


def test_the_panel_is_registered(window: MainWindow) -> None:
    panel = next(p for p in window.panels if isinstance(p, FactionLadderPanel))
    assert panel.objectName() == "faction_ladder"
    assert panel.windowTitle() == "Faction Ladder"


def test_factions_sit_on_their_tier_rows_in_order(window: MainWindow) -> None:
    widget = seed(window)
    red, lamp = by_name(window, "Red Sashes"), by_name(window, "Lampblacks")
    authority = by_name(window, "Harbour Authority")
    assert in_row(widget, red.id) == 2
    assert in_row(widget, lamp.id) == 2
    assert in_row(widget, authority.id) == 4
    assert card(widget, red.id).x() < card(widget, lamp.id).x()  # position 0 before 1
    rows = widget.scene.rows
    assert rows[6].rect.top() < rows[4].rect.top() < rows[2].rect.top() < rows[0].rect.top()
    assert [c.name for c in card(widget, authority.id).look.clocks] == ["Crackdown"]
    chapter = widget.scene.chapter_card
    assert chapter is not None
    assert chapter.record == campaign_of(window).chapter.get()
    assert rows[chapter.record.tier].rect.contains(chapter.sceneBoundingRect().center())
    assert widget.count_label.text() == "3 factions"


def test_drag_to_another_tier_then_undo_and_redo(window: MainWindow) -> None:
    widget = seed(window)
    assert window.session is not None
    stack = window.session.undo_stack
    red = by_name(window, "Red Sashes")
    authority = card(widget, by_name(window, "Harbour Authority").id).sceneBoundingRect()
    # Dropped right of the Harbour Authority: second in the tier 4 row.
    drop(widget, encode_faction(red.id), QPointF(authority.right() + 30, authority.center().y()))
    moved = campaign_of(window).factions.get(red.id)
    assert (moved.tier, moved.position) == (4, 1)
    assert in_row(widget, red.id) == 4
    assert campaign_of(window).factions.get(by_name(window, "Lampblacks").id).position == 0
    stack.undo()
    back = campaign_of(window).factions.get(red.id)
    assert (back.tier, back.position) == (2, 0)
    assert in_row(widget, red.id) == 2
    stack.redo()
    assert campaign_of(window).factions.get(red.id).tier == 4
    assert in_row(widget, red.id) == 4


def test_drag_within_a_row_reorders(window: MainWindow) -> None:
    widget = seed(window)
    assert window.session is not None
    red, lamp = by_name(window, "Red Sashes"), by_name(window, "Lampblacks")
    target = card(widget, red.id).sceneBoundingRect()
    drop(widget, encode_faction(lamp.id), QPointF(target.left() + 10, target.center().y()))
    assert campaign_of(window).factions.get(lamp.id).position == 0
    assert campaign_of(window).factions.get(red.id).position == 1
    assert card(widget, lamp.id).x() < card(widget, red.id).x()
    window.session.undo_stack.undo()
    assert campaign_of(window).factions.get(lamp.id).position == 1


def test_an_empty_row_takes_a_drop_and_foreign_drops_are_refused(window: MainWindow) -> None:
    widget = seed(window)
    assert window.session is not None
    stack = window.session.undo_stack
    red = by_name(window, "Red Sashes")
    before = stack.count()
    garbage = QMimeData()
    garbage.setData("application/x-gmdesk-faction", b"not json")
    drop(widget, garbage, widget.scene.rows[6].rect.center())
    drop(widget, encode_faction(999), widget.scene.rows[6].rect.center())
    assert stack.count() == before
    drop(widget, encode_faction(red.id), widget.scene.rows[6].rect.center())
    assert campaign_of(window).factions.get(red.id).tier == 6
    assert not widget.scene.rows[6].empty
    assert widget.scene.rows[6].rect.height() > CARD_HEIGHT


def test_click_the_status_badge_to_change_it(window: MainWindow, qtbot: QtBot) -> None:
    widget = seed(window)
    assert window.session is not None
    red = by_name(window, "Red Sashes")
    item = card(widget, red.id)
    point = view_point(widget, item.mapToScene(STATUS_RECT.center()))
    qtbot.mouseClick(widget.view.viewport(), Qt.MouseButton.LeftButton, pos=point)
    menu = widget.menu
    assert menu is not None and menu.objectName() == "factionStatusMenu"
    assert menu.isVisible()
    allies = menu.findChild(QAction, "status+3")
    assert allies is not None and not allies.isChecked()
    assert menu.findChild(QAction, "status-1").isChecked()
    allies.trigger()
    assert not menu.isVisible()
    assert campaign_of(window).factions.get(red.id).status == 3
    assert item.look.faction.status == 3
    window.session.undo_stack.undo()
    assert campaign_of(window).factions.get(red.id).status == -1
    assert item.look.faction.status == -1
    window.session.undo_stack.redo()
    assert campaign_of(window).factions.get(red.id).status == 3


def test_keys_step_the_status_and_the_tier(window: MainWindow, qtbot: QtBot) -> None:
    widget = seed(window)
    assert window.session is not None
    red = by_name(window, "Red Sashes")
    widget.scene.select(red.id)
    widget.view.setFocus()
    qtbot.keyClick(widget.view, Qt.Key.Key_Minus)
    qtbot.keyClick(widget.view, Qt.Key.Key_Minus)
    qtbot.keyClick(widget.view, Qt.Key.Key_Minus)  # already at war: stays -3
    assert campaign_of(window).factions.get(red.id).status == -3
    assert widget.count_label.text() == "3 factions · 1 at war with the chapter"
    assert widget.scene.chapter_card is not None and widget.scene.chapter_card.record.at_war
    qtbot.keyClick(widget.view, Qt.Key.Key_Up, Qt.KeyboardModifier.ControlModifier)
    assert campaign_of(window).factions.get(red.id).tier == 3
    window.session.undo_stack.undo()
    assert campaign_of(window).factions.get(red.id).tier == 2
    window.session.undo_stack.undo()
    assert campaign_of(window).factions.get(red.id).status == -2


def test_double_click_edits_name_hold_notes_and_war(window: MainWindow, qtbot: QtBot) -> None:
    widget = seed(window)
    assert window.session is not None
    red = by_name(window, "Red Sashes")
    point = view_point(widget, card(widget, red.id).mapToScene(QPointF(60, 14)))
    qtbot.mouseDClick(widget.view.viewport(), Qt.MouseButton.LeftButton, pos=point)
    dialog = widget.dialog
    assert dialog is not None and dialog.isVisible()
    assert dialog.name_edit.text() == "Red Sashes"
    assert not dialog.tier_spin.isEnabled()
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    dialog.name_edit.setText("lampblacks")
    qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)
    assert dialog.isVisible()  # the name is taken, whatever its case
    assert "already a faction called Lampblacks" in dialog.error_label.text()
    dialog.name_edit.setText("   ")
    qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)
    assert dialog.isVisible() and dialog.error_label.text() == "Give the faction a name."
    dialog.name_edit.setText("The Red Sashes")
    dialog.hold_combo.setCurrentIndex(dialog.hold_combo.findData("strong"))
    dialog.war_check.setChecked(True)
    dialog.notes_edit.setPlainText("Mylera Klev runs them.")
    qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)
    assert not dialog.isVisible()
    edited = campaign_of(window).factions.get(red.id)
    assert (edited.name, edited.hold, edited.at_war_with_others) == (
        "The Red Sashes",
        "strong",
        True,
    )
    assert edited.notes == "Mylera Klev runs them."
    assert card(widget, red.id).look.faction == edited
    window.session.undo_stack.undo()  # one step for the whole dialog
    assert campaign_of(window).factions.get(red.id) == red
    window.session.undo_stack.redo()
    assert campaign_of(window).factions.get(red.id) == edited


def test_add_then_delete_a_faction_with_undo(window: MainWindow, qtbot: QtBot) -> None:
    widget = seed(window)
    assert window.session is not None
    stack = window.session.undo_stack
    qtbot.mouseClick(widget.add_button, Qt.MouseButton.LeftButton)
    dialog = widget.dialog
    assert dialog is not None and dialog.isVisible()
    dialog.name_edit.setText("Gondoliers")
    dialog.tier_spin.setValue(3)
    dialog.status_combo.setCurrentIndex(dialog.status_combo.findData(2))
    qtbot.mouseClick(
        dialog.buttons.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton
    )
    added = by_name(window, "Gondoliers")
    assert (added.tier, added.status, added.hold) == (3, 2, "strong")
    assert in_row(widget, added.id) == 3
    assert widget.scene.selected_id() == added.id
    stack.undo()
    assert added.id not in widget.scene.cards
    assert "Gondoliers" not in [f.name for f in campaign_of(window).factions.all()]
    stack.redo()
    assert campaign_of(window).factions.get(added.id).name == "Gondoliers"

    authority = by_name(window, "Harbour Authority")
    widget.scene.select(authority.id)
    assert widget.delete_button.isEnabled()
    qtbot.mouseClick(widget.delete_button, Qt.MouseButton.LeftButton)
    assert authority.id not in widget.scene.cards
    assert not [c for c in campaign_of(window).clocks.all() if c.owner_id == authority.id]
    stack.undo()
    assert campaign_of(window).factions.get(authority.id) == authority
    assert [c.name for c in card(widget, authority.id).look.clocks] == ["Crackdown"]
    stack.redo()
    assert authority.id not in [f.id for f in campaign_of(window).factions.all()]


def test_the_context_menu_moves_adds_and_deletes(window: MainWindow, qtbot: QtBot) -> None:
    widget = seed(window)
    assert window.session is not None
    lamp = by_name(window, "Lampblacks")
    point = view_point(widget, card(widget, lamp.id).mapToScene(HOLD_RECT.center()))
    viewport = widget.view.viewport()
    event = QContextMenuEvent(QContextMenuEvent.Reason.Mouse, point, viewport.mapToGlobal(point))
    QApplication.sendEvent(viewport, event)
    menu = widget.menu
    assert menu is not None and menu.objectName() == "factionContextMenu"
    menu.findChild(QAction, "menuDown").trigger()
    assert not menu.isVisible()
    assert campaign_of(window).factions.get(lamp.id).tier == 1
    assert in_row(widget, lamp.id) == 1
    window.session.undo_stack.undo()
    assert campaign_of(window).factions.get(lamp.id).tier == 2

    empty = view_point(widget, widget.scene.rows[5].rect.center())
    QApplication.sendEvent(
        viewport,
        QContextMenuEvent(QContextMenuEvent.Reason.Mouse, empty, viewport.mapToGlobal(empty)),
    )
    add = widget.menu.findChild(QAction, "menuAdd")
    assert add.text() == "Add Faction at Tier 5…"
    add.trigger()
    assert widget.dialog is not None and widget.dialog.tier_spin.value() == 5
    widget.dialog.reject()


def test_a_refused_delete_is_explained_and_nothing_changes(window: MainWindow) -> None:
    widget = seed(window)
    assert window.session is not None
    red = by_name(window, "Red Sashes")
    campaign_of(window).chapter.add_claim("The Docks", holder_id=red.id)
    before = window.session.undo_stack.count()
    widget.delete_faction(red.id)
    assert widget.message_label.isVisible()
    assert "The Docks" in widget.message_label.text()
    assert campaign_of(window).factions.get(red.id) == red
    assert window.session.undo_stack.count() == before


def test_other_docks_changes_show_on_the_ladder(window: MainWindow) -> None:
    widget = seed(window)
    campaign = campaign_of(window)
    red = by_name(window, "Red Sashes")
    clock = campaign.clocks.add("Take the docks", 8, owner_kind=OWNER_FACTION, owner_id=red.id)
    assert [c.id for c in card(widget, red.id).look.clocks] == [clock.id]
    campaign.clocks.update(clock.id, filled=5)
    assert card(widget, red.id).look.clocks[0].filled == 5
    campaign.chapter.update(tier=2)
    chapter = widget.scene.chapter_card
    assert chapter is not None and chapter.record.tier == 2
    assert widget.scene.rows[2].rect.contains(chapter.sceneBoundingRect().center())
    # The chapter comes first in its row; the factions keep their order after it.
    lamp = card(widget, by_name(window, "Lampblacks").id)
    order = [(item.y(), item.x()) for item in (chapter, card(widget, red.id), lamp)]
    assert order == sorted(order)


def test_the_ladder_follows_a_dark_palette(window: MainWindow) -> None:
    widget = seed(window)
    red = card(widget, by_name(window, "Red Sashes").id)
    light_base = red.style.base
    widget.setPalette(dark_palette())
    dark_base = dark_palette().color(QPalette.ColorRole.Base)
    assert widget.scene.ladder_style.base == dark_base != light_base
    assert red.style is widget.scene.ladder_style
    assert widget.scene.rows[3].style is widget.scene.ladder_style


def test_a_name_with_an_ampersand_shows_it_in_the_menu_as_typed(window: MainWindow) -> None:
    widget = seed(window)
    lamp = by_name(window, "Lampblacks")
    campaign_of(window).factions.update(lamp.id, name="Salt & Iron")
    point = view_point(widget, card(widget, lamp.id).mapToScene(HOLD_RECT.center()))
    viewport = widget.view.viewport()
    event = QContextMenuEvent(QContextMenuEvent.Reason.Mouse, point, viewport.mapToGlobal(point))
    QApplication.sendEvent(viewport, event)
    assert widget.menu is not None
    delete = widget.menu.findChild(QAction, "menuDelete")
    # A lone "&" is Qt's shortcut mark and would hide, underlining the " " after it.
    assert delete.text() == "Delete Salt && Iron"
    assert delete.iconText() == "Delete Salt & Iron"
    widget.menu.close()
