"""A campaign GM Desk left sound is not checked value by value again (store/trust.py),
and only while it is the very file, at the very path, that GM Desk left."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from desktop.store import Campaign, trust


@pytest.fixture
def left(tmp_path: Path, data_dir: Path) -> Path:
    path = tmp_path / "Left Sound.gmdesk"
    Campaign.create(path, data_dir=data_dir).close()  # GM Desk's close remembers it
    return path


def test_a_campaign_gm_desk_closed_is_trusted_until_touched(left: Path, data_dir: Path) -> None:
    assert trust.is_trusted(left, data_dir)
    stat = left.stat()
    os.utime(left, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000))  # another program
    assert not trust.is_trusted(left, data_dir)


def test_each_path_has_its_own_record(left: Path, tmp_path: Path, data_dir: Path) -> None:
    other = tmp_path / "Other.gmdesk"
    assert trust._record(left, data_dir) == trust._record(Path(str(left)), data_dir)
    assert trust._record(left, data_dir) != trust._record(other, data_dir)
    assert trust._record(left, data_dir).parent == data_dir / trust.FOLDER


def test_a_record_is_trusted_only_for_the_path_it_names(
    left: Path, tmp_path: Path, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Paths whose records share a name (the name is only a checksum) cost a full check,
    never a check skipped."""
    shared = tmp_path / "shared.json"
    monkeypatch.setattr(trust, "_record", lambda _path, _data_dir: shared)
    trust.remember(left, data_dir)
    assert trust.is_trusted(left, data_dir)
    record = json.loads(shared.read_text(encoding="utf-8"))
    record["path"] = str(tmp_path / "Another Campaign.gmdesk")
    shared.write_text(json.dumps(record), encoding="utf-8")
    assert not trust.is_trusted(left, data_dir)  # this very file, another path's record
