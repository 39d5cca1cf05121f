"""`.gmdesk` files open in GM Desk on every system, declared alike in each system's file.

Linux: the desktop entry and the shared-mime-info file (both in the archive and the
.deb); macOS: the Info.plist the spec writes; Windows: the Inno Setup installer's
registry entries. The release workflow then checks the installed associations for real
(the Windows registry after a silent install, the .deb's MIME type after installing).
"""

from __future__ import annotations

import configparser
import plistlib
import re
import runpy
import xml.etree.ElementTree as ElementTree
from pathlib import Path, PureWindowsPath
from types import ModuleType

import pytest

from desktop.app import parse_args

ROOT = Path(__file__).resolve().parents[2]
PACKAGING = ROOT / "packaging"
MIME_NS = "{http://www.freedesktop.org/standards/shared-mime-info}"


def desktop_entry() -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(PACKAGING / "gm-desk.desktop", encoding="utf-8")
    return parser["Desktop Entry"]


def mime_type() -> ElementTree.Element:
    root = ElementTree.parse(PACKAGING / "gm-desk-mime.xml").getroot()
    (element,) = root.findall(f"{MIME_NS}mime-type")
    return element


def inno_setup() -> tuple[dict[str, str], str]:
    """The installer script's #defines, and its text with them filled in."""
    text = (PACKAGING / "gm-desk.iss").read_text(encoding="utf-8")
    defines = dict(re.findall(r'^#define (\w+) "([^"]*)"', text, flags=re.MULTILINE))
    for name, value in defines.items():
        text = text.replace("{#" + name + "}", value)
    return defines, text


def registry(text: str) -> list[dict[str, str]]:
    """The [Registry] entries as dictionaries of their parameters."""
    section = text.split("[Registry]", 1)[1].split("\n[", 1)[0]
    entries = []
    for line in section.splitlines():
        if line.startswith("Root:"):
            fields = re.findall(r'(\w+): ("(?:[^"]|"")*"|[^;]+)', line)
            entries.append({key: unquote(value.strip()) for key, value in fields})
    return entries


def unquote(value: str) -> str:
    """An Inno Setup string: in double quotes, a quote inside doubled."""
    if len(value) >= 2 and value[0] == value[-1] == '"':
        return value[1:-1].replace('""', '"')
    return value


def test_one_mime_type_everywhere(bundle: ModuleType) -> None:
    _, iss = inno_setup()
    plist = bundle.info_plist("1.0.0")
    (exported,) = plist["UTExportedTypeDeclarations"]
    declared = {
        "bundle": bundle.DOCUMENT_MIME,
        "mime file": mime_type().get("type"),
        "desktop entry": desktop_entry()["MimeType"].rstrip(";"),
        "Info.plist": exported["UTTypeTagSpecification"]["public.mime-type"][0],
        "installer": next(
            entry["ValueData"]
            for entry in registry(iss)
            if entry.get("ValueName") == "Content Type"
        ),
    }
    assert set(declared.values()) == {"application/x-gmdesk-campaign"}, declared


def test_one_file_suffix_everywhere(bundle: ModuleType) -> None:
    _, iss = inno_setup()
    (glob,) = mime_type().findall(f"{MIME_NS}glob")
    assert glob.get("pattern") == f"*.{bundle.DOCUMENT_SUFFIX}"
    (exported,) = bundle.info_plist("1.0.0")["UTExportedTypeDeclarations"]
    assert exported["UTTypeTagSpecification"]["public.filename-extension"] == ["gmdesk"]
    subkeys = {entry["Subkey"] for entry in registry(iss)}
    assert r"Software\Classes\.gmdesk" in subkeys


def test_the_file_type_has_the_app_icon(bundle: ModuleType) -> None:
    (icon,) = mime_type().findall(f"{MIME_NS}icon")
    assert icon.get("name") == desktop_entry()["Icon"] == bundle.NAME
    assert (ROOT / "icons" / f"{bundle.NAME}.svg").is_file()
    (document,) = bundle.info_plist("1.0.0")["CFBundleDocumentTypes"]
    assert (ROOT / "icons" / document["CFBundleTypeIconFile"]).is_file()


