"""The Dice Table and Roll Log docks driven through real widgets, drops and undo."""

from __future__ import annotations

import csv
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QTimer
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent, QImage, QPainter
from PySide6.QtWidgets import (
    QApplication,
    QFormLayout,
    QFrame,
    QGroupBox,
    QMenu,
    QStyleOptionGraphicsItem,
)
from pytestqt.qtbot import QtBot

from desktop.store import Campaign
from desktop.ui.docks.dice_table import DiceTableWidget
from desktop.ui.docks.roll_log import RollLogWidget
from desktop.ui.docks.roster import RosterWidget
from desktop.ui.main_window import MainWindow
from desktop.ui.widgets.dice_scene import (
    DIE_MIME,
    DIE_SIZE,
    NEW_DIE_MIME,
    TRAIT_MIME,
    DieItem,
    DieLookKey,
    die_pixmap,
    encode,
)
from tests.ui.scripted import ScriptedRng


def panel(window: MainWindow, kind: type) -> object:
    for candidate in window.panels:
        content = candidate.content()
        if isinstance(content, kind):
            return content
    raise AssertionError(f"no {kind.__name__} dock")


@pytest.fixture
def table(window: MainWindow) -> DiceTableWidget:
    assert window.session is not None
    campaign = window.session.campaign
    kara = campaign.roster.add("Kara Voss", "pc")
    campaign.roster.add("Brother Ilian", "pc")
    campaign.kit.add_dice(kara.id, size=6, count=4)
    campaign.kit.add_trait(kara.id, "Harbour-wise", value=2, broad=True)
    widget = panel(window, DiceTableWidget)
    assert isinstance(widget, DiceTableWidget)
    widget.animate_check.setChecked(False)
    # Seeded: an unseeded quick roll came up all ones now and then, and an all-ones roll
    # waits for its choice instead of being logged.
    window.session.rng = random.Random(30)
    window.session.select_character(kara.id)
    return widget


def dice(window: MainWindow, name: str = "Kara Voss") -> list:
    assert window.session is not None
    campaign: Campaign = window.session.campaign
    character = next(c for c in campaign.roster.all() if c.name == name)
    return campaign.kit.dice(character.id)


def drop(widget: DiceTableWidget, data: QMimeData, area: str, die_id: int | None = None) -> None:
    """A real drop on the view: enter, move and drop events carrying real QMimeData."""
    scene = widget.scene
    if die_id is not None:
        target = scene.die_items[die_id].sceneBoundingRect().center()
    else:
        target = scene.areas[(0, area)].rect.center() + QPointF(0, 8)
    point = widget.view.mapFromScene(target)
    viewport = widget.view.viewport()
    actions = Qt.DropAction.MoveAction | Qt.DropAction.CopyAction
    buttons, keys = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    QApplication.sendEvent(viewport, QDragEnterEvent(point, actions, data, buttons, keys))
    QApplication.sendEvent(viewport, QDragMoveEvent(point, actions, data, buttons, keys))
    QApplication.sendEvent(viewport, QDropEvent(QPointF(point), actions, data, buttons, keys))


def test_the_pool_is_drawn_in_its_areas(window: MainWindow, table: DiceTableWidget) -> None:
    assert table.scene.areas[(0, "pool")].count == 4
    assert table.scene.areas[(0, "tray")].count == 0
    assert "Pool 4 · Table 0 · Removed 0" in table.counts_label.text()
    assert not table.roll_button.isEnabled()


def test_drag_to_the_tray_roll_deplete_undo_redo(
    window: MainWindow, table: DiceTableWidget
) -> None:
    assert window.session is not None
    first, second, third, _ = dice(window)
    for die in (first, second, third):
        drop(table, encode(DIE_MIME, {"character": die.character_id, "die": die.id}), "tray")
    assert [d.in_tray for d in dice(window)] == [True, True, True, False]
    assert table.roll_button.isEnabled()

    window.session.rng = ScriptedRng([5, 1, 3])
    table.roll()
    after = dice(window)
    assert [d.place for d in after] == ["pool", "table", "pool", "pool"]
    assert not any(d.in_tray for d in after)
    [logged] = window.session.campaign.rolls.all()
    assert logged.total == 9 and not logged.undone
    assert "1 depleted" in table.result_label.text()

    window.undo_action.trigger()
    assert [d.place for d in dice(window)] == ["pool"] * 4
    assert [d.in_tray for d in dice(window)] == [True, True, True, False]
    assert window.session.campaign.rolls.all()[0].undone
    window.redo_action.trigger()
    assert [d.place for d in dice(window)] == ["pool", "table", "pool", "pool"]
    assert not window.session.campaign.rolls.all()[0].undone


