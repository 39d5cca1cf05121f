"""RULES.md section 4, Development, Clocks and Payoff, through the Chapter dock."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from desktop.rules import downtime
from desktop.ui.docks.chapter import ChapterWidget
from desktop.ui.main_window import MainWindow
from tests.ui.docks import campaign_of, shown_dock

CLICK = Qt.MouseButton.LeftButton


def test_turf_lowers_the_rep_needed_and_development_ignores_the_war(
    window: MainWindow, qtbot: QtBot
) -> None:
    """ "Development: rep needed = 12 - turf"; "When full: weak hold -> strong, rep 0";
    "Development ... acts on the chapter's own, peacetime hold and tier; the war's loss is
    applied on top.\""""
    campaign = campaign_of(window)
    campaign.chapter.add_claim("Docks", turf=True)
    campaign.chapter.add_claim("Warehouse", turf=True)
    campaign.chapter.update(tier=1, hold="weak", rep=10)
    campaign.factions.add("Red Sashes", tier=1, status=-3)  # at war
    sheet = shown_dock(window, "chapter", ChapterWidget).sheet
    chapter = campaign.chapter.get()
    assert chapter.turf == 2
    assert chapter.chapter.rep_needed == 10 and chapter.chapter.rep_full
    # At war the chapter counts as tier 0 (weak loses a tier), but develops its own hold.
    assert chapter.chapter.standing(True) == (0, "weak")
    assert sheet.develop_button.text() == "Strengthen hold"
    qtbot.mouseClick(sheet.develop_button, CLICK)
    chapter = campaign.chapter.get()
    assert (chapter.tier, chapter.hold, chapter.rep) == (1, "strong", 0)
    assert chapter.chapter.standing(True) == (1, "weak")  # the war's loss on top


def test_payoff_coin_by_job_size_and_a_quiet_job(window: MainWindow, qtbot: QtBot) -> None:
    """ "Payoff: rep = 0 if the job was kept quiet, else max(0, 2 + target tier - chapter
    tier). Coin by job size: minor 2, small 4, standard 6, big 8, major 10 or more.\""""
    campaign = campaign_of(window)
    campaign.chapter.update(tier=3)
    form = shown_dock(window, "chapter", ChapterWidget).sheet.payoff
    form.target_spin.setValue(0)  # 2 + 0 - 3 < 0: no rep
    for size, coin in (
        (downtime.MINOR, 2),
        (downtime.SMALL, 4),
        (downtime.STANDARD, 6),
        (downtime.BIG, 8),
    ):
        form.size_combo.setCurrentIndex(form.size_combo.findData(size))
        assert f"+{coin} coin" in form.preview.text()
    qtbot.mouseClick(form.apply_button, CLICK)
    chapter = campaign.chapter.get()
    assert (chapter.rep, chapter.coin) == (0, 8)
    form.target_spin.setValue(5)
    form.quiet_check.setChecked(True)
    qtbot.mouseClick(form.apply_button, CLICK)
    assert (campaign.chapter.get().rep, campaign.chapter.get().coin) == (0, 16)


def test_clock_progress_never_passes_full(window: MainWindow) -> None:
    """ "Clocks have 2..12 segments ... Progress from a roll: Failure 1, Success 2,
    Critical 2 + m; never past full.\""""
    campaign = campaign_of(window)
    clock = campaign.clocks.add("Heist", 4)
    for result, expected in (
        (downtime.Result(downtime.FAILURE), 1),
        (downtime.Result(downtime.SUCCESS), 3),
        (downtime.Result(downtime.CRITICAL, 2), 4),
    ):
        ticked = campaign.clocks.get(clock.id).clock.advance(result)
        campaign.clocks.update(clock.id, filled=ticked.filled)
        assert campaign.clocks.get(clock.id).filled == expected
