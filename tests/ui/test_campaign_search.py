"""The campaign search box (issue 32, "Search"): Ctrl+K over the real main window on a
real campaign finds a record of every kind by a word of its text, Enter opens it in its
dock and selects it; the matching words are bold, hidden records say so in words, and
hostile text shows a plain message or results, never a traceback."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from desktop.rules import energy as rules
from desktop.store import Campaign
from desktop.store.downtime import DowntimeStep
from desktop.store.search_index import KIND_NAMES, QUERY_MAX, Highlighted
from desktop.ui.main_window import MainWindow
from desktop.ui.panel import Panel
from desktop.ui.search.markup import HIDDEN_WORDS, bolded
from desktop.ui.search.results import KIND_HEADINGS, NOTHING_FOUND
from desktop.ui.search.search_box import COMMANDS_PREFIX, SearchBox
from desktop.ui.theme import apply_theme

LEDGER_DAY = 1


@dataclass(frozen=True)
class Made:
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


def _every_kind(campaign: Campaign) -> Made:
    """One record of each kind, each with a word no other record holds."""
    kara = campaign.roster.add("Kara Voss", notes="Sworn to the lighthouse keeper")
    stair = campaign.roster.add("The Drowned Stair", "challenge", notes="Slick steps")
    campaign.kit.add_trait(kara.id, "Seaborne")  # a first row: the hit's is not row 0
    trait = campaign.kit.add_trait(kara.id, "Harbourlore")
    campaign.kit.add_item(kara.id, "Rope", "weapon", 4)
    item = campaign.kit.add_item(kara.id, "Sextant of Quillon", "armour", 6)
    card = campaign.cards.add("Tidewarden Pike", "item", info="<p>A <b>barnacled</b> shaft</p>")
    clock = campaign.clocks.add("Stormfront", 6, note="Gulls flee inland")
    faction = campaign.factions.add("Gilded Oars", notes="Bankers of smugglers", shown=False)
    claim = campaign.chapter.add_claim("Saltmill", benefit="Cheap brine")
    campaign.chapter.update(name="Lanternbearers", notes="Oathbound wardens")
    game = campaign.games.start()
    campaign.games.set_scene("Fogbound pier at midnight", [kara.id])
    campaign.calendar.set_profile(kara.id, 30, {"Stealth": 4})
    profile = campaign.calendar.profile(kara.id)
    assert profile is not None
    day = rules.start_day(profile, day=LEDGER_DAY)
    day = rules.task(profile, day, 8, 10, ability="Stealth", note="Pickpocket the purser").state
    campaign.calendar.put_day(kara.id, day)
    campaign.downtime.start_session()
    campaign.downtime.record(DowntimeStep(kara.id, "indulge_vice", "Gambled at the Gullhouse"))
    entry = campaign.downtime.entries()[-1]
    campaign.journal.write(game.id, 1, "The ferryman lied")
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
    )


@pytest.fixture
def made(window: MainWindow) -> Made:
    assert window.session is not None
    made = _every_kind(window.session.campaign)
    QApplication.processEvents()
    return made


def _open_box(qtbot: QtBot, window: MainWindow) -> SearchBox:
    window.activateWindow()
    qtbot.keyClick(window, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier)
    box = window.search_box
    assert box is not None
    qtbot.waitUntil(box.isVisible, timeout=2000)
    assert box.edit.hasFocus()
    return box


def _type(qtbot: QtBot, box: SearchBox, text: str) -> None:
    box.edit.selectAll()
    qtbot.keyClicks(box.edit, text)
    qtbot.waitUntil(lambda: not box.pause.isActive(), timeout=2000)


def _dock(window: MainWindow, name: str) -> tuple[Panel, Any]:
    panel = {panel.name: panel for panel in window.panels}[name]
    return panel, panel.content()


def _on_screen(panel: Panel) -> bool:
    return not panel.isHidden() and not panel.visibleRegion().isEmpty()


def test_ctrl_k_opens_the_box_and_esc_gives_the_focus_back(
    qtbot: QtBot, window: MainWindow
) -> None:
    _panel, roster = _dock(window, "roster")
    roster.filter_edit.setFocus()
    qtbot.waitUntil(roster.filter_edit.hasFocus)
    box = _open_box(qtbot, window)
    assert box.edit.accessibleName() and box.list.accessibleName()
    assert window.find_action.text().replace("&", "") == "Find in Campaign…"
    qtbot.keyClick(box.edit, Qt.Key.Key_Escape)
    assert not box.isVisible()
    assert roster.filter_edit.hasFocus()


def test_ctrl_k_is_the_windows_even_in_a_text_field(qtbot: QtBot, window: MainWindow) -> None:
    """On X11 a line edit takes Ctrl+K for itself (delete to the end of the line): the
    window's key filter keeps it for the search."""
    _panel, roster = _dock(window, "roster")
    roster.filter_edit.setFocus()
    qtbot.waitUntil(roster.filter_edit.hasFocus)
    for keys, windows in (("Ctrl+K", True), ("Ctrl+A", False)):
        pressed = QKeySequence(keys)[0]
        event = QKeyEvent(QEvent.Type.ShortcutOverride, pressed.key(), pressed.keyboardModifiers())
        event.accept()  # as the field would take it
        assert window.undo_keys.eventFilter(roster.filter_edit, event) is windows
        assert event.isAccepted() is not windows


