"""The Energy System dice pool.

Source: ``rules/energy-system-dice-pool.txt``; ``RULES.md`` section 2 is the summary
the app follows. Where both are silent, the decision taken here is written next to the
code that takes it (search for "Decision:").

The model is small and immutable so that the store can save it and the undo stack can
keep old versions for free:

* a :class:`Die` has an id, a base size, a kind (ordinary, damage, protection) and a
  place (pool, table, removed);
* a :class:`Pool` is one owner's dice (a character, an NPC or a challenge);
* every rule is a pure function that takes a pool and returns a new one.

Randomness enters only through a ``random.Random`` passed in, or through faces passed
in, so every rule can be tested with fixed faces. Every public function validates its
inputs and raises ``ValueError`` with a message a GM can read.
"""

import random
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from operator import attrgetter
from typing import Final, TypeVar, cast

from desktop.rules.numbers import whole_number

__all__ = [
    "DEFAULT_POOL_DICE",
    "DEFAULT_SIZE",
    "LOOSE_KINDS",
    "PLAY_STATE_WORDS",
    "PRESETS",
    "SIZES",
    "Catastrophe",
    "ConflictOutcome",
    "Die",
    "Item",
    "ItemKind",
    "Kind",
    "NewCharacter",
    "Place",
    "PlayState",
    "Pool",
    "Preset",
    "Roll",
    "RollResult",
    "Rolled",
    "Trait",
    "TrayDie",
    "against_party",
    "apply_roll",
    "award_depleted",
    "award_new_die",
    "challenge_pool",
    "check_damage",
    "check_kind",
    "check_place",
    "check_reach",
    "check_size",
    "check_starting_dice",
    "check_tray_choice",
    "conflict_damage",
    "conflict_winner",
    "create_character",
    "creation_cost",
    "item_die_depletes",
    "item_die_kind",
    "make_pool",
    "play_state",
    "pool_play_state",
    "pool_size_after_game",
    "preset",
    "quick_pick",
    "resolve_roll",
    "rest",
    "restore",
    "roll_faces",
    "roll_item_die",
    "roll_tray",
    "roll_with_faces",
    "settle_conflict",
    "step_size",
    "suggested_die",
    "take_damage",
    "tray_sizes",
    "use_item_die",
]

# --------------------------------------------------------------------------- constants

# The dice steps, smallest first: "Four sided (d4) ... Twenty sided (d20)".
SIZES: Final[tuple[int, ...]] = (4, 6, 8, 10, 12, 20)

# "All dice in the dice pool are six sided die (d6) to start out."
DEFAULT_SIZE: Final = 6

# "The recommended starting number is ten (10) die for player characters".
DEFAULT_POOL_DICE: Final = 10

# "Rolling one four sided die (1d4) cannot deplete a die": d4 ones count in pairs.
_D4: Final = 4
_D4_ONES_PER_DEPLETION: Final = 2

# "For every ten points the winner's higher roll is than the opponent's, one additional
# die is removed."
_POINTS_PER_EXTRA_DIE: Final = 10

# "A character can return a depleted die to their pool if they rest for two hours."
_HOURS_PER_DEPLETED_DIE: Final = 2
# "... they can recoup a die that has been removed due to damage for every day of rest".
_HOURS_PER_REMOVED_DIE: Final = 24

# "In character generation, the character gets three constrained traits per die spent."
_CONSTRAINED_TRAITS_PER_DIE: Final = 3


class Kind(StrEnum):
    """What a die is for; the colour the table draws it in is a UI matter."""

    ORDINARY = "ordinary"  # the character's energy (ivory)
    DAMAGE = "damage"  # a weapon's damage die (red)
    PROTECTION = "protection"  # an armour's protection die (blue)


class Place(StrEnum):
    """Where a die is: in the pool, depleted on the table, or removed by damage."""

    POOL = "pool"
    TABLE = "table"
    REMOVED = "removed"


class Catastrophe(StrEnum):
    """The two choices after an all-ones tuple ("something catastrophic has happened")."""

    # "deplete all the dice but one (they get to return that one die to play because of
    # the tuple)"
    DEPLETE_ALL_BUT_ONE = "deplete_all_but_one"
    # "or they can remove one die from play, effectively taking damage"
    LOSE_ONE = "lose_one"


# --------------------------------------------------------------------------- validation

_E = TypeVar("_E", bound=StrEnum)
_T = TypeVar("_T")
_Who = TypeVar("_Who", bound=Hashable)  # how a caller tells characters apart


def _whole(value: object, what: str, minimum: int | None = 0) -> int:
    """Return ``value`` if it is a whole number (not a bool) at least ``minimum``."""
    return whole_number(value, what, minimum)


