"""Benchmark: the campaign search (issue 32) on a big campaign, same run.

10,000 characters, 10,000 SySCards and 100,000 energy ledger entries (2,000
characters' ten days of five entries), written with plain SQL (the index's triggers
fill it as the rows go in). Targets, from the issue:

- each keystroke's `find` (a word typed letter by letter, then a second word) at most
  16 ms at the 95th percentile, and at most 3x a raw FTS5 MATCH of the same words
  (the same expression, ranked and limited alike: the records' reading and the marking
  of the matched words are what `find` adds);
- a write (a character's notes, a card's Info, a day of the ledger) at most 1.2x its
  time on a copy of the file without the index's triggers, timed alternately;
- the file (both vacuumed) at most 40% bigger than a copy without the index.

The asserts run only under ``make bench``.
"""

from __future__ import annotations

import json
import random
import sqlite3
import statistics
import time
from collections.abc import Callable, Iterator
from contextlib import closing
from pathlib import Path

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from desktop.rules import energy as rules
from desktop.store import Campaign
from desktop.store.calendar.codec import day_text
from desktop.store.search import search_text
from desktop.store.search_index import out_of_step, rebuild
from desktop.store.search_index.manager import BROAD
from desktop.store.search_index.query import match_expression, terms
from tests.benchmarks.timing import alternating

CHARACTERS = 10_000
CARDS = 10_000
LEDGER_CHARACTERS = 2_000
DAYS = 10
ENTRIES = 5  # a day: 2,000 x 10 x 5 = 100,000 ledger entries
KEYSTROKE_P95_S = 0.016
MAX_RAW_RATIO = 3.0
MAX_WRITE_RATIO = 1.2
MAX_GROWTH = 0.40
ROUNDS = 40

SYLLABLES = [
    *("ka", "ra", "vo", "ss", "bri", "nn", "ta", "el", "mar", "do", "lu", "the", "gan"),
    *("ost", "ri", "ve", "ha", "bo", "ur", "ch", "ai", "fe", "ld", "wi", "nd", "sto"),
    *("rm", "gu", "ll", "pe", "ar", "ki", "ng", "sal", "tm", "il", "lo", "ck", "har"),
    *("dra", "ow", "ne", "sta", "ir"),
]


def _vocabulary(rng: random.Random, size: int) -> list[str]:
    words: set[str] = set()
    while len(words) < size:
        words.add("".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 4))))
    return sorted(words)


def _sentence(rng: random.Random, words: list[str], count: int) -> str:
    # Zipf-like: a few words are everywhere, most are rare (as in a GM's notes).
    return " ".join(
        words[min(int(rng.paretovariate(1.1)) - 1, len(words) - 1)] for _ in range(count)
    )


def _day_templates() -> dict[int, dict[str, object]]:
    """A day of five tasks as the rules make it, for each day: notes do not change
    whether a day adds up, so the big file's days are these with other notes."""
    profile = rules.CharacterProfile.create("Bench", 30, {"Stealth": 4})
    made = {}
    for day in range(1, DAYS + 1):
        state = rules.start_day(profile, day=day)
        for _ in range(ENTRIES):
            state = rules.task(profile, state, 3, 5, ability="Stealth", note="x").state
        made[day] = json.loads(day_text(state))
    return made


def _fill(path: Path) -> None:
    """The big campaign's rows, with plain SQL in one transaction."""
    words = _words()
    rng = random.Random(33)
    with closing(sqlite3.connect(path)) as connection:
        connection.execute("PRAGMA foreign_keys=ON")
        connection.executemany(
            "INSERT INTO character (id, name, kind, notes, position) VALUES (?, ?, ?, ?, ?)",
            [
                (
                    number,
                    f"{rng.choice(words[:500]).title()} {rng.choice(words[500:1000]).title()}",
                    "pc" if number % 5 else "npc",
                    _sentence(rng, words, 12),
                    number,
                )
                for number in range(1, CHARACTERS + 1)
            ],
        )
        cards = []
        for number in range(1, CARDS + 1):
            name = f"{rng.choice(words).title()} {rng.choice(words)}"
            info = f"<html><body><p>{_sentence(rng, words, 30)}</p></body></html>"
            tags = rng.choice(words[:50])
            cards.append((number, name, "skill", info, tags, search_text(name, info, tags), number))
        connection.executemany(
            "INSERT INTO card (id, name, category, info, tags, search_text, position, capacity,"
            " efficiency, power, velocity, focus, resistance, zone, scale, shown)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, 1, 50, 0, 0, 0, 0, '', '', 0)",
            cards,
        )
        days = []
        templates = _day_templates()
        for character in range(1, LEDGER_CHARACTERS + 1):
            for day in range(1, DAYS + 1):
                state = templates[day]
                for entry in state["entries"]:  # type: ignore[attr-defined]
                    entry["note"] = _sentence(rng, words, 5)
                days.append((character, day, json.dumps(state)))
        connection.executemany(
            "INSERT INTO energy_day (character_id, day, state) VALUES (?, ?, ?)", days
        )
        connection.execute("UPDATE campaign SET current_day = ?", (DAYS,))
        connection.commit()


