"""The journal's store side (issue 31): the GM's notes on a game and its scenes, saved
as typed, private unless shared, in the export and the file's checks; and the parts
each history entry keeps for the journal (what happened, about which record)."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from dataclasses import replace
from pathlib import Path

import pytest

from desktop.store import Campaign, NotFound, checkup
from desktop.store.history import parts, parts_of
from desktop.store.history.parts import PARTS_MAX, HistoryPart, decode, encode
from desktop.store.journal import NOTE_MAX


def _game(campaign: Campaign) -> int:
    campaign.roster.add("Kara Voss")
    game = campaign.games.start()
    campaign.games.set_scene("The docks at night")
    return game.id


def test_a_note_is_kept_as_typed_and_private_unless_shared(campaign: Campaign) -> None:
    game = _game(campaign)
    assert campaign.journal.note(game).text == ""
    before = campaign.journal.write(game, 0, "  The crane fell.\n\nTwo dead.  ")
    assert before.text == "" and before.private
    note = campaign.journal.note(game)
    assert (note.text, note.private) == ("  The crane fell.\n\nTwo dead.  ", True)
    campaign.journal.write(game, 1, "Bryn lied.", private=False)
    assert [(n.scene, n.private) for n in campaign.journal.of_game(game)] == [(0, True), (1, False)]
    assert campaign.history.all(limit=1)[0].sentence == "Note on scene 1 of game 1 written (shared)"


def test_an_unchanged_note_writes_nothing_and_an_empty_private_one_is_gone(
    campaign: Campaign,
) -> None:
    game = _game(campaign)
    campaign.journal.write(game, 0, "Notes.")
    revision = campaign.revision
    campaign.journal.write(game, 0, "Notes.")
    assert campaign.revision == revision
    campaign.journal.write(game, 0, "")
    assert campaign.journal.all() == []
    assert campaign.history.all(limit=1)[0].sentence == "Note on game 1 cleared"


@pytest.mark.parametrize(
    ("game", "scene", "text", "message"),
    [
        (1, 2, "x", "That game has 1 scene: there is no scene 2."),
        (1, -1, "x", "A note's scene must be at least 0"),
        (1, 0, 5, "A journal note must be text"),
        (1, 0, "x" * (NOTE_MAX + 1), f"at most {NOTE_MAX:,} characters"),
        (1, 0, "a\x00b", "NUL"),
        (0, 0, "x", "A note's game"),
        ("1", 0, "x", "A note's game"),
    ],
)
def test_a_bad_note_is_refused_in_plain_words_and_nothing_is_written(
    campaign: Campaign, game: object, scene: object, text: object, message: str
) -> None:
    _game(campaign)
    revision = campaign.revision
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        campaign.journal.write(game, scene, text)  # type: ignore[arg-type]  # hostile input
    assert campaign.revision == revision and campaign.journal.all() == []


def test_a_note_on_a_game_no_longer_there_is_refused(campaign: Campaign) -> None:
    with pytest.raises(NotFound):
        campaign.journal.write(99, 0, "Lost.")


def test_notes_go_out_in_the_export_and_come_back(
    campaign: Campaign, tmp_path: Path, data_dir: Path
) -> None:
    from desktop.store.exchange import export_campaign, import_campaign, trusted_images

    game = _game(campaign)
    campaign.journal.write(game, 0, "Shared words.", private=False)
    campaign.journal.write(game, 1, "Secret words.")
    exported = tmp_path / "out.json"
    export_campaign(campaign, exported)
    document = json.loads(exported.read_text(encoding="utf-8"))
    assert [n["text"] for n in document["journal_notes"]] == ["Shared words.", "Secret words."]
    with import_campaign(
        exported, tmp_path / "in.gmdesk", data_dir=data_dir, images=trusted_images
    ) as imported:
        assert [(n.text, n.private) for n in imported.journal.all()] == [
            ("Shared words.", False),
            ("Secret words.", True),
        ]
        assert imported.history.all()[-2].parts  # the parts come back too (before the
        # import's own entry)


def test_check_campaign_finds_a_note_with_a_nul_and_bad_history_parts(
    campaign: Campaign, campaign_path: Path
) -> None:
    game = _game(campaign)
    campaign.journal.write(game, 0, "Fine.")
    campaign.close()
    with closing(sqlite3.connect(campaign_path)) as other:
        other.execute("UPDATE journal_note SET text = 'a' || char(0) || 'b'")
        other.execute("UPDATE history_entry SET parts = '[[1,2]]' WHERE id = 1")
        other.commit()
    report = checkup.check_campaign(campaign_path)
    assert {(f.table, f.row_id) for f in report.values} == {
        ("journal_note", 1),
        ("history_entry", 1),
    }, report
    assert any("Journal note 1" in line for line in report.lines())


def test_a_roll_keeps_its_dice_and_its_line_as_parts(campaign: Campaign) -> None:
    game = _game(campaign)
    kara = campaign.roster.all()[0]
    dice = campaign.kit.add_dice(kara.id, 6, count=1)
    _before, line = campaign.rolls.record(
        [replace(dice[0], place="table")],
        character_id=kara.id,
        character_name=kara.name,
        kind="roll",
        detail={},
        total=4,
        summary="1 die: 4",
    )
    entry = campaign.history.all(limit=1)[0]
    assert entry.game_id == game
    assert [(p.area, p.record_id, p.kind) for p in parts_of(entry)] == [
        ("dice", kara.id, parts.DAMAGE),
        ("characters", kara.id, parts.OUT_OF_PLAY),
        ("rolls", line.id, parts.ROLLED),
    ]
    assert parts_of(entry)[1].sentence == "Kara Voss is out of play (no die in the pool)"


def test_a_declared_action_names_its_character(campaign: Campaign) -> None:
    _game(campaign)
    kara = campaign.roster.all()[0]
    campaign.games.declare(kara.id, "I climb the crane")
    (part,) = parts_of(campaign.history.all(limit=1)[0])
    assert part == HistoryPart(
        "characters", kara.id, parts.DECLARED, "Kara Voss declares: I climb the crane"
    )


def test_parts_are_capped_and_refused_when_malformed() -> None:
    many = [HistoryPart("dice", i + 1, "", f"part {i}") for i in range(PARTS_MAX + 10)]
    kept = decode(encode(many))
    assert len(kept) == PARTS_MAX and kept[-1].sentence == "... and 11 more changes"
    for bad in ("{", "[1]", '[["a", "x", "", "s"]]', '[["a", null, "bogus", "s"]]', "[" * 5000):
        with pytest.raises(ValueError):
            decode(bad)
