"""The window's language: our catalogue and Qt's, chosen by the system, View > Language
or --window-language, and English wherever none was given."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QLocale, QSettings
from PySide6.QtWidgets import QApplication, QDialogButtonBox

from desktop.app import parse_args
from desktop.ui.language_menu import language_menu
from desktop.ui.settings import Settings
from desktop.ui.window_language import (
    install_window_language,
    ntr,
    ptr,
    system_language,
    tr,
    uninstall_window_language,
    window_translator,
)


@pytest.fixture
def app(qapp: QApplication) -> Iterator[QApplication]:
    yield qapp
    uninstall_window_language(qapp)  # the next test's window is English again


def cancel_text() -> str:
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
    text = buttons.button(QDialogButtonBox.StandardButton.Cancel).text()
    buttons.deleteLater()
    return text


def test_without_a_language_the_window_is_english(app: QApplication) -> None:
    uninstall_window_language(app)
    assert window_translator().code == "en"
    assert tr("January") == "January"
    assert ntr("{count} card", "{count} cards", 2) == "{count} cards"
    assert cancel_text() == "Cancel"


@pytest.mark.parametrize(
    ("code", "month", "cancel"),
    [("fr", "janvier", "Annuler"), ("de", "Januar", "Abbrechen"), ("es", "enero", "Cancelar")],
)
def test_a_language_translates_our_words_and_qts(
    app: QApplication, code: str, month: str, cancel: str
) -> None:
    install_window_language(app, code)
    assert tr("January") == month
    assert cancel_text() == cancel
    assert QLocale().language() == QLocale(code).language()  # Qt's numbers follow
    uninstall_window_language(app)
    assert tr("January") == "January" and cancel_text() == "Cancel"


def test_french_plurals_take_zero_as_singular(app: QApplication) -> None:
    install_window_language(app, "fr")
    one, other = "SySCards: {count} card", "SySCards: {count} cards"
    assert ntr(one, other, 0) == ntr(one, other, 1) != ntr(one, other, 2)


def test_a_context_picks_the_meant_word(app: QApplication) -> None:
    install_window_language(app, "fr")
    assert ptr("the initial of turf, on a capped box", "T") == "T"
    assert ptr("no such context", "January") == "January"  # untranslated: the source


def test_installing_twice_keeps_one_language(app: QApplication) -> None:
    install_window_language(app, "fr")
    install_window_language(app, "de")
    assert tr("January") == "Januar" and cancel_text() == "Abbrechen"


def test_the_pseudo_locale_lengthens_and_accents_every_word(app: QApplication) -> None:
    install_window_language(app, "pseudo")
    text = tr("Roll the tray")
    assert text.startswith("⟦") and text.endswith("⟧") and "Roll" not in text
    assert len(text) >= 1.4 * len("Roll the tray")
    formatted = tr("{count} cards in <b>{place}</b>").format(count=3, place="pool")
    assert "3" in formatted and "<b>pool</b>" in formatted


@pytest.mark.parametrize(
    ("system", "code"),
    [
        (["fr-FR", "en-US"], "fr"),
        (["de_AT"], "de"),
        (["pt-BR", "es-MX"], "es"),
        (["pt-BR"], "en"),
        (["C"], "en"),
        ([], "en"),
    ],
)
def test_the_system_language_is_the_first_one_gm_desk_speaks(system: list[str], code: str) -> None:
    assert system_language(system) == code


def test_view_language_is_remembered_for_the_next_start(app: QApplication, tmp_path: Path) -> None:
    settings = Settings(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    told: list[str] = []
    menu = language_menu(None, settings, told.append)
    names = [action.text() for action in menu.actions()]
    assert names[1:] == ["English", "Français", "Deutsch", "Español"]
    assert names[0].startswith("System Default (")
    assert settings.language() == "system" and menu.actions()[0].isChecked()
    menu.actions()[3].trigger()
    assert settings.language() == "de"
    # Named in the window's words: "German" in an English sentence, "allemand" in French.
    assert told == ["GM Desk will be in German from its next start."]
    assert tr("January") == "January"  # this run's window keeps its language
    menu.actions()[3].trigger()
    assert len(told) == 1  # the same choice again says nothing


def test_a_stored_language_that_is_not_shipped_reads_as_the_system(tmp_path: Path) -> None:
    store = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    store.setValue("window/language", "klingon")
    assert Settings(store).language() == "system"


@pytest.mark.parametrize("value", ["klingon", "", "EN", "fr_FR"])
def test_window_language_refuses_an_unknown_code(
    value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as raised:
        parse_args(["--window-language", value])
    assert raised.value.code == 2
    assert "is not a language GM Desk speaks" in capsys.readouterr().err


def test_window_language_takes_a_shipped_code_or_pseudo() -> None:
    assert parse_args(["--window-language", "es"]).window_language == "es"
    assert parse_args(["--window-language", "pseudo"]).window_language == "pseudo"


@pytest.mark.parametrize(
    "model_path",
    [
        "desktop.ui.docks.roster:RosterModel",
        "desktop.ui.docks.roll_log:RollLogModel",
        "desktop.ui.docks.syscards:CardListModel",
        "desktop.ui.statistics.rollers:RollersModel",
        "desktop.ui.widgets.character_kit:TraitModel",
        "desktop.ui.widgets.character_kit:ItemModel",
    ],
)
def test_every_table_header_is_translated_once(app: QApplication, model_path: str) -> None:
    # A header translated twice showed as ⟦⟦Name⟧⟧ in the pseudo-locale; never translated,
    # as English in a French window.
    import importlib

    from PySide6.QtCore import Qt

    from desktop.language.pseudo import pseudo

    module, name = model_path.split(":")
    model = getattr(importlib.import_module(module), name)()
    install_window_language(app, "pseudo")
    horizontal = Qt.Orientation.Horizontal
    for section, english in enumerate(model.HEADERS):
        assert model.headerData(section, horizontal) == pseudo(english)


def test_the_default_paper_is_the_system_s_whatever_the_window_language(
    app: QApplication,
) -> None:
    from desktop.ui.print_choice import LETTER, default_paper

    QLocale.setDefault(QLocale("en_US"))  # QLocale() measures in inches, as a US system
    before = default_paper()
    install_window_language(app, "fr")  # QLocale() is French now: metric
    # Letter when the system is a US one, whichever language the window speaks.
    assert default_paper() == before
    assert (before == LETTER) == (
        QLocale.system().measurementSystem() == QLocale.MeasurementSystem.ImperialUSSystem
    )
