"""Build the Linux .deb from the one-folder build: what `make dist` runs after the archive.

    .venv/bin/python packaging/make_deb.py             # dist/gm-desk_VERSION_ARCH.deb
    .venv/bin/python packaging/make_deb.py --folder F  # from another one-folder build

The package puts the one-folder build under /opt/gm-desk, a /usr/bin/gm-desk link to
its executable, the menu entry, the icons and the `.gmdesk` MIME type under /usr/share.
No maintainer scripts: the menu, icon and MIME caches are refreshed by the triggers that
desktop-file-utils, hicolor-icon-theme and shared-mime-info declare on those folders.
Only `dpkg-deb` is needed (a Debian or Ubuntu machine); the staging is plain Python.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import gm_desk_bundle as bundle

ROOT = bundle.ROOT
PACKAGING = ROOT / "packaging"
INSTALL_DIR = Path("opt") / bundle.NAME
# dpkg wants a Maintainer with an address; a release build sets the real one.
MAINTAINER_VARIABLE = "GM_DESK_DEB_MAINTAINER"
DEFAULT_MAINTAINER = "The GM Desk team <gm-desk@maintainers.invalid>"

# What the bundled Qt needs from the system and never carries itself (see
# packaging/README.md): the X11 client libraries the xcb platform plugin links to (the
# ones README's "Installing GM Desk" lists), OpenGL/EGL, fontconfig, D-Bus and GLib. Some xcb
# helper libraries are bundled when the build machine has them; depending on them
# anyway costs a few kilobytes and keeps the package right if a build machine lacks one.
# tests/packaging/test_deb.py checks, against a real build, that every library the
# bundle links to and does not carry comes from one of these packages.
DEPENDS = (
    "libdbus-1-3",
    "libegl1",
    "libfontconfig1",
    "libfreetype6",
    "libgl1",
    "libglib2.0-0",
    "libx11-6",
    "libx11-xcb1",
    "libxcb-cursor0",
    "libxcb-icccm4",
    "libxcb-image0",
    "libxcb-keysyms1",
    "libxcb-randr0",
    "libxcb-render-util0",
    "libxcb-shape0",
    "libxcb-xkb1",
    "libxcb1",
    "libxkbcommon-x11-0",
    "libxkbcommon0",
)
# Printing to a printer goes through the system's CUPS; PDF output works without it.
# Wayland desktops run natively with the Wayland client libraries.
RECOMMENDS = ("libcups2", "libwayland-client0", "libwayland-cursor0", "libwayland-egl1")
DESCRIPTION = """\
Offline desk for the tabletop Game Master
 GM Desk keeps a tabletop campaign in one file: SySCards acts and challenges,
 the Energy System dice pool with exact odds, daily energy and downtime with
 clocks and factions. Everything works offline and every change can be undone."""

# Files of the one-folder build that the package places under /usr/share instead (the
# archive carries them for install.sh).
LEFT_IN_SHARE = ("install.sh", f"{bundle.NAME}.desktop", "gm-desk-mime.xml", "icons")


def deb_version(text: str) -> str:
    """A Python version as Debian orders it: '1.2.0rc1' -> '1.2.0~rc1' (before 1.2.0)."""
    for marker in ("rc", "b", "a", ".dev"):
        head, found, tail = text.partition(marker)
        if found and head and head[-1].isdigit():
            return f"{head}~{marker.lstrip('.')}{tail}"
    return text


def deb_architecture() -> str:
    """dpkg's name for this machine's architecture (amd64, arm64)."""
    if shutil.which("dpkg"):
        result = subprocess.run(
            ["dpkg", "--print-architecture"], capture_output=True, text=True, check=False
        )
        if result.returncode == 0 and result.stdout.strip():
            return result.stdout.strip()
    machine = platform.machine().lower()
    return {"x86_64": "amd64", "aarch64": "arm64"}.get(machine, machine)


def glibc_version() -> str | None:
    """The build machine's C library: the bundle runs on that version or newer."""
    name, found = platform.libc_ver()
    return found if name == "glibc" and found else None


def control(
    version: str,
    architecture: str,
    installed_kib: int,
    glibc: str | None = None,
    maintainer: str = DEFAULT_MAINTAINER,
) -> str:
    """The DEBIAN/control file."""
    depends = [f"libc6 (>= {glibc})" if glibc else "libc6", *DEPENDS]
    fields = {
        "Package": bundle.NAME,
        "Version": deb_version(version),
        "Architecture": architecture,
        "Maintainer": maintainer,
        "Installed-Size": str(installed_kib),
        "Depends": ", ".join(depends),
        "Recommends": ", ".join(RECOMMENDS),
        "Section": "games",
        "Priority": "optional",
        "Description": DESCRIPTION,
    }
    return "".join(f"{key}: {value}\n" for key, value in fields.items())