# word typed, kind found, the dock that opens it, what says it is selected there
CASES = [
    ("lighthouse", "character", "roster"),
    ("harbourlore", "trait", "roster"),
    ("quillon", "item", "roster"),
    ("barnacled", "card", "syscards"),
    ("gulls", "clock", "clocks"),
    ("bankers", "faction", "faction_ladder"),
    ("brine", "claim", "chapter"),
    ("oathbound", "chapter", "chapter"),
    ("fogbound", "scene", "journal"),
    ("pickpocket", "ledger", "energyCalendar"),
    ("gullhouse", "downtime", "downtime dialog"),
    ("ferryman", "journal", "journal"),
]


@pytest.mark.parametrize(("word", "kind", "dock"), CASES, ids=[c[1] for c in CASES])
def test_a_word_finds_its_record_and_enter_opens_it_selected(
    qtbot: QtBot, window: MainWindow, made: Made, word: str, kind: str, dock: str
) -> None:
    session = window.session
    assert session is not None
    box = _open_box(qtbot, window)
    _type(qtbot, box, word)
    rows = box.rows()
    assert rows[0].is_heading and rows[0].words == KIND_HEADINGS[kind]
    chosen = box.current_row()
    assert chosen is not None and chosen.hit is not None and chosen.hit.kind == kind
    assert f"<b>{word}</b>" in chosen.markup.lower()  # the word that matched, bold
    qtbot.keyClick(box.edit, Qt.Key.Key_Return)
    assert not box.isVisible()
    if kind == "downtime":  # the running session's step: its summary, in the Downtime dialog
        dialog = window.downtime.dialog
        assert dialog is not None and dialog.isVisible()
        try:
            assert dialog.tabs.currentWidget() is dialog.summary_page
            assert dialog.summary.currentRow() == 0
            assert "Gullhouse" in dialog.summary.currentItem().text()
        finally:
            dialog.close()
        return
    panel, content = _dock(window, dock)
    qtbot.waitUntil(lambda: _on_screen(panel), timeout=3000)
    focused = QApplication.focusWidget()  # the keyboard goes on from the record's dock
    assert focused is not None and panel.isAncestorOf(focused) and focused.isVisible()
    if kind in ("character", "trait", "item"):
        assert session.selected_character == made.kara
        assert content.selected_id() == made.kara
        tab = {"character": 0, "trait": 1, "item": 1}[kind]
        assert content.form.tabs.currentIndex() == tab
        if kind != "character":  # the trait's or item's own row, selected
            kit = content.form.kit
            table, model = (
                (kit.trait_table, kit.traits) if kind == "trait" else (kit.item_table, kit.items)
            )
            rows = table.selectionModel().selectedRows()
            assert [model.record(r.row()).id for r in rows] == [getattr(made, kind)]
    elif kind == "card":
        assert content.current_card().id == made.card
    elif kind == "clock":
        assert content.board.current_id == made.clock
    elif kind == "faction":
        assert content.selected_record().id == made.faction
    elif kind == "claim":
        assert content.currentWidget() is content.claims
        assert content.claims.selected_claim().id == made.claim
    elif kind == "chapter":
        assert content.currentWidget() is content.sheet_page
    elif kind in ("scene", "journal"):
        assert content.game_id == made.game
        assert content.chooser.currentData() == made.game
    elif kind == "ledger":
        assert content.character_id == made.kara
        assert content.selected_day == LEDGER_DAY
        assert content.character.currentData() == made.kara


