"""The campaign search (issue 32, the store's side): every kind of record is found by a
word of each of its fields, case and accents folded, words as prefixes, quoted words as
phrases; the index stays in step with the records through every write, undo, import,
repair, upgrade and a SIGKILL; what the GM types is never SQL nor FTS5 syntax."""

from __future__ import annotations

import shutil
import signal
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from desktop.rules import energy as rules
from desktop.store import Campaign, check_campaign, checkup
from desktop.store.downtime import DowntimeStep
from desktop.store.exchange import export_campaign, import_campaign
from desktop.store.migrations import HEAD, REVISIONS
from desktop.store.search_index import QUERY_MAX, WORDS_MAX, SearchHit, out_of_step

CAMPAIGNS = Path(__file__).resolve().parent / "campaigns"


def _in_step(path: Path) -> list[str]:
    with closing(sqlite3.connect(path)) as connection:
        return out_of_step(connection)


def _found(campaign: Campaign, text: str) -> set[tuple[str, int]]:
    return {(hit.kind, hit.record_id) for hit in campaign.search_index.find(text)}


@dataclass(frozen=True)
class Made:
    """The ids of one record of each kind (see `_every_kind`)."""

    kara: int
    stair: int
    trait: int
    item: int
    card: int
    clock: int
    faction: int
    claim: int
    game: int
    entry: int
    note: int


def _every_kind(campaign: Campaign) -> Made:
    """One record of each kind, each field holding a word no other field holds."""
    kara = campaign.roster.add("Kara Voss", notes="Sworn to the lighthouse keeper")
    stair = campaign.roster.add("The Drowned Stair", "challenge", notes="Slick steps")
    trait = campaign.kit.add_trait(kara.id, "Harbourlore")
    item = campaign.kit.add_item(kara.id, "Boarding cutlass", "weapon", 8)
    card = campaign.cards.add(
        "Tidewarden Pike",
        "item",
        info="<html><style>p {margin: 0}</style><p>A <b>barnacled</b> shaft</p></html>",
        tags="polearm",
        zone="quayside",
        scale="human",
    )
    clock = campaign.clocks.add("Stormfront", 6, note="Gulls flee inland")
    faction = campaign.factions.add("Gilded Oars", notes="Bankers of smugglers", shown=False)
    claim = campaign.chapter.add_claim("Saltmill", benefit="Cheap brine")
    campaign.chapter.update(name="Lanternbearers", notes="Oathbound wardens")
    game = campaign.games.start()
    campaign.games.set_scene("Fogbound pier at midnight", [kara.id])
    campaign.calendar.set_profile(kara.id, 30, {"Stealth": 4})
    profile = campaign.calendar.profile(kara.id)
    assert profile is not None
    day = rules.start_day(profile, day=1)
    day = rules.task(profile, day, 8, 10, ability="Stealth", note="Pickpocket the purser").state
    campaign.calendar.put_day(kara.id, day)
    campaign.downtime.start_session()
    campaign.downtime.record(DowntimeStep(kara.id, "indulge_vice", "Gambled at the Gullhouse"))
    entry = campaign.downtime.entries()[-1]
    note = campaign.journal.write(game.id, 1, "The ferryman lied")
    written = campaign.journal.note(game.id, 1)
    assert note.text == "" and written.text == "The ferryman lied"
    return Made(
        kara.id,
        stair.id,
        trait.id,
        item.id,
        card.id,
        clock.id,
        faction.id,
        claim.id,
        game.id,
        entry.id,
        written.id,
    )


@pytest.fixture
def made(campaign: Campaign) -> Made:
    return _every_kind(campaign)


