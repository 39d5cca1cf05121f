"""The roster: characters, and a character's whole snapshot for delete and undo.
Reached as `campaign.roster`."""

from __future__ import annotations

from desktop.store.core import Manager, Topic
from desktop.store.history import sentences
from desktop.store.kit import (
    check_die,
    check_item_dice,
    checked_item,
    checked_trait,
    distinct_ids,
    same_owner,
)
from desktop.store.roster.checks import character_values
from desktop.store.roster.records import CharacterRecord, CharacterSnapshot
from desktop.store.roster.rows import (
    CHARACTER_COLUMNS,
    cards_topics,
    downtime_topics,
    handout_topics,
)


class RosterManager(Manager):
    """The roster: characters, and a character's whole snapshot for delete and undo."""

    def _note(self, character_id: int | None, sentence: str) -> None:
        self._campaign.note(Topic.CHARACTERS, character_id, sentence)

    # -- the roster -------------------------------------------------------------------------

    def all(self) -> list[CharacterRecord]:
        """Every roster entry, in roster order."""
        rows = self._read(f"SELECT {CHARACTER_COLUMNS} FROM character ORDER BY position, id")
        return [CharacterRecord(*row) for row in rows]

    def get(self, character_id: int) -> CharacterRecord:
        sql = f"SELECT {CHARACTER_COLUMNS} FROM character"
        return CharacterRecord(*self._read_by_id(sql, character_id, "Character"))

    def add(self, name: str, kind: str = "pc", notes: str = "") -> CharacterRecord:
        from desktop.store.roster import writes

        values = character_values({"name": name, "kind": kind, "notes": notes})
        with self._writing(Topic.CHARACTERS) as session:
            made = writes.add_character(session, values)
            self._note(made.id, sentences.added("Character", made.name))
        return made

    def update(self, character_id: int, **changes: object) -> CharacterRecord:
        """Change name, kind and/or notes; returns the record as it is now."""
        from desktop.store.roster import writes

        values = character_values(changes)
        before = self.get(character_id)
        with self._writing(Topic.CHARACTERS) as session:
            after = writes.update_character(session, character_id, values)
            if after.name != before.name:
                said = sentences.renamed("Character", before.name, after.name)
            else:
                said = sentences.edited("Character", after.name, sorted(values))
            self._note(character_id, said)
        return after

    def snapshot(self, character_id: int) -> CharacterSnapshot:
        """A character with its dice, traits, items and the ids of its roll log lines
        and of the SySCards linked to it."""
        roll_ids = self._read(
            "SELECT id FROM roll_log WHERE character_id = ? ORDER BY id", (character_id,)
        )
        card_ids = self._read(
            "SELECT id FROM card WHERE character_id = ? ORDER BY id", (character_id,)
        )
        return CharacterSnapshot(
            character=self.get(character_id),
            dice=tuple(self._campaign.kit.dice(character_id)),
            traits=tuple(self._campaign.kit.traits(character_id)),
            items=tuple(self._campaign.kit.items(character_id)),
            roll_ids=tuple(int(row[0]) for row in roll_ids),
            card_ids=tuple(int(row[0]) for row in card_ids),
            **self._campaign.calendar.snapshot_rows(character_id),
            **self._campaign.downtime.snapshot_rows(character_id),
            handouts=tuple(self._campaign.handouts.of_character(character_id)),
        )

    def delete(self, character_id: int) -> CharacterSnapshot:
        """Delete a roster entry with its dice, traits, items, energy, clocks and
        downtime sheet (the database cascades).

        Its roll log lines and downtime steps stay, named as they were, with no
        character; so do the SySCards linked to it. Returns what `restore`
        needs to undo it all.
        """
        from desktop.store.roster import writes

        snapshot = self.snapshot(character_id)
        topics = (
            Topic.CHARACTERS,
            *cards_topics(snapshot.card_ids),
            *downtime_topics(snapshot),
            *handout_topics(snapshot),
        )
        with self._writing(*topics) as session:
            writes.delete_character(session, character_id)
            self._note(character_id, sentences.removed("Character", snapshot.character.name))
        return snapshot

    def restore(self, snapshot: CharacterSnapshot | CharacterRecord) -> CharacterRecord:
        """Put a deleted character back with its old ids and places, in one transaction.

        Its dice, traits and items come back as they were, and the roll log lines and
        SySCards in the snapshot are linked to it again (those not linked elsewhere
        since). A bare CharacterRecord restores the roster entry alone.
        """
        from desktop.store.calendar import writes as calendar_writes
        from desktop.store.cards import writes as card_writes
        from desktop.store.kit import writes as kit_writes
        from desktop.store.roster import writes

        if isinstance(snapshot, CharacterRecord):
            snapshot = CharacterSnapshot(snapshot)
        record = snapshot.character
        dice = [check_die(die) for die in snapshot.dice]
        same_owner(record.id, [*dice, *snapshot.traits, *snapshot.items])
        card_ids = distinct_ids(snapshot.card_ids, "card")
        downtime_rows = self._campaign.downtime.checked_snapshot_rows(snapshot)
        handouts = self._campaign.handouts.checked_of(record.id, snapshot.handouts)
        topics = (
            Topic.CHARACTERS,
            *cards_topics(card_ids),
            *downtime_topics(snapshot),
            *handout_topics(snapshot),
        )
        with self._writing(*topics) as session:
            self._note(record.id, sentences.restored("Character", record.name))
            writes.insert_characters(session, [record])
            kit_writes.insert_items(session, [checked_item(item) for item in snapshot.items])
            kit_writes.insert_traits(session, [checked_trait(trait) for trait in snapshot.traits])
            check_item_dice(dice, snapshot.items)
            kit_writes.insert_dice(session, dice)
            writes.link_rolls(session, record.id, snapshot.roll_ids)
            card_writes.link_character_cards(session, record.id, card_ids)
            if snapshot.energy_profile is not None:
                calendar_writes.set_energy_profile(session, record.id, *snapshot.energy_profile)
            calendar_writes.put_energy_days(
                session, [(record.id, day, state) for day, state in snapshot.energy_days]
            )
            self._campaign.downtime.restore_snapshot_rows(session, record.id, downtime_rows)
            if handouts:
                from desktop.store.handouts import writes as handout_writes

                handout_writes.insert_handouts(session, handouts)
        return record
