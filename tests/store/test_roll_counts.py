"""Each character's roll count (issue 30): the number a player's page sends back with a
roll, so that a roll made since refuses it. It only rises: undo marks a line, and a
character's deletion leaves its lines to no one."""

from __future__ import annotations

from desktop.store import Campaign


def test_roll_counts_are_per_character_and_count_undone_lines(campaign: Campaign) -> None:
    kara = campaign.roster.add("Kara Voss", "pc").id
    ilse = campaign.roster.add("Ilse Marr", "pc").id
    assert campaign.rolls.counts() == {}
    first = campaign.rolls.log(kara, "Kara Voss", "roll", {}, 7, "Kara rolled 7.")
    campaign.rolls.log(kara, "Kara Voss", "roll", {}, 3, "Kara rolled 3.")
    campaign.rolls.log(ilse, "Ilse Marr", "roll", {}, 5, "Ilse rolled 5.")
    campaign.rolls.log(None, "The GM", "challenge", {}, 2, "A challenge rolled 2.")
    assert campaign.rolls.counts() == {kara: 2, ilse: 1}
    campaign.rolls.set_undone(first.id, True)
    assert campaign.rolls.counts() == {kara: 2, ilse: 1}  # undone, still counted


def test_the_logs_marks_count_its_lines_and_name_the_undone(campaign: Campaign) -> None:
    """What the Roll Log and the Statistics view check their copies against after each
    roll (counted by SQLite since issue 33: every row read took 2.5-4 ms at 5,000)."""
    kara = campaign.roster.add("Kara Voss", "pc").id
    ilse = campaign.roster.add("Ilse Marr", "pc").id
    assert campaign.rolls.marks() == (0, frozenset())
    first = campaign.rolls.log(kara, "Kara Voss", "roll", {}, 7, "Kara rolled 7.")
    campaign.rolls.log(kara, "Kara Voss", "roll", {}, 3, "Kara rolled 3.")
    other = campaign.rolls.log(ilse, "Ilse Marr", "roll", {}, 5, "Ilse rolled 5.")
    campaign.rolls.log(None, "The GM", "challenge", {}, 2, "A challenge rolled 2.")
    campaign.rolls.set_undone(first.id, True)
    campaign.rolls.set_undone(other.id, True)
    assert campaign.rolls.marks() == (4, frozenset({first.id, other.id}))
    assert campaign.rolls.marks(kara) == (2, frozenset({first.id}))
    assert campaign.rolls.marks(ilse) == (1, frozenset({other.id}))
    campaign.rolls.set_undone(first.id, False)
    assert campaign.rolls.marks(kara) == (2, frozenset())
