"""The window's share of Python's GIL against its worker threads."""

from __future__ import annotations

import sys

# Python on a worker thread (the odds, the statistics report, the plots' import) holds the
# GIL; the GUI thread takes it back for every slot, paint and event filter it runs in
# Python, and waited up to the interpreter's switch interval for it each time. At the
# default 5 ms, a repaint of the window that calls into Python a dozen times stood 25-90
# ms while a report was worked out (issue 33: a 1 ms timer on the GUI thread, 5,000
# rolls); at 0.2 ms the worker yields at once, and costs it a few percent of its speed
# only while the GUI thread wants the GIL.
SWITCH_INTERVAL_S = 0.0002


def favour_the_gui_thread() -> None:
    """Make threads running Python yield the GIL to the GUI thread quickly: once, when
    the window is made (it is the interpreter's, for every thread)."""
    sys.setswitchinterval(SWITCH_INTERVAL_S)
