"""The Clocks dock through the real window: dials, clicks, dialogs, drags, undo and redo.

Plus the pure painting helpers: `segment_at` hit testing and `paint_clock` drawing.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QDragEnterEvent, QDragMoveEvent, QDropEvent, QImage, QPainter
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from desktop.paint.clocks import (
    ClockStyle,
    fill_after_click,
    paint_clock,
    segment_at,
    segment_point,
)
from desktop.store import Campaign, CharacterRecord, ClockRecord
from desktop.ui.docks.clock_dialogs import (
    ApplyResultDialog,
    NewClockDialog,
    RenameClockDialog,
    ResizeClockDialog,
)
from desktop.ui.docks.clocks import EMPTY_TEXT, ClocksWidget
from desktop.ui.main_window import MainWindow
from desktop.ui.session import CampaignSession
from desktop.ui.widgets.clock_board import MIME_TYPE, ClockBoard, clock_id_from_mime, clock_mime
from tests.ui.docks import campaign_of, session_of

LEFT = Qt.MouseButton.LeftButton


# -- pure helpers -------------------------------------------------------------------------------


def test_segment_at_names_the_quarters_clockwise_from_twelve() -> None:
    rect = QRectF(0, 0, 100, 100)
    assert segment_at(rect, 4, QPointF(75, 25)) == 1
    assert segment_at(rect, 4, QPointF(75, 75)) == 2
    assert segment_at(rect, 4, QPointF(25, 75)) == 3
    assert segment_at(rect, 4, QPointF(25, 25)) == 4


def test_segment_at_ignores_the_centre_and_the_outside() -> None:
    rect = QRectF(10, 10, 100, 100)
    assert segment_at(rect, 6, QPointF(60, 60)) is None  # the centre
    assert segment_at(rect, 6, QPointF(12, 12)) is None  # a corner, off the dial
    assert segment_at(rect, 6, QPointF(200, 60)) is None


@pytest.mark.parametrize("segments", range(2, 13))
def test_segment_at_finds_the_middle_of_every_segment(segments: int) -> None:
    rect = QRectF(5, 20, 90, 90)
    found = [segment_at(rect, segments, segment_point(rect, segments, k)) for k in range(1, 13)]
    assert found[:segments] == list(range(1, segments + 1))


def test_a_click_fills_up_to_a_segment_and_the_last_filled_one_empties() -> None:
    assert fill_after_click(2, 5) == 5
    assert fill_after_click(5, 3) == 3
    assert fill_after_click(5, 5) == 4
    assert fill_after_click(1, 1) == 0


def render(segments: int, filled: int, style: ClockStyle) -> QImage:
    image = QImage(120, 120, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    paint_clock(painter, QRectF(0, 0, 120, 120), segments, filled, style=style)
    painter.end()
    return image


def test_paint_clock_draws_filled_segments_solid() -> None:
    style = ClockStyle.black_and_white()
    empty, three = render(6, 0, style), render(6, 3, style)
    assert empty != three
    rect = QRectF(0, 0, 120, 120)
    for k in (1, 2, 3):  # filled: dark, even in black and white
        point = segment_point(rect, 6, k).toPoint()
        assert three.pixelColor(point).lightness() < 80
        assert empty.pixelColor(point).lightness() > 200
    point = segment_point(rect, 6, 5).toPoint()
    assert three.pixelColor(point).lightness() > 200


def test_a_full_clock_is_marked_done_not_by_colour_alone() -> None:
    style = ClockStyle.black_and_white()
    full, almost = render(4, 4, style), render(4, 3, style)
    # The check mark is light over the dark fill, in the middle of the dial.
    light_in_middle = sum(
        full.pixelColor(x, y).lightness() > 200 for x in range(45, 75) for y in range(45, 75)
    )
    assert light_in_middle > 60

    # The ring is thicker: more dark pixels down from twelve o'clock to the segments.
    def ring(image: QImage) -> int:
        return sum(image.pixelColor(60, y).lightness() < 128 for y in range(0, 8))

    assert ring(full) > ring(almost)


def test_mime_data_carries_the_clock_id_as_json() -> None:
    record = ClockRecord(7, "Storm", 4, 1, "none", 0, 0)
    mime = clock_mime(record)
    assert bytes(mime.data(MIME_TYPE).data()) == b'{"clock_id": 7}'
    assert clock_id_from_mime(mime) == 7
    broken = QMimeData()
    broken.setData(MIME_TYPE, b"not json")
    assert clock_id_from_mime(broken) is None
    assert clock_id_from_mime(QMimeData()) is None


# -- the dock -----------------------------------------------------------------------------------


def show_clocks(window: MainWindow) -> ClocksWidget:
    panel = next(p for p in window.panels if p.name == "clocks")
    # The dock gets its area to itself, so the dials have room to be clicked.
    for other in window.panels:
        if other is not panel and window.dockWidgetArea(other) == panel.area:
            other.hide()
    panel.show()
    panel.raise_()
    widget = panel.content()
    assert isinstance(widget, ClocksWidget)
    QApplication.processEvents()
    return widget


@pytest.fixture
def clocks(window: MainWindow) -> ClocksWidget:
    return show_clocks(window)


def only_clock(window: MainWindow) -> ClockRecord:
    (clock,) = campaign_of(window).clocks.all()
    return clock


def selected_pc(window: MainWindow, name: str) -> CharacterRecord:
    """A new player character, selected as the roster would select it."""
    character = campaign_of(window).roster.add(name, "pc")
    session_of(window).select_character(character.id)
    return character


def click_segment(qtbot: QtBot, board: ClockBoard, clock_id: int, segment: int) -> None:
    tile = board.tile_of(clock_id)
    assert tile is not None
    board.ensure_visible(tile)
    qtbot.mouseClick(board.viewport(), LEFT, pos=board.segment_point(clock_id, segment))


def open_new_clock(clocks: ClocksWidget) -> NewClockDialog:
    """New clock… as the toolbar runs it; returns the dialog it opens."""
    clocks.new_action.trigger()
    dialog = clocks.dialog
    assert isinstance(dialog, NewClockDialog)
    return dialog


def create_clock(qtbot: QtBot, clocks: ClocksWidget, name: str, size: int, owner: str) -> None:
    dialog = open_new_clock(clocks)
    qtbot.keyClicks(dialog.name_edit, name)
    qtbot.mouseClick(dialog.segments.quick.button(size), LEFT)
    dialog.owner_combo.setCurrentIndex(dialog.owner_combo.findText(owner))
    qtbot.mouseClick(dialog.ok_button, LEFT)
    assert clocks.dialog is None


def test_empty_state_tells_the_gm_what_to_do(clocks: ClocksWidget) -> None:
    assert clocks.board.tiles() == []
    assert clocks.board.empty_text == EMPTY_TEXT
    assert "New clock" in EMPTY_TEXT
    assert not clocks.delete_action.isEnabled()
    assert clocks.new_action.isEnabled()


def test_create_a_clock_through_the_dialog_then_undo_and_redo(
    window: MainWindow, clocks: ClocksWidget, qtbot: QtBot
) -> None:
    dialog = open_new_clock(clocks)
    qtbot.mouseClick(dialog.ok_button, LEFT)  # no name: refused next to the field
    assert dialog.isVisible()
    assert dialog.error_label.isVisible()
    assert campaign_of(window).clocks.all() == []
    create_clock(qtbot, clocks, "The watch closes in", 8, "The chapter: " + chapter_name(window))
    clock = only_clock(window)
    assert (clock.name, clock.segments, clock.filled, clock.owner_kind) == (
        "The watch closes in",
        8,
        0,
        "chapter",
    )
    assert clocks.board.current_id == clock.id
    assert [t.clock.name for t in clocks.board.tiles()] == ["The watch closes in"]
    stack = session_of(window).undo_stack
    stack.undo()
    assert campaign_of(window).clocks.all() == []
    assert clocks.board.tiles() == []
    stack.redo()
    assert only_clock(window) == clock  # the same id comes back


def chapter_name(window: MainWindow) -> str:
    return campaign_of(window).chapter.get().name


def test_click_segments_to_fill_and_empty_with_undo(
    window: MainWindow, clocks: ClocksWidget, qtbot: QtBot
) -> None:
    clock = campaign_of(window).clocks.add("Storm over the bay", 6)
    board = clocks.board
    click_segment(qtbot, board, clock.id, 4)
    assert campaign_of(window).clocks.get(clock.id).filled == 4
    click_segment(qtbot, board, clock.id, 4)  # the last filled one again: empties it
    assert campaign_of(window).clocks.get(clock.id).filled == 3
    click_segment(qtbot, board, clock.id, 1)
    assert campaign_of(window).clocks.get(clock.id).filled == 1
    stack = session_of(window).undo_stack
    stack.undo()
    assert campaign_of(window).clocks.get(clock.id).filled == 3
    stack.undo()
    assert campaign_of(window).clocks.get(clock.id).filled == 4
    stack.redo()
    stack.redo()
    assert campaign_of(window).clocks.get(clock.id).filled == 1
    assert board.tile_of(clock.id) is not None
    assert board.tile_of(clock.id).clock.filled == 1  # type: ignore[union-attr]


def test_plus_and_minus_keys_tick_the_selected_clock(
    window: MainWindow, clocks: ClocksWidget, qtbot: QtBot
) -> None:
    clock = campaign_of(window).clocks.add("Storm", 4, filled=3)
    board = clocks.board
    qtbot.mouseClick(board.viewport(), LEFT, pos=tile_label_point(board, clock.id))
    assert board.current_id == clock.id
    assert (
        campaign_of(window).clocks.get(clock.id).filled == 3
    )  # a click off the dial fills nothing
    qtbot.keyClick(board, Qt.Key.Key_Plus)
    assert campaign_of(window).clocks.get(clock.id).done
    assert not clocks.tick_up_action.isEnabled()
    qtbot.keyClick(board, Qt.Key.Key_Plus)  # never past full: nothing to undo
    assert session_of(window).undo_stack.count() == 1
    qtbot.keyClick(board, Qt.Key.Key_Minus)
    qtbot.keyClick(board, Qt.Key.Key_Minus)
    assert campaign_of(window).clocks.get(clock.id).filled == 2
    session_of(window).undo_stack.undo()
    assert campaign_of(window).clocks.get(clock.id).filled == 3


def tile_label_point(board: ClockBoard, clock_id: int) -> QPoint:
    tile = board.tile_of(clock_id)
    assert tile is not None
    return board.to_view(tile.text_rect).center().toPoint()


def test_apply_a_result_shows_the_ticks_first(
    window: MainWindow, clocks: ClocksWidget, qtbot: QtBot
) -> None:
    clock = campaign_of(window).clocks.add("Expand the route", 8, filled=3)
    board = clocks.board
    board.set_current(clock.id)
    clocks.apply_action.trigger()
    dialog = clocks.dialog
    assert isinstance(dialog, ApplyResultDialog)
    assert "Success marks 2 segments:\n3/8 → 5/8" in dialog.ticks_label.text()
    assert not dialog.multiplier.isEnabled()
    qtbot.mouseClick(dialog.findChild(type(dialog.levels.button(2)), "result_critical"), LEFT)
    assert dialog.multiplier.isEnabled()
    dialog.multiplier.setValue(2)
    assert "Critical ×2 marks 4 segments:\n3/8 → 7/8" in dialog.ticks_label.text()
    qtbot.mouseClick(dialog.ok_button, LEFT)
    assert campaign_of(window).clocks.get(clock.id).filled == 7
    stack = session_of(window).undo_stack
    assert stack.undoText() == "Critical ×2 on Expand the route (+4)"
    stack.undo()
    assert campaign_of(window).clocks.get(clock.id).filled == 3
    stack.redo()
    assert campaign_of(window).clocks.get(clock.id).filled == 7


def test_a_result_never_overfills(window: MainWindow, clocks: ClocksWidget, qtbot: QtBot) -> None:
    clock = campaign_of(window).clocks.add("Nearly there", 4, filled=3)
    clocks.board.set_current(clock.id)
    clocks.apply_action.trigger()
    dialog = clocks.dialog
    assert isinstance(dialog, ApplyResultDialog)
    assert "never fills past full" in dialog.ticks_label.text()
    qtbot.mouseClick(dialog.ok_button, LEFT)
    assert campaign_of(window).clocks.get(clock.id).filled == 4
    assert not clocks.apply_action.isEnabled()  # a done clock takes no more results


def test_rename_with_f2_and_undo(window: MainWindow, clocks: ClocksWidget, qtbot: QtBot) -> None:
    clock = campaign_of(window).clocks.add("Storm", 4)
    board = clocks.board
    board.set_current(clock.id)
    board.setFocus()
    qtbot.keyClick(board, Qt.Key.Key_F2)
    dialog = clocks.dialog
    assert isinstance(dialog, RenameClockDialog)
    dialog.name_edit.clear()
    qtbot.mouseClick(dialog.ok_button, LEFT)  # an empty name is refused
    assert dialog.error_label.isVisible()
    qtbot.keyClicks(dialog.name_edit, "Storm over the bay")
    qtbot.mouseClick(dialog.ok_button, LEFT)
    assert campaign_of(window).clocks.get(clock.id).name == "Storm over the bay"
    assert board.tile_of(clock.id).clock.name == "Storm over the bay"  # type: ignore[union-attr]
    stack = session_of(window).undo_stack
    stack.undo()
    assert campaign_of(window).clocks.get(clock.id).name == "Storm"
    stack.redo()
    assert campaign_of(window).clocks.get(clock.id).name == "Storm over the bay"


def test_resize_cuts_the_fill_and_undo_brings_it_back(
    window: MainWindow, clocks: ClocksWidget, qtbot: QtBot
) -> None:
    clock = campaign_of(window).clocks.add("Siege", 8, filled=6)
    clocks.board.set_current(clock.id)
    clocks.resize_action.trigger()
    dialog = clocks.dialog
    assert isinstance(dialog, ResizeClockDialog)
    qtbot.mouseClick(dialog.segments.quick.button(4), LEFT)
    assert dialog.segments.value() == 4
    assert "2 filled segments will be cut off" in dialog.cut_label.text()
    qtbot.mouseClick(dialog.ok_button, LEFT)
    after = campaign_of(window).clocks.get(clock.id)
    assert (after.segments, after.filled) == (4, 4)
    stack = session_of(window).undo_stack
    stack.undo()
    before = campaign_of(window).clocks.get(clock.id)
    assert (before.segments, before.filled) == (8, 6)
    stack.redo()
    assert campaign_of(window).clocks.get(clock.id).segments == 4


def drop(board: ClockBoard, mime: QMimeData, point: QPoint) -> QDropEvent:
    """A real drag's events, fed to the board's viewport: enter, move, drop."""
    move = Qt.DropAction.MoveAction
    enter = QDragEnterEvent(point, move, mime, LEFT, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(board.viewport(), enter)
    assert enter.isAccepted()
    over = QDragMoveEvent(point, move, mime, LEFT, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(board.viewport(), over)
    assert over.isAccepted()
    event = QDropEvent(QPointF(point), move, mime, LEFT, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(board.viewport(), event)
    return event


def group_point(board: ClockBoard, kind: str, owner_id: int) -> QPoint:
    group = board.group_of(kind, owner_id)
    assert group is not None
    return board.to_view(group.body).center().toPoint()


def test_drag_a_clock_to_another_owner_with_undo(
    window: MainWindow, clocks: ClocksWidget, qtbot: QtBot
) -> None:
    campaign = campaign_of(window)
    kara = selected_pc(window, "Kara Voss")
    clock = campaign.clocks.add("Pay off the harbourmaster", 6, filled=2)
    board = clocks.board
    assert board.group_of("character", kara.id) is not None  # the selected one takes drops
    event = drop(board, clock_mime(clock), group_point(board, "character", kara.id))
    assert event.isAccepted()
    moved = campaign.clocks.get(clock.id)
    assert (moved.owner_kind, moved.owner_id, moved.position) == ("character", kara.id, 0)
    assert board.tile_of(clock.id) in board.group_of("character", kara.id).tiles  # type: ignore[union-attr]
    stack = session_of(window).undo_stack
    assert stack.undoText() == "Give clock Pay off the harbourmaster to Kara Voss"
    stack.undo()
    back = campaign.clocks.get(clock.id)
    assert (back.owner_kind, back.owner_id) == ("none", 0)
    stack.redo()
    assert campaign.clocks.get(clock.id).owner_kind == "character"


def test_drag_reorders_within_a_group(
    window: MainWindow, clocks: ClocksWidget, qtbot: QtBot
) -> None:
    campaign = campaign_of(window)
    first = campaign.clocks.add("First", 4)
    second = campaign.clocks.add("Second", 4)
    third = campaign.clocks.add("Third", 4)
    board = clocks.board
    # Drop the third on the left half of the first: it goes in front.
    tile = board.tile_of(first.id)
    assert tile is not None
    point = board.to_view(tile.rect).center().toPoint() - QPoint(20, 0)
    drop(board, clock_mime(third), point)
    assert [c.name for c in campaign.clocks.all()] == ["Third", "First", "Second"]
    # And the first (now second) to the end of its own group.
    last = board.tile_of(second.id)
    assert last is not None
    drop(board, clock_mime(first), board.to_view(last.rect).center().toPoint() + QPoint(30, 0))
    assert [c.name for c in campaign.clocks.all()] == ["Third", "Second", "First"]
    stack = session_of(window).undo_stack
    stack.undo()
    stack.undo()
    assert [c.name for c in campaign.clocks.all()] == ["First", "Second", "Third"]


def test_a_drop_without_a_clock_is_refused(clocks: ClocksWidget, window: MainWindow) -> None:
    campaign_of(window).clocks.add("Storm", 4)
    board = clocks.board
    mime = QMimeData()
    mime.setText("just text")
    point = group_point(board, "none", 0)
    enter = QDragEnterEvent(
        point, Qt.DropAction.MoveAction, mime, LEFT, Qt.KeyboardModifier.NoModifier
    )
    QApplication.sendEvent(board.viewport(), enter)
    assert not enter.isAccepted()


def test_delete_with_the_key_and_undo_restores_the_same_clock(
    window: MainWindow, clocks: ClocksWidget, qtbot: QtBot
) -> None:
    campaign = campaign_of(window)
    campaign.clocks.add("First", 4)
    clock = campaign.clocks.add("Second", 6, filled=2, note="The harbourmaster's debts")
    campaign.clocks.add("Third", 4)
    board = clocks.board
    qtbot.mouseClick(board.viewport(), LEFT, pos=tile_label_point(board, clock.id))
    qtbot.keyClick(board, Qt.Key.Key_Delete)
    assert [c.name for c in campaign.clocks.all()] == ["First", "Third"]
    assert board.tile_of(clock.id) is None
    stack = session_of(window).undo_stack
    stack.undo()
    assert campaign.clocks.get(clock.id) == clock
    assert [c.name for c in campaign.clocks.all()] == ["First", "Second", "Third"]
    stack.redo()
    assert [c.name for c in campaign.clocks.all()] == ["First", "Third"]


def test_give_to_from_the_context_menu(window: MainWindow, clocks: ClocksWidget) -> None:
    campaign = campaign_of(window)
    clock = campaign.clocks.add("Storm", 4)
    clocks.board.set_current(clock.id)
    menu = clocks.build_menu()
    give = next(a.menu() for a in menu.actions() if a.text() == "Give to")
    target = next(a for a in give.actions() if a.text().startswith("The chapter"))
    target.trigger()
    assert campaign.clocks.get(clock.id).owner_kind == "chapter"
    menu.deleteLater()
    session_of(window).undo_stack.undo()
    assert campaign.clocks.get(clock.id).owner_kind == "none"


def test_groups_follow_owners_and_the_done_filter(window: MainWindow, clocks: ClocksWidget) -> None:
    campaign = campaign_of(window)
    kara = campaign.roster.add("Kara Voss", "pc")
    campaign.clocks.add("Pay off", 6, owner_kind="character", owner_id=kara.id)
    campaign.clocks.add("Learned", 4, filled=4, owner_kind="character", owner_id=kara.id)
    board = clocks.board
    titles = [g.owner.title for g in board.groups]
    assert titles == ["Unowned", f"The chapter: {chapter_name(window)}", "Kara Voss"]
    clocks.show_done.setChecked(False)
    group = board.group_of("character", kara.id)
    assert group is not None
    assert [c.name for c in group.clocks] == ["Pay off"]
    assert group.hidden == 1
    clocks.show_done.setChecked(True)
    campaign.roster.update(kara.id, name="Kara the Bold")  # "characters" refreshes
    assert board.group_of("character", kara.id).owner.title == "Kara the Bold"  # type: ignore[union-attr]


def test_new_clock_defaults_to_the_selected_character(
    window: MainWindow, clocks: ClocksWidget, qtbot: QtBot
) -> None:
    ilian = selected_pc(window, "Brother Ilian")
    group = clocks.board.group_of("character", ilian.id)
    assert group is not None and group.selected
    dialog = open_new_clock(clocks)
    assert dialog.owner() == ("character", ilian.id)
    qtbot.keyClicks(dialog.name_edit, "Learn the old tongue")
    qtbot.mouseClick(dialog.ok_button, LEFT)
    clock = only_clock(window)
    assert (clock.owner_kind, clock.owner_id, clock.segments) == ("character", ilian.id, 6)


@pytest.mark.slow  # over ~3 s (pytest --durations)
def test_hundreds_of_clocks_are_painted_not_made_widgets(
    window: MainWindow, clocks: ClocksWidget
) -> None:
    campaign = campaign_of(window)
    clocks.set_session(None)  # one reload for the lot, not one per clock
    for index in range(600):
        campaign.clocks.add(f"Clock {index}", 4 + index % 9, filled=index % 4)
    clocks.set_session(session_of(window))
    board = clocks.board
    assert len(board.tiles()) == 600
    assert board.findChildren(ClockBoard) == []
    assert len(board.viewport().children()) == 0  # no widget per clock
    bar = board.verticalScrollBar()
    assert bar.maximum() > 5 * board.viewport().height()
    bar.setValue(bar.maximum())
    last = board.tiles()[-1]
    assert board.viewport().rect().contains(board.to_view(last.rect).center().toPoint())
    image = board.viewport().grab().toImage()
    assert image != QImage()


def test_a_read_only_campaign_shows_clocks_but_changes_nothing(
    make_window: Callable[[], MainWindow], campaign_path: Path, data_dir: Path, qtbot: QtBot
) -> None:
    campaign_path.parent.mkdir(parents=True, exist_ok=True)
    made = Campaign.create(campaign_path, data_dir=data_dir, start_date=date(2026, 3, 1))
    clock = made.clocks.add("Storm", 4, filled=1)
    made.close()
    window = make_window()
    window.set_session(
        CampaignSession(Campaign.open(campaign_path, data_dir=data_dir, read_only=True), window)
    )
    widget = show_clocks(window)
    board = widget.board
    assert [t.clock.name for t in board.tiles()] == ["Storm"]
    board.set_current(clock.id)
    assert not widget.new_action.isEnabled()
    assert not widget.delete_action.isEnabled()
    assert not widget.apply_action.isEnabled()
    point = board.segment_point(clock.id, 3)
    assert board.viewport().rect().contains(point)
    assert board.tile_at(point) is not None
    with qtbot.assertNotEmitted(session_of(window).failed):  # not even tried
        qtbot.mouseClick(board.viewport(), LEFT, pos=point)
        qtbot.keyClick(board, Qt.Key.Key_Plus)
    assert campaign_of(window).clocks.get(clock.id).filled == 1
    assert session_of(window).undo_stack.count() == 0


def test_deleting_a_character_takes_its_clocks_and_undo_brings_them_back(
    window: MainWindow, clocks: ClocksWidget
) -> None:
    from desktop.ui.commands import DeleteCharacter

    campaign = campaign_of(window)
    kara = campaign.roster.add("Kara Voss", "pc")
    campaign.clocks.add("Pay off", 6, filled=2, owner_kind="character", owner_id=kara.id)
    board = clocks.board
    assert board.group_of("character", kara.id) is not None
    session_of(window).push(DeleteCharacter(session_of(window), kara))
    assert board.group_of("character", kara.id) is None
    assert board.tiles() == []
    session_of(window).undo_stack.undo()
    group = board.group_of("character", kara.id)
    assert group is not None
    assert [c.name for c in group.clocks] == ["Pay off"]


def test_a_clock_size_out_of_range_is_refused_at_the_field_not_clamped(
    window: MainWindow, clocks: ClocksWidget, qtbot: QtBot
) -> None:
    dialog = open_new_clock(clocks)
    qtbot.keyClicks(dialog.name_edit, "Storm")
    dialog.segments.field.clear()
    qtbot.keyClicks(dialog.segments.field, "9999")
    assert dialog.segments.field.text() == "9999"  # kept as typed, never 12
    assert "2 to 12 segments" in dialog.segments.field.toolTip()
    qtbot.mouseClick(dialog.ok_button, LEFT)
    assert dialog.isVisible() and "2 to 12 segments" in dialog.error_label.text()
    assert campaign_of(window).clocks.all() == []
    dialog.segments.field.clear()
    qtbot.keyClicks(dialog.segments.field, "10")
    qtbot.mouseClick(dialog.ok_button, LEFT)
    assert only_clock(window).segments == 10
