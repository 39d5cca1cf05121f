"""Tests for desktop.rules.factions.

Examples come straight from rules/downtime-and-factions.txt (the sentence is quoted
in each docstring) and RULES.md section 4; hypothesis checks the properties.
"""

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from desktop.rules.factions import (
    DEVELOP_NOTHING,
    DEVELOP_STRENGTHEN,
    DEVELOP_TIER_UP,
    LAIR,
    SEIZE_STATUS_CHANGE,
    STRONG,
    WEAK,
    Chapter,
    Claim,
    ClaimMap,
    Faction,
    change_status,
    chapter_at_war,
    check_status,
    fortune_rating,
    gain_hold,
    gang_scale,
    gang_scale_label,
    is_war,
    lose_hold,
    loss_threatens_lair,
    rep_to_develop,
    score_heat,
    status_label,
    tier_advantage,
    tier_up_cost,
    war_standing,
)


def exact(message: str) -> str:
    """A pytest.raises pattern matching the whole plain-language message."""
    return f"^{re.escape(message)}$"


# --- Tier, hold and gang scale ------------------------------------------------------


def test_chapter_starts_at_tier_zero_strong() -> None:
    """Text: "Your Chapter begins with Strong hold at Tier 0." """
    chapter = Chapter()
    assert (chapter.tier, chapter.hold, chapter.rep, chapter.turf) == (0, STRONG, 0, 0)


def test_gang_scale_table() -> None:
    """Text: "| 0 | 1 or 2 people | ... | 1 | Small gangs. (3--6 people) | ... | 5 | Massive gangs.
    (80 people) |" """
    assert [gang_scale(t) for t in range(6)] == [
        (1, 2),
        (3, 6),
        (12, 12),
        (20, 20),
        (40, 40),
        (80, 80),
    ]
    assert gang_scale_label(0) == "1 or 2 people"
    assert gang_scale_label(1) == "Small gangs (3-6 people)"
    assert gang_scale_label(5) == "Massive gangs (80 people)"


def test_gang_scale_tier_six_continues_the_doubling() -> None:
    assert gang_scale(6) == (160, 160)
    with pytest.raises(ValueError, match=exact("A tier is 0 to 6, not 7.")):
        gang_scale(7)


def test_tier_advantage() -> None:
    """Text: "Remember that you gain Advantage equal to your Tier on Action Rolls." """
    assert tier_advantage(3) == 3


def test_fortune_rating_uses_tier() -> None:
    """Text: "make a fortune roll using their Tier as the base trait, modified up or down" """
    assert fortune_rating(3) == 3
    assert fortune_rating(3, -1) == 2
    assert fortune_rating(1, -3) == 0


def test_reducing_strong_hold() -> None:
    """Text: "If the operation succeeds, the target faction loses 1 level of hold." """
    assert lose_hold(3, STRONG) == (3, WEAK)


def test_reducing_weak_hold_costs_a_tier() -> None:
    """Text: "If their hold is weak and it drops, the faction loses 1 Tier and stays weak." """
    assert lose_hold(3, WEAK) == (2, WEAK)


def test_tier_zero_weak_lair_under_threat() -> None:
    """Text: "If your Chapter is Tier 0, with weak hold, and you lose hold for any reason, your
    lair comes under threat" """
    assert loss_threatens_lair(0, WEAK)
    assert lose_hold(0, WEAK) == (0, WEAK)
    assert not loss_threatens_lair(0, STRONG)
    assert not loss_threatens_lair(1, WEAK)


