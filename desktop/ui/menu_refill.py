"""A menu that fills itself as it opens (File > Open Recent, the player display's
screens), made safe to ask again at any time: the command palette asks every menu to
fill itself each time it opens, maybe while one of that menu's entries is being
triggered. `QMenu.clear()` deletes the entries at once, the one in its own trigger too
(the window then crashed): here a menu whose entries would read the same keeps them,
and entries replaced are taken out and deleted once back in the event loop."""

from __future__ import annotations

from collections.abc import Hashable

import shiboken6
from PySide6.QtWidgets import QMenu

# The property a menu keeps what its entries were made of in.
_FILLED_FROM = "filledFrom"  # untranslated: a property's name


def needs_refill(menu: QMenu, made_of: Hashable) -> bool:
    """Whether `menu` must be filled again for entries made of `made_of`: False when
    it is gone, or its entries were made of the same; else its entries are taken out
    (deleted later, never in the middle of their own trigger) and True."""
    if not shiboken6.isValid(menu):
        return False
    key = repr(made_of)
    if menu.property(_FILLED_FROM) == key and menu.actions():
        return False
    for action in menu.actions():
        menu.removeAction(action)
        if action.parent() is menu:
            action.deleteLater()
    menu.setProperty(_FILLED_FROM, key)
    return True
