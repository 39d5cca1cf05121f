"""SySCards in a real campaign file: cards, owners, images, filtering and rule settings."""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from desktop.store import Campaign, CardRecord, CardSnapshot
from desktop.store.checks import CARD_NUMBER_MAX, IMAGE_MAX
from desktop.store.errors import NotFound, ReadOnlyCampaign
from desktop.store.search import html_text
from tests.store.file_reads import listen, raw_rows, refused

PNG = b"\x89PNG\r\n\x1a\n" + bytes(40)
JPEG = b"\xff\xd8\xff\xe0" + bytes(40)
GIF = b"GIF89a" + bytes(40)
WEBP = b"RIFF\x24\x00\x00\x00WEBPVP8 " + bytes(40)
BMP = b"BM" + bytes(12) + (40).to_bytes(4, "little") + bytes(40)
# What Qt's rich text editor writes around a short Info text.
QT_INFO = (
    '<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.0//EN"><html><head>'
    '<meta name="qrichtext" content="1" /><style type="text/css">p, li { white-space: '
    "pre-wrap; }</style></head><body style=\" font-family:'Sans Serif'; font-size:10pt;\">"
    '<p style=" margin-top:0px;"><b>Challenge Rejection:</b> it submerges: NR&nbsp;60.</p>'
    "</body></html>"
)


def _names(cards: list[CardRecord]) -> list[str]:
    return [card.name for card in cards]


@pytest.fixture
def kara(campaign: Campaign) -> CardRecord:
    character = campaign.roster.add("Kara Voss")
    return campaign.cards.add("Kara Voss", "character", character_id=character.id, efficiency=34)


# -- adding and editing -----------------------------------------------------------------------


def test_a_new_card_starts_as_the_rules_say(campaign: Campaign) -> None:
    heard = listen(campaign)
    card = campaign.cards.add("Knife work")
    assert card == CardRecord(
        id=card.id,
        name="Knife work",
        category="skill",
        owner_id=None,
        character_id=None,
        capacity=True,
        efficiency=1,
        power=0,
        velocity=0,
        focus=0,
        resistance=0,
        zone="",
        scale="",
        info="",
        tags=(),
        position=1,
        has_image=False,
    )
    assert campaign.cards.get(card.id) == card
    assert campaign.cards.all() == [card]
    assert campaign.cards.count() == 1
    assert heard == ["cards"]


def test_every_field_is_written_and_read_back_after_reopening(
    campaign: Campaign, kara: CardRecord, data_dir: Path
) -> None:
    skill = campaign.cards.add(
        "  Knife   work ",
        "skill",
        owner_id=kara.id,
        capacity=True,
        efficiency=47,
        power=2,
        velocity=6,
        focus=3,
        resistance=0,
        zone=" Arm's  reach ",
        scale="Human",
        info="<p><b>Forced Challenge:</b> NR 35</p>",
        tags=["combat", " close  quarters ", "Combat", "", "blades, steel"],
    )
    assert skill.name == "Knife work" and skill.zone == "Arm's reach"
    assert skill.tags == ("combat", "close quarters", "blades", "steel")
    assert skill.position == kara.position + 1
    changed = campaign.cards.update(
        skill.id, efficiency=48, category="ability", capacity=False, tags="knife,combat"
    )
    assert (changed.efficiency, changed.category, changed.capacity) == (48, "ability", False)
    assert changed.tags == ("knife", "combat")
    expected = campaign.cards.all()
    campaign.close()
    with Campaign.open(campaign.path, data_dir=data_dir) as again:
        assert again.cards.all() == expected
        assert again.cards.get(skill.id) == changed


def test_update_returns_the_card_and_tells_cards(campaign: Campaign, kara: CardRecord) -> None:
    heard = listen(campaign)
    assert campaign.cards.update(kara.id) == kara  # nothing asked, nothing written
    updated = campaign.cards.update(kara.id, name="Kara", efficiency=35, position=7)
    assert updated == replace(kara, name="Kara", efficiency=35, position=7)
    assert campaign.cards.all() == [updated]
    assert heard == ["cards"]


