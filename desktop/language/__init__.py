"""The languages GM Desk speaks, and a translator for each: gettext, no Qt.

Below every other layer (it imports nothing of ours), so that printing's plain data,
the views, the player pages' server and the command line can all translate. There is
no installed, global translation: whoever prints is handed a `Translator` for the
campaign's print language, which may differ from the window's.

Strings are marked where they are written: ``tr.gettext("Dice")``,
``tr.ngettext("{count} card", "{count} cards", n)``, or, for a constant kept in a
table until it is shown, ``N_("In the pool")`` (marks it for extraction, returns it
unchanged; the caller translates it with ``tr.gettext`` when painting). `make
catalogues` extracts them with Babel into ``locale/gm_desk.pot``.
"""

from __future__ import annotations

from desktop.language.languages import LANGUAGES, N_, Language, language, language_codes
from desktop.language.pseudo import PSEUDO
from desktop.language.translator import DOMAIN, LOCALE_DIR, Translator, translator

__all__ = [
    "DOMAIN",
    "LANGUAGES",
    "LOCALE_DIR",
    "N_",
    "PSEUDO",
    "Language",
    "Translator",
    "language",
    "language_codes",
    "translator",
]