def test_gain_hold() -> None:
    """Text: "Seize a claim or increase hold" (a faction's downtime maneuver)."""
    assert gain_hold(2, WEAK) == (2, STRONG)
    with pytest.raises(ValueError, match="already strong"):
        gain_hold(2, STRONG)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((7, WEAK), "A tier is 0 to 6, not 7."),
        ((-1, WEAK), "not -1"),
        ((False, WEAK), "whole number"),
        ((2, "Weak"), 'Hold is "weak" or "strong"'),
        ((2, None), 'Hold is "weak" or "strong"'),
    ],
)
def test_lose_hold_validation(args: tuple[object, object], message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        lose_hold(*args)  # type: ignore[arg-type]


# --- Development ----------------------------------------------------------------------


def test_rep_to_develop_with_turf() -> None:
    """Text: "So, if you have 2 turf, you need 10 Rep to develop. If you have 4 turf, you need 8 Rep
    to develop." """
    assert rep_to_develop(0) == 12
    assert rep_to_develop(2) == 10
    assert rep_to_develop(4) == 8
    assert rep_to_develop(6) == 6


def test_turf_maximum() -> None:
    """Text: "You can hold a maximum of 6 Turf." """
    with pytest.raises(ValueError, match=exact("Turf is 0 to 6, not 7.")):
        rep_to_develop(7)


def test_three_turf_example() -> None:
    """Text: "If you hold 3 pieces of turf, you need only 9 Rep to develop, instead of 12. When you
    develop, you'll clear the 9 Rep marks, but keep the 3 turf marks." """
    chapter = Chapter(hold=WEAK, turf=3).earn_rep(9)
    assert chapter.rep_full
    developed = chapter.develop()
    assert (developed.rep, developed.turf, developed.hold) == (0, 3, STRONG)


def test_tier_up_cost() -> None:
    """Text: "This costs Coin equal to your new Tier × 5." """
    assert [tier_up_cost(t) for t in range(1, 7)] == [5, 10, 15, 20, 25, 30]
    with pytest.raises(ValueError, match=exact("A new tier is 1 to 6, not 0.")):
        tier_up_cost(0)


def test_no_rep_while_the_tracker_is_full() -> None:
    """Text: "As long as your Rep tracker is full, you don't earn new Rep (12 is the max)." """
    chapter = Chapter().earn_rep(10).earn_rep(5)
    assert chapter.rep == 12
    assert chapter.earn_rep(3) == chapter


def test_develop_weak_becomes_strong() -> None:
    """Text: "If your hold is Weak, it becomes Strong. Reset your Rep to 0." """
    chapter = Chapter(tier=1, hold=WEAK, rep=12, coin=3)
    option = chapter.develop_option()
    assert (option.action, option.allowed, option.cost) == (DEVELOP_STRENGTHEN, True, 0)
    assert chapter.develop() == Chapter(tier=1, hold=STRONG, rep=0, coin=3)


def test_develop_strong_pays_for_a_tier() -> None:
    """Text: "If your hold is Strong, you can pay to increase your Chapter Tier by 1. ... Once you
    pay and increase your Tier, reset your Rep to 0 and reduce your hold to Weak." """
    chapter = Chapter(tier=1, hold=STRONG, rep=12, coin=12)
    option = chapter.develop_option()
    assert (option.action, option.allowed, option.cost) == (DEVELOP_TIER_UP, True, 10)
    assert chapter.develop() == Chapter(tier=2, hold=WEAK, rep=0, coin=2)


def test_develop_refused_without_coin() -> None:
    chapter = Chapter(tier=1, hold=STRONG, rep=12, coin=9)
    option = chapter.develop_option()
    assert (option.action, option.allowed) == (DEVELOP_TIER_UP, False)
    assert option.reason == "Tier 2 costs 10 coin; the chapter has 9."
    with pytest.raises(ValueError, match="Tier 2 costs 10 coin"):
        chapter.develop()


def test_develop_refused_before_the_tracker_is_full() -> None:
    option = Chapter(turf=2, rep=7).develop_option()
    assert (option.action, option.allowed) == (DEVELOP_NOTHING, False)
    assert option.reason == "The rep tracker needs 3 more rep to be full."


def test_develop_refused_at_the_top() -> None:
    option = Chapter(tier=6, hold=STRONG, rep=12, coin=99).develop_option()
    assert (option.allowed, option.reason) == (False, "Tier 6 is the top of the ladder.")
    assert Chapter(tier=6, hold=WEAK, rep=12).develop().hold == STRONG


def test_more_turf_caps_rep() -> None:
    chapter = Chapter(rep=11).with_turf(2)
    assert (chapter.rep, chapter.rep_needed, chapter.rep_full) == (10, 10, True)
    assert chapter.with_turf(0).rep == 10


def test_chapter_validation() -> None:
    with pytest.raises(ValueError, match=exact("Rep is 0 to 10, not 11.")):
        Chapter(turf=2, rep=11)
    with pytest.raises(ValueError, match="Coin must be at least 0"):
        Chapter(coin=-1)
    with pytest.raises(ValueError, match="has 2 coin, not the 3"):
        Chapter(coin=2).spend_coin(3)
    with pytest.raises(ValueError, match="must be at least 0, not -"):
        Chapter().earn_rep(-1)
    assert Chapter(heat=2).add_heat(-5).heat == 0


# --- Status and war -------------------------------------------------------------------


def test_status_labels() -> None:
    """Text: "+3: Allies. ... +2: Friendly. ... +1: Helpful. ... 0: Neutral. ... -1: Interfering.
    ... -2: Hostile. ... -3: War." """
    assert [status_label(s) for s in range(3, -4, -1)] == [
        "Allies",
        "Friendly",
        "Helpful",
        "Neutral",
        "Interfering",
        "Hostile",
        "War",
    ]
    with pytest.raises(ValueError, match=exact("A status is -3 to 3, not 4.")):
        status_label(4)


def test_status_defaults_to_neutral() -> None:
    """Text: "Status is rated from -3 to +3, with zero (neutral) being the default starting
    status." """
    assert Faction("The Lampblacks").status == 0


def test_operation_status_changes() -> None:
    """Text: "When you execute an operation, you gain -1 or -2 status with factions that are hurt by
    your actions. You may also gain +1 status with a faction that your operation helps. (If
    you keep your operation completely quiet then your status doesn't change.)" """
    assert change_status(0, -2) == -2
    assert change_status(0, 1) == 1
    assert change_status(1, -2, quiet=True) == 1


def test_status_stops_at_the_ends() -> None:
    assert change_status(-2, -2) == -3
    assert change_status(3, 1) == 3


def test_war_effects() -> None:
    """Text: "When you're at war with any number of factions, your Chapter suffers +1 heat from
    scores, temporarily loses 1 hold, and PCs get only one downtime action rather than two." """
    statuses = [2, 0, -3, -1]
    assert chapter_at_war(statuses)
    assert not chapter_at_war([0, -2])
    assert score_heat(2, at_war=True) == 3
    assert score_heat(2, at_war=False) == 2
    assert war_standing(2, STRONG, True) == (2, WEAK)


def test_war_with_weak_hold_costs_a_tier_until_it_ends() -> None:
    """Text: "If your Chapter has weak hold when you go to war, the temporary loss of hold causes
    you to lose one Tier. When the war is over, restore your Chapter's Tier back to its
    pre-war level." """
    chapter = Chapter(tier=2, hold=WEAK)
    assert chapter.standing(at_war=True) == (1, WEAK)
    assert chapter.standing(at_war=False) == (2, WEAK)


def test_faction_at_war_loses_hold() -> None:
    """Text: "When a faction is at war, it temporarily loses 1 Hold." """
    assert Faction("Red Sashes", 2, STRONG, at_war_with_others=True).standing() == (2, WEAK)
    assert Faction("Red Sashes", 2, WEAK, status=-3).standing() == (1, WEAK)
    assert Faction("Red Sashes", 2, WEAK).standing() == (2, WEAK)


def test_faction_changes() -> None:
    faction = Faction("Bluecoats", 3, STRONG, status=-1)
    assert faction.with_status(-2).status == -3
    assert faction.with_status(-2).at_war
    assert faction.lose_hold().lose_hold() == Faction("Bluecoats", 2, WEAK, status=-1)
    assert faction.lose_hold().gain_hold() == faction
    assert faction.status_label == "Interfering"
    with pytest.raises(ValueError, match="needs a name"):
        Faction("")


def test_war_validation() -> None:
    assert is_war(-3)
    with pytest.raises(ValueError, match="True or False"):
        war_standing(1, WEAK, 1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="must be at least 0, not -"):
        score_heat(-1, True)


# --- Claims ---------------------------------------------------------------------------

CHAPTER = "The Ravens"


def claim_map() -> ClaimMap:
    claims = (
        Claim("Warehouses", "Bluecoats", "+1 coin each downtime", turf=False),
        Claim("Gambling Den", "Lampblacks", "", turf=True),
        Claim("Tavern", CHAPTER, "Advantage to Consort", turf=True),
        Claim("Docks", "Red Sashes", "", turf=True),
    )
    paths = ((LAIR, "Tavern"), ("Tavern", "Gambling Den"), (LAIR, "Warehouses"))
    return ClaimMap(CHAPTER, claims, paths)


def test_seizing_a_claim() -> None:
    """Text: "if you succeed, you seize the claim and the targeted faction loses the claim. Seizing
    a claim is a serious attack on a faction, usually resulting in -2 faction status with the
    target" """
    seizure = claim_map().seize("Gambling Den")
    assert seizure.loser == "Lampblacks"
    assert seizure.status_change == SEIZE_STATUS_CHANGE == -2
    assert seizure.claims.claim("Gambling Den").holder == CHAPTER
    assert change_status(0, seizure.status_change) == -2


def test_turf_follows_the_turf_claims() -> None:
    """Text: "Some claims count as turf." """
    claims = claim_map()
    assert claims.turf_count() == 1
    seized = claims.seize("Gambling Den").claims
    assert seized.turf_count() == 2
    chapter = Chapter(rep=11).with_turf(seized.turf_count())
    assert chapter.rep_needed == 10
    assert chapter.rep == 10


def test_losing_a_claim_loses_its_benefit() -> None:
    """Text: "If you lose a claim, you lose all the benefits of that claim." """
    claims = claim_map()
    assert claims.benefits() == ("Advantage to Consort",)
    lost = claims.lose("Tavern", "Lampblacks")
    assert lost.benefits() == ()
    assert lost.turf_count() == 0
    with pytest.raises(ValueError, match="does not hold"):
        lost.lose("Tavern", "Bluecoats")


def test_losing_the_lair_suspends_every_benefit() -> None:
    """Text: "If your lair is lost, you lose the benefits of all of your claims until you can
    restore your lair or establish a new one." """
    claims = claim_map().seize("Warehouses").claims
    assert len(claims.benefits()) == 2
    homeless = claims.lose_lair()
    assert (homeless.benefits(), homeless.turf_count()) == ((), 0)
    assert homeless.restore_lair() == claims


def test_claims_follow_paths_from_the_lair() -> None:
    """Text: "Claims should usually be seized in an orderly sequence, by following the paths from
    the central square, the Chapter's lair." """
    claims = claim_map()
    assert claims.on_path("Warehouses")
    assert claims.on_path("Gambling Den")  # via the Tavern the chapter holds
    assert not claims.on_path("Docks")
    assert not claims.on_path("Tavern")  # already the chapter's
    # "you may attempt to seize any claim on your map, ignoring the paths"
    assert claims.seize("Docks").loser == "Red Sashes"


def test_turf_counts_at_most_six() -> None:
    claims = tuple(Claim(f"Turf {n}", CHAPTER, turf=True) for n in range(8))
    assert ClaimMap(CHAPTER, claims).turf_count() == 6


def test_factions_seize_from_each_other() -> None:
    claims = claim_map().transfer("Docks", "Bluecoats")
    assert claims.claim("Docks").holder == "Bluecoats"
    with pytest.raises(ValueError, match="already holds"):
        claims.transfer("Docks", "Bluecoats")


def test_editing_the_map() -> None:
    claims = claim_map().add_claim(Claim("Shrine", "Path of Echoes")).add_path("Docks", "Shrine")
    assert claims.neighbours("Shrine") == ("Docks",)
    assert claims.remove_path("Shrine", "Docks").neighbours("Shrine") == ()
    removed = claims.remove_claim("Tavern")
    assert "Tavern" not in {c.name for c in removed.claims}
    assert all("Tavern" not in path for path in removed.paths)
    assert set(claims.neighbours(LAIR)) == {"Tavern", "Warehouses"}


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: claim_map().add_claim(Claim("Tavern", "Bluecoats")), "share a name"),
        (lambda: claim_map().add_path("Tavern", "Nowhere"), "not on the map"),
        (lambda: claim_map().add_path("Docks", "Docks"), "to itself"),
        (lambda: claim_map().add_path("Tavern", LAIR), "already a path"),
        (lambda: claim_map().remove_path("Docks", LAIR), "no path"),
        (lambda: claim_map().claim("Moon"), "no claim called"),
        (lambda: Claim(LAIR, CHAPTER), "centre of the map"),
        (lambda: Claim("Den", CHAPTER, turf=1), "True or False"),
        (lambda: ClaimMap(CHAPTER, [Claim("Den", CHAPTER)]), "tuples"),
    ],
)
def test_claim_validation(make: object, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        make()  # type: ignore[operator]


# --- Properties -----------------------------------------------------------------------

chapter_ops = st.one_of(
    st.tuples(st.just("earn_rep"), st.integers(0, 15)),
    st.tuples(st.just("lose_rep"), st.integers(0, 5)),
    st.tuples(st.just("with_turf"), st.integers(0, 6)),
    st.tuples(st.just("gain_coin"), st.integers(0, 40)),
    st.tuples(st.just("lose_hold"), st.none()),
    st.tuples(st.just("develop"), st.none()),
)


@given(st.lists(chapter_ops, max_size=40))
def test_rep_never_exceeds_what_is_needed_and_tier_stays_on_the_ladder(
    ops: list[tuple[str, int | None]],
) -> None:
    chapter = Chapter()
    for name, arg in ops:
        if name == "develop" and not chapter.develop_option().allowed:
            continue
        method = getattr(chapter, name)
        chapter = method() if arg is None else method(arg)
        assert 0 <= chapter.rep <= rep_to_develop(chapter.turf)
        assert 0 <= chapter.tier <= 6
        assert chapter.coin >= 0


@given(
    st.integers(0, 6),
    st.sampled_from([WEAK, STRONG]),
    st.lists(st.sampled_from(["lose", "gain", "war"]), max_size=30),
)
def test_a_tier_never_leaves_the_ladder(tier: int, hold: str, moves: list[str]) -> None:
    for move in moves:
        if move == "lose":
            tier, hold = lose_hold(tier, hold)
        elif move == "gain" and hold == WEAK:
            tier, hold = gain_hold(tier, hold)
        else:
            tier, hold = war_standing(tier, hold, True)
        assert 0 <= tier <= 6
        assert hold in (WEAK, STRONG)


@given(st.integers(-3, 3), st.lists(st.integers(-10, 10), max_size=30), st.booleans())
def test_status_never_leaves_its_range(status: int, deltas: list[int], quiet: bool) -> None:
    for delta in deltas:
        status = change_status(status, delta, quiet)
        assert check_status(status) == status
        assert status_label(status)


@given(st.integers(0, 6), st.integers(0, 6), st.booleans())
def test_payoff_rep_fills_but_never_overfills(turf: int, earned: int, weak: bool) -> None:
    chapter = Chapter(hold=WEAK if weak else STRONG, turf=turf)
    for _ in range(10):
        chapter = chapter.earn_rep(earned)
        assert chapter.rep <= chapter.rep_needed
