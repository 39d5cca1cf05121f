"""The Journal dock (issue 31): a game played through the store and the real undo
commands shows as a grouped page; the GM's notes are saved as typed, undone, shared;
a link opens its record through the window; an empty campaign and a game undone away
are said in plain words."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from pytestqt.qtbot import QtBot

from desktop.actions.actor import Actor
from desktop.actions.dice import roll_tray
from desktop.store import Campaign, Topic
from desktop.store.journal import NOTE_MAX
from desktop.ui.dice_commands import RollTray
from desktop.ui.docks import journal as journal_dock
from desktop.ui.docks.journal import NO_GAMES, JournalWidget
from desktop.ui.docks.journal_markup import CUT_NOTICE
from desktop.ui.main_window import MainWindow
from desktop.ui.play_commands import DeclareAction, EndGame, GameStep, StartGame
from desktop.ui.session import CampaignSession
from desktop.ui.widgets.note_box import SAVE_AFTER_MS
from desktop.ui.widgets.page_text import PageText
from tests.actions.conftest import in_tray
from tests.ui.scripted import ScriptedRng


class FakeOpener:
    """The window, as the dock sees it: records what it was asked to open."""

    def __init__(self) -> None:
        self.opened: list[tuple[str, int]] = []

    def open_record(self, area: str, record_id: int) -> None:
        self.opened.append((area, record_id))


def _push(session: CampaignSession, command: object) -> None:
    assert session.push(command), session.last_failure  # type: ignore[arg-type]


def _scene(session: CampaignSession, text: str, members: list[int]) -> None:
    _push(
        session,
        GameStep(session, "Set the scene", lambda c: c.games.set_scene(text, members)),
    )


def _play(campaign: Campaign, session: CampaignSession) -> int:
    """A short game: two scenes, an action declared and a roll in the first."""
    kara = campaign.roster.add("Kara Voss")
    _push(session, StartGame(session))
    _scene(session, "The docks at night", [kara.id])
    _push(session, DeclareAction(session, Actor.gm(), kara.id, "I climb the crane"))
    dice = in_tray(campaign, campaign.kit.add_dice(kara.id, count=2))
    _push(
        session, RollTray(session, kara, roll_tray(dice, 0, ScriptedRng([1, 5])), steps_allowed=0)
    )
    _scene(session, "The customs house", [kara.id])
    running = campaign.games.running()
    assert running is not None
    return running.id


@pytest.fixture
def opener() -> FakeOpener:
    return FakeOpener()


@pytest.fixture
def dock(qtbot: QtBot, session: CampaignSession, opener: FakeOpener) -> Iterator[JournalWidget]:
    widget = JournalWidget(opener=opener)
    qtbot.addWidget(widget)
    widget.resize(520, 700)
    widget.set_session(session)
    widget.show()
    qtbot.waitExposed(widget)
    yield widget
    widget.set_session(None)


def _page(dock: JournalWidget) -> str:
    return "\n".join(text.document.toPlainText() for text in dock.texts)


def _settled(qtbot: QtBot, dock: JournalWidget) -> None:
    qtbot.waitUntil(dock.is_filled, timeout=3000)


def test_a_played_game_shows_scenes_rounds_and_the_roll_with_its_total(
    qtbot: QtBot, campaign: Campaign, session: CampaignSession, dock: JournalWidget
) -> None:
    _play(campaign, session)
    _settled(qtbot, dock)
    page = _page(dock)
    assert (
        dock.chooser.currentText().startswith("Game 1 · 2")
        and "running" in dock.chooser.currentText()
    )
    assert "Scene 1" in page and "The docks at night" in page
    assert "Scene 2" in page and "The customs house" in page
    assert page.index("Scene 1") < page.index("Round 1") < page.index("Scene 2")
    assert "Action · Kara Voss declares: I climb the crane" in page
    [roll] = campaign.rolls.all()
    # The roll's own words (its total), its dice in words, and a word for its kind.
    assert f"Roll · {roll.summary}" in page
    assert "d6 1 depleted" in page and "d6 5" in page
    # One note editor for the game and one per scene, private by default.
    assert sorted(dock.notes) == [(1, 0), (1, 1), (1, 2)]
    assert not any(box.shared.isChecked() for box in dock.notes.values())


def test_typing_a_note_saves_it_after_a_pause_and_undo_puts_it_back(
    qtbot: QtBot, campaign: Campaign, session: CampaignSession, dock: JournalWidget
) -> None:
    game = _play(campaign, session)
    _settled(qtbot, dock)
    steps = session.undo_stack.count()
    box = dock.note_box(1)
    assert box is not None
    box.editor.setFocus()
    qtbot.keyClicks(box.editor, "Bryn lied")
    assert campaign.journal.note(game, 1).text == ""  # not at every keystroke
    qtbot.waitUntil(lambda: campaign.journal.note(game, 1).text == "Bryn lied", timeout=3000)
    qtbot.keyClicks(box.editor, " twice.")
    qtbot.wait(SAVE_AFTER_MS + 200)
    assert campaign.journal.note(game, 1).text == "Bryn lied twice."
    # Two bursts of typing on one note fold into one undo step.
    assert session.undo_stack.count() == steps + 1
    assert session.undo_stack.undoText() == "Write the note on scene 1"
    cursor = box.editor.textCursor()
    cursor.setPosition(4)
    box.editor.setTextCursor(cursor)
    session.undo_stack.undo()
    assert campaign.journal.note(game, 1).text == ""
    qtbot.waitUntil(lambda: box.editor.toPlainText() == "", timeout=2000)
    session.undo_stack.redo()
    qtbot.waitUntil(lambda: box.editor.toPlainText() == "Bryn lied twice.", timeout=2000)
    assert box.editor.textCursor().position() == 0  # kept where it could be
    # Sharing is a step of its own; the store keeps the note shared.
    box.shared.click()
    note = campaign.journal.note(game, 1)
    assert (note.text, note.private) == ("Bryn lied twice.", False)
    assert session.undo_stack.undoText() == "Share the note on scene 1 with players"
    session.undo_stack.undo()
    assert campaign.journal.note(game, 1).private
    qtbot.waitUntil(lambda: not box.shared.isChecked(), timeout=2000)


def test_a_refused_note_stays_in_the_editor_with_the_plain_message(
    qtbot: QtBot, campaign: Campaign, session: CampaignSession, dock: JournalWidget
) -> None:
    game = _play(campaign, session)
    _settled(qtbot, dock)
    box = dock.note_box()
    assert box is not None
    too_long = "x" * (NOTE_MAX + 1)
    box.editor.setPlainText(too_long)
    box.flush()
    assert f"at most {NOTE_MAX:,} characters" in box.refusal()
    assert campaign.journal.note(game).text == ""
    campaign.roster.add("Bryn")  # any change: the page is read again
    _settled(qtbot, dock)
    assert box.editor.toPlainText() == too_long  # nothing lost
    box.editor.setPlainText("Shorter.")
    box.flush()
    assert box.refusal() == "" and campaign.journal.note(game).text == "Shorter."


def test_typing_in_progress_is_never_overwritten_by_a_refresh(
    qtbot: QtBot, campaign: Campaign, session: CampaignSession, dock: JournalWidget
) -> None:
    game = _play(campaign, session)
    _settled(qtbot, dock)
    box = dock.note_box()
    assert box is not None
    box.editor.setFocus()
    qtbot.keyClicks(box.editor, "Half a tho")
    campaign.clocks.add("Storm season", 8)  # a change while the GM types
    _settled(qtbot, dock)
    assert dock.note_box() is box and box.editor.toPlainText() == "Half a tho"
    qtbot.waitUntil(lambda: campaign.journal.note(game).text == "Half a tho", timeout=3000)


def _anchor_point(text: PageText, href: str) -> QPoint:
    """Where the link to `href` is drawn in `text`."""
    block = text.document.begin()
    while block.isValid():
        fragments = block.begin()
        while not fragments.atEnd():
            fragment = fragments.fragment()
            if fragment.charFormat().anchorHref() == href:
                inside = fragment.position() - block.position() + 1
                line = block.layout().lineForTextPosition(inside)
                top = text.document.documentLayout().blockBoundingRect(block).top()
                x, _ = line.cursorToX(inside)
                return QPoint(int(x), int(top + line.y() + line.height() / 2))
            fragments += 1
        block = block.next()
    raise AssertionError(f"no link to {href}")


def test_a_link_asks_the_window_to_open_its_record(
    qtbot: QtBot,
    campaign: Campaign,
    session: CampaignSession,
    dock: JournalWidget,
    opener: FakeOpener,
) -> None:
    _play(campaign, session)
    kara = campaign.roster.all()[0]
    _settled(qtbot, dock)
    href = f"characters/{kara.id}"
    [text] = [t for t in dock.texts if href in t.markup][:1]
    qtbot.mouseClick(text, Qt.MouseButton.LeftButton, pos=_anchor_point(text, href))
    assert opener.opened == [(Topic.CHARACTERS, kara.id)]
    # Elsewhere in the text nothing opens.
    qtbot.mouseClick(text, Qt.MouseButton.LeftButton, pos=QPoint(2, 2))
    assert len(opener.opened) == 1


def test_no_games_is_said_plainly(
    qtbot: QtBot, session: CampaignSession, dock: JournalWidget
) -> None:
    assert dock.message.text() == NO_GAMES and dock.message.isVisible()
    assert not dock.view.isVisible() and dock.chooser.count() == 0


def test_a_game_undone_away_falls_back_to_the_one_before(
    qtbot: QtBot, campaign: Campaign, session: CampaignSession, dock: JournalWidget
) -> None:
    first = _play(campaign, session)
    _push(session, EndGame(session))
    _push(session, StartGame(session))
    _settled(qtbot, dock)
    assert dock.chooser.count() == 2 and dock.game_id != first
    assert dock.chooser.itemText(0).startswith("Game 2")  # newest first
    session.undo_stack.undo()  # Start game: game 2 is gone
    _settled(qtbot, dock)
    assert dock.game_id == first and dock.chooser.count() == 1
    assert "Scene 1" in _page(dock)
    while session.undo_stack.canUndo():
        session.undo_stack.undo()
    _settled(qtbot, dock)
    assert dock.message.text() == NO_GAMES and dock.notes == {}


def test_the_gm_may_read_an_older_game_while_another_runs(
    qtbot: QtBot, campaign: Campaign, session: CampaignSession, dock: JournalWidget
) -> None:
    first = _play(campaign, session)
    _push(session, EndGame(session))
    _push(session, StartGame(session))
    _settled(qtbot, dock)
    dock.chooser.setCurrentIndex(1)
    dock.chooser.activated.emit(1)
    assert dock.game_id == first and not dock.follows_running
    campaign.roster.add("Bryn")
    _settled(qtbot, dock)
    assert dock.game_id == first  # a change does not pull the page away
    assert "End of the game" in _page(dock)


def test_the_window_opens_a_linked_record_in_its_dock(window: MainWindow) -> None:
    session = window.session
    assert session is not None
    campaign = session.campaign
    kara = campaign.roster.add("Kara Voss")
    clock = campaign.clocks.add("Storm season", 8)
    panels = {panel.name: panel for panel in window.panels}
    assert "journal" in {p.name for p in window.panels if not p.isHidden()}
    window.open_record(Topic.CLOCKS, clock.id)
    clocks = panels["clocks"]
    assert clocks.content().board.current_id == clock.id  # type: ignore[attr-defined]
    assert not clocks.visibleRegion().isEmpty()
    window.open_record(Topic.CHARACTERS, kara.id)
    assert session.selected_character == kara.id
    # A dock the workspace does not show comes in a tab beside the journal.
    tidewardens = campaign.factions.add("The Tidewardens")
    window.open_record(Topic.FACTIONS, tidewardens.id)
    ladder = panels["faction_ladder"]
    assert ladder.content().selected_record().id == tidewardens.id  # type: ignore[attr-defined]
    assert not ladder.visibleRegion().isEmpty()
    assert panels["journal"] in window.tabifiedDockWidgets(ladder)
    journal = panels["journal"].content()
    assert isinstance(journal, JournalWidget) and journal.opener is window


def test_behind_another_tab_the_page_waits_until_its_tab_is_chosen(
    qtbot: QtBot, window: MainWindow
) -> None:
    qtbot.waitUntil(window.is_ready)
    session = window.session
    assert session is not None
    panel = next(panel for panel in window.panels if panel.name == "journal")
    journal = panel.content()
    assert isinstance(journal, JournalWidget) and not journal.is_on_screen()  # Play in front
    _play(session.campaign, session)
    qtbot.wait(20)
    assert journal.texts == [] and journal.message.text() == NO_GAMES  # not read yet
    panel.raise_()
    qtbot.waitUntil(lambda: journal.is_on_screen() and journal.is_filled(), timeout=3000)
    assert "The docks at night" in _page(journal)
    # The table's one-key shortcuts (N, R, A, F, Space, digits) leave typing alone.
    box = journal.note_box(1)
    assert box is not None
    before = session.campaign.games.running()
    box.editor.setFocus()
    qtbot.keyClicks(box.editor, "Nara ran 2 far")
    assert box.editor.toPlainText() == "Nara ran 2 far"
    assert session.campaign.games.running() == before
    # Its tab put behind another writes what waited for a pause in typing.
    game = session.campaign.games.running()
    assert game is not None and session.campaign.journal.note(game.id, 1).text == ""
    qtbot.keyClicks(box.editor, ".")
    next(panel for panel in window.panels if panel.name == "play").raise_()
    qtbot.waitUntil(lambda: not journal.is_on_screen(), timeout=2000)
    assert session.campaign.journal.note(game.id, 1).text == "Nara ran 2 far."


def test_closing_the_window_writes_the_note_being_typed(
    qtbot: QtBot, window: MainWindow, data_dir: Path
) -> None:
    qtbot.waitUntil(window.is_ready)
    session = window.session
    assert session is not None
    path = session.campaign.path
    game = _play(session.campaign, session)
    panel = next(panel for panel in window.panels if panel.name == "journal")
    panel.raise_()
    journal = panel.content()
    assert isinstance(journal, JournalWidget)
    qtbot.waitUntil(lambda: journal.is_on_screen() and journal.is_filled(), timeout=3000)
    box = journal.note_box()
    assert box is not None
    box.editor.setFocus()
    qtbot.keyClicks(box.editor, "Last words")
    window.close()  # before the pause in typing ends
    with Campaign.open(path, data_dir=data_dir) as reopened:
        assert reopened.journal.note(game).text == "Last words"


def test_a_read_only_campaign_refuses_a_note_in_plain_words_at_the_editor(
    qtbot: QtBot, campaign_path: Path, data_dir: Path
) -> None:
    campaign_path.parent.mkdir(parents=True, exist_ok=True)
    with Campaign.create(campaign_path, data_dir=data_dir) as made:
        made.roster.add("Kara Voss")
        made.games.start()
    with Campaign.open(campaign_path, data_dir=data_dir, read_only=True) as campaign:
        session = CampaignSession(campaign)
        widget = JournalWidget()
        qtbot.addWidget(widget)
        widget.set_session(session)
        widget.show()
        _settled(qtbot, widget)
        box = widget.note_box()
        assert box is not None
        box.editor.setPlainText("Kept here")
        box.flush()
        assert "read-only" in box.refusal() and "Traceback" not in box.refusal()
        assert box.editor.toPlainText() == "Kept here" and campaign.journal.all() == []
        assert session.undo_stack.count() == 0
        widget.set_session(None)
        session.undo_stack.clear()
        campaign.unsubscribe(session.changed.emit)


def test_a_refresh_keeps_the_page_where_the_gm_scrolled_it(
    qtbot: QtBot, campaign: Campaign, session: CampaignSession, dock: JournalWidget
) -> None:
    _play(campaign, session)
    dock.resize(420, 260)
    _settled(qtbot, dock)
    bar = dock.view.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 100, timeout=2000)
    bar.setValue(bar.maximum() // 2)
    where = bar.value()
    kara = campaign.roster.all()[0]
    campaign.games.declare(kara.id, "I jump")  # the page grows at its end
    _settled(qtbot, dock)
    assert "I jump" in _page(dock)
    assert bar.value() == where


def test_a_long_game_shows_its_newest_steps_and_says_the_rest_are_left_out(
    qtbot: QtBot,
    campaign: Campaign,
    session: CampaignSession,
    dock: JournalWidget,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A game of 20,000 steps held the GUI thread 0.45 s at every change (1.7 s the
    # first): the page on screen reads the newest PAGE_ENTRIES_MAX of them.
    monkeypatch.setattr(journal_dock, "PAGE_ENTRIES_MAX", 5)
    _play(campaign, session)
    clock = campaign.clocks.add("Doom", 12, shown=True).id
    for filled in range(1, 12):
        campaign.clocks.update(clock, filled=filled)
    dock.refresh()
    _settled(qtbot, dock)
    page = _page(dock)
    assert CUT_NOTICE in page
    assert "Doom: 10 -> 11 of 12" in page and "Doom: 6 -> 7 of 12" in page
    assert "Doom: 5 -> 6 of 12" not in page and "declares" not in page
    assert "Scene 1" in page and "Scene 2" in page  # the scenes are the game's own


def test_undo_from_the_menu_while_typing_keeps_the_typing(qtbot: QtBot, window: MainWindow) -> None:
    # Typing on scene 2's note, not yet written, then Edit > Undo (the toolbar's button
    # leaves the focus in the note): the scene's undo took the typing with it, and its
    # redo gave back an empty note. The typing is written first, so it is the step undone.
    qtbot.waitUntil(window.is_ready)
    session = window.session
    assert session is not None
    game = _play(session.campaign, session)
    panel = next(panel for panel in window.panels if panel.name == "journal")
    panel.raise_()
    journal = panel.content()
    assert isinstance(journal, JournalWidget)
    qtbot.waitUntil(lambda: journal.is_on_screen() and journal.is_filled(), timeout=3000)
    box = journal.note_box(2)
    assert box is not None
    box.editor.setFocus()
    qtbot.keyClicks(box.editor, "Bryn lied")
    assert session.undo_stack.undoText() == "Set the scene"
    window.undo_action.trigger()
    assert session.campaign.journal.note(game, 2).text == ""  # its write undone
    assert len(session.campaign.games.get(game).scenes) == 2  # the scene kept
    window.redo_action.trigger()
    assert session.campaign.journal.note(game, 2).text == "Bryn lied"