BAD_FIELDS = [
    ({"efficiency": 0}, "between 1 and 100, not 0"),
    ({"efficiency": 101}, "between 1 and 100, not 101"),
    ({"efficiency": True}, "whole number"),
    ({"efficiency": 4.5}, "whole number"),
    ({"efficiency": "45"}, "whole number"),
    ({"category": "spell"}, "category must be one of"),
    ({"power": -1}, "power must be at least 0"),
    ({"velocity": CARD_NUMBER_MAX + 1}, "velocity can be at most"),
    ({"name": "   "}, "cannot be empty"),
    ({"name": "x" * 81}, "at most 80"),
    ({"zone": "z" * 81}, "zone can have at most 80"),
    ({"scale": 3}, "scale must be text"),
    ({"info": None}, "Info must be text"),
    ({"tags": [1]}, "A tag must be text"),
    ({"tags": 7}, "Tags must be a list"),
    ({"tags": ["t" * 41]}, "A tag can have at most 40"),
    ({"tags": [f"tag {n}" for n in range(51)]}, "at most 50 tags"),
    ({"capacity": 1}, "yes or no"),
    ({"position": -1}, "at least 0"),
    ({"owner_id": 0}, "owner must be at least 1"),
    ({"character_id": "1"}, "character must be a whole number"),
    ({"colour": "red"}, "A card has no field colour"),
]


@pytest.mark.parametrize(("change", "message"), BAD_FIELDS)
def test_a_bad_value_is_refused_and_nothing_is_written(
    campaign: Campaign, kara: CardRecord, change: dict, message: str
) -> None:
    with refused(campaign, message):
        campaign.cards.update(kara.id, **change)
    fields = {key: value for key, value in change.items() if key != "name"}
    with refused(campaign, message):
        campaign.cards.add(change.get("name", "New"), **fields)
    assert campaign.cards.all() == [kara]


def test_links_to_missing_rows_are_refused(campaign: Campaign, kara: CardRecord) -> None:
    with pytest.raises(NotFound, match="That card is no longer"):
        campaign.cards.update(kara.id, owner_id=99)
    with pytest.raises(NotFound, match="That character is no longer"):
        campaign.cards.add("Drake", "creature", character_id=99)
    with pytest.raises(NotFound, match="That card is no longer"):
        campaign.cards.update(99, name="Ghost")
    assert campaign.cards.all() == [kara]


def test_a_read_only_campaign_shows_cards_but_writes_none(
    campaign: Campaign, kara: CardRecord, data_dir: Path
) -> None:
    with Campaign.open(campaign.path, data_dir=data_dir, read_only=True) as reader:
        assert reader.cards.all() == [kara]
        with pytest.raises(ReadOnlyCampaign):
            reader.cards.update(kara.id, efficiency=50)
        with pytest.raises(ReadOnlyCampaign):
            reader.cards.set_image(kara.id, PNG)
        # The reader sees the writer's commits: its cache follows the file.
        changed = campaign.cards.update(kara.id, efficiency=50)
        assert reader.cards.all() == [changed]
        added = campaign.cards.add("Knife work", owner_id=kara.id)
        assert reader.cards.all("knife") == [added]


# -- owners -------------------------------------------------------------------------------------


@pytest.fixture
def chain(campaign: Campaign, kara: CardRecord) -> list[CardRecord]:
    """Kara owns her boat; the boat owns its harpoon; the harpoon owns a barbed head."""
    boat = campaign.cards.add("The Gull's Wager", "vehicle", owner_id=kara.id)
    harpoon = campaign.cards.add("Harpoon", "item", owner_id=boat.id)
    head = campaign.cards.add("Barbed head", "item", owner_id=harpoon.id)
    return [kara, boat, harpoon, head]


@pytest.mark.parametrize(
    ("card", "owner", "message"),
    [
        (0, 0, "Card “Kara Voss” is owned by itself"),
        (0, 1, "“Kara Voss” is owned by card “The Gull's Wager”, which is owned by card “Kara"),
        (0, 3, "owned by card “Barbed head”, which is owned by card “Harpoon”, which is owned"),
        (1, 2, "“The Gull's Wager” is owned by card “Harpoon”"),
    ],
)
def test_an_owner_loop_is_refused_with_nothing_written(
    campaign: Campaign, chain: list[CardRecord], card: int, owner: int, message: str
) -> None:
    with refused(campaign, message):
        campaign.cards.check_owner(chain[card].id, chain[owner].id)
    with refused(campaign, message):
        campaign.cards.update(chain[card].id, owner_id=chain[owner].id)
    assert campaign.cards.all() == chain


