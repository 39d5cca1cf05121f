"""The Energy System dice pool: examples from the rule text, then properties.

Quotes are from ``rules/energy-system-dice-pool.txt`` unless marked RULES.md.
"""

import random
from collections import Counter

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from desktop.rules import dicepool
from desktop.rules.dicepool import (
    DEFAULT_POOL_DICE,
    PRESETS,
    SIZES,
    Catastrophe,
    Die,
    Kind,
    Place,
    Pool,
    Rolled,
    Trait,
    TrayDie,
    against_party,
    apply_roll,
    award_depleted,
    award_new_die,
    challenge_pool,
    conflict_damage,
    conflict_winner,
    create_character,
    creation_cost,
    item_die_depletes,
    make_pool,
    pool_size_after_game,
    preset,
    resolve_roll,
    rest,
    restore,
    roll_faces,
    roll_item_die,
    roll_tray,
    roll_with_faces,
    settle_conflict,
    step_size,
    take_damage,
    tray_sizes,
    use_item_die,
)


def pool_of(*places: str, size: int = 6) -> Pool:
    """A pool whose die i+1 is in places[i] ("p", "t" or "r")."""
    where = {"p": Place.POOL, "t": Place.TABLE, "r": Place.REMOVED}
    return Pool(tuple(Die(i + 1, size, place=where[p]) for i, p in enumerate(places)))


def places(pool: Pool) -> dict[int, Place]:
    return {d.id: d.place for d in pool.dice}


# --------------------------------------------------------------------------- the contract


def test_sizes_are_the_dice_steps() -> None:
    # "The dice steps are as follows. Four sided (d4) ... Twenty sided (d20)"
    assert SIZES == (4, 6, 8, 10, 12, 20)


def test_total_includes_depleted_dice_on_the_table() -> None:
    # "2. Total the value of all the dice on the table including depleted die, for that
    # character. This is the character's success value."
    result = resolve_roll([6, 6, 6], [4, 2, 6], table=2)
    assert result.total == 4 + 2 + 6 + 2
    assert result.depleted == ()
    assert not result.is_tuple
    assert not result.catastrophe


def test_ones_deplete_and_the_rest_go_back() -> None:
    # "3. The player puts any dice that are not ones (1's) back into their dice pool
    # and they can be used again. 4. Any dice with ones (1's) on them are depleted."
    result = resolve_roll([6, 8, 10, 12, 20], [1, 5, 1, 12, 3])
    assert result.depleted == (0, 2)
    assert result.total == 22


def test_a_depleted_die_counts_one_point() -> None:
    # "It remains on the table as a one for the rest of the game. This die still adds
    # to the players rolls but only at one point per die."
    pool = make_pool(3)
    first = roll_with_faces(pool, [TrayDie(1), TrayDie(2)], [1, 4])
    pool = apply_roll(pool, first)
    assert pool.table_count == 1
    second = roll_with_faces(pool, [TrayDie(2)], [5])
    assert second.result.total == 5 + 1


def test_one_d4_cannot_deplete() -> None:
    # "Rolling one four sided die (1d4) cannot deplete a die."
    assert resolve_roll([4], [1]).depleted == ()
    assert resolve_roll([4, 6], [1, 3]).depleted == ()


def test_d4_ones_deplete_in_pairs() -> None:
    # "For every double one rolled on four sided dice, one die is depleted."
    assert resolve_roll([4, 4], [1, 1]).depleted == (0,)
    assert resolve_roll([4, 4, 4], [1, 1, 2]).depleted == (0,)
    assert resolve_roll([4, 4, 4, 6], [1, 1, 1, 2]).depleted == (0,)
    assert resolve_roll([4, 4, 4, 4, 4, 6], [1, 1, 3, 1, 1, 1]).depleted == (0, 3, 5)


def test_stepped_down_d4s_deplete_only_in_pairs() -> None:
    # "When lowering die to four sided die, they do not deplete unless two die get a one
    # in the same roll."
    pool = make_pool(3)
    tray = [TrayDie(1, down_to_d4=True), TrayDie(2, down_to_d4=True), TrayDie(3)]
    alone = roll_with_faces(pool, tray, [1, 3, 2])
    assert alone.sizes == (4, 4, 6)
    assert apply_roll(pool, alone) == pool
    pair = roll_with_faces(pool, tray, [1, 1, 2])
    after = apply_roll(pool, pair)
    # The d4 that depletes lands on the table as the d6 it is.
    assert after.on_table == (Die(1, 6, place=Place.TABLE),)


def test_a_stepped_up_die_goes_to_the_table_as_a_d6() -> None:
    # "If a die that was stepped up rolls a one, it reverts back to a six sided die and
    # is left on the table as a six sided die."
    pool = make_pool(2)
    roll = roll_with_faces(pool, [TrayDie(1, steps=2)], [1], steps_allowed=2)
    assert roll.sizes == (10,)
    after = apply_roll(pool, roll)
    assert after.get(1) == Die(1, 6, Kind.ORDINARY, Place.TABLE)