def test_an_earlier_sessions_step_opens_its_characters_downtime_tab(
    qtbot: QtBot, window: MainWindow, made: Made
) -> None:
    session = window.session
    assert session is not None
    session.campaign.downtime.start_session()  # the Gullhouse step is session 1's now
    box = _open_box(qtbot, window)
    _type(qtbot, box, "gullhouse")
    qtbot.keyClick(box.edit, Qt.Key.Key_Return)
    assert window.downtime.dialog is None
    panel, roster = _dock(window, "roster")
    assert _on_screen(panel)
    assert session.selected_character == made.kara == roster.selected_id()
    assert roster.form.tabs.currentIndex() == 2  # Downtime


def test_a_dock_no_workspace_on_screen_shows_switches_workspace(
    qtbot: QtBot, window: MainWindow, made: Made
) -> None:
    assert window.workspace == "play"
    box = _open_box(qtbot, window)
    _type(qtbot, box, "barnacled")  # a card: the SySCards are Prep's
    qtbot.keyClick(box.edit, Qt.Key.Key_Return)
    assert window.workspace == "prep"
    panel, cards = _dock(window, "syscards")
    assert _on_screen(panel) and cards.current_card().id == made.card


def test_every_kind_has_its_heading() -> None:
    assert tuple(KIND_HEADINGS) == KIND_NAMES


def test_hidden_records_say_so_in_words(qtbot: QtBot, window: MainWindow, made: Made) -> None:
    box = _open_box(qtbot, window)
    _type(qtbot, box, "slick")  # the Drowned Stair, a challenge: hidden from players
    stair = [row for row in box.rows() if row.hit is not None]
    assert [row.hit.record_id for row in stair if row.hit] == [made.stair]
    assert HIDDEN_WORDS in stair[0].words and HIDDEN_WORDS in stair[0].markup
    _type(qtbot, box, "lighthouse")  # Kara, a player character
    kara = [row for row in box.rows() if row.hit is not None]
    assert HIDDEN_WORDS not in kara[0].words and HIDDEN_WORDS not in kara[0].markup


def test_arrows_skip_the_headings_and_a_click_opens(
    qtbot: QtBot, window: MainWindow, made: Made
) -> None:
    session = window.session
    assert session is not None
    box = _open_box(qtbot, window)
    _type(qtbot, box, "gull")  # the clock's note (Gulls), the downtime step's (Gullhouse)
    assert [row.words for row in box.rows() if row.is_heading] == ["Clocks", "Downtime"]
    qtbot.keyClick(box.edit, Qt.Key.Key_Down)  # past the Downtime heading
    second = box.current_row()
    assert second is not None and second.hit is not None and second.hit.kind == "downtime"
    qtbot.keyClick(box.edit, Qt.Key.Key_Up)
    qtbot.keyClick(box.edit, Qt.Key.Key_Up)  # already on the first: stays, never a heading
    first = box.current_row()
    assert first is not None and first.hit is not None and first.hit.kind == "clock"
    item = box.list.item(box.list.currentRow())
    where = box.list.visualItemRect(item).center()
    qtbot.mouseClick(box.list.viewport(), Qt.MouseButton.LeftButton, pos=where)
    assert not box.isVisible()
    panel, clocks = _dock(window, "clocks")
    assert _on_screen(panel) and clocks.board.current_id == made.clock


def test_campaign_text_is_escaped_and_spans_are_bold() -> None:
    text = '<img src="/dev/zero"> & lighthouse\x00'
    start = text.index("lighthouse")
    marked = bolded(Highlighted(text, ((start, start + len("lighthouse")),)))
    assert marked == '&lt;img src="/dev/zero"&gt; &amp; <b>lighthouse</b> '
    # A span overlapping the one before or past the text draws nothing, and breaks nothing.
    assert bolded(Highlighted("abc", ((0, 1), (0, 2), (2, 9)))) == "<b>a</b>bc"


