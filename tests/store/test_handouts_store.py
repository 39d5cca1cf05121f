"""Handouts in the store (issue 30): given to one player or to all, taken back and given
back under the same id; hostile pictures and huge texts refused in plain words; the
upgrade of a real older file; gone with (and back with) their character; judged by the
open check; left out of the export."""

from __future__ import annotations

import json
import shutil
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from desktop.store import Campaign, Topic, check_campaign, export_campaign, import_campaign
from desktop.store.exchange import trusted_images
from desktop.store.handouts import IMAGE_MAX, TEXT_MAX, HandoutRecord, HandoutSnapshot
from desktop.store.migrations import HEAD, REVISIONS

CAMPAIGNS = Path(__file__).resolve().parent / "campaigns"
PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4000000"
    "0049454e44ae426082"
)
JPEG = b"\xff\xd8\xff\xe0" + b"\x00" * 60
CARD = json.dumps({"name": "Old map", "efficiency": 12, "info": ["Marked in red."]})


def _players(campaign: Campaign) -> tuple[int, int, int]:
    kara = campaign.roster.add("Kara", "pc").id
    bryn = campaign.roster.add("Bryn", "pc").id
    ogre = campaign.roster.add("Ogre", "npc").id
    return kara, bryn, ogre


def test_a_player_holds_their_own_and_the_handouts_to_all_in_the_order_given(
    campaign: Campaign,
) -> None:
    kara, bryn, _ogre = _players(campaign)
    told: list[Topic] = []
    campaign.subscribe(told.append)
    letter = campaign.handouts.give("text", "  A  letter ", text="Meet me.", character_id=kara)
    everyone = campaign.handouts.give("image", "The tower", image=PNG, text="At dusk")
    card = campaign.handouts.give("card", "Old map", card=CARD, character_id=bryn)
    assert told == [Topic.HANDOUTS] * 3
    assert letter.title == "A letter"  # spaces tidied, as a name's
    assert everyone.image_format == "png" and everyone.to_everyone
    assert [h.id for h in campaign.handouts.for_player(kara)] == [letter.id, everyone.id]
    assert [h.id for h in campaign.handouts.for_player(bryn)] == [everyone.id, card.id]
    assert campaign.handouts.image(everyone.id) == PNG
    assert campaign.handouts.image(letter.id) is None
    assert json.loads(campaign.handouts.get(card.id).card)["efficiency"] == 12


def test_taking_back_and_giving_back_keeps_the_id_and_the_picture(campaign: Campaign) -> None:
    kara, _bryn, _ogre = _players(campaign)
    first = campaign.handouts.give("text", "First", text="1", character_id=kara)
    picture = campaign.handouts.give("image", "Second", image=JPEG, character_id=kara)
    taken = campaign.handouts.take_back(picture.id)
    assert taken.image == JPEG and taken.handout.image_format == "jpeg"
    assert [h.id for h in campaign.handouts.all()] == [first.id]
    with pytest.raises(Exception, match="already taken back"):
        campaign.handouts.take_back(picture.id)
    again = campaign.handouts.give_back(taken)
    assert again == picture
    assert [h.id for h in campaign.handouts.all()] == [first.id, picture.id]
    assert campaign.handouts.image(picture.id) == JPEG
    with pytest.raises(ValueError, match="already in the campaign"):
        campaign.handouts.give_back(taken)


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (b"GIF89a" + b"\x00" * 20, "PNG or JPEG"),  # a picture, but not one a handout takes
        (b"<svg onload=alert(1)>", "PNG or JPEG"),
        (b"", "PNG or JPEG"),
        (b"\x89PNG\r\n\x1a\n" + b"\x00" * IMAGE_MAX, "at most 2 MiB"),
        ("not bytes", "PNG or JPEG"),
    ],
)
def test_a_hostile_picture_is_refused_and_nothing_is_written(
    campaign: Campaign, data: object, words: str
) -> None:
    with pytest.raises(ValueError, match=words):
        campaign.handouts.give("image", "Trap", image=data)  # type: ignore[arg-type]  # hostile on purpose
    assert campaign.handouts.all() == []


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"kind": "text", "title": "Huge", "text": "x" * (TEXT_MAX + 1)}, "at most 20,000"),
        ({"kind": "text", "title": "", "text": "x"}, "needs a title"),
        ({"kind": "text", "title": "t" * 121, "text": "x"}, "at most 120"),
        ({"kind": "text", "title": "Empty", "text": "   "}, "needs some words"),
        ({"kind": "script", "title": "S", "text": "x"}, "is a card"),
        ({"kind": "card", "title": "Map", "card": "[1, 2]"}, "JSON object"),
        ({"kind": "card", "title": "Map", "card": '{"a": {"b": 1}}'}, "no known kind"),
        ({"kind": "card", "title": "Map", "card": "{" * 400_000}, "too long"),
        ({"kind": "text", "title": "T", "text": "x", "image": PNG}, "holds no picture"),
        ({"kind": "image", "title": "I"}, "needs a picture"),
        ({"kind": "text", "title": "T", "text": "x", "card": CARD}, "holds no card"),
    ],
)
def test_a_bad_handout_is_refused_in_plain_words(
    campaign: Campaign, fields: dict[str, object], words: str
) -> None:
    with pytest.raises(ValueError, match=words):
        campaign.handouts.give(**fields)  # type: ignore[arg-type]  # hostile on purpose
    assert campaign.handouts.all() == []


