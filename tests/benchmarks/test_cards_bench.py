"""Filtering 10,000 SySCards as the GM types, against a plain `LIKE` on raw sqlite3.

Target (issue 5): each keystroke under 30 ms. The baseline, measured in the same run,
is `SELECT ... FROM card WHERE name LIKE ?` on a raw sqlite3 connection over the same
rows; the ratio is reported, the absolute time is what is asserted.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from desktop.store import Campaign
from desktop.store.exchange import import_campaign, trusted_images
from tests.benchmarks.timing import median_seconds

CARDS = 10_000
KEYSTROKE_S = 0.030
# Each word typed one key at a time, as the GM would.
WORDS = ("drake", "knife", "harbour", "rejection")
KEYSTROKES = [word[:n] for word in WORDS for n in range(1, len(word) + 1)]

SKILLS = ("Knife work", "Harbour lore", "Lamp-craft", "Surgery", "Poisons", "Sailing")
ITEMS = ("Boarding cutlass", "Oilskin coat", "Ledger", "Lantern", "Grapnel")
CREATURES = ("Saltmarsh drake", "Reed eel", "Mudhound", "Gull swarm")
# What Qt's rich text editor writes around even a short Info text.
INFO = (
    '<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.0//EN"><html><head>'
    '<meta name="qrichtext" content="1" /><meta charset="utf-8" />'
    '<style type="text/css">p, li {{ white-space: pre-wrap; }}</style></head>'
    "<body style=\" font-family:'Sans Serif'; font-size:10pt;\">"
    '<p style=" margin-top:0px; margin-bottom:0px;">{text}</p></body></html>'
)
TEXTS = (
    "<b>Forced Challenge:</b> anything slower must reach NR {n}.",
    "<b>Challenge Rejection:</b> it dodges; the challenger needs NR {n}.",
    "Plain recall is Tale Mode; anything new is Action Mode at the GM's NR.",
    "Bought in the harbour market for {n} crowns.",
)


def _card(n: int) -> dict[str, object]:
    """Card n of a campaign of crews: every tenth a character owning the nine after it."""
    crew = n // 10 * 10 + 1
    if n % 10 == 1:
        name, category, owner = f"Crew member {n}", "character", None
    elif n % 10 in (2, 3, 4, 5):
        name, category, owner = f"{SKILLS[n % len(SKILLS)]} {n}", "skill", crew
    elif n % 10 in (6, 7, 8):
        name, category, owner = f"{ITEMS[n % len(ITEMS)]} {n}", "item", crew
    else:
        name, category, owner = f"{CREATURES[n % len(CREATURES)]} {n}", "creature", None
    return {
        "id": n,
        "name": name,
        "category": category,
        "owner_id": owner,
        "efficiency": n % 100 + 1,
        "power": n % 7,
        "velocity": n % 9,
        "info": INFO.format(text=TEXTS[n % len(TEXTS)].format(n=n % 90 + 10)),
        "tags": ["crew", "marsh"] if n % 3 else ["harbour"],
        "position": n,
    }


@pytest.fixture(scope="module")
def card_campaign(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("cards")
    document = {
        "format": "gm-desk-campaign",
        "version": 1,
        "campaign": {"name": "Ten thousand cards", "start_date": "2026-03-01"},
        "cards": [_card(n) for n in range(1, CARDS + 1)],
    }
    source = folder / "cards.json"
    source.write_text(json.dumps(document), encoding="utf-8")
    path = folder / "cards.gmdesk"
    import_campaign(source, path, data_dir=folder / "data", images=trusted_images).close()
    return path, folder / "data"


def _raw_filter(connection: sqlite3.Connection, text: str) -> int:
    rows = connection.execute(
        "SELECT id, name, category, owner_id, character_id, capacity, efficiency, power,"
        " velocity, focus, resistance, zone, scale, info, tags, position"
        " FROM card WHERE name LIKE ? ORDER BY position, id",
        (f"%{text}%",),
    ).fetchall()
    return len(rows)


def _typing(campaign: Campaign) -> list[int]:
    return [len(campaign.cards.all(text)) for text in KEYSTROKES]


def _after_a_change(campaign: Campaign) -> int:
    # What the first filter after any commit costs: every card is read into the cache
    # again. Reported, not asserted: it follows an edit, not a keystroke.
    campaign.cards._card_cache_version = None
    return len(campaign.cards.all(""))


def test_filter_10k_cards_per_keystroke(
    benchmark: BenchmarkFixture, card_campaign: tuple[Path, Path]
) -> None:
    path, data = card_campaign
    raw = sqlite3.connect(path)
    campaign = Campaign.open(path, data_dir=data, read_only=True)
    try:
        assert campaign.cards.count() == CARDS
        lines = []
        worst = 0.0
        for text in KEYSTROKES:
            found = len(campaign.cards.all(text))
            store_s = median_seconds(lambda text=text: campaign.cards.all(text), rounds=7)
            raw_s = median_seconds(lambda text=text: _raw_filter(raw, text), rounds=7)
            worst = max(worst, store_s)
            lines.append(
                f"  {text!r:13} {found:6} cards  {store_s * 1000:6.1f} ms"
                f"  (raw name LIKE {raw_s * 1000:5.1f} ms, {store_s / raw_s:4.1f}x)"
            )
        counts = benchmark.pedantic(_typing, args=(campaign,), rounds=5, warmup_rounds=1)
        refill_s = median_seconds(lambda: _after_a_change(campaign), rounds=5)
    finally:
        campaign.close()
        raw.close()
    per_key = benchmark.stats.stats.median / len(KEYSTROKES)
    benchmark.extra_info.update(
        per_keystroke_s=per_key, worst_s=worst, refill_s=refill_s, target=KEYSTROKE_S
    )
    print(f"\nfilter 10k cards, per keystroke ({per_key * 1000:.1f} ms on average):")
    print("\n".join(lines))
    print(f"  first filter after a change (cache refill): {refill_s * 1000:.1f} ms")
    assert len(counts) == len(KEYSTROKES) and counts[-1] > 0
    assert worst <= KEYSTROKE_S
