"""The dock base class: every view of the main window is a small `Panel` subclass.

As in Frescobaldi's `panel.py`: the panel sets its object name (so the layout can be
saved), builds its widget only when first shown, and offers its toggle action for the
View menu.

Paint first: a panel given a `PanelFiller` (the main window gives every panel one) does
not build its widget the moment it is shown but asks the filler, which builds it in
slices of the event loop once the window is on screen, in the window's order of panels
(the roster and the Dice Table first). Until then the dock shows its title over an
empty area of the size the layout gives it, so nothing moves when the widget arrives.
`content()` still builds at once whoever asks for it.
"""

from __future__ import annotations

import importlib
import time
from typing import Protocol

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget, QWidget

from desktop.ui.dock_buttons import DockButton, find_button, off_reason, press
from desktop.ui.session import CampaignSession
from desktop.ui.window_language import tr


class PanelContent(Protocol):
    """What a panel shows; it follows the open campaign through `set_session`."""

    def set_session(self, session: CampaignSession | None) -> None: ...


class Panel(QDockWidget):
    """Subclasses set `title`, `name` (the saved objectName: never change it once
    shipped), `area`, the `workspaces` that show it, and `module` and `widget_class`
    (or define `build()`) for their content widget; `desktop.ui.docks.panels` lists
    them all."""

    title = ""
    name = ""
    area = Qt.DockWidgetArea.LeftDockWidgetArea
    workspaces: tuple[str, ...] = ()  # by name (desktop.ui.workspaces); hidden in the others
    # The module the panel's widget class `widget_class` is in, imported by name when the
    # dock first fills: measured (issue 28, 3 runs), importing every dock's module before
    # the window shows makes first paint 95-136 ms later and ready 53-100 ms later. It
    # is imported a slice ahead of the building, so that neither makes the event loop
    # wait as long as both would.
    module = ""
    widget_class = ""
    # The dock's main buttons, offered as actions to the command palette.
    buttons: tuple[DockButton, ...] = ()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(tr(self.title), parent)  # `title`: marked with N_ where set
        self.setObjectName(self.name)
        self._session: CampaignSession | None = None
        self._content: QWidget | None = None
        self._placed = False  # built, given its session and set as the dock's widget
        self._imported = not self.module
        self._filler: PanelFiller | None = None
        self._button_actions: list[QAction] = []
        self.visibilityChanged.connect(self._on_visibility_changed)
        # Named, as every menu action is: the palette's synonyms and recent list key on it.
        self.toggleViewAction().setObjectName(f"showDock_{self.name}")

    def build(self) -> QWidget:
        """The panel's widget: `widget_class` of `module`, made with the panel as parent.
        A panel whose widget needs more overrides this."""
        made = getattr(importlib.import_module(self.module), self.widget_class)
        return made(self)

    def content(self) -> QWidget:
        """The panel's widget, built now if it was not yet."""
        while not self.fill_step():
            pass
        assert self._content is not None
        return self._content

    def is_on_screen(self) -> bool:
        """Shown and not behind another dock's tab (Qt calls a dock tabbed out of sight
        visible too; it fills when its tab is chosen)."""
        return self.isVisible() and not self.visibleRegion().isEmpty()

    def is_filled(self) -> bool:
        """Whether the panel's widget is built and shown in the dock."""
        return self._placed

    def fill_step(self) -> bool:
        """One slice of filling the panel: importing its widget's module, building the
        widget, then giving it the campaign and placing it. True once it is filled."""
        if not self._imported:
            self._imported = True
            importlib.import_module(self.module)
            return False
        if self._content is None:
            self._content = self.build()
            return False
        if not self._placed:
            self._placed = True
            self._content_view().set_session(self._session)
            reserved = self.widget()
            self.setWidget(self._content)
            if reserved is not None:
                reserved.deleteLater()
        return True

    def button_actions(self) -> list[QAction]:
        """The dock's main buttons as actions (`buttons`), made at the first call; each
        clicks its button, shown in the dock, so it does exactly what the button does.
        Call `update_button_actions` first for their state as it is now."""
        if not self._button_actions:
            for spec in self.buttons:
                action = QAction(tr(spec.text), self)
                action.setObjectName(spec.name)
                action.triggered.connect(lambda _=False, s=spec: self.press(s))
                self._button_actions.append(action)
        return self._button_actions

    def update_button_actions(self) -> None:
        """Each button action enabled as its button is now (the widget is built for it
        while a campaign is open), its status tip saying why when it is off."""
        session = self._session
        content = self.content() if session is not None else None
        for spec, action in zip(self.buttons, self.button_actions(), strict=True):
            if content is None or session is None:
                action.setEnabled(False)  # the palette says a campaign is needed
                action.setStatusTip("")
                continue
            button = find_button(content, spec)
            enabled = button is not None and button.isEnabled()
            action.setEnabled(enabled)
            action.setStatusTip("" if enabled else off_reason(content, spec, session.read_only))

    def press(self, spec: DockButton) -> bool:
        """Click `spec`'s button, the dock shown and raised so that its outcome is seen;
        False (nothing done) while the button is off."""
        if self._session is None:
            return False
        content = self.content()
        button = find_button(content, spec)
        if button is None or not button.isEnabled():
            return False
        self.show()
        self.raise_()
        press(button)
        return True

    def reserve(self, width: int, height: int) -> None:
        """Keep `width` x `height` for the widget until it is built: the least room it
        took last time, so the layout does not move when it arrives."""
        if self._placed:
            return
        room = QWidget(self)
        room.setMinimumSize(width, height)
        self.setWidget(room)

    def room_needed(self) -> tuple[int, int] | None:
        """The least room the built widget takes, as `reserve` wants it."""
        if not self._placed or self._content is None:
            return None
        least = self._content.minimumSizeHint().expandedTo(self._content.minimumSize())
        # Never more than it had: a layout that squeezed it below its hint restores
        # as it was, where a larger reservation pushed the last dock off the window.
        least = least.boundedTo(self._content.size())
        return (least.width(), least.height())

    def fill_with(self, filler: PanelFiller) -> None:
        """Leave the building of the widget, once shown, to `filler`."""
        self._filler = filler

    def set_session(self, session: CampaignSession | None) -> None:
        self._session = session
        if self._placed:
            self._content_view().set_session(session)

    def flush(self) -> None:
        """Write any edit the panel is holding back (a debounce), before a close."""
        flush = getattr(self._content, "flush_edits", None)
        if callable(flush):
            flush()

    def _content_view(self) -> PanelContent:
        assert self._content is not None
        return self._content  # type: ignore[return-value]  # each panel's view has these

    def _on_visibility_changed(self, visible: bool) -> None:
        if not visible or self._placed:
            return
        if self._filler is None:
            self.content()
        else:
            self._filler.request(self)