def test_a_refused_query_shows_its_plain_message(qtbot: QtBot, window: MainWindow) -> None:
    box = _open_box(qtbot, window)
    box.edit.setText("x" * (QUERY_MAX + 1))
    box.search_now()
    assert box.message.isVisible() and box.message.text()
    assert not box.list.isVisible()
    box.edit.setText("zzzqqq")
    box.search_now()
    assert box.message.text() == NOTHING_FOUND


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(text=st.text(max_size=200))
@example(text='"')
@example(text='"unclosed phrase')
@example(text="\x00")
@example(text="x" * 10_000)
@example(text="שלום עולם")
@example(text="\u202eKara\u202c")
@example(text="Kara OR NOT lighthouse* NEAR(a b) ^c")
@example(text="'; DROP TABLE character; --")
@example(text=">")
@example(text=">end day")
def test_hostile_text_shows_a_message_or_results(
    qtbot: QtBot, window: MainWindow, made: Made, text: str
) -> None:
    box = window.search_box
    if box is None or not box.isVisible():
        box = _open_box(qtbot, window)
    box.edit.setText(text)
    if text.startswith(COMMANDS_PREFIX):
        # Handed on to the command palette with the rest of the text, the box emptied.
        palette = window.palette_popup()
        assert palette.isVisible() and not box.isVisible() and box.edit.text() == ""
        assert palette.box.text() == text.removeprefix(COMMANDS_PREFIX)
        palette.close_popup()
        return
    box.search_now()  # raises nothing
    shown = box.rows()
    assert bool(shown) != box.message.isVisible() or not text.strip()
    for row in shown:
        assert "<img" not in row.markup and "\x00" not in row.markup


def test_screenshots_light_and_dark(
    qtbot: QtBot, window: MainWindow, made: Made, tmp_path: Path
) -> None:
    folder = Path(os.environ.get("GM_DESK_SHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    assert window.session is not None
    window.session.campaign.roster.add(
        "Kara's shadow", "npc", notes="Follows Kara <b>everywhere</b>"
    )
    window.resize(1366, 768)
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    try:
        for scheme in ("light", "dark"):
            apply_theme(app, scheme)
            box = _open_box(qtbot, window)
            _type(qtbot, box, "the")
            assert len([row for row in box.rows() if row.is_heading]) >= 4
            QApplication.processEvents()
            assert window.grab().save(str(folder / f"campaign-search-{scheme}.png"))
            qtbot.keyClick(box.edit, Qt.Key.Key_Escape)
    finally:
        apply_theme(app, "system")


def test_a_leading_greater_than_sign_turns_the_box_into_the_command_palette(
    qtbot: QtBot, window: MainWindow
) -> None:
    _panel, roster = _dock(window, "roster")
    roster.filter_edit.setFocus()
    qtbot.waitUntil(roster.filter_edit.hasFocus)
    box = _open_box(qtbot, window)
    qtbot.keyClicks(box.edit, ">")
    palette = window.palette_popup()
    qtbot.waitUntil(palette.isVisible, timeout=2000)
    assert not box.isVisible() and palette.box.hasFocus()
    qtbot.keyClicks(palette.box, "end d")  # the keys go on where the focus is now
    assert palette.box.text() == "end d"
    row = palette.current_row()
    assert row is not None and "End Day" in row.title.replace("&", "")
    qtbot.keyClick(palette.box, Qt.Key.Key_Escape)
    assert roster.filter_edit.hasFocus()  # back where the GM was before Ctrl+K


def test_text_pasted_with_a_leading_greater_than_sign_goes_on_to_the_palette(
    qtbot: QtBot, window: MainWindow
) -> None:
    box = _open_box(qtbot, window)
    box.edit.setText(">lose hold")
    palette = window.palette_popup()
    qtbot.waitUntil(palette.isVisible, timeout=2000)
    assert palette.box.text() == "lose hold" and box.edit.text() == ""
