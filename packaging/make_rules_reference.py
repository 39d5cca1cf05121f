"""Turn ../shared/RULES.md into resources/rules-reference.html, the page Help shows,
and its translations resources/rules/RULES.<code>.md into rules-reference.<code>.html.

Run again whenever RULES.md or a translation changes; a test fails while a page and its
Markdown disagree, and while a translation was made from another RULES.md than the
current one (its first line records the sha256 of the text it translates). Qt's own
Markdown reader is used so that the page is exactly what QTextBrowser renders.
"""

from __future__ import annotations

import hashlib
import os
import re
import sys
from pathlib import Path

from PySide6.QtGui import QGuiApplication, QTextDocument

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT.parent / "shared" / "RULES.md"
TARGET = ROOT / "resources" / "rules-reference.html"
TRANSLATIONS = ROOT / "resources" / "rules"
# The languages the rules are translated into: RULES.<code>.md beside each other.
LANGUAGES = ("fr", "de", "es")
STYLE = (
    "body { font-family: sans-serif; line-height: 140%; } "
    "h1 { font-size: x-large; } h2 { font-size: large; margin-top: 18px; } "
    "code { font-family: monospace; }"
)
# A translation's first line: <!-- translated from RULES.md sha256 <hex> -->
RECORD = re.compile(r"<!-- translated from RULES\.md sha256 ([0-9a-f]{64}) -->")


def render(markdown: str) -> str:
    document = QTextDocument()
    document.setDefaultStyleSheet(STYLE)
    document.setMarkdown(markdown)
    return document.toHtml()


def translation(code: str) -> Path:
    """The Markdown of the rules in language ``code``."""
    return TRANSLATIONS / f"RULES.{code}.md"


def translated_page(code: str) -> Path:
    """The page made from ``translation(code)``."""
    return ROOT / "resources" / f"rules-reference.{code}.html"


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def recorded_sha256(markdown: str) -> str | None:
    """The sha256 of the RULES.md a translation says it translates, if it says."""
    first = markdown.split("\n", 1)[0].strip()
    found = RECORD.fullmatch(first)
    return found.group(1) if found else None


def main() -> int:
    # No screen is needed to lay out text: without this a headless machine aborts.
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    _app = QGuiApplication.instance() or QGuiApplication(["make_rules_reference"])
    current = None
    if SOURCE.exists():
        english = SOURCE.read_text(encoding="utf-8")
        current = sha256(english)
        TARGET.write_text(render(english), encoding="utf-8")
        print(f"wrote {TARGET}")
    else:
        print(f"{SOURCE} is missing", file=sys.stderr)
    for code in LANGUAGES:
        markdown = translation(code).read_text(encoding="utf-8")
        translated_page(code).write_text(render(markdown), encoding="utf-8")
        print(f"wrote {translated_page(code)}")
        if current is not None and recorded_sha256(markdown) != current:
            print(
                f"{translation(code).name} translates another RULES.md: "
                "translate the change and record the new sha256 on its first line",
                file=sys.stderr,
            )
    return 0 if current is not None else 1


if __name__ == "__main__":
    sys.exit(main())
