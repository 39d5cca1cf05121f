"""The undo step of printing's one campaign setting: the print language."""

from __future__ import annotations

from desktop.language import N_
from desktop.ui.commands import StoreCommand
from desktop.ui.session import CampaignSession
from desktop.ui.window_language import tr

# The undo step's name, a whole sentence for each language (its grammar differs).
PRINT_IN = {
    "en": N_("Print in English"),
    "fr": N_("Print in French"),
    "de": N_("Print in German"),
    "es": N_("Print in Spanish"),
}


class SetPrintLanguage(StoreCommand):
    """Print the cards and sheets in another language; undo goes back to the last one."""

    def __init__(self, session: CampaignSession, code: str) -> None:
        said = PRINT_IN.get(code)
        text = tr(said) if said is not None else tr("Print in {language}").format(language=code)
        super().__init__(session, text)
        self._code = code
        self._previous: str | None = None

    def apply(self) -> None:
        previous = self.session.campaign.set_print_language(self._code)
        if self._previous is None:
            self._previous = previous

    def revert(self) -> None:
        assert self._previous is not None
        self.session.campaign.set_print_language(self._previous)
