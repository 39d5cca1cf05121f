"""Showing a clock, a faction or a card to the players (the player display), or hiding it.

One undo step each, through the areas' own commands (`UpdateClock`, `EditFaction`,
`EditCard`), so the mark is undone like any other edit; the editors' check boxes and the
one-click toggles on the clock board and the ladder all come here.
"""

from __future__ import annotations

from desktop.language import N_
from desktop.store import CardRecord, ClockRecord, FactionRecord
from desktop.ui.card_commands import EditCard
from desktop.ui.clock_commands import UpdateClock
from desktop.ui.session import CampaignSession
from desktop.ui.window_language import tr

SHOWN_TIP = N_("Shown to players: the player display shows it")
HIDDEN_TIP = N_("Hidden from players: only you see it")


def shown_text(name: str, shown: bool) -> str:
    """The undo step's name: "Show Doomsday to players" / "Hide Doomsday from players"."""
    if shown:
        return tr("Show {name} to players").format(name=name)
    return tr("Hide {name} from players").format(name=name)


def set_clock_shown(session: CampaignSession, clock: ClockRecord, shown: bool) -> bool:
    command = UpdateClock(session, clock, shown_text(clock.name, shown), shown=shown)
    return session.push(command)


def set_faction_shown(session: CampaignSession, faction: FactionRecord, shown: bool) -> bool:
    from desktop.ui.faction_commands import EditFaction  # which imports `shown_text`

    return session.push(EditFaction(session, faction, shown=shown))


def set_card_shown(session: CampaignSession, card: CardRecord, shown: bool) -> bool:
    command = EditCard(session, card, "shown", shown)
    command.setText(shown_text(card.name, shown))
    return session.push(command)
