"""RULES.md section 2, Conflict: "each side rolls, its dice stepped only by its *own* traits".

Issue 13, item 1: Kara's Strength 2 used to step the Thug's dice too.
"""

from __future__ import annotations

from PySide6.QtCore import Qt

from desktop.store import Campaign
from desktop.ui.docks.dice_table import DiceTableWidget
from desktop.ui.main_window import MainWindow
from tests.ui.docks import shown_dock
from tests.ui.scripted import ScriptedRng


def _tick(chips: object, name: str) -> None:
    for row in range(chips.count()):  # type: ignore[attr-defined]
        item = chips.item(row)  # type: ignore[attr-defined]
        if item.text().startswith(name):
            item.setCheckState(Qt.CheckState.Checked)
            return
    raise AssertionError(f"no trait {name}")


def _setup(window: MainWindow) -> tuple[DiceTableWidget, Campaign, int, int, list[str]]:
    """Kara against a Thug on the dice table, each with three d6 and a trait; with the
    problems the session reports from now on."""
    assert window.session is not None
    campaign = window.session.campaign
    kara = campaign.roster.add("Kara", "pc")
    thug = campaign.roster.add("Thug", "npc")
    campaign.kit.add_dice(kara.id, size=6, count=3)
    campaign.kit.add_dice(thug.id, size=6, count=3)
    campaign.kit.add_trait(kara.id, "Strength", value=2, broad=True)
    campaign.kit.add_trait(thug.id, "Brute", value=1, broad=True)
    table = shown_dock(window, "diceTable", DiceTableWidget)
    table.animate_check.setChecked(False)
    window.session.select_character(kara.id)
    table.set_opponent(thug.id)
    problems: list[str] = []
    window.session.failed.connect(problems.append)
    return table, campaign, kara.id, thug.id, problems


def test_each_side_steps_only_with_its_own_traits(window: MainWindow) -> None:
    table, campaign, kara_id, thug_id, problems = _setup(window)
    kara_dice = campaign.kit.dice(kara_id)
    thug_dice = campaign.kit.dice(thug_id)
    for die in (*kara_dice[:2], *thug_dice[:2]):
        table.toggle_tray(die.id)
    _tick(table.traits, "Strength")
    # The opponent's traits are shown on its side, not the selected character's.
    assert [
        table.conflict_box.opp_traits.item(r).text()
        for r in range(table.conflict_box.opp_traits.count())
    ] == ["Brute  (1, broad)"]

    # Kara's ticked Strength 2 gives the Thug nothing: its Brute is not ticked.
    table.step(thug_dice[0].id, 1)
    assert problems and "Thug" in problems[-1]
    assert campaign.kit.dice(thug_id)[0].steps == 0

    _tick(table.conflict_box.opp_traits, "Brute")
    table.step(thug_dice[0].id, 1)
    assert campaign.kit.dice(thug_id)[0].steps == 1
    table.step(thug_dice[1].id, 1)  # Brute 1 is spent: a second step is refused
    assert campaign.kit.dice(thug_id)[1].steps == 0
    # ...and Kara still has both her steps: four steps never come from a trait worth two.
    table.step(kara_dice[0].id, 1)
    table.step(kara_dice[1].id, 1)
    assert [d.steps for d in campaign.kit.dice(kara_id)[:2]] == [1, 1]
    table.step(kara_dice[0].id, 1)
    assert campaign.kit.dice(kara_id)[0].steps == 1
    assert "2 of 2 used" in table.steps_label.text()
    assert "1 of 1 used" in table.conflict_box.opp_steps_label.text()

    window.session.rng = ScriptedRng([8, 8, 7, 2])
    table.roll()
    table.apply_conflict()
    [logged] = campaign.rolls.all()
    sides = logged.detail["sides"]
    assert [d["rolled_as"] for d in sides[0]["dice"]] == [8, 8]
    assert [d["rolled_as"] for d in sides[1]["dice"]] == [8, 6]


def test_a_trait_dropped_on_the_other_sides_die_is_refused(window: MainWindow) -> None:
    table, campaign, kara_id, thug_id, problems = _setup(window)
    thug_die = campaign.kit.dice(thug_id)[0]
    table.toggle_tray(thug_die.id)
    strength = campaign.kit.traits(kara_id)[0]
    table._on_trait_dropped(strength.id, thug_die.id)
    assert problems[-1] == "Each side steps its dice only with its own traits."
    assert campaign.kit.dice(thug_id)[0].steps == 0
