"""Opening a record in its own dock, as a link in the journal asks: a character in the
Roster (the docks that follow the chosen character follow it too), a clock in the
Clocks dock, a faction on the Faction Ladder. The dock is shown and brought to the
front, even if the workspace does not show it."""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtWidgets import QMainWindow

from desktop.store import Topic
from desktop.ui.panel import Panel
from desktop.ui.session import CampaignSession

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
