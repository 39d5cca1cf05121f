"""Undo commands of the dice pool: moves, steps, rolls, awards, added and removed dice.

Every one writes through the store; a roll writes its dice and its log entry in one
transaction, and undoing it puts the dice back and marks the entry undone (the log
never forgets a roll).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QUndoCommand

from desktop.actions.actor import Actor
from desktop.actions.all_ones import check_choice
from desktop.actions.pool import DiceMoved, give_depleted_die, given_die
from desktop.actions.roll_words import by_player_words, describe_roll
from desktop.actions.tray import RollDone, RollEntry, apply_tray_roll, record_roll
from desktop.rules import dicepool
from desktop.store import CharacterRecord, DieRecord, NotFound
from desktop.ui.commands import StoreCommand
from desktop.ui.merge_ids import MergeId
from desktop.ui.session import CampaignSession
from desktop.ui.window_language import ntr, tr, window_translator


class DiceAction(StoreCommand):
    """Dice moved by an action of `actions.pool` or `actions.tray_moves` (`act`, run on
    the first redo): undo writes them back as they were, redo as the action left them.
    An action that moved no die leaves no step."""

    def __init__(self, session: CampaignSession, text: str, act: Callable[[], DiceMoved]) -> None:
        super().__init__(session, text)
        self._act = act
        self.done: DiceMoved | None = None

    def apply(self) -> None:
        if self.done is None:
            self.done = self._act()
            if not self.done.after:
                self.setObsolete(True)
        else:
            self.session.campaign.kit.update_dice(self.done.after)

    def revert(self) -> None:
        assert self.done is not None
        self.session.campaign.kit.update_dice(self.done.before)


class MoveTrayDice(DiceAction):
    """Dice put into or taken out of the tray. The moves that fill a tray before a roll
    are one undo step: one Ctrl+Z empties the tray as it was filled. A roll (or any
    other command) on the stack in between ends the merging."""

    def id(self) -> int:
        return int(MergeId.TRAY_MOVES)

    def _owners(self) -> set[int]:
        return {die.character_id for die in self.done.after} if self.done else set()

    def merge(self, other: QUndoCommand) -> bool:
        # Only one character's tray: filling two trays (a conflict) stays two steps.
        if not isinstance(other, MoveTrayDice) or other._owners() != self._owners():
            return False
        if self.done is None or other.done is None:
            return False
        # Undo goes back to each die's state before the first move; redo to the last.
        old = {die.id: die for die in other.done.before} | {d.id: d for d in self.done.before}
        new = {die.id: die for die in self.done.after} | {d.id: d for d in other.done.after}
        self.done = DiceMoved(list(old.values()), list(new.values()))
        count = sum(1 for die in new.values() if die.in_tray)
        if count:
            text = ntr("Fill the tray ({count} die)", "Fill the tray ({count} dice)", count)
            self.setText(text.format(count=count))
        else:
            self.setText(tr("Empty the tray by hand"))
        return True


class AddDice(StoreCommand):
    def __init__(
        self,
        session: CampaignSession,
        character_id: int,
        size: int,
        count: int = 1,
        place: str = "pool",
        text: str | None = None,
        kind: str = "ordinary",
    ) -> None:
        super().__init__(session, text or tr("Add {count}d{size}").format(count=count, size=size))
        self._args = (character_id, size, count, place, kind)
        self._added: list[DieRecord] | None = None

    def apply(self) -> None:
        if self._added is None:
            character_id, size, count, place, kind = self._args
            self._added = self.session.campaign.kit.add_dice(
                character_id, size=size, count=count, place=place, kind=kind
            )
        else:
            self.session.campaign.kit.restore_dice(self._added)

    def revert(self) -> None:
        assert self._added is not None
        self.session.campaign.kit.remove_dice([die.id for die in self._added])


class RemoveDice(StoreCommand):
    def __init__(self, session: CampaignSession, dice: list[DieRecord], text: str) -> None:
        super().__init__(session, text)
        self._ids = [die.id for die in dice]
        self._removed: list[DieRecord] = []

    def apply(self) -> None:
        self._removed = self.session.campaign.kit.remove_dice(self._ids)

    def revert(self) -> None:
        self.session.campaign.kit.restore_dice(self._removed)


class RollCommand(StoreCommand):
    """A roll written by an action of `desktop.actions` (`roll`, run on the first redo):
    undo puts the dice back and marks its log line undone; redo marks it again."""

    def __init__(self, session: CampaignSession, text: str, roll: Callable[[], RollDone]) -> None:
        super().__init__(session, text)
        self._roll = roll
        self.done: RollDone | None = None

    @property
    def roll_id(self) -> int | None:
        return self.done.roll_id if self.done is not None else None

    def apply(self) -> None:
        if self.done is None:
            self.done = self._roll()
        else:
            self.session.campaign.rolls.mark(self.done.roll_id, undone=False, dice=self.done.after)

    def revert(self) -> None:
        assert self.done is not None
        self.session.campaign.rolls.mark(self.done.roll_id, undone=True, dice=self.done.before)


class RollDice(RollCommand):
    """A roll whose dice and log line are already made: written in one transaction."""

    def __init__(
        self, session: CampaignSession, text: str, changed: list[DieRecord], entry: RollEntry
    ) -> None:
        super().__init__(session, text, lambda: record_roll(session.campaign, changed, entry))


class RollTray(RollCommand):
    """A tray rolled for a character, applied by the rules (`actions.tray`): by the GM
    at the Dice Table, or by `actor`, the character's player, from their phone (with
    `rolled`, the tray they picked there, never written before the roll)."""

    def __init__(
        self,
        session: CampaignSession,
        character: CharacterRecord,
        roll: dicepool.Roll,
        *,
        steps_allowed: int,
        choice: dicepool.Catastrophe | None = None,
        chosen: int | None = None,
        actor: Actor | None = None,
        rolled: list[DieRecord] | None = None,
    ) -> None:
        who = actor or Actor.gm()
        self._words = (character.name, roll, choice, who.is_gm)
        if who.is_gm:
            text = tr("Roll for {name}").format(name=character.name)
        else:
            text = tr("Roll for {name} (from their device)").format(name=character.name)
        super().__init__(
            session,
            text,
            lambda: apply_tray_roll(
                session.campaign,
                who,
                character.id,
                roll,
                steps_allowed=steps_allowed,
                choice=choice,
                chosen=chosen,
                rolled=rolled,
            ),
        )

    def shown_summary(self) -> str:
        """The roll's summary in the window's language (the log keeps it in English)."""
        name, roll, choice, by_gm = self._words
        words = window_translator()
        text = describe_roll(name, roll, choice, words)
        return text if by_gm else f"{text} {by_player_words(words)}"


def award_depleted(
    session: CampaignSession,
    die_id: int,
    from_character: int,
    to_character: int,
    actor: Actor | None = None,
) -> bool:
    """A depleted die given from one character to another lands on the receiver's table
    (`actions.pool.give_depleted_die`), by the GM or (`actor`) the giver's player from
    their phone; a refusal is said before anything is pushed."""
    who_gives = actor or Actor.gm()
    campaign = session.campaign
    try:
        giver = campaign.kit.dice(from_character)
        receiver = campaign.kit.dice(to_character)
        given = given_die(giver, receiver, die_id, to_character)
        who = campaign.roster.get(to_character).name
    except (ValueError, NotFound) as error:
        session.report_failure(str(error))
        return False
    if who_gives.is_gm:
        text = tr("Award a depleted d{size} to {name}")
    else:
        text = tr("Award a depleted d{size} to {name} (from the giver's device)")
    return session.push(
        DiceAction(
            session,
            text.format(size=given.size, name=who),
            lambda: give_depleted_die(campaign, who_gives, die_id, from_character, to_character),
        )
    )


def settle_all_ones(
    session: CampaignSession,
    chooser: Actor,
    character_id: int,
    choice: dicepool.Catastrophe,
    die_id: int,
) -> RollTray:
    """Make the all-ones choice of the roll waiting on `session` for `character_id`:
    `chooser` (the GM, or that character's player) keeps or loses `die_id`. The roll is
    written as the one who rolled it made it, one undo step: the command pushed (its
    `done` None when the rules or the store refused it, said by `session`), or
    ValueError/NotYours/NotFound in plain words, nothing written, when no such choice
    waits. The first choice wins; a second hears "already chosen"."""
    pending = check_choice(
        session.all_ones, chooser, character_id, die_id, session.settled_dice(character_id)
    )
    character = session.campaign.roster.get(character_id)
    command = RollTray(
        session,
        character,
        pending.roll,
        steps_allowed=pending.steps_allowed,
        choice=choice,
        chosen=die_id,
        actor=pending.actor,
        rolled=None if pending.rolled is None else list(pending.rolled),
    )
    # As at the Dice Table: the roll stops waiting before it is written (undo free for
    # the push); a refusal by the rules or the store drops it, said to the GM.
    session.end_choice(chosen=True)
    session.push(command)
    return command
