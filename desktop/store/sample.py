"""The sample campaign: made on first run from the JSON shipped in resources/.

The shipped JSON is never edited; the GM's copy lives in the user data folder.
"""

from __future__ import annotations

from pathlib import Path

from desktop.store.exchange import import_campaign, trusted_images

SAMPLE_JSON = "sample-campaign.json"
SAMPLE_FILE = "Sample Campaign.gmdesk"


def ensure_sample_campaign(data_dir: Path, resources: Path) -> Path:
    """The path of the GM's copy of the sample campaign, made from resources/ if missing."""
    target = data_dir / SAMPLE_FILE
    if not target.exists():
        # Shipped with GM Desk, and made before Qt is loaded: its images are known good.
        import_campaign(
            resources / SAMPLE_JSON, target, data_dir=data_dir, images=trusted_images
        ).close()
    return target