def test_each_kind_is_found_by_a_word_of_each_of_its_fields(campaign: Campaign, made: Made) -> None:
    expected = {
        # kind, record: a word of each field (name, notes, ...)
        ("character", made.kara): ["Voss", "lighthouse"],
        ("character", made.stair): ["Drowned", "slick"],
        ("trait", made.trait): ["harbourlore"],
        ("item", made.item): ["cutlass"],
        # A card: its name, category, zone, scale, the Info's words and its tags.
        ("card", made.card): ["Tidewarden", "item", "quayside", "human", "barnacled", "polearm"],
        ("clock", made.clock): ["Stormfront", "gulls"],
        ("faction", made.faction): ["Gilded", "bankers"],
        ("claim", made.claim): ["Saltmill", "brine"],
        ("chapter", 1): ["Lanternbearers", "oathbound"],
        ("scene", made.game): ["fogbound", "midnight"],
        ("ledger", made.kara): ["pickpocket", "purser"],
        ("downtime", made.entry): ["indulge", "vice", "gullhouse"],
        ("journal", made.note): ["ferryman"],
    }
    for record, words in expected.items():
        for word in words:
            assert record in _found(campaign, word), (record, word)
    # The card's Info is searched as text, never as its HTML.
    assert _found(campaign, "margin") == set()
    assert _in_step(campaign.path) == []


def test_a_hit_says_where_it_lives_and_whether_players_may_see_it(
    campaign: Campaign, made: Made
) -> None:
    hits = {(h.kind, h.record_id): h for h in campaign.search_index.find("the", limit=100)}
    assert hits["character", made.kara].hidden is False
    assert hits["character", made.stair].hidden is True  # a challenge
    assert hits["character", made.stair].where == "Roster, challenge"
    by_word = {h.kind: h for h in campaign.search_index.find("pickpocket")}
    ledger = by_word["ledger"]
    assert (ledger.record_id, ledger.owner_id, ledger.day) == (made.kara, made.kara, 1)
    assert ledger.where == "Energy Calendar, Kara Voss"
    (trait,) = campaign.search_index.find("harbourlore")
    assert (trait.owner_id, trait.where) == (made.kara, "Trait of Kara Voss")
    (clock,) = campaign.search_index.find("stormfront")
    assert clock.hidden  # a clock is the GM's until shown
    campaign.clocks.update(made.clock, shown=True)
    assert campaign.search_index.find("stormfront")[0].hidden is False
    (faction,) = campaign.search_index.find("gilded")
    assert faction.hidden
    (scene,) = campaign.search_index.find("fogbound")
    assert (scene.record_id, scene.game_id, scene.scene) == (made.game, made.game, 1)
    (note,) = campaign.search_index.find("ferryman")
    assert (note.game_id, note.scene, note.hidden) == (made.game, 1, True)


def test_the_matching_words_are_marked_in_the_title_and_the_snippet(
    campaign: Campaign, made: Made
) -> None:
    (card,) = campaign.search_index.find("barnac")
    assert card.title.text == "Tidewarden Pike" and card.title.spans == ()
    start, end = card.snippet.spans[0]
    assert card.snippet.text[start:end] == "barnacled"
    (kara,) = [h for h in campaign.search_index.find("kara voss") if h.kind == "character"]
    assert [kara.title.text[a:b] for a, b in kara.title.spans] == ["Kara", "Voss"]


def test_case_and_accents_fold_as_unicode61_folds_them(campaign: Campaign) -> None:
    aerin = campaign.roster.add("Ærin Café", notes="naïve ÜBER señor")
    for word in ("ærin", "ÆRIN", "cafe", "CAFÉ", "naive", "uber", "senor", "Über"):
        assert ("character", aerin.id) in _found(campaign, word), word
    # remove_diacritics folds accents off letters; Æ is a letter of its own, not "ae".
    assert _found(campaign, "aerin") == set()
    (hit,) = campaign.search_index.find("cafe")
    assert [hit.title.text[a:b] for a, b in hit.title.spans] == ["Café"]


def test_words_are_prefixes_and_one_letter_is_a_whole_word(campaign: Campaign) -> None:
    kara = campaign.roster.add("Kara Voss", notes="a lantern")
    assert ("character", kara.id) in _found(campaign, "ka")
    assert ("character", kara.id) in _found(campaign, "lant")
    assert ("character", kara.id) in _found(campaign, "a")  # the word "a" itself
    assert _found(campaign, "k") == set()  # not every word that starts with a k
    assert _found(campaign, "kara lantern nothing") == set()  # every word must match


