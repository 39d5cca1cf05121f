"""Build GM Desk for the system this runs on: what `make package` runs.

    .venv/bin/python packaging/build.py             # dist/gm-desk/ (macOS: dist/GM Desk.app too)
    .venv/bin/python packaging/build.py --archive   # and the archive a user downloads

Runs PyInstaller on packaging/gm-desk.spec, then checks the result: the data files the
app reads at run time, the Qt plugins it needs, and (Linux) that no bundled library is
missing a library that the bundle was meant to carry. Exits non-zero when a check fails.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import subprocess
import sys
import tarfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import gm_desk_bundle as bundle

ROOT = bundle.ROOT
DIST = ROOT / "dist"
WORK = ROOT / "build" / "pyinstaller"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--archive", action="store_true", help="also pack the archive to ship")
    parser.add_argument("--clean", action="store_true", help="empty PyInstaller's cache first")
    parser.add_argument(
        "--no-build", action="store_true", help="check (and pack) the existing build only"
    )
    parser.add_argument(
        "--if-stale",
        action="store_true",
        help="build only when the existing build is older than a source (make dist)",
    )
    parser.add_argument("--dist", type=Path, default=DIST, help="where the build goes (dist/)")
    args = parser.parse_args(argv)
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        print("build.py: PyInstaller is missing; run `make package`", file=sys.stderr)
        return 2

    folder = args.dist / bundle.NAME
    if args.if_stale and bundle.build_is_fresh(folder):
        print(f"{folder} is newer than its sources: not built again")
    elif not args.no_build:
        started = time.perf_counter()
        bundle.run_pyinstaller(args.dist, WORK, clean=args.clean)
        # PyInstaller may reuse an unchanged executable from its cache with its old
        # time: the build is as new as this run (what --if-stale and the tests compare).
        os.utime(bundle.executable_of(folder))
        elapsed = time.perf_counter() - started
        size = bundle.folder_size(args.dist / bundle.NAME)
        print(
            f"built {args.dist / bundle.NAME} (GM Desk {bundle.version()}): "
            f"{size / 2**20:.1f} MiB in {elapsed:.0f} s"
        )
    problems = bundle.check_bundle(args.dist / bundle.NAME)
    if args.archive:
        print(f"archive: {make_archive(args.dist)}")
    for problem in problems:
        print(f"build.py: {problem}", file=sys.stderr)
    return 1 if problems else 0


def make_archive(dist: Path) -> Path:
    """The file a user downloads: .tar.gz on Linux, .zip on Windows and macOS."""
    machine = platform.machine().lower() or "unknown"
    stem = f"{bundle.NAME}-{bundle.version()}"
    if sys.platform == "darwin":
        target = dist / f"{stem}-macos-{machine}.zip"
        app = dist / f"{bundle.DISPLAY_NAME}.app"
        # ditto keeps the symbolic links and the signatures inside the frameworks.
        subprocess.run(
            ["ditto", "-c", "-k", "--sequesterRsrc", "--keepParent", str(app), str(target)],
            check=True,
        )
        return target
    if sys.platform == "win32":
        base = dist / f"{stem}-windows-{machine}"
        return Path(shutil.make_archive(str(base), "zip", dist, bundle.NAME))
    target = dist / f"{stem}-linux-{machine}.tar.gz"
    with tarfile.open(target, "w:gz", compresslevel=6) as archive:
        archive.add(dist / bundle.NAME, arcname=bundle.NAME)
    return target


if __name__ == "__main__":
    sys.exit(main())
