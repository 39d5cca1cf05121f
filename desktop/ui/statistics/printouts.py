"""The luck report's printouts from the Statistics view: the report shown, on paper or
as a PDF through the window's own print flows, and as CSV."""

from __future__ import annotations

from desktop.language import translator
from desktop.printing.statistics import export_statistics_pdf, paint_statistics
from desktop.store import Campaign
from desktop.ui.file_names import campaign_stem
from desktop.ui.print_choice import PrintJob
from desktop.ui.statistics_print import luck_print_data
from desktop.ui.window_language import tr
from desktop.views.statistics import LuckReport

__all__ = ["statistics_job"]


def statistics_job(
    campaign: Campaign, report: LuckReport, scope_words: str, printed_scope: str | None = None
) -> PrintJob:
    """The print job of `report`, the luck of `scope_words` ("game 3", "days 2 to 5",
    "the whole campaign", in the window's language) in `campaign`, as the Statistics
    view shows it; `printed_scope` is the same in the campaign's print language, for
    the page (`scope_words` without)."""
    name = campaign.summary().name
    stem = campaign_stem(name, campaign.path.stem)
    # The page in the campaign's print language; the dialogs' words in the window's.
    words = translator(campaign.print_language())
    printed = scope_words if printed_scope is None else printed_scope
    data = luck_print_data(report, name, printed[:1].upper() + printed[1:], words)
    return PrintJob(
        title=tr("Luck: {name}").format(name=name),
        what=tr("the luck of {scope}").format(scope=scope_words),
        file_name=tr("{name} luck.pdf").format(name=stem),
        paint=lambda device: paint_statistics(device, data, words),
        export=lambda path, paper: export_statistics_pdf(path, data, paper, words),
    )
