"""The languages GM Desk ships, each with its name in itself and its number separators;
and ``N_``, the mark of a message kept in a table until it is shown."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

__all__ = ["LANGUAGES", "N_", "Language", "language", "language_codes"]


@dataclass(frozen=True)
class Language:
    code: str  # ISO 639-1, as gettext's folders name it
    name: str  # in the language itself: what a speaker looks for in a list
    english_name: str  # marked: the window names a language in its own words by it
    thousands: str  # the grouping separator of numbers
    decimal: str


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it now."""
    return message


# English first: the source language, and the print language of a campaign made without one.
LANGUAGES: Final[tuple[Language, ...]] = (
    Language("en", "English", N_("English"), ",", "."),
    # French groups with a narrow no-break space (U+202F), as the Imprimerie nationale does.
    Language("fr", "Français", N_("French"), "\u202f", ","),
    Language("de", "Deutsch", N_("German"), ".", ","),
    # Spanish (RAE) groups with a space from five digits; a no-break space keeps it whole.
    Language("es", "Español", N_("Spanish"), "\u00a0", ","),
)
_BY_CODE: Final = {language.code: language for language in LANGUAGES}


def language(code: str) -> Language | None:
    return _BY_CODE.get(code)


def language_codes() -> tuple[str, ...]:
    return tuple(language.code for language in LANGUAGES)