def test_tuple_examples() -> None:
    # "When all the dice in a roll are the same number, for example all two's or all
    # five's, the player has rolled a tuple."
    assert resolve_roll([6, 6], [2, 2]).is_tuple
    assert resolve_roll([6, 8, 10, 20], [5, 5, 5, 5]).is_tuple
    assert not resolve_roll([6, 6, 6], [5, 5, 4]).is_tuple
    # "If more than one dice was rolled ..."
    assert not resolve_roll([6], [5]).is_tuple


def test_tuple_returns_one_depleted_die() -> None:
    # "5. If more than one dice was rolled and all the dice results were the same
    # number (a tuple), one of the depleted die can be returned to the dice pool."
    pool = pool_of("p", "p", "t", "t")
    roll = roll_with_faces(pool, [TrayDie(1), TrayDie(2)], [3, 3])
    assert roll.result.total == 3 + 3 + 2
    assert places(apply_roll(pool, roll)) == {
        1: Place.POOL,
        2: Place.POOL,
        3: Place.POOL,
        4: Place.TABLE,
    }
    chosen = apply_roll(pool, roll, returned=4)
    assert chosen.get(4).place is Place.POOL
    assert chosen.get(3).place is Place.TABLE


def test_tuple_with_an_empty_table_returns_nothing() -> None:
    pool = make_pool(2)
    roll = roll_with_faces(pool, [TrayDie(1), TrayDie(2)], [6, 6])
    assert apply_roll(pool, roll) == pool


def test_a_removed_die_cannot_come_back_by_tuple() -> None:
    # "It also cannot be returned to the dice pool by a tuple roll."
    pool = pool_of("p", "p", "r")
    roll = roll_with_faces(pool, [TrayDie(1), TrayDie(2)], [4, 4])
    assert apply_roll(pool, roll).get(3).place is Place.REMOVED
    with pytest.raises(ValueError, match="not on the table"):
        apply_roll(pool, roll, returned=3)


def test_all_ones_is_a_catastrophe() -> None:
    # "If a player gets a tuple of all ones, something catastrophic has happened."
    result = resolve_roll([6, 6, 8], [1, 1, 1])
    assert result.is_tuple and result.catastrophe
    assert not resolve_roll([6], [1]).catastrophe


def test_catastrophe_deplete_all_but_one() -> None:
    # "The player may choose to deplete all the dice but one (they get to return that
    # one die to play because of the tuple)"
    pool = pool_of("p", "p", "p", "p", "t")
    roll = roll_with_faces(pool, [TrayDie(1), TrayDie(2), TrayDie(3)], [1, 1, 1])
    after = apply_roll(pool, roll, Catastrophe.DEPLETE_ALL_BUT_ONE, chosen=2)
    assert places(after) == {
        1: Place.TABLE,
        2: Place.POOL,
        3: Place.TABLE,
        4: Place.POOL,
        5: Place.TABLE,
    }


def test_catastrophe_lose_one() -> None:
    # "... or they can remove one die from play, effectively taking damage."
    pool = pool_of("p", "p", "p", "t")
    roll = roll_with_faces(pool, [TrayDie(1), TrayDie(2), TrayDie(3)], [1, 1, 1])
    after = apply_roll(pool, roll, "lose_one", chosen=3)
    assert places(after) == {1: Place.POOL, 2: Place.POOL, 3: Place.REMOVED, 4: Place.TABLE}


def test_catastrophe_of_d4s_overrides_the_pair_rule() -> None:
    pool = make_pool(3)
    tray = [TrayDie(i, down_to_d4=True) for i in (1, 2, 3)]
    roll = roll_with_faces(pool, tray, [1, 1, 1])
    assert roll.result.depleted == (0,)  # plain depletion, reported as is
    after = apply_roll(pool, roll, Catastrophe.DEPLETE_ALL_BUT_ONE)
    assert [d.id for d in after.on_table] == [2, 3]


def test_catastrophe_needs_a_choice_and_nothing_else_takes_one() -> None:
    pool = make_pool(3)
    ones = roll_with_faces(pool, [TrayDie(1), TrayDie(2)], [1, 1])
    with pytest.raises(ValueError, match="All ones: choose"):
        apply_roll(pool, ones)
    with pytest.raises(ValueError, match="was not rolled"):
        apply_roll(pool, ones, "lose_one", chosen=3)
    with pytest.raises(ValueError, match="must be one of"):
        apply_roll(pool, ones, "panic")
    plain = roll_with_faces(pool, [TrayDie(1), TrayDie(2)], [1, 2])
    with pytest.raises(ValueError, match="Only an all-ones tuple"):
        apply_roll(pool, plain, Catastrophe.LOSE_ONE)
    with pytest.raises(ValueError, match="Only a tuple"):
        apply_roll(pool, plain, returned=1)


def test_all_ones_returns_no_table_die() -> None:
    pool = pool_of("p", "p", "t")
    roll = roll_with_faces(pool, [TrayDie(1), TrayDie(2)], [1, 1])
    with pytest.raises(ValueError, match="returns no depleted die"):
        apply_roll(pool, roll, Catastrophe.LOSE_ONE, returned=3)
    with pytest.raises(ValueError, match="Only a roll"):
        apply_roll(pool, roll.result)  # type: ignore[arg-type]


