"""The open campaign as the window sees it: the store, its undo stack and its signals.

Every dock gets the session passed in; nothing reaches for a global. Changes always go
`command -> store -> session.changed`, so every view refreshes the same way whether the
change came from itself, another dock, undo or redo.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

if TYPE_CHECKING:
    from desktop.actions.all_ones import PendingAllOnes
    from desktop.store import Campaign
    from desktop.ui.sharing.roll_asks import RollAsks
    from desktop.ui.statistics.luck_odds import SharedLuckOdds


class ConflictHost(Protocol):
    """Where a conflict is set up (the Dice Table): its two sides, while they have not
    rolled, so that a side's player may fill their own tray from their phone."""

    def open_sides(self) -> tuple[int, int] | None:
        """The two sides' character ids while a conflict waits for its roll, else None."""
        ...

    def filled_from_phone(self, character_id: int, trait_ids: Sequence[int]) -> None:
        """A side's player filled their tray (written) with these traits ticked: the
        host ticks them for that side and, once both trays hold dice, rolls both."""
        ...


class CampaignSession(QObject):
    changed = Signal(str)  # a topic: "campaign", "characters", ...
    character_selected = Signal(object)  # int | None: the character the docks follow
    failed = Signal(str)  # a plain message for the GM when an action could not be done
    # Of those, a failure the GM must not miss (the disk, a record another program
    # damaged): the window shows it in a box. A refusal (the rules or the campaign say
    # no) is only `failed`: said in the status bar and beside the field that asked, never
    # in a box that would take the Space and Enter meant for the table.
    broke = Signal(str)
    # A failure GM Desk did not expect (a bug): the plain sentence, and the details
    # (versions and traceback) the box's Copy details puts on the clipboard.
    went_wrong = Signal(str, str)
    about_to_change = Signal()  # a command is about to run: what was, is still there
    # An all-ones roll began or stopped waiting for its choice (`all_ones`).
    all_ones_changed = Signal()
    # A player's phone rolled and the roll is written: (character id, the dicepool.Roll,
    # its summary in the window's words), so that the Dice Table shows the dice land as it
    # shows its own.
    rolled_elsewhere = Signal(int, object, str)
    # A conflict's sides were set up, changed or rolled (`conflict_host`): the players'
    # pages say who is in one.
    conflict_changed = Signal()
    # Who the GM may ask to roll from their phone, or has asked, changed (`roll_asks`).
    roll_asks_changed = Signal()
    # The GM started a game from the Play dock (not a redo): "Previously on" opens.
    game_started = Signal()
    # The GM asked, from End game's summary in the Play dock, for the players' luck.
    players_luck_requested = Signal()

    def __init__(
        self, campaign: Campaign, parent: QObject | None = None, rng: random.Random | None = None
    ) -> None:
        super().__init__(parent)
        self.campaign = campaign
        # Every roll in the window draws from here; tests pass a seeded one.
        self.rng = rng or random.Random()
        self.undo_stack = QUndoStack(self)
        self.selected_character: int | None = None
        # The all-ones roll waiting for its player's choice, whoever rolled it (the Dice
        # Table or a player's phone): held here so that both may make the choice.
        self.all_ones: PendingAllOnes | None = None
        self._settled: dict[int, frozenset[int]] = {}  # character -> last chosen roll's dice
        # The GM's asks to roll from a phone, held by the sharing controller (not a change
        # of the campaign, never an undo step): set while that controller follows this
        # session, so the Dice Table and the Play dock offer "Ask Kara to roll".
        self.roll_asks: RollAsks | None = None
        # The Dice Table, while it shows: where a conflict's sides are set up.
        self.conflict_host: ConflictHost | None = None
        self._failure: str | None = None
        # The value check's word on the file, for the state of it (PRAGMA data_version)
        # it was judged in: see `tell_damage`.
        self._judged: tuple[int, str | None] | None = None
        self._luck_odds: SharedLuckOdds | None = None
        campaign.subscribe(self.changed.emit)

    @property
    def read_only(self) -> bool:
        return self.campaign.read_only

    def luck_odds(self) -> SharedLuckOdds:
        """The exact odds of the campaign's trays, computed once for this open campaign
        and shared by every Statistics view (the dock and the Roll Log's tab); made at
        the first ask, so that a start that shows no statistics imports no odds."""
        if self._luck_odds is None:
            from desktop.ui.statistics.luck_odds import SharedLuckOdds

            self._luck_odds = SharedLuckOdds()
        return self._luck_odds

    def select_character(self, character_id: int | None) -> None:
        if character_id != self.selected_character:
            self.selected_character = character_id
            self.character_selected.emit(character_id)

    def wait_for_choice(self, pending: PendingAllOnes) -> None:
        """Hold `pending` until its choice is made; undo waits with it, since the roll
        was made from the pool as it is now."""
        self.all_ones = pending
        self.undo_stack.setActive(False)
        self.all_ones_changed.emit()

    def end_choice(self, chosen: bool) -> PendingAllOnes | None:
        """The roll that waited, no longer waiting (`chosen`: its choice is being made,
        rather than the roll dropped); undo is free again."""
        pending, self.all_ones = self.all_ones, None
        if pending is None:
            return None
        if chosen:
            self._settled[pending.character_id] = frozenset(pending.roll.die_ids)
        self.undo_stack.setActive(True)
        self.all_ones_changed.emit()
        return pending

    def settled_dice(self, character_id: int) -> frozenset[int]:
        """The dice of `character_id`'s last all-ones roll whose choice was made."""
        return self._settled.get(character_id, frozenset())

    def push(self, command: QUndoCommand) -> bool:
        """Run a command through the undo stack; False if it failed (and was dropped)."""
        self._failure = None
        self.about_to_change.emit()
        self.undo_stack.push(command)
        return self._failure is None

    @property
    def last_failure(self) -> str | None:
        """Why the last `push` failed, for a view that shows it beside its field too;
        None when it did not fail."""
        return self._failure

    def report_failure(self, message: str) -> None:
        """Called when the rules or the campaign refused an action; the window says it
        in its status bar."""
        self._failure = message
        self.failed.emit(message)

    def report_breakage(self, message: str) -> None:
        """Called when an action failed for want of the disk or the database; the
        window shows the message in a box too."""
        self.report_failure(message)
        self.broke.emit(message)

    def report_error(self, message: str, details: str) -> None:
        """Called when an action failed in a way GM Desk did not expect (it has been
        logged with its traceback); the window shows it in a box with Copy details."""
        self.report_failure(message)
        self.went_wrong.emit(message, details)

    def report_damage(self, message: str) -> None:
        """Called by a view that read around a damaged record: the window shows the
        message in a box, and no action is taken to have failed (the view may be
        reloading in the middle of one that did not)."""
        self.failed.emit(message)
        self.broke.emit(message)

    def tell_damage(self) -> bool:
        """After a view's read failed: whether the campaign holds a record the checks
        refuse (another program wrote it while the file was open). If so the GM is told
        once, for this state of the file, and the file is no longer trusted at its next
        open. False means the failure is GM Desk's own."""
        from desktop.store import first_damage

        version = int(self.campaign.read("PRAGMA data_version")[0][0])  # untranslated: SQL
        if self._judged is None or self._judged[0] != version:
            damage = first_damage(self.campaign.path)
            self._judged = (version, damage)
            if damage is not None:
                self.campaign.needs_full_check = True
                self.report_damage(damage)
        return self._judged[1] is not None

    def close(self) -> None:
        self.campaign.unsubscribe(self.changed.emit)
        self.undo_stack.clear()
        self.campaign.close()