def test_the_table_counts_in_the_next_roll(window: MainWindow, table: DiceTableWidget) -> None:
    assert window.session is not None
    first, second, *_ = dice(window)
    table.move_die(first, "table")
    table.toggle_tray(second.id)
    window.session.rng = ScriptedRng([4])
    table.roll()
    assert window.session.campaign.rolls.all()[0].total == 5  # 4 rolled + 1 on the table


def test_all_ones_asks_the_player_in_place(
    window: MainWindow, table: DiceTableWidget, qtbot: QtBot
) -> None:
    assert window.session is not None
    first, second, *_ = dice(window)
    table.toggle_tray(first.id)
    table.toggle_tray(second.id)
    window.session.rng = ScriptedRng([1, 1])
    table.roll()
    assert table.choice_frame.isVisible()
    assert not table.roll_button.isEnabled()
    assert window.session.campaign.rolls.all() == []  # nothing written before the choice
    qtbot.mouseClick(table.choice_frame.lose_button, Qt.MouseButton.LeftButton)
    places = sorted(d.place for d in dice(window))
    assert places == ["pool", "pool", "pool", "removed"]
    assert not table.choice_frame.isVisible()
    assert "one die was lost" in window.session.campaign.rolls.all()[0].summary


def test_a_trait_chip_steps_a_tray_die_up(window: MainWindow, table: DiceTableWidget) -> None:
    assert window.session is not None
    first, *_ = dice(window)
    table.toggle_tray(first.id)
    [trait] = window.session.campaign.kit.traits(first.character_id)
    payload = {"character": first.character_id, "trait": trait.id}
    drop(table, encode(TRAIT_MIME, payload), "tray", die_id=first.id)
    assert dice(window)[0].steps == 1
    drop(table, encode(TRAIT_MIME, payload), "tray", die_id=first.id)
    assert dice(window)[0].steps == 2
    drop(table, encode(TRAIT_MIME, payload), "tray", die_id=first.id)
    assert dice(window)[0].steps == 2  # a trait of 2 gives two steps, no more
    window.session.rng = ScriptedRng([10])
    table.roll()
    detail = window.session.campaign.rolls.all()[0].detail
    assert detail["dice"][0]["rolled_as"] == 10  # d6 stepped twice is a d10
    assert dice(window)[0].steps == 0  # steps last for one roll


def test_a_depleted_die_dropped_on_the_roster_is_an_award(
    window: MainWindow, table: DiceTableWidget
) -> None:
    assert window.session is not None
    first, *_ = dice(window)
    table.move_die(first, "table")
    roster = panel(window, RosterWidget)
    assert isinstance(roster, RosterWidget)
    model = roster.model
    ilian_row = next(r for r in range(model.rowCount()) if model.record(r).name == "Brother Ilian")
    data = encode(DIE_MIME, {"character": first.character_id, "die": first.id})
    index = model.index(ilian_row, 0)
    assert model.canDropMimeData(data, Qt.DropAction.MoveAction, -1, -1, index)
    model.dropMimeData(data, Qt.DropAction.MoveAction, -1, -1, index)
    [given] = dice(window, "Brother Ilian")
    assert (given.id, given.place) == (first.id, "table")
    assert len(dice(window)) == 3
    window.undo_action.trigger()
    assert dice(window, "Brother Ilian") == []


def test_a_die_in_the_pool_cannot_be_awarded(window: MainWindow, table: DiceTableWidget) -> None:
    assert window.session is not None
    problems: list[str] = []
    window.session.failed.connect(problems.append)
    first, *_ = dice(window)
    roster = panel(window, RosterWidget)
    assert isinstance(roster, RosterWidget)
    model = roster.model
    row = next(r for r in range(model.rowCount()) if model.record(r).name == "Brother Ilian")
    model.dropMimeData(
        encode(DIE_MIME, {"character": first.character_id, "die": first.id}),
        Qt.DropAction.MoveAction,
        -1,
        -1,
        model.index(row, 0),
    )
    assert problems
    assert dice(window, "Brother Ilian") == []


