"""Read a running GM Desk's accessibility tree as a screen reader does (AT-SPI).

Run by Debian's own python3 (pyatspi is a system package, not in the venv), on the
session bus the app was started on: `python3 atspi_reader.py PID TIMEOUT PRESS NAME...`.
Prints one JSON object: the names found (with their AT-SPI role), the names still
missing when the time ran out, and every name seen, for the test's message; then, when
PRESS names a button (else ""), presses it through its AT-SPI action and adds what was
announced ("object:announcement", as Orca hears it) in the next seconds.
"""

from __future__ import annotations

import json
import sys
import time

import pyatspi  # type: ignore[import-not-found]
from gi.repository import GLib  # type: ignore[import-not-found]

# Roles whose children are rows and cells (many D-Bus calls, and no control's name).
LEAVES = {"table", "tree table", "list", "tree", "page tab list", "menu bar", "menu"}


def application(pid: int) -> object | None:
    desktop = pyatspi.Registry.getDesktop(0)
    for index in range(desktop.childCount):
        app = desktop.getChildAtIndex(index)
        try:
            if app is not None and app.get_process_id() == pid:
                return app
        except Exception:  # an application gone while the desktop was read
            continue
    return None


def names_in(root: object, limit: int = 5000) -> dict[str, str]:
    """Every named, showing accessible under `root`: name -> role."""
    seen: dict[str, str] = {}
    stack = [root]
    visited = 0
    while stack and visited < limit:
        node = stack.pop()
        visited += 1
        try:
            name = node.name or ""
            role = node.getRoleName()
            showing = node.getState().contains(pyatspi.STATE_SHOWING)
            count = node.childCount
        except Exception:  # the widget went away while it was read
            continue
        if name and showing:
            seen.setdefault(name, role)
        if role in LEAVES and node is not root:
            continue
        for index in range(count):
            try:
                child = node.getChildAtIndex(index)
            except Exception:
                continue
            if child is not None:
                stack.append(child)
    return seen


def button(root: object, name: str) -> object | None:
    """The push button called `name` under `root`, depth first."""
    stack = [root]
    while stack:
        node = stack.pop()
        try:
            if node.name == name and node.getRoleName() == "push button":
                return node
            stack.extend(node.getChildAtIndex(i) for i in range(node.childCount))
        except Exception:  # the widget went away while it was read
            continue
    return None


def heard_after_pressing(app: object, name: str, seconds: float = 5.0) -> list[str]:
    """Press the button `name` through AT-SPI and listen for announcements."""
    heard: list[str] = []

    def on_announcement(event: object) -> None:
        heard.append(str(event.any_data))  # type: ignore[attr-defined]
        pyatspi.Registry.stop()

    def press() -> bool:
        target = button(app, name)
        if target is None:
            pyatspi.Registry.stop()
        else:
            target.queryAction().doAction(0)
        return False

    pyatspi.Registry.registerEventListener(on_announcement, "object:announcement")
    GLib.timeout_add(100, press)
    GLib.timeout_add(int(seconds * 1000), lambda: pyatspi.Registry.stop() or False)
    pyatspi.Registry.start()
    return heard


def main(argv: list[str]) -> int:
    pid, timeout, press, wanted = int(argv[1]), float(argv[2]), argv[3], argv[4:]
    deadline = time.monotonic() + timeout
    seen: dict[str, str] = {}
    app = None
    while time.monotonic() < deadline:
        app = application(pid)
        if app is not None:
            seen = names_in(app)
            if all(name in seen for name in wanted):
                break
        time.sleep(0.5)
    found = {name: seen[name] for name in wanted if name in seen}
    missing = [name for name in wanted if name not in seen]
    heard = heard_after_pressing(app, press) if press and app is not None else []
    print(json.dumps({"found": found, "missing": missing, "seen": sorted(seen), "heard": heard}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
