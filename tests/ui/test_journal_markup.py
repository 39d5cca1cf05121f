"""The journal page's markup: a word for each kind of line, campaign text escaped, a
player's phone named, a link on the name it is about, empty rounds left out."""

from __future__ import annotations

from desktop.store.history import parts
from desktop.store.journal import JournalNoteRecord
from desktop.ui.docks.journal_markup import line_markup, link_of, page_sections
from desktop.views.journal import (
    CLOCK,
    JournalGame,
    JournalLine,
    JournalRound,
    JournalScene,
    Link,
)

NAMES = {("characters", 3): "Kara <b>Voss</b>", ("clocks", 4): "Storm"}


def _note(scene: int) -> JournalNoteRecord:
    return JournalNoteRecord(0, 1, scene, "")


def test_a_line_says_its_kind_in_a_word_and_escapes_campaign_text() -> None:
    line = JournalLine(
        parts.ROLLED,
        "Kara <b>Voss</b> rolled 7",
        "2026-03-01T19:00:00",
        by="Kara <b>Voss</b>",
        link=Link("characters", 3),
        dice="d6 2 · d6 5",
    )
    html = line_markup(line, NAMES)
    assert html.startswith("<p class='line'><b>Roll</b> · ")
    assert "<a href='characters/3'>Kara &lt;b&gt;Voss&lt;/b&gt;</a> rolled 7" in html
    assert "<i>(d6 2 · d6 5)</i>" in html and "from Kara &lt;b&gt;Voss&lt;/b&gt;'s phone" in html
    assert "<b>Voss</b>" not in html
    # A line not naming what it is about gets the name after it.
    ticked = line_markup(JournalLine(CLOCK, "2 -> 3 of 8", "", link=Link("clocks", 4)), NAMES)
    assert "<b>Clock</b> · 2 -&gt; 3 of 8 · <a href='clocks/4'>Storm</a>" in ticked
    # A record no longer named (deleted) is no link.
    gone = line_markup(JournalLine(CLOCK, "Tick", "", link=Link("clocks", 9)), NAMES)
    assert "<a " not in gone


def test_only_links_of_our_own_form_are_read_back() -> None:
    assert link_of("clocks/4") == Link("clocks", 4)
    for href in ("javascript:alert(1)", "clocks/", "/4", "clocks/-1", "clocks/4x", ""):
        assert link_of(href) is None, href


def test_a_page_is_cut_where_each_note_goes_and_empty_rounds_have_no_heading() -> None:
    said = JournalLine(parts.DECLARED, "Kara <b>Voss</b> declares: run", "")
    page = JournalGame(
        1, 1, "Game 1 · 2026-03-01 (day 1)", "2026-03-01T19:00:00", None, 1, None,
        _note(0), (), (
            JournalScene(1, "The <i>docks</i>", _note(1), (
                JournalRound(1, (said,)), JournalRound(2, ()),
            )),
            JournalScene(2, "Fog", _note(2), ()),
        ),
        (), (),
    )  # fmt: skip
    pieces = page_sections(page, NAMES)
    assert len(pieces) == 4  # before the game's note, each scene's note, and after
    assert "running" in pieces[0] and "Game note" in pieces[0]
    assert "Scene 1" in pieces[1] and "The &lt;i&gt;docks&lt;/i&gt;" in pieces[1]
    assert "Round 1" in pieces[2] and "Round 2" not in pieces[2] and "Scene 2" in pieces[2]
    assert "Nothing happened in this scene yet" in pieces[3]
