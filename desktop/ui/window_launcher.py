"""The one non-modal window a menu command opens and keeps (Previously On…, Players'
Luck…, the downtime session): made when first opened, shown and raised on each opening,
closed and forgotten when the campaign closes or another opens."""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, Protocol, TypeVar

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QWidget

from desktop.ui.session import CampaignSession


class Detachable(Protocol):
    """What the launcher asks of its window: to stop following the campaign, and to be
    shown, raised, closed and deleted as any window."""

    def detach(self) -> None: ...

    def show(self) -> None: ...

    def raise_(self) -> None: ...

    def activateWindow(self) -> None: ...

    def close(self) -> bool: ...

    def deleteLater(self) -> None: ...


D = TypeVar("D", bound=Detachable)


class WindowLauncher(QObject, Generic[D]):
    """Keeps `dialog`, made by `make_dialog` (given by the subclass, importing the window
    when first opened) for the open campaign; `follow` and `unfollow` connect and
    disconnect what of the session a subclass listens to."""

    def __init__(self, window: QWidget, make_dialog: Callable[[CampaignSession], D]) -> None:
        super().__init__(window)
        self._window = window
        self._make_dialog = make_dialog
        self._session: CampaignSession | None = None
        self.dialog: D | None = None

    def set_session(self, session: CampaignSession | None) -> None:
        if self.dialog is not None:
            self.dialog.detach()
            self.dialog.close()
            self.dialog.deleteLater()
            self.dialog = None
        if self._session is not None:
            self.unfollow(self._session)
        self._session = session
        if session is not None:
            self.follow(session)

    def follow(self, session: CampaignSession) -> None:
        """Connect to what of `session` opens the window by itself (nothing here)."""

    def unfollow(self, session: CampaignSession) -> None:
        """Disconnect what `follow` connected."""

    def open_dialog(self) -> D | None:
        """The window, made if it was not, shown in front; None with no campaign open."""
        if self._session is None:
            return None
        if self.dialog is None:
            self.dialog = self._make_dialog(self._session)
        self.dialog.show()  # each window reads the campaign as it shows
        self.dialog.raise_()
        self.dialog.activateWindow()
        return self.dialog
