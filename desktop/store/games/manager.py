"""Games at the table: Start game, scenes, rounds, turns, End game; the seating order.
Reached as `campaign.games`.

RULES.md section 2 ("A game", "Play order", "Out of play"). Each change writes the
game's whole play state and returns the game as it was, so an undo command puts that
record back with `put` (and undoes a Start game with `remove`). Every change tells
"games".
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING, Any

from desktop.language import N_
from desktop.rules import dicepool
from desktop.store import checks
from desktop.store.core import Manager, Topic
from desktop.store.errors import NotFound
from desktop.store.games.checks import (
    ACTION_NOT_SEATED,
    CONDITION_NOT_A_CHALLENGE,
    ROUND_MAX,
    check_action,
    check_game,
    check_games,
    check_scene,
)
from desktop.store.games.records import (
    DiceChange,
    DiceWritten,
    GameEnd,
    GameRecord,
    PlayView,
    SceneRecord,
    Seat,
)
from desktop.store.games.rows import game_from_row, state_to_text
from desktop.store.history import parts, sentences
from desktop.store.kit import DieRecord, checked_dice, distinct_ids

if TYPE_CHECKING:
    from sqlmodel import Session

GAME_SQL = "SELECT id, started_at, started_day, ended_at, state FROM game"
# The seating order is remembered per campaign, under this key of its settings JSON.
SEATING_KEY = "seating"
# A game is played by the player characters: with none in the roster there is no one to seat.
NO_PLAYERS = N_("There is no player character to play: add one to the roster first.")


class GameManager(Manager):
    """Games at the table and the players' seating order."""

    # -- reading ----------------------------------------------------------------------------

    def all(self) -> list[GameRecord]:
        """Every game, oldest first."""
        return [game_from_row(row) for row in self._read(f"{GAME_SQL} ORDER BY id")]

    def get(self, game_id: int) -> GameRecord:
        rows = self._read(f"{GAME_SQL} WHERE id = ?", (game_id,))
        if not rows:
            raise NotFound("That game is no longer in the campaign.")
        return game_from_row(rows[0])

    def running(self) -> GameRecord | None:
        """The game at the table now (started, not ended), if any."""
        rows = self._read(f"{GAME_SQL} WHERE ended_at IS NULL ORDER BY id DESC LIMIT 1")
        return game_from_row(rows[0]) if rows else None

    def current(self) -> PlayView:
        """What the table shows of the running game: scene, round, whose turn, and the
        turn order with out-of-play marks (an empty view when no game runs)."""
        game = self.running()
        if game is None:
            return PlayView()
        order, gone = self._order(game)
        turn = next((s.turn for s in order if s.character_id == game.turn_of), None)
        scene = game.scene
        return PlayView(
            game_id=game.id,
            scene_number=len(game.scenes),
            scene_text=scene.text if scene else "",
            round=game.round,
            turn=turn,
            turn_of=game.turn_of if turn is not None else None,
            turn_name=order[turn - 1].name if turn is not None else "",
            order=tuple(order),
            members=scene.members if scene else (),
            condition_id=scene.condition_id if scene else None,
            out_for_good=tuple(gone),
            turns_left=any(
                s.state != dicepool.PlayState.OUT_OF_PLAY
                for s in order[self._after_turn(game, order) :]
            ),
        )

    def position(self) -> tuple[int, int | None, int | None, int | None] | None:
        """(game, scene, round, turn) of the running game, which each roll-log line
        logged during it carries (turn None between turns); None outside a game. A roll
        before the first scene belongs to the game, with no scene, round or turn
        (RULES.md section 5)."""
        view = self.current()
        if view.game_id is None:
            return None
        if not view.scene_number:
            return (view.game_id, None, None, None)
        return (view.game_id, view.scene_number, view.round, view.turn)

    def seating(self) -> list[int]:
        """The player characters in seating order, clockwise from the GM: the order the
        GM set, then any player character not yet placed, in roster order."""
        stored = self._campaign.summary().settings
        saved = stored.get(SEATING_KEY, []) if isinstance(stored, dict) else []
        pcs = [c.id for c in self._campaign.roster.all() if c.kind == "pc"]
        placed = (
            [i for i in saved if isinstance(i, int) and i in pcs] if isinstance(saved, list) else []
        )
        return list(dict.fromkeys(placed)) + [i for i in pcs if i not in placed]

    # -- the seating order -----------------------------------------------------------------

    def set_seating(self, character_ids: Sequence[int]) -> list[int]:
        """Remember the seating order (player characters, clockwise from the GM); returns
        the order as it was, for undo."""
        from desktop.store import writer

        ids = [checks.row_id(i, "A seat's character") for i in character_ids]
        if len(set(ids)) != len(ids):
            raise ValueError("A character can sit in one place only.")
        previous = self.seating()
        pcs = set(previous)
        strangers = [i for i in ids if i not in pcs]
        if strangers:
            raise ValueError("Only player characters take a seat at the table.")
        names = {c.id: c.name for c in self._campaign.roster.all()}
        with self._writing(Topic.GAMES) as session:
            stored = self._campaign.summary().settings
            kept = stored if isinstance(stored, dict) else {}
            writer.set_settings(session, json.dumps({**kept, SEATING_KEY: ids}))
            said = sentences.seating([names[i] for i in ids])
            self._campaign.note(Topic.GAMES, None, said)
        return previous

    # -- a game ------------------------------------------------------------------------------

    def start(self, at: datetime | str | None = None) -> GameRecord:
        """Start a game: record each character's pool size, its ordinary dice in the pool
        and on the table (RULES.md section 2, "A game")."""
        if self.running() is not None:
            raise ValueError("A game is already running: end it before starting another.")
        if not any(c.kind == "pc" for c in self._campaign.roster.all()):
            raise ValueError(NO_PLAYERS)
        counts = self._campaign.kit.dice_counts()
        game = GameRecord(
            id=1,
            started_at=checks.timestamp(datetime.now() if at is None else at),
            started_day=self._campaign.summary().current_day,
            started_with=tuple((cid, pool + table) for cid, (pool, table, _gone) in counts.items()),
        )
        with self._writing(Topic.GAMES) as session:
            made = self._write(session, game, new=True)
            self._campaign.note(Topic.GAMES, made.id, f"Game {made.id} started", parts.GAME_STARTED)
        return made

    def end(self, at: datetime | str | None = None) -> tuple[GameRecord, GameRecord]:
        """End the running game (`finish`); returns (the game as it was, as it ended)."""
        before, ended, _taken = self.finish(at)
        return before, ended

    def finish(self, at: datetime | str | None = None) -> GameEnd:
        """End the running game (RULES.md section 2, "A game"): each character it
        recorded gets the pool size N = `dicepool.pool_size_after_game`, and the surplus
        of its ordinary dice in pool + on the table over N is taken off the table (an
        awarded die boosted that game only), the newest dice first; dice in the pool are
        never taken. One transaction: the ended game's `grown` says who grew, `taken`
        which dice went back, for the summary and the undo."""
        game = self._require_running()
        characters = {c.id for c in self._campaign.roster.all()}
        grown = []
        taken: list[int] = []
        for cid, started in game.started_with:
            if cid not in characters:
                continue  # deleted during the game: nothing left to grow
            dice = self._campaign.kit.dice(cid)
            pool = dicepool.Pool(
                tuple(
                    dicepool.Die(d.id, d.size, dicepool.Kind(d.kind), dicepool.Place(d.place))
                    for d in dice
                )
            )
            after = dicepool.pool_size_after_game(pool, started)
            if after > started:
                grown.append((cid, started, after))
            surplus = len(pool.in_pool) + len(pool.on_table) - after
            table = sorted((d.id for d in pool.on_table), reverse=True)
            taken += table[: max(surplus, 0)]
        ended_at = checks.timestamp(datetime.now() if at is None else at)
        if at is None:
            # The clock may have gone back since the start (a summer time's end, a
            # corrected clock): the game still ends no earlier than it began.
            ended_at = max(ended_at, game.started_at)
        ended = replace(
            game,
            ended_at=ended_at,
            turn_of=None,
            grown=tuple(grown),
        )
        _game, written = self._change(game, ended, DiceChange(delete=tuple(taken)))
        return GameEnd(game, ended, written.deleted)

    def put(self, game: GameRecord, dice: DiceChange | None = None) -> GameRecord | None:
        """Write `game` whole, with its id (an undo or a redo), and the `dice` its step
        changed, in one transaction; returns the game as it was."""
        checked = check_game(game)
        try:
            previous: GameRecord | None = self.get(checked.id)
        except NotFound:
            previous = None
        others = [g for g in self.all() if g.id != checked.id]
        check_games([*others, checked], self._campaign.summary().current_day, kinds=self._kinds())
        change = dice or DiceChange()
        with self._writing(*self._topics(change)) as session:
            self._write_dice(session, change)
            self._write(session, checked, new=previous is None, keep_id=True)
            said = sentences.restored("Game", str(checked.id))
            if previous is not None:
                said = f"Game {checked.id} put back"
                if checked.scenes:
                    said += f": scene {len(checked.scenes)}, round {checked.round}"
            self._campaign.note(Topic.GAMES, checked.id, said)
        return previous

    def remove(self, game_id: int) -> GameRecord:
        """Delete a game (the undo of Start game); returns it for `put`."""
        from desktop.store.models import GameRow

        previous = self.get(game_id)
        logged = self._read(
            "SELECT EXISTS (SELECT 1 FROM roll_log WHERE game_id = ? AND NOT undone)", (game_id,)
        )
        if logged[0][0]:
            # Undo keeps this order: the game's rolls are undone before its start.
            raise ValueError("Rolls were made in this game: undo them before its start.")
        with self._writing(Topic.GAMES) as session:
            row = session.get(GameRow, game_id)
            if row is not None:
                session.delete(row)
            self._campaign.note(Topic.GAMES, game_id, sentences.removed("Game", str(game_id)))
        return previous

    # -- scenes, rounds and turns ------------------------------------------------------------

    def set_scene(
        self,
        text: str,
        members: Sequence[int] = (),
        condition_id: int | None = None,
        *,
        new: bool = True,
    ) -> GameRecord:
        """Set a new scene (round 1, the first player's turn) or, with `new` False,
        update the current one (the GM updates the scene at a round's start). Returns the
        game as it was."""
        game = self._require_running()
        if not isinstance(text, str) or not text.strip():
            raise ValueError("Say what the scene is: its text cannot be empty.")
        scene = check_scene(SceneRecord(text.strip(), tuple(members), condition_id))
        kinds = self._kinds()
        missing = [m for m in scene.members if m not in kinds]
        if missing:
            raise NotFound(f"Character {missing[0]} is no longer in the campaign.")
        if scene.condition_id is not None and kinds[scene.condition_id] != "challenge":
            raise ValueError(CONDITION_NOT_A_CHALLENGE)
        if new or not game.scenes:
            changed = replace(game, scenes=(*game.scenes, scene), round=1, actions=())
            changed = replace(changed, turn_of=self._first(changed))
        else:
            changed = replace(game, scenes=(*game.scenes[:-1], scene))
            order, _gone = self._order(changed)
            if changed.turn_of not in [seat.character_id for seat in order]:
                # Nobody's turn yet, or the player whose turn it was left the scene.
                changed = replace(changed, turn_of=self._first(changed))
        return self._step(game, changed)

    def declare(self, character_id: int, text: str) -> GameRecord:
        """The action a player declares this round (a line of text; empty clears it)."""
        game = self._require_running()
        self._campaign.roster.get(character_id)
        order, _gone = self._order(game)
        if character_id not in [s.character_id for s in order]:
            raise ValueError(ACTION_NOT_SEATED)
        return self._step(game, game.with_action(character_id, check_action(text)))

    def take_turn(self, character_id: int | None) -> GameRecord:
        """Give the turn to a character in the order (the GM's choice), or to nobody."""
        game = self._require_running()
        if character_id is not None:
            order, _gone = self._order(game)
            if character_id not in [s.character_id for s in order]:
                raise ValueError("Only a player in the turn order can take a turn.")
        return self._step(game, replace(game, turn_of=character_id))

    def next_turn(self) -> GameRecord:
        """The next player in seating order takes the turn, out-of-play ones skipped
        (RULES.md section 2, "Out of play"). Returns the game as it was."""
        game = self._require_scene()
        order, _gone = self._order(game)
        following = [
            s
            for s in order[self._after_turn(game, order) :]
            if s.state != dicepool.PlayState.OUT_OF_PLAY
        ]
        if not following:
            raise ValueError(
                "Every player has had a turn this round: End round starts the next one."
            )
        return self._step(game, replace(game, turn_of=following[0].character_id))

    def end_round(self) -> GameRecord:
        """The round is over: the next starts with the first player in play and no
        actions declared ("The order starts again"). Returns the game as it was."""
        return self.end_round_with_award(DiceChange())[0]

    def end_round_with_award(self, award: DiceChange) -> tuple[GameRecord, DiceWritten]:
        """End the round with the GM's award (RULES.md section 2, Awards): the depleted
        die moved onto a player's table (`award.update`) or a new one made there
        (`award.add`), in the same transaction as the round's end, so a refused end
        leaves the die where it was. Returns the game as it was and what the dice were."""
        game = self._require_scene()
        if game.round >= ROUND_MAX:
            raise ValueError("This scene has run its rounds: set a new scene.")
        changed = replace(game, round=game.round + 1, actions=())
        # An award lands on a table, which changes no one's place in the order: the
        # first player is the same with it as without.
        return self._change(game, replace(changed, turn_of=self._first(changed)), award)

    # -- helpers ------------------------------------------------------------------------------

    def _kinds(self) -> dict[int, str]:
        return {c.id: c.kind for c in self._campaign.roster.all()}

    def _require_running(self) -> GameRecord:
        game = self.running()
        if game is None:
            raise ValueError("No game is running: start one first.")
        return game

    def _require_scene(self) -> GameRecord:
        game = self._require_running()
        if not game.scenes:
            raise ValueError("Set the scene first: play starts with the GM setting it.")
        return game

    def _change(
        self, game: GameRecord, changed: GameRecord, dice: DiceChange
    ) -> tuple[GameRecord, DiceWritten]:
        """Write `changed` and `dice` in one transaction; returns `game` (as it was) and
        what the dice were."""
        checked = check_game(changed)
        with self._writing(*self._topics(dice)) as session:
            written = self._write_dice(session, dice)
            self._write(session, checked, new=False)
            said, kind, about = self._step_sentence(game, checked)
            area = Topic.CHARACTERS if kind == parts.DECLARED else Topic.GAMES
            self._campaign.note(area, about, said, kind)
            self._note_dice(game, checked, dice, written)
        return game, written

    def _step_sentence(self, game: GameRecord, changed: GameRecord) -> tuple[str, str, int]:
        """What one step of play did, for the history: its sentence, its kind (see
        `history.parts`) and the record it is about (the game, or the character who
        declared or whose turn it is): the game's end, a scene, a round, a declared
        action or whose turn it is."""
        if changed.ended_at is not None and game.ended_at is None:
            return f"Game {game.id} ended", parts.GAME_ENDED, game.id
        if len(changed.scenes) > len(game.scenes):
            return f"Scene {len(changed.scenes)}: {changed.scenes[-1].text}", parts.SCENE, game.id
        if changed.scenes != game.scenes:
            return f"Scene {len(changed.scenes)} updated: {changed.scenes[-1].text}", "", game.id
        if changed.round != game.round:
            return f"Round {changed.round} of scene {len(changed.scenes)}", parts.ROUND, game.id
        if changed.actions != game.actions:
            for character_id, text in changed.actions:
                if game.action_of(character_id) != text:
                    name = self._campaign.roster.get(character_id).name
                    return f"{name} declares: {text}", parts.DECLARED, character_id
            return "A declared action was taken back", "", game.id
        if changed.turn_of != game.turn_of:
            if changed.turn_of is None:
                return "Nobody's turn", parts.TURN, game.id
            name = self._campaign.roster.get(changed.turn_of).name
            return f"{name}'s turn", parts.TURN, game.id
        return f"Game {game.id} changed", "", game.id

    def _note_dice(
        self, game: GameRecord, changed: GameRecord, dice: DiceChange, written: DiceWritten
    ) -> None:
        """Tell the history who grew at End game, and the GM's awards at a round's end
        (a depleted die moved onto a player's table, or a new one made there)."""
        if not self._campaign.keeps_history:
            return  # its reads of names are the history's cost

        def name(character_id: int) -> str:
            try:
                return self._campaign.roster.get(character_id).name
            except NotFound:
                return "A character"

        if changed.ended_at is not None and game.ended_at is None:
            for character_id, started, now in changed.grown:
                said = f"{name(character_id)} grew: pool {started} -> {now}"
                self._campaign.note(Topic.CHARACTERS, character_id, said, parts.GREW)
            return
        was = {die.id: die for die in written.before}
        table = str(dicepool.Place.TABLE)
        onto_table = [
            die for die in dice.update if die.place == table and was[die.id].place != table
        ]
        for die in [*onto_table, *written.added]:
            said = f"{name(die.character_id)} is awarded a d{die.size} on the table"
            self._campaign.note(Topic.CHARACTERS, die.character_id, said, parts.AWARD)

    def _step(self, game: GameRecord, changed: GameRecord) -> GameRecord:
        """A step that changes the game alone; returns it as it was."""
        return self._change(game, changed, DiceChange())[0]

    @staticmethod
    def _topics(dice: DiceChange) -> tuple[Topic, ...]:
        return (Topic.GAMES, Topic.DICE) if dice else (Topic.GAMES,)

    def _write_dice(self, session: Session, change: DiceChange) -> DiceWritten:
        """`change` inside the game's transaction, each part checked as the kit checks
        its own writes."""
        from desktop.store.kit import writes as kit_writes

        kit = self._campaign.kit
        deleted: list[DieRecord] = []
        if change.delete:
            ids = distinct_ids(change.delete, "die")
            found = kit.dice_by_id(ids)
            deleted = [found[i] for i in ids]
            kit_writes.delete_dice(session, ids)
        if change.insert:
            inserted = checked_dice(change.insert)
            kit.require_characters({die.character_id for die in inserted})
            kit_writes.insert_dice(session, inserted)
        updated = checked_dice(change.update)
        before = kit.write_dice(session, updated) if updated else []
        added: list[DieRecord] = []
        for character_id, size in change.add:
            kit.require_characters({checks.row_id(character_id, "A character's id")})
            added += kit_writes.add_dice(
                session,
                character_id,
                size=checks.die_size(size),
                count=1,
                kind=str(dicepool.Kind.ORDINARY),
                place=str(dicepool.Place.TABLE),
            )
        return DiceWritten(before, deleted, added)

    def _after_turn(self, game: GameRecord, order: Sequence[Seat]) -> int:
        """Where in `order` the players still to have their turn begin: after the one
        whose turn it is. One who left the order on their turn (no die left anywhere)
        keeps their seat for this: the turn goes on to the seat after theirs, not back
        to the first."""
        if game.turn_of is None:
            return 0
        seating = self.seating()
        if game.turn_of not in seating:
            return 0  # no longer a player character: nothing to go on from
        place = seating.index(game.turn_of)
        earlier = set(seating[: place + 1])
        return sum(1 for seat in order if seat.character_id in earlier)

    def _first(self, game: GameRecord) -> int | None:
        order, _gone = self._order(game)
        first = [s for s in order if s.state != dicepool.PlayState.OUT_OF_PLAY]
        return first[0].character_id if first else None

    def _order(self, game: GameRecord) -> tuple[list[Seat], list[tuple[int, str]]]:
        """The turn order: player characters in the scene, in seating order; those out
        for good leave it (their names are returned apart)."""
        characters = {c.id: c for c in self._campaign.roster.all()}
        counts = self._campaign.kit.dice_counts()
        scene = game.scene
        seats = [
            cid for cid in self.seating() if not scene or not scene.members or cid in scene.members
        ]
        order: list[Seat] = []
        gone: list[tuple[int, str]] = []
        for cid in seats:
            state = dicepool.play_state(*counts.get(cid, (0, 0, 0)))
            if state is dicepool.PlayState.OUT_FOR_GOOD:
                gone.append((cid, characters[cid].name))
                continue
            order.append(
                Seat(
                    cid,
                    characters[cid].name,
                    str(state),
                    dicepool.PLAY_STATE_WORDS[state],
                    len(order) + 1,
                    game.action_of(cid),
                )
            )
        return order, gone

    def _write(
        self, session: Session, game: GameRecord, *, new: bool, keep_id: bool = False
    ) -> GameRecord:
        from desktop.store.models import GameRow

        values: dict[str, Any] = {
            "started_at": game.started_at,
            "started_day": game.started_day,
            "ended_at": game.ended_at,
            "state": state_to_text(game),
        }
        if new:
            row = GameRow(id=game.id if keep_id else None, **values)
            session.add(row)
            session.flush()
            assert row.id is not None
            return replace(game, id=row.id)
        stored = session.get(GameRow, game.id)
        if stored is None:
            raise NotFound("That game is no longer in the campaign.")
        for name, value in values.items():
            setattr(stored, name, value)
        return game