def test_owners_that_do_not_loop_are_accepted(campaign: Campaign, chain: list[CardRecord]) -> None:
    kara, _boat, harpoon, head = chain
    campaign.cards.check_owner(None, head.id)
    campaign.cards.check_owner(head.id, kara.id)
    assert campaign.cards.update(head.id, owner_id=kara.id).owner_id == kara.id
    assert campaign.cards.update(harpoon.id, owner_id=None).owner_id is None
    assert campaign.cards.update(kara.id, owner_id=harpoon.id).owner_id == harpoon.id
    assert campaign.cards.add("Net", "item", owner_id=head.id).owner_id == head.id
    assert _names(campaign.cards.all(owner_id=kara.id)) == ["The Gull's Wager", "Barbed head"]


def test_deleting_an_owner_leaves_its_cards_ownerless_and_restore_relinks_them(
    campaign: Campaign, chain: list[CardRecord]
) -> None:
    _kara, boat, harpoon, _head = chain
    campaign.cards.set_image(boat.id, PNG)
    before = campaign.cards.all()
    heard = listen(campaign)

    snapshot = campaign.cards.delete(boat.id)

    assert snapshot == CardSnapshot(replace(boat, has_image=True), ("png", PNG), (harpoon.id,))
    assert campaign.cards.get(harpoon.id).owner_id is None
    assert raw_rows(campaign, "SELECT count(*) FROM card_image") == [(0,)]
    with pytest.raises(NotFound):
        campaign.cards.get(boat.id)
    assert campaign.cards.restore(snapshot) == replace(boat, has_image=True)
    assert campaign.cards.all() == before
    assert campaign.cards.image(boat.id) == ("png", PNG)
    assert heard == ["cards", "cards"]
    assert campaign.integrity_check() == ["ok"]


def test_restore_leaves_cards_that_found_another_owner(
    campaign: Campaign, chain: list[CardRecord]
) -> None:
    kara, boat, harpoon, _head = chain
    snapshot = campaign.cards.delete(boat.id)
    campaign.cards.update(harpoon.id, owner_id=kara.id)
    campaign.cards.restore(snapshot)
    assert campaign.cards.get(harpoon.id).owner_id == kara.id


def test_a_restore_that_would_close_a_loop_is_refused_whole(
    campaign: Campaign, chain: list[CardRecord]
) -> None:
    kara, boat, harpoon, _head = chain
    snapshot = campaign.cards.delete(boat.id)  # the harpoon is free now...
    campaign.cards.update(kara.id, owner_id=harpoon.id)  # ...and comes to own Kara
    cards = campaign.cards.all()
    with pytest.raises(ValueError, match="own ownership chain"):
        campaign.cards.restore(snapshot)
    assert campaign.cards.all() == cards


def test_restore_refuses_a_taken_id_and_bad_snapshots(campaign: Campaign, kara: CardRecord) -> None:
    with pytest.raises(ValueError, match="already in the campaign"):
        campaign.cards.restore(kara)
    gone = campaign.cards.delete(kara.id)
    with pytest.raises(ValueError, match="between 1 and 100"):
        campaign.cards.restore(replace(gone, card=replace(gone.card, efficiency=0)))
    with pytest.raises(ValueError, match="owned by itself"):
        campaign.cards.restore(replace(gone.card, owner_id=kara.id))
    with pytest.raises(ValueError, match="not an image"):
        campaign.cards.restore(replace(gone, image=("png", b"nope")))
    assert campaign.cards.all() == []
    assert campaign.cards.restore(gone.card) == kara  # a bare record restores the card alone


# -- duplicates ------------------------------------------------------------------------------


def test_a_duplicate_is_placed_right_after_its_card_with_its_image(
    campaign: Campaign, chain: list[CardRecord]
) -> None:
    _kara, boat, _harpoon, _head = chain
    campaign.cards.set_image(boat.id, GIF)
    copy = campaign.cards.duplicate(boat.id)
    assert copy == replace(
        boat, id=copy.id, name="The Gull's Wager (copy)", position=boat.position + 1, has_image=True
    )
    assert _names(campaign.cards.all()) == [
        "Kara Voss",
        "The Gull's Wager",
        "The Gull's Wager (copy)",
        "Harpoon",
        "Barbed head",
    ]
    assert campaign.cards.image(copy.id) == ("gif", GIF)
    campaign.cards.delete(copy.id)  # its undo
    assert campaign.cards.image(boat.id) == ("gif", GIF)


def test_a_long_name_is_shortened_to_fit_its_copy(campaign: Campaign) -> None:
    card = campaign.cards.add("L" * 80)
    assert campaign.cards.duplicate(card.id).name == "L" * 73 + " (copy)"


# -- filtering --------------------------------------------------------------------------------