@pytest.fixture(scope="module")
def big(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    folder = tmp_path_factory.mktemp("search-bench")
    Campaign.create(folder / "Big.gmdesk", data_dir=folder / "data").close()
    _fill(folder / "Big.gmdesk")
    yield folder / "Big.gmdesk"


def _data(path: Path) -> Path:
    """One data folder for every open of the big file and its copies."""
    return path.parent / "data"


def _words() -> list[str]:
    """The big file's words, in the order `_fill` uses them (the same seed)."""
    rng = random.Random(32)
    words = _vocabulary(rng, 3_000)
    rng.shuffle(words)
    return words


def _keystrokes() -> list[str]:
    """What the GM's box holds after each keystroke: words of the file typed letter by
    letter, a second one after the first: the commonest words of the notes (in
    thousands of records), first and last names, rare words."""
    words = _words()
    picked = [words[n] for n in (0, 1, 5, 40, 300, 700, 1500, 2900)]
    typed = []
    for first, second in zip(picked, reversed(picked), strict=True):
        typed += [first[:n] for n in range(1, len(first) + 1)]
        typed += [f"{first} {second[:n]}" for n in range(1, len(second) + 1)]
    return typed


@pytest.mark.benchmark(group="search: a keystroke's find against a raw FTS5 match")
def test_bench_search_keystrokes(benchmark: BenchmarkFixture, big: Path, tmp_path: Path) -> None:
    typed = _keystrokes()
    with Campaign.open(big, data_dir=_data(big), read_only=True) as campaign:
        raw = campaign.read  # the campaign's own reading connection, as `find` reads

        def raw_match(text: str) -> int:
            expression = match_expression(terms(text))
            if not expression:
                return 0
            rows = raw(
                "SELECT rowid FROM search_index WHERE search_index MATCH ?"
                " ORDER BY bm25(search_index, 4.0, 1.0) LIMIT 50",
                (expression,),
            )
            return len(rows)

        def matches(text: str) -> int:
            """How many records `text` matches, up to BROAD + 1 (untimed)."""
            expression = match_expression(terms(text))
            if not expression:
                return 0
            sql = "SELECT rowid FROM search_index WHERE search_index MATCH ? LIMIT ?"
            return len(raw(sql, (expression, BROAD + 1)))

        # The narrow keystrokes, where `find` ranks every match as the raw query does.
        narrow = {text for text in typed if matches(text) <= BROAD}
        finds: list[float] = []
        raws: list[float] = []
        narrow_pairs: list[tuple[float, float]] = []
        hits = 0
        for _round in range(3):
            for text in typed:
                started = time.perf_counter()
                raw_match(text)
                raws.append(time.perf_counter() - started)
                started = time.perf_counter()
                hits += len(campaign.search_index.find(text))
                finds.append(time.perf_counter() - started)
                if text in narrow:
                    narrow_pairs.append((finds[-1], raws[-1]))
        benchmark.pedantic(lambda: [campaign.search_index.find(t) for t in typed], rounds=3)
    p95 = statistics.quantiles(finds, n=20)[-1]
    ratio = sum(finds) / sum(raws)
    narrow_ratio = sum(f for f, _r in narrow_pairs) / sum(r for _f, r in narrow_pairs)
    benchmark.extra_info.update(
        p95_ms=round(p95 * 1000, 2), ratio=round(ratio, 2), narrow=round(narrow_ratio, 2)
    )
    print(
        f"\n{len(typed)} keystrokes x 3: find p95 {p95 * 1000:.2f} ms (target 16), max "
        f"{max(finds) * 1000:.2f} ms, median {statistics.median(finds) * 1000:.2f} ms; raw "
        f"FTS5 p95 {statistics.quantiles(raws, n=20)[-1] * 1000:.2f} ms; total find / raw "
        f"{ratio:.2f} (target {MAX_RAW_RATIO}); on the {len(narrow)} narrow keystrokes "
        f"(at most {BROAD} matches) {narrow_ratio:.2f}; {hits} hits"
    )
    assert hits > 0
    assert p95 <= KEYSTROKE_P95_S, f"a keystroke's find took {p95 * 1000:.1f} ms (p95)"
    assert ratio <= MAX_RAW_RATIO, f"find took {ratio:.2f} times a raw FTS5 match"
    assert narrow_ratio <= MAX_RAW_RATIO, f"a narrow find took {narrow_ratio:.2f} times"


def _copy(source: Path, target: Path) -> Path:
    with closing(sqlite3.connect(source)) as old, closing(sqlite3.connect(target)) as new:
        old.backup(new)
    return target


def _without_index(path: Path, *, drop_table: bool) -> None:
    with closing(sqlite3.connect(path)) as connection:
        for (name,) in connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'search_index_%'"
        ).fetchall():
            connection.execute(f'DROP TRIGGER "{name}"')
        if drop_table:
            connection.execute("DROP TABLE search_index")
        connection.commit()