def test_linux_passes_the_double_clicked_file_as_the_argument() -> None:
    command = desktop_entry()["Exec"].split()
    assert command == ["gm-desk", "%f"]  # %f: one local file, as a path
    args = parse_args(["/home/gm/Saltmarsh.gmdesk"])
    assert args.campaign == Path("/home/gm/Saltmarsh.gmdesk")


def test_windows_passes_the_double_clicked_file_as_the_argument(bundle: ModuleType) -> None:
    defines, iss = inno_setup()
    assert defines["AppExe"] == f"{bundle.NAME}.exe"
    entries = {(entry["Subkey"], entry.get("ValueName", "")): entry for entry in registry(iss)}
    progid = defines["ProgId"]
    assert entries[(r"Software\Classes\.gmdesk", "")]["ValueData"] == progid
    assert progid in {name for subkey, name in entries if subkey.endswith("OpenWithProgids")}
    command = entries[(rf"Software\Classes\{progid}\shell\open\command", "")]["ValueData"]
    assert command == r'"{app}\gm-desk.exe" "%1"'
    # Every entry goes at uninstall: the ProgID key whole, the rest value by value.
    assert "uninsdeletekey" in entries[(rf"Software\Classes\{progid}", "")]["Flags"]
    assert all(
        "uninsdelete" in entry.get("Flags", "") or progid in entry["Subkey"]
        for entry in entries.values()
    )
    # What Windows hands over, with spaces in the path, is one argument to argparse.
    double_clicked = PureWindowsPath(r"C:\Users\Gwen\Documents\The Saltmarsh Ledger.gmdesk")
    args = parse_args([str(double_clicked)])
    assert str(args.campaign) == str(double_clicked)


def test_the_installer_is_built_from_the_one_folder_build(bundle: ModuleType) -> None:
    _, iss = inno_setup()
    setup = dict(
        line.split("=", 1)
        for line in iss.split("[Setup]", 1)[1].split("\n[", 1)[0].splitlines()
        if "=" in line and not line.startswith(";")
    )
    assert re.fullmatch(r"\{\{[0-9A-F]{8}(-[0-9A-F]{4}){3}-[0-9A-F]{12}\}", setup["AppId"])
    assert setup["AppName"] == bundle.DISPLAY_NAME
    assert setup["PrivilegesRequired"] == "lowest"  # no administrator needed
    assert setup["ChangesAssociations"] == "yes"
    # The release workflow picks the installer up by this name.
    assert setup["OutputBaseFilename"] == "gm-desk-{#AppVersion}-windows-x64-setup"
    for key in ("SetupIconFile", "LicenseFile"):
        assert (PACKAGING / PureWindowsPath(setup[key]).as_posix()).is_file(), key
    assert re.search(r'#define SourceDir "\.\.\\dist\\gm-desk"', iss)
    assert r'Source: "{#SourceDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs' in iss


def test_the_disk_image_holds_the_app_and_a_link_to_applications(bundle: ModuleType) -> None:
    settings = runpy.run_path(
        str(PACKAGING / "dmg_settings.py"), init_globals={"defines": {"app": "x/GM Desk.app"}}
    )
    assert settings["files"] == ["x/GM Desk.app"]
    assert settings["symlinks"] == {"Applications": "/Applications"}
    assert set(settings["icon_locations"]) == {"GM Desk.app", "Applications"}
    assert settings["format"] == "UDZO"
    assert (ROOT / settings["icon"]).is_file()


@pytest.mark.parametrize("role", ["Editor"])
def test_macos_owns_the_campaign_type(bundle: ModuleType, role: str) -> None:
    plist = plistlib.loads(plistlib.dumps(bundle.info_plist("1.0.0")))
    (document,) = plist["CFBundleDocumentTypes"]
    assert document["CFBundleTypeRole"] == role
    assert document["LSHandlerRank"] == "Owner"
    (exported,) = plist["UTExportedTypeDeclarations"]
    assert exported["UTTypeIdentifier"] == bundle.DOCUMENT_UTI
    assert exported["UTTypeIdentifier"].startswith(bundle.BUNDLE_ID.rsplit(".", 1)[0])
