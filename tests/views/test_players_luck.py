"""The players' luck of a game: only player characters' rolls, exact numbers."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from desktop.store import Campaign
from desktop.views.players_luck import (
    NO_GAME_ENDED,
    NO_PLAYER_ROLLS,
    TABLE_NAME,
    PlayersLuck,
    players_luck,
)
from desktop.views.tray_luck import TrayOddsCache


def _dice(*dice: tuple[int, int]) -> list[dict[str, Any]]:
    return [{"size": s, "rolled_as": s, "face": f, "depleted": False} for s, f in dice]


def roll(campaign: Campaign, character_id: int, *dice: tuple[int, int], kind: str = "roll") -> None:
    name = campaign.roster.get(character_id).name
    detail = {"dice": _dice(*dice), "table": 0, "choice": None, "depleted": []}
    total = sum(face for _, face in dice)
    campaign.rolls.log(character_id, name, kind, detail, total, f"{name} rolled {total}")


def conflict(campaign: Campaign, *sides: tuple[int, tuple[int, int]]) -> None:
    rows = []
    for character_id, (size, face) in sides:
        name = campaign.roster.get(character_id).name
        rows.append({"character_id": character_id, "name": name, "dice": _dice((size, face))})
    campaign.rolls.log(None, "Conflict", "conflict", {"sides": rows}, None, "A conflict")


def played(campaign: Campaign) -> tuple[int, dict[str, int]]:
    """A small game: Kara (PC) five trays, Bryn (PC) one, Vex (NPC) and a challenge
    rolling too, Kara against Vex in a conflict; then the game ends."""
    ids = {
        name: campaign.roster.add(name, kind).id
        for name, kind in (
            ("Kara Voss", "pc"),
            ("Bryn", "pc"),
            ("Vex", "npc"),
            ("The Flood", "challenge"),
        )
    }
    game = campaign.games.start()
    kara, bryn, vex = ids["Kara Voss"], ids["Bryn"], ids["Vex"]
    roll(campaign, kara, (4, 4))  # 7/8
    roll(campaign, bryn, (6, 1))  # 1/12
    roll(campaign, vex, (4, 1))  # an NPC's: never counted
    roll(campaign, kara, (6, 6))  # 11/12
    roll(campaign, kara, (4, 4))  # 7/8
    roll(campaign, ids["The Flood"], (8, 8), kind="challenge")
    conflict(campaign, (kara, (4, 3)), (vex, (12, 12)))  # Kara's side 5/8; Vex's left out
    roll(campaign, kara, (6, 6))  # 11/12
    campaign.games.finish()
    return game.id, ids


def test_a_small_played_game_gives_exact_numbers_for_each_player(campaign: Campaign) -> None:
    game_id, ids = played(campaign)
    luck = players_luck(campaign, TrayOddsCache())
    assert luck.game_id == game_id and luck.game_title.startswith("Game 1 · ")
    kara, bryn = luck.players
    assert (kara.name, kara.character_id, bryn.name) == ("Kara Voss", ids["Kara Voss"], "Bryn")
    kara_sum = Fraction(7, 8) * 2 + Fraction(11, 12) * 2 + Fraction(5, 8)
    assert (kara.rolls, kara.judged, kara.mean_percentile) == (5, 5, kara_sum / 5)
    assert kara.mean_percentile == Fraction(101, 120)
    assert (bryn.rolls, bryn.mean_percentile) == (1, Fraction(1, 12))
    assert luck.overall.name == TABLE_NAME
    assert luck.overall.mean_percentile == (kara_sum + Fraction(1, 12)) / 6
    assert luck.said() == (
        kara.sentence,
        "Bryn: too few rolls to tell (1 roll).",
        luck.overall.sentence,
    )
    assert kara.sentence.startswith("Kara Voss rolled above expectation: 84th percentile")
    assert luck.overall.sentence.startswith("The table rolled above expectation: 72nd")
    assert [r.character_name for r in luck.rolls] == ["Kara Voss", "Bryn", *["Kara Voss"] * 4]
    assert luck.means() == (("Kara Voss", 101 / 120), ("Bryn", 1 / 12))
    # Each roll spread over its slice of the scale: Bryn's d6 1 over 0 to 1/6 (0.6 and
    # 0.4 of it in the first two tenths), Kara's d4 3 over 1/2 to 3/4 (0.4, 0.4, 0.2),
    # each d4 4 over 3/4 to 1 (0.2, 0.4, 0.4) and each d6 6 over 5/6 to 1 (0.4, 0.6).
    assert luck.histogram() == pytest.approx((0.6, 0.4, 0, 0, 0, 0.4, 0.4, 0.6, 1.6, 2.0))
    assert luck.body().splitlines()[0] == luck.game_title


def test_an_npcs_extreme_rolls_change_nothing(campaign: Campaign) -> None:
    _game, ids = played(campaign)
    ended = players_luck(campaign, TrayOddsCache())
    vex, flood, kara = ids["Vex"], ids["The Flood"], ids["Kara Voss"]
    second = campaign.games.start()
    roll(campaign, kara, (6, 6))
    roll(campaign, kara, (4, 1))
    plain = players_luck(campaign, TrayOddsCache(), second.id)
    for _ in range(30):
        roll(campaign, vex, (12, 12))
        roll(campaign, flood, (4, 1), kind="challenge")
        conflict(campaign, (vex, (12, 1)), (flood, (8, 8)))
    campaign.rolls.log(vex, "Vex", "act", {}, None, "Vex acts")
    after = players_luck(campaign, TrayOddsCache(), second.id)
    assert after == plain
    assert [p.name for p in after.players] == ["Kara Voss"] and after.players[0].rolls == 2
    assert players_luck(campaign, TrayOddsCache(), ended.game_id) == ended


def test_a_game_of_npc_rolls_only_has_no_player_luck(campaign: Campaign) -> None:
    _game, ids = played(campaign)
    campaign.games.start()
    for _ in range(10):
        roll(campaign, ids["Vex"], (12, 12))
    campaign.games.finish()
    luck = players_luck(campaign, TrayOddsCache())
    assert luck.ended and luck.empty and luck.said() == (NO_PLAYER_ROLLS,)
    assert luck.game_title.startswith("Game 2 · ")


def test_a_deleted_characters_lines_are_left_out(campaign: Campaign) -> None:
    played(campaign)
    bryn = next(c.id for c in campaign.roster.all() if c.name == "Bryn")
    campaign.roster.delete(bryn)
    luck = players_luck(campaign, TrayOddsCache())
    assert [p.name for p in luck.players] == ["Kara Voss"]
    assert luck.said() == (luck.players[0].sentence,)  # one player: no table line


def test_a_renamed_character_is_told_by_the_name_they_have_now(campaign: Campaign) -> None:
    _game, ids = played(campaign)
    campaign.roster.update(ids["Kara Voss"], name="Kara Vane")
    luck = players_luck(campaign, TrayOddsCache())
    assert luck.players[0].name == "Kara Vane" and luck.players[0].rolls == 5


def test_no_ended_game_and_a_game_without_player_rolls_say_so(campaign: Campaign) -> None:
    luck = players_luck(campaign, TrayOddsCache())
    assert (luck.ended, luck.said(), luck.body()) == (False, (NO_GAME_ENDED,), NO_GAME_ENDED)
    campaign.roster.add("Kara Voss", "pc")
    campaign.games.start()
    campaign.games.finish()
    luck = players_luck(campaign, TrayOddsCache())
    assert luck.ended and luck.empty and luck.said() == (NO_PLAYER_ROLLS,)
    assert luck.histogram() == (0,) * 10
    assert isinstance(players_luck(campaign, TrayOddsCache(), 999), PlayersLuck)
    assert not players_luck(campaign, TrayOddsCache(), 999).ended