def test_the_gm_drops_a_new_depleted_die(window: MainWindow, table: DiceTableWidget) -> None:
    drop(table, encode(NEW_DIE_MIME, {"size": 8}), "table")
    new = dice(window)[-1]
    assert (new.size, new.place) == (8, "table")
    window.undo_action.trigger()
    assert len(dice(window)) == 4


def test_rest_and_damage(window: MainWindow, table: DiceTableWidget) -> None:
    first, *_ = dice(window)
    table.move_die(first, "table")
    table.take_damage(1)
    assert sorted(d.place for d in dice(window)) == ["pool", "pool", "removed", "table"]
    table.rest(2)
    assert sorted(d.place for d in dice(window)) == ["pool", "pool", "pool", "removed"]
    table.rest(24)
    assert sorted(d.place for d in dice(window)) == ["pool"] * 4


def test_bad_drops_are_ignored(window: MainWindow, table: DiceTableWidget) -> None:
    before = dice(window)
    garbage = QMimeData()
    garbage.setData(DIE_MIME, b"not json")
    drop(table, garbage, "tray")
    drop(table, encode(DIE_MIME, {"character": 1}), "tray")
    assert dice(window) == before


def test_live_odds_of_the_tray(window: MainWindow, table: DiceTableWidget, qtbot: QtBot) -> None:
    first, second, *_ = dice(window)
    table.toggle_tray(first.id)
    table.toggle_tray(second.id)
    table.target_spin.setValue(7)
    qtbot.waitUntil(lambda: "to reach 7" in table.reach_label.text(), timeout=10_000)
    assert table.reach_label.text().startswith("58%")  # 21 of 36 for 2d6 >= 7
    assert "31%" in table.deplete_label.text()  # 11/36 that at least one d6 shows 1


def test_the_odds_box_words_the_tray_as_a_players_page_gets_it(
    window: MainWindow, table: DiceTableWidget, qtbot: QtBot
) -> None:
    """The box's rows and words are desktop.views.tray_odds's, the function the share
    server answers a phone's odds query with: a stepped die and a depleted die count."""
    from desktop.views.tray_odds import tray_odds_rows

    first, second, third, _ = dice(window)
    table.move_die(third, "table")
    table.toggle_tray(first.id)
    table.toggle_tray(second.id)
    table.traits.item(0).setCheckState(Qt.CheckState.Checked)  # Harbour-wise 2
    table.step(second.id, 1)  # a d6 rolls as a d8
    table.target_spin.setValue(9)
    box = table.odds_box
    qtbot.waitUntil(lambda: "to reach 9" in table.reach_label.text(), timeout=10_000)
    qtbot.waitUntil(lambda: table.reach_label.text().startswith("56%"), timeout=10_000)
    form = box.layout()
    assert isinstance(form, QFormLayout)
    shown = [
        (form.labelForField(label).text(), label.text())  # type: ignore[union-attr]
        for label in (box.reach_label, box.expected_label, box.deplete_label, box.tuple_label)
    ]
    # d6 + d8 + 1 >= 9, i.e. d6 + d8 >= 8: 27 of 48 = 56%.
    assert shown == list(tray_odds_rows((6, 8), 1, 9))


def test_roll_log_lists_filters_and_exports(
    window: MainWindow, table: DiceTableWidget, tmp_path: Path
) -> None:
    assert window.session is not None
    first, *_ = dice(window)
    table.toggle_tray(first.id)
    window.session.rng = ScriptedRng([6])
    table.roll()
    log = panel(window, RollLogWidget)
    assert isinstance(log, RollLogWidget)
    assert log.model.rowCount() == 1
    assert log.model.cell(log.model.records[0], 2) == "Kara Voss"
    log.filter_combo.setCurrentIndex(log.filter_combo.findText("Brother Ilian"))
    assert log.model.rowCount() == 0
    log.filter_combo.setCurrentIndex(0)
    out = tmp_path / "log.csv"
    log.export_csv(out)
    rows = list(csv.reader(out.open(encoding="utf-8")))
    assert rows[0][:3] == ["Campaign day", "Wall clock", "Who"]
    assert rows[1][2] == "Kara Voss" and rows[1][6] == "6"