def test_a_roll_cannot_be_applied_twice() -> None:
    pool = make_pool(2)
    roll = roll_with_faces(pool, [TrayDie(1)], [1])
    after = apply_roll(pool, roll)
    with pytest.raises(ValueError, match="not in the pool"):
        apply_roll(after, roll)


def test_a_roll_of_no_dice_totals_the_table() -> None:
    assert resolve_roll([], [], table=3).total == 3


# --------------------------------------------------------------------------- steps


def test_trait_two_steps_one_die_twice_or_two_dice_once() -> None:
    # "a trait with a value of two (2) can increase two dice steps. This means that a
    # six sided die can be stepped up to a eight sided die (d8) and then to a ten sided
    # die (d10) or two six sided dice can be stepped up to eight sided dice."
    pool = make_pool(3)
    assert tray_sizes(pool, [TrayDie(1, 2)], steps_allowed=2) == (10,)
    assert tray_sizes(pool, [TrayDie(1, 1), TrayDie(2, 1)], steps_allowed=2) == (8, 8)


def test_trait_three_steps_spread_as_the_player_likes() -> None:
    # "A skill with a value of 3 can improve one die three steps, one die two steps and
    # another one step or three dice one step."
    pool = make_pool(3)
    assert tray_sizes(pool, [TrayDie(1, 3)], 3) == (12,)
    assert tray_sizes(pool, [TrayDie(1, 2), TrayDie(2, 1)], 3) == (10, 8)
    assert tray_sizes(pool, [TrayDie(i, 1) for i in (1, 2, 3)], 3) == (8, 8, 8)
    # "The player can assign the dice steps however they desire": unspent is fine.
    assert tray_sizes(pool, [TrayDie(1, 1), TrayDie(2)], 3) == (8, 6)


def test_more_steps_than_the_trait_gives_are_refused() -> None:
    pool = make_pool(2)
    with pytest.raises(ValueError, match="spends 3 trait steps but only 2"):
        tray_sizes(pool, [TrayDie(1, 2), TrayDie(2, 1)], steps_allowed=2)


def test_steps_stop_at_d20() -> None:
    # "Normally twenty sided dice are the limit in the dice steps."
    assert step_size(12, 1) == 20
    assert step_size(6, 4) == 20
    with pytest.raises(ValueError, match=r"A d6 can go up 4 steps \(to d20\), not 5\."):
        step_size(6, 5)
    with pytest.raises(ValueError, match="A d20 cannot be stepped up"):
        step_size(20, 1)
    assert step_size(20, 0) == 20


def test_a_feeble_npc_rolls_d4s_that_traits_can_step_up() -> None:
    # "The GM may decide that some non-player characters can only roll four sided die
    # if they are especially feeble."
    pool = make_pool(2, size=4)
    assert tray_sizes(pool, [TrayDie(1), TrayDie(2, 1)], 1) == (4, 6)


def test_step_down_goes_straight_to_d4() -> None:
    # "the player may volunteer to reduce the die type to a four sided die (d4)."
    pool = Pool((Die(1, 10),))
    assert tray_sizes(pool, [TrayDie(1, down_to_d4=True)]) == (4,)
    with pytest.raises(ValueError, match="cannot also take trait steps"):
        TrayDie(1, steps=1, down_to_d4=True)


def test_tray_takes_only_ordinary_pool_dice_once() -> None:
    pool = Pool((Die(1), Die(2, place=Place.TABLE), Die(3, kind=Kind.DAMAGE)))
    with pytest.raises(ValueError, match="The d6 is not in the pool; it is on the table"):
        tray_sizes(pool, [TrayDie(2)])
    with pytest.raises(ValueError, match="The d6 is a damage die"):
        tray_sizes(pool, [TrayDie(3)])
    with pytest.raises(ValueError, match="only once"):
        tray_sizes(pool, [TrayDie(1), TrayDie(1)])
    with pytest.raises(ValueError, match="That die is not among these dice"):
        tray_sizes(pool, [TrayDie(9)])


def test_roll_tray_uses_the_random_passed_in() -> None:
    pool = make_pool(10)
    tray = [TrayDie(i, 1) for i in range(1, 6)]
    one = roll_tray(pool, tray, random.Random(7), steps_allowed=5)
    two = roll_tray(pool, tray, random.Random(7), steps_allowed=5)
    assert one == two
    assert one.sizes == (8,) * 5
    assert all(1 <= f <= 8 for f in one.faces)
    with pytest.raises(ValueError, match=r"random\.Random"):
        roll_faces([6], 7)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- conflicts


def test_conflict_damage_one_die_plus_one_per_ten() -> None:
    # "The player in the conflict that rolls the highest does damage to their opponent
    # by removing a die" / "For every ten points the winner's higher roll is than the
    # opponent's, one additional die is removed."
    assert conflict_damage(13, 12) == 1
    assert conflict_damage(21, 12) == 1
    assert conflict_damage(22, 12) == 2
    assert conflict_damage(41, 10) == 4


