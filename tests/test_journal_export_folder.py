"""The player-safe journal is never written beside the GM's (issue 31, review): a folder
that holds the GM's journal of a game the player-safe export would not replace (another
date range) is refused in plain words, nothing written; one whose GM files the export
replaces, or that holds only the players' journal, is written."""

from __future__ import annotations

from pathlib import Path

import pytest

from desktop.store import Campaign
from desktop.store.journal import WHOLE_GAME
from desktop.ui.journal_export import export_journal_markdown, gm_journal_files
from tests.views.journal_game import PRIVATE, play_short_game


def _two_games(campaign: Campaign) -> tuple[int, int]:
    first = play_short_game(campaign)
    second = campaign.games.start().id
    campaign.journal.write(second, WHOLE_GAME, "Sekrit: the second game's", private=True)
    campaign.games.finish()
    return first, second


def test_the_players_journal_is_refused_beside_the_gms(campaign: Campaign, tmp_path: Path) -> None:
    first, second = _two_games(campaign)
    folder = tmp_path / "For the players"
    [gm_file] = export_journal_markdown(campaign, folder, [first])
    assert PRIVATE in gm_file.read_text(encoding="utf-8")
    assert gm_journal_files(folder) == [gm_file]
    before = sorted(folder.iterdir())
    with pytest.raises(OSError, match="holds the GM's journal") as refused:
        export_journal_markdown(campaign, folder, [second], players=True)
    assert gm_file.name in str(refused.value) and "Sekrit" not in str(refused.value)
    assert sorted(folder.iterdir()) == before
    # The same game's player-safe file replaces the GM's: nothing of the GM's is left.
    [safe] = export_journal_markdown(campaign, folder, [first], players=True)
    assert safe == gm_file and PRIVATE not in safe.read_text(encoding="utf-8")
    assert gm_journal_files(folder) == []
    written = export_journal_markdown(campaign, folder, players=True)
    assert len(written) == 2