@pytest.fixture
def deck(campaign: Campaign, kara: CardRecord) -> dict[str, CardRecord]:
    cards = [
        kara,
        campaign.cards.add(
            "Knife work", owner_id=kara.id, info="<p><b>Forced</b> Challenge: NR 35</p>"
        ),
        campaign.cards.add("Harbour lore", owner_id=kara.id, tags=["knowledge", "Harbour"]),
        campaign.cards.add("Saltmarsh drake", "creature", info=QT_INFO, tags=["marsh"]),
        campaign.cards.add("Ærin Skald", "character", info="Sings of the 100% raise"),
        campaign.cards.add("Gull_wing", "item", info="a\\b and 5% off", tags=["lucky_charm"]),
    ]
    return {card.name: card for card in cards}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "",
            [
                "Kara Voss",
                "Knife work",
                "Harbour lore",
                "Saltmarsh drake",
                "Ærin Skald",
                "Gull_wing",
            ],
        ),
        ("KNIFE", ["Knife work"]),
        ("forced challenge", ["Knife work"]),  # the words of the Info, not its markup
        ("  forced   challenge ", ["Knife work"]),
        ("submerges: nr 60", ["Saltmarsh drake"]),  # &nbsp; is a space
        ("sans", []),  # the editor's font, not the GM's words
        ("margin", []),
        ("knowledge", ["Harbour lore"]),
        ("harbour", ["Harbour lore"]),
        ("ærin", ["Ærin Skald"]),  # case ignored beyond ASCII
        ("ÆRIN", ["Ærin Skald"]),
        ("100%", ["Ærin Skald"]),
        ("%", ["Ærin Skald", "Gull_wing"]),  # % and _ match only themselves
        ("_", ["Gull_wing"]),
        ("y_c", ["Gull_wing"]),
        ("a\\b", ["Gull_wing"]),
        ("k_ife", []),
        ("lore\nknowledge", []),  # a match does not run across two fields
        ("drake", ["Saltmarsh drake"]),
    ],
)
def test_the_filter_finds_text_in_name_info_and_tags(
    campaign: Campaign, deck: dict[str, CardRecord], text: str, expected: list[str]
) -> None:
    assert _names(campaign.cards.all(text)) == expected


@pytest.mark.parametrize(
    ("markup", "text"),
    [
        (QT_INFO, "Challenge Rejection: it submerges: NR 60."),
        ("<p>one</p><p>two</p>", "one two"),
        ("line<br>break", "line break"),
        ('<span style="font-weight:700;">For</span>ced', "Forced"),  # bold inside a word
        ("<ul><li>a</li><li>b</li></ul>", "a b"),
        ("plain text, NR < 40 &amp; more", "plain text, NR < 40 & more"),
    ],
)
def test_the_filter_reads_the_words_of_rich_text(markup: str, text: str) -> None:
    assert html_text(markup) == text


def test_the_filter_combines_text_category_and_owner(
    campaign: Campaign, deck: dict[str, CardRecord]
) -> None:
    kara = deck["Kara Voss"]
    assert _names(campaign.cards.all(category="character")) == ["Kara Voss", "Ærin Skald"]
    assert _names(campaign.cards.all(owner_id=kara.id)) == ["Knife work", "Harbour lore"]
    assert _names(campaign.cards.all("lore", "skill", kara.id)) == ["Harbour lore"]
    assert campaign.cards.all("lore", "item", kara.id) == []
    with pytest.raises(ValueError, match="category must be one of"):
        campaign.cards.all(category="spell")
    with pytest.raises(ValueError, match="must be text"):
        campaign.cards.all(None)  # type: ignore[arg-type]


def test_the_filter_is_one_query_and_follows_every_change(
    campaign: Campaign, deck: dict[str, CardRecord]
) -> None:
    campaign.cards.all()  # fills the cache
    statements: list[str] = []
    campaign._reader.set_trace_callback(statements.append)
    try:
        found = campaign.cards.all("drake")
    finally:
        campaign._reader.set_trace_callback(None)
    assert _names(found) == ["Saltmarsh drake"]
    card_queries = [statement for statement in statements if "card" in statement]
    assert len(card_queries) == 1 and "LIKE" in card_queries[0]
    drake = deck["Saltmarsh drake"]
    renamed = campaign.cards.update(drake.id, name="Marsh wyrm", tags=["wyrm"])
    assert campaign.cards.all("drake") == []
    assert campaign.cards.all("wyrm") == [renamed]
    campaign.cards.set_image(drake.id, PNG)
    assert campaign.cards.all("wyrm")[0].has_image
    campaign.cards.delete(drake.id)
    assert campaign.cards.all("wyrm") == []