def copyright_file() -> str:
    """/usr/share/doc/gm-desk/copyright in Debian's machine-readable form."""
    licence = (ROOT / "LICENSE").read_text(encoding="utf-8").strip().splitlines()
    body = "\n".join(f" {line}" if line.strip() else " ." for line in licence)
    return (
        "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n"
        f"Upstream-Name: {bundle.DISPLAY_NAME}\n\n"
        "Files: *\n"
        "Copyright: The GM Desk team\n"
        f"License: MIT\n{body}\n"
    )


def stage(folder: Path, root: Path, version: str, architecture: str) -> None:
    """Lay out the package's files under `root` as they are installed, and DEBIAN/."""
    target = root / INSTALL_DIR
    shutil.copytree(
        folder,
        target,
        symlinks=True,
        ignore=lambda where, names: (
            [name for name in names if name in LEFT_IN_SHARE] if Path(where) == folder else []
        ),
    )
    bin_dir = root / "usr" / "bin"
    bin_dir.mkdir(parents=True)
    # PyInstaller's bootloader finds its _internal folder from /proc/self/exe, so a
    # link works where a copy of the executable would not.
    (bin_dir / bundle.NAME).symlink_to(Path("/") / INSTALL_DIR / bundle.NAME)
    share = root / "usr" / "share"
    (share / "applications").mkdir(parents=True)
    shutil.copy2(
        PACKAGING / f"{bundle.NAME}.desktop", share / "applications" / f"{bundle.NAME}.desktop"
    )
    (share / "mime" / "packages").mkdir(parents=True)
    shutil.copy2(PACKAGING / "gm-desk-mime.xml", share / "mime" / "packages" / "gm-desk.xml")
    shutil.copytree(folder / "icons" / "hicolor", share / "icons" / "hicolor")
    doc = share / "doc" / bundle.NAME
    doc.mkdir(parents=True)
    (doc / "copyright").write_text(copyright_file(), encoding="utf-8")
    _normalise_modes(root)
    installed = sum(
        path.lstat().st_size for path in root.rglob("*") if not path.is_dir()
    ) + 4096 * sum(1 for path in root.rglob("*") if path.is_dir())
    debian = root / "DEBIAN"
    debian.mkdir()
    (debian / "control").write_text(
        control(
            version,
            architecture,
            (installed + 1023) // 1024,
            glibc_version(),
            os.environ.get(MAINTAINER_VARIABLE) or DEFAULT_MAINTAINER,
        ),
        encoding="utf-8",
    )
    os.chmod(debian, 0o755)
    os.chmod(debian / "control", 0o644)


def _normalise_modes(root: Path) -> None:
    """0755 for folders and executables, 0644 for every other file (as lintian wants),
    whatever the build machine's umask was."""
    for path in [root, *root.rglob("*")]:
        if path.is_symlink():
            continue
        if path.is_dir() or path.stat().st_mode & 0o111:
            os.chmod(path, 0o755)
        else:
            os.chmod(path, 0o644)


def build(folder: Path, dist: Path, version: str, architecture: str) -> Path:
    """dist/gm-desk_VERSION_ARCH.deb from the one-folder build at `folder`."""
    if not (folder / bundle.NAME).is_file():
        raise FileNotFoundError(f"{folder / bundle.NAME} is missing: run `make package`")
    if shutil.which("dpkg-deb") is None:
        raise FileNotFoundError("dpkg-deb is missing: build the .deb on Debian or Ubuntu")
    target = dist / f"{bundle.NAME}_{deb_version(version)}_{architecture}.deb"
    with tempfile.TemporaryDirectory(prefix="gm-desk-deb-") as scratch:
        root = Path(scratch) / "root"
        stage(folder, root, version, architecture)
        # --root-owner-group: every file root:root whoever builds; gzip packs the
        # hundred megabytes in seconds where xz takes a minute, for 15% more size.
        subprocess.run(
            ["dpkg-deb", "--root-owner-group", "-Zgzip", "--build", str(root), str(target)],
            check=True,
            stdout=subprocess.DEVNULL,
        )
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--folder", type=Path, default=ROOT / "dist" / bundle.NAME, help="the one-folder build"
    )
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="where the .deb goes")
    args = parser.parse_args(argv)
    try:
        target = build(args.folder, args.dist, bundle.version(), deb_architecture())
    except (FileNotFoundError, subprocess.CalledProcessError) as error:
        print(f"make_deb.py: {error}", file=sys.stderr)
        return 1
    print(f"deb: {target} ({target.stat().st_size / 2**20:.1f} MiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
