"""What players may read of the journal: one judge per page, built once from the store.

The journal keeps everything; its player-safe version (the players' recap, the
player-safe Markdown) shows a part only when `JournalSeen` says players may see what it
is about. It judges by the part's area and record against the campaign as it is now,
with the same choices as the player display (`views.public`): a player character's
pool changes and Dice Table rolls; shown clocks (not a hidden faction's) and shown factions;
scenes, rounds and days. Everything else stays the GM's: NPCs and challenges, their
rolls, conflicts and acts, declared actions, cards, handouts, energy, downtime (XP
marks too), and every note the GM
did not share. A part about something no longer in the campaign stays the GM's too.

A clock or a faction is judged as it is now, so what the history said of it under
another name (a secret one renamed and shown since) stays the GM's: players read a
clock's or a faction's line only when it tells it in one of the store's own sentences
under the name they know it by now, and never its renaming.
"""

from __future__ import annotations

import re

from desktop.rules import factions
from desktop.store import Campaign, RollRecord, Topic
from desktop.store.history import HistoryPart, parts
from desktop.views.public import PLAYER_KIND, SHOWN_ROLL_KIND, public_clocks, public_factions

# The kinds of step players always see: where play is, never what it is about.
OPEN_KINDS = frozenset(
    {parts.GAME_STARTED, parts.GAME_ENDED, parts.SCENE, parts.ROUND, parts.DAY_ENDED}
)
# The kinds about a character that players see when it is a player character: what
# the table shows of every pool (views.public.table_pools). Not a declared action (each
# player's page shows only its own: issue 30) nor XP (downtime is the GM's sheet).
CHARACTER_KINDS = frozenset(
    {
        parts.DAMAGE,
        parts.RECOVERED,
        parts.OUT_OF_PLAY,
        parts.OUT_FOR_GOOD,
        parts.AWARD,
        parts.GREW,
    }
)

# The store's sentences of a clock's and a faction's changes (desktop/store/history/
# sentences.py, clocks and factions managers), `{name}` standing for the name. A rename
# ("Clock X renamed Y") is none of them: it would tell the old name.
EDITED = r"edited(?:: [a-z_]+(?:, [a-z_]+)*)?"
STATUS = "|".join(re.escape(label) for label in factions.STATUS_LABELS.values())
STANDING = rf"tier \d+ (?:{factions.STRONG}|{factions.WEAK})"
CLOCK_FORMS = (
    rf"Clock {{name}} (?:added|moved|removed|restored|{EDITED})",
    r"{name}: \d+ -> \d+ of \d+",
)
FACTION_FORMS = (
    rf"Faction {{name}} (?:added|removed|restored|{EDITED})",
    rf"{{name}}: (?:{STATUS}) -> (?:{STATUS})",
    r"{name}: tier \d+ -> \d+",
    r"{name} moved within tier \d+",
    rf"{{name}} lost hold: {STANDING} -> {STANDING}",
    rf"Standing of {{name}} put back: {STANDING} -> {STANDING}",
)


def told_as(forms: tuple[str, ...], name: str) -> re.Pattern[str]:
    """The sentences of `forms` about `name` as the history writes it (on one line)."""
    named = re.escape(" ".join(name.split()))
    return re.compile("|".join(f"(?:{form.replace('{name}', named)})" for form in forms))


class JournalSeen:
    """Whether players may see a history part or a roll, judged against `campaign` as
    it is when made (a clock hidden since is hidden in every recap after)."""

    def __init__(self, campaign: Campaign) -> None:
        self._players = {c.id for c in campaign.roster.all() if c.kind == PLAYER_KIND}
        self._clocks = {c.id: told_as(CLOCK_FORMS, c.name) for c in public_clocks(campaign)}
        self._factions = {f.id: told_as(FACTION_FORMS, f.name) for f in public_factions(campaign)}

    def is_player(self, character_id: int | None) -> bool:
        return character_id in self._players

    def part(self, part: HistoryPart) -> bool:
        """Whether players may read `part`."""
        if part.kind in OPEN_KINDS:
            return True
        if part.kind in CHARACTER_KINDS:
            return self.is_player(part.record_id)
        if part.kind:
            return False  # a roll is judged by its line (`roll`); a note by its own flag
        shown = {str(Topic.CLOCKS): self._clocks, str(Topic.FACTIONS): self._factions}
        told = shown.get(part.area, {}).get(part.record_id or 0)
        return told is not None and told.fullmatch(part.sentence) is not None

    def roll(self, roll: RollRecord) -> bool:
        """Whether players may see a roll: a player character's Dice Table roll."""
        return roll.kind == SHOWN_ROLL_KIND and self.is_player(roll.character_id)
