"""The sample campaign's cards and sheets printed in French, German and Spanish from the
command line: the labels are the language's, the campaign's own words stay as written,
and a language GM Desk does not print in is refused with nothing written."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from desktop.paths import resources_dir
from desktop.store import Campaign
from desktop.store.sample import ensure_sample_campaign
from tests.printing.conftest import page_texts


def run(home: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "GM_DESK_HOME": str(home), "QT_QPA_PLATFORM": "offscreen"}
    command = [sys.executable, "-m", "desktop", *arguments]
    return subprocess.run(command, capture_output=True, text=True, env=env)


@pytest.fixture
def sample(gm_desk_home: Path) -> Path:
    data = gm_desk_home / "data"
    data.mkdir(parents=True, exist_ok=True)
    return ensure_sample_campaign(data, resources_dir())


def text(path: Path) -> str:
    # Casefolded: the labels print in capitals.
    return " ".join(page_texts(path)).casefold()


ENGLISH_SHEET = ("dice in pool", "hit points", "harm, stress", "page 1 of", "in the pool")
# In capitals, as the card labels them: a card's Info may say "Velocity 9" in any language.
ENGLISH_CARDS = ("POWER", "VELOCITY", "RESISTANCE", "SCALE", "INFO, CONTINUED", "Fronts, sheet")


def test_the_sample_campaign_in_french(sample: Path, gm_desk_home: Path, tmp_path: Path) -> None:
    sheets, cards = tmp_path / "fiches.pdf", tmp_path / "cartes.pdf"
    campaign = ("--campaign", str(sample), "--language", "fr")
    assert run(gm_desk_home, *campaign, "--print-sheets", str(sheets)).returncode == 0
    assert run(gm_desk_home, *campaign, "--print-cards", str(cards)).returncode == 0

    sheet = text(sheets)
    for french in ("personnage joueur", "dés en réserve", "points de vie", "traits", "crans"):
        assert french in sheet
    assert "blessures, stress et progression" in sheet and "page 1 sur" in sheet
    assert "kara voss" in sheet and "knife work" in sheet  # the campaign's words as written
    assert [word for word in ENGLISH_SHEET if word in sheet] == []

    card = text(cards)
    for french in ("puissance", "vitesse", "résistance", "échelle", "rectos, feuille 1 sur"):
        assert french in card
    raw = " ".join(page_texts(cards))
    assert [word for word in ENGLISH_CARDS if word in raw] == []


@pytest.mark.parametrize(
    ("code", "words"),
    [
        ("de", ("würfel im vorrat", "trefferpunkte", "eigenschaften", "seite 1 von")),
        ("es", ("dados en la reserva", "puntos de golpe", "rasgos", "página 1 de")),
    ],
)
def test_german_and_spanish_sheets(
    sample: Path, gm_desk_home: Path, tmp_path: Path, code: str, words: tuple[str, ...]
) -> None:
    out = tmp_path / f"{code}.pdf"
    done = run(
        gm_desk_home, "--campaign", str(sample), "--language", code, "--print-sheets", str(out)
    )
    assert done.returncode == 0, done.stderr
    sheet = text(out)
    assert [word for word in words if word not in sheet] == []
    assert [word for word in ENGLISH_SHEET if word in sheet] == []


def test_the_campaign_print_language_unless_one_is_given(
    sample: Path, gm_desk_home: Path, tmp_path: Path
) -> None:
    with Campaign.open(sample, data_dir=gm_desk_home / "data") as opened:
        opened.set_print_language("de")
    german, english = tmp_path / "de.pdf", tmp_path / "en.pdf"
    assert (
        run(gm_desk_home, "--campaign", str(sample), "--print-sheets", str(german)).returncode == 0
    )
    assert "würfel im vorrat" in text(german)
    given = ("--campaign", str(sample), "--language", "en", "--print-sheets", str(english))
    assert run(gm_desk_home, *given).returncode == 0
    assert "dice in pool" in text(english)


@pytest.mark.parametrize(
    ("arguments", "said"),
    [
        (
            ["--language", "klingon", "--print-sheets"],
            "'klingon' is not a language GM Desk prints in",
        ),
        (["--language", "FR", "--print-cards"], "choose one of en, fr, de, es"),
        (["--language", "fr", "--print-journal"], "--language works with --print-cards"),
    ],
)
def test_an_unknown_language_is_refused_and_nothing_written(
    sample: Path, gm_desk_home: Path, tmp_path: Path, arguments: list[str], said: str
) -> None:
    out = tmp_path / "never.pdf"
    done = run(gm_desk_home, "--campaign", str(sample), *arguments, str(out))
    assert done.returncode == 2
    assert said in done.stderr and "Traceback" not in done.stderr
    assert not out.exists()


def test_the_gm_summary_in_german(sample: Path, gm_desk_home: Path, tmp_path: Path) -> None:
    out = tmp_path / "übersicht.pdf"
    given = ("--campaign", str(sample), "--language", "de", "--print-summary", str(out))
    assert run(gm_desk_home, *given).returncode == 0
    summary = text(out)
    for german in ("sl-übersicht", "fraktionsleiter", "stufe", "das kapitel", "hitze", "seite 1"):
        assert german in summary
    english = ("gm summary", "faction ladder", "the chapter", "no faction at this tier", "page 1")
    assert [word for word in english if word in summary] == []


def test_the_alignment_test_in_french_needs_no_campaign(gm_desk_home: Path, tmp_path: Path) -> None:
    out = tmp_path / "alignement.pdf"
    done = run(gm_desk_home, "--language", "fr", "--print-alignment", str(out), "--duplex", "short")
    assert done.returncode == 0, done.stderr
    front, back = (page.casefold() for page in page_texts(out))
    assert "recto" in front and "bord court" in front and "milieu" in front
    assert "verso" in back and "décalage du verso de x 0, y 0 mm" in back
    assert "print this sheet" not in front and "hold the sheet" not in back