def test_a_broad_query_ranks_the_names_first(
    campaign: Campaign, monkeypatch: pytest.MonkeyPatch
) -> None:
    from desktop.store.search_index import manager

    monkeypatch.setattr(manager, "BROAD", 3)
    noted = [campaign.roster.add(f"Hireling {n}", notes="the harbour watch") for n in range(5)]
    named = campaign.clocks.add("Harbour fire", 6)
    hits = campaign.search_index.find("harb")
    # Past BROAD matches the records named so come first, then the others in order.
    assert [(h.kind, h.record_id) for h in hits] == [
        ("clock", named.id),
        *(("character", c.id) for c in noted),
    ]
    assert [(h.kind, h.record_id) for h in campaign.search_index.find("harb", limit=2)] == [
        ("clock", named.id),
        ("character", noted[0].id),
    ]


def test_quoted_words_are_a_phrase(campaign: Campaign) -> None:
    chain = campaign.cards.add("Harbour chain", "item")
    other = campaign.cards.add("Chain of the harbour", "item")
    assert _found(campaign, "harbour chain") == {("card", chain.id), ("card", other.id)}
    assert _found(campaign, '"harbour chain"') == {("card", chain.id)}
    assert _found(campaign, '"harbour ch') == {("card", chain.id)}  # still typing it
    assert _found(campaign, '"harbour ch"') == set()  # closed: ch is a whole word


@pytest.mark.parametrize(
    "text",
    [
        "AND",
        "kara OR voss",
        "NOT kara",
        "NEAR(kara voss)",
        "^kara",
        "title:kara",
        "kara*",
        "(kara)",
        "-kara",
        "+kara",
        '"kara',
        'kara"voss',
        '""""',
        "'; DROP TABLE character; --",
        "kara\x00voss",
        "kara\ud800voss",
        "\udfff",
        "קרה וס",
        "كارا",
        "*",
        ":",
        "",
        "   ",
    ],
)
def test_what_the_gm_types_is_searched_as_text(campaign: Campaign, text: str) -> None:
    kara = campaign.roster.add("Kara Voss", notes="and or not near title")
    hits = campaign.search_index.find(text)
    assert all(isinstance(hit, SearchHit) for hit in hits)
    assert campaign.roster.get(kara.id).name == "Kara Voss"
    if text in ("kara*", "(kara)", "-kara", "+kara", "^kara", '"kara'):
        assert [h.record_id for h in hits] == [kara.id]  # the signs are no syntax
    if text == "title:kara":
        assert hits == []  # no column filter: the words "title kara", next to each other
    if text == "AND":
        assert [h.record_id for h in hits] == [kara.id]  # the word "and" in the notes


def test_a_query_too_long_is_refused_in_plain_words(campaign: Campaign) -> None:
    with pytest.raises(ValueError, match=f"at most {QUERY_MAX} characters"):
        campaign.search_index.find("a" * 10_000)
    with pytest.raises(ValueError, match=f"at most {WORDS_MAX} words"):
        campaign.search_index.find(" ".join(["kara"] * (WORDS_MAX + 1)))
    with pytest.raises(ValueError, match="1 to 500 results"):
        campaign.search_index.find("kara", limit=0)


@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(text=st.text(max_size=QUERY_MAX))
def test_random_text_never_meets_an_sqlite_error(campaign: Campaign, text: str) -> None:
    if not campaign.roster.all():
        campaign.roster.add("Kara Voss", notes='quotes " and (brackets) * ^ : -')
    try:
        campaign.search_index.find(text)
    except ValueError as refused:
        assert "words at once" in str(refused)


