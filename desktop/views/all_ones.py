"""An all-ones roll waiting for its player's choice, as their page shows it: the rolled
dice, and the ones the rules suggest (RULES.md section 2: keep the largest, lose the
smallest; the player picks)."""

from __future__ import annotations

from desktop.rules import dicepool


def all_ones_data(roll: dicepool.Roll) -> dict[str, object]:
    """The choice as JSON-able data: each rolled die (id, size, face, its number as on
    the Dice Table and a label in English, which the page words in its own language) and
    the suggested die to keep and to lose."""
    return {
        "dice": [
            {
                "id": die_id,
                "size": size,
                "face": face,
                "number": number,
                "label": f"Die {number}: d{size}",
            }
            for number, (die_id, size, face) in enumerate(
                zip(roll.die_ids, roll.sizes, roll.faces, strict=True), start=1
            )
        ],
        "keep": dicepool.suggested_die(roll, dicepool.Catastrophe.DEPLETE_ALL_BUT_ONE),
        "lose": dicepool.suggested_die(roll, dicepool.Catastrophe.LOSE_ONE),
    }
