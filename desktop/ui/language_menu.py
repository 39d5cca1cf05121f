"""View > Language: the window's language, chosen for the next start."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMenu, QWidget

from desktop.language import LANGUAGES, language
from desktop.ui.settings import Settings
from desktop.ui.window_language import system_language, tr

__all__ = ["language_menu"]


def language_menu(parent: QWidget | None, settings: Settings, tell: Callable[[str], None]) -> QMenu:
    """System default, then each language by its own name (what a speaker looks for);
    the choice is remembered and ``tell`` says it applies at the next start, since the
    window's words are translated as its widgets are made."""
    menu = QMenu(tr("&Language"), parent)
    menu.setObjectName("languageMenu")
    group = QActionGroup(menu)
    chosen = settings.language()
    system = _name(system_language())
    choices = [("system", tr("System Default ({language})").format(language=system))]
    choices += [(shipped.code, shipped.name) for shipped in LANGUAGES]
    for code, text in choices:
        action = QAction(text.replace("&", "&&"), menu)
        action.setCheckable(True)
        action.setChecked(code == chosen)
        action.setObjectName(f"language_{code}")
        action.triggered.connect(lambda _=False, c=code: _choose(settings, c, tell))
        group.addAction(action)
        menu.addAction(action)
    return menu


def _choose(settings: Settings, code: str, tell: Callable[[str], None]) -> None:
    if code == settings.language():
        return
    settings.set_language(code)
    name = _english_name(system_language() if code == "system" else code)
    tell(tr("GM Desk will be in {language} from its next start.").format(language=name))


def _name(code: str) -> str:
    shipped = language(code)
    return shipped.name if shipped is not None else code


def _english_name(code: str) -> str:
    """A language named in the window's words, as a sentence of the window names it:
    "allemand" in a French one, not "Deutsch" (the menu's entries keep their own)."""
    shipped = language(code)
    return tr(shipped.english_name) if shipped is not None else code