def test_the_index_keeps_in_step_through_add_edit_delete_and_undo(
    campaign: Campaign, made: Made
) -> None:
    campaign.roster.update(made.kara, name="Kara Brine", notes="Left the lighthouse")
    assert ("character", made.kara) not in _found(campaign, "voss")
    assert ("character", made.kara) in _found(campaign, "brine")
    campaign.kit.update_trait(made.trait, name="Dockcraft")
    assert _found(campaign, "harbourlore") == set()
    campaign.cards.update(made.card, info="<p>Rusted</p>", tags="")
    assert _found(campaign, "barnacled") == set() and _found(campaign, "polearm") == set()
    assert ("card", made.card) in _found(campaign, "rusted")
    campaign.games.set_scene("Dawn on the quay", [made.kara])
    assert ("scene", made.game) in _found(campaign, "fogbound")  # scene 1 stays
    assert _found(campaign, "dawn") == {("scene", made.game)}
    # A turn changes the game's state, not its scenes: the index is left as it was.
    with closing(sqlite3.connect(campaign.path)) as raw:
        before = raw.execute("SELECT count(*) FROM search_index_data").fetchone()
        raw.execute(
            "UPDATE game SET state = json_set(state, '$.round', 2) WHERE id = ?", (made.game,)
        )
        assert raw.execute("SELECT count(*) FROM search_index_data").fetchone() == before
        raw.rollback()
    assert _in_step(campaign.path) == []

    # The roster's delete takes the character's traits, items, clocks and days with it;
    # its undo (restore) brings them back, and the index with them.
    snapshot = campaign.roster.delete(made.kara)
    for word in ("brine", "dockcraft", "cutlass", "pickpocket", "gullhouse"):
        assert not {k for k, _ in _found(campaign, word)} & {"character", "trait", "item"}
    assert _found(campaign, "pickpocket") == set()
    assert _in_step(campaign.path) == []
    campaign.roster.restore(snapshot)
    for word, kind in (("brine", "character"), ("dockcraft", "trait"), ("cutlass", "item")):
        assert kind in {k for k, _ in _found(campaign, word)}, word
    assert ("ledger", made.kara) in _found(campaign, "pickpocket")
    assert _in_step(campaign.path) == []
    # Redo (the delete again) and its undo once more.
    snapshot = campaign.roster.delete(made.kara)
    assert ("character", made.kara) not in _found(campaign, "brine")
    assert _in_step(campaign.path) == []
    campaign.roster.restore(snapshot)
    assert ("character", made.kara) in _found(campaign, "brine")
    assert _in_step(campaign.path) == []

    removed = campaign.clocks.delete(made.clock)
    assert _found(campaign, "stormfront") == set()
    campaign.clocks.restore(removed)
    assert {k for k, _ in _found(campaign, "stormfront")} == {"clock"}
    assert _in_step(campaign.path) == []


def test_a_day_written_again_leaves_no_old_words(campaign: Campaign, made: Made) -> None:
    profile = campaign.calendar.profile(made.kara)
    assert profile is not None
    day = rules.start_day(profile, day=1)
    day = rules.task(profile, day, 8, 10, ability="Stealth", note="Bribe the harbourmaster").state
    assert campaign.calendar.put_day(made.kara, day) is not None  # replaced day 1
    assert _found(campaign, "pickpocket") == set()
    assert _found(campaign, "harbourmaster") == {("ledger", made.kara)}
    campaign.calendar.delete_day(made.kara, 1)
    assert _found(campaign, "harbourmaster") == set()
    assert _in_step(campaign.path) == []


def test_an_import_fills_the_index_and_the_export_leaves_it_out(
    campaign: Campaign, made: Made, tmp_path: Path, data_dir: Path
) -> None:
    exported = tmp_path / "out.json"
    export_campaign(campaign, exported)
    assert "search_index" not in exported.read_text(encoding="utf-8")
    with import_campaign(
        exported, tmp_path / "in.gmdesk", data_dir=data_dir, images=lambda *_image: True
    ) as imported:
        for word in ("voss", "cutlass", "barnacled", "gulls", "pickpocket", "ferryman"):
            assert _found(imported, word) == _found(campaign, word), word
        assert _in_step(imported.path) == []