def test_equal_totals_do_no_damage() -> None:
    # RULES.md: "the higher total wins; equal totals do no damage."
    assert conflict_damage(15, 15) == 0
    assert conflict_winner(15, 15) is None
    assert settle_conflict(15, 15) == settle_conflict(15, 15, None, None)
    assert settle_conflict(15, 15).dice_lost == 0


def test_conflict_damage_refuses_a_winner_below_the_loser() -> None:
    with pytest.raises(ValueError, match=r"winner's total \(3\) cannot be below"):
        conflict_damage(3, 4)
    with pytest.raises(ValueError, match="whole number"):
        conflict_damage(True, 0)  # type: ignore[arg-type]


def test_damage_die_adds_to_the_winner_after_the_conflict() -> None:
    # "One of these die is rolled and added in to the total after the conflict has been
    # resolved."
    outcome = settle_conflict(12, 19, damage=Rolled(8, 5))
    assert outcome.winner == 1 and outcome.loser == 0
    assert (outcome.winner_total, outcome.loser_total) == (24, 12)
    assert outcome.dice_lost == 2


def test_protection_that_closes_the_gap_stops_the_damage() -> None:
    # "Protection also may have a number of dice associated with it that is added to
    # the character's roll after they lost the conflict."
    assert settle_conflict(20, 17, protection=Rolled(6, 2)).dice_lost == 1
    assert settle_conflict(20, 17, protection=Rolled(6, 3)).dice_lost == 0
    # It never turns the loser into the winner.
    beyond = settle_conflict(20, 17, protection=Rolled(20, 20))
    assert beyond.winner == 0 and beyond.dice_lost == 0
    assert settle_conflict(20, 17, Rolled(6, 1), Rolled(6, 4)).dice_lost == 0


def test_a_tie_rolls_no_damage_or_protection() -> None:
    with pytest.raises(ValueError, match="A tie has no winner"):
        settle_conflict(9, 9, damage=Rolled(6, 3))


def test_damage_die_depletes_only_when_marked() -> None:
    # "Damage may or may not deplete depending on if the weapon has a limited number of
    # uses. This is indicated by the word "deplete" next to the damage die."
    assert not item_die_depletes(Kind.DAMAGE, 1)
    assert item_die_depletes(Kind.DAMAGE, 1, deplete=True)
    assert not item_die_depletes(Kind.DAMAGE, 2, deplete=True)


def test_protection_die_can_deplete() -> None:
    # "Protective dice *can* deplete."
    assert item_die_depletes("protection", 1)
    assert not item_die_depletes(Kind.PROTECTION, 3)
    with pytest.raises(ValueError, match="Only damage and protection"):
        item_die_depletes(Kind.ORDINARY, 1)


def test_using_item_dice_moves_them_to_the_table_without_adding_to_totals() -> None:
    pool = Pool(
        (Die(1), Die(2, 8, Kind.DAMAGE), Die(3, 4, Kind.PROTECTION), Die(4, 6, Kind.DAMAGE))
    )
    assert use_item_die(pool, 2, 1) == pool  # not marked "deplete"
    after = use_item_die(pool, 2, 1, deplete=True)
    after = use_item_die(after, 3, 1)
    assert after.get(2).place is Place.TABLE
    assert after.get(3).place is Place.TABLE
    assert after.table_count == 0
    with pytest.raises(ValueError, match="used up"):
        use_item_die(after, 2, 3)
    with pytest.raises(ValueError, match=r"^A d6 cannot show 7\.$"):
        use_item_die(pool, 4, 7)
    with pytest.raises(ValueError, match="ordinary die"):
        use_item_die(pool, 1, 1)
    rolled = roll_item_die(pool, 2, random.Random(1))
    assert rolled.size == 8 and 1 <= rolled.face <= 8
    assert restore(after, 2).get(2).place is Place.POOL


def test_a_party_wide_condition_rolls_once_against_everyone() -> None:
    # "If a condition is effecting the whole party, roll only once per turn and the
    # characters all try to beat the same difficulty."
    outcomes = against_party(14, {"Erin": 20, "Tam": 14, "Rook": 3})
    assert outcomes["Erin"].winner == 1 and outcomes["Erin"].dice_lost == 1
    assert outcomes["Tam"].winner is None
    assert outcomes["Rook"].winner == 0 and outcomes["Rook"].dice_lost == 2


# --------------------------------------------------------------------------- damage and rest


def test_damage_removes_from_the_pool() -> None:
    # "This is not considered a depleted die, it does not get placed on the table and
    # does not count toward later rolls."
    pool = pool_of("p", "p", "t")
    after = take_damage(pool, 1)
    assert len(after.removed) == 1 and after.table_count == 1
    assert len(after.in_pool) == 1


