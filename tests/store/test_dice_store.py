"""Dice pools, traits, items and the roll log in a real campaign file."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from desktop.rules.dicepool import SIZES
from desktop.store import Campaign, CharacterRecord, CharacterSnapshot, DieRecord
from desktop.store.errors import NotFound
from tests.store.file_reads import listen, raw_rows, refused


@pytest.fixture
def kara(campaign: Campaign) -> CharacterRecord:
    return campaign.roster.add("Kara Voss")


@pytest.fixture
def ilian(campaign: Campaign) -> CharacterRecord:
    return campaign.roster.add("Brother Ilian")


# -- dice ---------------------------------------------------------------------------------------


def test_added_dice_go_to_the_end_in_order(campaign: Campaign, kara: CharacterRecord) -> None:
    heard = listen(campaign)
    first = campaign.kit.add_dice(kara.id, count=3)
    depleted = campaign.kit.add_dice(kara.id, size=8, place="table")
    assert [d.position for d in first + depleted] == [1, 2, 3, 4]
    assert campaign.kit.dice(kara.id) == first + depleted
    assert first[0] == DieRecord(
        first[0].id, kara.id, 6, "ordinary", "pool", None, False, 0, False, 1
    )
    assert depleted[0].size == 8 and depleted[0].place == "table"
    assert heard == ["dice", "dice"]


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"size": 7}, "Die size must be one of"),
        ({"size": True}, "Die size must be one of"),
        ({"count": 0}, "at least 1"),
        ({"count": 1000}, "At most 100 dice"),
        ({"kind": "glitter"}, "kind must be one of"),
        ({"place": "floor"}, "place must be one of"),
    ],
)
def test_bad_new_dice_are_refused(
    campaign: Campaign, kara: CharacterRecord, arguments: dict, message: str
) -> None:
    with refused(campaign, message):
        campaign.kit.add_dice(kara.id, **arguments)
    assert campaign.kit.dice(kara.id) == []


def test_dice_for_a_missing_character_are_refused(campaign: Campaign) -> None:
    with pytest.raises(NotFound, match="That character is no longer"):
        campaign.kit.add_dice(42)


def test_dice_counts_count_ordinary_dice_in_one_query(
    campaign: Campaign, kara: CharacterRecord, ilian: CharacterRecord
) -> None:
    campaign.kit.add_dice(kara.id, count=4)
    campaign.kit.add_dice(kara.id, count=2, place="table")
    campaign.kit.add_dice(kara.id, place="removed")
    campaign.kit.add_dice(kara.id, kind="damage")  # not energy: not counted
    campaign.kit.add_item(kara.id, "Oilskin coat", "armour", 6)
    statements: list[str] = []
    campaign._reader.set_trace_callback(statements.append)
    try:
        counts = campaign.kit.dice_counts()
    finally:
        campaign._reader.set_trace_callback(None)
    assert counts == {kara.id: (4, 2, 1), ilian.id: (0, 0, 0)}
    assert len(statements) == 1


def test_update_returns_the_previous_dice_and_undo_restores_them(
    campaign: Campaign, kara: CharacterRecord, ilian: CharacterRecord
) -> None:
    dice = campaign.kit.add_dice(kara.id, count=4)
    original = campaign.kit.dice(kara.id)
    heard = listen(campaign)
    changed = [
        replace(dice[2], in_tray=True, steps=2),
        replace(dice[0], place="table", position=9),
        replace(dice[3], down_to_d4=True, in_tray=True),
        replace(dice[1], character_id=ilian.id, place="table"),  # an award
    ]
    previous = campaign.kit.update_dice(changed)
    assert previous == [dice[2], dice[0], dice[3], dice[1]]
    assert campaign.kit.dice(ilian.id) == [changed[3]]
    assert campaign.kit.dice(kara.id) == [changed[0], changed[2], changed[1]]  # by position
    campaign.kit.update_dice(previous)
    assert campaign.kit.dice(kara.id) == original
    assert campaign.kit.dice(ilian.id) == []
    assert heard == ["dice", "dice"]


def test_the_dice_stay_after_reopening(
    campaign: Campaign, kara: CharacterRecord, data_dir: Path
) -> None:
    dice = campaign.kit.add_dice(kara.id, count=2)
    campaign.kit.update_dice([replace(dice[1], place="removed", in_tray=False)])
    expected = campaign.kit.dice(kara.id)
    campaign.close()
    with Campaign.open(campaign.path, data_dir=data_dir) as again:
        assert again.kit.dice(kara.id) == expected


BAD_UPDATES = [
    ({"size": 5}, ValueError, "Die size"),
    ({"kind": "gold"}, ValueError, "kind must be one of"),
    ({"place": "lost"}, ValueError, "place must be one of"),
    ({"steps": -1}, ValueError, "at least 0"),
    ({"steps": 1, "down_to_d4": True}, ValueError, "cannot also take trait steps"),
    ({"size": 20, "steps": 1}, ValueError, "d20 is the limit"),
    ({"in_tray": 1}, ValueError, "yes or no"),
    ({"position": -3}, ValueError, "at least 0"),
    ({"id": 999}, NotFound, "That die is no longer"),
    ({"character_id": 999}, NotFound, "That character is no longer"),
]


@pytest.mark.parametrize(("change", "error", "message"), BAD_UPDATES)
def test_a_bad_update_writes_nothing(
    campaign: Campaign, kara: CharacterRecord, change: dict, error: type, message: str
) -> None:
    dice = campaign.kit.add_dice(kara.id, count=3)
    good = replace(dice[0], place="table")
    with refused(campaign, message, error):
        campaign.kit.update_dice([good, replace(dice[1], **change)])
    assert campaign.kit.dice(kara.id) == dice


def test_a_die_named_twice_is_refused(campaign: Campaign, kara: CharacterRecord) -> None:
    (die,) = campaign.kit.add_dice(kara.id)
    with pytest.raises(ValueError, match="only once"):
        campaign.kit.update_dice([replace(die, place="table"), die])
    assert campaign.kit.dice(kara.id) == [die]


def test_an_items_die_stays_with_its_item(
    campaign: Campaign, kara: CharacterRecord, ilian: CharacterRecord
) -> None:
    cutlass = campaign.kit.add_item(kara.id, "Boarding cutlass", "weapon", 8, deplete=True)
    (die,) = campaign.kit.dice(kara.id)
    for change, message in (
        ({"character_id": ilian.id}, "stays with its owner"),
        ({"kind": "ordinary"}, "its kind stays"),
        ({"item_id": None}, "onto or off an item"),
    ):
        with pytest.raises(ValueError, match=message):
            campaign.kit.update_dice([replace(die, **change)])
    # Using it is fine: it depletes to the table and comes back.
    previous = campaign.kit.update_dice([replace(die, place="table")])
    assert campaign.kit.dice(kara.id)[0].place == "table"
    campaign.kit.update_dice(previous)
    assert campaign.kit.items(kara.id) == [cutlass]


def test_removed_dice_come_back_with_their_ids(campaign: Campaign, kara: CharacterRecord) -> None:
    dice = campaign.kit.add_dice(kara.id, count=4)
    removed = campaign.kit.remove_dice([dice[3].id, dice[1].id])
    assert removed == [dice[3], dice[1]]
    assert campaign.kit.dice(kara.id) == [dice[0], dice[2]]
    assert campaign.kit.restore_dice(removed) == removed
    assert campaign.kit.dice(kara.id) == dice
    with pytest.raises(ValueError, match="already in the campaign"):
        campaign.kit.restore_dice([dice[0]])
    with pytest.raises(NotFound, match="That die is no longer"):
        campaign.kit.remove_dice([dice[0].id, 77])
    assert campaign.kit.dice(kara.id) == dice


def test_an_items_die_removed_alone_comes_back_to_its_item(
    campaign: Campaign, kara: CharacterRecord
) -> None:
    coat = campaign.kit.add_item(kara.id, "Oilskin coat", "armour", 6)
    removed = campaign.kit.remove_dice([coat.die_id])  # type: ignore[list-item]
    assert campaign.kit.items(kara.id) == [replace(coat, die_id=None)]
    campaign.kit.restore_dice(removed)
    assert campaign.kit.items(kara.id) == [coat]
    twin = replace(removed[0], id=removed[0].id + 1)
    with pytest.raises(ValueError, match="Oilskin coat already has a die"):
        campaign.kit.restore_dice([twin])
    with pytest.raises(ValueError, match="protection die, not damage"):
        campaign.kit.remove_dice([coat.die_id])  # type: ignore[list-item]
        campaign.kit.restore_dice([replace(removed[0], kind="damage")])
    assert campaign.kit.dice(kara.id) == []


# -- traits -------------------------------------------------------------------------------------


def test_traits_add_update_delete_restore(campaign: Campaign, kara: CharacterRecord) -> None:
    heard = listen(campaign)
    strength = campaign.kit.add_trait(kara.id, "  Strength ", broad=True)
    lore = campaign.kit.add_trait(kara.id, "Harbour lore", value=2)
    assert (strength.name, strength.value, strength.broad, strength.position) == (
        "Strength",
        1,
        True,
        1,
    )
    assert campaign.kit.traits(kara.id) == [strength, lore]
    raised = campaign.kit.update_trait(lore.id, value=3, name="Harbour  lore")
    assert raised == replace(lore, value=3)
    deleted = campaign.kit.delete_trait(strength.id)
    assert campaign.kit.traits(kara.id) == [raised]
    campaign.kit.restore_trait(deleted)
    assert campaign.kit.traits(kara.id) == [strength, raised]
    assert heard == ["traits"] * 5


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"value": 0}, "at least 1"),
        ({"broad": "yes"}, "broad or constrained"),
        ({"name": ""}, "cannot be empty"),
        ({"name": "STRENGTH"}, "already has a trait called “Strength”"),
        ({"colour": "red"}, "no field colour"),
    ],
)
def test_bad_trait_changes_are_refused(
    campaign: Campaign, kara: CharacterRecord, change: dict, message: str
) -> None:
    campaign.kit.add_trait(kara.id, "Strength", broad=True)
    lore = campaign.kit.add_trait(kara.id, "Harbour lore", value=2)
    with pytest.raises(ValueError, match=message):
        campaign.kit.update_trait(lore.id, **change)
    assert campaign.kit.traits(kara.id)[1] == lore


def test_a_missing_trait_is_reported(campaign: Campaign) -> None:
    with pytest.raises(NotFound, match="That trait is no longer"):
        campaign.kit.update_trait(5, value=2)


# -- items --------------------------------------------------------------------------------------


def test_an_item_comes_with_its_die(campaign: Campaign, kara: CharacterRecord) -> None:
    campaign.kit.add_dice(kara.id, count=2)
    heard = listen(campaign)
    cutlass = campaign.kit.add_item(kara.id, "Boarding cutlass", "weapon", 8, deplete=True)
    coat = campaign.kit.add_item(kara.id, "Oilskin coat", "armour", 6)
    assert campaign.kit.items(kara.id) == [cutlass, coat]
    dice = {d.id: d for d in campaign.kit.dice(kara.id)}
    assert cutlass.die_id is not None and coat.die_id is not None
    assert (dice[cutlass.die_id].kind, dice[cutlass.die_id].size) == ("damage", 8)
    assert (dice[coat.die_id].kind, dice[coat.die_id].item_id) == ("protection", coat.id)
    assert dice[coat.die_id].position == 4  # after the pool dice and the cutlass's die
    assert heard == ["items", "items"]


def test_item_update_delete_and_restore(campaign: Campaign, kara: CharacterRecord) -> None:
    cutlass = campaign.kit.add_item(kara.id, "Cutlass", "weapon", 8)
    changed = campaign.kit.update_item(
        cutlass.id, name="Boarding cutlass", deplete=True, die_size=10
    )
    assert changed == replace(cutlass, name="Boarding cutlass", deplete=True)
    assert campaign.kit.dice(kara.id)[0].size == 10
    item, die = campaign.kit.delete_item(cutlass.id)
    assert item == changed and die is not None and die.size == 10
    assert (
        campaign.kit.items(kara.id) == [] and campaign.kit.dice(kara.id) == []
    )  # the die went too
    assert campaign.kit.restore_item(item, die) == changed
    assert campaign.kit.items(kara.id) == [changed]
    assert campaign.kit.dice(kara.id) == [die]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda c, k: c.kit.add_item(k, "Shield", "shield", 6), "An item must be one of"),
        (lambda c, k: c.kit.add_item(k, "Sling", "weapon", 3), "Die size"),
        (lambda c, k: c.kit.add_item(k, " ", "weapon", 6), "cannot be empty"),
        (lambda c, k: c.kit.add_item(k, "Axe", "weapon", 6, deplete="no"), "yes or no"),
    ],
)
def test_bad_items_are_refused(
    campaign: Campaign, kara: CharacterRecord, call: object, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        call(campaign, kara.id)  # type: ignore[operator]
    assert campaign.kit.items(kara.id) == [] and campaign.kit.dice(kara.id) == []


def test_an_item_die_cannot_shrink_below_its_chosen_steps(
    campaign: Campaign, kara: CharacterRecord
) -> None:
    sabre = campaign.kit.add_item(kara.id, "Sabre", "weapon", 8)
    (die,) = campaign.kit.dice(kara.id)
    campaign.kit.update_dice([replace(die, steps=2)])  # d8 + 2 steps = d12
    with pytest.raises(ValueError, match="d20 is the limit"):
        campaign.kit.update_item(sabre.id, die_size=20)
    assert campaign.kit.dice(kara.id)[0].size == 8


# -- a character and everything it owns ---------------------------------------------------------


def _equip(campaign: Campaign, character: CharacterRecord) -> None:
    dice = campaign.kit.add_dice(character.id, count=5)
    campaign.kit.update_dice([replace(dice[0], place="table"), replace(dice[1], place="removed")])
    campaign.kit.add_trait(character.id, "Nerve", broad=True)
    campaign.kit.add_trait(character.id, "Harbour lore", value=2)
    campaign.kit.add_item(character.id, "Boarding cutlass", "weapon", 8, deplete=True)
    campaign.kit.add_item(character.id, "Oilskin coat", "armour", 6)
    campaign.rolls.log(character.id, character.name, "roll", {"faces": [1, 4]}, 5, "5")


def test_deleting_a_character_cascades_and_restore_brings_back_everything(
    campaign: Campaign, kara: CharacterRecord, ilian: CharacterRecord
) -> None:
    _equip(campaign, kara)
    _equip(campaign, ilian)
    before = campaign.roster.snapshot(kara.id)
    ilian_before = campaign.roster.snapshot(ilian.id)
    heard = listen(campaign)

    snapshot = campaign.roster.delete(kara.id)

    assert snapshot == before
    assert isinstance(snapshot, CharacterSnapshot) and len(snapshot.roll_ids) == 1
    for table in ("die", "trait", "item"):
        owners = raw_rows(campaign, f"SELECT DISTINCT character_id FROM {table}")
        assert owners == [(ilian.id,)], table
    kept = [r for r in campaign.rolls.all() if r.character_name == "Kara Voss"]
    assert [(r.id, r.character_id) for r in kept] == [(snapshot.roll_ids[0], None)]

    assert campaign.roster.restore(snapshot) == kara
    assert campaign.roster.snapshot(kara.id) == before
    assert campaign.roster.snapshot(ilian.id) == ilian_before
    assert campaign.rolls.all(kara.id)[0].id == snapshot.roll_ids[0]
    assert heard == ["characters", "characters"]
    assert campaign.integrity_check() == ["ok"]


def test_a_snapshot_of_someone_else_is_refused_whole(
    campaign: Campaign, kara: CharacterRecord, ilian: CharacterRecord
) -> None:
    _equip(campaign, kara)
    snapshot = campaign.roster.delete(kara.id)
    bad = replace(
        snapshot, dice=(*snapshot.dice, replace(snapshot.dice[0], id=99, character_id=ilian.id))
    )
    with pytest.raises(ValueError, match="belongs to another character"):
        campaign.roster.restore(bad)
    assert [c.id for c in campaign.roster.all()] == [ilian.id]
    assert raw_rows(campaign, "SELECT count(*) FROM die") == [(0,)]


# -- the roll log ---------------------------------------------------------------------------------


def test_the_roll_log_is_newest_first_and_filtered(
    campaign: Campaign, kara: CharacterRecord, ilian: CharacterRecord
) -> None:
    heard = listen(campaign)
    early = campaign.rolls.log(kara.id, "Kara Voss", "roll", {}, 9, "9", at="2026-03-14T20:00:00")
    late = campaign.rolls.log(
        ilian.id, "Brother Ilian", "roll", {}, 4, "4", at="2026-03-14T22:00:00"
    )
    # Logged later, but happened in between (an import, a clock change): time decides.
    middle = campaign.rolls.log(
        kara.id, "Kara Voss", "conflict", {"sides": [1, 2]}, None, "tie", at="2026-03-14T21:00:00"
    )
    same_time = campaign.rolls.log(kara.id, "Kara Voss", "roll", {}, 2, "2", at=late.at)
    assert campaign.rolls.all() == [same_time, late, middle, early]  # equal times: newest id first
    assert campaign.rolls.all(kara.id) == [same_time, middle, early]
    assert campaign.rolls.all(limit=2) == [same_time, late]
    assert campaign.rolls.all(ilian.id, limit=5) == [late]
    assert middle.total is None and middle.detail == {"sides": [1, 2]}
    assert heard == ["rolls"] * 4


def test_a_roll_is_marked_undone_never_deleted(campaign: Campaign, kara: CharacterRecord) -> None:
    logged = campaign.rolls.log(kara.id, "Kara Voss", "roll", {"faces": [3]}, 3, "Kara rolled 3")
    assert not logged.undone and logged.at.count(":") == 2 and "." not in logged.at
    assert campaign.rolls.set_undone(logged.id, True) == replace(logged, undone=True)
    assert campaign.rolls.all() == [replace(logged, undone=True)]
    campaign.rolls.set_undone(logged.id, False)
    assert campaign.rolls.all() == [logged]
    with pytest.raises(NotFound, match="That roll is no longer"):
        campaign.rolls.set_undone(99, True)


@pytest.mark.parametrize(
    ("arguments", "error", "message"),
    [
        ({"kind": "dance"}, ValueError, "one of roll, conflict"),
        ({"detail": {"faces": {1, 2}}}, ValueError, "plain JSON"),
        ({"detail": [1, 2]}, ValueError, "JSON object"),
        ({"total": "9"}, ValueError, "whole number"),
        ({"at": "yesterday"}, ValueError, "date and time"),
        ({"character_name": ""}, ValueError, "cannot be empty"),
        ({"character_id": 404}, NotFound, "That character is no longer"),
    ],
)
def test_bad_log_lines_are_refused(
    campaign: Campaign, kara: CharacterRecord, arguments: dict, error: type, message: str
) -> None:
    line = {
        "character_id": kara.id,
        "character_name": "Kara Voss",
        "kind": "roll",
        "detail": {},
        "total": 3,
        "summary": "3",
        **arguments,
    }
    with pytest.raises(error, match=message):
        campaign.rolls.log(**line)
    assert campaign.rolls.all() == []


def test_a_roll_and_its_dice_are_one_transaction(campaign: Campaign, kara: CharacterRecord) -> None:
    dice = campaign.kit.add_dice(kara.id, count=2)
    heard = listen(campaign)
    after = [replace(dice[0], place="table")]
    entry = {
        "character_id": kara.id,
        "character_name": "Kara Voss",
        "kind": "roll",
        "detail": {"faces": [1]},
        "total": 1,
        "summary": "1",
    }
    with pytest.raises(NotFound):
        campaign.rolls.record([*after, replace(dice[1], id=500)], **entry)
    assert campaign.rolls.all() == [] and campaign.kit.dice(kara.id) == dice

    previous, logged = campaign.rolls.record(after, **entry)
    assert previous == [dice[0]] and campaign.rolls.all() == [logged]
    assert campaign.rolls.mark(logged.id, undone=True, dice=previous) == after
    assert campaign.kit.dice(kara.id) == dice and campaign.rolls.all()[0].undone
    campaign.rolls.mark(logged.id, undone=False, dice=after)
    assert campaign.kit.dice(kara.id)[0].place == "table" and not campaign.rolls.all()[0].undone
    assert heard == ["dice", "rolls"] * 3


# -- a property: any sequence of updates and undos keeps the dice and matches a model ----------

_PLACES = ("pool", "table", "removed")


@st.composite
def _die_change(draw: st.DrawFn) -> dict[str, object]:
    size = draw(st.sampled_from(SIZES))
    room = len(SIZES) - 1 - SIZES.index(size)
    steps = draw(st.integers(0, room))
    return {
        "size": size,
        "place": draw(st.sampled_from(_PLACES)),
        "in_tray": draw(st.booleans()),
        "steps": steps,
        "down_to_d4": steps == 0 and draw(st.booleans()),
        "position": draw(st.integers(0, 9)),
        "owner": draw(st.integers(0, 1)),
    }


_OPERATION = st.one_of(
    st.tuples(
        st.just("update"),
        st.dictionaries(st.integers(0, 5), _die_change(), min_size=1, max_size=6),
    ),
    st.tuples(st.just("undo"), st.none()),
    st.tuples(st.just("bad"), st.integers(0, 5)),
)


@settings(
    max_examples=50, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(operations=st.lists(_OPERATION, max_size=10))
def test_updates_and_undos_keep_every_die(
    campaign: Campaign, operations: list[tuple[str, object]]
) -> None:
    owners = [c.id for c in campaign.roster.all()]
    if not owners:  # the first example makes the campaign's dice; later ones reuse them
        owners = [campaign.roster.add(name).id for name in ("A", "B")]
        campaign.kit.add_dice(owners[0], count=6)
    # Every example starts from the same six d6 in the first character's pool.
    fresh = [
        DieRecord(d.id, owners[0], 6, "ordinary", "pool", None, False, 0, False, n)
        for n, d in enumerate(sorted(_all_dice(campaign, owners), key=lambda d: d.id))
    ]
    campaign.kit.update_dice(fresh)
    start = {d.id: d for d in fresh}
    model = dict(start)
    ids = sorted(model)
    undo: list[list[DieRecord]] = []
    for kind, argument in operations:
        if kind == "update":
            records = [
                _changed(model[ids[index]], owners, change)
                for index, change in argument.items()  # type: ignore[union-attr]
            ]
            previous = campaign.kit.update_dice(records)
            assert previous == [model[r.id] for r in records]
            undo.append(previous)
            model.update((r.id, r) for r in records)
        elif kind == "undo" and undo:
            restored = undo.pop()
            campaign.kit.update_dice(restored)
            model.update((r.id, r) for r in restored)
        elif kind == "bad":
            bad = replace(model[ids[argument]], size=7)  # type: ignore[index]
            with pytest.raises(ValueError):
                campaign.kit.update_dice([replace(model[ids[0]], place="removed"), bad])
        for owner in owners:
            mine = [d for d in model.values() if d.character_id == owner]
            assert campaign.kit.dice(owner) == sorted(mine, key=lambda d: (d.position, d.id))
    assert sorted(d.id for d in _all_dice(campaign, owners)) == ids
    while undo:
        campaign.kit.update_dice(undo.pop())
    assert {d.id: d for d in _all_dice(campaign, owners)} == start


def _all_dice(campaign: Campaign, owners: list[int]) -> list[DieRecord]:
    return [die for owner in owners for die in campaign.kit.dice(owner)]


def _changed(die: DieRecord, owners: list[int], change: dict[str, object]) -> DieRecord:
    values = dict(change)
    owner = owners[values.pop("owner")]  # type: ignore[call-overload]
    return replace(die, character_id=owner, **values)  # type: ignore[arg-type]