@pytest.mark.benchmark(group="search: a write with the index against one without")
def test_bench_search_writes(benchmark: BenchmarkFixture, big: Path, tmp_path: Path) -> None:
    indexed = _copy(big, tmp_path / "indexed.gmdesk")
    plain = _copy(big, tmp_path / "plain.gmdesk")
    _without_index(plain, drop_table=False)
    with (
        Campaign.open(indexed, data_dir=_data(big)) as real,
        Campaign.open(plain, data_dir=_data(big)) as bare,
    ):
        writes = {id(real): _writer(real), id(bare): _writer(bare)}
        _, baseline = alternating(benchmark, writes[id(bare)], writes[id(real)], ROUNDS)
    with_index = benchmark.stats.stats.median
    ratio = with_index / baseline
    benchmark.extra_info.update(baseline_s=round(baseline, 5), ratio=round(ratio, 2))
    print(
        f"\nNotes + card Info + a ledger day: with the index {with_index * 1000:.2f} ms, "
        f"without {baseline * 1000:.2f} ms, ratio {ratio:.2f} (target {MAX_WRITE_RATIO})"
    )
    assert ratio <= MAX_WRITE_RATIO, f"the index made a write {ratio:.2f} times slower"


def _writer(campaign: Campaign) -> Callable[[], None]:
    """A character's notes, a card's Info and a ledger day, each its own transaction,
    different words every call."""
    kara = campaign.roster.all()[0]
    card = campaign.cards.get(1)
    campaign.calendar.set_profile(kara.id, 30, {"Stealth": 4})
    profile = campaign.calendar.profile(kara.id)
    assert profile is not None
    count = [0]

    def write() -> None:
        count[0] += 1
        number = count[0]
        campaign.roster.update(kara.id, notes=f"Met the ferryman {number} times at the ford")
        campaign.cards.update(card.id, info=f"<p>A rusted chain, link {number}</p>")
        day = rules.start_day(profile, day=1)
        day = rules.task(profile, day, 3, 5, ability="Stealth", note=f"Watch {number}").state
        campaign.calendar.put_day(kara.id, day)

    return write


@pytest.mark.benchmark(group="search: the index rebuilt, and the file's growth")
def test_bench_search_rebuild_and_file_growth(
    benchmark: BenchmarkFixture, big: Path, tmp_path: Path
) -> None:
    indexed = _copy(big, tmp_path / "indexed.gmdesk")
    with closing(sqlite3.connect(indexed)) as connection:
        # What an upgrade or a Repair does to the whole index (one transaction).

        def rebuilt() -> None:
            rebuild(connection)
            connection.commit()

        benchmark.pedantic(rebuilt, rounds=2)
        assert out_of_step(connection) == []
    print(f"\nRebuilding the whole index: {benchmark.stats.stats.median:.2f} s")
    plain = _copy(big, tmp_path / "plain.gmdesk")
    _without_index(plain, drop_table=True)
    for path in (indexed, plain):
        with closing(sqlite3.connect(path)) as connection:
            connection.execute("VACUUM")
    growth = indexed.stat().st_size / plain.stat().st_size - 1
    print(
        f"\nFile: {plain.stat().st_size / 2**20:.1f} MiB without the index, "
        f"{indexed.stat().st_size / 2**20:.1f} MiB with it: +{growth:.0%} (target 40%)"
    )
    assert growth <= MAX_GROWTH, f"the index made the file {growth:.0%} bigger"
