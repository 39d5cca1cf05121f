"""GM Desk: an offline desk for the Game Master."""

__version__ = "0.1.0"
