"""RULES.md section 1, SySCards, through the SySCards dock's Act and Challenge tabs."""

from __future__ import annotations

from desktop.ui.main_window import MainWindow
from tests.ui.test_syscards_dock import campaign_of, cards, select  # noqa: F401


def _efficiency(window: MainWindow, name: str) -> int:
    return {c.name: c.efficiency for c in campaign_of(window).cards.all()}[name]


def test_tale_mode_action_mode_and_a_raise_throw(window: MainWindow, cards: object) -> None:  # noqa: F811
    """ "Tale Mode: if efficiency >= NR the act succeeds with no throw." "Action Mode:
    otherwise throw; success iff result >= NR ... degree of failure NR - result."
    "The throw result is max(throw, efficiency)". "Raise Throw: a raw throw >= raise_from
    (default 100) raises the card's efficiency by raise_by (default 1)\""""
    act = cards.act  # type: ignore[attr-defined]
    select(cards, "Knife work")  # type: ignore[arg-type]  # efficiency 30
    act.nr_spin.setValue(30)
    tale = act.resolve(None)
    assert tale is not None and tale.mode == "tale" and tale.success
    act.nr_spin.setValue(50)
    floored = act.resolve(12)  # result max(12, 30) = 30 < 50: fails by 20
    assert floored is not None and not floored.success
    assert (floored.result, floored.failure_degree) == (30, 20)
    raised = act.resolve(100)
    assert raised is not None and raised.success and raised.efficiency == 31
    assert _efficiency(window, "Knife work") == 31
    window.undo_action.trigger()
    assert _efficiency(window, "Knife work") == 30


def test_a_challenge_with_a_raise_that_decides_the_tie(window: MainWindow, cards: object) -> None:  # noqa: F811
    """ "Higher Velocity always goes first ... Within a velocity, higher throw result has
    priority. Tie: higher efficiency (after any raise) wins." "The raise happens at once
    and counts in the same challenge's tie-break.\""""
    campaign = campaign_of(window)
    campaign.cards.add("Bosun", "character", efficiency=55)
    cards.reload()  # type: ignore[attr-defined]
    challenge = cards.challenge  # type: ignore[attr-defined]
    for name in ("Saltmarsh drake", "Bosun", "Kara Voss"):
        select(cards, name)  # type: ignore[arg-type]
        cards._add_contender()  # type: ignore[attr-defined]
    # Drake (55) throws 99, Bosun (55) a raw 100: a Raise Throw, efficiency 56.
    challenge.set_values(0, velocity=1, forced_nr=0, throw=99)
    challenge.set_values(1, velocity=1, forced_nr=0, throw=100)
    challenge.set_values(2, velocity=3, forced_nr=0, throw=5)
    outcome = challenge.resolve()
    assert outcome is not None and not outcome.undecided
    # Kara is faster and goes first whatever she threw; then the Bosun's 100 beats 99.
    assert outcome.order == ("Kara Voss", "Bosun", "Saltmarsh drake")
    assert _efficiency(window, "Bosun") == 56  # the raise is written with the challenge


def test_a_raise_breaks_an_equal_result(window: MainWindow, cards: object) -> None:  # noqa: F811
    """Equal results, equal efficiency before the throw: the Raise Throw's +1 counts in
    the same challenge's tie-break (RULES.md section 1)."""
    campaign = campaign_of(window)
    campaign.cards.add("Twin A", "character", efficiency=100)
    campaign.cards.add("Twin B", "character", efficiency=99)
    campaign.update_settings(raise_from=99)
    cards.reload()  # type: ignore[attr-defined]
    challenge = cards.challenge  # type: ignore[attr-defined]
    for name in ("Twin A", "Twin B"):
        select(cards, name)  # type: ignore[arg-type]
        cards._add_contender()  # type: ignore[attr-defined]
    # A: throw 50, result max(50, 100) = 100, no raise. B: raw 100 -> result 100 and a
    # raise 99 -> 100. Equal results, equal efficiency after the raise: the GM decides.
    challenge.set_values(0, velocity=0, forced_nr=0, throw=50)
    challenge.set_values(1, velocity=0, forced_nr=0, throw=100)
    outcome = challenge.resolve()
    assert outcome is not None and set(outcome.undecided) == {"Twin A", "Twin B"}
    assert campaign.rolls.all() == []  # "the app asks; it never picks at random"