def test_damage_goes_to_depleted_dice_when_the_pool_is_empty() -> None:
    # "If a character has no dice left in their dice pool, damage goes to their
    # depleted dice. If the character has no dice left, they are permanently out of
    # play."
    pool = pool_of("p", "t", "t")
    after = take_damage(pool, 2)
    assert places(after)[1] is Place.REMOVED
    assert len(after.on_table) == 1
    assert not after.out_of_play
    gone = take_damage(after, 5)
    assert gone.out_of_play
    assert len(gone.removed) == 3


def test_damage_takes_the_dice_the_player_names() -> None:
    pool = Pool((Die(1, 4), Die(2, 8), Die(3, place=Place.TABLE)))
    assert take_damage(pool, 1).get(1).place is Place.REMOVED  # smallest first
    assert take_damage(pool, 1, ids=[2]).get(2).place is Place.REMOVED
    with pytest.raises(ValueError, match="pool first"):
        take_damage(pool, 1, ids=[3])
    with pytest.raises(ValueError, match="Name 2 different dice"):
        take_damage(pool, 2, ids=[1])
    assert take_damage(pool, 3, ids=[3, 1, 2]).out_of_play


def test_all_dice_depleted_is_out_of_play_for_now() -> None:
    # "Once a player has all their dice depleted, they are out of play."
    pool = pool_of("t", "t")
    assert pool.spent and not pool.out_of_play
    assert not rest(pool, 2).spent


def test_two_hours_of_rest_return_a_depleted_die() -> None:
    # "A character can return a depleted die to their pool if they rest for two hours."
    pool = pool_of("p", "t", "t", "r")
    assert places(rest(pool, 2)) == {
        1: Place.POOL,
        2: Place.POOL,
        3: Place.TABLE,
        4: Place.REMOVED,
    }
    assert rest(pool, 1) == pool
    assert rest(pool, 4).table_count == 0


def test_a_day_of_rest_restores_a_removed_die_once_the_table_is_empty() -> None:
    # "Once a character has all their depleted die back, they can recoup a die that has
    # been removed due to damage for every day of rest they take."
    pool = pool_of("p", "r", "r")
    assert len(rest(pool, 24).removed) == 1
    assert len(rest(pool, 48).removed) == 0
    assert rest(pool, 23) == pool
    with_table = pool_of("t", "r")
    # Two hours empty the table; the day counts from then.
    assert rest(with_table, 24).get(2).place is Place.REMOVED
    assert rest(with_table, 26).get(2).place is Place.POOL


def test_equipment_can_restore_a_die() -> None:
    # "Some equipment or traits may allow depleted die or dice removed because of
    # damage to be restored."
    pool = pool_of("p", "r")
    assert restore(pool, 2).get(2).place is Place.POOL
    with pytest.raises(ValueError, match="already in the pool"):
        restore(pool, 1)


# --------------------------------------------------------------------------- awards and growth


def test_a_player_gives_a_depleted_die_for_good_storytelling() -> None:
    # "If a player feels that someone has done a good job of storytelling, they may
    # immediately give that player one of their depleted die. This die will boost all
    # subsequent rolls during the game."
    giver = Pool((Die(1), Die(2, place=Place.TABLE)))
    receiver = Pool((Die(10), Die(11)))
    giver, receiver = award_depleted(giver, receiver, 2)
    assert giver.table_count == 0 and len(giver.dice) == 1
    assert receiver.table_count == 1
    assert roll_with_faces(receiver, [TrayDie(10)], [3]).result.total == 4
    with pytest.raises(ValueError, match="not on the table"):
        award_depleted(giver, receiver, 1)


def test_the_gm_awards_a_depleted_die_or_creates_one() -> None:
    # "the GM may award one depleted die from NPC or noncharacter challenges to one of
    # the players. If the GM does not have any depleted dice on the table, they may
    # create a depleted die and give it to the player."
    challenge = Pool((Die(50, 8, place=Place.TABLE),))
    player = make_pool(2)
    challenge, player = award_depleted(challenge, player, 50)
    assert player.get(50) == Die(50, 8, Kind.ORDINARY, Place.TABLE)
    player = award_new_die(player, 51)
    assert player.table_count == 2
    with pytest.raises(ValueError, match="That new die is already among these dice"):
        award_new_die(player, 51)


def test_ending_with_more_dice_grows_the_pool() -> None:
    # "If a player gets a tuple they may add these dice to their dice pool. If the
    # player ends the game with more dice in their dice pool than they started with,
    # they make the new number of dice their character's dice pool."
    pool = award_new_die(make_pool(10), 11)
    roll = roll_with_faces(pool, [TrayDie(1), TrayDie(2)], [4, 4])
    pool = apply_roll(pool, roll)
    assert len(pool.in_pool) == 11
    assert pool_size_after_game(pool, started_with=10) == 11
    assert pool_size_after_game(take_damage(pool, 3), started_with=10) == 10


# --------------------------------------------------------------------------- characters, challenges


def test_a_new_character_has_ten_d6() -> None:
    # "The recommended starting number is ten (10) die for player characters" and "All
    # dice in the dice pool are six sided die (d6) to start out."
    character = create_character()
    assert DEFAULT_POOL_DICE == 10
    assert [d.size for d in character.pool.in_pool] == [6] * 10


