"""Errors the store raises, each with a message a GM can read."""

from __future__ import annotations


class CampaignRefused(Exception):
    """The file cannot be opened as a campaign; it has been left exactly as it was."""


class ReadOnlyCampaign(Exception):
    """A write was asked of a campaign opened read-only."""

    def __init__(self) -> None:
        super().__init__(
            "This campaign is open read-only, because another GM Desk has it open. "
            "Close it there to make changes."
        )


class NotFound(Exception):
    """A row an action refers to is no longer in the campaign."""
