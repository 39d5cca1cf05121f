"""The players' page files (issue 29): plain files that keep to a strict Content Security
Policy (`default-src 'self'`: no inline script or style, nothing from another site, no
web fonts), that never read campaign text as HTML, and that speak the share protocol."""

from __future__ import annotations

import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest

PAGE = Path(__file__).resolve().parents[2] / "desktop" / "share" / "page"
HTML_FILES = ("index.html", "player.html")
# The page's script: player.js and the modules it imports, each a file of its own.
SCRIPTS = tuple(sorted(path.name for path in PAGE.glob("*.js")))
PAGE_FILES = (*HTML_FILES, "player.css", *SCRIPTS)


class PageParser(HTMLParser):
    """The page's elements, each with its attributes and whether it holds text."""

    def __init__(self) -> None:
        super().__init__()
        self.elements: list[tuple[str, dict[str, str | None]]] = []
        self.inline: list[str] = []  # the elements that hold inline script or style
        self.open: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append((tag, dict(attrs)))
        self.open.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if self.open and self.open[-1] == tag:
            self.open.pop()

    def handle_data(self, data: str) -> None:
        if self.open and self.open[-1] in {"script", "style"} and data.strip():
            self.inline.append(self.open[-1])


def parsed(name: str) -> PageParser:
    parser = PageParser()
    parser.feed((PAGE / name).read_text(encoding="utf-8"))
    return parser


@pytest.mark.parametrize("name", HTML_FILES)
def test_no_inline_code_nothing_from_elsewhere(name: str) -> None:
    page = parsed(name)
    assert page.inline == []
    tags = [tag for tag, _attrs in page.elements]
    assert "style" not in tags and "iframe" not in tags and "base" not in tags
    for tag, attrs in page.elements:
        assert "style" not in attrs, tag
        assert not [a for a in attrs if a.startswith("on")], tag
        for link in ("src", "href", "action"):
            value = attrs.get(link)
            if value is not None:
                assert value.startswith("/static/"), (tag, value)
    scripts = [attrs for tag, attrs in page.elements if tag == "script"]
    assert scripts == (
        [{"type": "module", "src": "/static/player.js"}] if name == "player.html" else []
    )
    viewport = [a for t, a in page.elements if t == "meta" and a.get("name") == "viewport"]
    assert viewport and "width=device-width" in str(viewport[0]["content"])


def test_the_join_page_names_no_character() -> None:
    text = (PAGE / "index.html").read_text(encoding="utf-8")
    assert "link your GM gave you" in text and "QR code" in text
    assert "/p/" not in text


@pytest.mark.parametrize("name", PAGE_FILES)
def test_no_address_outside_the_page(name: str) -> None:
    text = (PAGE / name).read_text(encoding="utf-8")
    assert not re.search(r"(?i)https?://|//[a-z0-9.-]+\.[a-z]{2,}/", text)
    assert "@import" not in text and "@font-face" not in text


def test_the_style_follows_the_device() -> None:
    css = (PAGE / "player.css").read_text(encoding="utf-8")
    assert "@media (prefers-color-scheme: dark)" in css
    assert "overflow-x: hidden" in css and "overflow-wrap: anywhere" in css
    assert "url(" not in css


def test_the_script_is_split_into_the_modules_player_js_imports() -> None:
    script = (PAGE / "player.js").read_text(encoding="utf-8")
    imported = set(re.findall(r'from "\./([a-z_]+\.js)"', script))
    assert {"dom.js", "sections.js", "requests.js", "roller.js", "all_ones.js"} <= imported
    # Every module is imported by some file of the page (none left unused), and each
    # import names a file that is there.
    named: set[str] = set()
    for name in SCRIPTS:
        named |= set(re.findall(r'from "\./([a-z_]+\.js)"', (PAGE / name).read_text("utf-8")))
    assert named <= set(SCRIPTS)
    assert set(SCRIPTS) - named == {"player.js"}
    # Text goes in as text: the modules write campaign words with textContent only.
    assert sum((PAGE / name).read_text("utf-8").count("textContent") for name in SCRIPTS) >= 5


@pytest.mark.parametrize("name", SCRIPTS)
def test_the_script_never_reads_campaign_text_as_html(name: str) -> None:
    script = (PAGE / name).read_text(encoding="utf-8")
    for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval("):
        assert sink not in script
    assert "new Function" not in script
    assert "innerText" not in script


def test_the_script_speaks_the_share_protocol() -> None:
    script = (PAGE / "player.js").read_text(encoding="utf-8")
    assert '"/ws/"' in script and '"wss://"' in script and '"ws://"' in script
    assert 'type: "hello", version: version' in script
    assert 'type: "resync"' in script
    for kind in ('"view"', '"error"', '"bye"'):
        assert f"message.type === {kind}" in script
    assert '"Reconnecting…"' in script


@pytest.mark.parametrize("name", SCRIPTS)
def test_the_script_parses(name: str) -> None:
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        pytest.skip("no node here to parse the page's script")
    checked = subprocess.run(
        [node, "--input-type=module", "--check"],
        input=(PAGE / name).read_text(encoding="utf-8"),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert checked.returncode == 0, checked.stderr
