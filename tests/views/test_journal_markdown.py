"""The journal as Markdown (issue 31): a short game played through the store, exported
and read back (front matter, headings, wiki links), the player-safe file without a
private note or an NPC's roll, and names chosen to break the file that do not."""

from __future__ import annotations

import json
import re
from pathlib import Path

from desktop.store import Campaign
from desktop.views.journal import journal_page
from desktop.views.journal_markdown import journal_markdown, one_line
from tests.views.journal_game import HOSTILE, NPC_ROLL, PRIVATE, SHARED, play_short_game

WIKI_LINK = re.compile(r"\[\[([^\[\]|]+)(?:\|([^\[\]]+))?\]\]")
# A backslash before ASCII punctuation is CommonMark's escape: what a reader shows.
ESCAPE = re.compile(r"\\([!-/:-@\[-`{-~])")
FRONT_KEYS = ["generator", "campaign", "game", "title", "started", "ended", "days", "players"]


def read_back(text: str) -> tuple[dict[str, object], list[str]]:
    """The front matter (each value read as the JSON it is written in, which YAML reads
    alike) and the body's lines; the file must open and close its front matter once."""
    lines = text.split("\n")
    assert lines[0] == "---"
    end = lines.index("---", 1)
    front: dict[str, object] = {}
    for line in lines[1:end]:
        key, sep, value = line.partition(": ")
        assert sep and re.fullmatch(r"[a-z_]+", key), line
        front[key] = json.loads(value)
    return front, lines[end + 1 :]


def shown(markdown: str) -> str:
    """What a reader shows of one line of ours: links as their alias or target, escapes
    dropped."""
    linked = WIKI_LINK.sub(lambda m: m.group(2) or m.group(1), markdown)
    return ESCAPE.sub(r"\1", linked)


def headings(body: list[str]) -> list[tuple[int, str]]:
    found = []
    for line in body:
        match = re.match(r"(#{1,6}) (.*)$", line)
        if match:
            found.append((len(match.group(1)), shown(match.group(2))))
    return found


def test_the_gm_file_has_its_front_matter_headings_and_links(tmp_path: Path) -> None:
    with Campaign.create(tmp_path / "ledger.gmdesk", data_dir=tmp_path / "data") as campaign:
        campaign.rename("The Saltmarsh Ledger")
        game_id = play_short_game(campaign)
        page = journal_markdown(campaign, game_id)
    front, body = read_back(page.text)
    assert list(front) == FRONT_KEYS
    assert front["campaign"] == "The Saltmarsh Ledger"
    assert front["game"] == 1 and front["players"] is False
    assert front["title"] == "Game 1 · 2026-03-14 (day 1)"
    assert front["started"] == "2026-03-14T19:00:00"
    assert front["ended"] == "2026-03-14T22:30:00"
    assert front["days"] == [1, 1]
    assert headings(body) == [
        (1, "Game 1 · 2026-03-14 (day 1)"),
        (2, "Scene 1: The docks at night"),
        (3, "Round 1"),
        (3, "Round 2"),
        (2, "Scene 2: The lighthouse"),
        (3, "Round 1"),
    ]
    links = {match.group(1) for match in WIKI_LINK.finditer(page.text)}
    assert {"Kara Voss", "Captain Dask", "Storm season", "Hidden plot", "Red Sashes"} <= links
    assert PRIVATE in page.text and SHARED in page.text
    assert any(NPC_ROLL in shown(line) for line in body)
    # Kara's roll is a list item with its dice, under the first scene's first round.
    first_round = body[body.index("### Round 1") + 1 : body.index("### Round 2")]
    kara = [line for line in first_round if line.startswith("- [[Kara Voss]] rolled")]
    assert len(kara) == 1 and "(d6 3 · d6 4)" in kara[0]
    assert page.stem == "Game 001 · 2026-03-14"


def test_the_player_safe_file_keeps_the_gms_secrets(tmp_path: Path) -> None:
    with Campaign.create(tmp_path / "c.gmdesk", data_dir=tmp_path / "data") as campaign:
        game_id = play_short_game(campaign)
        page = journal_markdown(campaign, game_id, players=True)
    front, body = read_back(page.text)
    assert front["players"] is True
    for secret in (PRIVATE, "7919", "Captain Dask", "Hidden plot", "cook"):
        assert secret not in page.text, secret
    assert SHARED in page.text  # the note the GM shared
    links = {match.group(1) for match in WIKI_LINK.finditer(page.text)}
    assert {"Kara Voss", "Storm season"} <= links
    assert (2, "Scene 2: The lighthouse") in headings(body)


def test_names_chosen_to_break_the_file_do_not(tmp_path: Path) -> None:
    with Campaign.create(tmp_path / "c.gmdesk", data_dir=tmp_path / "data") as campaign:
        campaign.rename('Ledger: "the" ---\nend: true')
        name = campaign.summary().name
        game_id = play_short_game(campaign, HOSTILE)
        page = journal_page(campaign, game_id)
        text = journal_markdown(campaign, game_id).text
        campaign.journal.write(game_id, 2, "---\n# not a heading\n- not an item\n    code?")
        noted = journal_markdown(campaign, game_id).text
    front, body = read_back(text)
    assert list(front) == FRONT_KEYS
    assert front["campaign"] == name and name.startswith('Ledger: "the" ---')
    assert headings(body) == [
        (1, "Game 1 · 2026-03-14 (day 1)"),
        (2, f"Scene 1: {one_line(HOSTILE.scene_one)}"),
        (3, "Round 1"),
        (3, "Round 2"),
        (2, "Scene 2: ---"),
        (3, "Round 1"),
    ]
    # Every line is a heading, a list item, a note's line or blank: none opens a block
    # of its own (a quote, a fence, a rule, an HTML tag, a numbered list).
    items = [line for line in body if line.startswith("- ")]
    assert len(items) == len(list(page.played()))
    for line in body:
        assert not re.match(r"(---|```|>|<|\d+\.|\s)", line), line
    # A link's target holds nothing Obsidian refuses; its alias keeps the name's words.
    for match in WIKI_LINK.finditer(text):
        assert not re.search(r'[\[\]#^|%\\/:*?"<>\n]', match.group(1)), match.group(0)
        assert "%%" not in (match.group(2) or ""), match.group(0)
    item_texts = [shown(line[2:]) for line in items]
    kara_alias = one_line(HOSTILE.kara).replace("[", "(").replace("]", ")").replace("|", "/")
    assert any(item.startswith(f"{kara_alias} rolled") for item in item_texts), item_texts
    assert any(one_line(HOSTILE.storm) in item for item in item_texts)
    # The note's own marks are words too: the second scene's note stays in its scene.
    _front, noted_body = read_back(noted)
    assert len(headings(noted_body)) == 6
    scene_two = noted_body.index("## Scene 2: \\---")
    label, *note_lines = [line for line in noted_body[scene_two + 1 :] if line][:5]
    assert label == "*GM's private note:*"
    assert note_lines[0].startswith("\\---")  # an escaped rule: a paragraph's words
    assert [shown(line).strip() for line in note_lines] == [
        "---",
        "# not a heading",
        "- not an item",
        "code?",
    ]
    assert noted_body[noted_body.index(note_lines[-1]) + 2] == "### Round 1"
