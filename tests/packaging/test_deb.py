"""The Linux .deb: its control file, and a package built from a small stand-in build.

The stand-in (a shell script as the executable, the real menu entry, icons and MIME
file) makes the packaging itself testable in a second; `.ci/run` installs the real
package built by `make dist` and starts it from its menu entry.
"""

from __future__ import annotations

import configparser
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tests.packaging.conftest import load_packaging_module

ROOT = Path(__file__).resolve().parents[2]
needs_dpkg = pytest.mark.skipif(
    shutil.which("dpkg-deb") is None, reason="dpkg-deb: a Debian or Ubuntu machine"
)


@pytest.fixture(scope="module")
def make_deb() -> ModuleType:
    return load_packaging_module("make_deb")


def control_fields(text: str) -> dict[str, str]:
    fields: dict[str, str] = {}
    key = ""
    for line in text.splitlines():
        if line.startswith(" "):
            fields[key] += "\n" + line
        else:
            key, _, value = line.partition(": ")
            fields[key] = value
    return fields


def test_python_versions_become_debian_versions(make_deb: ModuleType) -> None:
    assert make_deb.deb_version("0.1.0") == "0.1.0"
    assert make_deb.deb_version("1.2.0rc1") == "1.2.0~rc1"
    assert make_deb.deb_version("1.2.0b2") == "1.2.0~b2"
    assert make_deb.deb_version("1.2.0.dev3") == "1.2.0~dev3"


@needs_dpkg
def test_a_pre_release_sorts_before_its_release(make_deb: ModuleType) -> None:
    earlier, later = make_deb.deb_version("1.2.0rc1"), make_deb.deb_version("1.2.0")
    result = subprocess.run(["dpkg", "--compare-versions", earlier, "lt", later], check=False)
    assert result.returncode == 0


def test_the_control_file(make_deb: ModuleType) -> None:
    fields = control_fields(make_deb.control("1.4.2", "amd64", 123, "2.35"))
    assert fields["Package"] == "gm-desk"
    assert fields["Version"] == "1.4.2"
    assert fields["Architecture"] == "amd64"
    assert fields["Installed-Size"] == "123"
    depends = fields["Depends"].split(", ")
    assert depends[0] == "libc6 (>= 2.35)"
    # What README's "Installing GM Desk" tells a user to install for Qt's X11 plugin.
    assert {"libxcb-cursor0", "libxkbcommon-x11-0", "libxcb-icccm4", "libegl1"} <= set(depends)
    assert "libcups2" in fields["Recommends"].split(", ")
    summary, *long = fields["Description"].splitlines()
    assert summary and len(summary) < 80 and long
    assert all(line.startswith(" ") for line in long)
    assert "<" in fields["Maintainer"] and fields["Maintainer"].endswith(">")


def fake_build(folder: Path) -> Path:
    """A one-folder build's shape: executable, _internal/, and what the spec adds."""
    folder.mkdir(parents=True)
    executable = folder / "gm-desk"
    executable.write_text('#!/bin/sh\necho gm-desk stand-in "$@"\n', encoding="utf-8")
    executable.chmod(0o700)
    (folder / "_internal").mkdir()
    (folder / "_internal" / "libpython3.11.so.1.0").write_bytes(b"\x7fELF stand-in")
    (folder / "_internal" / "libpython3.so").symlink_to("libpython3.11.so.1.0")
    for name in ("gm-desk.desktop", "gm-desk-mime.xml"):
        shutil.copy2(ROOT / "packaging" / name, folder / name)
    shutil.copy2(ROOT / "packaging" / "install-linux.sh", folder / "install.sh")
    icons = folder / "icons" / "hicolor" / "48x48" / "apps"
    icons.mkdir(parents=True)
    shutil.copy2(ROOT / "icons" / "gm-desk-48.png", icons / "gm-desk.png")
    return folder


