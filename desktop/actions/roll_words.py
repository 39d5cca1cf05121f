"""A roll in words: the roll log's summary and detail, and the size a tray die rolls as."""

from __future__ import annotations

from typing import Final

from desktop.language import Translator, translator
from desktop.rules import dicepool
from desktop.store import DieRecord

# The roll log's words: every line it keeps is stored in English, whatever the window's
# language; the window words what it shows with its own translator.
LOG_WORDS: Final = translator("en")


def rolled_size(die: DieRecord) -> int:
    """The size a tray die will roll as (the rules' `dicepool.rolled_size`)."""
    return dicepool.rolled_size(die.size, die.steps, die.down_to_d4)


def roll_detail(
    dice: list[DieRecord],
    roll: dicepool.Roll,
    choice: dicepool.Catastrophe | None,
    steps_allowed: int,
    chosen: int | None = None,
) -> dict[str, object]:
    """What the log keeps of a roll: every die with its base and rolled size and face."""
    by_id = {d.id: d for d in dice}
    depleted = set(roll.depleted_ids)
    return {
        "dice": [
            {
                "die_id": die_id,
                "size": by_id[die_id].size,
                "steps": by_id[die_id].steps,
                "down_to_d4": by_id[die_id].down_to_d4,
                "rolled_as": size,
                "face": face,
                "depleted": die_id in depleted,
            }
            for die_id, size, face in zip(roll.die_ids, roll.sizes, roll.faces, strict=True)
        ],
        "table": roll.result.table,
        "steps_allowed": steps_allowed,
        "depleted": list(roll.depleted_ids),
        "tuple": roll.result.is_tuple,
        "catastrophe": roll.result.catastrophe,
        "choice": str(choice) if choice else None,
        "chosen": chosen if choice else None,
    }


def describe_roll(
    name: str,
    roll: dicepool.Roll,
    choice: dicepool.Catastrophe | None,
    words: Translator = LOG_WORDS,
) -> str:
    """A tray's roll in `words`' language (the log's, English, when not given)."""
    faces = ", ".join(
        f"{face} (d{size})" for size, face in zip(roll.sizes, roll.faces, strict=True)
    )
    table = roll.result.table
    if table:
        text = words.gettext("{name} rolled {faces} + {table} on the table = {total}.")
    else:
        text = words.gettext("{name} rolled {faces} = {total}.")
    text = text.format(name=name, faces=faces, table=table, total=roll.result.total)
    depleted = len(roll.depleted_ids)
    if roll.result.catastrophe:
        if choice is dicepool.Catastrophe.DEPLETE_ALL_BUT_ONE:
            text += " " + words.gettext("All ones: every die but one went to the table.")
        elif choice is dicepool.Catastrophe.LOSE_ONE:
            text += " " + words.gettext(
                "All ones: one die was lost, the rest went back to the pool."
            )
    else:
        if depleted:
            said = words.ngettext("{count} depleted.", "{count} depleted.", depleted)
            text += " " + said.format(count=depleted)
        if roll.result.is_tuple:
            text += " " + words.gettext("A tuple: one depleted die returns to the pool.")
    return text


def by_player_words(words: Translator = LOG_WORDS) -> str:
    """Said after a roll made on a player's phone."""
    return words.gettext("Rolled from the player's device.")
