"""Views that read around a record the checks refuse, instead of raising into Qt.

An open checks every stored value unless GM Desk itself left the file so (store/trust.py);
another program may still write into the file while it is open. A view whose read then
meets a value the rules refuse (a faction tier of 99, a character kind 'bogus') raises
from deep in its drawing code. `guarded` slots and `on_topics` refreshes catch that:
when the session's value check finds a damaged record, the GM is told once, in plain
words pointing to File > Check Campaign, and the view keeps what it showed; when the
check finds none, the error is GM Desk's own and is raised as before.
"""

from __future__ import annotations

import inspect
import logging
from collections.abc import Callable
from functools import wraps
from typing import Any

# What reading a value the rules refuse raises on its way through a view.
READ_FAULTS = (ValueError, TypeError, KeyError, AttributeError, IndexError)

log = logging.getLogger(__name__)


def _read_around(view: object, fault: Exception) -> None:
    """Log a read a damaged record stopped, by the view and the fault's type only (a
    message may quote campaign text; the log holds none)."""
    log.warning("%s read around a damaged record (%s)", type(view).__name__, type(fault).__name__)


def damage_told(view: object) -> bool:
    """Whether the open campaign of `view` holds a damaged record (the GM then told)."""
    session = getattr(view, "_session", None) or getattr(view, "session", None)
    tell = getattr(session, "tell_damage", None)
    return bool(tell is not None and tell())


def guarded_call(view: object, call: Callable[[], object]) -> None:
    """`call()`, read around a damaged record of `view`'s campaign."""
    try:
        call()
    except READ_FAULTS as fault:
        if not damage_told(view):
            raise
        _read_around(view, fault)


def guarded(slot: Callable[..., Any]) -> Callable[..., Any]:
    """A view's slot, read around a damaged record (see the module's words)."""
    code = slot.__code__
    # Qt gives a slot as many of a signal's arguments as the slot takes: so does this.
    takes = None if code.co_flags & inspect.CO_VARARGS else code.co_argcount - 1

    @wraps(slot)
    def run(view: object, *args: object) -> Any:
        try:
            return slot(view, *(args if takes is None else args[:takes]))
        except READ_FAULTS as fault:
            if not damage_told(view):
                raise
            _read_around(view, fault)
            return None

    return run
