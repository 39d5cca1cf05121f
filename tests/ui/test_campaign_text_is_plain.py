"""Campaign text is shown as the text it is, everywhere: never read as HTML.

A campaign whose every name, note, summary and scene text holds `<img src="…">` naming a
real local PNG and `<b>x</b>` is opened; every view of the main window (as each character
shows it), the player display, and every dialog and message box the GM can reach are
shown; then every widget's label, tooltip, item tooltip, graphics item and text document
is looked at. A text shown as rich text must neither hold the campaign's raw markup nor
ask for any resource (each is laid out in a document that records what it asks for, so
`<img src="/dev/zero">` would be seen asked for without ever being read). Last, the PNG
itself must not have been read (its access time, reset to 0, stays 0).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import tempfile
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import (
    QAbstractItemModel,
    QAbstractListModel,
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPoint,
    QTimer,
    QUrl,
)
from PySide6.QtGui import QAction, QImage, Qt, QTextDocument
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDockWidget,
    QGraphicsTextItem,
    QGraphicsView,
    QHeaderView,
    QLabel,
    QMenu,
    QProgressDialog,
    QTabBar,
    QTabWidget,
    QTextEdit,
    QWidget,
)
from pytestqt.qtbot import QtBot

import desktop.ui
from desktop.paths import resources_dir
from desktop.printing.rich_text import SealedTextDocument
from desktop.store.exchange import import_campaign, trusted_images
from desktop.ui.main_window import MainWindow
from desktop.ui.plain_text import escaped
from desktop.ui.widgets.page_text import PageText

MARK = "<b>x</b>"
# Values that are words the store checks (kinds, places, dates), not text the GM types.
NOT_TEXT = {
    "format", "kind", "place", "hold", "owner_kind", "category", "nights", "start_date",
    "at", "started_at", "ended_at", "tags", "track",
}  # fmt: skip
NAMES = {"name", "character_name"}  # at most 80 characters in the store
KEYED_BY_NAME = {"pending_specific", "pools", "abilities"}  # a project's name: its key
SHOWN_NAMES = {
    "playerSceneText", "playerTurn", "playerSeat1", "playerChapter", "playerRollWho",
    "playerRollWords", "claimHolder", "endDaySummary", "chapterHeader", "ledgerHeader",
    "factionTitle", "activityTitle", "playSceneText", "statusCampaign", "qt_msgbox_label",
    "journalPage",
}  # fmt: skip
ITEMS_LOOKED_AT = 400  # rows of one item view looked at: the sample has fewer


def _poison(value: Any, tag: str, key: str = "") -> Any:
    if isinstance(value, dict):
        if key in KEYED_BY_NAME:
            return {tag + k: _poison(v, tag, k) for k, v in value.items()}
        return {k: v if k in NOT_TEXT else _poison(v, tag, k) for k, v in value.items()}
    if isinstance(value, list):
        return [_poison(item, tag, key) for item in value]
    if isinstance(value, str) and value:
        return (tag + value)[:80] if key in NAMES else tag + value
    return value


def _unread(path: Path) -> None:
    os.utime(path, (0, path.stat().st_mtime))


def _was_read(path: Path) -> bool:
    return path.stat().st_atime != 0


class _RecordingDocument(QTextDocument):
    """A document that notes every resource its HTML asks for and answers with nothing
    (an empty image: a null answer would make Qt load the file by its name itself)."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: list[str] = []

    def loadResource(self, kind: int, name: QUrl) -> object:
        self.asked.append(name.toString())
        return QImage(1, 1, QImage.Format.Format_ARGB32)


def _read_as_html(text: str, text_format: Qt.TextFormat) -> bool:
    return text_format == Qt.TextFormat.RichText or (
        text_format == Qt.TextFormat.AutoText and Qt.mightBeRichText(text)
    )


