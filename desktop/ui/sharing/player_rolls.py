"""A player's roll from their phone, made on the Qt thread as the GM's own: the same
undo command the Dice Table pushes (`RollTray`), acting as that character's player, so
the store and the rules check it as they check the GM's, and Ctrl+Z takes it back. An
all-ones roll waits on the session, as the Dice Table's does, for the choice made on
the phone or at the GM's table (`choose_from_phone`, `settle_all_ones`)."""

from __future__ import annotations

from desktop.actions.actor import Actor, NotYours
from desktop.actions.all_ones import PendingAllOnes
from desktop.actions.dice import roll_tray
from desktop.actions.player_tray import PickedTray, picked_tray, put_in_tray
from desktop.actions.turns import roll_turn_refusal
from desktop.language import N_
from desktop.rules import dicepool
from desktop.share.messages import ChooseRequest, RollRequest
from desktop.store import CharacterRecord, NotFound, ReadOnlyCampaign
from desktop.ui.dice_commands import MoveTrayDice, RollTray, settle_all_ones
from desktop.ui.session import CampaignSession
from desktop.ui.window_language import tr

# The refusals a phone is told (translated when said).
VIEW_ONLY = N_("Your GM has this page set to view only: ask them to allow rolls.")
GM_ROLLING = N_("The GM has a roll on the table right now; roll again in a moment.")
ANOTHER_CHOOSING = N_(
    "Another player's all-ones roll waits for their choice; try again in a moment."
)
CHOOSE_FIRST = N_("All ones are waiting for your choice: keep one die or lose one first.")


def roll_from_phone(
    session: CampaignSession,
    character_id: int,
    request: RollRequest,
    allowed: bool,
    *,
    asked: bool = False,
) -> str | None:
    """Roll the tray the player of `character_id` picked (`allowed`: the GM lets them
    roll; `asked`: the GM asked them to roll, which lets them roll out of turn when the
    GM has phone rolls in turn order, as a side of the Dice Table's conflict may); None
    when the roll is on the undo stack, else why not, in plain words, with nothing
    written."""
    if not allowed:
        return tr(VIEW_ONLY)
    if session.read_only:
        return tr("The GM's campaign is open read-only: nothing can be rolled.")
    # A side of the conflict the GM set up on the Dice Table is asked to roll by it (its
    # page says who it faces): in turn order, the side whose turn it is not rolls too.
    asked = asked or in_conflict(session, character_id)
    out_of_turn = roll_turn_refusal(session.campaign, character_id, asked)
    if out_of_turn is not None:
        return out_of_turn
    waiting = session.all_ones
    if waiting is not None and waiting.character_id == character_id:
        return tr(CHOOSE_FIRST)
    if not session.undo_stack.isActive():
        # The Dice Table or the Play dock holds undo while a roll made on the dice as
        # they are is still landing or waits for its all-ones choice: nothing may change
        # those dice under it.
        return held_off(session, character_id, tr(GM_ROLLING))
    campaign = session.campaign
    actor = Actor.player(character_id)
    try:
        character = campaign.roster.get(character_id)
        tray = picked_tray(
            campaign,
            actor,
            character_id,
            request.dice,
            request.traits,
            request.steps_of(),
            request.seen,
        )
        if in_conflict(session, character_id):
            return tray_for_conflict(session, character, tray, request)
        roll = roll_tray(tray.dice, tray.steps_allowed, session.rng)
    except (ValueError, NotFound, NotYours, ReadOnlyCampaign) as error:
        return str(error)
    if roll.result.catastrophe:
        # The choice is the player's: the roll waits, as the Dice Table's own does, and
        # the Dice Table follows the character so that the GM sees it waiting too.
        follow(session, character_id)
        session.wait_for_choice(
            PendingAllOnes(character_id, roll, tray.steps_allowed, actor, tuple(tray.dice))
        )
        return None
    command = RollTray(
        session,
        character,
        roll,
        steps_allowed=tray.steps_allowed,
        actor=actor,
        rolled=tray.dice,
    )
    follow(session, character_id)
    if not session.push(command):
        return session.last_failure or tr("GM Desk could not make that roll.")
    if command.done is not None:
        session.rolled_elsewhere.emit(character_id, roll, command.shown_summary())
    return None


def choose_from_phone(
    session: CampaignSession, character_id: int, request: ChooseRequest, allowed: bool
) -> str | None:
    """The all-ones choice the player of `character_id` made on their phone, written as
    the Dice Table writes it (one undo step); None when done, else why not, in plain
    words, with nothing written (not pending, chosen already, a die not rolled)."""
    if not allowed:
        return tr(VIEW_ONLY)
    if session.read_only:
        return tr("The GM's campaign is open read-only: nothing can be chosen.")
    if request.keep is not None:
        choice, die_id = dicepool.Catastrophe.DEPLETE_ALL_BUT_ONE, request.keep
    else:
        assert request.lose is not None  # the model holds exactly one of them
        choice, die_id = dicepool.Catastrophe.LOSE_ONE, request.lose
    try:
        command = settle_all_ones(session, Actor.player(character_id), character_id, choice, die_id)
    except (ValueError, NotFound, NotYours, ReadOnlyCampaign) as error:
        return str(error)
    if command.done is None:
        return session.last_failure or tr("GM Desk could not write that choice.")
    return None


def held_off(session: CampaignSession, character_id: int, gm_rolling: str) -> str:
    """Why a phone's act waits while undo is held: an all-ones roll waiting for its
    choice (this player's own, or another player's), else the GM's roll (`gm_rolling`)
    still landing or waiting at the Dice Table."""
    waiting = session.all_ones
    if waiting is None or waiting.actor.is_gm:
        return gm_rolling
    return tr(CHOOSE_FIRST if waiting.character_id == character_id else ANOTHER_CHOOSING)


def follow(session: CampaignSession, character_id: int) -> None:
    """The GM's window follows the rolling character (the Dice Table shows its dice land),
    unless the Dice Table is setting up a conflict: turning it would drop the conflict."""
    host = session.conflict_host
    if host is None or host.open_sides() is None:
        session.select_character(character_id)


def in_conflict(session: CampaignSession, character_id: int) -> bool:
    """Whether `character_id` is a side of the conflict set up on the Dice Table and
    waiting for its roll."""
    host = session.conflict_host
    sides = host.open_sides() if host is not None else None
    return sides is not None and character_id in sides


def tray_for_conflict(
    session: CampaignSession, character: CharacterRecord, tray: PickedTray, request: RollRequest
) -> str | None:
    """In a conflict, a side's player fills their own tray (one undo step, as the GM's
    tray moves) and the Dice Table rolls both sides once both trays hold dice; the GM
    then applies the outcome there. None when the tray is written."""
    host = session.conflict_host
    assert host is not None
    actor = Actor.player(character.id)
    command = MoveTrayDice(
        session,
        tr("Fill {name}'s tray for the conflict (from their device)").format(name=character.name),
        lambda: put_in_tray(session.campaign, actor, character.id, tray),
    )
    session.push(command)
    if command.done is None:
        return session.last_failure or tr("GM Desk could not fill that tray.")
    host.filled_from_phone(character.id, request.traits)
    return None
