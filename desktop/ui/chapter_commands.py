"""Undo commands of the Chapter dock: the chapter sheet, payoff, development and claims.

Every store call returns what it replaced (the previous chapter, claim, or the whole
transfer), and undo puts exactly that back. A deleted claim comes back with its own id
and paths, so the commands after it on the stack still find it.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from PySide6.QtGui import QUndoCommand

from desktop.language import N_
from desktop.ui.commands import EditField, StoreCommand, TakeBack, edit_wording, unknown_fields
from desktop.ui.merge_ids import MergeId
from desktop.ui.session import CampaignSession
from desktop.ui.window_language import tr

if TYPE_CHECKING:
    from desktop.store import ChapterRecord, ClaimRecord, ClaimSnapshot, ClaimTransfer

CHAPTER_FIELDS = (
    "name",
    "tier",
    "hold",
    "rep",
    "coin",
    "heat",
    "lair_held",
    "notes",
    "lair_threatened",
)
CLAIM_FIELDS = ("name", "benefit", "turf")
# Fields stepped with spin-box arrows or typed: a run of edits is one undo step.
MERGED_FIELDS = ("name", "coin", "heat", "notes")
# The payoff's step for each size of job (rules.downtime.JOB_SIZES).
_PAYOFF_TEXTS = {
    "minor": N_("Payoff of a minor job"),
    "small": N_("Payoff of a small job"),
    "standard": N_("Payoff of a standard job"),
    "big": N_("Payoff of a big job"),
    "major": N_("Payoff of a major job"),
}


class EditChapter(StoreCommand):
    """Change fields of the chapter: name, tier, hold, rep, coin, heat, lair, notes."""

    def __init__(
        self, session: CampaignSession, chapter: ChapterRecord, text: str, **changes: Any
    ) -> None:
        super().__init__(session, text)
        unknown = unknown_fields(changes, CHAPTER_FIELDS)
        if unknown:
            raise ValueError(f"The chapter has no {unknown}.")
        self.old = {field: getattr(chapter, field) for field in changes}
        self.new = dict(changes)
        if self.old == self.new:
            self.setObsolete(True)  # nothing changes: the stack drops it

    def id(self) -> int:
        return int(MergeId.EDIT_CHAPTER)

    def merge(self, other: QUndoCommand) -> bool:
        # Stepping coin up five times is one undo step, not five.
        if not isinstance(other, EditChapter) or set(other.new) != set(self.new):
            return False
        if other.isObsolete():
            return False  # a refused edit folded in would be redone, not the one written
        if len(self.new) != 1 or next(iter(self.new)) not in MERGED_FIELDS:
            return False
        self.new = dict(other.new)
        self.setObsolete(self.new == self.old)
        return True

    def apply(self) -> None:
        self.session.campaign.chapter.update(**self.new)

    def revert(self) -> None:
        self.session.campaign.chapter.update(**self.old)


class Payoff(StoreCommand):
    """A job's payoff: rep (as far as the tracker takes it), coin and, at war, heat."""

    def __init__(
        self,
        session: CampaignSession,
        target_tier: int,
        quiet: bool,
        size: str,
        coin: int | None = None,
    ) -> None:
        super().__init__(session, _payoff_text(size))
        self._args = (target_tier, quiet, size, coin)
        self._previous: ChapterRecord | None = None

    def apply(self) -> None:
        target_tier, quiet, size, coin = self._args
        self._previous = self.session.campaign.chapter.apply_payoff(target_tier, quiet, size, coin)

    def revert(self) -> None:
        assert self._previous is not None
        previous = self._previous
        self.session.campaign.chapter.update(
            rep=previous.rep, coin=previous.coin, heat=previous.heat
        )


def _payoff_text(size: str) -> str:
    """The payoff's step, a whole sentence for each size of job (rules' JOB_SIZES)."""
    if size in _PAYOFF_TEXTS:
        return tr(_PAYOFF_TEXTS[size])
    return tr("Payoff of a {size} job").format(size=size)


class ChapterLosesHold(TakeBack["ChapterRecord"]):
    """The chapter loses hold (an operation against it, a lost war)."""

    def __init__(self, session: CampaignSession) -> None:
        chapter = session.campaign.chapter
        text = tr("The chapter loses hold")
        super().__init__(session, text, chapter.lose_hold, chapter.restore)


class Develop(StoreCommand):
    """Develop the chapter: strengthen its hold, or pay to go up a tier."""

    def __init__(self, session: CampaignSession, text: str) -> None:
        super().__init__(session, text)
        self._previous: ChapterRecord | None = None

    def apply(self) -> None:
        self._previous = self.session.campaign.chapter.develop()

    def revert(self) -> None:
        previous = self._previous
        assert previous is not None
        self.session.campaign.chapter.update(
            tier=previous.tier, hold=previous.hold, rep=previous.rep, coin=previous.coin
        )