class Inspector:
    """Collects every place where campaign text would be read as HTML."""

    def __init__(self, bait: Path) -> None:
        self.bait = bait
        self.found: dict[str, str] = {}  # what is wrong -> the first step that showed it
        self.looked = 0
        self.named: set[str] = set()  # labels seen showing campaign text, by object name

    def text(self, where: str, text: str, text_format: Qt.TextFormat) -> None:
        """`text` shown at `where` in `text_format`: wrong if read as HTML with campaign
        markup in it (a plain name would show as it is typed)."""
        self.looked += 1
        if not text or not _read_as_html(text, text_format):
            return
        document = _RecordingDocument()
        document.setHtml(text)
        document.size()  # lays it out: an image is asked for now
        if document.asked or MARK in text:
            self._wrong(where, f"{text[:100]!r} read as HTML (asks for {document.asked})")

    def document(self, where: str, document: QTextDocument) -> None:
        if isinstance(document, SealedTextDocument):
            return  # a card's Info: rich by design, and loads nothing
        if f'src="{self.bait}"' in document.toHtml():
            self._wrong(where, "an image of the campaign's text in a document")

    def _wrong(self, where: str, what: str) -> None:
        step, _, place = where.partition(" | ")
        self.found.setdefault(f"{place}: {what}".replace(str(self.bait), "BAIT"), step)

    def model(self, where: str, model: QAbstractItemModel | None) -> None:
        if model is None:
            return
        seen = 0

        def walk(parent: QModelIndex) -> None:
            nonlocal seen
            # A list model's column count is not public: it has one.
            flat = isinstance(model, QAbstractListModel | QAbstractTableModel)
            columns = 1 if isinstance(model, QAbstractListModel) else model.columnCount(parent)
            for row in range(model.rowCount(parent)):
                for column in range(columns):
                    seen += 1
                    if seen > ITEMS_LOOKED_AT:
                        return
                    index = model.index(row, column, parent)
                    for role in (Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.WhatsThisRole):
                        value = model.data(index, role)
                        if isinstance(value, str):
                            self.text(f"{where} item {row},{column}", value, Qt.TextFormat.AutoText)
                    if column == 0 and not flat and model.hasChildren(index):
                        walk(index)

        walk(QModelIndex())

    def action(self, where: str, action: QAction) -> None:
        self.text(
            f"{where} action {action.text()!r} tooltip", action.toolTip(), Qt.TextFormat.AutoText
        )
        self.text(f"{where} action whatsThis", action.whatsThis(), Qt.TextFormat.AutoText)

    def widget(self, widget: QWidget, step: str) -> None:
        where = f"{step} | {type(widget).__name__} {widget.objectName()!r}"
        auto = Qt.TextFormat.AutoText
        self.text(f"{where} tooltip", widget.toolTip(), auto)
        self.text(f"{where} whatsThis", widget.whatsThis(), auto)
        # A menu shows its actions' tips only when told to; a tool bar or button always.
        if not isinstance(widget, QMenu) or widget.toolTipsVisible():
            for action in widget.actions():
                self.action(where, action)
        if isinstance(widget, QLabel):
            self.text(where, widget.text(), widget.textFormat())
            if MARK in widget.text() or escaped(MARK) in widget.text():
                self.named.add(widget.objectName())
        elif isinstance(widget, QTabBar):
            for index in range(widget.count()):
                self.text(f"{where} tab tooltip", widget.tabToolTip(index), auto)
        elif isinstance(widget, QTextEdit):
            self.document(where, widget.document())
        elif isinstance(widget, PageText):  # the journal's page: our markup, painted
            self.document(where, widget.document)
            if MARK in widget.markup:
                self._wrong(where, f"{widget.markup[:100]!r} holds the campaign's markup")
            if escaped(MARK) in widget.markup:
                self.named.add("journalPage")
        elif isinstance(widget, QGraphicsView) and widget.scene() is not None:
            for item in widget.scene().items():
                self.text(f"{where} graphics item tooltip", item.toolTip(), auto)
                if isinstance(item, QGraphicsTextItem):
                    self.document(f"{where} graphics text", item.document())
        model = getattr(widget, "model", None)
        # A header's model is its view's: the header's own tips are the header data.
        if callable(model) and not isinstance(widget, QLabel | QHeaderView):
            found = model()
            if isinstance(found, QAbstractItemModel):
                self.model(where, found)

    def everything(self, step: str) -> None:
        for widget in QApplication.allWidgets():
            self.widget(widget, step)

    def tree(self, top: QWidget, step: str) -> None:
        self.widget(top, step)
        for widget in top.findChildren(QWidget):
            self.widget(widget, step)


