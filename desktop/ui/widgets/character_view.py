"""What a per-character view follows: the open campaign and the character it shows.

The chart and the projects view both show one character's energy and must redraw when
the session, the character or one of the store's topics changes; this holds that
bookkeeping once for both.
"""

from __future__ import annotations

from collections.abc import Callable

from desktop.store import Topic
from desktop.ui.form_helpers import follow_changes, on_topics
from desktop.ui.session import CampaignSession


class FollowedCharacter:
    """Calls `refresh` whenever the session, the character or one of `topics` changes."""

    def __init__(self, refresh: Callable[[], None], topics: frozenset[Topic]) -> None:
        self._refresh = refresh
        self._on_changed = on_topics(topics, refresh)
        self.session: CampaignSession | None = None
        self.character_id: int | None = None

    def set_session(self, session: CampaignSession | None) -> None:
        self.session = follow_changes(self.session, session, self._on_changed)
        self.character_id = None
        self._refresh()

    def set_character(self, character_id: int | None) -> None:
        if character_id != self.character_id:
            self.character_id = character_id
            self._refresh()
