"""RULES.md section 4, War standing: "wherever a tier counts (payoff rep, asset quality,
the dice of a fortune or action roll on tier, gang scale), a chapter or faction at war
counts with its war standing (hold one lower, which may drop a tier while the war lasts).
A payoff recorded while the chapter is at war adds +1 heat."

Issue 13, item 2: the payoff, Acquire Asset and the fortune roll used the stored tier.
"""

from __future__ import annotations

from PySide6.QtCore import Qt

from desktop.rules import downtime
from desktop.ui.docks.chapter import ChapterWidget
from desktop.ui.downtime.faction_phase import FactionPhase
from desktop.ui.main_window import MainWindow
from tests.ui.docks import campaign_of, shown_dock
from tests.ui.scripted import ScriptedRng
from tests.ui.test_downtime_session import choose, pick, start

CLICK = Qt.MouseButton.LeftButton


def _at_war(window: MainWindow) -> None:
    """A tier-2 chapter with weak hold, at war (status -3) with the Red Sashes."""
    campaign = campaign_of(window)
    campaign.chapter.update(tier=2, hold="weak", coin=6, rep=0, heat=0)
    campaign.factions.add("Red Sashes", tier=2, hold="strong", status=-3)
    assert campaign.chapter.get().at_war


def _faction_clock(
    window: MainWindow, faction: str, clock: str, segments: int, **fields: object
) -> FactionPhase:
    """A new downtime session's faction phase, showing a new clock of a new faction."""
    campaign = campaign_of(window)
    owner = campaign.factions.add(faction, **fields)
    record = campaign.clocks.add(clock, segments, owner_kind="faction", owner_id=owner.id)
    dialog = start(window)
    dialog.tabs.setCurrentIndex(1)
    phase = dialog.factions
    phase.select_clock(record.id)
    return phase


def test_a_payoff_at_war_counts_tier_1_and_adds_heat(window: MainWindow, qtbot: object) -> None:
    _at_war(window)
    assert window.session is not None
    campaign = window.session.campaign
    dock = shown_dock(window, "chapter", ChapterWidget)
    form = dock.sheet.payoff
    form.target_spin.setValue(2)
    form.size_combo.setCurrentIndex(form.size_combo.findData(downtime.STANDARD))
    # "rep = max(0, 2 + target tier - chapter tier)": at war the chapter counts as tier 1,
    # so a tier-2 target brings 3, not 2; and "+1 heat" for a payoff at war.
    assert "+3 rep" in form.preview.text()
    assert "+1 heat" in form.preview.text()
    qtbot.mouseClick(form.apply_button, CLICK)  # type: ignore[attr-defined]
    chapter = campaign.chapter.get()
    assert (chapter.rep, chapter.coin, chapter.heat) == (3, 12, 1)
    assert (chapter.tier, chapter.hold) == (2, "weak")  # the stored tier stays pre-war
    window.session.undo_stack.undo()
    assert (campaign.chapter.get().rep, campaign.chapter.get().heat) == (0, 0)


def test_a_payoff_in_peace_adds_no_heat(window: MainWindow) -> None:
    campaign = campaign_of(window)
    campaign.chapter.update(tier=2, hold="weak")
    campaign.chapter.apply_payoff(2, False, downtime.STANDARD)
    chapter = campaign.chapter.get()
    assert (chapter.rep, chapter.heat) == (2, 0)


def test_acquire_asset_at_war_counts_the_war_tier(window: MainWindow, qtbot: object) -> None:
    _at_war(window)
    campaign = campaign_of(window)
    kara = campaign.roster.add("Kara", "pc")
    dialog = start(window)
    form = choose(dialog, "Kara")
    # "one downtime activity per character instead of two" at war
    assert "1</b> free" in form.allowance.text() or "of 1 free" in form.allowance.text()
    pick(form, "acquire_asset")
    form.asset_edit.setText("a boat")
    picker = form.picker
    picker.level_combo.setCurrentIndex(picker.level_combo.findData("success"))
    # "quality: ... Success tier": the war tier 1, not the stored 2.
    assert "Quality 1" in form.preview.text()
    form.quality_coin.setValue(2)  # "+1 quality per 2 coin"
    assert "Quality 2" in form.preview.text()
    qtbot.mouseClick(form.record_button, CLICK)  # type: ignore[attr-defined]
    [entry] = campaign.downtime.entries()
    assert entry.summary.startswith("Kara acquired a boat at quality 2")
    assert campaign.chapter.get().coin == 4
    assert campaign.downtime.of_character(kara.id).free_left == 0


