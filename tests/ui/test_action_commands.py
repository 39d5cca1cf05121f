"""The undo commands that call the actions of `desktop.actions`: one step each, and a
failure midway leaves the file and the undo stack as they were."""

from __future__ import annotations

from typing import Any

import pytest

from desktop.actions.dice import roll_tray
from desktop.actions.play import NewDieGiven
from desktop.store import Campaign
from desktop.store.errors import CampaignWriteFailed
from desktop.ui.dice_commands import RollTray
from desktop.ui.play_commands import EndRoundWithAward
from desktop.ui.session import CampaignSession
from desktop.ui.session_xp_commands import MarkSessionXp
from tests.actions.conftest import in_tray
from tests.store.file_reads import raw_rows
from tests.ui.scripted import ScriptedRng


def _broken(*_args: Any, **_kwargs: Any) -> None:
    # What a disk failing midway raises from the store (a programming error is shown
    # differently: tests/ui/test_unexpected_errors.py).
    raise CampaignWriteFailed("the disk went away midway")


def test_a_roll_is_one_step_and_undo_puts_the_dice_back(
    campaign: Campaign, session: CampaignSession
) -> None:
    kara = campaign.roster.add("Kara Voss")
    dice = in_tray(campaign, campaign.kit.add_dice(kara.id, count=2))
    roll = roll_tray(dice, 0, ScriptedRng([1, 5]))
    revision = campaign.revision
    command = RollTray(session, kara, roll, steps_allowed=0)
    assert session.push(command)
    assert campaign.revision == revision + 1 and session.undo_stack.count() == 1
    assert command.done is not None and command.done.summary.endswith("1 depleted.")
    session.undo_stack.undo()
    assert campaign.kit.dice(kara.id) == dice
    [line] = campaign.rolls.all()
    assert line.undone
    session.undo_stack.redo()
    assert [d.place for d in campaign.kit.dice(kara.id)] == ["table", "pool"]


def test_a_roll_that_fails_midway_leaves_the_file_and_the_stack(
    campaign: Campaign, session: CampaignSession, monkeypatch: pytest.MonkeyPatch
) -> None:
    kara = campaign.roster.add("Kara Voss")
    dice = in_tray(campaign, campaign.kit.add_dice(kara.id, count=2))
    roll = roll_tray(dice, 0, ScriptedRng([1, 5]))
    before = raw_rows(campaign, "SELECT * FROM die ORDER BY id")
    from desktop.store.rolls import writes as writer

    monkeypatch.setattr(writer, "add_roll", _broken)
    assert not session.push(RollTray(session, kara, roll, steps_allowed=0))
    assert session.undo_stack.count() == 0
    assert raw_rows(campaign, "SELECT * FROM die ORDER BY id") == before
    assert "disk went away" in (session.last_failure or "")


def test_an_award_that_fails_midway_leaves_the_file_and_the_stack(
    campaign: Campaign, session: CampaignSession, monkeypatch: pytest.MonkeyPatch
) -> None:
    ash = campaign.roster.add("Ash", "pc")
    campaign.kit.add_dice(ash.id, count=3)
    campaign.games.start(at="2026-03-01T19:00:00")
    campaign.games.set_scene("A ford in the rain", [ash.id])
    before = raw_rows(campaign, "SELECT * FROM die ORDER BY id")
    game = raw_rows(campaign, "SELECT * FROM game")
    from desktop.store.kit import writes as writer

    monkeypatch.setattr(writer, "add_dice", _broken)
    assert not session.push(EndRoundWithAward(session, NewDieGiven(ash.id)))
    assert session.undo_stack.count() == 0
    assert raw_rows(campaign, "SELECT * FROM die ORDER BY id") == before
    assert raw_rows(campaign, "SELECT * FROM game") == game


def test_an_award_is_one_step_named_once_the_die_is_placed(
    campaign: Campaign, session: CampaignSession
) -> None:
    ash = campaign.roster.add("Ash", "pc")
    campaign.kit.add_dice(ash.id, count=3)
    campaign.games.start(at="2026-03-01T19:00:00")
    campaign.games.set_scene("A ford in the rain", [ash.id])
    revision = campaign.revision
    assert session.push(EndRoundWithAward(session, NewDieGiven(ash.id)))
    assert campaign.revision == revision + 1
    assert session.undo_stack.undoText() == "Award a new depleted d6 to Ash; end round"
    session.undo_stack.undo()
    assert len(campaign.kit.dice(ash.id)) == 3


def test_the_xp_marks_are_one_step_undone_whole(
    campaign: Campaign, session: CampaignSession
) -> None:
    ash = campaign.roster.add("Ash", "pc")
    bryn = campaign.roster.add("Bryn", "pc")
    sheets = {cid: campaign.downtime.sheet(cid) for cid in (ash.id, bryn.id)}
    chosen = [(cid, sheet.xp[0][0]) for cid, sheet in sheets.items()]
    revision = campaign.revision
    assert session.push(MarkSessionXp(session, chosen))
    assert campaign.revision == revision + 1
    session.undo_stack.undo()
    assert campaign.revision == revision + 2
    assert {cid: campaign.downtime.sheet(cid) for cid in sheets} == sheets
