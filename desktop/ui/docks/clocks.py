"""The Clocks dock: every progress clock of the campaign, grouped by who owns it.

Groups: no owner, the chapter, each character in roster order, each faction down the
ladder. The board (`widgets/clock_board.py`) draws them; a click on a segment fills the
clock up to it, + and - tick the selected clock, a drag moves a clock within its group
or to another owner. Every change is one undo command through the store, and the dock
refreshes from the store's topics, so undo and redo show the same way.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAction, QKeySequence, QUndoCommand
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QMenu,
    QToolBar,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from desktop.language import N_
from desktop.store import (
    OWNER_CHAPTER,
    OWNER_CHARACTER,
    OWNER_FACTION,
    OWNER_NONE,
    ClockRecord,
    Topic,
)
from desktop.ui import read_guard
from desktop.ui.accessible import name_overflow
from desktop.ui.clock_commands import AddClock, DeleteClock, MoveClock, UpdateClock
from desktop.ui.docks.clock_dialogs import (
    ApplyResultDialog,
    ClockNoteDialog,
    NewClockDialog,
    RenameClockDialog,
    ResizeClockDialog,
    result_label,
)
from desktop.ui.form_helpers import CampaignView, follow_changes
from desktop.ui.plain_text import PlainLabel, menu_text
from desktop.ui.session import CampaignSession
from desktop.ui.shown_commands import set_clock_shown
from desktop.ui.table_keys import clicks_keep_focus
from desktop.ui.widgets.clock_board import ClockBoard, Group, Owner
from desktop.ui.widgets.flow import Flow
from desktop.ui.window_language import ntr, tr

D = TypeVar("D", bound=QDialog)
Change = tuple[str, dict[str, Any]]  # an UpdateClock's Edit > Undo text and its fields

TOPICS = frozenset({Topic.CLOCKS, Topic.CHARACTERS, Topic.FACTIONS, Topic.CHAPTER})

EMPTY_TEXT = N_(
    "No clocks yet.\n\n"
    "Press “New clock” to start one: a danger closing in, a long-term project, "
    "a faction's plan.\n\n"
    "Click a segment of a dial to fill the clock up to it; "
    "+ and − tick the selected clock; drag a clock to give it to someone else."
)
NO_CAMPAIGN_TEXT = N_("Open a campaign to see its clocks.")


# -- owners and groups ------------------------------------------------------------------------


def owner_title(kind: str, name: str) -> str:
    if kind == OWNER_NONE:
        return tr("Unowned")
    if kind == OWNER_CHAPTER:
        return tr("The chapter: {name}").format(name=name)
    return name


def build_groups(
    owners: list[Owner],
    clocks: list[ClockRecord],
    *,
    show_done: bool,
    selected_character: int | None,
) -> list[Group]:
    """One group per owner that has clocks, plus the standing ones (no owner, the
    chapter) and the roster's selected character, so they can always take a drop."""
    by_owner: dict[tuple[str, int], list[ClockRecord]] = {}
    for clock in clocks:
        by_owner.setdefault((clock.owner_kind, clock.owner_id), []).append(clock)
    groups = []
    for owner in owners:
        owned = sorted(by_owner.get((owner.kind, owner.id), []), key=lambda c: c.position)
        selected = owner.kind == OWNER_CHARACTER and owner.id == selected_character
        standing = owner.kind in (OWNER_NONE, OWNER_CHAPTER) or selected
        if not owned and not standing:
            continue
        shown = owned if show_done else [c for c in owned if not c.done]
        groups.append(Group(owner, shown, len(owned), selected))
    return groups


# -- the dock's widget ------------------------------------------------------------------------


