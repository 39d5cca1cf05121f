"""The journal's own words in the language it is given (issue 34): a page's title and a
roll's dice, the Markdown export's headings and labels (its front matter's keys stay
English: programs read them), the recap; what the history says stays as the campaign
keeps it. And the player page's die and energy words, which the page translates."""

from __future__ import annotations

from pathlib import Path

from desktop.language import translator
from desktop.share.server import PAGE_MESSAGES
from desktop.store import Campaign
from desktop.views.journal import journal_games, journal_page, rolled_words
from desktop.views.journal_markdown import journal_markdown
from desktop.views.own import (
    DEAD_OF_DEBT,
    IN_TRAY_WORDS,
    KIND_WORDS,
    NO_CALENDAR,
    NOTHING_TODAY,
    PLACE_WORDS,
)
from desktop.views.recap import NO_GAME_ENDED, recap
from tests.views.journal_game import PRIVATE, play_short_game
from tests.views.test_journal_markdown import FRONT_KEYS, read_back

FR = translator("fr")


def french(message: str, **values: object) -> str:
    """`message` as the French catalogue gives it, filled; never the English."""
    said = FR.gettext(message).format(**values)
    assert said != message.format(**values), message
    return said


def played(tmp_path: Path) -> Campaign:
    campaign = Campaign.create(tmp_path / "ledger.gmdesk", data_dir=tmp_path / "data")
    campaign.rename("The Saltmarsh Ledger")
    return campaign


def test_a_page_is_titled_and_its_dice_said_in_french(tmp_path: Path) -> None:
    with played(tmp_path) as campaign:
        game_id = play_short_game(campaign)
        page = journal_page(campaign, game_id, tr=FR)
        english = journal_page(campaign, game_id)
        (entry,) = journal_games(campaign, FR)
    title = french("Game {number} · {date} (day {day})", number=1, date="2026-03-14", day=1)
    assert page.title == entry.title == title
    assert english.title == "Game 1 · 2026-03-14 (day 1)"
    # The history's sentences (a roll's summary, a clock's move) stay as stored.
    assert [line.text for line in page.lines()] == [line.text for line in english.lines()]
    detail = {"dice": [{"size": 10, "face": 9}, {"size": 6, "face": 1, "depleted": True}]}
    assert rolled_words({**detail, "tuple": True}, FR) == " · ".join(
        ["d10 9", french("d{size} {face} depleted", size=6, face=1), french("a tuple")]
    )
    assert rolled_words({**detail, "tuple": True}) == "d10 9 · d6 1 depleted · a tuple"


def test_the_markdown_headings_in_french_its_keys_in_english(tmp_path: Path) -> None:
    with played(tmp_path) as campaign:
        game_id = play_short_game(campaign)
        page = journal_markdown(campaign, game_id, tr=FR)
    front, body = read_back(page.text)
    assert list(front) == FRONT_KEYS  # machine-read: the same in every language
    assert front["generator"] == "GM Desk journal"
    assert page.stem == french("Game {number} · {date}", number="001", date="2026-03-14")
    scene = french("Scene {number}: {text}", number=1, text="The docks at night")
    assert f"## {scene}" in body
    assert "### " + french("Round {number}", number=2) in body
    assert "*" + french("GM's private note:") + "*" in body
    assert PRIVATE in body
    assert not any("Round" in line or "Scene" in line for line in body)


def test_the_recap_in_french(tmp_path: Path) -> None:
    with played(tmp_path) as campaign:
        assert recap(campaign, players=True, tr=FR).said() == (french(NO_GAME_ENDED),)
        play_short_game(campaign)
        told = recap(campaign, players=False, tr=FR)
    assert told.title == french("Previously on {campaign}", campaign="The Saltmarsh Ledger")
    scene = french("Scene {number}: {text}", number=1, text="The docks at night")
    assert told.lines[1] == f"{scene} — Shared: the tide turns at dawn"  # the note as kept
    storm = french("{name}: now {filled} of {segments}", name="Storm season", filled=3, segments=6)
    assert storm in told.lines
    status = FR.gettext("Hostile")
    assert french("{name}: now {status}", name="Red Sashes", status=f"\u22122 {status}") in (
        told.lines
    )


def test_the_die_and_energy_words_are_the_pages_to_translate() -> None:
    words = [*KIND_WORDS.values(), *PLACE_WORDS.values(), IN_TRAY_WORDS]
    words += [NO_CALENDAR, NOTHING_TODAY, DEAD_OF_DEBT]
    german = translator("de")  # French says "protection" as English does
    for word in words:
        assert word in PAGE_MESSAGES
        assert german.gettext(word) != word
