"""Why a command is off, said in the palette beside it.

Only what is known: no campaign open (every command that is off without one needs
one), the action's own status tip (the docks' buttons set theirs, see `dock_buttons`),
the campaign open read-only for the commands that write, and a few commands' one
reason (`REASONS`). Otherwise nothing is said rather than a guess.
"""

from __future__ import annotations

from PySide6.QtGui import QAction

from desktop.language import N_
from desktop.ui.dock_buttons import READ_ONLY
from desktop.ui.window_language import tr

NEEDS_CAMPAIGN = N_("Open a campaign first")

# Off only while the open campaign is read-only (main_window.set_session and the
# launchers enable them for a writable campaign).
WRITES = frozenset(
    {
        "actionRestore",
        "actionEndDay",
        "start_downtime",
        "actionGiveHandoutToAll",
        "actionSharePlayers",
    }
)

# The one reason these commands are off, campaign or none, keyed by object name.
ALWAYS: dict[str, str] = {
    "actionUndo": N_("Nothing to undo"),
    "actionRedo": N_("Nothing to redo"),
    "actionClosePlayerDisplay": N_("The player display is not open"),
    "recentNone": N_("No campaign was opened recently"),
}
# The one reason these are off with a campaign open.
REASONS: dict[str, str] = {
    "continue_downtime": N_("No downtime session is running"),
}


def disabled_reason(action: QAction, *, campaign_open: bool, read_only: bool) -> str:
    """Why `action` is off ("" when it is on, or when why is not known)."""
    if action.isEnabled():
        return ""
    name = action.objectName()
    if name in ALWAYS:
        return tr(ALWAYS[name])
    if not campaign_open:
        return tr(NEEDS_CAMPAIGN)
    if action.statusTip():
        return action.statusTip()
    if read_only and name in WRITES:
        return tr(READ_ONLY)
    return tr(REASONS[name]) if name in REASONS else ""
