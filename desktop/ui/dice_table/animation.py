"""The tumble: rolled dice show random faces for a few frames, then the roll lands.

The animation knows nothing of the pool: it is told which rolls tumble, asked each frame
whether the GM is still looking at them, and shows faces and lands through callbacks;
`settled` tells whoever listens that the tumble is over (the dice at rest).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from PySide6.QtCore import QObject, QTimer, Signal

from desktop.rules import dicepool
from desktop.ui.widgets.dice_scene import DieState

ANIMATION_FRAMES = 8
ANIMATION_STEP_MS = 45


class RollAnimation(QObject):
    """One tumble at a time, on a timer owned by `parent`."""

    # The tumble ended by itself: the roll landed, or the GM looked away and it never
    # will. Not after `stop()`: a stopped tumble was thrown away by its owner.
    settled = Signal()

    def __init__(self, parent: QObject, rng: random.Random | None = None) -> None:
        super().__init__(parent)
        self._rng = rng or random.Random()
        self._frames = 0
        self._timer: QTimer | None = None

    def running(self) -> bool:
        """Whether dice are tumbling: a roll that has not landed yet."""
        return self._timer is not None

    def start(
        self,
        rolls: Sequence[dicepool.Roll],
        *,
        still_here: Callable[[], bool],
        show: Callable[[dict[int, DieState]], None],
        land: Callable[[], None],
    ) -> None:
        """Tumble `rolls`; `show` gets each frame's faces while `still_here()`, then `land`
        runs if the GM is still there, and `settled` is emitted in every case."""
        self._frames = ANIMATION_FRAMES

        def frame() -> None:
            self._frames -= 1
            here = still_here()
            if here and self._frames > 0:
                faces = {}
                for roll in rolls:
                    for die_id, size in zip(roll.die_ids, roll.sizes, strict=True):
                        faces[die_id] = DieState(face=self._rng.randint(1, size), rolled_size=size)
                show(faces)
                return
            self.stop()
            if here:
                land()
            self.settled.emit()

        self._timer = QTimer(self, interval=ANIMATION_STEP_MS)
        self._timer.timeout.connect(frame)
        self._timer.start()

    def stop(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer.deleteLater()
            self._timer = None
        self._frames = 0
