"""The Qt binding must not lose references to None, True and False.

PySide6 6.12.0 under Python 3.11 drops one reference to None each time a combo box
hands back None, or a signal carries it; the interpreter then dies ("deallocating
None"). This test fails on such a binding long before the app would crash.
"""

from __future__ import annotations

import sys

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QComboBox

ROUNDS = 2000


class _Emitter(QObject):
    carried = Signal(object)


def test_none_survives_combo_data(qapp: object) -> None:
    combo = QComboBox()
    combo.addItem("Everyone", None)
    before = sys.getrefcount(None)
    for _ in range(ROUNDS):
        assert combo.currentData() is None
    assert sys.getrefcount(None) >= before - 10


def test_none_and_bools_survive_signals(qapp: object) -> None:
    emitter = _Emitter()
    received: list[object] = []
    emitter.carried.connect(received.append)
    before = sys.getrefcount(None), sys.getrefcount(True), sys.getrefcount(False)
    for _ in range(ROUNDS):
        emitter.carried.emit(None)
        emitter.carried.emit(True)
    received.clear()
    after = sys.getrefcount(None), sys.getrefcount(True), sys.getrefcount(False)
    assert all(a >= b - 10 for a, b in zip(after, before, strict=True))
