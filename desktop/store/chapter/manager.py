"""The chapter and its claims (the claim map). Reached as `campaign.chapter`."""

from __future__ import annotations

from dataclasses import replace

from desktop.rules import downtime, factions, roster
from desktop.store import checks
from desktop.store.chapter import checks as chapter_checks
from desktop.store.chapter.records import (
    ChapterRecord,
    ClaimPathRecord,
    ClaimRecord,
    ClaimSnapshot,
    ClaimTransfer,
)
from desktop.store.chapter.rows import (
    CHAPTER_COLUMNS,
    CHAPTER_FIELDS,
    CLAIM_FIELDS,
    CLAIM_SQL,
    LAIR_ID,
    NEW_CHAPTER,
    checked_path,
    claim_from_row,
    turf_topics,
)
from desktop.store.core import Manager, Topic
from desktop.store.factions import check_faction
from desktop.store.history import sentences

# What a claim's edit says is its place on the map: moved, not each coordinate.
MAP_PLACE = frozenset({"x", "y"})


def _claim_sentence(previous: ClaimRecord, values: dict[str, object]) -> str:
    """A claim's edit: its name, benefit or turf before and after, or its move."""
    if values.get("name", previous.name) != previous.name:
        return sentences.renamed("Claim", previous.name, str(values["name"]))
    told = {k: v for k, v in values.items() if k not in MAP_PLACE}
    was = {k: getattr(previous, k) for k in told}
    if told and told != was:
        return sentences.changed_values(f"Claim {previous.name}", was, told)
    return sentences.moved_on_map("Claim", previous.name)