def test_keyboard_steps_and_roll(window: MainWindow, table: DiceTableWidget, qtbot: QtBot) -> None:
    assert window.session is not None
    first, *_ = dice(window)
    table.toggle_tray(first.id)
    item = table.scene.die_items[first.id]
    item.setSelected(True)
    table.toggle_down_selected()
    assert dice(window)[0].down_to_d4
    window.session.rng = ScriptedRng([3])
    table.view.setFocus()
    qtbot.keyClick(table.view, Qt.Key.Key_Space)
    assert window.session.campaign.rolls.all()[0].detail["dice"][0]["rolled_as"] == 4


def test_a_conflict_with_damage_and_protection_applied_in_one_step(
    window: MainWindow, table: DiceTableWidget, qtbot: QtBot
) -> None:
    assert window.session is not None
    campaign = window.session.campaign
    kara = next(c for c in campaign.roster.all() if c.name == "Kara Voss")
    ilian = next(c for c in campaign.roster.all() if c.name == "Brother Ilian")
    campaign.kit.add_item(kara.id, "Boarding cutlass", "weapon", die_size=8, deplete=True)
    campaign.kit.add_dice(ilian.id, size=6, count=3)
    campaign.kit.add_item(ilian.id, "Oilskin coat", "armour", die_size=6)
    table.set_opponent(ilian.id)
    assert table.conflict_box.isVisible()
    assert table.scene.areas[(1, "pool")].count == 3
    kara_dice = [d for d in campaign.kit.dice(kara.id) if d.kind == "ordinary"]
    ilian_dice = [d for d in campaign.kit.dice(ilian.id) if d.kind == "ordinary"]
    for die in (*kara_dice[:2], *ilian_dice[:2]):
        table.toggle_tray(die.id)
    assert table.conflict_box.item_combos[0][0].currentText() == "Boarding cutlass (d8)"
    assert table.conflict_box.item_combos[1][1].currentText() == "Oilskin coat (d6)"
    qtbot.waitUntil(lambda: "%" in table.conflict_box.odds_label.text(), timeout=10_000)

    window.session.rng = ScriptedRng([6, 5, 1, 2, 1, 3])
    table.roll()
    assert "Kara Voss wins 11 to 3" in table.conflict_box.result_label.text()
    assert campaign.rolls.all() == []  # nothing is written before Apply
    table.roll_item_die("damage")
    table.roll_item_die("protection")
    assert "wins 12 to 6" in table.conflict_box.result_label.text()
    assert "Brother Ilian loses 1 die" in table.conflict_box.result_label.text()
    qtbot.mouseClick(table.conflict_box.apply_button, Qt.MouseButton.LeftButton)

    ilian_places = sorted(d.place for d in campaign.kit.dice(ilian.id) if d.kind == "ordinary")
    assert ilian_places == ["pool", "removed", "table"]  # the 1 depleted, then 1 lost
    cutlass = next(d for d in campaign.kit.dice(kara.id) if d.kind == "damage")
    assert cutlass.place == "table"  # a 1 on a "deplete" weapon's die
    [logged] = campaign.rolls.all()
    assert logged.kind == "conflict" and logged.detail["dice_lost"] == 1

    window.undo_action.trigger()  # one step undoes the whole conflict
    assert sorted(d.place for d in campaign.kit.dice(ilian.id)) == ["pool"] * 4
    assert campaign.rolls.all()[0].undone
    window.redo_action.trigger()
    assert sorted(d.place for d in campaign.kit.dice(ilian.id) if d.kind == "ordinary") == [
        "pool",
        "removed",
        "table",
    ]