class AddClaim(StoreCommand):
    def __init__(
        self,
        session: CampaignSession,
        name: str,
        *,
        holder_id: int = 0,
        x: float = 0.0,
        y: float = 0.0,
    ) -> None:
        super().__init__(session, tr("Add claim {name}").format(name=name))
        self._name = name
        self._fields: dict[str, Any] = {"holder_id": holder_id, "x": x, "y": y}
        self._snapshot: ClaimSnapshot | None = None  # taken by undo, for the redo
        self.claim_id: int | None = None

    def apply(self) -> None:
        campaign = self.session.campaign
        if self._snapshot is None:
            self.claim_id = campaign.chapter.add_claim(self._name, **self._fields).id
        else:  # the same id, so later commands on the stack still find it
            campaign.chapter.restore_claim(self._snapshot)

    def revert(self) -> None:
        assert self.claim_id is not None
        self._snapshot = self.session.campaign.chapter.delete_claim(self.claim_id)


class DeleteClaim(TakeBack["ClaimSnapshot"]):
    """Delete a claim with its paths; undo brings both back."""

    def __init__(self, session: CampaignSession, claim: ClaimRecord) -> None:
        chapter = session.campaign.chapter
        take = partial(chapter.delete_claim, claim.id)
        text = tr("Delete claim {name}").format(name=claim.name)
        super().__init__(session, text, take, chapter.restore_claim)


class EditClaim(EditField["ClaimRecord"]):
    """Change a claim's name, benefit or whether it counts as turf."""

    def __init__(
        self, session: CampaignSession, claim: ClaimRecord, field: str, value: Any
    ) -> None:
        if field not in CLAIM_FIELDS:
            raise ValueError(f"A claim has no {field}.")
        update = session.campaign.chapter.update_claim
        super().__init__(session, _claim_edit_text, update, claim, field, value)


def _turf_text(name: str, turf: object) -> str:
    if turf:
        return tr("Count {name} as turf").format(name=name)
    return tr("Stop counting {name} as turf").format(name=name)


_claim_edit_text = edit_wording(
    lambda name, _value: tr("Edit the benefit of {name}").format(name=name),
    name=lambda name, value: tr("Rename claim {name} to {new_name}").format(
        name=name, new_name=value
    ),
    turf=_turf_text,
)


class MoveClaim(StoreCommand):
    """A claim dragged to a new place on the map."""

    def __init__(
        self,
        session: CampaignSession,
        claim: ClaimRecord,
        old: tuple[float, float],
        new: tuple[float, float],
    ) -> None:
        super().__init__(session, tr("Move claim {name}").format(name=claim.name))
        self.claim_id = claim.id
        self.old = old
        self.new = new
        if old == new:
            self.setObsolete(True)

    def apply(self) -> None:
        self.session.campaign.chapter.update_claim(self.claim_id, x=self.new[0], y=self.new[1])

    def revert(self) -> None:
        self.session.campaign.chapter.update_claim(self.claim_id, x=self.old[0], y=self.old[1])


class LinkClaims(StoreCommand):
    """Draw a path between two claims, or a claim and the lair (id 0)."""

    def __init__(self, session: CampaignSession, start: int, end: int, text: str) -> None:
        super().__init__(session, text)
        self.ends = (start, end)

    def apply(self) -> None:
        self.session.campaign.chapter.add_claim_path(*self.ends)

    def revert(self) -> None:
        self.session.campaign.chapter.remove_claim_path(*self.ends)


class UnlinkClaims(StoreCommand):
    """Remove the path between two claims, or a claim and the lair (id 0)."""

    def __init__(self, session: CampaignSession, start: int, end: int, text: str) -> None:
        super().__init__(session, text)
        self.ends = (start, end)
        self._removed: tuple[int, int] | None = None

    def apply(self) -> None:
        removed = self.session.campaign.chapter.remove_claim_path(*self.ends)
        # Put it back as it was stored, whichever way round it was drawn.
        self._removed = (removed.start, removed.end)

    def revert(self) -> None:
        assert self._removed is not None
        self.session.campaign.chapter.add_claim_path(*self._removed)


class TransferClaim(StoreCommand):
    """A claim changes holder; undo puts back the claim, the chapter and the loser."""

    def __init__(
        self,
        session: CampaignSession,
        claim: ClaimRecord,
        holder_id: int,
        text: str,
        status_change: int = 0,
    ) -> None:
        super().__init__(session, text)
        self.claim_id = claim.id
        self.holder_id = holder_id
        self.status_change = status_change
        self._transfer: ClaimTransfer | None = None

    def apply(self) -> None:
        self._transfer = self.session.campaign.chapter.transfer_claim(
            self.claim_id, self.holder_id, self.status_change
        )

    def revert(self) -> None:
        assert self._transfer is not None
        self.session.campaign.chapter.undo_transfer(self._transfer)


class SeizeClaim(TransferClaim):
    """The chapter takes a claim from a faction, changing its status with the loser."""

    def __init__(
        self, session: CampaignSession, claim: ClaimRecord, loser: str, status_change: int
    ) -> None:
        if status_change:
            text = tr("Seize {claim} from {faction} (status {change})").format(
                claim=claim.name, faction=loser, change=f"{status_change:+d}"
            )
        else:
            text = tr("Seize {claim} from {faction}").format(claim=claim.name, faction=loser)
        super().__init__(session, claim, 0, text, status_change)


class LoseClaim(TransferClaim):
    """The chapter loses one of its claims, and its benefit, to a faction."""

    def __init__(
        self, session: CampaignSession, claim: ClaimRecord, faction_id: int, faction: str
    ) -> None:
        text = tr("Lose {claim} to {faction}").format(claim=claim.name, faction=faction)
        super().__init__(session, claim, faction_id, text)
