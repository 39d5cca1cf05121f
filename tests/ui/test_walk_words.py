"""What the French new-GM walk found in English in a French window, each now worded in
the window's language (the pseudo-locale stands for any: it words every message it is
asked for, so a word left out of the catalogue shows plain)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import date
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QFileDialog, QLabel

from desktop.language import translator
from desktop.language.pseudo import pseudo
from desktop.rules import factions, odds
from desktop.store import Campaign, ChapterRecord
from desktop.store.search_index.found import Where
from desktop.ui import language_menu
from desktop.ui.chapter.sheet import develop_reason
from desktop.ui.main_window import MainWindow
from desktop.ui.play.session_xp import SESSION_XP_RULE, SessionXp
from desktop.ui.window_language import install_window_language, uninstall_window_language
from desktop.views.tray_odds import tray_odds_texts


@pytest.fixture
def app(qapp: QApplication) -> Iterator[QApplication]:
    yield qapp
    uninstall_window_language(qapp)  # the next test's window is English again


def test_the_tray_odds_are_worded_in_the_language_asked() -> None:
    result = odds.tray_odds((6, 8), 0)
    english = tray_odds_texts(result, 10, translator("en"))
    reach = odds.format_percent(result.reach(10))
    assert english[0] == f"{reach} to reach 10"
    assert english[2].endswith(" expected") and " any · " in english[2]
    assert " · all ones " in english[3]
    worded = tray_odds_texts(result, 10, translator("pseudo"))
    assert worded[1] == english[1]  # a number
    assert [worded[0][0], worded[2][0], worded[3][0]] == ["⟦", "⟦", "⟦"]
    assert "to reach" not in worded[0]


def test_a_french_window_writes_decimals_with_a_comma() -> None:
    texts = tray_odds_texts(odds.tray_odds((6, 6), 0), 7, translator("fr"))
    assert "." not in texts[1] and "," in texts[1]


def test_develop_says_why_in_the_windows_words(app: QApplication) -> None:
    record = ChapterRecord("Salt", 0, factions.STRONG, 2, 0, 0, True, 0, False)
    chapter = record.chapter
    option = chapter.develop_option()
    assert develop_reason(record, option) == option.reason  # English as the rules say it
    install_window_language(app, "pseudo")
    missing = chapter.rep_needed - chapter.rep
    assert develop_reason(record, option) == pseudo(
        "The rep tracker needs {count} more rep to be full."
    ).format(count=missing)


def test_the_session_xp_rule_is_the_windows(app: QApplication) -> None:
    install_window_language(app, "pseudo")
    step = SessionXp(3)
    texts = [label.text() for label in step.findChildren(QLabel)]
    assert any(pseudo(SESSION_XP_RULE) in text for text in texts), texts
    step.deleteLater()


def test_a_search_hits_place_is_worded_at_show_time() -> None:
    kind = Where("Roster, {kind}", (("kind", "NPC"),), marked=("kind",))
    assert kind.words() == "Roster, NPC"
    assert kind.words(pseudo) == pseudo("Roster, {kind}").format(kind=pseudo("NPC"))
    owner = Where("Trait of {owner}", (("owner", "Captain Reyne Dask"),))
    assert owner.words() == "Trait of Captain Reyne Dask"
    said = owner.words(pseudo)
    assert said.startswith("⟦") and "Captain Reyne Dask" in said  # a name stays as written


def test_a_new_campaign_prints_in_the_windows_language(
    app: QApplication,
    make_window: Callable[[], MainWindow],
    tmp_path: Path,
    data_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    old = tmp_path / "Old.gmdesk"
    Campaign.create(old, data_dir=data_dir, start_date=date(2026, 3, 1)).close()
    install_window_language(app, "fr")
    target = tmp_path / "Fresh"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    window = make_window()
    window.new_action.trigger()
    assert window.session is not None
    assert window.session.campaign.print_language() == "fr"
    assert window.open_campaign(old, interactive=False)
    assert window.session.campaign.print_language() == "en"  # a campaign keeps its own


def test_the_language_chosen_is_named_in_the_windows_words(
    app: QApplication, settings_path: Path
) -> None:
    from PySide6.QtCore import QSettings

    from desktop.ui.settings import Settings

    settings = Settings(QSettings(str(settings_path), QSettings.Format.IniFormat))
    install_window_language(app, "pseudo")
    told: list[str] = []
    menu = language_menu.language_menu(None, settings, told.append)
    entries = {a.objectName(): a.text() for a in menu.actions()}
    assert entries["language_de"] == "Deutsch"  # the menu keeps each language's own name
    next(a for a in menu.actions() if a.objectName() == "language_de").trigger()
    assert told == [
        pseudo("GM Desk will be in {language} from its next start.").format(
            language=pseudo("German")
        )
    ]
    menu.deleteLater()


def test_a_challenges_roll_shows_in_the_windows_words(
    app: QApplication, campaign: Campaign
) -> None:
    """The Play dock showed "The Drowned Stair rolled 2 = 2." in a French window."""
    from desktop.ui.play.party_roll import Roller, challenge_roll, roll_side
    from tests.ui.scripted import ScriptedRng

    stair = campaign.roster.add("The Drowned Stair", "challenge")
    campaign.kit.add_dice(stair.id, size=6, count=2)
    side = roll_side(Roller(stair, campaign.kit.dice(stair.id), 1), ScriptedRng([2]))
    assert challenge_roll(side).shown == "The Drowned Stair rolled 2 = 2."
    install_window_language(app, "pseudo")
    rolled = challenge_roll(side)
    assert rolled.entry.summary == "The Drowned Stair rolled 2 = 2."  # the log's, English
    assert rolled.shown == pseudo("{name} rolled {faces} = {total}.").format(
        name="The Drowned Stair", faces="2", total=2
    )


def test_the_campaign_searchs_places_are_worded_when_shown(
    app: QApplication, campaign: Campaign
) -> None:
    """Ctrl+K listed "— Roster, NPC" and "Trait of Captain Reyne Dask" in a French window."""
    from desktop.ui.search.markup import hit_markup, hit_words

    reyne = campaign.roster.add("Captain Reyne Dask", "npc")
    campaign.kit.add_trait(reyne.id, "Tidecaller")
    hits = {hit.kind: hit for hit in campaign.search_index.find("Reyne")}
    hits |= {hit.kind: hit for hit in campaign.search_index.find("Tidecaller")}
    assert hits["character"].where == "Roster, NPC"  # English, as the store says it
    assert hits["trait"].where == "Trait of Captain Reyne Dask"
    assert "— Roster, NPC" in hit_markup(hits["character"])
    install_window_language(app, "pseudo")
    roster = pseudo("Roster, {kind}").format(kind=pseudo("NPC"))
    assert f"— {roster}" in hit_markup(hits["character"])
    trait = pseudo("Trait of {owner}").format(owner="Captain Reyne Dask")
    assert trait in hit_words(hits["trait"])
