"""A `Translator`: one language's gettext catalogue, plurals, numbers and dates."""

from __future__ import annotations

import gettext as _gettext
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Final

from desktop.language.languages import N_, Language, language, language_codes
from desktop.language.pseudo import PSEUDO, PseudoTranslations

__all__ = ["DOMAIN", "LOCALE_DIR", "Translator", "translator"]

DOMAIN: Final = "gm_desk"
LOCALE_DIR: Final = Path(__file__).resolve().parent / "locale"


@dataclass(frozen=True)
class Translator:
    """One language's messages, plurals, numbers and dates."""

    language: Language
    catalogue: _gettext.NullTranslations = field(repr=False, compare=False)

    @property
    def code(self) -> str:
        return self.language.code

    def gettext(self, message: str) -> str:
        return self.catalogue.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The form for ``n`` by the language's own plural rule (French: 0 and 1 singular)."""
        return self.catalogue.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        return self.catalogue.pgettext(context, message)

    def plural_forms(self, singular: str, plural: str) -> tuple[str, ...]:
        """Every form of a plural message, in the catalogue's order (for a page that
        picks its form itself, by the browser's plural rules)."""
        forms: list[str] = []
        catalog = getattr(self.catalogue, "_catalog", None)
        if isinstance(catalog, dict) and (singular, 0) in catalog:
            index = 0
            while (singular, index) in catalog:
                forms.append(catalog[(singular, index)])
                index += 1
            return tuple(forms)
        return (self.ngettext(singular, plural, 1), self.ngettext(singular, plural, 2))

    def number(self, value: int | float, decimals: int = 0) -> str:
        """``value`` with the language's thousands and decimal separators."""
        text = f"{value:,.{decimals}f}"
        # One pass, so that the grouping and the decimal marks cannot swap into each other.
        marks = {",": self.language.thousands, ".": self.language.decimal}
        return "".join(marks.get(char, char) for char in text)

    def decimal(self, value: float) -> str:
        """A short measure as few digits as it needs (``1.5``, ``-2``): ``:g``, ungrouped."""
        return f"{value:g}".replace(".", self.language.decimal)

    def month_name(self, month: int) -> str:
        """A month's full name, 1 to 12: "March", "mars", "März", "marzo"."""
        return self.gettext(_MONTHS[month - 1])

    def long_date(self, day: date) -> str:
        """A date with its year as a page's header gives it: Sun 15 Mar 2026 (English,
        as GM Desk always wrote it), 15 mars 2026, 15. März 2026, 15 de marzo de 2026."""
        if self.code == "en":
            return f"{self.short_date(day)} {day.year}"
        joined = " de " if self.code == "es" else " "  # 15 de marzo de 2026
        return f"{self.short_date(day)}{joined}{day.year}"

    def short_date(self, day: date) -> str:
        """A date within the year, for a table: Sun 15 Mar, 15 mars, 15. März, 15 de marzo."""
        if self.code == "en":
            return f"{_WEEKDAYS[day.weekday()]} {day.day:02d} {_SHORT_MONTHS[day.month - 1]}"
        month = self.gettext(_MONTHS[day.month - 1])
        if self.code == "de":
            return f"{day.day}. {month}"
        if self.code == "es":
            return f"{day.day} de {month}"
        return f"{day.day} {month}"


# English's own short forms, as strftime's C locale writes them (%a, %b) whatever the
# system's locale: the English pages read the same on every computer.
_WEEKDAYS: Final = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
_SHORT_MONTHS: Final = (
    "Jan",
    "Feb",
    "Mar",
    "Apr",
    "May",
    "Jun",
    "Jul",
    "Aug",
    "Sep",
    "Oct",
    "Nov",
    "Dec",
)
_MONTHS: Final = (
    N_("January"),
    N_("February"),
    N_("March"),
    N_("April"),
    N_("May"),
    N_("June"),
    N_("July"),
    N_("August"),
    N_("September"),
    N_("October"),
    N_("November"),
    N_("December"),
)


def translator(code: str, locale_dir: Path = LOCALE_DIR) -> Translator:
    """The translator for language ``code``; English (the source text) is the identity.

    ``pseudo`` is the testers' pseudo-locale (desktop/language/pseudo.py). An unknown
    code is refused with a plain message (the command line turns it into
    its exit status 2); a shipped language whose catalogue is missing is a broken
    installation, and says so rather than printing English silently."""
    if code == PSEUDO.code:
        return Translator(PSEUDO, PseudoTranslations())
    shipped = language(code)
    if shipped is None:
        known = ", ".join(language_codes())
        raise ValueError(f"There is no language {code!r}; the languages are {known}.")
    if code == "en":
        return Translator(shipped, _gettext.NullTranslations())
    try:
        catalogue = _gettext.translation(DOMAIN, locale_dir, languages=[code])
    except OSError:
        raise ValueError(f"The {shipped.english_name} catalogue is missing.") from None
    return Translator(shipped, catalogue)