def test_trait_costs_at_creation() -> None:
    # "In character generation, a broad trait costs one die from the character's pool."
    # "In character generation, the character gets three constrained traits per die
    # spent."
    assert creation_cost(broad=1, constrained=0) == 1
    assert creation_cost(broad=0, constrained=3) == 1
    assert creation_cost(broad=0, constrained=4) == 2
    assert creation_cost(broad=2, constrained=1) == 3
    traits = [
        Trait("Strength", 2, broad=True),
        Trait("Physics"),
        Trait("Nightvision"),
        Trait("Body Armor"),
    ]
    character = create_character(traits)
    assert len(character.pool.dice) == 8
    assert character.traits == tuple(traits)


def test_creation_keeps_at_least_one_die() -> None:
    with pytest.raises(ValueError, match="cost 3 dice, leaving none of the 3"):
        create_character([Trait(n, broad=True) for n in ("A", "B", "C")], dice=3)
    with pytest.raises(ValueError, match="its own name"):
        create_character([Trait("Fighter"), Trait("fighter")])
    with pytest.raises(ValueError, match="at least 1"):
        Trait("Fighter", 0)


def test_challenge_presets_match_the_table() -> None:
    # "Easy 5 2d6 1d8 1d10 1d12 / Tiring 10 4d6 2d8 2d10 2d12 / Draining 20 6d6 5d8 4d10
    # 3d12 / Exhausting 40 12d6 9d8 7d10 6d12 / Deadly 80 23d6 18d8 15d10 12d12"
    table = {
        "Easy": (5, 2, 1, 1, 1),
        "Tiring": (10, 4, 2, 2, 2),
        "Draining": (20, 6, 5, 4, 3),
        "Exhausting": (40, 12, 9, 7, 6),
        "Deadly": (80, 23, 18, 15, 12),
    }
    assert [p.name for p in PRESETS] == list(table)
    for name, (difficulty, *counts) in table.items():
        assert preset(name).difficulty == difficulty
        assert [preset(name).count_for(s) for s in (6, 8, 10, 12)] == counts


def test_challenge_pools_come_from_the_presets() -> None:
    # "When this is the case, the challenge is assigned it's own dice pool."
    pool = challenge_pool("deadly", 8, first_id=100)
    assert Counter(d.size for d in pool.in_pool) == {8: 18}
    assert pool.dice[0].id == 100
    with pytest.raises(ValueError, match="Easy comes in d6, d8, d10, d12, not d20"):
        challenge_pool("Easy", 20)
    with pytest.raises(ValueError, match="must be one of Easy"):
        preset("Impossible")


# --------------------------------------------------------------------------- validation


def test_plain_messages_for_bad_dice() -> None:
    with pytest.raises(ValueError, match=r"^A d6 cannot show 7\.$"):
        resolve_roll([6], [7])
    with pytest.raises(ValueError, match=r"^Die size must be one of 4, 6, 8, 10, 12, 20, not 5\.$"):
        resolve_roll([5], [1])
    with pytest.raises(ValueError, match=r"^A d6 cannot show 0\.$"):
        Rolled(6, 0)
    with pytest.raises(ValueError, match="2 dice were rolled but 1 faces"):
        resolve_roll([6, 6], [3])
    with pytest.raises(ValueError, match="at least 0"):
        resolve_roll([6], [3], table=-1)
    with pytest.raises(ValueError, match="must be a list, not 6"):
        resolve_roll(6, [3])  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="must be a list"):
        resolve_roll([6], "3")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="must be a list"):
        tray_sizes(make_pool(1), TrayDie(1))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "bad",
    [
        lambda: resolve_roll([True], [1]),
        lambda: resolve_roll([6], [True]),
        lambda: resolve_roll([6], [3], table=False),
        lambda: Die(1, True),
        lambda: Die(True),
        lambda: make_pool(True),
        lambda: TrayDie(1, steps=True),
        lambda: step_size(6, True),
        lambda: rest(make_pool(1), True),
        lambda: take_damage(make_pool(1), True),
        lambda: conflict_winner(1, True),
        lambda: Trait("X", True),
        lambda: creation_cost(True, 0),
    ],
)
def test_bools_are_not_numbers(bad: object) -> None:
    with pytest.raises(ValueError):
        bad()  # type: ignore[operator]


def test_dice_and_pools_validate() -> None:
    with pytest.raises(ValueError, match="kind must be one of ordinary, damage, protection"):
        Die(1, 6, "healing")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="place must be one of pool, table, removed"):
        Die(1, 6, Kind.ORDINARY, "floor")  # type: ignore[arg-type]
    assert Die(1, 6, "damage", "table") == Die(1, 6, Kind.DAMAGE, Place.TABLE)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="its own id"):
        Pool((Die(1), Die(1)))
    with pytest.raises(ValueError, match="at least 1"):
        Die(0)
    with pytest.raises(ValueError, match="holds dice"):
        Pool((6,))  # type: ignore[arg-type]


# --------------------------------------------------------------------------- properties