def test_a_fortune_roll_at_war_rolls_the_war_tier(window: MainWindow, qtbot: object) -> None:
    phase = _faction_clock(
        window, "Red Sashes", "Take the docks", 6, tier=3, hold="weak", at_war_with_others=True
    )
    # "the dice of a fortune ... roll on tier": tier 3 weak at war counts as tier 2.
    assert phase.picker.dice_spin.value() == 2
    assert window.session is not None
    window.session.rng = ScriptedRng([6, 5])  # 11 against Risky 11: Success, 2 ticks
    qtbot.mouseClick(phase.picker.roll_button, CLICK)  # type: ignore[attr-defined]
    assert "0/6 → 2/6" in phase.preview.text()


def test_a_roll_of_zero_dice_keeps_the_lower_of_two(window: MainWindow, qtbot: object) -> None:
    """RULES.md section 4: "A roll of 0 dice (a tier-0 fortune roll, a rating of 0) rolls
    two dice and keeps the lower.\""""
    phase = _faction_clock(window, "Dock Rats", "Nest", 4, tier=0, hold="weak")
    assert phase.picker.dice_spin.value() == 0
    assert window.session is not None
    window.session.rng = ScriptedRng([6, 5])  # two dice, the lower (5) kept: Failure
    qtbot.mouseClick(phase.picker.roll_button, CLICK)  # type: ignore[attr-defined]
    assert "the lower kept" in phase.picker.roll_label.text()
    assert "<b>5</b>" in phase.picker.roll_label.text()
    assert "0/4 → 1/4" in phase.preview.text()


def test_a_downtime_session_at_war_charges_the_second_activity(
    window: MainWindow, qtbot: object
) -> None:
    """ "At war ...: one downtime activity per character instead of two" and "each extra
    costs 1 coin or 1 rep": the store charges it by the rules from the GM's choice."""
    _at_war(window)
    assert window.session is not None
    campaign = window.session.campaign
    campaign.chapter.update(rep=4)
    brann = campaign.roster.add("Brann", "pc")
    dialog = start(window)
    form = choose(dialog, "Brann")
    pick(form, "train")
    form.track_combo.setCurrentIndex(form.track_combo.findData("Prowess"))
    qtbot.mouseClick(form.record_button, CLICK)  # type: ignore[attr-defined]
    assert (campaign.chapter.get().coin, campaign.chapter.get().rep) == (6, 4)  # the free one
    assert form.extra_row.isVisibleTo(form)  # at war, the second is already an extra
    pick(form, "train")
    form.extra_combo.setCurrentIndex(form.extra_combo.findData("rep"))
    assert "Chapter rep 4 → 3" in form.preview.text()
    qtbot.mouseClick(form.record_button, CLICK)  # type: ignore[attr-defined]
    assert (campaign.chapter.get().coin, campaign.chapter.get().rep) == (6, 3)
    entries = campaign.downtime.entries()
    assert [e.extra for e in entries] == ["", "rep"]
    assert campaign.downtime.of_character(brann.id).free_left == 0
    window.session.undo_stack.undo()
    assert campaign.chapter.get().rep == 4
    window.session.undo_stack.redo()
    assert campaign.chapter.get().rep == 3


def test_the_store_charges_an_activity_by_the_rules(window: MainWindow) -> None:
    """The store works the charge out from the GM's choice: the currency it names is used
    only once no free activity is left, and one must be named then."""
    from desktop.store import DowntimeStep

    _at_war(window)
    campaign = campaign_of(window)
    kara = campaign.roster.add("Kara", "pc")
    campaign.downtime.start_session()
    campaign.downtime.record(DowntimeStep(kara.id, "healing", "Healed", coin_spent=2, extra="rep"))
    assert campaign.chapter.get().coin == 4  # 6 less the 2 coin raising the result
    assert campaign.chapter.get().rep == 0  # the free one: no rep, whatever was named
    assert campaign.downtime.entries()[0].extra == ""
    try:
        campaign.downtime.record(DowntimeStep(kara.id, "healing", "Healed again"))
    except ValueError as error:
        assert "coin or rep" in str(error)
    else:
        raise AssertionError("an extra activity without its currency was recorded")
    campaign.downtime.record(DowntimeStep(kara.id, "healing", "Healed again", extra="coin"))
    assert campaign.chapter.get().coin == 3