def _size(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value not in SIZES:
        allowed = ", ".join(str(s) for s in SIZES)
        raise ValueError(f"Die size must be one of {allowed}, not {value!r}.")
    return value


def _face(size: int, face: object) -> int:
    if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= size:
        raise ValueError(f"A d{size} cannot show {face!r}.")
    return face


def _enum(enum: type[_E], value: object, what: str) -> _E:
    if isinstance(value, enum):
        return value
    if isinstance(value, str):
        try:
            return enum(value)
        except ValueError:
            pass
    allowed = ", ".join(member.value for member in enum)
    raise ValueError(f"{what} must be one of {allowed}, not {value!r}.")


def _items(value: object, what: str) -> tuple[object, ...]:
    """``value`` as a tuple, refusing a lone number or a string passed by mistake."""
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise ValueError(f"{what} must be a list, not {value!r}.")
    return tuple(value)


def _each(items: tuple[object, ...], kind: type[_T], refusal: str) -> tuple[_T, ...]:
    """`items` when each is a `kind`; else ValueError, `refusal` naming the first that is not."""
    checked: list[_T] = []
    for item in items:
        if not isinstance(item, kind):
            raise ValueError(refusal.format(item))
        checked.append(item)
    return tuple(checked)


def _name(value: object, what: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{what} needs a name.")
    return value.strip()


# --------------------------------------------------------------------------- dice and pools


@dataclass(frozen=True)
class Die:
    """One die: ``size`` is its base size, the size it has outside any roll."""

    id: int
    size: int = DEFAULT_SIZE
    kind: Kind = Kind.ORDINARY
    place: Place = Place.POOL

    def __post_init__(self) -> None:
        _whole(self.id, "A die's id", minimum=1)
        _size(self.size)
        # Accept the plain strings the store keeps, and hold the enum from then on.
        object.__setattr__(self, "kind", _enum(Kind, self.kind, "A die's kind"))
        object.__setattr__(self, "place", _enum(Place, self.place, "A die's place"))


@dataclass(frozen=True)
class Pool:
    """One owner's dice, in a stable order (the order the store and the table show)."""

    dice: tuple[Die, ...] = ()

    def __post_init__(self) -> None:
        dice = _each(_items(self.dice, "A pool's dice"), Die, "A pool holds dice, not {!r}.")
        ids = [die.id for die in dice]
        if len(set(ids)) != len(ids):
            raise ValueError("Each die in a pool needs its own id.")
        object.__setattr__(self, "dice", dice)

    def get(self, die_id: int) -> Die:
        """The die with this id, or ValueError naming it."""
        _whole(die_id, "A die's id")
        for die in self.dice:
            if die.id == die_id:
                return die
        raise ValueError("That die is not among these dice.")

    def where(self, place: Place | str, kind: Kind | str = Kind.ORDINARY) -> tuple[Die, ...]:
        """The dice of one kind in one place, in pool order."""
        place = _enum(Place, place, "A place")
        kind = _enum(Kind, kind, "A kind")
        return tuple(d for d in self.dice if d.place is place and d.kind is kind)

    @property
    def in_pool(self) -> tuple[Die, ...]:
        """Ordinary dice that can be rolled."""
        return self.where(Place.POOL)

    @property
    def on_table(self) -> tuple[Die, ...]:
        """Ordinary depleted dice: each adds 1 to every roll of the owner."""
        return self.where(Place.TABLE)

    @property
    def removed(self) -> tuple[Die, ...]:
        """Ordinary dice lost to damage."""
        return self.where(Place.REMOVED)

    @property
    def table_count(self) -> int:
        """What the table adds to every roll.

        Decision: only ordinary dice count. A depleted damage or protection die is a
        used-up use of its item, not the owner's energy, so it adds nothing.
        """
        return len(self.on_table)

    @property
    def spent(self) -> bool:
        """Nothing left to roll: "Once a player has all their dice depleted, they are out
        of play." Decision: this is out of play for now; rest or an award brings the
        character back, so it is kept apart from :attr:`out_of_play`.
        """
        return not self.in_pool

    @property
    def out_of_play(self) -> bool:
        """No dice in pool or table: "they are permanently out of play"."""
        return not self.in_pool and not self.on_table

    def _with(self, changed: Mapping[int, Die]) -> "Pool":
        return Pool(tuple(changed.get(d.id, d) for d in self.dice))

    def _moved(self, ids: Iterable[int], place: Place) -> "Pool":
        return self._with({i: replace(self.get(i), place=place) for i in ids})


class PlayState(StrEnum):
    """Whether a character can still act, by where its ordinary dice are."""

    IN_PLAY = "in_play"
    OUT_OF_PLAY = "out_of_play"  # no die in the pool: back with a rest, an award, a restore
    OUT_FOR_GOOD = "out_for_good"  # no die in the pool or on the table
    NO_POOL = "no_pool"  # a new character whose pool is not made yet


# "Roster, Dice Table, sheets and the player display show both states in words, not
# only by colour" (RULES.md section 2, Out of play).
PLAY_STATE_WORDS: dict[PlayState, str] = {
    PlayState.IN_PLAY: "in play",
    PlayState.OUT_OF_PLAY: "out of play (no die in the pool)",
    PlayState.OUT_FOR_GOOD: "out for good (no die left)",
    PlayState.NO_POOL: "no pool yet",
}


def play_state(in_pool: int, on_table: int, removed: int = 0) -> PlayState:
    """In play, out of play (no die in the pool: all depleted or removed) or out for good
    (no die in the pool or on the table); a character with no dice at all has no pool yet."""
    in_pool = _whole(in_pool, "Dice in the pool")
    on_table = _whole(on_table, "Dice on the table")
    removed = _whole(removed, "Dice removed")
    if in_pool:
        return PlayState.IN_PLAY
    if on_table:
        return PlayState.OUT_OF_PLAY
    return PlayState.OUT_FOR_GOOD if removed else PlayState.NO_POOL


def pool_play_state(pool: Pool) -> PlayState:
    """:func:`play_state` of a pool's ordinary dice."""
    return play_state(len(pool.in_pool), len(pool.on_table), len(pool.removed))


def make_pool(count: int, first_id: int = 1, size: int = DEFAULT_SIZE) -> Pool:
    """A fresh pool of ``count`` ordinary dice of one base size, ids from ``first_id``."""
    _whole(count, "The number of dice")
    _whole(first_id, "The first die id", minimum=1)
    _size(size)
    return Pool(tuple(Die(first_id + n, size) for n in range(count)))


def _ordinary_at(pool: Pool, die_id: int, place: Place) -> Die:
    die = pool.get(die_id)
    if die.kind is not Kind.ORDINARY:
        raise ValueError(f"{_the(die)} is a {die.kind.value} die, not an ordinary one.")
    if die.place is not place:
        raise ValueError(f"{_the(die)} is not {_at(place)}; it is {_at(die.place)}.")
    return die


def _the(die: Die) -> str:
    """A die as the GM sees it, by its size (its id is the store's, never shown)."""
    return f"The d{die.size}"


def _at(place: Place) -> str:
    return {Place.POOL: "in the pool", Place.TABLE: "on the table", Place.REMOVED: "removed"}[place]


# --------------------------------------------------------------------------- steps


def step_size(size: int, steps: int) -> int:
    """The size ``steps`` trait steps above ``size`` on the ladder d4 < d6 < ... < d20.

    Decision: a step beyond d20 is refused rather than silently wasted, so the player
    can spend it on another die ("Normally twenty sided dice are the limit").
    """
    _size(size)
    _whole(steps, "The number of steps")
    index = SIZES.index(size) + steps
    if index >= len(SIZES):
        room = len(SIZES) - 1 - SIZES.index(size)
        if room == 0:
            raise ValueError(f"A d{size} cannot be stepped up: d{SIZES[-1]} is the limit.")
        raise ValueError(
            f"A d{size} can go up {room} step{'s' if room > 1 else ''} "
            f"(to d{SIZES[-1]}), not {steps}."
        )
    return SIZES[index]


@dataclass(frozen=True)
class TrayDie:
    """A pool die chosen for a roll, with the changes made to it for this roll only."""

    die_id: int
    steps: int = 0  # trait steps spent on this die
    down_to_d4: bool = False  # "the player may volunteer to reduce the die type to a d4"

    def __post_init__(self) -> None:
        _whole(self.die_id, "A die's id", minimum=1)
        _tray_choice(self.steps, self.down_to_d4)


def _tray_choice(steps: object, down_to_d4: object) -> None:
    _whole(steps, "The number of steps")
    if not isinstance(down_to_d4, bool):
        raise ValueError("Stepping down to d4 is a yes or no choice.")
    # Decision: stepping a die down and spending trait steps on it cancel out and
    # would waste steps, so the two are not combined on one die.
    if down_to_d4 and steps:
        raise ValueError("A die stepped down to d4 cannot also take trait steps.")


def tray_sizes(pool: Pool, tray: Sequence[TrayDie], steps_allowed: int = 0) -> tuple[int, ...]:
    """The sizes the tray dice are rolled at.

    ``steps_allowed`` is the value of the trait (or the sum of the traits the GM allows)
    for this roll: "a trait with a value of two (2) can increase two dice steps". Steps
    may be left unspent.
    """
    _whole(steps_allowed, "The trait steps allowed")
    tray = _each(_items(tray, "The tray"), TrayDie, "A tray holds chosen dice, not {!r}.")
    ids = [chosen.die_id for chosen in tray]
    if len(set(ids)) != len(ids):
        raise ValueError("A die can be put in the tray only once.")
    spent = sum(chosen.steps for chosen in tray)
    if spent > steps_allowed:
        raise ValueError(f"The tray spends {spent} trait steps but only {steps_allowed} allowed.")
    return tuple(_tray_size(pool, chosen) for chosen in tray)


def _tray_size(pool: Pool, chosen: TrayDie) -> int:
    die = _ordinary_at(pool, chosen.die_id, Place.POOL)
    return rolled_size(die.size, chosen.steps, chosen.down_to_d4)


def rolled_size(size: int, steps: int = 0, down_to_d4: bool = False) -> int:
    """The size a tray die rolls as: stepped down to d4, or ``steps`` trait steps up."""
    _size(size)
    _tray_choice(steps, down_to_d4)
    if down_to_d4:
        return _D4
    return step_size(size, steps)


def trait_steps(values: Sequence[int]) -> int:
    """The steps one side may spend on a roll: the sum of *its own* ticked traits' values.

    "A trait with a value of two (2) can increase two dice steps"; in a conflict each side
    steps only with its own traits (RULES.md section 2, Conflict).
    """
    return sum(_whole(value, "A trait's value") for value in _items(values, "The traits"))


# --------------------------------------------------------------------------- a roll


@dataclass(frozen=True)
class RollResult:
    """What a roll means under the rules (contract).

    ``depleted`` holds indices into the rolled dice. On an all-ones tuple
    (``catastrophe``) it still reports what plain depletion would do; the player's
    choice (:class:`Catastrophe`) replaces it when the roll is applied.
    """

    total: int
    depleted: tuple[int, ...]
    is_tuple: bool
    catastrophe: bool
    table: int = 0  # the table's share of the total: 1 for each depleted die there


def quick_pick(pool: Pool, count: int) -> tuple[int, ...]:
    """The ids of ``count`` pool dice for a quick roll: the smallest sizes first (the
    steps of `SIZES`), the first of equals, so the larger dice stay for later rolls.

    ValueError with a plain message when the pool holds fewer dice than asked.
    """
    count = _whole(count, "The number of dice to roll", minimum=1)
    ready = pool.in_pool
    if count > len(ready):
        held = (
            "no dice" if not ready else f"only {len(ready)} {'die' if len(ready) == 1 else 'dice'}"
        )
        raise ValueError(f"The pool holds {held}: {count} cannot be rolled.")
    by_size = sorted(ready, key=lambda die: SIZES.index(die.size))
    return tuple(die.id for die in by_size[:count])


def resolve_roll(sizes: Sequence[int], faces: Sequence[int], table: int = 0) -> RollResult:
    """Total, depletions and tuple of a roll of ``sizes`` showing ``faces``.

    ``table`` is the number of the roller's depleted dice: each adds exactly 1.
    Decision: a roll of no dice is allowed (it totals the table alone); the rules say
    "any number" and a side with nothing to roll still has its table in a conflict.
    """
    sizes = tuple(_size(s) for s in _items(sizes, "The dice rolled"))
    given = _items(faces, "The faces")
    if len(given) != len(sizes):
        raise ValueError(f"{len(sizes)} dice were rolled but {len(given)} faces were given.")
    faces = tuple(_face(size, face) for size, face in zip(sizes, given, strict=True))
    _whole(table, "The number of depleted dice on the table")
    is_tuple = len(faces) >= 2 and len(set(faces)) == 1
    return RollResult(
        total=sum(faces) + table,
        depleted=_depleted(sizes, faces),
        is_tuple=is_tuple,
        catastrophe=is_tuple and faces[0] == 1,
        table=table,
    )


def _depleted(sizes: Sequence[int], faces: Sequence[int]) -> tuple[int, ...]:
    """Every non-d4 one depletes; d4 ones deplete one die per pair.

    Decision: of each pair of d4 ones, the first rolled is the one that depletes; the
    rules say only "one die is depleted", and a fixed choice keeps rolls reproducible.
    """
    depleted: list[int] = []
    d4_ones: list[int] = []
    for index, (size, face) in enumerate(zip(sizes, faces, strict=True)):
        if face != 1:
            continue
        if size == _D4:
            d4_ones.append(index)
        else:
            depleted.append(index)
    depleted.extend(d4_ones[0 : len(d4_ones) - 1 : _D4_ONES_PER_DEPLETION])
    return tuple(sorted(depleted))


@dataclass(frozen=True)
class Roll:
    """A roll of pool dice: which dice, at which sizes, what they showed, what it means."""

    tray: tuple[TrayDie, ...]
    sizes: tuple[int, ...]
    faces: tuple[int, ...]
    result: RollResult

    @property
    def die_ids(self) -> tuple[int, ...]:
        return tuple(chosen.die_id for chosen in self.tray)

    @property
    def depleted_ids(self) -> tuple[int, ...]:
        return tuple(self.tray[i].die_id for i in self.result.depleted)


def roll_faces(sizes: Sequence[int], rng: random.Random) -> tuple[int, ...]:
    """One face for each size, from the ``random.Random`` passed in."""
    if not isinstance(rng, random.Random):
        raise ValueError("Rolling needs a random.Random to roll with.")
    return tuple(rng.randint(1, _size(size)) for size in _items(sizes, "The dice rolled"))


def roll_with_faces(
    pool: Pool, tray: Sequence[TrayDie], faces: Sequence[int], steps_allowed: int = 0
) -> Roll:
    """The roll of ``tray`` from ``pool`` showing ``faces`` (dice rolled at the table)."""
    return _roll(pool, tray, tray_sizes(pool, tray, steps_allowed), faces)


def roll_tray(
    pool: Pool, tray: Sequence[TrayDie], rng: random.Random, steps_allowed: int = 0
) -> Roll:
    """Roll ``tray`` from ``pool`` with the ``random.Random`` passed in."""
    sizes = tray_sizes(pool, tray, steps_allowed)
    return _roll(pool, tray, sizes, roll_faces(sizes, rng))


def _roll(
    pool: Pool, tray: Sequence[TrayDie], sizes: tuple[int, ...], faces: Sequence[int]
) -> Roll:
    result = resolve_roll(sizes, faces, pool.table_count)  # validates the faces
    return Roll(tuple(tray), sizes, tuple(faces), result)


def apply_roll(
    pool: Pool,
    roll: Roll,
    choice: Catastrophe | str | None = None,
    chosen: int | None = None,
    returned: int | None = None,
) -> Pool:
    """The pool after ``roll``: depleted dice to the table, a tuple's return, or the
    catastrophe ``choice``.

    Depleted dice go to the table as their base size (a stepped d8 lands as the d6 it
    is), because a :class:`Die` only ever records its base size.

    ``chosen`` is the rolled die kept in the pool (choice a) or removed (choice b);
    ``returned`` is the table die a tuple brings back. Both default to the first one.
    """
    if not isinstance(roll, Roll):
        raise ValueError(f"Only a roll can be applied, not {roll!r}.")
    for die_id in roll.die_ids:
        _ordinary_at(pool, die_id, Place.POOL)  # the pool must still match the roll
    if roll.result.catastrophe:
        if returned is not None:
            raise ValueError("All ones returns no depleted die: the tuple keeps one die.")
        if choice is None:
            raise ValueError(
                "All ones: choose to deplete all the dice but one, or to lose one die."
            )
        return _catastrophe(pool, roll, _enum(Catastrophe, choice, "The choice"), chosen)
    if choice is not None or chosen is not None:
        raise ValueError("Only an all-ones tuple asks for a choice.")
    after = pool._moved(roll.depleted_ids, Place.TABLE)
    if roll.result.is_tuple:
        # A tuple that is not all ones depletes nothing, so the die returned is one
        # that was on the table before the roll.
        after = _return_from_table(after, returned)
    elif returned is not None:
        raise ValueError("Only a tuple returns a depleted die.")
    return after


def suggested_die(roll: Roll, choice: Catastrophe | str) -> int:
    """The die the app suggests for an all-ones choice: the largest rolled die to keep in
    the pool (a), the smallest to remove (b); the first of equals. The player picks."""
    if not isinstance(roll, Roll) or not roll.die_ids:
        raise ValueError(f"Only a roll with dice has a die to choose, not {roll!r}.")
    choice = _enum(Catastrophe, choice, "The choice")
    order = range(len(roll.die_ids))
    if choice is Catastrophe.DEPLETE_ALL_BUT_ONE:
        best = max(order, key=lambda i: (roll.sizes[i], -i))
    else:
        best = min(order, key=lambda i: (roll.sizes[i], i))
    return roll.die_ids[best]


def _catastrophe(pool: Pool, roll: Roll, choice: Catastrophe, chosen: int | None) -> Pool:
    ids = roll.die_ids
    if chosen is None:
        chosen = ids[0]
    if chosen not in ids:
        raise ValueError(f"Die {chosen!r} was not rolled.")
    if choice is Catastrophe.DEPLETE_ALL_BUT_ONE:
        return pool._moved((i for i in ids if i != chosen), Place.TABLE)
    # The other rolled dice simply stay in the pool: they "return to the pool".
    return pool._moved((chosen,), Place.REMOVED)


def _return_from_table(pool: Pool, returned: int | None) -> Pool:
    table = pool.on_table
    if returned is None:
        # "one of the depleted die can be returned ... (if any is there)"
        return pool._moved([die.id for die in table[:1]], Place.POOL)
    _ordinary_at(pool, returned, Place.TABLE)
    return pool._moved((returned,), Place.POOL)


# --------------------------------------------------------------------------- conflicts


def conflict_damage(winner_total: int, loser_total: int) -> int:
    """Dice the loser of a conflict loses: ``1 + difference // 10``.

    Equal totals do no damage (RULES.md: "equal totals do no damage"), so this returns
    0 for them. A winner's total below the loser's is a mistake and is refused.
    """
    _whole(winner_total, "The winner's total")
    _whole(loser_total, "The loser's total")
    if winner_total < loser_total:
        raise ValueError(
            f"The winner's total ({winner_total}) cannot be below the loser's ({loser_total})."
        )
    difference = winner_total - loser_total
    if difference == 0:
        return 0
    return 1 + difference // _POINTS_PER_EXTRA_DIE


def conflict_winner(first_total: int, second_total: int) -> int | None:
    """0 if the first side wins, 1 if the second does, None on equal totals."""
    _whole(first_total, "The first side's total")
    _whole(second_total, "The second side's total")
    if first_total == second_total:
        return None
    return 0 if first_total > second_total else 1


@dataclass(frozen=True)
class Rolled:
    """A single die rolled on its own, such as a damage or protection die."""

    size: int
    face: int

    def __post_init__(self) -> None:
        _face(_size(self.size), self.face)


@dataclass(frozen=True)
class ConflictOutcome:
    """How a conflict ended: ``winner`` is 0, 1 or None (a tie, no damage)."""

    winner: int | None
    winner_total: int  # with the damage die, if one was rolled
    loser_total: int  # with the protection die, if one was rolled
    dice_lost: int  # by the loser

    @property
    def loser(self) -> int | None:
        return None if self.winner is None else 1 - self.winner


def settle_conflict(
    first_total: int,
    second_total: int,
    damage: Rolled | None = None,
    protection: Rolled | None = None,
) -> ConflictOutcome:
    """Settle a conflict between two rolled totals.

    The higher total wins. Then the winner may add its weapon's ``damage`` die and the
    loser its armour's ``protection`` die ("added to the character's roll after they
    lost the conflict"); if protection closes the gap, no damage.
    Decision: protection can cancel the damage but never turns the loser into a winner.
    """
    winner = conflict_winner(first_total, second_total)
    for extra, what in ((damage, "damage"), (protection, "protection")):
        if extra is not None and not isinstance(extra, Rolled):
            raise ValueError(f"The {what} die must be a rolled die, not {extra!r}.")
    if winner is None:
        if damage is not None or protection is not None:
            raise ValueError("A tie has no winner, so no damage or protection die is rolled.")
        return ConflictOutcome(None, first_total, second_total, 0)
    totals = (first_total, second_total)
    winner_total = totals[winner] + (damage.face if damage else 0)
    loser_total = totals[1 - winner] + (protection.face if protection else 0)
    lost = 0 if loser_total >= winner_total else conflict_damage(winner_total, loser_total)
    return ConflictOutcome(winner, winner_total, loser_total, lost)


def against_party(challenge_total: int, totals: Mapping[_Who, int]) -> dict[_Who, ConflictOutcome]:
    """A party-wide condition: "roll only once per turn and the characters all try to beat
    the same difficulty". Each outcome has the challenge as side 0 and the character as
    side 1. The characters are keyed as the caller tells them apart: by id, since two
    may share a name (RULES.md section 2); a name given as a key must be a name.
    """
    return {
        _party_key(who): settle_conflict(challenge_total, total) for who, total in totals.items()
    }


def _party_key(who: _Who) -> _Who:
    """A character's key as given; a name, checked and stripped (still the caller's str)."""
    if isinstance(who, str):
        return cast(_Who, _name(who, "Each character"))
    return who


def item_die_depletes(kind: Kind | str, face: int, deplete: bool = False) -> bool:
    """Whether a damage or protection die showing ``face`` depletes.

    A damage die depletes on a 1 only if its weapon is marked "deplete"; a protection
    die always can ("Protective dice *can* deplete").
    Decision: the d4 pair rule is about pool dice rolled together, so an item die
    rolled alone depletes on a 1 whatever its size.
    """
    kind = _enum(Kind, kind, "A die's kind")
    if kind is Kind.ORDINARY:
        raise ValueError("Only damage and protection dice deplete on their own.")
    _whole(face, "A face", minimum=1)
    if not isinstance(deplete, bool):
        raise ValueError("Whether the item depletes is a yes or no choice.")
    return face == 1 and (kind is Kind.PROTECTION or deplete)


def _item_die(pool: Pool, die_id: int) -> Die:
    die = pool.get(die_id)
    if die.kind is Kind.ORDINARY:
        raise ValueError(f"{_the(die)} is an ordinary die, not a damage or protection die.")
    if die.place is not Place.POOL:
        raise ValueError(f"{_the(die)} is used up; it is {_at(die.place)}.")
    return die


def roll_item_die(pool: Pool, die_id: int, rng: random.Random) -> Rolled:
    """Roll one of the owner's damage or protection dice."""
    die = _item_die(pool, die_id)
    return Rolled(die.size, roll_faces((die.size,), rng)[0])


def use_item_die(pool: Pool, die_id: int, face: int, deplete: bool = False) -> Pool:
    """The pool after a damage or protection die was rolled and showed ``face``.

    ``deplete`` is the "deplete" mark of the weapon the damage die belongs to.
    """
    die = _item_die(pool, die_id)
    _face(die.size, face)
    if item_die_depletes(die.kind, face, deplete):
        return pool._moved((die_id,), Place.TABLE)
    return pool


# --------------------------------------------------------------------------- damage and rest


def take_damage(pool: Pool, count: int, ids: Sequence[int] | None = None) -> Pool:
    """Remove ``count`` ordinary dice: from the pool first, then from the table.

    "If a character has no dice left in their dice pool, damage goes to their depleted
    dice." Damage beyond the last die is lost: the character is out of play.
    ``ids`` names the dice lost (the player's choice); without it the smallest base
    sizes go first, since losing a d4 before a d6 is what a player would pick.
    """
    _whole(count, "The damage")
    by_size = attrgetter("size")
    live = sorted(pool.in_pool, key=by_size) + sorted(pool.on_table, key=by_size)
    taken = min(count, len(live))
    if ids is None:
        return pool._moved([d.id for d in live[:taken]], Place.REMOVED)
    ids = tuple(ids)
    if len(set(ids)) != len(ids) or len(ids) != taken:
        raise ValueError(f"Name {taken} different dice to lose, not {len(ids)}.")
    live_ids = {d.id for d in live}
    for die_id in ids:
        if die_id not in live_ids:
            raise ValueError("A die to lose is not an ordinary die in the pool or on the table.")
    from_pool = sum(1 for die_id in ids if pool.get(die_id).place is Place.POOL)
    if from_pool != min(taken, len(pool.in_pool)):
        raise ValueError("Damage takes dice from the pool first, then from the table.")
    return pool._moved(ids, Place.REMOVED)


MAX_DAMAGE: Final = 99  # more than any pool holds: 9999 is a typo, refused, never clamped
MAX_REACH: Final = 999  # the largest total the tray's odds are asked about


def check_damage(value: object) -> int:
    """Damage the GM deals at once: 1..99 dice (what is beyond the last die is lost)."""
    count = _whole(value, "The damage", minimum=1)
    if count > MAX_DAMAGE:
        raise ValueError(f"The damage must be at most {MAX_DAMAGE}, not {count}.")
    return count


def check_reach(value: object) -> int:
    """A total the tray's odds are asked to reach: 1..999."""
    total = _whole(value, "The total to reach", minimum=1)
    if total > MAX_REACH:
        raise ValueError(f"The total to reach must be at most {MAX_REACH}, not {total}.")
    return total


def rest(pool: Pool, hours: int) -> Pool:
    """The pool after ``hours`` of rest.

    Every two hours return one depleted die to the pool. "Once a character has all
    their depleted die back", every further full day (24 hours) restores one removed
    die. Decision: the hours spent emptying the table do not count towards those days,
    and an unfinished two hours or day does nothing.
    """
    _whole(hours, "The hours of rest")
    table = pool.on_table
    back = min(hours // _HOURS_PER_DEPLETED_DIE, len(table))
    hours -= back * _HOURS_PER_DEPLETED_DIE
    after = pool._moved([d.id for d in table[:back]], Place.POOL)
    if back < len(table):
        return after
    removed = after.removed
    healed = min(hours // _HOURS_PER_REMOVED_DIE, len(removed))
    return after._moved([d.id for d in removed[:healed]], Place.POOL)


def restore(pool: Pool, die_id: int) -> Pool:
    """Put a depleted or removed die back in the pool outside rest and tuples.

    "Some equipment or traits may allow depleted die or dice removed because of damage
    to be restored." This is also how a used-up damage or protection die is re-armed.
    """
    die = pool.get(die_id)
    if die.place is Place.POOL:
        raise ValueError(f"{_the(die)} is already in the pool.")
    return pool._moved((die_id,), Place.POOL)


# --------------------------------------------------------------------------- awards and growth


def award_depleted(giver: Pool, receiver: Pool, die_id: int) -> tuple[Pool, Pool]:
    """Move one depleted die from ``giver``'s table to ``receiver``'s table.

    Serves both awards: a player giving "one of their depleted die" for good
    storytelling, and the GM giving "one depleted die from NPC or noncharacter
    challenges" at the end of a round. The die keeps its id and base size.
    """
    die = _ordinary_at(giver, die_id, Place.TABLE)
    if any(d.id == die_id for d in receiver.dice):
        raise ValueError("The receiver already has that die; a die cannot be given to its owner.")
    kept = Pool(tuple(d for d in giver.dice if d.id != die_id))
    return kept, Pool((*receiver.dice, die))


def award_new_die(receiver: Pool, die_id: int, size: int = DEFAULT_SIZE) -> Pool:
    """The GM creates a depleted die and gives it: "If the GM does not have any depleted
    dice on the table, they may create a depleted die and give it to the player."
    """
    if any(d.id == die_id for d in receiver.dice):
        raise ValueError("That new die is already among these dice.")
    return Pool((*receiver.dice, Die(die_id, size, Kind.ORDINARY, Place.TABLE)))


def pool_size_after_game(pool: Pool, started_with: int) -> int:
    """The character's pool size for the next game.

    "If the player ends the game with more dice in their dice pool than they started
    with, they make the new number of dice their character's dice pool."
    Decision: "in their dice pool" counts ordinary dice in the pool at the end, not
    those still depleted on the table; awarded dice count once a tuple or rest has
    brought them into the pool. The pool never shrinks here: damage heals by rest.
    """
    _whole(started_with, "The dice the character started with")
    return max(started_with, len(pool.in_pool))


# --------------------------------------------------------------------------- characters


@dataclass(frozen=True)
class Trait:
    """A trait: ``value`` is the number of dice steps it gives a roll it applies to."""

    name: str
    value: int = 1
    broad: bool = False  # broad ("Strength") or tightly constrained ("Physics")

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", _name(self.name, "A trait"))
        _whole(self.value, f"The value of {self.name}", minimum=1)
        if not isinstance(self.broad, bool):
            raise ValueError(f"{self.name} is either broad or constrained.")


def creation_cost(broad: int, constrained: int) -> int:
    """Dice spent at character creation: one per broad trait, one per three constrained.

    Decision: one or two constrained traits still cost a whole die ("three constrained
    traits per die spent"; a die cannot be split).
    """
    _whole(broad, "The number of broad traits")
    _whole(constrained, "The number of constrained traits")
    return broad + -(-constrained // _CONSTRAINED_TRAITS_PER_DIE)


@dataclass(frozen=True)
class NewCharacter:
    """A new character's starting pool and the traits bought from it."""

    pool: Pool
    traits: tuple[Trait, ...]


MAX_STARTING_DICE: Final = 100  # a sanity bound for the campaign setting


def check_starting_dice(value: object) -> int:
    """The campaign's ``starting_dice`` setting: 1..100 dice (10 by default)."""
    dice = _whole(value, "The starting dice", minimum=1)
    if dice > MAX_STARTING_DICE:
        raise ValueError(f"The starting dice must be at most {MAX_STARTING_DICE}, not {dice}.")
    return dice


def create_character(
    traits: Sequence[Trait] = (),
    dice: int = DEFAULT_POOL_DICE,
    first_id: int = 1,
    size: int = DEFAULT_SIZE,
) -> NewCharacter:
    """A new character: ``dice`` dice (10 by default, a setting) less the traits' cost.

    Decision: a new character must keep at least one die, or it would start out of play.
    """
    _whole(dice, "The starting dice", minimum=1)
    traits = tuple(traits)
    for trait in traits:
        if not isinstance(trait, Trait):
            raise ValueError(f"A character's traits must be traits, not {trait!r}.")
    names = [t.name.casefold() for t in traits]
    if len(set(names)) != len(names):
        raise ValueError("Each trait needs its own name.")
    broad = sum(1 for t in traits if t.broad)
    cost = creation_cost(broad, len(traits) - broad)
    if cost >= dice:
        raise ValueError(f"These traits cost {cost} dice, leaving none of the {dice}.")
    return NewCharacter(make_pool(dice - cost, first_id, size), traits)


# --------------------------------------------------------------------------- challenges


@dataclass(frozen=True)
class Preset:
    """A challenge difficulty from the rule text, and its dice for each die size."""

    name: str
    difficulty: int
    counts: tuple[tuple[int, int], ...]  # (size, number of dice)

    def count_for(self, size: int) -> int:
        _size(size)
        for option, count in self.counts:
            if option == size:
                return count
        sizes = ", ".join(f"d{s}" for s, _ in self.counts)
        raise ValueError(f"{self.name} comes in {sizes}, not d{size}.")


# "Name # d6 d8 d10 d12" from "Challenge Difficulties".
PRESETS: Final[tuple[Preset, ...]] = (
    Preset("Easy", 5, ((6, 2), (8, 1), (10, 1), (12, 1))),
    Preset("Tiring", 10, ((6, 4), (8, 2), (10, 2), (12, 2))),
    Preset("Draining", 20, ((6, 6), (8, 5), (10, 4), (12, 3))),
    Preset("Exhausting", 40, ((6, 12), (8, 9), (10, 7), (12, 6))),
    Preset("Deadly", 80, ((6, 23), (8, 18), (10, 15), (12, 12))),
)


def preset(name: str) -> Preset:
    """The preset called ``name`` (any case)."""
    if isinstance(name, str):
        for option in PRESETS:
            if option.name.casefold() == name.strip().casefold():
                return option
    names = ", ".join(p.name for p in PRESETS)
    raise ValueError(f"The difficulty must be one of {names}, not {name!r}.")


def challenge_pool(name: str, size: int = DEFAULT_SIZE, first_id: int = 1) -> Pool:
    """The pool of a non-character challenge built from a preset, e.g. Deadly in d8."""
    return make_pool(preset(name).count_for(size), first_id, size)


# --------------------------------------------------------------------------- items


class ItemKind(StrEnum):
    """What an item is: a weapon carries a damage die, armour a protection die."""

    WEAPON = "weapon"
    ARMOUR = "armour"


_ITEM_DIE_KINDS: Final[dict[ItemKind, Kind]] = {
    ItemKind.WEAPON: Kind.DAMAGE,
    ItemKind.ARMOUR: Kind.PROTECTION,
}

# The kinds a GM lays on a character by hand (the Dice Table's "Add die" menu), besides
# ordinary dice: every kind no item carries. None yet; a new kind declared in `Kind`
# (and not given to an item) is offered there without another line.
LOOSE_KINDS: Final[tuple[Kind, ...]] = tuple(
    kind for kind in Kind if kind is not Kind.ORDINARY and kind not in _ITEM_DIE_KINDS.values()
)


def item_die_kind(kind: ItemKind | str) -> Kind:
    """The kind of die an item carries: a weapon's is damage (red), armour's protection."""
    return _ITEM_DIE_KINDS[_enum(ItemKind, kind, "An item")]


@dataclass(frozen=True)
class Item:
    """A weapon or armour and the base size of its one die.

    ``deplete`` is the weapon's "deplete" mark; a protection die depletes on a 1 whether
    or not it is set (see :func:`item_die_depletes`).
    """

    name: str
    kind: ItemKind
    die_size: int = DEFAULT_SIZE
    deplete: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", _name(self.name, "An item"))
        object.__setattr__(self, "kind", _enum(ItemKind, self.kind, "An item"))
        _size(self.die_size)
        if not isinstance(self.deplete, bool):
            raise ValueError(f"Whether {self.name} depletes is a yes or no choice.")

    @property
    def die_kind(self) -> Kind:
        return item_die_kind(self.kind)


# --------------------------------------------------------------------------- single values
# For values kept one by one (the campaign file, an import): the same checks as above.


def check_size(value: object) -> int:
    """``value`` if it is a die size on the ladder, or ValueError."""
    return _size(value)


def check_kind(value: object) -> Kind:
    return _enum(Kind, value, "A die's kind")


def check_place(value: object) -> Place:
    return _enum(Place, value, "A die's place")


def check_tray_choice(size: int, steps: object, down_to_d4: object) -> None:
    """Trait steps and a d4 step-down chosen for a die of base ``size``'s next roll.

    The same rules as :class:`TrayDie` and :func:`step_size`: whole steps, not combined
    with a step-down, and not beyond d20.
    """
    _tray_choice(steps, down_to_d4)
    step_size(size, steps)  # type: ignore[arg-type]  # any value: _tray_choice judged it
