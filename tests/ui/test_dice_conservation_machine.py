"""Dice are conserved while the GM and the players act at once (issue 30, Rules and
safety): a hypothesis state machine on a real campaign file drives the GM's Dice Table
(quick roll, rest, the all-ones choice), the GM's undo and redo, and three devices (two
of Kara's, one of Ilse's) asking through the real controller: rolls picked on the view
each device last received (so often a stale one), all-ones choices, replayed request
ids (remembered by the server's own RequestMemory, or forgotten by it).

A device's requests wait in the Qt event queue, as the server's thread leaves them,
until a step lets the GM's side run: several pile up and are made one after the other,
after GM actions taken meanwhile. After every step:

- every die of every character is in exactly one place (pool, table or removed), a die
  in the tray is in the pool, no die id is twice anywhere, each character keeps the
  dice it started with (the rules move them between places, never away);
- the store's revision never falls, and stays put when nothing was applied;
- of the rolls picked on one view of a character (the same roll count seen), at most
  one is made: the others were already rolled;
- no request id is answered done more than once (a replay the server forgot is made
  again, and refused when the first was done), the server's memory hands an id over
  once, and the roll log grows by at most one line per request answered done;
- once the GM's side is idle, each page's latest view shows its character's dice where
  the store has them, and its roll count is the log's.
"""

from __future__ import annotations

import random
import shutil
import tempfile
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    rule,
    run_state_machine_as_test,
)
from PySide6.QtCore import QCoreApplication, QThreadPool
from PySide6.QtGui import QUndoGroup
from PySide6.QtWidgets import QApplication, QWidget

from desktop.rules import dicepool
from desktop.share.messages import ChooseRequest, PlayerRequest, RollRequest
from desktop.share.requests import RequestMemory
from desktop.store import Campaign
from desktop.ui.docks.dice_table import DiceTableWidget
from desktop.ui.session import CampaignSession
from desktop.ui.sharing.addresses import Address
from desktop.ui.sharing.controller import PlayerSharing
from tests.ui.sharing_doubles import FakeServer, FakeServers

LOOPBACK = (Address("This computer only — 127.0.0.1", "127.0.0.1", True),)
PLACES = {"pool", "table", "removed"}
DEVICES = ("kara-phone", "kara-tablet", "ilse-phone")


class Faces(random.Random):
    """The session's dice: hypothesis's random, with `ones` dice to come up 1 first (an
    all-ones roll is rare by chance, and its choice is where rolls wait)."""

    def __init__(self, drawn: random.Random) -> None:
        super().__init__()
        self.drawn = drawn
        self.ones = 0

    def randint(self, a: int, b: int) -> int:
        if self.ones:
            self.ones -= 1
            return a
        return self.drawn.randint(a, b)


@dataclass
class Device:
    """A player's browser: the view it last received and the requests it sent."""

    name: str
    character_id: int
    view: Mapping[str, object] | None = None
    sent: list[PlayerRequest] = field(default_factory=list)

    def pool(self) -> list[int]:
        """The ordinary pool dice its view shows (what its player can pick)."""
        if self.view is None:
            return []
        dice = self.view["dice"]
        assert isinstance(dice, list)
        return [d["id"] for d in dice if d["place"] == "pool" and d["kind"] == "ordinary"]

    def seen(self) -> int:
        assert self.view is not None
        character = self.view["character"]
        assert isinstance(character, dict)
        return int(character["rolls"])

    def all_ones(self) -> dict[str, object] | None:
        waiting = None if self.view is None else self.view.get("all_ones")
        return waiting if isinstance(waiting, dict) else None


