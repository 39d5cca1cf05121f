"""The dice pictures of the players' pages (issue 29): SVG made by the desktop's own dice
painter, one file per look a payload can name, with the desktop's colours, hatching,
dashes and crosses; and the page's badge colours are the ladder's."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from desktop.paint.dice import DEPLETED, LOOKS
from desktop.rules.dicepool import SIZES, Kind
from desktop.store import Campaign
from desktop.ui.share_art import die_art
from desktop.ui.theme import STATUS_COLOURS
from desktop.views.die_art import art_looks
from desktop.views.player import payload, player_view
from tests.views.test_player_view import roll_for

SVG = "{http://www.w3.org/2000/svg}"
PAGE = Path(__file__).resolve().parents[2] / "desktop" / "share" / "page"


@pytest.fixture(scope="module")
def art() -> dict[str, bytes]:
    QApplication.instance() or QApplication([])
    return die_art()


def test_one_valid_svg_per_look(art: dict[str, bytes]) -> None:
    names = [look.name for look in art_looks()]
    assert len(names) == len(set(names)) == len(art)
    # 4 kinds (a newer file's unknown kind too) x 6 sizes x 3 places; every face of
    # every size, depleted or not.
    assert len(art) == 4 * 6 * 3 + sum(SIZES) * 2
    for name, data in art.items():
        root = ElementTree.fromstring(data)
        assert root.tag == f"{SVG}svg", name
        assert root.get("viewBox") == "0 0 96 96"
        assert root.find(f".//{SVG}path") is not None or root.find(f".//{SVG}polygon") is not None
        assert b"mm" not in data.split(b">", 2)[1]  # sized by the page, not in millimetres


def test_the_looks_are_the_desktops(art: dict[str, bytes]) -> None:
    for kind in (Kind.DAMAGE, Kind.PROTECTION):
        pool = art[f"die-{kind}-d8-pool.svg"]
        assert LOOKS[kind].fill.encode() in pool  # the gradient's middle is the fill
        assert b"<pattern" in pool  # the hatching, so black and white reads it too
        assert LOOKS[kind].letter.encode() + b" d8" in pool
        assert b"<pattern" not in art[f"die-{kind}-d8-table.svg"]  # depleted: grey, plain
    ordinary = art["die-ordinary-d12-pool.svg"]
    assert LOOKS[Kind.ORDINARY].fill.encode() in ordinary and b"<pattern" not in ordinary
    table = art["die-ordinary-d6-table.svg"]
    assert DEPLETED.fill.encode() in table and b"stroke-dasharray" in table
    assert b"#7a1f14" in art["die-ordinary-d6-removed.svg"]  # the removed die's cross
    assert b"#7a1f14" not in art["die-ordinary-d6-pool.svg"]
    # A rolled d6 shows its face in pips (circles), another die its number.
    assert len(re.findall(rb"<circle|<ellipse", art["roll-d6-5.svg"])) == 5
    assert b">17<" in art["roll-d20-17.svg"]
    # Qt's own font name is not sent to a phone that may lack it.
    assert b'font-family="sans-serif"' in ordinary and b"Sans Serif" not in ordinary


def test_every_picture_a_payload_names_is_drawn(campaign: Campaign, art: dict[str, bytes]) -> None:
    kara = campaign.roster.add("Kara Voss", "pc")
    for size in SIZES:
        campaign.kit.add_dice(kara.id, size=size, count=2)
    campaign.kit.add_dice(kara.id, size=10, place="table")
    campaign.kit.add_dice(kara.id, size=12, place="removed")
    campaign.kit.add_item(kara.id, "Sabre", "weapon", 20)
    campaign.kit.add_item(kara.id, "Mail", "armour", 4)
    roll_for(campaign, kara.id, [1, 3, 2], count=3)
    data = payload(player_view(campaign, kara.id))
    dice = data["dice"]
    roll = data["last_roll"]
    assert isinstance(dice, list) and isinstance(roll, dict) and isinstance(roll["dice"], list)
    named = {die["art"] for die in [*dice, *roll["dice"]]}
    assert len(named) >= 10
    assert named <= set(art)


def test_the_pages_status_badges_are_the_ladders_colours() -> None:
    css = (PAGE / "player.css").read_text(encoding="utf-8")
    badges = dict(
        re.findall(r'\.badge\[data-status="(-?\d)"\] \{ background: (#[0-9a-f]{6}); \}', css)
    )
    assert {int(status): colour for status, colour in badges.items()} == STATUS_COLOURS
