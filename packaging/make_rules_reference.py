"""Turn ../shared/RULES.md into resources/rules-reference.html, the page Help shows.

Run again whenever RULES.md changes; a test fails while the two disagree. Qt's own
Markdown reader is used so that the page is exactly what QTextBrowser renders.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from PySide6.QtGui import QGuiApplication, QTextDocument

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT.parent / "shared" / "RULES.md"
TARGET = ROOT / "resources" / "rules-reference.html"
STYLE = (
    "body { font-family: sans-serif; line-height: 140%; } "
    "h1 { font-size: x-large; } h2 { font-size: large; margin-top: 18px; } "
    "code { font-family: monospace; }"
)


def render(markdown: str) -> str:
    document = QTextDocument()
    document.setDefaultStyleSheet(STYLE)
    document.setMarkdown(markdown)
    return document.toHtml()


def main() -> int:
    if not SOURCE.exists():
        print(f"{SOURCE} is missing", file=sys.stderr)
        return 1
    # No screen is needed to lay out text: without this a headless machine aborts.
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    _app = QGuiApplication.instance() or QGuiApplication(["make_rules_reference"])
    TARGET.write_text(render(SOURCE.read_text(encoding="utf-8")), encoding="utf-8")
    print(f"wrote {TARGET}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