def test_a_conflict_with_an_empty_tray_gives_no_odds(
    window: MainWindow, table: DiceTableWidget, qtbot: QtBot
) -> None:
    """The new-GM walk read "Brother Ilian wins 100%" with both trays empty, and again
    after Apply: with a side's tray empty the box asks for dice instead."""
    from desktop.ui.dice_table.odds import BOTH_TRAYS_NEEDED

    assert window.session is not None
    campaign = window.session.campaign
    kara = next(c for c in campaign.roster.all() if c.name == "Kara Voss")
    ilian = next(c for c in campaign.roster.all() if c.name == "Brother Ilian")
    campaign.kit.add_dice(ilian.id, size=6, count=2)
    table.set_opponent(ilian.id)
    odds = table.conflict_box.odds_label
    qtbot.wait(200)  # any odds on their way would have come
    assert odds.text() == BOTH_TRAYS_NEEDED
    kara_dice = [d for d in campaign.kit.dice(kara.id) if d.kind == "ordinary"]
    ilian_dice = [d for d in campaign.kit.dice(ilian.id) if d.kind == "ordinary"]
    table.toggle_tray(kara_dice[0].id)  # one side's tray only
    qtbot.wait(200)
    assert odds.text() == BOTH_TRAYS_NEEDED and "wins" not in odds.text()
    table.toggle_tray(ilian_dice[0].id)
    qtbot.waitUntil(lambda: "wins" in odds.text(), timeout=10_000)
    assert "%" in odds.text()

    window.session.rng = ScriptedRng([5, 2])
    table.roll()
    qtbot.mouseClick(table.conflict_box.apply_button, Qt.MouseButton.LeftButton)
    assert campaign.rolls.all()[0].kind == "conflict"
    qtbot.wait(200)  # the trays emptied: no stale answer may come back
    assert odds.text() == BOTH_TRAYS_NEEDED


def test_the_conflict_box_is_made_when_a_conflict_is_first_asked_for(
    window: MainWindow, table: DiceTableWidget, qtbot: QtBot
) -> None:
    """Most rolls need no opponent: the box (and its module) waits for the Conflict
    button, then stands first in the side column and next after the button for Tab.
    The all-ones choice, as rare, waits for an all-ones roll (tests/scenarios)."""
    assert table.findChild(QGroupBox, "conflictBox") is None
    assert table.findChild(QFrame, "catastropheChoice") is None
    first = dice(window)[0]
    table.toggle_tray(first.id)
    table.step(first.id, 1)  # refused: no trait ticked; the message needs no opponent
    assert table.findChild(QGroupBox, "conflictBox") is None
    table.roll_button.setFocus()
    qtbot.mouseClick(table.conflict_button, Qt.MouseButton.LeftButton)
    box = table.findChild(QGroupBox, "conflictBox")
    assert box is table.conflict_box and box.isVisible()
    assert table.conflict_box.opponent_combo.currentText() == "Brother Ilian"
    assert table.conflict_button.nextInFocusChain() is table.conflict_box.opponent_combo
    assert box.y() < table.result_label.mapTo(box.parentWidget(), QPoint(0, 0)).y()
    qtbot.mouseClick(table.conflict_button, Qt.MouseButton.LeftButton)  # and back
    assert not box.isVisible()


def test_a_dies_menu_offers_what_can_be_done_to_it(
    window: MainWindow, table: DiceTableWidget
) -> None:
    """A right-click on a die opens its menu (its module is imported then); a choice is
    one undoable change."""
    first = dice(window)[0]
    where = table.view.mapFromScene(table.scene.die_items[first.id].sceneBoundingRect().center())
    offered: list[str] = []

    def choose() -> None:
        menu = QApplication.activePopupWidget()
        assert isinstance(menu, QMenu)
        offered.extend(a.text().split("\t")[0] for a in menu.actions() if not a.isSeparator())
        next(a for a in menu.actions() if a.text().startswith("Move to the table")).trigger()
        menu.close()

    QTimer.singleShot(0, choose)
    table.view.customContextMenuRequested.emit(where)
    assert offered == ["Put in the tray", "Move to the table", "Remove (damage)", "Delete this die"]
    assert next(d for d in dice(window) if d.id == first.id).place == "table"
    window.undo_action.trigger()
    assert next(d for d in dice(window) if d.id == first.id).place == "pool"


