"""The handouts given, with Take back: each one's title, what it is and whom it went to,
in the order given; taking one back is one undo step (the players' pages drop it at
once). The list follows the campaign while open (an undo brings one back into it)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from desktop.language import N_
from desktop.store import Topic
from desktop.store.handouts import CARD, IMAGE, TEXT, HandoutRecord
from desktop.ui.form_helpers import on_topics
from desktop.ui.handout_commands import TakeBackHandout
from desktop.ui.plain_text import PlainLabel
from desktop.ui.session import CampaignSession
from desktop.ui.window_language import tr

NONE_GIVEN = N_(
    "No handouts are with the players. Give one from a card, the roster or the View menu."
)
# A handout's line by its kind (a text when neither), whole sentences for each recipient:
# every player, a player character by name, a character since removed.
TO_EVERY = {
    CARD: N_("“{title}” (card), to every player"),
    IMAGE: N_("“{title}” (picture), to every player"),
    TEXT: N_("“{title}” (text), to every player"),
}
TO_NAMED = {
    CARD: N_("“{title}” (card), to {name}"),
    IMAGE: N_("“{title}” (picture), to {name}"),
    TEXT: N_("“{title}” (text), to {name}"),
}
TO_GONE = {
    CARD: N_("“{title}” (card), to a character no longer in the campaign"),
    IMAGE: N_("“{title}” (picture), to a character no longer in the campaign"),
    TEXT: N_("“{title}” (text), to a character no longer in the campaign"),
}


def handout_line(handout: HandoutRecord, names: dict[int, str]) -> str:
    """A handout as the list says it: “Title” (picture), to Kara."""
    kind = handout.kind if handout.kind in (CARD, IMAGE) else TEXT
    if handout.character_id is None:
        return tr(TO_EVERY[kind]).format(title=handout.title)
    name = names.get(handout.character_id)
    if name is None:
        return tr(TO_GONE[kind]).format(title=handout.title)
    return tr(TO_NAMED[kind]).format(title=handout.title, name=name)


class GivenHandoutsDialog(QDialog):
    def __init__(self, parent: QWidget | None, session: CampaignSession) -> None:
        super().__init__(parent)
        self.setObjectName("givenHandoutsDialog")
        self.setWindowTitle(tr("Handouts Given"))
        self.session = session
        self.handouts: list[HandoutRecord] = []
        intro = PlainLabel(tr("What the players' phones hold now, oldest first."))
        intro.setWordWrap(True)
        self.list = QListWidget()
        self.list.setObjectName("givenHandouts")
        self.list.setAccessibleName(tr("Handouts given"))
        self.empty = PlainLabel(tr(NONE_GIVEN))
        self.empty.setObjectName("givenHandoutsEmpty")
        self.empty.setWordWrap(True)
        self.take_back_button = QPushButton(tr("&Take Back"))
        self.take_back_button.setObjectName("takeBackHandout")
        self.take_back_button.setToolTip(tr("The players' pages drop it at once (can be undone)"))
        self.take_back_button.clicked.connect(self.take_back)
        # Delete on the list takes the selected one back, as on the GM's other lists.
        self.list.installEventFilter(self)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        row = QHBoxLayout()
        row.addWidget(self.take_back_button)
        row.addStretch(1)
        row.addWidget(buttons)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.empty)
        layout.addLayout(row)
        self.list.currentRowChanged.connect(self._update_button)
        self._on_changed = on_topics((Topic.HANDOUTS, Topic.CHARACTERS), self.reload)
        session.changed.connect(self._on_changed)
        self.finished.connect(lambda _result: session.changed.disconnect(self._on_changed))
        self.resize(520, 360)
        self.reload()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            watched is self.list
            and isinstance(event, QKeyEvent)
            and event.type() == QEvent.Type.KeyPress
            and event.matches(QKeySequence.StandardKey.Delete)
        ):
            self.take_back()
            return True
        return super().eventFilter(watched, event)

    def reload(self) -> None:
        campaign = self.session.campaign
        kept = self.list.currentRow()
        names = {c.id: c.name for c in campaign.roster.all()}
        self.handouts = campaign.handouts.all()
        self.list.clear()
        for handout in self.handouts:
            item = QListWidgetItem(handout_line(handout, names))
            item.setData(Qt.ItemDataRole.UserRole, handout.id)
            self.list.addItem(item)
        self.empty.setVisible(not self.handouts)
        self.list.setVisible(bool(self.handouts))
        if self.handouts:
            self.list.setCurrentRow(min(max(kept, 0), len(self.handouts) - 1))
        self._update_button()

    def _update_button(self) -> None:
        writable = not self.session.read_only
        self.take_back_button.setEnabled(writable and self.list.currentRow() >= 0)

    def take_back(self) -> None:
        row = self.list.currentRow()
        if row < 0 or row >= len(self.handouts) or self.session.read_only:
            return
        self.session.push(TakeBackHandout(self.session, self.handouts[row]))
        self.list.setFocus()
