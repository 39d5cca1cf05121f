"""What the action tests share: who rolls, and how a campaign's file is watched."""

from __future__ import annotations

from dataclasses import replace

import pytest

from desktop.store import Campaign, CharacterRecord, DieRecord


@pytest.fixture
def kara(campaign: Campaign) -> CharacterRecord:
    return campaign.roster.add("Kara Voss")


@pytest.fixture
def ilian(campaign: Campaign) -> CharacterRecord:
    return campaign.roster.add("Brother Ilian")


def in_tray(campaign: Campaign, dice: list[DieRecord]) -> list[DieRecord]:
    """`dice` put in their owner's tray (written, as the GM's drags would)."""
    moved = [replace(d, in_tray=True) for d in dice]
    campaign.kit.update_dice(moved)
    return moved


def places(campaign: Campaign, character_id: int) -> list[str]:
    return [d.place for d in campaign.kit.dice(character_id)]
