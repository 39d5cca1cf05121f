"""Every command the palette offers, gathered live each time it opens: the actions of
the window's menu bar (every menu and submenu) and the docks' main buttons."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Protocol

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu, QMenuBar

from desktop.ui.palette.reasons import disabled_reason
from desktop.ui.panel import Panel
from desktop.ui.session import CampaignSession
from desktop.ui.window_language import tr

# An action's mnemonic mark: "&" before the letter, "&&" for an "&" itself.
_MNEMONIC = re.compile(r"&(.)")
# Between a menu and its submenu in a command's place: "View › Theme".
PLACE_SEPARATOR = " › "
# The name each dock's View menu entry goes by (`Panel`): it shows or hides the dock.
DOCK_TOGGLE = "showDock_"  # untranslated: an object name's start


class CommandSource(Protocol):
    """What the catalogue reads of the main window."""

    panels: list[Panel]
    session: CampaignSession | None

    def menuBar(self) -> QMenuBar: ...


@dataclass(frozen=True)
class Command:
    """One command: its action, its name without the mnemonic, where it lives (a menu
    or a dock), the key the recent list remembers it by, its shortcut as the platform
    writes it, and why it is off ("" when on, or when that is not known)."""

    action: QAction
    title: str
    place: str
    key: str
    shortcut: str
    reason: str


def plain_title(text: str) -> str:
    """A menu text as read: "&Print…" -> "Print…", "Salt && Iron" -> "Salt & Iron"."""
    return _MNEMONIC.sub(r"\1", text)


def menu_actions(bar: QMenuBar) -> list[tuple[QAction, str]]:
    """Every action of `bar`'s menus and their submenus, with its place ("File", "View ›
    Theme"), once each, in menu order. Separators and submenus themselves are left out.
    A menu that fills itself as it opens (Open Recent, Downtime) is asked to first."""
    found: list[tuple[QAction, str]] = []
    # Each action kept beside its id: a wrapper let go could lend its id to the next one.
    seen: dict[int, QAction] = {}

    def walk(menu: QMenu, place: str) -> None:
        menu.aboutToShow.emit()
        for action in menu.actions():
            if action.isSeparator() or id(action) in seen:
                continue
            seen[id(action)] = action
            submenu = action.menu()
            if isinstance(submenu, QMenu):
                walk(submenu, f"{place}{PLACE_SEPARATOR}{plain_title(submenu.title())}")
            else:
                found.append((action, place))

    for top in bar.actions():
        menu = top.menu()
        if isinstance(menu, QMenu):
            walk(menu, plain_title(menu.title()))
    return found


def command_of(
    action: QAction, place: str, *, campaign_open: bool, read_only: bool, keys: str = ""
) -> Command:
    """`action` as a command of `place`; `keys`: the shortcut to show when the action
    itself has none (a dock button's step bound to a key of the window)."""
    title = plain_title(action.text())
    if action.objectName().startswith(DOCK_TOGGLE) and action.isCheckable():
        # The View menu's tick says whether a dock is shown; the palette has no tick, and
        # the walk typed "roll log" to go to the Roll Log and hid it: say what it does.
        shown = action.isChecked()
        title = (tr("Hide {dock}") if shown else tr("Show {dock}")).format(dock=title)
    shortcut = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
    return Command(
        action=action,
        title=title,
        place=place,
        key=action.objectName() or f"{place}{PLACE_SEPARATOR}{title}",
        shortcut=shortcut or keys,
        reason=disabled_reason(action, campaign_open=campaign_open, read_only=read_only),
    )


def unfilled_panels(source: CommandSource) -> list[Panel]:
    """The docks with main buttons whose widget is not built yet, while a campaign is
    open: their buttons' state is known once built (`gather` leaves them out till then)."""
    if source.session is None:
        return []
    return [panel for panel in source.panels if panel.buttons and not panel.is_filled()]


def gather(source: CommandSource) -> list[Command]:
    """The menu bar's commands, then the main buttons of each dock built (their state as
    now; with no campaign open, every dock's, all off)."""
    return menu_commands(source) + dock_commands(source)


def menu_commands(source: CommandSource) -> list[Command]:
    """The menu bar's commands, each menu asked to fill itself first: gathered once as
    the palette opens, never again while it is open (a menu refilling itself then would
    let go of an action that a command in the list holds)."""
    campaign_open = source.session is not None
    read_only = source.session is not None and source.session.read_only
    return [
        command_of(action, place, campaign_open=campaign_open, read_only=read_only)
        for action, place in menu_actions(source.menuBar())
    ]


def dock_commands(source: CommandSource) -> list[Command]:
    """The main buttons of each dock built, their state as now (with no campaign open,
    every dock's, all off)."""
    campaign_open = source.session is not None
    read_only = source.session is not None and source.session.read_only
    found: list[Command] = []
    waiting = unfilled_panels(source)
    for panel in source.panels:
        if not panel.buttons or panel in waiting:
            continue
        panel.update_button_actions()
        found.extend(
            command_of(
                action,
                panel.windowTitle(),
                campaign_open=campaign_open,
                read_only=read_only,
                keys=spec.keys,
            )
            for spec, action in zip(panel.buttons, panel.button_actions(), strict=True)
        )
    return found