SLICE_BUDGET_S = 0.004


# Measured (issue 28, 3 runs): without it first paint is 1.92-2.36x a bare window, not 1.23-1.33x.
class PanelFiller(QObject):
    """Fills the panels shown but not yet filled, one slice per turn of the event loop,
    so that the window paints first; `ready` when every one asked for is filled."""

    ready = Signal()
    panel_filled = Signal(object)  # the Panel just filled

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._order: list[Panel] = []
        self._waiting: list[Panel] = []
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._step)
        self.longest_slice_s = 0.0  # the smoke test reports it: a slice should fit a frame
        self._held = False

    def add(self, panel: Panel) -> None:
        """Fill `panel` through this filler, after those added before it."""
        self._order.append(panel)
        panel.fill_with(self)

    def request(self, panel: Panel) -> None:
        if panel not in self._waiting:
            self._waiting.append(panel)
            self._waiting.sort(key=self._rank)
        if not self._held:
            self._timer.start()

    def hold(self) -> None:
        """Fill nothing until `release`: the docks wait for the campaign they show."""
        self._held = True
        self._timer.stop()

    def release(self) -> None:
        self._held = False
        if self._waiting:
            self._timer.start()
        else:
            self.ready.emit()  # nothing shown waits: what waited for the filling goes on

    def is_idle(self) -> bool:
        """Whether no shown panel is waiting to be filled."""
        return not self._waiting and not self._held

    def _rank(self, panel: Panel) -> int:
        return self._order.index(panel) if panel in self._order else len(self._order)

    def _step(self) -> None:
        started = time.perf_counter()
        self._fill_one()
        # A quick step leaves time in the slice for the next one: each turn of the event
        # loop costs a few milliseconds of its own (layouts, a repaint), and the longest
        # step (a dock's module imported) still ends within a frame after this budget.
        while self._waiting and time.perf_counter() - started < SLICE_BUDGET_S:
            self._fill_one()
        self.longest_slice_s = max(self.longest_slice_s, time.perf_counter() - started)
        if self._waiting:
            self._timer.start()
        else:
            self.ready.emit()

    def _fill_one(self) -> None:
        while self._waiting:
            panel = self._waiting[0]
            # A panel hidden again (a tab put behind another) asks again when shown.
            if panel.is_filled() or not panel.is_on_screen():
                self._waiting.pop(0)
                continue
            if panel.fill_step():
                self._waiting.pop(0)
                self.panel_filled.emit(panel)
            return
