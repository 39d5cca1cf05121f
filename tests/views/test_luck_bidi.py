"""A name with a right-to-left override (typed or pasted in the roster, or the
campaign's own name) keeps it to itself in the luck sentences, the handout, the display
and the PDF's running footer, rather than turning the rest of the line around."""

from __future__ import annotations

from desktop.printing.statistics import LuckPrintData, running_footer
from desktop.rules.roster import isolated
from desktop.views.statistics import rolls_report
from desktop.views.tray_luck import TrayOddsCache
from tests.views.test_statistics import _record

OVERRIDE = "\u202eKara"  # shows as "araK", and so would everything after it


def test_a_name_with_an_override_is_isolated_in_its_sentence() -> None:
    rolls = [_record(i + 1, (6,), (4,), name=OVERRIDE) for i in range(6)]
    sentence = rolls_report(rolls, TrayOddsCache()).rollers[0].sentence
    assert sentence.startswith("\u2068\u202eKara\u2069 rolled above expectation")
    plain = rolls_report([_record(1, (6,), (4,), name="Kara")], TrayOddsCache())
    assert plain.rollers[0].sentence.startswith("Kara: too few")  # plain names untouched


def test_isolated_leaves_plain_and_right_to_left_names_alone() -> None:
    assert isolated("Kara") == "Kara"
    assert isolated("قمر") == "قمر"  # right-to-left letters need no isolate
    assert isolated("a\u202bb") == "\u2068a\u202bb\u2069"


def test_the_pdf_footer_keeps_the_campaigns_override_to_its_name() -> None:
    data = LuckPrintData("\u202eAshes", "The whole campaign", "", (), None, (), (), 0.0)
    assert running_footer(data) == "Roll statistics · \u2068\u202eAshes\u2069 · The whole campaign"
    plain = LuckPrintData("Ashes", "Game 2", "", (), None, (), (), 0.0)
    assert running_footer(plain) == "Roll statistics · Ashes · Game 2"