die_sizes = st.sampled_from(SIZES)


@st.composite
def pools(draw: st.DrawFn) -> Pool:
    entries = draw(
        st.lists(st.tuples(die_sizes, st.sampled_from(list(Place))), min_size=0, max_size=12)
    )
    return Pool(tuple(Die(i + 1, size, place=place) for i, (size, place) in enumerate(entries)))


@st.composite
def rolls(draw: st.DrawFn, pool: Pool) -> tuple[list[TrayDie], list[int], int]:
    """A legal tray from ``pool`` with faces, and the steps it spends."""
    ids = draw(st.lists(st.sampled_from([d.id for d in pool.in_pool]), unique=True, max_size=6))
    tray = []
    for die_id in ids:
        if draw(st.booleans()):
            tray.append(TrayDie(die_id, down_to_d4=True))
            continue
        room = len(SIZES) - 1 - SIZES.index(pool.get(die_id).size)
        tray.append(TrayDie(die_id, draw(st.integers(0, room))))
    steps = sum(t.steps for t in tray)
    sizes = tray_sizes(pool, tray, steps)
    # Small dice often, so that ones, pairs and tuples turn up.
    faces = [draw(st.integers(1, min(s, 3)) | st.integers(1, s)) for s in sizes]
    return tray, faces, steps


def counts(pool: Pool) -> Counter[Place]:
    return Counter(d.place for d in pool.dice if d.kind is Kind.ORDINARY)


@given(st.data())
@settings(max_examples=150, deadline=None)
def test_rolls_conserve_dice(data: st.DataObject) -> None:
    """A roll moves dice between pool and table; only a lost catastrophe removes one."""
    pool = data.draw(pools())
    assume(pool.in_pool)
    tray, faces, steps = data.draw(rolls(pool))
    roll = roll_with_faces(pool, tray, faces, steps)
    choice = data.draw(st.sampled_from(list(Catastrophe))) if roll.result.catastrophe else None
    after = apply_roll(pool, roll, choice)
    assert {d.id for d in after.dice} == {d.id for d in pool.dice}
    assert [(d.id, d.size, d.kind) for d in after.dice] == [
        (d.id, d.size, d.kind) for d in pool.dice
    ]
    lost = 1 if choice is Catastrophe.LOSE_ONE else 0
    assert counts(after)[Place.REMOVED] == counts(pool)[Place.REMOVED] + lost
    live = counts(after)[Place.POOL] + counts(after)[Place.TABLE]
    assert live == counts(pool)[Place.POOL] + counts(pool)[Place.TABLE] - lost
    # Dice that were not rolled stay where they were, except a tuple's one return.
    moved_from_table = [d.id for d in pool.on_table if after.get(d.id).place is not Place.TABLE]
    assert len(moved_from_table) <= (1 if roll.result.is_tuple and not choice else 0)


@given(
    st.lists(die_sizes, max_size=8).flatmap(
        lambda sizes: st.tuples(st.just(sizes), st.tuples(*[st.integers(1, s) for s in sizes]))
    ),
    st.integers(0, 10),
)
@settings(max_examples=200)
def test_resolve_roll_follows_the_rules(
    sized: tuple[list[int], tuple[int, ...]], table: int
) -> None:
    sizes, faces = sized
    result = resolve_roll(sizes, faces, table)
    assert result.total == sum(faces) + table
    ones_big = [i for i, (s, f) in enumerate(zip(sizes, faces, strict=True)) if f == 1 and s != 4]
    ones_d4 = [i for i, (s, f) in enumerate(zip(sizes, faces, strict=True)) if f == 1 and s == 4]
    assert set(ones_big) <= set(result.depleted)
    assert len(result.depleted) == len(ones_big) + len(ones_d4) // 2
    assert all(faces[i] == 1 for i in result.depleted)
    assert result.is_tuple == (len(faces) >= 2 and len(set(faces)) == 1)
    assert result.catastrophe == (result.is_tuple and faces[0] == 1)


@given(pools(), st.integers(0, 15))
@settings(max_examples=150)
def test_damage_removes_exactly_what_it_can(pool: Pool, damage: int) -> None:
    after = take_damage(pool, damage)
    live_before = counts(pool)[Place.POOL] + counts(pool)[Place.TABLE]
    taken = min(damage, live_before)
    assert len(after.dice) == len(pool.dice)
    assert counts(after)[Place.REMOVED] == counts(pool)[Place.REMOVED] + taken
    # Pool first, then table.
    from_pool = counts(pool)[Place.POOL] - counts(after)[Place.POOL]
    assert from_pool == min(taken, counts(pool)[Place.POOL])
    assert after.out_of_play == (damage >= live_before)