def test_a_discarded_conflict_moves_no_die_and_the_log_keeps_it(
    window: MainWindow, table: DiceTableWidget
) -> None:
    """RULES.md section 5: "A roll is logged when it is made, whether or not its outcome
    is applied (a conflict rolled and then abandoned is still in the log)"."""
    assert window.session is not None
    campaign = window.session.campaign
    ilian = next(c for c in campaign.roster.all() if c.name == "Brother Ilian")
    campaign.kit.add_dice(ilian.id, size=6, count=1)
    table.set_opponent(ilian.id)
    first = dice(window)[0]
    table.toggle_tray(first.id)
    before = [*campaign.kit.dice(first.character_id), *campaign.kit.dice(ilian.id)]
    window.session.rng = ScriptedRng([3])
    table.roll()
    table.discard_conflict()
    assert [*campaign.kit.dice(first.character_id), *campaign.kit.dice(ilian.id)] == before
    [line] = campaign.rolls.all()
    assert line.detail["applied"] is False and "Not applied" in line.summary


def _image(draw: Callable[[QPainter], None]) -> QImage:
    image = QImage(int(DIE_SIZE), int(DIE_SIZE), QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    draw(painter)
    painter.end()
    return image


def _drawn(item: DieItem) -> QImage:
    """The die as the table paints it."""
    return _image(lambda painter: item.paint(painter, QStyleOptionGraphicsItem()))


def _die(size: int, face: int | None, rolled_size: int, highlight: bool) -> QImage:
    """A die of `size` drawn as a `rolled_size` showing `face`."""
    look = DieLookKey(size, "ordinary", face, False, False, rolled_size, highlight, 1.0)
    return _image(lambda painter: painter.drawPixmap(0, 0, die_pixmap(look)))


def test_a_die_stepped_down_to_d4_shows_no_old_face(
    window: MainWindow, table: DiceTableWidget
) -> None:
    assert window.session is not None
    campaign = window.session.campaign
    kara = next(c for c in campaign.roster.all() if c.name == "Kara Voss")
    (eight,) = campaign.kit.add_dice(kara.id, size=8, count=1)
    table.toggle_tray(eight.id)
    window.session.rng = ScriptedRng([7])
    table.roll()
    # The roll, on the die it rolled as.
    assert _drawn(table.scene.die_items[eight.id]) == _die(8, 7, 8, False)
    table.toggle_tray(eight.id)
    table.scene.die_items[eight.id].setSelected(True)
    table.toggle_down_selected()
    # A d4 cannot show 7: the stepped die shows its size ("d8→4"), not the old face.
    assert _drawn(table.scene.die_items[eight.id]) == _die(8, None, 4, True)


def test_the_last_roll_and_a_conflict_are_shown_in_the_windows_words(
    window: MainWindow, table: DiceTableWidget, qapp: QApplication
) -> None:
    """The French walk saw "Kara Voss rolled 1 (d6)… = 9. 2 depleted." and "…: Kara Voss
    wins 14 to 7" in a French window: the log keeps English, the window shows its own."""
    from desktop.language.pseudo import pseudo
    from desktop.ui.window_language import install_window_language, uninstall_window_language

    assert window.session is not None
    campaign = window.session.campaign
    install_window_language(qapp, "pseudo")
    try:
        first, second, *_ = dice(window)
        table.toggle_tray(first.id)
        table.toggle_tray(second.id)
        window.session.rng = ScriptedRng([5, 1])
        table.roll()
        [logged] = campaign.rolls.all()
        assert logged.summary == "Kara Voss rolled 5 (d6), 1 (d6) = 6. 1 depleted."
        rolled = pseudo("{name} rolled {faces} = {total}.").format(
            name="Kara Voss", faces="5 (d6), 1 (d6)", total=6
        )
        depleted = pseudo("{count} depleted.").format(count=1)
        assert table.result_label.text() == f"{rolled} {depleted}"
        ilian = next(c for c in campaign.roster.all() if c.name == "Brother Ilian")
        campaign.kit.add_dice(ilian.id, size=6, count=2)
        table.set_opponent(ilian.id)
        kara_dice = [d for d in campaign.kit.dice(first.character_id) if d.place == "pool"]
        for die in (kara_dice[0], *campaign.kit.dice(ilian.id)[:1]):
            table.toggle_tray(die.id)
        window.session.rng = ScriptedRng([6, 2])
        table.roll()
        said = table.conflict_box.result_label.text()
        assert "against" not in said and "wins" not in said and "Brother Ilian" in said, said
    finally:
        uninstall_window_language(qapp)
