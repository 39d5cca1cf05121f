"""Waiting for a dice tumble to end: on the animation's `settled` signal, never on a
guess of how long its frames take on a loaded machine."""

from __future__ import annotations

from pytestqt.qtbot import QtBot, SignalBlocker

from desktop.ui.dice_table.animation import RollAnimation

# Only a tumble that never ends waits this long: a slow machine never comes near it.
NEVER_SETTLES_MS = 120_000


def settles(qtbot: QtBot, animation: RollAnimation) -> SignalBlocker:
    """`with settles(qtbot, table.animation): <the input that rolls>` returns once the
    dice are at rest (the roll landed) and fails if they never are."""
    return qtbot.waitSignal(animation.settled, timeout=NEVER_SETTLES_MS)
