"""The undo step of printing's one campaign setting: the print language."""

from __future__ import annotations

from desktop.language import language
from desktop.ui.commands import StoreCommand
from desktop.ui.session import CampaignSession


class SetPrintLanguage(StoreCommand):
    """Print the cards and sheets in another language; undo goes back to the last one."""

    def __init__(self, session: CampaignSession, code: str) -> None:
        shipped = language(code)
        super().__init__(session, f"Print in {shipped.english_name if shipped else code}")
        self._code = code
        self._previous: str | None = None

    def apply(self) -> None:
        previous = self.session.campaign.set_print_language(self._code)
        if self._previous is None:
            self._previous = previous

    def revert(self) -> None:
        assert self._previous is not None
        self.session.campaign.set_print_language(self._previous)