def test_only_a_player_character_in_the_campaign_is_given_one(campaign: Campaign) -> None:
    _kara, _bryn, ogre = _players(campaign)
    with pytest.raises(ValueError, match="Only a player character"):
        campaign.handouts.give("text", "T", text="x", character_id=ogre)
    with pytest.raises(Exception, match="no longer in the campaign"):
        campaign.handouts.give("text", "T", text="x", character_id=999)
    assert campaign.handouts.all() == []


def test_a_characters_handouts_go_with_it_and_come_back_with_its_undo(
    campaign: Campaign,
) -> None:
    kara, bryn, _ogre = _players(campaign)
    own = campaign.handouts.give("image", "Hers", image=PNG, character_id=kara)
    everyone = campaign.handouts.give("text", "All", text="x")
    bryns = campaign.handouts.give("text", "His", text="y", character_id=bryn)
    told: list[Topic] = []
    campaign.subscribe(told.append)
    snapshot = campaign.roster.delete(kara)
    assert Topic.HANDOUTS in told
    # Never falls to "every player": gone with her.
    assert [h.id for h in campaign.handouts.all()] == [everyone.id, bryns.id]
    campaign.roster.restore(snapshot)
    assert [h.id for h in campaign.handouts.all()] == [own.id, everyone.id, bryns.id]
    assert campaign.handouts.image(own.id) == PNG
    forged = HandoutSnapshot(HandoutRecord(50, "text", "Not hers", "x", character_id=bryn))
    campaign.roster.delete(kara)
    with pytest.raises(ValueError, match="given to that character"):
        campaign.roster.restore(
            type(snapshot)(snapshot.character, handouts=(*snapshot.handouts, forged))
        )


def test_an_older_campaign_upgrades_to_one_with_no_handouts(tmp_path: Path, data_dir: Path) -> None:
    previous = REVISIONS[REVISIONS.index("0009_handouts") - 1]
    path = tmp_path / "old.gmdesk"
    shutil.copyfile(CAMPAIGNS / f"{previous}.gmdesk", path)
    with Campaign.open(path, data_dir=data_dir) as opened:
        assert opened.handouts.all() == []
        kara = next(c for c in opened.roster.all() if c.kind == "pc")
        given = opened.handouts.give("image", "Seal", image=PNG, character_id=kara.id)
        assert opened.handouts.for_player(kara.id) == [given]
    assert HEAD == "0009_handouts" or REVISIONS.index(HEAD) > REVISIONS.index("0009_handouts")
    assert check_campaign(path).sound


def test_the_open_check_names_a_handout_another_program_spoiled(
    campaign: Campaign, campaign_path: Path, data_dir: Path
) -> None:
    kara, _bryn, _ogre = _players(campaign)
    campaign.handouts.give("image", "Seal", image=PNG, character_id=kara)
    campaign.close()
    with closing(sqlite3.connect(campaign_path)) as connection, connection:
        connection.execute("UPDATE handout SET image = ?", (b"<html>not a picture</html>",))
    report = check_campaign(campaign_path)
    assert not report.sound
    assert any("Handout" in str(finding) for finding in report.values), report


def test_the_export_leaves_handouts_out_and_an_import_starts_with_none(
    campaign: Campaign, tmp_path: Path, data_dir: Path
) -> None:
    kara, _bryn, _ogre = _players(campaign)
    campaign.handouts.give("text", "Secret letter", text="The key is under the mat.")
    campaign.handouts.give("image", "Seal", image=PNG, character_id=kara)
    exported = tmp_path / "out.json"
    export_campaign(campaign, exported)
    text = exported.read_text(encoding="utf-8")
    assert "handout" not in text and "under the mat" not in text
    with import_campaign(
        exported, tmp_path / "in.gmdesk", data_dir=data_dir, images=trusted_images
    ) as imported:
        assert imported.handouts.all() == []
