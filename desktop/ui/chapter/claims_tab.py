"""The claims tab: the map of the lair, claims and paths, and who holds what."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QResizeEvent, QUndoCommand
from PySide6.QtWidgets import (
    QFrame,
    QLabel,
    QScrollArea,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from desktop.ui.chapter.claim_form import DEFAULT_HINT, ClaimForm
from desktop.ui.chapter_commands import (
    AddClaim,
    DeleteClaim,
    EditChapter,
    EditClaim,
    LinkClaims,
    LoseClaim,
    MoveClaim,
    SeizeClaim,
    TransferClaim,
    UnlinkClaims,
)
from desktop.ui.form_helpers import (
    SessionWidget,
    error_label,
    push_button,
    push_command,
    show_warning,
    wrapped_label,
)
from desktop.ui.widgets.claim_map import LAIR_ID, ClaimScene, ClaimView, MapState
from desktop.ui.widgets.flow import Flow
from desktop.ui.window_language import ntr, tr

if TYPE_CHECKING:
    from desktop.store import ChapterRecord, ClaimRecord, FactionRecord


# --- The claims tab ------------------------------------------------------------------------


class ClaimsTab(SessionWidget):
    """The map beside the form of what is selected, and the map's buttons."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.chapter: ChapterRecord | None = None
        self.factions: list[FactionRecord] = []
        self.scene = ClaimScene(self)
        self.view = ClaimView(self.scene)
        self.form = ClaimForm()
        self.add_button = push_button(tr("Add claim"), "claimAdd")
        self.link_button = push_button(
            tr("Link"), "claimLink", tip=tr("Draw a path between the two selected places")
        )
        self.unlink_button = push_button(
            tr("Unlink"),
            "claimUnlink",
            tip=tr("Remove the path between the two selected places"),
        )
        # Wrapped: on one line it made the chapter dock, tabbed with the ladder in Prep,
        # 466 px at least and squeezed the SySCards' preview off a 1366-pixel screen.
        self.summary = wrapped_label("claimSummary")
        self.summary.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.error = error_label("claimsError")
        self._lay_out()
        self._connect()

    def _lay_out(self) -> None:
        # The buttons and the summary wrap onto two rows where the words are long.
        bar = Flow(spacing=6, tall_minimum=True)
        for button in (self.add_button, self.link_button, self.unlink_button):
            bar.add(button)
        bar.add(self.summary, 1)
        self.side = QScrollArea()
        self.side.setWidgetResizable(True)
        self.side.setFrameShape(QFrame.Shape.NoFrame)
        holder = QWidget()
        self._side_margins = QVBoxLayout(holder)
        self._side_margins.setContentsMargins(6, 0, 0, 0)
        self._side_margins.addWidget(self.form)
        self.side.setWidget(holder)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(self.view)
        self.splitter.addWidget(self.side)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setSizes([460, 230])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addLayout(bar)
        layout.addWidget(self.error)
        layout.addWidget(self.splitter, 1)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._arrange()

    def _arrange(self) -> None:
        """The map and the form side by side, or the form under the map where the tab
        is too narrow for both (long words make the form wider): never scrolling sideways."""
        room = self.width() - 12  # the tab's margins
        page = self.form.currentWidget()
        form = max(self.form.minimumWidth(), page.minimumSizeHint().width() if page else 0)
        side_by_side = room >= (
            self.view.minimumWidth()
            + self.splitter.handleWidth()
            + form
            + self.side.verticalScrollBar().sizeHint().width()
            + 6
        )
        wanted = Qt.Orientation.Horizontal if side_by_side else Qt.Orientation.Vertical
        if self.splitter.orientation() == wanted:
            return
        self.splitter.setOrientation(wanted)
        if side_by_side:
            self._side_margins.setContentsMargins(6, 0, 0, 0)
            self.splitter.setSizes([460, 230])
        else:
            self._side_margins.setContentsMargins(0, 6, 0, 0)
            self.splitter.setSizes([3 * self.height() // 5, 2 * self.height() // 5])

    def _connect(self) -> None:
        self.scene.selectionChanged.connect(self.show_selection)
        self.scene.nodes_moved.connect(self.move_nodes)
        self.scene.node_activated.connect(self._focus_name)
        self.add_button.clicked.connect(self.add_claim)
        self.link_button.clicked.connect(lambda: self.link(True))
        self.unlink_button.clicked.connect(lambda: self.link(False))
        self.form.edited.connect(self.edit_claim)
        self.form.seize_requested.connect(self.seize)
        self.form.transfer_requested.connect(self.transfer)
        self.form.delete_requested.connect(self.delete_claim)
        self.form.lair_toggled.connect(self.set_lair)

    @property
    def writable(self) -> bool:
        return self._session is not None and not self._session.read_only

    # showing

    def refresh(self) -> None:
        session = self._session
        if session is None:
            self.chapter, self.factions = None, []
            self.scene.show_map(MapState((), (), "", {}, True))
            self._show_summary()
            self.show_selection()
            return
        campaign = session.campaign
        self.chapter = campaign.chapter.get()
        self.factions = list(campaign.factions.all())
        state = MapState(
            claims=tuple(campaign.chapter.claims()),
            paths=tuple(campaign.chapter.claim_paths()),
            chapter=self.chapter.name,
            faction_names={f.id: f.name for f in self.factions},
            lair_held=self.chapter.lair_held,
        )
        self.scene.setPalette(self.palette())
        self.scene.set_movable(self.writable)
        self.scene.show_map(state)
        if not self.scene.dragging():
            self.view.fit()  # the whole map stays in sight as claims come, go and move
        self._show_summary()
        self.show_selection()

    def _show_summary(self) -> None:
        state = self.scene.state
        if state is None or self.chapter is None:
            self.summary.clear()
            return
        held = sum(1 for claim in state.claims if claim.holder_id == LAIR_ID)
        if state.lair_held:
            text = tr("The chapter holds {held} of {count} · {turf} turf")
        else:
            text = tr(
                "The chapter holds {held} of {count} · {turf} turf · lair lost: benefits suspended"
            )
        self.summary.setText(
            text.format(held=held, count=len(state.claims), turf=self.chapter.turf)
        )

    def show_selection(self) -> None:
        self._show_selection()
        self._arrange()  # a claim's form may be wider than the hint

    def _show_selection(self) -> None:
        ids = self.scene.selected_ids()
        state = self.scene.state
        both = len(ids) == 2
        linked = both and state is not None and state.linked(ids[0], ids[1])
        self.link_button.setEnabled(self.writable and both and not linked)
        self.unlink_button.setEnabled(self.writable and both and linked)
        self.add_button.setEnabled(self.writable)
        if len(ids) != 1 or state is None:
            hint = (
                tr("Two places selected: Link draws a path between them, Unlink removes it.")
                if len(ids) == 2
                else ""
            )
            self.form.show_nothing(hint or tr(DEFAULT_HINT))
            return
        if ids[0] == LAIR_ID:
            self.form.show_lair(state.chapter, state.lair_held, self.writable)
            return
        self._show_claim(ids[0], state)

    def _show_claim(self, claim_id: int, state: MapState) -> None:
        claim = next(c for c in state.claims if c.id == claim_id)
        holder = next((f for f in self.factions if f.id == claim.holder_id), None)
        others = [f for f in self.factions if f.id != claim.holder_id]
        self.form.show_claim(
            claim, state.holder(claim), holder, others, self._roadmap(claim), self.writable
        )

    def _roadmap(self, claim: ClaimRecord) -> str:
        """Whether the rules' roadmap leads to a claim the chapter might seize."""
        if claim.holder_id == LAIR_ID or self._session is None:
            return ""
        try:
            on_path = self._session.campaign.chapter.claim_map().on_path(claim.name)
        except ValueError:
            return ""
        if on_path:
            return tr("On the roadmap: a path leads here from the lair or a chapter claim.")
        return tr("Off the roadmap: seizing it ignores the paths and is especially difficult.")

    def selected_claim(self) -> ClaimRecord | None:
        ids = self.scene.selected_ids()
        state = self.scene.state
        if len(ids) != 1 or ids[0] == LAIR_ID or state is None:
            return None
        return next((c for c in state.claims if c.id == ids[0]), None)

    def select(self, node_id: int) -> None:
        self.scene.clearSelection()
        node = self.scene.node(node_id)
        if node is not None:
            node.setSelected(True)

    def _focus_name(self, claim_id: int) -> None:
        self.select(claim_id)
        self.form.name_edit.setFocus()
        self.form.name_edit.selectAll()

    # changing

    def _push(self, command: QUndoCommand, label: QLabel | None = None) -> bool:
        if self._session is None:
            return False
        message = push_command(self._session, command)
        show_warning(label or self.error, message)
        if message:
            self.form.put_back = True  # the form shows what is stored, not what was refused
            self.refresh()
            self.form.put_back = False
        return not message

    def _macro(self, text: str, commands: Iterable[QUndoCommand]) -> None:
        if self._session is None:
            return
        stack = self._session.undo_stack
        commands = list(commands)
        if len(commands) == 1:
            self._push(commands[0])
            return
        stack.beginMacro(text)
        for command in commands:
            self._push(command)
        stack.endMacro()

    def add_claim(self) -> None:
        if self._session is None or self.scene.state is None:
            return
        names = {claim.name.casefold() for claim in self.scene.state.claims}
        name = next(
            n
            for n in (
                tr("New claim {number}").format(number=i) if i > 1 else tr("New claim")
                for i in range(1, 1000)
            )
            if n.casefold() not in names
        )
        x, y = self.scene.free_spot()
        command = AddClaim(self._session, name, x=x, y=y)
        if self._push(command) and command.claim_id is not None:
            self._focus_name(command.claim_id)

    def delete_claim(self) -> None:
        claim = self.selected_claim()
        if claim is not None and self._session is not None:
            self._push(DeleteClaim(self._session, claim), self.form.error)

    def edit_claim(self, field: str, value: object) -> None:
        claim = self.form.claim  # the one the GM typed into, even if the selection moved on
        if claim is not None and self._session is not None:
            self._push(EditClaim(self._session, claim, field, value), self.form.error)

    def seize(self, status_change: int) -> None:
        claim = self.selected_claim()
        if claim is None or self._session is None or self.scene.state is None:
            return
        loser = self.scene.state.holder(claim)
        self._push(SeizeClaim(self._session, claim, loser, status_change), self.form.error)

    def transfer(self, faction_id: int) -> None:
        claim = self.selected_claim()
        if claim is None or self._session is None or self.scene.state is None:
            return
        name = self.scene.state.faction_names.get(faction_id, tr("a faction"))
        if claim.holder_id == LAIR_ID:
            command: QUndoCommand = LoseClaim(self._session, claim, faction_id, name)
        else:
            text = tr("Hand {claim} from {holder} to {faction}").format(
                claim=claim.name, holder=self.scene.state.holder(claim), faction=name
            )
            command = TransferClaim(self._session, claim, faction_id, text)
        self._push(command, self.form.error)

    def link(self, add: bool) -> None:
        ids = self.scene.selected_ids()
        state = self.scene.state
        if len(ids) != 2 or self._session is None or state is None:
            return
        first, second = ids[0], ids[1]
        if first == LAIR_ID:
            text = tr("Link the lair and {claim}") if add else tr("Unlink the lair and {claim}")
            text = text.format(claim=self._name(second))
        elif second == LAIR_ID:
            text = tr("Link {claim} and the lair") if add else tr("Unlink {claim} and the lair")
            text = text.format(claim=self._name(first))
        else:
            text = tr("Link {first} and {second}") if add else tr("Unlink {first} and {second}")
            text = text.format(first=self._name(first), second=self._name(second))
        if add:
            command: QUndoCommand = LinkClaims(self._session, first, second, text)
        else:
            command = UnlinkClaims(self._session, first, second, text)
        self._push(command)

    def _name(self, claim_id: int) -> str:
        state = self.scene.state
        claims = state.claims if state is not None else ()
        return next((c.name for c in claims if c.id == claim_id), tr("a claim"))

    def move_nodes(self, moved: list[tuple[int, tuple[float, float], tuple[float, float]]]) -> None:
        if self._session is None or self.scene.state is None:
            return
        by_id = {claim.id: claim for claim in self.scene.state.claims}
        commands = [
            MoveClaim(self._session, by_id[claim_id], old, new)
            for claim_id, old, new in moved
            if claim_id in by_id
        ]
        text = ntr("Move {count} claim", "Move {count} claims", len(commands))
        self._macro(text.format(count=len(commands)), commands)

    def set_lair(self, held: bool) -> None:
        if self._session is None or self.chapter is None:
            return
        text = tr("The chapter holds its lair") if held else tr("The chapter loses its lair")
        self._push(EditChapter(self._session, self.chapter, text, lair_held=held))