@given(pools(), st.integers(0, 200))
@settings(max_examples=150)
def test_rest_only_brings_dice_back(pool: Pool, hours: int) -> None:
    after = rest(pool, hours)
    assert len(after.dice) == len(pool.dice)
    back = min(hours // 2, counts(pool)[Place.TABLE])
    assert counts(after)[Place.TABLE] == counts(pool)[Place.TABLE] - back
    healed = counts(pool)[Place.REMOVED] - counts(after)[Place.REMOVED]
    assert healed >= 0
    if counts(after)[Place.TABLE]:
        assert healed == 0
    assert counts(after)[Place.POOL] == counts(pool)[Place.POOL] + back + healed


@given(pools(), pools())
@settings(max_examples=100)
def test_awards_move_dice_between_owners(giver: Pool, receiver: Pool) -> None:
    receiver = Pool(tuple(Die(d.id + 100, d.size, d.kind, d.place) for d in receiver.dice))
    total = len(giver.dice) + len(receiver.dice)
    if giver.on_table:
        die = giver.on_table[0]
        new_giver, new_receiver = award_depleted(giver, receiver, die.id)
        assert len(new_giver.dice) + len(new_receiver.dice) == total
        assert new_receiver.table_count == receiver.table_count + 1
        assert new_giver.table_count == giver.table_count - 1
    grown = award_new_die(receiver, 999)
    assert len(grown.dice) == len(receiver.dice) + 1
    assert grown.table_count == receiver.table_count + 1


@given(pools(), st.integers(0, 20))
@settings(max_examples=100)
def test_growth_never_shrinks_the_pool(pool: Pool, started_with: int) -> None:
    size = pool_size_after_game(pool, started_with)
    assert size == max(started_with, len(pool.in_pool))


@given(st.integers(0, 200), st.integers(0, 200))
def test_conflicts_are_symmetric(first: int, second: int) -> None:
    one = settle_conflict(first, second)
    two = settle_conflict(second, first)
    assert one.dice_lost == two.dice_lost
    assert (one.winner is None) == (first == second)
    if one.winner is not None:
        assert two.winner == 1 - one.winner
        assert one.dice_lost == conflict_damage(max(first, second), min(first, second)) >= 1


@given(st.data())
@settings(max_examples=60, deadline=None)
def test_a_game_conserves_dice(data: st.DataObject) -> None:
    """Over a run of play, the dice a character owns change only by awards, and dice
    leave play (pool + table) only by damage and come back only by rest."""
    pool = make_pool(data.draw(st.integers(1, 8)))
    next_id = 100
    owned = len(pool.dice)
    for _ in range(data.draw(st.integers(1, 12))):
        live = counts(pool)[Place.POOL] + counts(pool)[Place.TABLE]
        removed = counts(pool)[Place.REMOVED]
        action = data.draw(st.sampled_from(["roll", "damage", "rest", "give", "receive"]))
        if action == "roll" and pool.in_pool:
            tray, faces, steps = data.draw(rolls(pool))
            roll = roll_with_faces(pool, tray, faces, steps)
            choice = Catastrophe.DEPLETE_ALL_BUT_ONE if roll.result.catastrophe else None
            pool = apply_roll(pool, roll, choice)
        elif action == "damage":
            pool = take_damage(pool, data.draw(st.integers(0, 3)))
            assert counts(pool)[Place.POOL] + counts(pool)[Place.TABLE] <= live
        elif action == "rest":
            pool = rest(pool, data.draw(st.sampled_from([2, 6, 24, 50])))
            assert counts(pool)[Place.POOL] + counts(pool)[Place.TABLE] >= live
        elif action == "give" and pool.on_table:
            pool, _ = award_depleted(pool, Pool(), pool.on_table[0].id)
            owned -= 1
        elif action == "receive":
            pool = award_new_die(pool, next_id)
            next_id += 1
            owned += 1
        else:
            continue
        if action in ("roll", "give", "receive"):
            # Rolls and awards never remove a die or heal one.
            assert counts(pool)[Place.REMOVED] == removed
        assert len(pool.dice) == owned
        assert sum(counts(pool).values()) == owned


def test_the_winner_damages_the_challenge_or_the_character() -> None:
    # "The dice pool of the challenge then is rolled against the character. The winner
    # of the roll does damage to the other. If the player wins the challenge, they
    # damage the challenge by removing die. If the challenge wins, the character is
    # harmed."
    challenge = challenge_pool("Easy", 6, first_id=100)
    character = make_pool(10)
    outcome = settle_conflict(18, 7)  # the character (side 0) wins by 11
    assert outcome.dice_lost == 2
    challenge = take_damage(challenge, outcome.dice_lost)
    assert challenge.out_of_play
    # "Non-player characters may start with any number of dice in their pool but low
    # level enemies may only start with one or two"
    goblin = make_pool(1, first_id=200)
    outcome = settle_conflict(3, 9)
    assert outcome.winner == 1
    assert len(take_damage(character, outcome.dice_lost).removed) == 1
    assert not goblin.out_of_play


def test_the_kinds_a_gm_lays_by_hand_are_those_no_item_carries() -> None:
    # Damage and protection dice come with their items; ordinary dice have their own line.
    carried = {dicepool.item_die_kind(kind) for kind in dicepool.ItemKind}
    assert set(dicepool.LOOSE_KINDS) == set(dicepool.Kind) - carried - {dicepool.Kind.ORDINARY}