class ChapterManager(Manager):
    """The chapter and its claims (the claim map)."""

    def lose_hold(self) -> ChapterRecord:
        """The chapter loses hold; at tier 0 with weak hold its lair comes under threat
        (marked until the GM clears it). Returns the chapter as it was."""
        previous = self.get()
        loss = factions.hold_loss(previous.tier, previous.hold, chapter=True)
        changes: dict[str, object] = {"tier": loss.tier, "hold": loss.hold}
        if loss.lair_threatened:
            changes["lair_threatened"] = True
        said = sentences.hold_lost(
            previous.name, (previous.tier, previous.hold), (loss.tier, loss.hold)
        )
        if loss.lair_threatened:
            said += "; its lair is under threat"
        self._update(changes, said)
        return previous

    # -- the chapter ("chapter") ----------------------------------------------------------------

    def get(self) -> ChapterRecord:
        """The players' faction, with its turf and war counted from claims and factions."""
        rows = self._read(f"SELECT {CHAPTER_COLUMNS} FROM chapter WHERE id = 1")
        # A file damaged by hand (no chapter row) shows a new chapter rather than nothing.
        name, tier, hold, rep, coin, heat, lair_held, notes, threatened = (
            rows[0] if rows else NEW_CHAPTER
        )
        turf = self._turf(str(name), bool(lair_held))
        # The tracker never shows more than the current turf lets it hold.
        ruled = factions.Chapter(
            int(tier),
            str(hold),
            min(int(rep), factions.FULL_REP),
            factions.MIN_TURF,
            int(coin),
            int(heat),
        ).with_turf(turf)
        return ChapterRecord(
            name=str(name),
            tier=ruled.tier,
            hold=ruled.hold,
            rep=ruled.rep,
            coin=ruled.coin,
            heat=ruled.heat,
            lair_held=bool(lair_held),
            turf=turf,
            at_war=self.at_war(),
            notes=str(notes),
            lair_threatened=bool(threatened),
        )

    def update(self, **changes: object) -> ChapterRecord:
        """Change name, tier, hold, rep, coin, heat, lair_held and/or notes, checked by the
        rules' Chapter at the turf it will have; returns the chapter as it was.

        Only the fields given are written. Regaining the lair brings the turf claims
        back, which can lower the rep the tracker holds: the chapter then shows its rep
        cut to fit (`Chapter.with_turf`), and losing the lair again (the undo) shows it
        as it was.
        """
        return self._update(changes, None)

    def _update(self, changes: dict[str, object], said: str | None) -> ChapterRecord:
        """`update`, told to the history as `said` (None: the fields it changed)."""
        from desktop.store.chapter import writes

        checks.known_fields(changes, CHAPTER_FIELDS, "The chapter")
        previous = self.get()
        wanted = checks.changed(previous, changes)
        # The name and the lair first: the turf they give is what the rest is checked at.
        wanted = replace(wanted, name=roster.check_name(wanted.name))
        checks.flag(wanted.lair_held, "Holding the lair")
        turf = self._turf(wanted.name, wanted.lair_held)
        if turf != previous.turf and "rep" not in changes:
            rep = factions.Chapter(rep=min(wanted.rep, factions.FULL_REP)).with_turf(turf).rep
            wanted = replace(wanted, rep=rep)
        checked = chapter_checks.chapter(wanted, turf, previous.at_war)
        if checked.name.casefold() != previous.name.casefold():
            for faction in self._campaign.factions.all():
                if faction.name.casefold() == checked.name.casefold():
                    raise ValueError(f"“{faction.name}” is a faction's name.")
        topics = [Topic.CHAPTER]
        if "name" in changes or "lair_held" in changes:
            topics.append(Topic.CLAIMS)  # the map names the chapter and shows the lair
        values = {k: getattr(checked, k) for k in changes}
        with self._writing(*topics) as session:
            writes.update_chapter(session, values)
            if said is None:
                was = {k: getattr(previous, k) for k in values}
                said = sentences.changed_values(f"Chapter {previous.name}", was, values)
            self._campaign.note(Topic.CHAPTER, None, said)
        return previous

    def restore(self, record: ChapterRecord) -> ChapterRecord:
        """Write a chapter record back (an undo); returns the chapter as it was."""
        if not isinstance(record, ChapterRecord):
            raise ValueError(f"Expected the chapter, not {record!r}.")
        return self.update(**{name: getattr(record, name) for name in CHAPTER_FIELDS})

    def apply_payoff(
        self, target_tier: int, quiet: bool, size: str, coin: int | None = None
    ) -> ChapterRecord:
        """A job's payoff: the rules' rep (a full tracker earns nothing), coin and, at war,
        heat, with the chapter's tier counted at its war standing. Returns the chapter as
        it was."""
        previous = self.get()
        _paid, ruled = downtime.chapter_payoff(
            previous.chapter, target_tier, size, quiet, coin, at_war=previous.at_war
        )
        after = replace(previous, rep=ruled.rep, coin=ruled.coin, heat=ruled.heat)
        paid = {"rep": after.rep, "coin": after.coin, "heat": after.heat}
        was = {"rep": previous.rep, "coin": previous.coin, "heat": previous.heat}
        said = sentences.changed_values(f"Payoff for {previous.name}", was, paid)
        self._write_chapter(after, said)
        return previous

    def develop(self) -> ChapterRecord:
        """Develop (weak -> strong, or pay for the next tier); ValueError with the rules'
        reason when the chapter cannot. Returns the chapter as it was."""
        previous = self.get()
        ruled = previous.chapter.develop()
        said = sentences.developed(
            previous.name, (previous.tier, previous.hold), (ruled.tier, ruled.hold)
        )
        self._write_chapter(
            replace(previous, tier=ruled.tier, hold=ruled.hold, rep=ruled.rep, coin=ruled.coin),
            said,
        )
        return previous

    def _write_chapter(self, record: ChapterRecord, said: str) -> None:
        from desktop.store.chapter import writes

        with self._writing(Topic.CHAPTER) as session:
            writes.set_chapter(session, record)
            self._campaign.note(Topic.CHAPTER, None, said)

    def _turf(self, chapter_name: str, lair_held: bool) -> int:
        """The turf the rules count: the chapter's turf claims, none while the lair is lost."""
        rows = self._read("SELECT name FROM claim WHERE faction_id IS NULL AND turf")
        held = tuple(factions.Claim(str(row[0]), chapter_name, turf=True) for row in rows)
        return factions.ClaimMap(chapter_name, held, (), lair_held).turf_count()

    def at_war(self) -> bool:
        """Whether any faction is at war with the chapter."""
        rows = self._read(
            "SELECT EXISTS (SELECT 1 FROM faction WHERE status = ?)", (factions.WAR_STATUS,)
        )
        return bool(rows[0][0])

    # -- claims ("claims") ----------------------------------------------------------------------

    def claims(self) -> list[ClaimRecord]:
        return [claim_from_row(row) for row in self._read(f"{CLAIM_SQL} ORDER BY id")]

    def claim(self, claim_id: int) -> ClaimRecord:
        missing = "That claim is no longer on the map."
        return claim_from_row(self._read_one(f"{CLAIM_SQL} WHERE id = ?", (claim_id,), missing))

    def claim_paths(self) -> list[ClaimPathRecord]:
        """Every path, the lair (0) or the lower claim id first."""
        rows = self._read(
            "SELECT COALESCE(start_id, 0), end_id FROM claim_path"
            " ORDER BY COALESCE(start_id, 0), end_id"
        )
        return [ClaimPathRecord(int(a), int(b)) for a, b in rows]

    def claim_map(self) -> factions.ClaimMap:
        """The claims as the rules see them, holders named (the chapter by its name)."""
        chapter = self.get()
        holders = {faction.id: faction.name for faction in self._campaign.factions.all()}
        holders[LAIR_ID] = chapter.name
        claims = self.claims()
        names = {claim.id: claim.name for claim in claims}
        names[LAIR_ID] = factions.LAIR
        return factions.ClaimMap(
            chapter.name,
            tuple(
                factions.Claim(claim.name, holders[claim.holder_id], claim.benefit, claim.turf)
                for claim in claims
            ),
            tuple((names[path.start], names[path.end]) for path in self.claim_paths()),
            chapter.lair_held,
        )

    def add_claim(
        self,
        name: str,
        *,
        benefit: str = "",
        turf: bool = False,
        holder_id: int = 0,
        x: float = 0.0,
        y: float = 0.0,
    ) -> ClaimRecord:
        """A new claim on the map, held by the chapter (0) or a faction."""
        from desktop.store.chapter import writes

        record = chapter_checks.claim(ClaimRecord(1, name, benefit, turf, holder_id, x, y))
        if record.holder_id:
            self._campaign.factions.get(record.holder_id)
        self._refuse_claim_name(record.name)
        with self._writing(Topic.CLAIMS, *turf_topics(record)) as session:
            made = writes.add_claim(session, record)
            self._campaign.note(Topic.CLAIMS, made.id, sentences.added("Claim", made.name))
        return made

    def update_claim(self, claim_id: int, **changes: object) -> ClaimRecord:
        """Change name, benefit, turf, x and/or y; returns the claim as it was."""
        from desktop.store.chapter import writes

        checks.known_fields(changes, CLAIM_FIELDS, "A claim")
        previous = self.claim(claim_id)
        checked = chapter_checks.claim(checks.changed(previous, changes))
        if checked.name.casefold() != previous.name.casefold():
            self._refuse_claim_name(checked.name)
        values = {name: getattr(checked, name) for name in changes}
        turf_changed = checked.turf != previous.turf
        # Turf counted before or after: the chapter's turf (and its rep's cap) moves.
        turf_topic = (turf_topics(previous) or turf_topics(checked)) if turf_changed else ()
        topics = [Topic.CLAIMS, *turf_topic]
        with self._writing(*topics) as session:
            writes.update_claim(session, claim_id, values)
            self._campaign.note(Topic.CLAIMS, claim_id, _claim_sentence(previous, values))
        return previous

    def delete_claim(self, claim_id: int) -> ClaimSnapshot:
        """Delete a claim and the paths that touch it; returns both for `restore_claim`."""
        from desktop.store.chapter import writes

        record = self.claim(claim_id)
        paths = tuple(path for path in self.claim_paths() if claim_id in (path.start, path.end))
        with self._writing(Topic.CLAIMS, *turf_topics(record)) as session:
            writes.delete_claim(session, claim_id)
            self._campaign.note(Topic.CLAIMS, claim_id, sentences.removed("Claim", record.name))
        return ClaimSnapshot(record, paths)

    def restore_claim(self, snapshot: ClaimSnapshot) -> ClaimRecord:
        """Put a deleted claim back with its id, place and paths."""
        from desktop.store.chapter import writes

        if not isinstance(snapshot, ClaimSnapshot):
            raise ValueError(f"Expected a claim snapshot, not {snapshot!r}.")
        record = chapter_checks.claim(snapshot.claim)
        if record.holder_id:
            self._campaign.factions.get(record.holder_id)
        self._refuse_claim_name(record.name)
        paths = [checked_path(path.start, path.end) for path in snapshot.paths]
        if len(set(paths)) != len(paths):
            raise ValueError("A path is named twice in the claim's snapshot.")
        for path in paths:
            if record.id not in (path.start, path.end):
                raise ValueError(f"A path from {path.start} to {path.end} does not touch it.")
            other = path.end if path.start == record.id else path.start
            if other != LAIR_ID:
                self.claim(other)
        with self._writing(Topic.CLAIMS, *turf_topics(record)) as session:
            restored = writes.add_claim(session, record, keep_id=True)
            writes.add_paths(session, paths)
            said = sentences.restored("Claim", record.name)
            self._campaign.note(Topic.CLAIMS, record.id, said)
        return restored

    def add_claim_path(self, start: int, end: int) -> ClaimPathRecord:
        """A path between two claims, or (0) the lair and a claim; returns it as the store
        spells it (the lair or the lower id first). Undo with `remove_claim_path`."""
        from desktop.store.chapter import writes

        path = checked_path(start, end)
        names = self._path_names(path)
        plain = self._path_names(path, quoted=False)
        if path in self.claim_paths():
            raise ValueError(f"There is already a path between {names[0]} and {names[1]}.")
        with self._writing(Topic.CLAIMS) as session:
            writes.add_paths(session, [path])
            self._campaign.note(Topic.CLAIMS, path.end, sentences.path_added(*plain))
        return path

    def remove_claim_path(self, start: int, end: int) -> ClaimPathRecord:
        """Remove the path between two places (either order); returns it."""
        from desktop.store.chapter import writes

        path = checked_path(start, end)
        names = self._path_names(path)
        plain = self._path_names(path, quoted=False)
        if path not in self.claim_paths():
            raise ValueError(f"There is no path between {names[0]} and {names[1]}.")
        with self._writing(Topic.CLAIMS) as session:
            writes.remove_path(session, path)
            self._campaign.note(Topic.CLAIMS, path.end, sentences.path_removed(*plain))
        return path

    def transfer_claim(
        self, claim_id: int, holder_id: int, status_change: int = 0
    ) -> ClaimTransfer:
        """Give a claim to another holder (0: the chapter) in one transaction.

        When the chapter seizes it from a faction, `status_change` (the UI offers the
        rules' -2) is applied to that faction's status, held inside -3..+3. Turf the
        chapter gains can cut its rep (`Chapter.with_turf`). Returns the claim, the
        chapter and the loser faction (None when no status changed) as they were; undo
        with `undo_transfer`.
        """
        from desktop.store.chapter import writes
        from desktop.store.factions import writes as factions_writes

        holder = checks.whole(holder_id, "A claim's new holder")
        change = factions.require_int(status_change, "A status change")
        claim = self.claim(claim_id)
        if holder:
            self._campaign.factions.get(holder)
        claim_map = self.claim_map()
        holder_name = (
            claim_map.chapter if holder == LAIR_ID else self._campaign.factions.get(holder).name
        )
        moved = claim_map.transfer(claim.name, holder_name)  # refuses the same holder
        moved_from = (
            claim_map.chapter
            if claim.holder_id == LAIR_ID
            else self._campaign.factions.get(claim.holder_id).name
        )
        seizing = holder == LAIR_ID and claim.holder_id != LAIR_ID
        if change and not seizing:
            raise ValueError("A status change comes only with the chapter seizing a claim.")
        loser = self._campaign.factions.get(claim.holder_id) if seizing and change else None
        chapter = self.get()
        after = chapter.chapter.with_turf(moved.turf_count())
        topics = [Topic.CLAIMS, Topic.CHAPTER, *([Topic.FACTIONS] if loser else [])]
        with self._writing(*topics) as session:
            writes.update_claim(session, claim_id, {"holder_id": holder})
            writes.set_chapter(session, replace(chapter, rep=after.rep))
            said = sentences.holder_change(claim.name, moved_from, holder_name)
            if loser is not None:
                status = loser.faction.with_status(change).status
                factions_writes.update_faction(session, loser.id, {"status": status})
                said += "; " + sentences.status_change(
                    loser.name, factions.status_label(loser.status), factions.status_label(status)
                )
            self._campaign.note(Topic.CLAIMS, claim_id, said)
        return ClaimTransfer(claim, chapter, loser)

    def undo_transfer(self, transfer: ClaimTransfer) -> None:
        """Put the claim, the chapter and the loser faction back, in one transaction."""
        from desktop.store.chapter import writes
        from desktop.store.factions import writes as factions_writes

        if not isinstance(transfer, ClaimTransfer):
            raise ValueError(f"Expected a claim transfer, not {transfer!r}.")
        claim = chapter_checks.claim(transfer.claim)
        self.claim(claim.id)
        if claim.holder_id:
            self._campaign.factions.get(claim.holder_id)
        loser = None if transfer.faction is None else check_faction(transfer.faction)
        if loser is not None:
            self._campaign.factions.get(loser.id)
        current = self.get()
        now = self.claim(claim.id)
        holder_now, holder_back = (
            current.name if holder == LAIR_ID else self._campaign.factions.get(holder).name
            for holder in (now.holder_id, claim.holder_id)
        )
        back = self.claim_map().transfer(now.name, holder_back)
        chapter = chapter_checks.chapter(transfer.chapter, back.turf_count(), current.at_war)
        topics = [Topic.CLAIMS, Topic.CHAPTER, *([Topic.FACTIONS] if loser else [])]
        with self._writing(*topics) as session:
            writes.update_claim(session, claim.id, {"holder_id": claim.holder_id})
            writes.set_chapter(session, chapter)
            if loser is not None:
                factions_writes.update_faction(session, loser.id, {"status": loser.status})
            said = sentences.holder_change(now.name, holder_now, holder_back)
            self._campaign.note(Topic.CLAIMS, claim.id, said)

    def _refuse_claim_name(self, name: str) -> None:
        # The rules' claim map tells claims apart by name.
        for other in self.claims():
            if other.name.casefold() == name.casefold():
                raise ValueError(f"There is already a claim called “{other.name}”.")

    def _path_names(self, path: ClaimPathRecord, *, quoted: bool = True) -> tuple[str, str]:
        """The names of a path's ends, quoted for a message (NotFound for a claim not on
        the map)."""
        start, end = (
            "the lair"
            if end == LAIR_ID
            else (f"“{self.claim(end).name}”" if quoted else self.claim(end).name)
            for end in (path.start, path.end)
        )
        return start, end