class Doorman(QObject):
    """Looks at every modal dialog or message box as soon as it shows, then sends it away
    (as Escape would): each opened by a step is judged while it is up."""

    def __init__(self, inspector: Inspector) -> None:
        super().__init__()
        self.inspector = inspector
        self.step = ""
        self.seen: list[str] = []
        self.timer = QTimer(self, interval=5)
        self.timer.timeout.connect(self._look)
        self.timer.start()

    def _look(self) -> None:
        modal = QApplication.activeModalWidget()
        if modal is None or not modal.isVisible():
            return
        self.seen.append(f"{self.step}: {type(modal).__name__} {modal.windowTitle()!r}")
        self.inspector.tree(modal, self.step)
        if isinstance(modal, QDialog):
            modal.reject()
        else:
            modal.close()

    def stop(self) -> None:
        self.timer.stop()


@pytest.fixture
def bait() -> Iterator[Path]:
    # A short path, so a name keeps its own words within 80 characters after the tag.
    folder = Path(tempfile.mkdtemp(prefix="gm"))
    png = folder / "p.png"
    image = QImage(4, 4, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.red)
    assert image.save(str(png))
    _unread(png)
    png.read_bytes()
    if not _was_read(png):
        shutil.rmtree(folder)
        pytest.skip("this file system does not record reads (noatime): nothing to observe")
    _unread(png)
    yield png
    shutil.rmtree(folder)


def _poisoned_campaign(bait: Path, tmp_path: Path, data_dir: Path) -> Path:
    document = json.loads((resources_dir() / "sample-campaign.json").read_text("utf-8"))
    document = _poison(document, f'<img src="{bait}">{MARK}')
    source = tmp_path / "poisoned.json"
    source.write_text(json.dumps(document), encoding="utf-8")
    target = tmp_path / "poisoned.gmdesk"
    import_campaign(source, target, data_dir=data_dir, images=trusted_images).close()
    return target


def _bring_up(widget: QWidget) -> None:
    """Show `widget`: each tab holding it made current, its dock shown and raised."""
    child, parent = widget, widget.parentWidget()
    while parent is not None:
        tabs = parent.parentWidget()
        if isinstance(tabs, QTabWidget) and tabs.indexOf(child) >= 0:
            tabs.setCurrentWidget(child)
        if isinstance(parent, QDockWidget):
            parent.show()
            parent.raise_()
        child, parent = parent, parent.parentWidget()
    QApplication.processEvents()