def test_check_campaign_finds_an_index_out_of_step_and_repair_rebuilds_it(
    campaign: Campaign, made: Made, tmp_path: Path
) -> None:
    path = campaign.path
    campaign.close()
    assert check_campaign(path).sound
    with closing(sqlite3.connect(path)) as raw:
        raw.execute("INSERT INTO search_index (search_index) VALUES ('delete-all')")
        raw.execute("DROP TRIGGER search_index_trait_update")
        raw.commit()
    report = check_campaign(path)
    assert not report.sound
    lines = " ".join(report.lines())
    assert "not kept up to date" in lines and "0 character entries for 2 records" in lines
    assert "Repair makes it again" in lines
    repaired = tmp_path / "repaired.gmdesk"
    kept = checkup.repair(path, repaired)
    assert kept.kept["journal_note"] == 1 and kept.kept["handout"] == 0
    assert check_campaign(repaired).sound
    with Campaign.open(repaired, data_dir=tmp_path / "repaired-data") as opened:
        for word in ("voss", "harbourlore", "ferryman", "pickpocket"):
            assert _found(opened, word), word
        opened.kit.update_trait(made.trait, name="Dockcraft")
        assert _found(opened, "harbourlore") == set()
    assert _in_step(repaired) == []


@pytest.mark.parametrize("revision", [r for r in REVISIONS if r != HEAD])
def test_an_old_campaign_gets_its_index_at_the_upgrade(
    revision: str, tmp_path: Path, data_dir: Path
) -> None:
    path = tmp_path / f"{revision}.gmdesk"
    shutil.copyfile(CAMPAIGNS / f"{revision}.gmdesk", path)
    with Campaign.open(path, data_dir=data_dir) as opened:
        characters = opened.roster.all()
        for character in characters:
            assert ("character", character.id) in _found(opened, f'"{character.name}"')
        first = characters[0]
        opened.roster.update(first.id, name="Zanzibar Quill")
        assert _found(opened, "zanzibar") == {("character", first.id)}
    assert _in_step(path) == []
    assert check_campaign(path).sound


def test_the_newest_shipped_campaign_holds_an_index_in_step() -> None:
    assert _in_step(CAMPAIGNS / f"{HEAD}.gmdesk") == []


WRITER = """
import sys
from pathlib import Path
from desktop.store import writer  # the write side loads on first write: load it first
from desktop.store.campaign import Campaign

campaign = Campaign.open(Path(sys.argv[1]), data_dir=Path(sys.argv[2]))
kara = campaign.roster.all()[0]
print("ready", flush=True)
number = int(kara.notes.split()[-1]) if kara.notes else 0
while True:
    number += 1
    campaign.roster.update(kara.id, name=f"Kara {number}", notes=f"word{number} {number}")
    campaign.kit.add_trait(kara.id, f"Trait{number}")
    print(f"tick {number}", flush=True)
"""


def _run_and_kill(path: Path, data_dir: Path, ticks: int) -> Iterator[str]:
    process = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(path), str(data_dir)],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    try:
        seen = 0
        for line in process.stdout:
            yield line
            seen += line.startswith("tick")
            if seen >= ticks:
                break
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=60)


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX only")
def test_a_sigkill_mid_write_leaves_the_index_and_the_tables_in_step(
    campaign: Campaign, data_dir: Path
) -> None:
    kara = campaign.roster.add("Kara")
    path = campaign.path
    campaign.close()
    for ticks in (3, 11, 7, 1, 17):
        lines = list(_run_and_kill(path, data_dir, ticks))
        assert lines[0].startswith("ready")
        with Campaign.open(path, data_dir=data_dir) as reopened:
            name = reopened.roster.get(kara.id).name
            number = name.split()[-1]
            assert _found(reopened, f"word{number}") == {("character", kara.id)}
            traits = reopened.kit.traits(kara.id)
            assert all(_found(reopened, f'"{t.name}"') == {("trait", t.id)} for t in traits)
        assert _in_step(path) == []
        with closing(sqlite3.connect(path)) as connection:
            assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)