def test_the_ordering_is_position_then_id(campaign: Campaign) -> None:
    first = campaign.cards.add("B", position=5)
    second = campaign.cards.add("A", position=5)
    third = campaign.cards.add("C", position=1)
    assert campaign.cards.all() == [third, first, second]
    assert campaign.cards.names() == {third.id: "C", first.id: "B", second.id: "A"}


# -- images -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "image_format"),
    [
        (PNG, "png"),
        (JPEG, "jpeg"),
        (GIF, "gif"),
        (b"GIF87a" + bytes(9), "gif"),
        (WEBP, "webp"),
        (BMP, "bmp"),
    ],
)
def test_images_are_known_by_their_first_bytes(
    campaign: Campaign, kara: CardRecord, data: bytes, image_format: str
) -> None:
    heard = listen(campaign)
    assert campaign.cards.set_image(kara.id, data) is None
    assert campaign.cards.image(kara.id) == (image_format, data)
    assert campaign.cards.get(kara.id).has_image
    assert heard == ["cards"]


@pytest.mark.parametrize(
    "data",
    [
        b"",
        b"hello, world",
        b"BM but plain text, long enough to have a header size",
        b"RIFF\x24\x00\x00\x00WAVEfmt ",
        b"\x89PNG",
    ],
)
def test_what_is_not_an_image_is_refused(
    campaign: Campaign, kara: CardRecord, data: object
) -> None:
    with pytest.raises(ValueError, match=r"not an image GM Desk can show \(PNG, JPEG, GIF"):
        campaign.cards.set_image(kara.id, data)  # type: ignore[arg-type]
    assert campaign.cards.image(kara.id) is None


def test_an_image_must_be_bytes(campaign: Campaign, kara: CardRecord) -> None:
    with pytest.raises(ValueError, match="An image must be bytes, not str"):
        campaign.cards.set_image(kara.id, "\x89PNG\r\n\x1a\n")  # type: ignore[arg-type]


def test_images_are_limited_to_4_mib(campaign: Campaign, kara: CardRecord) -> None:
    largest = PNG + bytes(IMAGE_MAX - len(PNG))
    with pytest.raises(ValueError, match="at most 4 MiB"):
        campaign.cards.set_image(kara.id, largest + b"\x00")
    assert campaign.cards.image(kara.id) is None
    campaign.cards.set_image(kara.id, largest)
    assert campaign.cards.image(kara.id) == ("png", largest)


def test_replacing_and_removing_return_the_previous_image(
    campaign: Campaign, kara: CardRecord
) -> None:
    assert campaign.cards.set_image(kara.id, bytearray(PNG)) is None
    assert campaign.cards.set_image(kara.id, JPEG) == ("png", PNG)
    assert campaign.cards.set_image(kara.id, None) == ("jpeg", JPEG)
    assert campaign.cards.image(kara.id) is None
    assert not campaign.cards.get(kara.id).has_image
    assert campaign.cards.set_image(kara.id, None) is None
    with pytest.raises(NotFound, match="That card is no longer"):
        campaign.cards.set_image(99, PNG)
    with pytest.raises(NotFound, match="That card is no longer"):
        campaign.cards.image(99)


# -- roster links and the roll log ------------------------------------------------------------


def test_deleting_a_character_unlinks_its_cards_and_restore_relinks_them(
    campaign: Campaign, kara: CardRecord
) -> None:
    character_id = kara.character_id
    assert character_id is not None
    other = campaign.cards.add("Kara's shadow", "other", character_id=character_id)
    someone = campaign.roster.add("Someone")
    heard = listen(campaign)

    snapshot = campaign.roster.delete(character_id)

    assert snapshot.card_ids == (kara.id, other.id)
    assert [card.character_id for card in campaign.cards.all()] == [None, None]
    campaign.cards.update(other.id, character_id=someone.id)
    campaign.roster.restore(snapshot)
    assert campaign.cards.get(kara.id) == kara
    assert campaign.cards.get(other.id).character_id == someone.id  # linked elsewhere since
    assert heard == ["characters", "cards", "cards", "characters", "cards"]


def test_a_character_without_cards_tells_only_characters(campaign: Campaign) -> None:
    character = campaign.roster.add("Nobody")
    heard = listen(campaign)
    campaign.roster.restore(campaign.roster.delete(character.id))
    assert heard == ["characters", "characters"]