def _steps(window: MainWindow, inspector: Inspector) -> list[tuple[str, Callable[[], object]]]:
    """Every way to a dialog or message box that shows campaign text, and a step whose
    Undo names a card (the toolbar's Undo shows its text as a tooltip)."""
    from desktop.ui.card_commands import DeleteCard
    from desktop.ui.chapter.claims_tab import ClaimsTab
    from desktop.ui.docks.clocks import ClocksWidget
    from desktop.ui.docks.dice_table import DiceTableWidget
    from desktop.ui.docks.faction_ladder import FactionLadderWidget
    from desktop.ui.docks.roster import RosterWidget
    from desktop.ui.docks.syscards import SysCardsWidget
    from desktop.ui.end_day import EndDayDialog
    from desktop.ui.widgets.energy_projects import ProjectsView

    session = window.session
    assert session is not None
    campaign = session.campaign

    def one(kind: type[QWidget]) -> Any:
        found = window.findChildren(kind)
        assert found, kind.__name__
        return found[0]

    steps: list[tuple[str, Callable[[], object]]] = []
    for name in (
        "actionPrint", "actionPdf", "actionEndDay", "actionCheckCampaign", "actionRestore",
        "actionAbout",
    ):  # fmt: skip
        action = window.findChild(QAction, name)
        assert action is not None, name
        steps.append((name, action.trigger))
    for action in window.downtime.menu.actions():
        if action.text() and not action.isSeparator():
            steps.append((f"Downtime {action.text()}", action.trigger))
    clocks = one(ClocksWidget)
    clock = campaign.clocks.all()[0]
    steps.append(("Clock chosen", lambda: clocks.board.set_current(clock.id)))
    for action in (clocks.new_action, clocks.rename_action, clocks.resize_action):
        steps.append((f"Clocks {action.text()}", action.trigger))
    steps.append(("Clocks note", clocks.note_action.trigger))
    ladder = one(FactionLadderWidget)
    for faction in campaign.factions.all()[:2]:
        steps.append((f"Faction {faction.id}", lambda f=faction.id: ladder.edit_faction(f)))
    for faction in campaign.factions.all()[:1]:
        spot = QPoint(10, 10)
        steps.append(("Faction status menu", partial(ladder.show_status_menu, faction.id, spot)))
        steps.append(("Faction menu", partial(ladder.show_context_menu, faction.id, 1, spot)))
    steps.append(("Roster delete", one(RosterWidget).delete_selected))
    cards = one(SysCardsWidget)
    steps.append(("Card chosen", lambda: cards.table.setCurrentIndex(cards.model.index(0, 0))))
    steps.append(("Card delete", cards.delete))
    projects = one(ProjectsView)
    with_projects = campaign.roster.all()[0].id  # the sample's first has a project

    def cancel_project() -> None:
        _bring_up(projects)
        session.select_character(with_projects)
        QApplication.processEvents()
        projects.table.selectRow(0)
        assert projects.selected_project() is not None
        projects.cancel_selected()

    steps.append(("Project cancel", cancel_project))
    card = campaign.cards.all()[0]
    steps.append(("Undo names a card", lambda: session.push(DeleteCard(session, card))))
    claims = one(ClaimsTab)
    claim = campaign.chapter.claims()[0]

    def choose_claim() -> None:
        _bring_up(claims)
        claims.select(claim.id)

    steps.append(("Claim chosen", choose_claim))
    table = one(DiceTableWidget)
    kara = campaign.roster.all()[0]

    def conflict_roll() -> None:
        _bring_up(table)
        session.select_character(kara.id)
        QApplication.processEvents()
        table.conflict_button.click()
        pool = [die for die in campaign.kit.dice(kara.id) if die.place == "pool"]
        table.toggle_tray(pool[0].id)
        table.roll()

    steps.append(("Conflict roll", conflict_roll))

    def end_day() -> None:
        dialog = EndDayDialog(session, window)
        dialog.show()
        dialog.ok.click()
        inspector.tree(dialog, "End Day ended")
        dialog.close()
        dialog.deleteLater()

    steps.append(("End Day ended", end_day))
    return steps


def test_campaign_text_is_never_read_as_html(
    qtbot: QtBot,
    make_window: Callable[[], MainWindow],
    bait: Path,
    tmp_path: Path,
    data_dir: Path,
) -> None:
    target = _poisoned_campaign(bait, tmp_path, data_dir)
    _unread(bait)
    inspector = Inspector(bait)
    window = make_window()
    assert window.open_campaign(target, interactive=False)
    qtbot.waitUntil(window.is_ready)
    session = window.session
    assert session is not None
    display = window.player_display.open()
    qtbot.waitExposed(display)
    display.grab()
    inspector.tree(display, "player display")

    # Every view as each character shows it: a name reaches labels only some fill.
    for character in session.campaign.roster.all():
        session.select_character(character.id)
        for panel in window.panels:
            panel.show()
            panel.raise_()
            for tabs in [None, *panel.findChildren(QTabWidget)]:
                for index in range(tabs.count() if tabs else 1):
                    if tabs is not None:
                        tabs.setCurrentIndex(index)
                    QApplication.processEvents()
                    inspector.everything(f"{character.id}: {panel.objectName()}")
        window.grab()

    doorman = Doorman(inspector)
    try:
        for step, go in _steps(window, inspector):
            doorman.step = step
            go()
            QApplication.processEvents()
            qtbot.wait(20)
            inspector.everything(step)
            for top in QApplication.topLevelWidgets():
                if isinstance(top, QDialog) and top.isVisible():
                    top.reject()
                elif isinstance(top, QMenu) and top.isVisible():
                    top.close()
    finally:
        doorman.stop()
    display.grab()
    window.grab()

    assert inspector.looked > 1000
    # The walk reached campaign text where it matters most: the players' screen, rich
    # labels of our markup, message boxes.
    assert inspector.named >= SHOWN_NAMES, SHOWN_NAMES - inspector.named
    assert len(doorman.seen) >= 14, doorman.seen
    found = [f"{what} (in {step})" for what, step in inspector.found.items()]
    assert not found, f"{len(found)} places read campaign text as HTML:\n" + "\n".join(found)
    assert not _was_read(bait), "the campaign's text made Qt read a local file"


