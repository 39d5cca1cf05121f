"""Any file name is a campaign's name: "?" and "#" are part of it, never a URL's query."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

from desktop.store import Campaign

ODD_NAMES = ("What?mode=ro.gmdesk", "Heist #2?x=1&y=2.gmdesk", "100% done?.gmdesk")


@pytest.mark.parametrize("name", ODD_NAMES)
def test_a_campaign_named_with_url_characters_is_written_and_read_without_warnings(
    tmp_path: Path, data_dir: Path, name: str
) -> None:
    path = tmp_path / name
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # SQLAlchemy's SAWarning on a parsed "?" fails here
        with Campaign.create(path, data_dir=data_dir) as made:
            made.cards.add("Dagger", "skill", efficiency=12)
        with Campaign.open(path, data_dir=data_dir) as opened:
            opened.cards.add("Rope", "skill", efficiency=3)
            assert [card.name for card in opened.cards.all()] == ["Dagger", "Rope"]
    assert sorted(p.name for p in tmp_path.iterdir() if p.suffix == ".gmdesk") == [name]


def test_a_folder_named_full_does_not_make_a_refused_write_read_as_a_full_disk(
    tmp_path: Path,
) -> None:
    import errno

    from desktop.store.errors import failure_reason

    where = tmp_path / "Full moon" / "Ashes.gmdesk"
    refused = PermissionError(errno.EACCES, "Permission denied", str(where))
    assert failure_reason(refused, where)[0] == "the file or its disk has become read-only"
