"""The store's change topics after which a player's view may have changed."""

from __future__ import annotations

from typing import Final

from desktop.store import Topic

# Not here: the print layout, the rule settings and downtime sheets, which a
# player's view never reads (downtime ticks a clock under CLOCKS). The seating order is
# written under GAMES; the current day (energy's "today") under CAMPAIGN; the chapter's
# war (a faction at -3) under FACTIONS and its turf under CLAIMS.
PLAYER_TOPICS: Final[frozenset[Topic]] = frozenset(
    {
        Topic.CAMPAIGN,
        Topic.CHARACTERS,
        Topic.DICE,
        Topic.TRAITS,  # a player ticks their own traits for a roll
        Topic.SHARING,  # the GM lets a player roll, or sets the page back to view only
        Topic.ITEMS,
        Topic.ROLLS,
        Topic.CARDS,
        Topic.ENERGY,
        Topic.CLOCKS,
        Topic.FACTIONS,
        Topic.CHAPTER,
        Topic.CLAIMS,
        Topic.GAMES,
        Topic.HANDOUTS,  # what the GM gave a player's page (the TV shows none)
    }
)
