"""The faction ladder with 200 factions and 600 clocks, against plain rectangles and text.

Targets (issue 7): repainting the ladder's whole viewport fits in one 16 ms frame, and
a drag between tiers is applied (undo command, store write, refresh) and redrawn within
100 ms. The baseline, measured in the same run, paints as many plain rectangles with a
line of text each in a bare QGraphicsView of the same size; the ratio is reported, the
absolute times are what is asserted.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QDragEnterEvent, QDragMoveEvent, QDropEvent, QPainter
from PySide6.QtWidgets import (
    QApplication,
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
    QGraphicsView,
)
from pytest_benchmark.fixture import BenchmarkFixture

from desktop.store import OWNER_FACTION, Campaign
from desktop.ui.docks.faction_ladder import FactionLadderWidget
from desktop.ui.session import CampaignSession
from desktop.ui.widgets.ladder_scene import CARD_HEIGHT, CARD_WIDTH, GAP, encode_faction
from tests.benchmarks.timing import median_seconds

FACTIONS = 200
CLOCKS_EACH = 3  # 600 clocks
FRAME_S = 0.016
DRAG_S = 0.100
SIZE = 700


@pytest.fixture(scope="module")
def ladder_file(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A campaign with 200 factions over the seven tiers, three clocks each."""
    folder = tmp_path_factory.mktemp("ladder")
    path, data = folder / "Ladder.gmdesk", folder / "data"
    data.mkdir()
    campaign = Campaign.create(path, data_dir=data, start_date=date(2026, 3, 1))
    for n in range(FACTIONS):
        faction = campaign.factions.add(
            f"Faction {n:03d} of the marsh",
            tier=n % 7,
            hold="weak" if n % 3 else "strong",
            status=n % 7 - 3,
            at_war_with_others=n % 11 == 0,
        )
        for k in range(CLOCKS_EACH):
            segments = (4, 6, 8)[k]
            campaign.clocks.add(
                f"Plan {k}",
                segments,
                owner_kind=OWNER_FACTION,
                owner_id=faction.id,
                filled=(n + k) % (segments + 1),
            )
    campaign.close()
    return path, data


@pytest.fixture
def ladder(
    qapp: QApplication, ladder_file: tuple[Path, Path]
) -> Iterator[tuple[FactionLadderWidget, CampaignSession]]:
    path, data = ladder_file
    session = CampaignSession(Campaign.open(path, data_dir=data))
    widget = FactionLadderWidget()
    widget.resize(SIZE, SIZE)
    widget.show()
    widget.set_session(session)
    QApplication.processEvents()
    yield widget, session
    widget.set_session(None)
    widget.close()
    widget.deleteLater()
    session.close()
    QApplication.processEvents()


def _bare_view() -> QGraphicsView:
    """The baseline: the same number of plain rectangles with a name each, same layout."""
    scene = QGraphicsScene()
    for n in range(FACTIONS):
        row, column = divmod(n, 3)
        rect = QRectF(120 + column * (CARD_WIDTH + GAP), row * (CARD_HEIGHT + GAP), CARD_WIDTH, 90)
        item = QGraphicsRectItem(rect)
        item.setBrush(QColor("#ffffff"))
        scene.addItem(item)
        text = QGraphicsSimpleTextItem(f"Faction {n:03d} of the marsh")
        text.setPos(rect.topLeft() + QPointF(8, 8))
        scene.addItem(text)
    view = QGraphicsView(scene)
    view.setRenderHint(QPainter.RenderHint.Antialiasing)
    view.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
    view.resize(SIZE, SIZE)
    view.show()
    QApplication.processEvents()
    return view


def _repaint_all_anew(widget: FactionLadderWidget) -> None:
    for card in widget.scene.cards.values():
        card.update()  # drops the card's cached picture
    widget.view.viewport().grab()


def _drop(widget: FactionLadderWidget, faction_id: int, tier: int) -> None:
    """A real drop at the start of a tier row, as the mouse would bring it."""
    row = widget.scene.rows[tier].rect
    widget.view.ensureVisible(row.left(), row.top(), 1, 1, 0, 0)
    point = widget.view.mapFromScene(row.left() + 120, row.top() + 20)
    data = encode_faction(faction_id)
    viewport = widget.view.viewport()
    move, left, none = Qt.DropAction.MoveAction, Qt.MouseButton.LeftButton, Qt.KeyboardModifier(0)
    QApplication.sendEvent(viewport, QDragEnterEvent(point, move, data, left, none))
    QApplication.sendEvent(viewport, QDragMoveEvent(point, move, data, left, none))
    QApplication.sendEvent(viewport, QDropEvent(QPointF(point), move, data, left, none))


def test_repaint_of_a_full_ladder_viewport(
    benchmark: BenchmarkFixture, ladder: tuple[FactionLadderWidget, CampaignSession]
) -> None:
    widget, _session = ladder
    assert len(widget.scene.cards) == FACTIONS
    assert sum(len(c.look.clocks) for c in widget.scene.cards.values()) == FACTIONS * 3
    bare = _bare_view()
    baseline = median_seconds(lambda: bare.viewport().grab(), rounds=30)
    bare.close()
    viewport = widget.view.viewport()
    # For the record: a repaint after every card changed (no cached picture is reused),
    # as after a palette change or when scrolling to cards not yet seen.
    uncached = median_seconds(lambda: _repaint_all_anew(widget), rounds=15)
    benchmark.pedantic(viewport.grab, rounds=30, warmup_rounds=2)
    median = benchmark.stats.stats.median
    benchmark.extra_info.update(
        plain_rectangles_s=baseline, ratio=median / baseline, every_card_redrawn_s=uncached
    )
    print(
        f"\nladder repaint ({FACTIONS} factions, {FACTIONS * 3} clocks, {SIZE}x{SIZE}): "
        f"{median * 1000:.2f} ms, {median / baseline:.1f}x plain rectangles "
        f"({baseline * 1000:.2f} ms); every visible card drawn anew: {uncached * 1000:.1f} ms"
    )
    assert median < FRAME_S


def test_drag_between_tiers_applied_and_redrawn(
    benchmark: BenchmarkFixture, ladder: tuple[FactionLadderWidget, CampaignSession]
) -> None:
    widget, session = ladder
    faction = next(f for f in session.campaign.factions.all() if f.tier == 6)
    tiers = iter([0, 6] * 20)

    def drag() -> None:
        tier = next(tiers)
        _drop(widget, faction.id, tier)
        widget.view.viewport().grab()
        assert session.campaign.factions.get(faction.id).tier == tier

    benchmark.pedantic(drag, rounds=20, warmup_rounds=1)
    median = benchmark.stats.stats.median
    print(f"\ndrag between tiers, applied and redrawn: {median * 1000:.1f} ms")
    assert median < DRAG_S
