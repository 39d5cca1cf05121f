"""Remembering which campaign files GM Desk itself left sound, to skip re-checking them.

Checking every stored value costs a read of the whole campaign; SQLite's `quick_check`
and the schema check run on every open regardless. A file GM Desk closed (or fully
checked) and that nobody has touched since - same device, inode, size, modification
time, inode change time and header counters, and no `-wal` beside it - needs no second
look at its values. Any other program's write changes the fingerprint, and the next
open checks it all.

The change time (`st_ctime`) is what makes that true: size, mtime and the counters are
all in a writer's hands (a hex editor keeps the size; `touch -r` sets the mtime back),
but the kernel sets the change time to "now" on every write, chmod, link or utime, and
no call sets it back. Only a clock turned back or a raw disk write escapes it; either
takes root. Where it is the creation time instead (Windows), the mtime and the rest
still count as before.

The fingerprints live in the data folder (never beside the campaign), one small file
per campaign; failing to read or write them only means checking again.
"""

from __future__ import annotations

import contextlib
import json
import os
import zlib
from pathlib import Path

from desktop.partial_files import partial_name

FOLDER = "checked"


def fingerprint(path: Path) -> list[int] | None:
    """What identifies this exact state of the file; None while a -wal holds changes
    (an empty one, as a read-only reader leaves, holds none)."""
    try:
        if os.stat(path.with_name(path.name + "-wal")).st_size:
            return None  # changes not yet in the file itself
    except FileNotFoundError:
        pass
    except OSError:
        return None
    try:
        info = os.stat(path)
        with path.open("rb") as handle:
            header = handle.read(100)
    except OSError:
        return None
    counters = [int.from_bytes(header[24:28], "big"), int.from_bytes(header[92:96], "big")]
    return [info.st_size, info.st_mtime_ns, info.st_ino, *counters, info.st_ctime_ns, info.st_dev]


def _record(path: Path, data_dir: Path) -> Path:
    # The name only tells campaigns apart: a record is trusted only for the path it
    # names and the very state of the file, so paths that share a name only cost a full
    # check. Two CRC-32s (of the path, and of it reversed) rather than hashlib, whose
    # OpenSSL costs every start some 3 ms.
    text = str(path.absolute()).encode("utf-8", "surrogatepass")
    return data_dir / FOLDER / f"{zlib.crc32(text):08x}{zlib.crc32(text[::-1]):08x}.json"


def is_trusted(path: Path, data_dir: Path) -> bool:
    """True when GM Desk left the file in exactly this state after checking it."""
    now = fingerprint(path)
    if now is None:
        return False
    try:
        stored = json.loads(_record(path, data_dir).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    if not isinstance(stored, dict) or stored.get("path") != str(path.absolute()):
        return False
    return stored.get("fingerprint") == now


def remember(path: Path, data_dir: Path) -> None:
    """Note the file's present state as sound (after a full check, or GM Desk's close)."""
    now = fingerprint(path)
    record = _record(path, data_dir)
    if now is None:
        forget(path, data_dir)
        return
    with contextlib.suppress(OSError):
        record.parent.mkdir(parents=True, exist_ok=True)
        # The one partial name: one a killed GM Desk leaves is swept at the next start.
        partial = record.with_name(partial_name(record.name))
        written = {"path": str(path.absolute()), "fingerprint": now}
        partial.write_text(json.dumps(written), encoding="utf-8")
        os.replace(partial, record)


def forget(path: Path, data_dir: Path) -> None:
    with contextlib.suppress(OSError):
        _record(path, data_dir).unlink()
