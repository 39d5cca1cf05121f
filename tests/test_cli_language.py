"""The command line speaks the GM's language: `--window-language` when given, else View >
Language's, else the system's (issue 34). Its help, its refusals and its reports are
translated; argparse's own words ("usage:", "invalid choice") and the JSON of the smoke
test stay as they are, and so do the exit codes.

The runs are real ones of `python -m desktop`, as the other command line tests'."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from desktop import outputs, paths
from desktop.app import command_line_words, parse_args
from desktop.language import translator
from desktop.store import Campaign


def run(home: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "GM_DESK_HOME": str(home), "QT_QPA_PLATFORM": "offscreen"}
    command = [sys.executable, "-m", "desktop", *arguments]
    return subprocess.run(command, capture_output=True, text=True, env=env, cwd=home.parent)


def choose_in_view_language(code: str) -> None:
    """View > Language's choice, as the window stores it (the settings of GM_DESK_HOME)."""
    ini = paths.settings_file()
    assert ini is not None
    store = QSettings(str(ini), QSettings.Format.IniFormat)
    store.setValue("window/language", code)
    store.sync()


@pytest.fixture
def campaign_file(tmp_path: Path, gm_desk_home: Path) -> Path:
    path = tmp_path / "c.gmdesk"
    with Campaign.create(path, data_dir=gm_desk_home / "data") as made:
        made.cards.add("Dagger", "skill", efficiency=12)
    return path


def test_a_refusal_is_in_the_language_given_with_the_same_exit_code(gm_desk_home: Path) -> None:
    english = run(gm_desk_home, "--zoom", "20")
    french = run(gm_desk_home, "--window-language", "fr", "--zoom", "20")
    assert english.returncode == french.returncode == 2
    assert "'20' is not a zoom between 50 and 300 percent" in english.stderr
    assert "'20' n’est pas un zoom entre 50 et 300 pour cent" in french.stderr
    assert "usage: gm-desk" in french.stderr  # argparse's own words stay English


def test_a_print_refusal_is_in_view_language_s_language(
    campaign_file: Path, gm_desk_home: Path, tmp_path: Path
) -> None:
    choose_in_view_language("fr")
    out = tmp_path / "cards.pdf"
    asked = ("--campaign", str(campaign_file), "--print-cards", str(out), "--card", "Nobody")
    french = run(gm_desk_home, *asked)
    assert (french.returncode, french.stderr) == (
        1,
        "gm-desk: La campagne n’a pas de carte nommée 'Nobody'.\n",
    )
    # --window-language, given on the command line, wins over View > Language.
    english = run(gm_desk_home, *asked, "--window-language", "en")
    assert (english.returncode, english.stderr) == (
        1,
        "gm-desk: The campaign has no card named 'Nobody'.\n",
    )
    assert not out.exists()


def test_a_refusal_of_our_own_in_the_pseudo_locale_is_translated(gm_desk_home: Path) -> None:
    done = run(gm_desk_home, "--window-language", "pseudo", "--card", "Dagger")
    assert done.returncode == 2
    assert done.stderr.startswith("gm-desk: ⟦") and "works with" not in done.stderr


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("en", "GM Desk: an offline desk for the Game Master."),
        ("fr", "GM Desk\u00a0: un bureau hors ligne pour le MJ."),
        ("de", "GM Desk: ein Offline-Schreibtisch für die Spielleitung."),
        ("es", "GM Desk: un escritorio sin conexión para el DJ."),
        ("pseudo", "⟦ĜṀ Đéšķ"),
    ],
)
def test_the_help_is_in_the_language_and_formats(
    code: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # argparse formats every help text with %: a translated one must still format.
    with pytest.raises(SystemExit) as done:
        parse_args(["--help"], translator(code))
    assert done.value.code == 0
    assert said in capsys.readouterr().out


def test_the_command_line_takes_the_window_s_language() -> None:
    assert command_line_words([]).code == "en"  # the system's: the tests pin English
    choose_in_view_language("de")
    assert command_line_words([]).code == "de"
    assert command_line_words(["--window-language", "es"]).code == "es"
    assert command_line_words(["--window-language=pseudo"]).code == "pseudo"
    assert command_line_words(["--window-lang", "fr"]).code == "fr"  # as argparse takes it
    # A code GM Desk does not speak is left to the parser to refuse, in View > Language's.
    assert command_line_words(["--window-language", "klingon"]).code == "de"
    assert command_line_words(["--version"]).code == "en"  # reads no settings


def test_an_output_refusal_is_in_the_language_given(tmp_path: Path) -> None:
    folder = tmp_path / "cards.pdf"
    folder.mkdir()
    english = outputs.refusal(folder, outputs.PDF)
    assert english == "“cards.pdf” is a folder: choose a file name for the PDF in it."
    assert outputs.refusal(folder, outputs.PDF, words=translator("en")) == english
    pseudo = outputs.refusal(folder, outputs.PDF, words=translator("pseudo")) or ""
    assert pseudo.startswith("⟦") and "cards.pdf" in pseudo
    failed = outputs.write_failure(folder, OSError(28, "No space"), translator("pseudo"))
    assert failed.startswith("⟦") and "cards.pdf" in failed


def test_a_damaged_settings_file_does_not_stop_the_command_line(gm_desk_home: Path) -> None:
    ini = paths.settings_file()
    assert ini is not None
    ini.write_text("[General]\nsettings_version=abc\n[window]\nlanguage=fr\n", encoding="utf-8")
    helped = run(gm_desk_home, "--help")
    assert helped.returncode == 0, helped.stderr
    refused = run(gm_desk_home, "--zoom", "20")
    assert refused.returncode == 2
    assert "'20' n’est pas un zoom entre 50 et 300 pour cent" in refused.stderr


def test_asking_the_language_writes_no_settings(gm_desk_home: Path) -> None:
    # The command line reads View > Language before its --help: a look, never a write
    # (it used to leave a settings file in a home GM Desk had never started in).
    ini = paths.settings_file()
    assert ini is not None
    assert run(gm_desk_home, "--help").returncode == 0
    assert not ini.exists()
    ini.write_text("[window]\nlanguage=de\n", encoding="utf-8")
    before = ini.read_bytes()
    helped = run(gm_desk_home, "--help")
    assert helped.returncode == 0 and "Spielleitung" in helped.stdout
    assert ini.read_bytes() == before
