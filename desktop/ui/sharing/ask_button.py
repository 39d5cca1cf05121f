""" "Ask Kara to roll": the button the Dice Table and the Play dock show while sharing, for
the character each shows. Checked while Kara is asked; unchecking takes the ask back.
What it asks goes to the sharing controller's `RollAsks` (session.roll_asks), which
tells the page; enabled only while that character's page may roll from the phone."""

from __future__ import annotations

from PySide6.QtWidgets import QPushButton, QWidget

from desktop.ui.session import CampaignSession
from desktop.ui.window_language import tr

# A long name is cut short: the button must not widen the dock it sits in.
NAME_SHOWN_MAX = 20


def short_name(name: str) -> str:
    return name if len(name) <= NAME_SHOWN_MAX else name[: NAME_SHOWN_MAX - 1].rstrip() + "…"


class AskToRollButton(QPushButton):
    """Ask the followed character's player to roll from their phone, or take it back."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("askToRoll")
        self.setCheckable(True)
        self._session: CampaignSession | None = None
        self._character: int | None = None
        self._name = ""
        self.clicked.connect(self._clicked)
        self.refresh()

    def set_session(self, session: CampaignSession | None) -> None:
        if self._session is not None:
            self._session.roll_asks_changed.disconnect(self.refresh)
        self._session = session
        if session is not None:
            session.roll_asks_changed.connect(self.refresh)
        self.follow(None, "")

    def follow(self, character_id: int | None, name: str) -> None:
        """Offer the ask for `character_id` (None: nobody shown)."""
        self._character, self._name = character_id, name
        self.refresh()

    def refresh(self) -> None:
        asks = self._session.roll_asks if self._session is not None else None
        character = self._character
        shown = asks is not None and asks.sharing() and character is not None
        self.setVisible(shown)
        if asks is None or character is None or not shown:
            self.setEnabled(False)
            self.setChecked(False)
            return
        asked = asks.is_asked(character)
        may = asks.may_ask(character)
        name = short_name(self._name)
        self.setChecked(asked)
        self.setEnabled(may or asked)
        if asked:
            self.setText(tr("{name} is asked to roll: take back").format(name=name))
            self.setToolTip(
                tr("{name}'s page asks them to roll; click to take it back").format(name=self._name)
            )
        else:
            self.setText(tr("Ask {name} to roll").format(name=name))
            tip = (
                tr(
                    "{name}'s page shows that you ask them to roll; in turn order they "
                    "may then roll once out of turn"
                )
                if may
                else tr(
                    "{name}'s page is view only: allow Rolls from the phone in Share with Players"
                )
            )
            self.setToolTip(tip.format(name=self._name))

    def _clicked(self, checked: bool) -> None:
        asks = self._session.roll_asks if self._session is not None else None
        if asks is not None and self._character is not None:
            if checked:
                asks.ask(self._character)
            else:
                asks.cancel(self._character)
        self.refresh()  # an ask refused (the page can no longer roll) unchecks it
