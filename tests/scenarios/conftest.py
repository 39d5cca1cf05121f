"""Scenarios: whole rules played through the real store and widgets.

Each test names the RULES.md line it checks, so a reader can hold the rules against them.
The window fixtures are the UI tests' own (a main window per test, no leaked windows).
"""

from __future__ import annotations

from tests.ui.conftest import make_window, settings_path, window  # noqa: F401
