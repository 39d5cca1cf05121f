"""The lock follows the campaign file, not its name: a second GM Desk opening the same
file under another name (a hard link, a symlink) is told who holds it, as for the same
name. Real processes, real links."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest

from desktop.store import Campaign, ReadOnlyCampaign
from desktop.store.backups import copy_database
from desktop.store.lock import CampaignLock, CampaignLocked, lock_path
from tests.store.other_gm_desk import open_elsewhere

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals and links")


@pytest.fixture
def original(tmp_path: Path, data_dir: Path) -> Path:
    path = tmp_path / "campaigns" / "Ashes.gmdesk"
    path.parent.mkdir()
    Campaign.create(path, data_dir=data_dir, start_date=date(2026, 3, 1)).close()
    return path


def hard_link(original: Path, tmp_path: Path) -> Path:
    other = tmp_path / "elsewhere" / "Same file.gmdesk"
    other.parent.mkdir(exist_ok=True)
    os.link(original, other)
    return other


def symlink(original: Path, tmp_path: Path) -> Path:
    other = tmp_path / "elsewhere" / "Link.gmdesk"
    other.parent.mkdir(exist_ok=True)
    other.symlink_to(original)
    return other


LINKS = {"hard link": hard_link, "symlink": symlink}
# A campaign with a second name opens read-only (`files.unwritable_reason`): only a
# symlinked one has a writer to race with.
WRITABLE_LINKS = {"symlink": symlink}


def beside(path: Path) -> list[str]:
    return sorted(p.name for p in path.parent.iterdir())


@pytest.fixture
def writer_at(data_dir: Path) -> Iterator[object]:
    """Starts another GM Desk writing the campaign under a given name."""
    started: list[subprocess.Popen[str]] = []

    def start(name: Path) -> subprocess.Popen[str]:
        started.append(open_elsewhere(name, data_dir))
        return started[-1]

    yield start
    for process in started:
        process.kill()
        process.wait()


@pytest.mark.parametrize("link", WRITABLE_LINKS)
@pytest.mark.parametrize("held_through", ["original", "link"])
def test_a_second_writer_through_another_name_is_told_who_holds_it(
    original: Path, tmp_path: Path, data_dir: Path, writer_at: object, link: str, held_through: str
) -> None:
    other = LINKS[link](original, tmp_path)
    held, opened = (original, other) if held_through == "original" else (other, original)
    holder = writer_at(held)  # type: ignore[operator]
    before = beside(opened)

    with pytest.raises(CampaignLocked) as refused:
        Campaign.open(opened, data_dir=data_dir)

    message = str(refused.value)
    assert refused.value.holder.pid == holder.pid
    assert message.startswith(
        f"This campaign is already open in GM Desk (process {holder.pid} on host "
        f"'{socket.gethostname()}', user '"
    )
    assert ", since " in message  # the holder's own lock file was found and read
    assert message.endswith("You can open it read-only instead.")
    assert beside(opened) == before  # no lock file, -wal or -shm of our own beside it
    # Read-only, as offered, it opens.
    with Campaign.open(opened, data_dir=data_dir, read_only=True) as viewer:
        assert viewer.read_only
        viewer.roster.all()


@pytest.mark.parametrize("link", WRITABLE_LINKS)
def test_a_killed_holder_lets_the_file_go_under_every_name(
    original: Path, tmp_path: Path, data_dir: Path, writer_at: object, link: str
) -> None:
    other = LINKS[link](original, tmp_path)
    holder = writer_at(other)  # type: ignore[operator]
    os.kill(holder.pid, signal.SIGKILL)
    holder.wait()
    with Campaign.open(original, data_dir=data_dir) as campaign:
        campaign.roster.add("Lio")
    assert not lock_path(original).exists()


@pytest.mark.parametrize("opened_through", ["original", "link"])
def test_a_hard_linked_campaign_opens_read_only_under_both_names_and_says_why(
    original: Path, tmp_path: Path, data_dir: Path, opened_through: str
) -> None:
    # SQLite keeps the -wal beside the name a file was opened by: a writer killed under
    # one name leaves its last changes where a writer under the other name never looks,
    # and overwrites them ("database disk image is malformed" at the next open).
    other = hard_link(original, tmp_path)
    content = original.read_bytes()
    name = original if opened_through == "original" else other
    with Campaign.open(name, data_dir=data_dir) as campaign:
        assert campaign.read_only
        assert campaign.read_only_reason is not None
        assert "second name on this disk (a hard link)" in campaign.read_only_reason
        with pytest.raises(ReadOnlyCampaign, match="save a copy"):
            campaign.roster.add("Lio")
    assert original.read_bytes() == content
    assert not lock_path(original).exists() and not lock_path(other).exists()
    other.unlink()  # one name again: it is written as before
    with Campaign.open(original, data_dir=data_dir) as campaign:
        assert not campaign.read_only
        campaign.roster.add("Lio")


def test_a_hard_link_made_while_a_writer_holds_the_file_opens_read_only(
    original: Path, tmp_path: Path, data_dir: Path, writer_at: object
) -> None:
    writer_at(original)  # type: ignore[operator]
    other = hard_link(original, tmp_path)
    before = beside(other)
    with Campaign.open(other, data_dir=data_dir) as viewer:
        assert viewer.read_only
    assert beside(other) == before


def test_a_lock_taken_through_a_hard_link_is_seen_through_the_other_name(
    original: Path, tmp_path: Path
) -> None:
    other = hard_link(original, tmp_path)
    with CampaignLock.acquire(other):
        holder = CampaignLock.read_holder(original)
        assert holder is not None
        assert holder.pid == os.getpid()
        assert holder.since is not None  # read from the lock file beside the other name
        with pytest.raises(CampaignLocked):
            CampaignLock.acquire(original)
    assert CampaignLock.read_holder(original) is None
    CampaignLock.acquire(original).release()


def test_a_symlinked_campaign_is_locked_beside_the_file_it_names(
    original: Path, tmp_path: Path
) -> None:
    other = symlink(original, tmp_path)
    with CampaignLock.acquire(other):
        assert lock_path(original).exists()
        assert not lock_path(other).exists()


@pytest.mark.parametrize("link", WRITABLE_LINKS)
def test_save_a_copy_over_another_name_of_a_held_campaign_is_refused(
    original: Path, tmp_path: Path, data_dir: Path, writer_at: object, link: str
) -> None:
    other = LINKS[link](original, tmp_path)
    source = tmp_path / "source.gmdesk"
    Campaign.create(source, data_dir=data_dir).close()
    writer_at(original)  # type: ignore[operator]
    content = original.read_bytes()
    with pytest.raises(ValueError, match="is open in GM Desk"):
        copy_database(source, other)
    assert original.read_bytes() == content


def test_a_file_system_without_file_locks_keeps_the_lock_file(
    original: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import errno

    from desktop.store import file_hold

    def no_locks(*args: object) -> bytes:
        raise OSError(errno.ENOLCK, "No locks available")

    monkeypatch.setattr(file_hold, "_ofd", no_locks)
    with CampaignLock.acquire(original):
        assert lock_path(original).exists()
        holder = CampaignLock.read_holder(original)
        assert holder is not None and holder.pid == os.getpid()
        with pytest.raises(CampaignLocked):
            CampaignLock.acquire(original)
