"""A state machine over the store's public write methods with extreme values (issue 26).

Each step calls one write method with values drawn from the edges: 0, -1, 2**31,
2**63, 10**30, huge and blank texts, wrong types. After every step either

- the store refused it plainly (its own ValueError, a message with no internal id, no
  exception class, no SQL) and not one row of the file changed, or
- a copy of the file passes the full value check that opening and Check Campaign run,
  opens, and its export is accepted by the import again.
"""

from __future__ import annotations

import re
import tempfile
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import Bundle, RuleBasedStateMachine, initialize, rule

from desktop.store import Campaign
from tests.store.file_state import assert_sound, dump

EDGES: list[Any] = [0, -1, 1, 2, 12, 2**31 - 1, 2**31, 2**63, 10**30, -(2**63)]
NUMBERS = st.sampled_from(EDGES) | st.integers(min_value=-3, max_value=20)
TEXTS = st.sampled_from(["Ash", "", "   ", "x" * 81, "y" * 300_000, "Ash\x00", "Kara Voss"])
ODD = st.sampled_from([None, 1.5, "3", True, [1]])
VALUES = NUMBERS | TEXTS | ODD

# What a refusal must never show the GM: an exception's class, the database's words,
# an id the GM never sees.
UNPLAIN = re.compile(r"[A-Z][a-z]+Error|sqlite|SELECT|INSERT|UPDATE |Traceback|\bid\b|#\d")


class StoreMachine(RuleBasedStateMachine):
    characters = Bundle("characters")
    factions = Bundle("factions")
    cards = Bundle("cards")

    def __init__(self) -> None:
        super().__init__()
        self.folder = Path(tempfile.mkdtemp(prefix="bounds-machine-"))
        self.campaign = Campaign.create(
            self.folder / "m.gmdesk", data_dir=self.folder / "data", start_date=date(2026, 3, 1)
        )
        self.checks = 0

    def teardown(self) -> None:
        self.campaign.close()

    def step(self, action: Callable[[], object]) -> object:
        """Run one write; judge what it left."""
        before = dump(self.campaign.path)
        try:
            result = action()
        except ValueError as refusal:
            message = str(refusal)
            assert message and not UNPLAIN.search(message), message
            assert dump(self.campaign.path) == before, f"refused but written: {message}"
            return None
        self.checks += 1
        assert_sound(self.campaign, Path(tempfile.mkdtemp(dir=self.folder)))
        return result

    @initialize(target=characters)
    def a_party(self) -> int:
        ash = self.campaign.roster.add("Ash", "pc").id
        self.campaign.kit.add_dice(ash, size=6, count=3)
        return ash

    @rule(target=characters, name=TEXTS, kind=st.sampled_from(["pc", "npc", "challenge", "x"]))
    def add_character(self, name: object, kind: object) -> Any:
        added = self.step(lambda: self.campaign.roster.add(name, kind))  # type: ignore[arg-type]
        return added.id if added is not None else 1  # type: ignore[attr-defined]

    @rule(character=characters, notes=VALUES, name=TEXTS)
    def update_character(self, character: int, notes: object, name: object) -> None:
        self.step(lambda: self.campaign.roster.update(character, notes=notes))
        self.step(lambda: self.campaign.roster.update(character, name=name))

    @rule(character=characters, size=NUMBERS, count=NUMBERS)
    def add_dice(self, character: int, size: object, count: object) -> None:
        self.step(lambda: self.campaign.kit.add_dice(character, size=size, count=count))  # type: ignore[arg-type]

    @rule(character=characters, name=TEXTS, value=NUMBERS)
    def add_trait(self, character: int, name: object, value: object) -> None:
        self.step(lambda: self.campaign.kit.add_trait(character, name, value))  # type: ignore[arg-type]

    @rule(field=st.sampled_from(["coin", "heat", "rep", "tier", "name", "notes"]), value=VALUES)
    def update_chapter(self, field: str, value: object) -> None:
        self.step(lambda: self.campaign.chapter.update(**{field: value}))

    @rule(
        target_tier=NUMBERS,
        size=st.sampled_from(["minor", "major", "huge"]),
        coin=st.none() | NUMBERS,
        quiet=st.booleans(),
    )
    def payoff(self, target_tier: object, size: str, coin: object, quiet: bool) -> None:
        self.step(lambda: self.campaign.chapter.apply_payoff(target_tier, quiet, size, coin))  # type: ignore[arg-type]

    @rule(target=factions, name=TEXTS, tier=NUMBERS, status=NUMBERS)
    def add_faction(self, name: object, tier: object, status: object) -> Any:
        added = self.step(lambda: self.campaign.factions.add(name, tier, status=status))  # type: ignore[arg-type]
        return getattr(added, "id", None)

    @rule(faction=factions, status=NUMBERS)
    def faction_status(self, faction: int | None, status: object) -> None:
        if faction is not None:
            self.step(lambda: self.campaign.factions.update(faction, status=status))

    @rule(name=TEXTS, segments=NUMBERS, filled=NUMBERS)
    def add_clock(self, name: object, segments: object, filled: object) -> None:
        self.step(lambda: self.campaign.clocks.add(name, segments, filled=filled))  # type: ignore[arg-type]

    @rule(target=cards, name=TEXTS)
    def add_card(self, name: object) -> Any:
        added = self.step(lambda: self.campaign.cards.add(name))  # type: ignore[arg-type]
        return getattr(added, "id", None)

    @rule(
        card=cards,
        field=st.sampled_from(["power", "velocity", "efficiency", "zone", "info", "position"]),
        value=VALUES,
    )
    def update_card(self, card: int | None, field: str, value: object) -> None:
        if card is not None:
            self.step(lambda: self.campaign.cards.update(card, **{field: value}))

    @rule(name=TEXTS)
    def rename_campaign(self, name: object) -> None:
        self.step(lambda: self.campaign.rename(name))  # type: ignore[arg-type]

    @rule(setting=st.sampled_from(["starting_dice", "stress_track", "raise_by"]), value=VALUES)
    def campaign_setting(self, setting: str, value: object) -> None:
        self.step(lambda: self.campaign.update_settings(**{setting: value}))

    @rule()
    def start_game(self) -> None:
        self.step(self.campaign.games.start)

    @rule(text=TEXTS, character=characters, new=st.booleans())
    def set_scene(self, text: object, character: int, new: bool) -> None:
        self.step(lambda: self.campaign.games.set_scene(text, [character], new=new))  # type: ignore[arg-type]

    @rule(character=characters, text=TEXTS)
    def declare(self, character: int, text: object) -> None:
        self.step(lambda: self.campaign.games.declare(character, text))  # type: ignore[arg-type]

    @rule(character=characters)
    def take_turn(self, character: int) -> None:
        self.step(lambda: self.campaign.games.take_turn(character))

    @rule()
    def end_round(self) -> None:
        self.step(self.campaign.games.end_round)

    @rule()
    def end_game(self) -> None:
        self.step(self.campaign.games.end)

    @rule()
    def end_day(self) -> None:
        self.step(self.campaign.calendar.end_day)


StoreMachine.TestCase.settings = settings(
    max_examples=12,
    stateful_step_count=12,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
test_the_store_refuses_plainly_or_writes_a_file_it_would_open = StoreMachine.TestCase
