"""A Translator: English as written, the others from their catalogues, real plurals,
each language's numbers and dates, and a plain refusal for a language not shipped."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from desktop.language import LANGUAGES, N_, language, language_codes, translator


def test_english_is_the_source_text() -> None:
    tr = translator("en")
    assert tr.gettext("Dice in pool") == "Dice in pool"
    assert tr.ngettext("{count} card", "{count} cards", 1) == "{count} card"
    assert tr.ngettext("{count} card", "{count} cards", 0) == "{count} cards"
    assert tr.number(1234567) == "1,234,567"
    assert tr.long_date(date(2026, 3, 15)) == "Sun 15 Mar 2026"


@pytest.mark.parametrize(
    ("code", "dice", "page"),
    [
        ("fr", "Dés en réserve", "page 2 sur 3"),
        ("de", "Würfel im Vorrat", "Seite 2 von 3"),
        ("es", "Dados en la reserva", "página 2 de 3"),
    ],
)
def test_each_shipped_language_translates(code: str, dice: str, page: str) -> None:
    tr = translator(code)
    assert tr.code == code
    assert tr.gettext("Dice in pool") == dice
    assert tr.gettext("page {number} of {count}").format(number=2, count=3) == page
    # A message no catalogue has (the campaign's own words) passes through unchanged.
    assert tr.gettext("Kara Voss") == "Kara Voss"


def test_plurals_follow_each_language() -> None:
    singular, plural = (
        "{count} trait · steps added to a roll",
        "{count} traits · steps added to a roll",
    )
    french, german = translator("fr"), translator("de")
    # French counts 0 as singular, German as plural.
    assert french.ngettext(singular, plural, 0).startswith("{count} trait ")
    assert german.ngettext(singular, plural, 0).startswith("{count} Eigenschaften")
    assert french.ngettext(singular, plural, 2).startswith("{count} traits")
    assert german.ngettext(singular, plural, 1).startswith("{count} Eigenschaft ")


def test_numbers_and_dates_follow_each_language() -> None:
    day = date(2026, 3, 15)
    assert translator("fr").number(1234567.5, 1) == "1\u202f234\u202f567,5"
    assert translator("de").number(1234567.5, 1) == "1.234.567,5"
    assert translator("es").number(-1234, 0) == "-1\u00a0234"
    assert translator("de").decimal(1.5) == "1,5"
    assert translator("fr").long_date(day) == "15 mars 2026"
    assert translator("de").long_date(day) == "15. März 2026"
    assert translator("es").long_date(day) == "15 de marzo de 2026"
    assert translator("es").short_date(day) == "15 de marzo"


def test_every_language_is_named_in_itself() -> None:
    assert language_codes() == ("en", "fr", "de", "es")
    assert [shipped.name for shipped in LANGUAGES] == ["English", "Français", "Deutsch", "Español"]
    assert language("xx") is None
    assert N_("Dice") == "Dice"


@pytest.mark.parametrize("code", ["xx", "", "FR", "fr_FR"])
def test_an_unknown_language_is_refused_plainly(code: str) -> None:
    with pytest.raises(ValueError, match="the languages are en, fr, de, es"):
        translator(code)


def test_a_missing_catalogue_is_said(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="The German catalogue is missing"):
        translator("de", locale_dir=tmp_path)