def test_acts_of_a_card_go_to_the_roll_log(campaign: Campaign, kara: CardRecord) -> None:
    drake = campaign.cards.add("Saltmarsh drake", "creature", efficiency=55)
    act = campaign.rolls.log(
        None, drake.name, "act", {"card_id": drake.id, "throw": 73, "nr": 60}, 73, "Success"
    )
    duel = campaign.rolls.log(
        kara.character_id, kara.name, "challenge", {"order": [kara.name, drake.name]}, None, ""
    )
    assert (act.character_id, act.character_name, act.kind) == (None, "Saltmarsh drake", "act")
    assert campaign.rolls.all() == [duel, act]
    campaign.cards.delete(drake.id)
    assert campaign.rolls.get(act.id) == act  # the log outlives the card


# -- rule settings ----------------------------------------------------------------------------

STRESS = {"stress_track": 9, "starting_dice": 10}  # the other settings, at their defaults


def test_settings_start_at_the_rules_defaults_and_undo_by_their_previous_value(
    campaign: Campaign,
) -> None:
    heard = listen(campaign)
    assert campaign.settings() == {"raise_from": 100, "raise_by": 1, **STRESS}
    assert campaign.update_settings(raise_from=95, raise_by=3) == {
        "raise_from": 100,
        "raise_by": 1,
        **STRESS,
    }
    assert campaign.settings() == {"raise_from": 95, "raise_by": 3, **STRESS}
    previous = campaign.update_settings(raise_by=0)  # 0 turns Raise Throws off
    assert campaign.settings() == {"raise_from": 95, "raise_by": 0, **STRESS}
    campaign.update_settings(**previous)
    assert campaign.settings() == {"raise_from": 95, "raise_by": 3, **STRESS}
    assert campaign.summary().settings == {"raise_from": 95, "raise_by": 3, **STRESS}
    assert heard == ["campaign", "settings"] * 3  # settings tell both


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"raise_from": 0}, "raise_from.*between 1 and 100"),
        ({"raise_from": 101}, "raise_from.*between 1 and 100"),
        ({"raise_by": -1}, "raise_by.*between 0 and 100"),
        ({"raise_by": 101}, "raise_by.*between 0 and 100"),
        ({"raise_by": True}, "whole number"),
        ({"raise_from": "95"}, "whole number"),
        ({"luck": 3}, "no setting luck"),
    ],
)
def test_bad_settings_are_refused(campaign: Campaign, change: dict, message: str) -> None:
    with refused(campaign, message):
        campaign.update_settings(**change)
    assert campaign.settings() == {"raise_from": 100, "raise_by": 1, **STRESS}


def test_stored_settings_keep_other_keys_and_a_damaged_value_reads_as_its_default(
    campaign: Campaign,
) -> None:
    with sqlite3.connect(campaign.path) as raw:
        raw.execute("""UPDATE campaign SET settings = '{"raise_from": 0, "theme": "sea"}'""")
    assert campaign.settings() == {"raise_from": 100, "raise_by": 1, **STRESS}
    campaign.update_settings(raise_by=2)
    assert campaign.summary().settings == {
        "raise_from": 100,
        "raise_by": 2,
        **STRESS,
        "theme": "sea",
    }


# -- efficiency never leaves 1..100 -------------------------------------------------------------

_EFFICIENCY = st.one_of(
    st.integers(min_value=-300, max_value=300),
    st.booleans(),
    st.floats(allow_nan=True),
    st.text(max_size=3),
    st.none(),
)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(values=st.lists(_EFFICIENCY, min_size=1, max_size=6))
def test_efficiency_written_is_within_1_to_100_or_refused(
    campaign: Campaign, values: list[object]
) -> None:
    cards = campaign.cards.all()
    card = cards[0] if cards else campaign.cards.add("Knife work")
    for value in values:
        valid = type(value) is int and 1 <= value <= 100
        before = campaign.cards.get(card.id)
        try:
            after = campaign.cards.update(card.id, efficiency=value)
        except ValueError:
            assert not valid
            assert campaign.cards.get(card.id) == before
        else:
            assert valid and after.efficiency == value
        try:
            campaign.cards.add("Probe", efficiency=value)
        except ValueError:
            assert not valid
    stored = raw_rows(campaign, "SELECT min(efficiency), max(efficiency) FROM card")[0]
    assert 1 <= stored[0] <= stored[1] <= 100  # type: ignore[operator]