@needs_dpkg
def test_the_package_installs_the_build_the_menu_entry_and_the_mime_type(
    make_deb: ModuleType, tmp_path: Path
) -> None:
    folder = fake_build(tmp_path / "gm-desk")
    deb = make_deb.build(folder, tmp_path, "1.4.2", "amd64")
    assert deb.name == "gm-desk_1.4.2_amd64.deb"
    fields = control_fields(
        subprocess.run(
            ["dpkg-deb", "--field", str(deb)], capture_output=True, text=True, check=True
        ).stdout
    )
    assert fields["Package"] == "gm-desk" and fields["Version"] == "1.4.2"
    listing = subprocess.run(
        ["dpkg-deb", "--contents", str(deb)], capture_output=True, text=True, check=True
    ).stdout.splitlines()
    entries = {line.split()[5].removeprefix("."): line.split() for line in listing}
    assert entries["/opt/gm-desk/gm-desk"][:2] == ["-rwxr-xr-x", "root/root"]
    assert entries["/opt/gm-desk/_internal/libpython3.11.so.1.0"][0] == "-rw-r--r--"
    assert entries["/opt/gm-desk/_internal/libpython3.so"][-1] == "libpython3.11.so.1.0"
    assert entries["/usr/bin/gm-desk"][-1] == "/opt/gm-desk/gm-desk"
    assert "/usr/share/applications/gm-desk.desktop" in entries
    assert "/usr/share/mime/packages/gm-desk.xml" in entries
    assert "/usr/share/icons/hicolor/48x48/apps/gm-desk.png" in entries
    assert "/usr/share/doc/gm-desk/copyright" in entries
    # What only the archive's per-user install needs stays out of /opt.
    assert not any(
        path.startswith(("/opt/gm-desk/install.sh", "/opt/gm-desk/icons", "/opt/gm-desk/gm-"))
        and path != "/opt/gm-desk/gm-desk"
        for path in entries
    )
    # No maintainer scripts: the system's triggers refresh the menu, icon and MIME caches.
    scripts = subprocess.run(
        ["dpkg-deb", "--info", str(deb)], capture_output=True, text=True, check=True
    ).stdout
    assert not any(name in scripts for name in ("postinst", "postrm", "preinst", "prerm"))


@needs_dpkg
def test_the_installed_menu_entry_starts_the_linked_executable(
    make_deb: ModuleType, tmp_path: Path
) -> None:
    """Unpacked (not installed) into a folder: the entry's command is found on PATH."""
    deb = make_deb.build(fake_build(tmp_path / "gm-desk"), tmp_path, "1.4.2", "amd64")
    unpacked = tmp_path / "unpacked"
    subprocess.run(["dpkg-deb", "--extract", str(deb), str(unpacked)], check=True)
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(unpacked / "usr/share/applications/gm-desk.desktop", encoding="utf-8")
    command = parser["Desktop Entry"]["Exec"].split()[0]
    assert (unpacked / "usr/bin" / command).is_symlink()
    executable = unpacked / "opt/gm-desk/gm-desk"
    assert stat.S_IMODE(executable.stat().st_mode) == 0o755
    result = subprocess.run([str(executable), "--smoke-test"], capture_output=True, text=True)
    assert result.stdout.strip() == "gm-desk stand-in --smoke-test"


def test_a_missing_build_is_a_plain_message(make_deb: ModuleType, tmp_path: Path) -> None:
    assert make_deb.main(["--folder", str(tmp_path / "nothing"), "--dist", str(tmp_path)]) == 1
    assert not list(tmp_path.glob("*.deb"))


def system_libraries_needed(bundle: ModuleType, folder: Path) -> set[str]:
    """Libraries the build links to directly and does not carry."""
    carried = {path.name for path in folder.rglob("*")}
    needed: set[str] = set()
    for path in folder.rglob("*"):
        if path.is_file() and not path.is_symlink():
            needed.update(name for name, _ in bundle.elf_needed(str(path)) if name not in carried)
    return needed


@pytest.mark.skipif(
    os.environ.get("GM_DESK_TEST_PACKAGE") != "1" or shutil.which("dpkg") is None,
    reason="needs a real build (GM_DESK_TEST_PACKAGE=1) on Debian or Ubuntu",
)
def test_every_system_library_the_build_needs_is_a_declared_dependency(
    bundle: ModuleType, make_deb: ModuleType
) -> None:
    folder = ROOT / "dist" / "gm-desk"
    assert sys.platform.startswith("linux") and (folder / "gm-desk").is_file()
    declared = {"libc6", *make_deb.DEPENDS, *make_deb.RECOMMENDS}
    needed = system_libraries_needed(bundle, folder)
    assert "libEGL.so.1" in needed  # OpenGL is never bundled
    undeclared = {}
    for library in sorted(needed):
        result = subprocess.run(["dpkg", "-S", library], capture_output=True, text=True)
        owners = {line.split(":", 1)[0] for line in result.stdout.splitlines()}
        if owners and not owners & declared:  # not installed here: nothing to tell
            undeclared[library] = sorted(owners)
    assert not undeclared
