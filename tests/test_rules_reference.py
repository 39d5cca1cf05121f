"""The rules reference shipped in resources/ says what ../shared/RULES.md says."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QTextDocument

from desktop.paths import resources_dir

RULES = Path(__file__).resolve().parents[2] / "shared" / "RULES.md"


@pytest.mark.skipif(not RULES.exists(), reason="../shared is not beside the project")
def test_shipped_page_matches_rules_md(qapp: object) -> None:
    expected = QTextDocument()
    expected.setMarkdown(RULES.read_text(encoding="utf-8"))
    shipped = QTextDocument()
    shipped.setHtml((resources_dir() / "rules-reference.html").read_text(encoding="utf-8"))
    assert shipped.toPlainText() == expected.toPlainText(), (
        "resources/rules-reference.html is out of date: run "
        "`.venv/bin/python packaging/make_rules_reference.py`"
    )
