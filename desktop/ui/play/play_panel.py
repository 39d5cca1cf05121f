"""The Play dock: the GM runs the table from here, keyboard first.

Start game, set the scene, then each player in seating order declares one action (N
gives the next player the turn and selects them on the Dice Table); R ends the round,
A ends it with the GM's award of a depleted die; the scene's challenges roll from here,
a party-wide condition against every player at once. Every change is one undo command
(`play_commands.py`); the dock shows what the store says (`campaign.games.current()`),
so a reopened campaign resumes its game.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtGui import QUndoCommand
from PySide6.QtWidgets import QGroupBox, QPushButton, QTabWidget, QVBoxLayout, QWidget

from desktop.actions.actor import Actor
from desktop.actions.play import Award, DepletedDieGiven, NewDieGiven
from desktop.rules import dicepool
from desktop.store import (
    XP_MAX,
    CharacterRecord,
    DieRecord,
    GameRecord,
    NotFound,
    PlayView,
    Topic,
)
from desktop.ui.commands import EditCharacter
from desktop.ui.damaged_note import read_or_tell
from desktop.ui.dice_commands import RollDice
from desktop.ui.form_helpers import CampaignView, follow_changes, vertical_scroll
from desktop.ui.lazy_page import LazyPage
from desktop.ui.plain_text import PlainLabel
from desktop.ui.play.challenge_rolls import ChallengeRolls
from desktop.ui.play.game_bar import GameBar, grown_text
from desktop.ui.play.party_roll import (
    PartyRoll,
    RolledSide,
    Roller,
    against_party,
    challenge_roll,
    last_count,
    roll_side,
)
from desktop.ui.play.round_award import RoundAward, Source
from desktop.ui.play.scene_editor import SceneEditor
from desktop.ui.play.turn_order import TurnOrder
from desktop.ui.play_commands import (
    DeclareAction,
    EndGame,
    EndRoundWithAward,
    GameStep,
    SetSeating,
    StartGame,
)
from desktop.ui.session import CampaignSession
from desktop.ui.table_keys import clicks_keep_focus
from desktop.ui.window_language import tr

if TYPE_CHECKING:
    from desktop.store import Campaign
    from desktop.ui.play.session_xp import SessionXp

TOPICS = frozenset({Topic.GAMES, Topic.CHARACTERS, Topic.DICE, Topic.ROLLS})


def _page(*parts: QWidget) -> QWidget:
    page = QWidget()
    column = QVBoxLayout(page)
    column.setContentsMargins(4, 4, 4, 4)
    for part in parts:
        column.addWidget(part)
    column.addStretch(1)
    return page


def _group(title: str, content: QWidget) -> QGroupBox:
    box = QGroupBox(title)
    layout = QVBoxLayout(box)
    layout.setContentsMargins(6, 6, 6, 6)
    layout.addWidget(content)
    return box


class PlayWidget(CampaignView):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(TOPICS, self.reload, parent)
        self.view = PlayView()
        self._step_view = self.view  # the game as the last key's step left it
        self.game_bar = GameBar()
        # What the last one-key step did (N, R, A pressed anywhere in the window).
        self.last_step = PlainLabel()
        self.last_step.setObjectName("playLastStep")
        self.last_step.setWordWrap(True)
        self.last_step.hide()
        self.scene_editor = SceneEditor()
        self.turn_order = TurnOrder()
        self.round_award = RoundAward()
        self.challenges = ChallengeRolls()
        # What a round needs on one page, the scene (set once a scene) on the other: at
        # 1366 x 768 neither scrolls.
        self.round_page = _page(
            _group(tr("Turns, clockwise from the GM"), self.turn_order),
            _group(tr("End of round: the GM's award"), self.round_award),
            _group(tr("Challenges in the scene"), self.challenges),
        )
        self.scene_page = _page(_group(tr("Scene"), self.scene_editor))
        self.pages = QTabWidget()
        self.pages.setObjectName("playPages")
        self.pages.addTab(self.round_page, tr("Ro&und"))
        self.pages.addTab(self.scene_page, tr("Sc&ene"))
        # Built when End game first offers it: its words are the downtime rules', which a
        # table at play does not otherwise read.
        self.session_xp_page = LazyPage(self._make_session_xp)
        self.session_xp_box = _group(tr("End of session: XP (optional)"), self.session_xp_page)
        self.session_xp_box.hide()  # offered by End game, closed by Apply or Skip
        inner = QWidget()
        column = QVBoxLayout(inner)
        column.setContentsMargins(6, 6, 6, 6)
        column.addWidget(self.game_bar)
        column.addWidget(self.last_step)
        column.addWidget(self.session_xp_box)
        column.addWidget(self.pages, 1)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(vertical_scroll(inner, "playScroll"))
        self.game_bar.start_requested.connect(self.start_game)
        self.game_bar.end_requested.connect(self.end_game)
        self.game_bar.luck_requested.connect(self.request_players_luck)
        self.scene_editor.scene_requested.connect(self.set_scene)
        self.turn_order.next_requested.connect(self.next_turn)
        self.turn_order.end_round_requested.connect(self.end_round)
        self.turn_order.follow_requested.connect(self.follow_turn)
        self.turn_order.declare_requested.connect(self.declare)
        self.turn_order.seating_changed.connect(self.reseat)
        self.turn_order.final_requested.connect(self.record_final)
        self.round_award.award_requested.connect(self.award_and_end_round)
        self.challenges.roll_requested.connect(self.roll_challenge)
        self.challenges.party_requested.connect(self.roll_against_party)
        clicks_keep_focus(self)  # Space after a click on Next turn rolls, never re-clicks
        self.challenges.all_ones_chosen.connect(self.choose_all_ones)
        self._pending_roll: (
            tuple[list[RolledSide], Callable[[list[RolledSide]], PartyRoll], str] | None
        ) = None
        self.set_session(None)

    # -- following the campaign ---------------------------------------------------------------

    def set_session(self, session: CampaignSession | None) -> None:
        if self._pending_roll is not None:
            self._set_aside_roll()
        self._session = follow_changes(self._session, session, self._on_changed)
        self.challenges.outcome.set_session(session)
        self.turn_order.ask_button.set_session(session)
        self.game_bar.show_summary("")
        self.show_step("")
        self.session_xp_box.hide()
        self.reload()

    def show_step(self, text: str) -> None:
        """Say in the dock what a key did to the game as it is now (an empty `text` says
        nothing); said until the game changes otherwise (an undo, the next step)."""
        self._step_view = self.view
        self.last_step.setText(text)
        self.last_step.setVisible(bool(text))

    def reload(self) -> None:
        session = self._session
        if session is None:
            self.view = PlayView()
            for part in (self.game_bar, self.turn_order):
                part.show_view(self.view, False)
            self.scene_editor.show_view(self.view, [], False)
            self.round_award.show_view(self.view, [], {}, False)
            self.challenges.show_view(self.view, [], {}, False)
            return
        campaign = session.campaign
        writable = not session.read_only
        self.view = campaign.games.current()
        characters = campaign.roster.all()
        has_players = any(c.kind == "pc" for c in characters)
        self.game_bar.show_view(self.view, writable, has_players)
        self.turn_order.show_view(self.view, writable)
        self.scene_editor.show_view(self.view, characters, writable)
        others = [c for c in characters if c.kind != "pc"]
        unread: list[DieRecord] = []  # a damaged pool is told, and shown empty
        dice = {
            c.id: read_or_tell(session, partial(campaign.kit.dice, c.id), unread) for c in others
        }
        self.round_award.show_view(self.view, characters, dice, writable)
        self.challenges.show_view(self.view, characters, self._offers(characters), writable)
        if self.view.game_id is not None:
            self.session_xp_box.hide()  # End game undone: the game runs again
        if self.session_xp_page.is_built():
            self.session_xp.set_writable(writable)
        if self.view != self._step_view:
            self.show_step("")  # what the last key did is no longer what is shown

    def _offers(self, characters: list[CharacterRecord]) -> dict[int, int]:
        """Each challenge in the scene: the number of dice it rolled last."""
        assert self._session is not None
        members = set(self.view.members)
        offers = {}
        for character in characters:
            if character.kind != "challenge" or character.id not in members:
                continue
            for line in self._session.campaign.rolls.all(character.id, limit=10):
                count = None if line.undone else last_count(line.detail)
                if count is not None:
                    offers[character.id] = count
                    break
        return offers

    # -- the game -----------------------------------------------------------------------------

    def _push(self, command: QUndoCommand) -> bool:
        assert self._session is not None
        return self._session.push(command)

    def start_game(self) -> None:
        if self._session is not None and self.game_bar.start_button.isEnabled():
            self.game_bar.show_summary("")
            if self._push(StartGame(self._session)):
                self.pages.setCurrentWidget(self.scene_page)
                self.scene_editor.text.setFocus()  # play starts with the GM setting the scene
                self._session.game_started.emit()  # the recap of the game before, if any

    def end_game(self) -> None:
        if self._session is None or not self.game_bar.end_button.isEnabled():
            return
        command = EndGame(self._session)
        if self._push(command) and command.ended is not None:
            names = {c.id: c.name for c in self._session.campaign.roster.all()}
            self.game_bar.show_summary(grown_text(command.ended, names, command.taken))
            self.offer_session_xp(command.ended)

    def request_players_luck(self) -> None:
        if self._session is not None:
            self._session.players_luck_requested.emit()  # the main window's launcher opens it

    # -- end-of-session XP --------------------------------------------------------------------

    @property
    def session_xp(self) -> SessionXp:
        """The end-of-session XP marks (built now if they were not yet)."""
        from desktop.ui.play.session_xp import SessionXp  # loaded with the page it builds

        marks = self.session_xp_page.content()
        assert isinstance(marks, SessionXp)
        return marks

    def _make_session_xp(self) -> SessionXp:
        from desktop.ui.play.session_xp import SessionXp

        marks = SessionXp(XP_MAX)
        marks.apply_requested.connect(self.mark_session_xp)
        marks.skip_requested.connect(self.close_session_xp)
        return marks

    def offer_session_xp(self, ended: GameRecord) -> None:
        """Offer the end-of-session XP of every player character who was in the game."""
        from desktop.ui.play.session_xp import XpOffer

        assert self._session is not None
        campaign = self._session.campaign
        characters = {c.id: c for c in campaign.roster.all()}
        in_game = [cid for cid, _size in ended.started_with]
        offers = [
            XpOffer(cid, characters[cid].name, campaign.downtime.sheet(cid))
            for cid in in_game
            if cid in characters and characters[cid].kind == "pc"
        ]
        self.session_xp.offer(offers)
        self.session_xp.set_writable(not self._session.read_only)
        self.session_xp_box.show()
        self.session_xp.focus_first()

    def mark_session_xp(self, chosen: list[tuple[int, str]]) -> None:
        # The command and the downtime rules it needs load when a game first ends.
        from desktop.ui.session_xp_commands import MarkSessionXp

        session = self._session
        if session is None:
            return
        if self._push(MarkSessionXp(session, chosen)):
            self.close_session_xp()
        else:
            self.session_xp.show_message(session.last_failure or tr("The XP could not be marked."))

    def close_session_xp(self) -> None:
        self.session_xp_box.hide()
        self.game_bar.start_button.setFocus()

    def set_scene(self, text: str, members: list[int], condition: int, new: bool) -> None:
        if self._session is None:
            return
        what = tr("Set the scene") if new else tr("Update the scene")
        command = GameStep(
            self._session,
            what,
            lambda campaign: campaign.games.set_scene(text, members, condition or None, new=new),
        )
        if self._push(command):
            self.follow_turn()
            self.pages.setCurrentWidget(self.round_page)  # the scene set, the round begins
            self.turn_order.seats.setFocus()  # N and R are letters again, not typing
        else:
            self.scene_editor.show_problem(self._session.last_failure or "")

    def declare(self, character_id: int, text: str) -> None:
        if self._session is not None:
            self._push(DeclareAction(self._session, Actor.gm(), character_id, text))

    def next_turn(self) -> None:
        self._turn_step(
            self.turn_order.next_button,
            tr("Next turn"),
            lambda campaign: campaign.games.next_turn(),
        )

    def end_round(self) -> None:
        """End the round with no award (the GM skips it)."""
        self._turn_step(
            self.turn_order.end_round_button,
            tr("End round"),
            lambda campaign: campaign.games.end_round(),
        )

    def _turn_step(
        self, button: QPushButton, text: str, step: Callable[[Campaign], GameRecord]
    ) -> None:
        """Push a step that moves the turn on, if its button allows it now, and follow
        the turn to whoever has it."""
        if self._session is None or not button.isEnabled():
            return
        if self._push(GameStep(self._session, text, step)):
            self.follow_turn()

    def follow_turn(self) -> None:
        """Select the player whose turn it is: the Dice Table follows the selection."""
        if self._session is not None and self.view.turn_of is not None:
            self._session.select_character(self.view.turn_of)

    def reseat(self, shown: list[int]) -> None:
        if self._session is None:
            return
        previous = self._session.campaign.games.seating()
        order = shown + [cid for cid in previous if cid not in shown]
        if not self._push(SetSeating(self._session, order)):
            self.reload()  # the list shows the order the store kept

    def record_final(self, character_id: int, text: str) -> None:
        """The GM records the final condition of a character out for good, in its notes."""
        session = self._session
        if session is None:
            return
        if not text.strip():
            session.report_failure(tr("Say what became of the character: the text is empty."))
            return
        try:
            record = session.campaign.roster.get(character_id)
        except NotFound as error:
            session.report_failure(str(error))
            return
        line = tr("Final condition: {text}").format(text=text.strip())
        notes = f"{record.notes}\n{line}" if record.notes else line
        if self._push(EditCharacter(session, record, "notes", notes)):
            self.turn_order.final_text.clear()

    # -- the GM's award -----------------------------------------------------------------------

    def award_and_end_round(self, source: Source, receiver: int) -> None:
        session = self._session
        if session is None:
            return
        award: Award = (
            NewDieGiven(receiver) if source.die is None else DepletedDieGiven(source.die, receiver)
        )
        label = source.label if source.die is not None else None
        if self._push(EndRoundWithAward(session, award, label)):
            self.follow_turn()

    # -- challenges ---------------------------------------------------------------------------

    def _roller(self, character_id: int, count: int) -> Roller:
        assert self._session is not None
        campaign = self._session.campaign
        return Roller(campaign.roster.get(character_id), campaign.kit.dice(character_id), count)

    def roll_challenge(self, challenge_id: int, count: int) -> None:
        self._challenge_roll(
            lambda rng: [roll_side(self._roller(challenge_id, count), rng)],
            lambda sides: challenge_roll(sides[0]),
            tr("Roll for {name}"),
        )

    def roll_against_party(self, condition_id: int, count: int, each: int) -> None:
        def roll(rng: random.Random) -> list[RolledSide]:
            party = [
                self._roller(seat.character_id, each)
                for seat in self.view.order
                if seat.state == "in_play"
            ]
            if not party:
                raise ValueError(tr("No character in the scene can roll against the condition."))
            condition = roll_side(self._roller(condition_id, count), rng)
            return [condition, *(roll_side(roller, rng) for roller in party)]

        self._challenge_roll(
            roll, lambda sides: against_party(sides[0], sides[1:]), tr("{name} against the party")
        )

    def _challenge_roll(
        self,
        roll: Callable[[random.Random], list[RolledSide]],
        settle: Callable[[list[RolledSide]], PartyRoll],
        text: str,
    ) -> None:
        """`roll` with the session's dice; every all-ones roll among them waits for the
        player's choice (`_ask_all_ones`); then `settle` is pushed as one undo step named
        by `text` (the roller's name in its `{name}`). A refusal shows beside the
        challenges."""
        session = self._session
        if session is None:
            return
        if session.all_ones is not None:
            # A roll made on the dice as they are waits for its all-ones choice (at the
            # Dice Table or on a player's phone): no other roll may move them first.
            self.challenges.outcome.say(
                tr("An all-ones roll waits for its choice on the Dice Table: make it first.")
            )
            return
        try:
            sides = roll(session.rng)
        except (ValueError, NotFound) as error:
            self.challenges.outcome.say(str(error))
            return
        self._pending_roll = (sides, settle, text)
        self._ask_all_ones()

    def _ask_all_ones(self) -> None:
        """Offer the next all-ones choice of the pending roll, or apply it when none is
        left to make."""
        session = self._session
        if session is None or self._pending_roll is None:
            return
        sides, settle, text = self._pending_roll
        waiting = next((side for side in sides if side.waiting), None)
        if waiting is not None:
            # The roll was made on the dice as they are: undo waits for the choice.
            session.undo_stack.setActive(False)
            self.challenges.outcome.say(
                tr("All ones for {name}: the player chooses below.").format(name=waiting.name)
            )
            self.challenges.all_ones.offer(waiting.roll, waiting.name)
            self.challenges.all_ones.show()
            self.challenges.all_ones.keep_button.setFocus()
            return
        self._set_aside_roll()
        try:
            rolled = settle(sides)
        except (ValueError, NotFound) as error:
            self.challenges.outcome.say(str(error))
            return
        text = text.format(name=rolled.entry.character_name)
        if self._push(RollDice(session, text, rolled.changed, rolled.entry)):
            self.challenges.outcome.show(rolled.shown)  # the log keeps it in English

    def choose_all_ones(self, choice: dicepool.Catastrophe, chosen: int | None) -> None:
        """The player's all-ones choice for the side the Play dock asked about."""
        if self._pending_roll is None:
            return
        waiting = next((side for side in self._pending_roll[0] if side.waiting), None)
        if waiting is not None:
            waiting.choice, waiting.chosen = choice, chosen
        self._ask_all_ones()

    def _set_aside_roll(self) -> None:
        """No roll waits for a choice any more (made, or the campaign changed under it)."""
        self._pending_roll = None
        self.challenges.hide_all_ones()
        if self._session is not None:
            self._session.undo_stack.setActive(True)
