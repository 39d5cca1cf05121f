"""SySCards: the cards, their owners and links, and their images. Reached as `campaign.cards`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from desktop.store import checks, search
from desktop.store.cards.checks import check_card
from desktop.store.cards.records import CardRecord, CardSnapshot
from desktop.store.cards.rows import CARD_COLUMNS, NEW_CARD, card_from_row, card_values, copy_name
from desktop.store.core import Manager, Topic, chunks
from desktop.store.errors import NotFound
from desktop.store.history import sentences
from desktop.store.kit import distinct_ids

if TYPE_CHECKING:
    from desktop.store.campaign import Campaign


class CardManager(Manager):
    """SySCards: the cards, their owners and links, and their images."""

    def __init__(self, campaign: Campaign) -> None:
        super().__init__(campaign)
        # Every card by id, as of the reader's `PRAGMA data_version` (see `all`).
        self._card_cache: dict[int, CardRecord] = {}
        self._card_cache_version: int | None = None

    # -- SySCards -----------------------------------------------------------------------------

    def all(
        self, text: str = "", category: str | None = None, owner_id: int | None = None
    ) -> list[CardRecord]:
        """The cards, in list order, that contain `text` (in the name, the words of the
        Info or the tags, ignoring case) and have the category and owner card given.

        One query does the filtering (store/search.py) and returns only ids; the records
        come from a cache of every card that is read again whenever the file has changed.
        Building 10,000 records (and reading their Info) costs several keystrokes' worth
        of time; looking them up costs next to nothing.
        """
        if not isinstance(text, str):
            raise ValueError(f"The text to look for must be text, not {text!r}.")
        conditions: list[str] = []
        parameters: list[object] = []
        pattern = search.like_pattern(text)
        if pattern is not None:
            conditions.append(f"card.search_text LIKE ? ESCAPE '{search.ESCAPE}'")
            parameters.append(pattern)
        if category is not None:
            conditions.append("card.category = ?")
            parameters.append(checks.card_category(category))
        if owner_id is not None:
            conditions.append("card.owner_id = ?")
            parameters.append(checks.row_id(owner_id, "An owner card's id"))
        where = f"WHERE {' AND '.join(conditions)}" if conditions else ""
        order = "ORDER BY card.position, card.id"
        by_id = self._all_cards()
        rows = self._read(f"SELECT card.id FROM card {where} {order}", tuple(parameters))
        found = [by_id.get(row[0]) for row in rows]
        cards = [card for card in found if card is not None]
        if len(cards) < len(found):
            # Another program committed between the two reads (this campaign is open
            # read-only beside it): read these cards whole; the cache catches up next time.
            rows = self._read(f"SELECT {CARD_COLUMNS} FROM card {where} {order}", tuple(parameters))
            return [card_from_row(row) for row in rows]
        return cards

    def _all_cards(self) -> dict[int, CardRecord]:
        """Every card by id, read again only when the file has changed since.

        `PRAGMA data_version` changes on this connection whenever another connection
        commits, and every write of this program goes through the writer's connections.
        It is read before the cards, so a commit in between makes the next call reread.
        """
        version = self._read("PRAGMA data_version")[0][0]
        if version != self._card_cache_version:
            rows = self._read(f"SELECT {CARD_COLUMNS} FROM card")
            self._card_cache = {card.id: card for card in map(card_from_row, rows)}
            self._card_cache_version = version
        return self._card_cache

    def get(self, card_id: int) -> CardRecord:
        missing = "That card is no longer in the campaign."
        sql = f"SELECT {CARD_COLUMNS} FROM card WHERE card.id = ?"
        return card_from_row(self._read_one(sql, (card_id,), missing))

    def count(self) -> int:
        return int(self._read("SELECT count(*) FROM card")[0][0])

    def names(self) -> dict[int, str]:
        """Every card's name by id: owners (`#`) and pickers, without reading whole cards."""
        rows = self._read("SELECT id, name FROM card ORDER BY position, id")
        return {int(row[0]): str(row[1]) for row in rows}

    def add(self, name: str, category: str = "skill", **fields: object) -> CardRecord:
        """A new card after all the others (unless `position` is given). `fields` are
        those of `update`; the rest start as a new card does (efficiency 1)."""
        from desktop.store.cards import writes

        values = checks.card_fields({**NEW_CARD, **fields, "name": name, "category": category})
        with self._writing(Topic.CARDS) as session:
            # A new card owns nothing yet, so its owner cannot close a loop.
            self._check_card_links(None, values)
            made = writes.add_card(session, values)
            self._campaign.note(Topic.CARDS, made.id, sentences.added("Card", made.name))
        return made

    def update(self, card_id: int, **changes: object) -> CardRecord:
        """Change any of name, category, owner_id, character_id, capacity, efficiency,
        power, velocity, focus, resistance, zone, scale, info, tags, position; returns
        the card as it is now. A card owned by itself, or by a card it owns (its own
        skill), is refused, and so is anything else invalid, with nothing written."""
        from desktop.store.cards import writes

        values = checks.card_fields(changes)
        if not values:
            return self.get(card_id)
        with self._writing(Topic.CARDS) as session:
            current = self.get(card_id)
            self._check_card_links(card_id, {"name": current.name, **values})
            after = writes.update_card(session, card_id, values)
            if after.name != current.name:
                said = sentences.renamed("Card", current.name, after.name)
            else:
                said = sentences.edited("Card", after.name, sorted(values))
            self._campaign.note(Topic.CARDS, card_id, said)
        return after

    def check_owner(self, card_id: int | None, owner_id: int | None) -> None:
        """Raise what `update(card_id, owner_id=owner_id)` would (NotFound or
        ValueError), writing nothing: for an editor that refuses an owner in place.
        `card_id` None stands for a card not yet added."""
        owner = checks.optional_id(owner_id, "A card's owner")
        if card_id is None:
            self._check_card_links(None, {"owner_id": owner})
        else:
            self._check_card_links(card_id, {"name": self.get(card_id).name, "owner_id": owner})

    def duplicate(self, card_id: int) -> CardRecord:
        """A copy of a card with its image, named "… (copy)", right after it in the list.

        Undo it with `delete` on the copy.
        """
        from desktop.store.cards import writes

        with self._writing(Topic.CARDS) as session:
            original = self.get(card_id)
            image = self.image(card_id)
            writes.make_room_after(session, original.position)
            values = {
                **card_values(original),
                "name": copy_name(original.name),
                "position": original.position + 1,
            }
            copy = writes.add_card(session, values)
            said = f"Card {copy.name} added as a copy of {original.name}"
            self._campaign.note(Topic.CARDS, copy.id, said)
            if image is not None:
                writes.set_card_image(session, copy.id, image)
        return replace(copy, has_image=image is not None)

    def snapshot(self, card_id: int) -> CardSnapshot:
        """A card with its image and the ids of the cards it owns."""
        owned = self._read("SELECT id FROM card WHERE owner_id = ? ORDER BY id", (card_id,))
        return CardSnapshot(
            card=self.get(card_id),
            image=self.image(card_id),
            owned_ids=tuple(int(row[0]) for row in owned),
        )

    def delete(self, card_id: int) -> CardSnapshot:
        """Delete a card and its image. The cards it owned stay, with no owner; roll log
        lines of its acts stay as written. Returns what `restore` needs."""
        from desktop.store.cards import writes

        with self._writing(Topic.CARDS) as session:
            snapshot = self.snapshot(card_id)
            writes.delete_card(session, card_id)
            said = sentences.removed("Card", snapshot.card.name)
            self._campaign.note(Topic.CARDS, card_id, said)
        return snapshot

    def restore(self, snapshot: CardSnapshot | CardRecord) -> CardRecord:
        """Put a deleted card back with its old id, place and image, and give the cards it
        owned their owner again (those that have no other owner since), in one go.

        A bare CardRecord restores the card alone, without an image.
        """
        from desktop.store.cards import writes

        if isinstance(snapshot, CardRecord):
            snapshot = CardSnapshot(snapshot)
        if not isinstance(snapshot, CardSnapshot):
            raise ValueError(f"Expected a card snapshot, not {snapshot!r}.")
        record = check_card(snapshot.card)
        image = None if snapshot.image is None else checks.image(snapshot.image[1])
        owned = distinct_ids(snapshot.owned_ids, "card")
        if record.id in owned:
            raise ValueError(f"Card “{record.name}” cannot own itself.")
        with self._writing(Topic.CARDS) as session:
            relinked = self._ownerless(owned)
            self._check_card_links(record.id, card_values(record), relinked)
            writes.insert_cards(session, [record])
            said = sentences.restored("Card", record.name)
            self._campaign.note(Topic.CARDS, record.id, said)
            if image is not None:
                writes.set_card_image(session, record.id, image)
            writes.link_cards(session, record.id, list(relinked))
        return replace(record, has_image=image is not None)

    def image(self, card_id: int) -> tuple[str, bytes] | None:
        """A card's image as (format, bytes), or None when it has none."""
        rows = self._read(
            "SELECT card.id, card_image.format, card_image.data FROM card"
            " LEFT JOIN card_image ON card_image.card_id = card.id WHERE card.id = ?",
            (card_id,),
        )
        if not rows:
            raise NotFound("That card is no longer in the campaign.")
        _, image_format, data = rows[0]
        return None if data is None else (str(image_format), bytes(data))

    def set_image(self, card_id: int, data: bytes | None) -> tuple[str, bytes] | None:
        """Give a card an image (the bytes of a PNG, JPEG, GIF, WebP or BMP file of at most
        4 MiB) or, with None, remove it. Returns the image it had, for undo."""
        from desktop.store.cards import writes

        image = None if data is None else checks.image(data)
        with self._writing(Topic.CARDS) as session:
            previous = self.image(card_id)
            writes.set_card_image(session, card_id, image)
            name = self.get(card_id).name
            said = f"Card {name}'s image removed" if image is None else f"Card {name}'s image set"
            self._campaign.note(Topic.CARDS, card_id, said)
        return previous

    def _check_card_links(
        self, card_id: int | None, values: dict[str, object], owned: dict[int, str] | None = None
    ) -> None:
        """The character and owner card that `values` name exist, and ownership does not
        loop once `card_id` has its owner and owns the cards in `owned` (id -> name).

        Only the owner's own chain of owners is read (one recursive query), not every
        card: a loop through `card_id` has to pass through that chain.
        """
        character_id = values.get("character_id")
        if character_id is not None:
            self._campaign.roster.get(checks.row_id(character_id, "A card's character"))
        if "owner_id" not in values:
            return
        owner_id = values["owner_id"]
        chain = (
            {} if owner_id is None else self._owner_chain(checks.row_id(owner_id, "A card's owner"))
        )
        if owner_id is not None and owner_id not in chain:
            raise NotFound("That card is no longer in the campaign.")
        if card_id is None:
            return
        # The edited card first, so that a refusal tells the loop starting from it.
        owners: dict[int, int | None] = {card_id: owner_id}
        names = {card_id: str(values.get("name", f"#{card_id}"))}
        for cid, (owner, name) in chain.items():
            if cid != card_id:  # its new owner, not the one in the file, is the question
                owners[cid] = owner
                names[cid] = name
        for cid, name in (owned or {}).items():
            owners[cid] = card_id
            names[cid] = name
        checks.card_owners(owners, names)

    def _owner_chain(self, card_id: int) -> dict[int, tuple[int | None, str]]:
        """The card and its owners up the chain: id -> (owner id, name). UNION stops at a
        card already met, so even a damaged file with a loop cannot hang the query."""
        rows = self._read(
            "WITH RECURSIVE chain(id) AS (SELECT ? UNION"
            " SELECT card.owner_id FROM card JOIN chain ON card.id = chain.id"
            " WHERE card.owner_id IS NOT NULL)"
            " SELECT card.id, card.owner_id, card.name FROM card JOIN chain ON card.id = chain.id",
            (card_id,),
        )
        return {int(r[0]): (None if r[1] is None else int(r[1]), str(r[2])) for r in rows}

    def _ownerless(self, card_ids: Sequence[int]) -> dict[int, str]:
        """Those of `card_ids` still in the campaign with no owner, by id, with names."""
        found: dict[int, str] = {}
        for chunk in chunks(card_ids):
            marks = ", ".join("?" * len(chunk))
            rows = self._read(
                f"SELECT id, name FROM card WHERE id IN ({marks}) AND owner_id IS NULL", chunk
            )
            found.update((int(r[0]), str(r[1])) for r in rows)
        return {card_id: found[card_id] for card_id in card_ids if card_id in found}
