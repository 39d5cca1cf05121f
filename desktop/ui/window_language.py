"""The window's language: its messages, and Qt's own dialogs' words in it.

The window's words are marked where they are written, as the printing's are, with
three calls Babel extracts (`make catalogues`):

    tr("Dice")
    ntr("{count} card", "{count} cards", n).format(count=n)
    ptr("die's place", "Table")  # a context, where one English word is two in French

They ask the application for its `WindowLanguage`, a child of the application that
`install_window_language` gives it at start: one per application, found through Qt's
object tree rather than held by a module. With none (a test that builds a widget on
its own) the words are English, the source text. The language is chosen once a
run: the window's words are translated as its widgets are made, so a new choice in
View > Language is applied at the next start.
"""

from __future__ import annotations

import logging
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QObject, QTranslator

from desktop.language import Translator, language_codes, translator

__all__ = [
    "WindowLanguage",
    "install_window_language",
    "new_campaign_language",
    "ntr",
    "ptr",
    "system_language",
    "tr",
    "uninstall_window_language",
    "window_translator",
]

logger = logging.getLogger(__name__)


class WindowLanguage(QObject):
    """The application's language: our catalogue, and Qt's for its own dialogs."""

    def __init__(self, words: Translator, parent: QObject) -> None:
        super().__init__(parent)
        self.setObjectName("gmDeskWindowLanguage")
        self.words = words
        self._qt = QTranslator(self)

    def install(self, app: QCoreApplication) -> None:
        """Qt's own words (a file dialog's buttons, a message box's Yes and No) from
        the qtbase catalogue Qt ships for the language, when it has one."""
        folder = _qt_translations()
        if self.words.code in language_codes() and self.words.code != "en":
            if self._qt.load(f"qtbase_{self.words.code}", str(folder)):
                app.installTranslator(self._qt)
            else:
                logger.warning("Qt's %s words are not in %s", self.words.code, folder)
            # Qt's numbers and dates (a spin box's decimal comma) in the language
            # too; English keeps the system's, as GM Desk always has.
            QLocale.setDefault(QLocale(self.words.code))
        else:
            QLocale.setDefault(QLocale.system())


def _qt_translations() -> Path:
    """Where Qt's .qm files are: beside the frozen app's Qt, else the wheel's."""
    return Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath))


def system_language(ui_languages: list[str] | None = None) -> str:
    """The first of the system's languages that GM Desk speaks, else English."""
    wanted = QLocale.system().uiLanguages() if ui_languages is None else ui_languages
    shipped = language_codes()
    for name in wanted:
        code = name.replace("_", "-").split("-")[0].lower()
        if code in shipped:
            return code
    return "en"


def install_window_language(app: QCoreApplication, code: str) -> WindowLanguage:
    """Give ``app`` its language ``code`` (replacing one given before: the tests run
    the application's start more than once in a process)."""
    uninstall_window_language(app)
    chosen = WindowLanguage(translator(code), app)
    chosen.install(app)
    return chosen


def uninstall_window_language(app: QCoreApplication) -> None:
    """Take ``app``'s language away: English again, and the system's numbers."""
    for old in app.findChildren(WindowLanguage):
        app.removeTranslator(old._qt)
        old.setParent(None)
        old.deleteLater()
    QLocale.setDefault(QLocale.system())


def window_translator() -> Translator:
    """The window's translator: the application's language, else English."""
    app = QCoreApplication.instance()
    found = app.findChild(WindowLanguage, "gmDeskWindowLanguage") if app is not None else None
    return found.words if found is not None else translator("en")


def new_campaign_language() -> str | None:
    """The print language a campaign the window makes starts with: the window's own (a
    French GM's first card sheet is French); None, the store's English, for a language
    no campaign prints in (the testers' pseudo-locale)."""
    code = window_translator().code
    return code if code in language_codes() else None


def tr(message: str) -> str:
    """``message`` in the window's language."""
    return window_translator().gettext(message)


def ntr(singular: str, plural: str, n: int) -> str:
    """The form for ``n`` in the window's language (its own plural rule)."""
    return window_translator().ngettext(singular, plural, n)


def ptr(context: str, message: str) -> str:
    """``message`` as meant in ``context``, in the window's language."""
    return window_translator().pgettext(context, message)