# A label or message box made without saying how it reads its text reads HTML-looking
# text as HTML (QLabel's and QMessageBox's AutoText, and QMessageBox's static functions).
BARE = re.compile(
    r"(?<![\w.])QLabel\(|(?<![\w.])QMessageBox\(|QMessageBox\.(question|warning|information|critical)\("
)


def test_every_label_and_message_box_says_how_it_reads_its_text() -> None:
    """Every label is a PlainLabel or a RichLabel and every message box comes from
    plain_text, so a label added later cannot read a name as HTML by default."""
    ui = Path(desktop.ui.__file__).parent
    bare = [
        f"{path.relative_to(ui)}:{number}: {line.strip()}"
        for path in sorted(ui.rglob("*.py"))
        if path.name != "plain_text.py"
        for number, line in enumerate(path.read_text("utf-8").splitlines(), start=1)
        if BARE.search(line)
    ]
    assert not bare, "\n".join(bare)


def test_a_long_task_shows_a_file_name_as_it_is(qtbot: QtBot, bait: Path) -> None:
    """A progress dialog names the file it works on; a file may be named like HTML."""
    from desktop.ui.long_task import run_with_progress

    parent = QWidget()
    qtbot.addWidget(parent)
    name = f'Exporting to <img src="{bait}">.json…'
    assert run_with_progress(parent, name, lambda _progress: 1) == 1
    dialog = parent.findChild(QProgressDialog, "longTaskProgress")  # deleted later
    assert dialog is not None
    labels = [label for label in dialog.findChildren(QLabel) if label.text() == name]
    assert labels and all(label.textFormat() == Qt.TextFormat.PlainText for label in labels)
    assert not _was_read(bait)


def test_about_shows_folder_names_as_they_are(qapp: QApplication, bait: Path) -> None:
    """About lists the campaign's and the backups' folders in its HTML; a folder may be
    named like HTML (`/tmp/<img src="…">/c.gmdesk` is a path)."""
    from desktop.ui.help import about_text

    inspector = Inspector(bait)
    folder = Path(f'/tmp/<img src="{bait}">{MARK}')
    text = about_text(folder / "c.gmdesk", folder / "backups", folder)
    inspector.text("About", text, Qt.TextFormat.AutoText)
    assert not inspector.found, inspector.found
    assert str(folder / "c.gmdesk").replace("<", "&lt;").replace(">", "&gt;") in text


def test_the_all_ones_choice_names_the_side_as_it_is(qtbot: QtBot, bait: Path) -> None:
    """The all-ones choice of a conflict names the side that rolled, in bold markup."""
    from desktop.rules import dicepool
    from desktop.ui.dice_table.all_ones_choice import AllOnesChoice

    choice = AllOnesChoice()
    qtbot.addWidget(choice)
    sizes, faces = (6, 6), (1, 1)
    tray = (dicepool.TrayDie(1), dicepool.TrayDie(2))
    roll = dicepool.Roll(tray, sizes, faces, dicepool.resolve_roll(sizes, faces))
    name = f'<img src="{bait}">{MARK}Kara Voss'
    choice.offer(roll, name)
    choice.show()
    choice.grab()
    inspector = Inspector(bait)
    inspector.tree(choice, "all ones")
    assert not inspector.found, inspector.found
    assert f"All ones for {escaped(name)}!" in choice.label.text()
    assert not _was_read(bait)
