"""A whole campaign as versioned JSON: export, and import that checks before it writes.

The public face of store/exchange: export (export.py), reading and checking an export
(reading.py, by the pydantic models of models.py, imported only then) and writing the
new campaign file (writing.py). Nothing here imports pydantic, so the program starts
without it.
"""

from desktop.store.exchange.document import (
    FORMAT,
    VERSION,
    CampaignDocument,
    Cancelled,
    ImageCheck,
    ImportRefused,
    Progress,
    trusted_images,
)
from desktop.store.exchange.export import export_campaign, export_document
from desktop.store.exchange.reading import parse_document, read_document
from desktop.store.exchange.writing import import_campaign, write_document

__all__ = [
    "FORMAT",
    "VERSION",
    "CampaignDocument",
    "Cancelled",
    "ImageCheck",
    "ImportRefused",
    "Progress",
    "export_campaign",
    "export_document",
    "import_campaign",
    "parse_document",
    "read_document",
    "trusted_images",
    "write_document",
]