class ClocksWidget(CampaignView):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(TOPICS, self.reload, parent)
        self.dialog: QDialog | None = None
        self.owners: list[Owner] = []
        self.board = ClockBoard()
        self.show_done = QCheckBox(tr("Show done clocks"))
        self.show_done.setObjectName("clocksShowDone")
        self.show_done.setChecked(True)
        self.show_done.toggled.connect(self.reload)
        self.count_label = PlainLabel()
        self.count_label.setObjectName("clocksCount")
        self._build_actions()
        self.toolbar = QToolBar()
        self.toolbar.setObjectName("clocksToolbar")
        name_overflow(self.toolbar, tr("More clock actions"))
        self.toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.toolbar.addActions([self.new_action, self.apply_action])
        # The rarer changes sit behind one button, so the toolbar fits a narrow dock.
        self.clock_button = QToolButton()
        self.clock_button.setObjectName("clocksEdit")
        self.clock_button.setText(tr("Edit"))
        self.clock_button.setToolTip(tr("Rename, resize, annotate, give away or delete the clock"))
        self.clock_button.setMenu(self.clock_menu)
        self.clock_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.toolbar.addWidget(self.clock_button)
        # Last, as a narrow dock folds them away first: a click on a segment does the same.
        self.toolbar.addActions([self.tick_down_action, self.tick_up_action])
        new_button = self.toolbar.widgetForAction(self.new_action)
        if isinstance(new_button, QToolButton):
            font = new_button.font()
            font.setBold(True)
            new_button.setFont(font)
        # The toolbar's buttons take the focus from Tab (a toolbar's own take none), and
        # a click leaves the keyboard where it was, as the other docks' buttons.
        clicks_keep_focus(self.toolbar)
        # The count at the row's end, or below the check box in a narrow dock.
        bottom = Flow()
        bottom.add(self.show_done)
        bottom.addStretch()
        bottom.add(self.count_label)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.setSpacing(4)
        layout.addWidget(self.toolbar)
        layout.addWidget(self.board, 1)
        layout.addLayout(bottom)

        self.board.fill_requested.connect(self.fill)
        self.board.tick_requested.connect(self.tick)
        self.board.move_requested.connect(self.move_clock)
        self.board.rename_requested.connect(self.rename_dialog)
        self.board.delete_requested.connect(self.delete_current)
        self.board.current_changed.connect(lambda _id: self._update_actions())
        self.board.menu_requested.connect(self._show_menu)
        self.board.shown_requested.connect(self.set_shown)
        self.set_session(None)

    def _build_actions(self) -> None:
        def action(text: str, name: str, slot: object, tip: str, keys: str = "") -> QAction:
            made = QAction(text, self)
            made.setObjectName(name)
            made.setToolTip(tip + (f" ({keys})" if keys else ""))
            if keys:
                # Shown in menus; the board itself handles the key, so the shortcut
                # stays tied to this widget and never steals a key from another dock.
                made.setShortcut(QKeySequence(keys))
                made.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
            made.triggered.connect(slot)
            return made

        self.new_action = action(
            tr("New clock…"), "clocksNew", self.new_dialog, tr("Start a clock for someone")
        )
        self.apply_action = action(
            tr("Apply result…"),
            "clocksApply",
            self.apply_dialog,
            tr("Mark what a roll earns: Failure 1, Success 2, Critical 2 + m"),
        )
        self.tick_up_action = action("+1", "clocksTickUp", lambda: self.tick(1), tr("Tick"), "+")
        self.tick_down_action = action(
            "−1", "clocksTickDown", lambda: self.tick(-1), tr("Clear a segment"), "-"
        )
        self.rename_action = action(
            tr("Rename…"), "clocksRename", self.rename_dialog, tr("Rename the clock"), "F2"
        )
        self.resize_action = action(
            tr("Resize…"), "clocksResize", self.resize_dialog, tr("Change the number of segments")
        )
        self.note_action = action(tr("Note…"), "clocksNote", self.note_dialog, tr("Write a note"))
        self.delete_action = action(
            tr("Delete"),
            "clocksDelete",
            self.delete_current,
            tr("Delete the clock"),
            "Del",  # untranslated: a key sequence
        )
        self.give_menu = QMenu(tr("Give to"), self)
        self.give_menu.setObjectName("clocksGiveTo")
        self.give_menu.aboutToShow.connect(self._fill_give_menu)
        self.clock_menu = QMenu(self)
        self.clock_menu.setObjectName("clocksEditMenu")
        self.clock_menu.addActions([self.rename_action, self.resize_action, self.note_action])
        self.clock_menu.addMenu(self.give_menu)
        self.shown_action = action(
            tr("Shown to Players"),
            "clocksShown",
            self._toggle_shown,
            tr("Show it on the player display"),
        )
        self.shown_action.setCheckable(True)
        self.clock_menu.addAction(self.shown_action)
        self.clock_menu.addSeparator()
        self.clock_menu.addAction(self.delete_action)

    # -- following the campaign ---------------------------------------------------------------

    def set_session(self, session: CampaignSession | None) -> None:
        self._close_dialog()
        self._session = follow_changes(
            self._session, session, self._on_changed, character_selected=self._on_character_selected
        )
        self.board.current_id = 0
        self.reload()

    @read_guard.guarded
    def _on_character_selected(self, _character_id: object) -> None:
        self.reload()

    def reload(self) -> None:
        session = self._session
        if session is None:
            self.owners = []
            self.board.empty_text = tr(NO_CAMPAIGN_TEXT)
            self.board.editable = False
            self.board.set_groups([], [])
            self.count_label.clear()
            self._update_actions()
            return
        campaign = session.campaign
        self.owners = self._load_owners()
        clocks = campaign.clocks.all()
        groups = build_groups(
            self.owners,
            clocks,
            show_done=self.show_done.isChecked(),
            selected_character=session.selected_character,
        )
        self.board.empty_text = tr(EMPTY_TEXT)
        self.board.editable = not session.read_only
        self.board.set_groups(groups, clocks)
        done = sum(1 for clock in clocks if clock.done)
        self.count_label.setText(
            ntr("{count} clock, {done} done", "{count} clocks, {done} done", len(clocks)).format(
                count=len(clocks), done=done
            )
            if clocks
            else ""
        )
        self._update_actions()

    def reveal(self, clock_id: int) -> None:
        """Make clock `clock_id` the current one, scrolled into view (a journal link)."""
        self.board.set_current(clock_id)

    def _load_owners(self) -> list[Owner]:
        assert self._session is not None
        campaign = self._session.campaign
        chapter = campaign.chapter.get().name
        return [
            Owner(OWNER_NONE, 0, owner_title(OWNER_NONE, "")),
            Owner(OWNER_CHAPTER, 0, owner_title(OWNER_CHAPTER, chapter)),
            *(Owner(OWNER_CHARACTER, c.id, c.name) for c in campaign.roster.all()),
            *(Owner(OWNER_FACTION, f.id, f.name) for f in campaign.factions.all()),
        ]

    def _update_actions(self) -> None:
        writable = self._session is not None and not self._session.read_only
        clock = self.board.current_clock()
        self.new_action.setEnabled(writable)
        for action in (self.rename_action, self.resize_action, self.note_action):
            action.setEnabled(writable and clock is not None)
        self.delete_action.setEnabled(writable and clock is not None)
        self.apply_action.setEnabled(writable and clock is not None and not clock.done)
        self.tick_up_action.setEnabled(writable and clock is not None and not clock.done)
        self.tick_down_action.setEnabled(writable and clock is not None and clock.filled > 0)
        self.give_menu.setEnabled(writable and clock is not None)
        self.shown_action.setEnabled(writable and clock is not None)
        self.shown_action.setChecked(clock is not None and clock.shown)
        self.clock_button.setEnabled(clock is not None)

    # -- commands -----------------------------------------------------------------------------

    def set_shown(self, clock_id: int, shown: bool) -> None:
        """Show a clock on the player display, or hide it (one undo step)."""
        clock = self._writable_clock()
        if clock is None or clock.id != clock_id:
            self.board.set_current(clock_id)
            clock = self._writable_clock()
        if clock is not None and clock.shown != shown:
            set_clock_shown(self._open(), clock, shown)

    def _toggle_shown(self) -> None:
        clock = self.board.current_clock()
        if clock is not None:
            self.set_shown(clock.id, not clock.shown)

    def _open(self) -> CampaignSession:
        """The open session: a clock is writable, or shown, only while one is open."""
        assert self._session is not None
        return self._session

    def _push(self, command: QUndoCommand) -> bool:
        return self._open().push(command)

    def _writable_clock(self) -> ClockRecord | None:
        if self._session is None or self._session.read_only:
            return None
        return self.board.current_clock()

    def fill(self, clock_id: int, filled: int) -> None:
        clock = self.board.clocks.get(clock_id)
        if clock is None or self._session is None or clock.filled == filled:
            return
        self._push(
            UpdateClock(
                self._session,
                clock,
                tr("Fill {name} to {filled}/{segments}").format(
                    name=clock.name, filled=filled, segments=clock.segments
                ),
                filled=filled,
            )
        )

    def tick(self, change: int) -> None:
        clock = self._writable_clock()
        if clock is None:
            return
        after = clock.clock.tick(change)
        if after.filled != clock.filled:
            sign = "+" if change > 0 else "−"
            self._push(
                UpdateClock(
                    self._open(),
                    clock,
                    tr("Tick {name} {change}").format(
                        name=clock.name, change=f"{sign}{abs(change)}"
                    ),
                    filled=after.filled,
                )
            )

    def move_clock(self, clock_id: int, owner_kind: str, owner_id: int, position: int) -> None:
        clock = self.board.clocks.get(clock_id)
        if clock is None or self._session is None or self._session.read_only:
            return
        owner = next((o for o in self.owners if (o.kind, o.id) == (owner_kind, owner_id)), None)
        same = (clock.owner_kind, clock.owner_id) == (owner_kind, owner_id)
        text = (
            tr("Reorder clock {name}").format(name=clock.name)
            if same or owner is None
            else tr("Give clock {name} to {owner}").format(name=clock.name, owner=owner.title)
        )
        self._push(MoveClock(self._session, clock, owner_kind, owner_id, position, text))

    def delete_current(self) -> None:
        clock = self._writable_clock()
        if clock is not None:
            self._push(DeleteClock(self._open(), clock))

    # -- dialogs ------------------------------------------------------------------------------

    def _open_dialog(self, dialog: QDialog, on_accept: object) -> None:
        self._close_dialog()
        self.dialog = dialog
        dialog.accepted.connect(on_accept)
        dialog.finished.connect(lambda _result: self._forget_dialog(dialog))
        dialog.open()

    def _forget_dialog(self, dialog: QDialog) -> None:
        if self.dialog is dialog:
            self.dialog = None
        dialog.deleteLater()

    def _close_dialog(self) -> None:
        if self.dialog is not None:
            self.dialog.reject()

    def default_owner_key(self) -> str:
        """The selected roster character, else whoever owns the selected clock."""
        clock = self.board.current_clock()
        if self._session is not None and self._session.selected_character is not None:
            return f"{OWNER_CHARACTER}:{self._session.selected_character}"
        if clock is not None:
            return f"{clock.owner_kind}:{clock.owner_id}"
        return f"{OWNER_NONE}:0"

    def new_dialog(self) -> None:
        if self._session is None or self._session.read_only:
            return
        dialog = NewClockDialog(self.owners, self.default_owner_key(), self)
        self._open_dialog(dialog, lambda: self._create(dialog))

    def _create(self, dialog: NewClockDialog) -> None:
        assert self._session is not None
        kind, owner_id = dialog.owner()
        command = AddClock(
            self._session,
            dialog.name(),
            dialog.segments.value(),
            owner_kind=kind,
            owner_id=owner_id,
            shown=dialog.shown.isChecked(),
        )
        if self._push(command) and command.clock_id is not None:
            self.board.set_current(command.clock_id)

    def rename_dialog(self) -> None:
        def rename(dialog: RenameClockDialog, clock: ClockRecord) -> Change:
            text = tr("Rename clock {name} to {new_name}").format(
                name=clock.name, new_name=dialog.name()
            )
            return text, {"name": dialog.name()}

        self._update_through(RenameClockDialog, rename)

    def resize_dialog(self) -> None:
        def resize(dialog: ResizeClockDialog, clock: ClockRecord) -> Change:
            segments = dialog.segments.value()
            text = ntr(
                "Resize {name} to {count} segment", "Resize {name} to {count} segments", segments
            ).format(name=clock.name, count=segments)
            return text, {"segments": segments}

        self._update_through(ResizeClockDialog, resize)

    def note_dialog(self) -> None:
        def save(dialog: ClockNoteDialog, clock: ClockRecord) -> Change | None:
            if dialog.note() == clock.note:
                return None
            return tr("Edit note of {name}").format(name=clock.name), {"note": dialog.note()}

        self._update_through(ClockNoteDialog, save)

    def apply_dialog(self) -> None:
        def apply(dialog: ApplyResultDialog, clock: ClockRecord) -> Change:
            after = dialog.advanced()
            result = dialog.chosen_result()
            text = tr("{result} on {name} (+{count})").format(
                result=result_label(result), name=clock.name, count=after.filled - clock.filled
            )
            return text, {"filled": after.filled}

        self._update_through(ApplyResultDialog, apply, unless_done=True)

    def _update_through(
        self,
        make: Callable[[ClockRecord, QWidget], D],
        change: Callable[[D, ClockRecord], Change | None],
        *,
        unless_done: bool = False,
    ) -> None:
        """Open `make`'s dialog on the selected clock; when accepted, push the UpdateClock
        that `change` names (its Edit > Undo text and fields), unless it says None."""
        clock = self._writable_clock()
        if clock is None or (unless_done and clock.done):
            return
        dialog = make(clock, self)

        def accepted() -> None:
            asked = change(dialog, clock)
            if asked is not None:
                text, fields = asked
                self._push(UpdateClock(self._open(), clock, text, **fields))

        self._open_dialog(dialog, accepted)

    # -- the context menu ---------------------------------------------------------------------

    def build_menu(self) -> QMenu:
        """The context menu: everything the toolbar offers, for the selected clock."""
        menu = QMenu(self)
        menu.addAction(self.new_action)
        if self.board.current_clock() is None:
            return menu
        menu.addSeparator()
        menu.addActions([self.apply_action, self.tick_up_action, self.tick_down_action])
        menu.addSeparator()
        menu.addActions([self.rename_action, self.resize_action, self.note_action])
        self._fill_give_menu()
        menu.addMenu(self.give_menu)
        menu.addAction(self.shown_action)
        menu.addSeparator()
        menu.addAction(self.delete_action)
        return menu

    def _fill_give_menu(self) -> None:
        self.give_menu.clear()
        clock = self.board.current_clock()
        if clock is None:
            return
        for owner in self.owners:
            entry = self.give_menu.addAction(menu_text(owner.title))
            here = (owner.kind, owner.id) == (clock.owner_kind, clock.owner_id)
            entry.setCheckable(True)
            entry.setChecked(here)
            entry.setEnabled(not here)
            entry.triggered.connect(lambda _=False, o=owner, c=clock: self.give(c, o))

    def give(self, clock: ClockRecord, owner: Owner) -> None:
        """Move a clock to the end of another owner's clocks."""
        total = sum(
            1
            for other in self.board.clocks.values()
            if (other.owner_kind, other.owner_id) == (owner.kind, owner.id)
        )
        self.move_clock(clock.id, owner.kind, owner.id, total)

    def _show_menu(self, at: QPoint) -> None:
        menu = self.build_menu()
        menu.aboutToHide.connect(menu.deleteLater)
        menu.popup(at)