class DiceAtOnce(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.folder = Path(tempfile.mkdtemp(prefix="dice-machine-"))
        path = self.folder / "Machine.gmdesk"
        campaign = Campaign.create(path, data_dir=self.folder / "data", start_date=date(2026, 3, 1))
        self.kara = campaign.roster.add("Kara Voss", "pc").id
        self.ilse = campaign.roster.add("Ilse Marr", "pc").id
        # d4s make all-ones rolls common (and never deplete); bigger dice go to the table.
        for size in (4, 4, 6, 8, 12):
            campaign.kit.add_dice(self.kara, size=size)
        for size in (4, 6, 10):
            campaign.kit.add_dice(self.ilse, size=size)
        campaign.kit.add_trait(self.kara, "Climber", 1)
        self.campaign = campaign
        self.owned = {cid: self.die_ids(cid) for cid in (self.kara, self.ilse)}
        self.session = CampaignSession(campaign)
        self.gm_window = QWidget()
        # As the window holds it: a roll that waits takes the stack out of its group, so
        # that Undo and Redo (the group's actions) and a phone's roll wait with it.
        self.undo_group = QUndoGroup(self.gm_window)
        self.undo_group.addStack(self.session.undo_stack)
        self.undo_group.setActiveStack(self.session.undo_stack)
        self.servers = FakeServers()
        self.sharing = PlayerSharing(
            self.gm_window,
            server_factory=self.servers,
            files=dict,
            addresses=lambda: LOOPBACK,
        )
        self.sharing.set_session(self.session)
        assert self.sharing.share_at("127.0.0.1", 8765)
        for cid in (self.kara, self.ilse):
            self.sharing.allow_rolls(cid, True)
        self.table = DiceTableWidget(QThreadPool.globalInstance())
        self.table.animate_check.setChecked(False)
        self.table.set_session(self.session)
        self.memory: RequestMemory[str] = RequestMemory()
        owners = {"kara-phone": self.kara, "kara-tablet": self.kara, "ilse-phone": self.ilse}
        self.devices = {name: Device(name, owners[name]) for name in DEVICES}
        # Each (character, request id) handed to the GM's side: in all, and as the server
        # hands them (its memory on; a forgotten replay is handed again).
        self.handed: Counter[tuple[int, str]] = Counter()
        self.remembered: Counter[tuple[int, str]] = Counter()
        self.seen_by: dict[tuple[int, str], int] = {}  # a roll request -> the count it saw
        self.numbered = 0
        self.revision = campaign.revision
        self.answered = 0  # the server's answers already looked at
        self.rows = len(campaign.rolls.all())
        self.settle()

    @property
    def server(self) -> FakeServer:
        return self.servers.last

    def teardown(self) -> None:
        self.undo_group.removeStack(self.session.undo_stack)
        self.table.set_session(None)
        self.sharing.set_session(None)
        self.session.close()
        self.campaign.close()
        self.table.deleteLater()
        self.gm_window.deleteLater()
        QApplication.processEvents()
        shutil.rmtree(self.folder, ignore_errors=True)

    def die_ids(self, character_id: int) -> set[int]:
        return {die.id for die in self.campaign.kit.dice(character_id)}

    # -- the GM's side running ---------------------------------------------------------------

    def settle(self, wrote_expected: bool = True) -> None:
        """Let the GM's side run what waits (requests, hand-offs), then judge what was
        done: answers at most once per id, log lines at most one per done."""
        QCoreApplication.processEvents()
        QCoreApplication.processEvents()  # a hand-off posted while the requests ran
        answers = self.server.answers[self.answered :]
        self.answered = len(self.server.answers)
        done = 0
        for cid, request_id, ok, message in answers:
            self.memory.answered(cid, request_id, f"{ok}:{message}")
            assert ok or message, "a refusal always says why"
            done += ok
        dones = Counter((cid, rid) for cid, rid, ok, _message in self.server.answers if ok)
        assert max(dones.values(), default=0) <= 1, "a request applied twice"
        # Of the rolls picked on one view (the same roll count seen), one wins.
        winners = Counter((key[0], self.seen_by[key]) for key in dones if key in self.seen_by)
        assert max(winners.values(), default=0) <= 1, "two rolls made on one view"
        answered = Counter((cid, rid) for cid, rid, _ok, _message in self.server.answers)
        assert all(count <= self.handed[key] for key, count in answered.items())
        rows = len(self.campaign.rolls.all())
        if not wrote_expected:
            assert rows - self.rows <= done, "more rolls logged than requests done"
        self.rows = rows
        revision = self.campaign.revision
        assert revision >= self.revision
        if not wrote_expected and done == 0:
            assert revision == self.revision, "a refused request wrote"
        self.revision = revision

    def send(self, device: Device, request: PlayerRequest, remembered: bool = True) -> None:
        """As the server hands a request over: once per id (`remembered`), from its
        thread's signal; made when the GM's side next runs."""
        key = (device.character_id, request.id)
        if remembered:
            new, _answer = self.memory.ask(device.character_id, request.id, device.name)
            if not new:
                return  # the first answer goes to this device too: nothing handed over
        self.handed[key] += 1
        self.remembered[key] += remembered
        assert self.server.on_request is not None
        self.server.on_request(device.character_id, request)

    def next_id(self, device: Device) -> str:
        self.numbered += 1
        return f"{device.name}-{self.numbered}"

    # -- the players ------------------------------------------------------------------------

    @initialize(rng=st.randoms(use_true_random=False))
    def seed(self, rng: random.Random) -> None:
        self.faces = Faces(rng)
        self.session.rng = self.faces
        for name in DEVICES:  # the pages open on the view as it is
            self.receive(name)

    @rule(name=st.sampled_from(DEVICES))
    def receive(self, name: str) -> None:
        """A device receives the latest view of its character (or has none yet)."""
        device = self.devices[name]
        published = [p for cid, p in self.server.published if cid == device.character_id]
        device.view = published[-1] if published else None

    @rule(name=st.sampled_from(DEVICES), ones=st.booleans(), data=st.data())
    def roll(self, name: str, ones: bool, data: st.DataObject) -> None:
        """Its player picks dice of the view it shows and presses Roll (`ones`: the
        next dice rolled, this roll's or not, come up 1)."""
        device = self.devices[name]
        pool = device.pool()
        if not pool:
            return
        picked = data.draw(st.lists(st.sampled_from(pool), min_size=1, max_size=3, unique=True))
        self.faces.ones = len(picked) if ones else 0
        request = RollRequest(
            type="roll",
            id=self.next_id(device),
            dice=picked,
            traits=[],
            steps={},
            seen=device.seen(),
        )
        device.sent.append(request)
        self.seen_by[(device.character_id, request.id)] = device.seen()
        self.send(device, request)

    @rule(name=st.sampled_from(DEVICES), keep=st.booleans(), data=st.data())
    def choose(self, name: str, keep: bool, data: st.DataObject) -> None:
        """Its player makes the all-ones choice its view offers (or one it no longer
        offers: a die of the pool, as a stale page may)."""
        device = self.devices[name]
        waiting = device.all_ones()
        rolled = waiting["dice"] if waiting is not None else None
        choices = [d["id"] for d in rolled] if isinstance(rolled, list) else device.pool()
        if not choices:
            return
        die = data.draw(st.sampled_from(choices))
        request_id = self.next_id(device)
        if keep:
            request = ChooseRequest(type="choose", id=request_id, keep=die)
        else:
            request = ChooseRequest(type="choose", id=request_id, lose=die)
        device.sent.append(request)
        self.send(device, request)

    @rule(name=st.sampled_from(DEVICES), remembered=st.booleans(), data=st.data())
    def replay(self, name: str, remembered: bool, data: st.DataObject) -> None:
        """A device sends one of its requests again, with its id (after a reconnect);
        the server may have forgotten it (`remembered` False)."""
        device = self.devices[name]
        if device.sent:
            self.send(device, data.draw(st.sampled_from(device.sent)), remembered)

    @rule(deliver=st.sets(st.sampled_from(DEVICES)))
    def gm_side_runs(self, deliver: set[str]) -> None:
        """The GM's side takes the requests waiting, in the order they came; the views
        it hands out reach the `deliver` devices (the others have not got them yet)."""
        self.settle(wrote_expected=False)
        for name in sorted(deliver):
            self.receive(name)

    # -- the GM -------------------------------------------------------------------------------

    @rule(
        who=st.sampled_from(("kara", "ilse")),
        count=st.integers(min_value=1, max_value=3),
        ones=st.booleans(),
    )
    def gm_quick_roll(self, who: str, count: int, ones: bool) -> None:
        """The GM rolls `count` of a character's dice at the Dice Table (`ones`: all
        come up 1)."""
        self.faces.ones = count if ones else 0
        self.session.select_character(getattr(self, who))
        self.table.quick_roll(count)
        self.settle()

    @rule(keep=st.booleans())
    def gm_choose(self, keep: bool) -> None:
        """The GM makes the all-ones choice waiting, with the die the table suggests."""
        waiting = self.session.all_ones
        if waiting is None:
            return
        self.session.select_character(waiting.character_id)
        choice = dicepool.Catastrophe.DEPLETE_ALL_BUT_ONE if keep else dicepool.Catastrophe.LOSE_ONE
        self.table.choose(choice)
        self.settle()

    @rule(who=st.sampled_from(("kara", "ilse")), hours=st.sampled_from((2, 24)))
    def gm_rest(self, who: str, hours: int) -> None:
        self.session.select_character(getattr(self, who))
        self.table.rest(hours)
        self.settle()

    @rule(redo=st.booleans())
    def gm_undo_or_redo(self, redo: bool) -> None:
        """Ctrl+Z or Ctrl+Shift+Z: the window's actions, its undo group's (they do
        nothing while a roll waits for its choice)."""
        self.undo_group.redo() if redo else self.undo_group.undo()
        self.settle()

    # -- what always holds --------------------------------------------------------------------

    @invariant()
    def dice_are_conserved(self) -> None:
        seen: set[int] = set()
        for cid, owned in self.owned.items():
            dice = self.campaign.kit.dice(cid)
            ids = [die.id for die in dice]
            assert len(ids) == len(set(ids)), "a die listed twice"
            assert set(ids) == owned, "a character's dice changed hands or vanished"
            assert not seen & set(ids), "a die in two characters' pools"
            seen |= set(ids)
            for die in dice:
                assert die.place in PLACES
                assert not die.in_tray or die.place == "pool", "a die in the tray off the pool"
                assert die.in_tray or (die.steps == 0 and not die.down_to_d4)
        assert max(self.remembered.values(), default=0) <= 1, "a remembered id handed twice"

    @invariant()
    def pages_show_the_table_once_idle(self) -> None:
        if self.server.on_request is None or self.pending_requests():
            return
        counts = self.campaign.rolls.counts()
        for cid in self.owned:
            published = [p for c, p in self.server.published if c == cid]
            latest = published[-1]
            dice = latest["dice"]
            assert isinstance(dice, list)
            shown = {d["id"]: d["place"] for d in dice}
            assert len(shown) == len(dice)
            assert shown == {die.id: die.place for die in self.campaign.kit.dice(cid)}
            character = latest["character"]
            assert isinstance(character, dict) and character["rolls"] == counts.get(cid, 0)
            waiting = self.session.all_ones
            expected = waiting is not None and waiting.character_id == cid
            assert (latest["all_ones"] is not None) == expected

    def pending_requests(self) -> bool:
        """Whether requests were handed over that the GM's side has not run yet."""
        return sum(self.handed.values()) > len(self.server.answers)


@pytest.mark.slow  # about 8 s: 30 examples of 25 steps, each on its own campaign file
def test_dice_are_conserved_while_the_gm_and_players_act_at_once(qapp: QApplication) -> None:
    run_state_machine_as_test(
        DiceAtOnce,
        settings=settings(
            max_examples=30,
            stateful_step_count=25,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow],
        ),
    )
