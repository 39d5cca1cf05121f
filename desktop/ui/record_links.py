"""Opening a record in its own dock, as a link in the journal asks: a character in the
Roster (the docks that follow the chosen character follow it too), a clock in the
Clocks dock, a faction on the Faction Ladder. The dock is shown and brought to the
front, even if the workspace does not show it.

`open_hit` opens what the campaign search found (Ctrl+K): every kind of record it
indexes, each in the dock that edits it, switching to a workspace that shows that dock
when the one on screen does not."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QApplication,
    QGraphicsView,
    QMainWindow,
    QWidget,
)

from desktop.store import Topic
from desktop.ui.panel import Panel
from desktop.ui.session import CampaignSession

if TYPE_CHECKING:
    from desktop.store.search_index import SearchHit

# The dock each kind of record opens in, by the link's area.
DOCK_OF_AREA = {
    str(Topic.CHARACTERS): "roster",
    str(Topic.CLOCKS): "clocks",
    str(Topic.FACTIONS): "faction_ladder",
}


def open_record(
    window: QMainWindow,
    docks: Mapping[str, Panel],
    session: CampaignSession | None,
    area: str,
    record_id: int,
    beside: str = "journal",
) -> bool:
    """Show record `record_id` of `area` in its dock; False for an area with no dock.
    A dock the workspace does not show comes in a tab beside the dock `beside` (the
    one whose link was clicked), as a workspace shows a dock it does not place: the
    layout around it, the Dice Table's drop targets above all, is not squeezed."""
    name = DOCK_OF_AREA.get(area)
    if session is None or name is None or name not in docks:
        return False
    panel = docks[name]
    asking = docks.get(beside)
    if panel.isHidden() and asking is not None and not asking.isHidden():
        window.tabifyDockWidget(asking, panel)
    panel.show()
    panel.raise_()
    if area == Topic.CHARACTERS:
        session.select_character(record_id)
        return True
    # Built now if it was not: the record is chosen in the view, not in the store.
    reveal = getattr(panel.content(), "reveal", None)
    if callable(reveal):
        reveal(record_id)
    return True


# The dock each kind of search hit opens in (`SearchHit.kind`).
DOCK_OF_KIND = {
    "character": "roster",
    "trait": "roster",
    "item": "roster",
    "downtime": "roster",
    "card": "syscards",
    "clock": "clocks",
    "faction": "faction_ladder",
    "claim": "chapter",
    "chapter": "chapter",
    "scene": "journal",
    "journal": "journal",
    "ledger": "energyCalendar",
}
# The Roster form's tab each kind shows: its notes, its Traits & items, its downtime.
ROSTER_TAB = {"character": 0, "trait": 1, "item": 1, "downtime": 2}


def open_hit(
    docks: Mapping[str, Panel],
    session: CampaignSession | None,
    hit: SearchHit,
    show_dock: Callable[[Panel], None],
    show_downtime_step: Callable[[int], bool] = lambda _entry_id: False,
) -> bool:
    """Show the record `hit` stands for in its dock, selected; False when it has no dock
    (or no campaign is open). `show_dock` brings the dock on screen (the window switches
    workspace for it). A downtime step goes to `show_downtime_step` first (the running
    session's summary lists it); one it does not show (an earlier session's), to its
    character's Downtime tab in the Roster."""
    name = DOCK_OF_KIND.get(hit.kind)
    if session is None or name is None or name not in docks:
        return False
    if hit.kind == "downtime" and show_downtime_step(hit.record_id):
        return True
    panel = docks[name]
    show_dock(panel)
    # Each dock's widget has its own way to select a record (all named in this module).
    content: Any = panel.content()
    if name == "roster":
        character = hit.record_id if hit.kind == "character" else hit.owner_id
        if character is not None:  # else a chapter-wide downtime step: the Roster as it is
            session.select_character(character)
            content.form.tabs.setCurrentIndex(ROSTER_TAB[hit.kind])
            if hit.kind in ("trait", "item"):  # the Traits & items tab: its row chosen
                content.form.kit.reveal(hit.kind, hit.record_id)
    elif name == "energyCalendar":
        session.select_character(hit.record_id)
        content.select_day(hit.day if hit.day is not None else content.today)
    elif name == "journal":
        if hit.game_id is not None:
            content.show_game(hit.game_id, hit.scene if hit.kind == "journal" else None)
    elif hit.kind == "chapter":
        content.show_sheet()
    else:
        content.reveal(hit.record_id)
    focus_in(panel)
    return True


def focus_in(panel: Panel) -> None:
    """The keyboard's focus in `panel` (unless it is there already): on its first list,
    table or scene on screen, where the record is selected, else its first widget that
    is not a button (the clocks' board). The search box that opened the record is gone:
    the GM goes on from here, keyboard and all."""
    focused = QApplication.focusWidget()
    if focused is not None and focused.isVisible() and panel.isAncestorOf(focused):
        return
    shown = [
        widget
        for widget in panel.findChildren(QWidget)
        if widget.isVisible()
        and widget.isEnabled()
        and widget.focusPolicy() & Qt.FocusPolicy.TabFocus
    ]
    lists = [w for w in shown if isinstance(w, QAbstractItemView)]
    scenes = [w for w in shown if isinstance(w, QGraphicsView)]
    fields = [w for w in shown if not isinstance(w, QAbstractButton)]
    chosen = (lists or scenes or fields or shown or [panel])[0]
    chosen.setFocus(Qt.FocusReason.OtherFocusReason)
