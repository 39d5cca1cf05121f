"""The pseudo-locale: every message about 40% longer and accented, so that a test (and a
look) finds text a language longer than English would clip, and words never marked
for translation (they stay plain English among the accented ones).

Placeholders (``{count}``), markup (``<b>``), ``%`` formats and the ``&`` of a mnemonic
are kept as they are: a pseudo-translated message still formats and still has its
keyboard shortcut."""

from __future__ import annotations

import gettext as _gettext
import math
import re
from typing import Final

from desktop.language.languages import Language

__all__ = ["PSEUDO", "PseudoTranslations", "pseudo"]

# Not one of LANGUAGES: a tester's language, offered by --window-language only.
PSEUDO: Final = Language("pseudo", "Pseudo", "Pseudo-locale", ",", ".")

_ACCENTED: Final = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "àƀçđéƒĝĥîĵķĺɱñöþǫŕšţûṽŵẋýžÀƁÇĐÉƑĜĤÎĴĶĹṀÑÖÞǪŔŠŢÛṼŴẊÝŽ",
)
# What must reach the formatter and Qt untouched.
_KEPT: Final = re.compile(r"\{[^{}]*\}|<[^<>]*>|&[a-zA-Z]+;|%[a-zA-Z%]|%\d+|&&|&(?=\w)")
_LONGER: Final = 0.4


def pseudo(message: str) -> str:
    """``message`` accented and padded to about 140% of its length, in brackets."""
    if not message:
        return message
    parts: list[str] = []
    shown = 0
    last = 0
    for kept in _KEPT.finditer(message):
        text = message[last : kept.start()]
        parts.append(text.translate(_ACCENTED))
        parts.append(kept.group())
        shown += len(text)
        last = kept.end()
    tail = message[last:]
    parts.append(tail.translate(_ACCENTED))
    shown += len(tail)
    padding = "·" * max(1, math.ceil(shown * _LONGER) - 2)
    return f"⟦{''.join(parts)}{padding}⟧"


class PseudoTranslations(_gettext.NullTranslations):
    """A catalogue that has every message: its pseudo-translation."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)
