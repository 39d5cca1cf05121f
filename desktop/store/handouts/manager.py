"""Handouts: what the GM gives one player, or every player, to keep on their phone.
Reached as `campaign.handouts`."""

from __future__ import annotations

from desktop.rules import roster
from desktop.store.core import Manager, Topic
from desktop.store.errors import NotFound
from desktop.store.handouts import checks
from desktop.store.handouts.records import HandoutRecord, HandoutSnapshot
from desktop.store.handouts.rows import HANDOUT_SQL, handout_from_row

PLAYER_KIND = roster.KINDS[0]  # "pc": only a player has a page to give a handout to
TAKEN_BACK = "That handout was already taken back."
NOT_A_PLAYER = "Only a player character can be given a handout."


class HandoutManager(Manager):
    """Handouts, in the order given: a card's copy, a text or a picture, to one player
    character or to every player."""

    def all(self) -> list[HandoutRecord]:
        """Every handout, in the order given."""
        return [handout_from_row(row) for row in self._read(f"{HANDOUT_SQL} ORDER BY id")]

    def for_player(self, character_id: int) -> list[HandoutRecord]:
        """The handouts the player of `character_id` holds: theirs and those to every
        player, in the order given. Never another character's."""
        rows = self._read(
            f"{HANDOUT_SQL} WHERE character_id IS NULL OR character_id = ? ORDER BY id",
            (character_id,),
        )
        return [handout_from_row(row) for row in rows]

    def of_character(self, character_id: int) -> list[HandoutSnapshot]:
        """The handouts given to `character_id` alone, with their pictures: what is
        deleted with the character (the roster's snapshot keeps them for undo)."""
        rows = self._read(f"{HANDOUT_SQL} WHERE character_id = ? ORDER BY id", (character_id,))
        return [self.snapshot(handout_from_row(row).id) for row in rows]

    def get(self, handout_id: int) -> HandoutRecord:
        row = self._read_one(f"{HANDOUT_SQL} WHERE id = ?", (handout_id,), TAKEN_BACK)
        return handout_from_row(row)

    def image(self, handout_id: int) -> bytes | None:
        """An image handout's picture (None for a card or a text)."""
        row = self._read_one(
            "SELECT image FROM handout WHERE id = ?",
            (handout_id,),
            TAKEN_BACK,
        )
        return None if row[0] is None else bytes(row[0])

    def snapshot(self, handout_id: int) -> HandoutSnapshot:
        return HandoutSnapshot(self.get(handout_id), self.image(handout_id))

    def give(
        self,
        kind: str,
        title: str,
        *,
        text: str = "",
        card: str = "",
        image: bytes | None = None,
        character_id: int | None = None,
    ) -> HandoutRecord:
        """Give a handout, after every other: a card's copy (`card`, JSON: the card as the
        player sees it now), a `text`, or a PNG or JPEG `image` (at most 2 MiB) with an
        optional caption (`text`); to the player character `character_id`, or to every
        player (None). ValueError or NotFound in plain words, nothing written."""
        from desktop.store.handouts import writes

        record, picture = checks.handout(
            HandoutRecord(1, kind, title, text, card, "", character_id), image
        )
        self._require_player(record.character_id)
        with self._writing(Topic.HANDOUTS) as session:
            made = writes.add_handout(session, record, picture)
            self._campaign.note(Topic.HANDOUTS, made.id, self._given(made, "given"))
        return made

    def take_back(self, handout_id: int) -> HandoutSnapshot:
        """Take a handout back from the pages; returns it with its picture, for
        `give_back`."""
        from desktop.store.handouts import writes

        taken = self.snapshot(handout_id)
        with self._writing(Topic.HANDOUTS) as session:
            writes.delete_handout(session, handout_id)
            said = self._given(taken.handout, "taken back")
            self._campaign.note(Topic.HANDOUTS, handout_id, said)
        return taken

    def _given(self, handout: HandoutRecord, what: str) -> str:
        """A handout's line in the history: "Handout A letter given to Kara Voss"."""
        to = (
            "every player"
            if handout.character_id is None
            else self._campaign.roster.get(handout.character_id).name
        )
        return f"Handout {handout.title} {what} ({to})"

    def give_back(self, snapshot: HandoutSnapshot) -> HandoutRecord:
        """Give a handout that was taken back again, under its own id (so in its place)."""
        from desktop.store.handouts import writes

        if not isinstance(snapshot, HandoutSnapshot):
            raise ValueError(f"Expected a handout taken back, not {type(snapshot).__name__}.")
        record, picture = checks.handout(snapshot.handout, snapshot.image)
        self._require_player(record.character_id)
        with self._writing(Topic.HANDOUTS) as session:
            made = writes.add_handout(session, record, picture, keep_id=True)
            self._campaign.note(Topic.HANDOUTS, made.id, self._given(made, "given back"))
        return made

    def checked_of(
        self, character_id: int, snapshots: tuple[HandoutSnapshot, ...]
    ) -> list[HandoutSnapshot]:
        """A restored character's handouts, each checked and given to that character
        alone (ValueError otherwise): what the roster's restore writes back."""
        checked = []
        for snapshot in snapshots:
            record, picture = checks.handout(snapshot.handout, snapshot.image)
            if record.character_id != character_id:
                raise ValueError("A character's handouts are given to that character.")
            checked.append(HandoutSnapshot(record, picture))
        return checked

    def _require_player(self, character_id: int | None) -> None:
        if character_id is None:
            return
        try:
            character = self._campaign.roster.get(character_id)
        except NotFound:
            raise NotFound("That character is no longer in the campaign.") from None
        if character.kind != PLAYER_KIND:
            raise ValueError(NOT_A_PLAYER)
