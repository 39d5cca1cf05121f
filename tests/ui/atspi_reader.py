"""Read a running GM Desk's accessibility tree as a screen reader does (AT-SPI).

Run by Debian's own python3 (pyatspi is a system package, not in the venv), on the
session bus the app was started on: `python3 atspi_reader.py PID TIMEOUT NAME...`.
Prints one JSON object: the names found (with their AT-SPI role), the names still
missing when the time ran out, and every name seen, for the test's message.
"""

from __future__ import annotations

import json
import sys
import time

import pyatspi  # type: ignore[import-not-found]

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


def main(argv: list[str]) -> int:
    pid, timeout, wanted = int(argv[1]), float(argv[2]), argv[3:]
    deadline = time.monotonic() + timeout
    seen: dict[str, str] = {}
    while time.monotonic() < deadline:
        app = application(pid)
        if app is not None:
            seen = names_in(app)
            if all(name in seen for name in wanted):
                break
        time.sleep(0.5)
    found = {name: seen[name] for name in wanted if name in seen}
    missing = [name for name in wanted if name not in seen]
    print(json.dumps({"found": found, "missing": missing, "seen": sorted(seen)}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
