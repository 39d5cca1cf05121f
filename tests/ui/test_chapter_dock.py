"""The Chapter dock through the real window: the sheet (rep, payoff, develop) and the
claims map (seize, lose, move, paths), each change undone and redone on the stack."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication, QGraphicsItem, QWidget
from pytestqt.qtbot import QtBot

from desktop.rules import downtime
from desktop.store import Campaign
from desktop.ui.chapter.claim_form import ClaimForm
from desktop.ui.docks.chapter import ChapterWidget
from desktop.ui.main_window import MainWindow
from desktop.ui.session import CampaignSession
from desktop.ui.widgets.claim_map import LAIR_ID, ClaimNode
from tests.ui.docks import campaign_of, shown_dock


@pytest.fixture
def dock(window: MainWindow) -> ChapterWidget:
    return shown_dock(window, "chapter", ChapterWidget)


def undo(window: MainWindow) -> None:
    assert window.session is not None
    window.session.undo_stack.undo()


def redo(window: MainWindow) -> None:
    assert window.session is not None
    window.session.undo_stack.redo()


def click(qtbot: QtBot, widget: QWidget, point: QPoint | None = None) -> None:
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=point or widget.rect().center())


def show_claims(dock: ChapterWidget) -> None:
    dock.setCurrentIndex(1)
    dock.claims.view.fit()
    QApplication.processEvents()


def select_node(dock: ChapterWidget, node_id: int) -> ClaimForm:
    """Select a place on the map, as a click does; returns the form that shows it."""
    dock.claims.select(node_id)
    QApplication.processEvents()
    return dock.claims.form


# --- The sheet ----------------------------------------------------------------------------


def test_a_new_chapter_is_shown(window: MainWindow, dock: ChapterWidget) -> None:
    sheet = dock.sheet
    assert sheet.name_edit.text() == campaign_of(window).chapter.get().name
    assert sheet.tier_spin.value() == 0
    assert sheet.hold_combo.currentData() == "strong"
    assert sheet.rep_label.text().startswith("<b>0</b> of 12 rep")
    assert sheet.war_title.text() == "At peace"
    assert "one downtime activity" in sheet.war_note.text()


def test_clicking_a_box_sets_rep(window: MainWindow, dock: ChapterWidget, qtbot: QtBot) -> None:
    tracker = dock.sheet.rep_tracker
    click(qtbot, tracker, tracker.box_rect(3).center().toPoint())
    assert campaign_of(window).chapter.get().rep == 4
    assert tracker.rep == 4
    click(qtbot, tracker, tracker.box_rect(3).center().toPoint())  # the last filled: one less
    assert campaign_of(window).chapter.get().rep == 3
    undo(window)
    assert campaign_of(window).chapter.get().rep == 4
    undo(window)
    assert campaign_of(window).chapter.get().rep == 0
    assert tracker.rep == 0
    redo(window)
    assert campaign_of(window).chapter.get().rep == 4
    qtbot.keyClick(tracker, Qt.Key.Key_Right)  # the keyboard too
    assert campaign_of(window).chapter.get().rep == 5
    qtbot.keyClick(tracker, Qt.Key.Key_Home)
    assert campaign_of(window).chapter.get().rep == 0


def test_turf_boxes_are_not_fillable(window: MainWindow, dock: ChapterWidget, qtbot: QtBot) -> None:
    campaign = campaign_of(window)
    campaign.chapter.add_claim("Tavern", turf=True, holder_id=0)
    campaign.chapter.add_claim("Docks", turf=True, holder_id=0)
    tracker = dock.sheet.rep_tracker
    assert (tracker.turf, tracker.needed) == (2, 10)
    click(qtbot, tracker, tracker.box_rect(11).center().toPoint())
    assert campaign.chapter.get().rep == 0
    click(qtbot, tracker, tracker.box_rect(9).center().toPoint())
    assert campaign.chapter.get().rep == 10
    assert "full" in dock.sheet.rep_note.text()


def type_coin(qtbot: QtBot, dock: ChapterWidget, text: str, field: str = "coin") -> None:
    """The GM clicks the coin (or heat) box, selects what is in it, types and presses
    Enter."""
    box = dock.sheet.coin_field if field == "coin" else dock.sheet.heat_field
    type_into(qtbot, box, text)


def type_into(qtbot: QtBot, field: QWidget, text: str) -> None:
    click(qtbot, field)
    qtbot.keyClick(field, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(field, text)
    qtbot.keyClick(field, Qt.Key.Key_Return)


def test_coin_and_heat_are_edited_and_undone(
    window: MainWindow, dock: ChapterWidget, qtbot: QtBot
) -> None:
    type_coin(qtbot, dock, "7")
    type_coin(qtbot, dock, "3", "heat")
    chapter = campaign_of(window).chapter.get()
    assert (chapter.coin, chapter.heat) == (7, 3)
    undo(window)
    assert campaign_of(window).chapter.get().heat == 0
    undo(window)
    assert campaign_of(window).chapter.get().coin == 0
    assert dock.sheet.coin_field.value() == 0


def test_coin_the_file_cannot_hold_is_refused_at_the_field(
    window: MainWindow, dock: ChapterWidget, qtbot: QtBot
) -> None:
    """Issue 27: 99999 typed was shown as 9999 and a payoff then stored 10005 beside it.
    The box keeps what was typed, refuses only what the file cannot hold, and shows what
    is stored."""
    type_coin(qtbot, dock, "3000000000")
    field = dock.sheet.coin_field
    assert field.text() == "3000000000"  # kept as typed, never clamped
    assert campaign_of(window).chapter.get().coin == 0  # nothing written
    problem = dock.sheet.coin_problem
    assert not problem.isHidden()
    assert problem.text() == "Coin can be at most 2,147,483,647, not 3,000,000,000."

    type_coin(qtbot, dock, "99999")
    assert campaign_of(window).chapter.get().coin == 99999  # what was typed, not 9999
    assert field.text() == "99999" and problem.isHidden()
    form = dock.sheet.payoff
    form.size_combo.setCurrentIndex(form.size_combo.findData(downtime.STANDARD))
    click(qtbot, form.apply_button)
    assert campaign_of(window).chapter.get().coin == 100005
    assert field.text() == "100005"  # the box shows what is stored
    type_coin(qtbot, dock, "3000000000", "heat")  # heat likewise
    assert dock.sheet.heat_field.text() == "3000000000"
    assert dock.sheet.heat_problem.text() == "Heat can be at most 2,147,483,647, not 3,000,000,000."
    assert campaign_of(window).chapter.get().heat == 0


def test_a_major_jobs_coin_the_rules_refuse_is_refused_at_the_field(
    window: MainWindow, dock: ChapterWidget, qtbot: QtBot
) -> None:
    form = dock.sheet.payoff
    form.size_combo.setCurrentIndex(form.size_combo.findData(downtime.MAJOR))
    field = form.coin_field
    assert field.isEnabled() and field.text() == "10"
    click(qtbot, field)
    qtbot.keyClick(field, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(field, "3000000000")
    assert field.text() == "3000000000"  # kept as typed, never clamped
    assert "at most 2,147,483,647, not 3,000,000,000" in form.preview.text()
    assert not form.apply_button.isEnabled()
    field.selectAll()
    qtbot.keyClicks(field, "7")
    assert "10 or more coin, not 7" in form.preview.text()
    field.selectAll()
    qtbot.keyClicks(field, "12")
    assert "+12 coin" in form.preview.text() and form.apply_button.isEnabled()
    click(qtbot, form.apply_button)
    assert campaign_of(window).chapter.get().coin == 12


def test_payoff_applies_the_values_it_shows(
    window: MainWindow, dock: ChapterWidget, qtbot: QtBot
) -> None:
    form = dock.sheet.payoff
    form.target_spin.setValue(2)
    form.size_combo.setCurrentIndex(form.size_combo.findData(downtime.BIG))
    assert "+4 rep" in form.preview.text()  # 2 + (2 - 0) tiers above
    assert "+8 coin" in form.preview.text()
    click(qtbot, form.apply_button)
    chapter = campaign_of(window).chapter.get()
    assert (chapter.rep, chapter.coin) == (4, 8)
    form.size_combo.setCurrentIndex(form.size_combo.findData(downtime.MAJOR))
    assert form.coin_field.isEnabled()
    form.coin_field.setValue(15)
    form.quiet_check.setChecked(True)
    assert "no rep" in form.preview.text() and "+15 coin" in form.preview.text()
    click(qtbot, form.apply_button)
    assert (campaign_of(window).chapter.get().rep, campaign_of(window).chapter.get().coin) == (
        4,
        23,
    )
    undo(window)
    undo(window)
    assert (campaign_of(window).chapter.get().rep, campaign_of(window).chapter.get().coin) == (0, 0)
    redo(window)
    assert (campaign_of(window).chapter.get().rep, campaign_of(window).chapter.get().coin) == (4, 8)


def test_a_full_tracker_earns_no_rep(window: MainWindow, dock: ChapterWidget, qtbot: QtBot) -> None:
    campaign_of(window).chapter.update(rep=11)
    form = dock.sheet.payoff
    form.target_spin.setValue(3)  # 5 rep, of which 1 fits
    assert "+1 rep</b> of 5" in form.preview.text()
    click(qtbot, form.apply_button)
    assert campaign_of(window).chapter.get().rep == 12
    assert "the tracker is full" in form.preview.text()
    click(qtbot, form.apply_button)
    chapter = campaign_of(window).chapter.get()
    assert (chapter.rep, chapter.coin) == (12, 12)


def test_develop_strengthens_hold_then_goes_up_a_tier(
    window: MainWindow, dock: ChapterWidget, qtbot: QtBot
) -> None:
    sheet = dock.sheet
    campaign = campaign_of(window)
    assert not sheet.develop_button.isEnabled()
    assert sheet.develop_reason.text() == "The rep tracker needs 12 more rep to be full."

    campaign.chapter.update(hold="weak", rep=12)
    assert sheet.develop_button.text() == "Strengthen hold"
    click(qtbot, sheet.develop_button)
    chapter = campaign.chapter.get()
    assert (chapter.hold, chapter.rep) == ("strong", 0)
    undo(window)
    assert (campaign.chapter.get().hold, campaign.chapter.get().rep) == ("weak", 12)
    redo(window)
    assert campaign.chapter.get().hold == "strong"

    campaign.chapter.update(rep=12, coin=3)
    assert sheet.develop_button.text() == "Go up to tier 1 for 5 coin"
    assert not sheet.develop_button.isEnabled()
    assert sheet.develop_reason.text() == "Tier 1 costs 5 coin; the chapter has 3."
    campaign.chapter.update(coin=7)
    assert sheet.develop_button.isEnabled()
    click(qtbot, sheet.develop_button)
    chapter = campaign.chapter.get()
    assert (chapter.tier, chapter.hold, chapter.rep, chapter.coin) == (1, "weak", 0, 2)
    assert sheet.tier_spin.value() == 1
    undo(window)
    chapter = campaign.chapter.get()
    assert (chapter.tier, chapter.hold, chapter.rep, chapter.coin) == (0, "strong", 12, 7)
    redo(window)
    assert campaign.chapter.get().tier == 1


def test_war_is_shown_with_what_it_means(window: MainWindow, dock: ChapterWidget) -> None:
    campaign = campaign_of(window)
    campaign.chapter.update(tier=1, hold="weak")
    campaign.factions.add("Red Sashes", tier=2, status=-3)
    sheet = dock.sheet
    assert "At war" in sheet.war_title.text()
    assert "Red Sashes" in sheet.war_note.text()
    assert "now tier 0, weak" in sheet.war_note.text()
    assert "+1 heat" in sheet.war_note.text()
    assert sheet.war_block.alarm


def test_a_refused_edit_is_shown_in_the_dock(
    window: MainWindow, dock: ChapterWidget, qtbot: QtBot
) -> None:
    sheet = dock.sheet
    sheet.name_edit.setFocus()
    sheet.name_edit.clear()
    sheet.name_edit.editingFinished.emit()
    assert sheet.error.isVisibleTo(sheet)
    assert sheet.error.text().startswith("⚠")
    assert campaign_of(window).chapter.get().name == sheet.name_edit.text() != ""


# --- The claims map ----------------------------------------------------------------------


@pytest.fixture
def claims(window: MainWindow, dock: ChapterWidget) -> dict[str, int]:
    """Red Sashes hold a turf tavern by the lair; the chapter holds the docks."""
    campaign = campaign_of(window)
    sashes = campaign.factions.add("Red Sashes", tier=1, status=0)
    watch = campaign.factions.add("Harbour Watch", tier=3, status=1)
    tavern = campaign.chapter.add_claim(
        "Tavern", benefit="+1 coin", turf=True, holder_id=sashes.id, x=-200.0, y=0.0
    )
    docks = campaign.chapter.add_claim("Docks", benefit="Smuggling", holder_id=0, x=200.0, y=0.0)
    campaign.chapter.add_claim_path(0, tavern.id)
    campaign.chapter.add_claim_path(0, docks.id)
    show_claims(dock)
    return {"sashes": sashes.id, "watch": watch.id, "tavern": tavern.id, "docks": docks.id}


def test_the_map_shows_claims_holders_and_paths(
    window: MainWindow, dock: ChapterWidget, claims: dict[str, int]
) -> None:
    scene = dock.claims.scene
    tavern, docks = scene.nodes[claims["tavern"]], scene.nodes[claims["docks"]]
    assert tavern.look.holder == "Red Sashes" and not tavern.look.ours
    assert docks.look.ours and docks.look.holder == campaign_of(window).chapter.get().name
    assert tavern.pos() == QPointF(-200, 0)
    assert len(scene.lines) == 2
    far = campaign_of(window).chapter.add_claim("Lighthouse", holder_id=claims["watch"], x=0, y=300)
    assert not scene.nodes[far.id].look.reachable
    assert scene.nodes[claims["docks"]].look.reachable


def test_seizing_a_claim_changes_status_and_turf(
    window: MainWindow, dock: ChapterWidget, claims: dict[str, int], qtbot: QtBot
) -> None:
    campaign = campaign_of(window)
    campaign.chapter.update(rep=12)
    form = select_node(dock, claims["tavern"])
    assert form.seize_box.isVisibleTo(form)
    assert form.status_spin.value() == -2
    assert "Neutral (+0) → Hostile (-2)" in form.status_note.text()
    assert "On the roadmap" in form.road_label.text()
    form.status_spin.setValue(-1)
    click(qtbot, form.seize_button)

    assert campaign.chapter.claim(claims["tavern"]).holder_id == 0
    assert campaign.factions.get(claims["sashes"]).status == -1
    chapter = campaign.chapter.get()
    assert (chapter.turf, chapter.rep) == (1, 11)  # the full tracker shrank with the turf
    assert dock.sheet.rep_tracker.needed == 11
    assert dock.sheet.rep_label.text().startswith("<b>11</b> of 11 rep · 1 turf")
    assert dock.claims.scene.nodes[claims["tavern"]].look.ours

    undo(window)
    assert campaign.chapter.claim(claims["tavern"]).holder_id == claims["sashes"]
    assert campaign.factions.get(claims["sashes"]).status == 0
    assert (campaign.chapter.get().turf, campaign.chapter.get().rep) == (0, 12)
    assert dock.sheet.rep_tracker.needed == 12
    redo(window)
    assert campaign.chapter.claim(claims["tavern"]).holder_id == 0
    assert campaign.factions.get(claims["sashes"]).status == -1


def test_losing_a_claim_to_a_faction(
    window: MainWindow, dock: ChapterWidget, claims: dict[str, int], qtbot: QtBot
) -> None:
    campaign = campaign_of(window)
    form = select_node(dock, claims["docks"])
    assert not form.seize_box.isVisibleTo(form)
    assert form.transfer_button.text() == "Lose"
    form.faction_combo.setCurrentIndex(form.faction_combo.findData(claims["watch"]))
    click(qtbot, form.transfer_button)
    assert campaign.chapter.claim(claims["docks"]).holder_id == claims["watch"]
    assert dock.claims.scene.nodes[claims["docks"]].look.holder == "Harbour Watch"
    undo(window)
    assert campaign.chapter.claim(claims["docks"]).holder_id == 0
    redo(window)
    assert campaign.chapter.claim(claims["docks"]).holder_id == claims["watch"]


def test_editing_a_claim_in_the_form(
    window: MainWindow, dock: ChapterWidget, claims: dict[str, int], qtbot: QtBot
) -> None:
    campaign = campaign_of(window)
    form = select_node(dock, claims["docks"])
    form.name_edit.setText("North docks")
    form.name_edit.editingFinished.emit()
    form.benefit_edit.setText("+2 coin")
    form.benefit_edit.editingFinished.emit()
    click(qtbot, form.turf_check)
    claim = campaign.chapter.claim(claims["docks"])
    assert (claim.name, claim.benefit, claim.turf) == ("North docks", "+2 coin", True)
    assert campaign.chapter.get().turf == 1
    assert dock.sheet.rep_tracker.turf == 1
    undo(window)
    assert campaign.chapter.get().turf == 0
    undo(window)
    undo(window)
    assert campaign.chapter.claim(claims["docks"]).name == "Docks"
    assert form.name_edit.text() == "Docks"


def test_moving_a_node_by_dragging(
    window: MainWindow, dock: ChapterWidget, claims: dict[str, int]
) -> None:
    campaign = campaign_of(window)
    view = dock.claims.view
    node = dock.claims.scene.nodes[claims["docks"]]
    start = view.mapFromScene(node.pos())
    end = start + QPoint(0, 60)
    drag(view.viewport(), start, end)
    claim = campaign.chapter.claim(claims["docks"])
    scale = view.transform().m22()  # the vertical scale: the drag is downwards
    assert claim.x == 200.0
    assert claim.y == pytest.approx(60 / scale, abs=1.5)
    assert node.pos().y() == claim.y
    undo(window)
    assert (
        campaign.chapter.claim(claims["docks"]).x,
        campaign.chapter.claim(claims["docks"]).y,
    ) == (200, 0)
    assert node.pos() == QPointF(200, 0)
    redo(window)
    assert campaign.chapter.claim(claims["docks"]).y == claim.y


def drag(widget: QWidget, start: QPoint, end: QPoint) -> None:
    """A left-button drag from `start` to `end`, in steps, as a hand would do it."""
    left = Qt.MouseButton.LeftButton

    def send(kind: QEvent.Type, at: QPoint, buttons: Qt.MouseButton) -> None:
        point = QPointF(at)
        event = QMouseEvent(
            kind, point, widget.mapToGlobal(point), left, buttons, Qt.KeyboardModifier.NoModifier
        )
        QApplication.sendEvent(widget, event)

    send(QEvent.Type.MouseButtonPress, start, left)
    for step in range(1, 6):
        send(QEvent.Type.MouseMove, start + (end - start) * step / 5, left)
    send(QEvent.Type.MouseButtonRelease, end, Qt.MouseButton.NoButton)


def test_linking_and_unlinking_two_places(
    window: MainWindow, dock: ChapterWidget, claims: dict[str, int], qtbot: QtBot
) -> None:
    campaign = campaign_of(window)
    tab = dock.claims
    tab.scene.nodes[claims["tavern"]].setSelected(True)
    tab.scene.nodes[claims["docks"]].setSelected(True)
    assert tab.link_button.isEnabled() and not tab.unlink_button.isEnabled()
    click(qtbot, tab.link_button)
    ends = {frozenset((p.start, p.end)) for p in campaign.chapter.claim_paths()}
    assert frozenset((claims["tavern"], claims["docks"])) in ends
    assert len(tab.scene.lines) == 3
    assert tab.unlink_button.isEnabled()
    tab.scene.clearSelection()
    tab.scene.lair.setSelected(True)
    tab.scene.nodes[claims["docks"]].setSelected(True)
    click(qtbot, tab.unlink_button)
    assert tab.scene.nodes[claims["docks"]].look.reachable  # still, by way of the tavern
    assert len(campaign.chapter.claim_paths()) == 2
    undo(window)
    assert len(campaign.chapter.claim_paths()) == 3
    undo(window)
    assert len(campaign.chapter.claim_paths()) == 2
    redo(window)
    assert len(campaign.chapter.claim_paths()) == 3


def test_adding_and_deleting_a_claim(
    window: MainWindow, dock: ChapterWidget, claims: dict[str, int], qtbot: QtBot
) -> None:
    campaign = campaign_of(window)
    tab = dock.claims
    click(qtbot, tab.add_button)
    added = [c for c in campaign.chapter.claims() if c.name == "New claim"]
    assert len(added) == 1
    assert tab.scene.selected_ids() == [added[0].id]
    assert tab.form.name_edit.text() == "New claim"
    assert (added[0].x, added[0].y) not in ((-200, 0), (200, 0), (0, 0))
    click(qtbot, tab.form.delete_button)
    assert [c.name for c in campaign.chapter.claims()] == ["Tavern", "Docks"]
    undo(window)
    assert "New claim" in [c.name for c in campaign.chapter.claims()]
    undo(window)
    assert len(campaign.chapter.claims()) == 2
    redo(window)
    assert campaign.chapter.claims()[-1].id == added[0].id


def test_losing_the_lair_suspends_the_chapters_benefits(
    window: MainWindow, dock: ChapterWidget, claims: dict[str, int], qtbot: QtBot
) -> None:
    select_node(dock, LAIR_ID)
    form = dock.claims.form
    assert form.lair_check.isChecked()
    click(qtbot, form.lair_check)
    assert campaign_of(window).chapter.get().lair_held is False
    node: ClaimNode = dock.claims.scene.nodes[claims["docks"]]
    assert node.look.suspended
    assert not dock.claims.scene.nodes[claims["tavern"]].look.suspended
    assert "lair lost" in dock.claims.summary.text()
    undo(window)
    assert campaign_of(window).chapter.get().lair_held is True
    assert not node.look.suspended


def test_handing_a_claim_from_one_faction_to_another(
    window: MainWindow, dock: ChapterWidget, claims: dict[str, int], qtbot: QtBot
) -> None:
    campaign = campaign_of(window)
    form = select_node(dock, claims["tavern"])
    assert form.transfer_button.text() == "Hand over"
    assert [form.faction_combo.itemText(i) for i in range(form.faction_combo.count())] == [
        "Harbour Watch"
    ]
    click(qtbot, form.transfer_button)
    assert campaign.chapter.claim(claims["tavern"]).holder_id == claims["watch"]
    assert campaign.factions.get(claims["sashes"]).status == 0  # not the chapter's doing
    undo(window)
    assert campaign.chapter.claim(claims["tavern"]).holder_id == claims["sashes"]


def test_a_read_only_campaign_cannot_be_edited(
    make_window: Callable[[], MainWindow], campaign_path: Path, data_dir: Path
) -> None:
    campaign_path.parent.mkdir(parents=True, exist_ok=True)
    made = Campaign.create(campaign_path, data_dir=data_dir, start_date=date(2026, 3, 1))
    made.chapter.add_claim("Tavern", x=100.0, y=0.0)
    made.close()
    window = make_window()
    window.set_session(
        CampaignSession(Campaign.open(campaign_path, data_dir=data_dir, read_only=True), window)
    )
    dock = next(p for p in window.panels if p.name == "chapter")
    dock.show()
    widget = dock.content()
    assert isinstance(widget, ChapterWidget)
    assert not widget.sheet.rep_tracker.isEnabled()
    assert not widget.sheet.payoff.apply_button.isEnabled()
    assert not widget.claims.add_button.isEnabled()
    node = next(iter(widget.claims.scene.nodes.values()))
    assert not node.flags() & QGraphicsItem.GraphicsItemFlag.ItemIsMovable
