"""What the spec ships, checked without building: fast, run with every `make test`."""

from __future__ import annotations

import ast
import configparser
import plistlib
import struct
import sys
from pathlib import Path, PurePath
from types import ModuleType

import pytest

from desktop.store.migrations import REVISIONS

ROOT = Path(__file__).resolve().parents[2]
MIGRATIONS = ROOT / "desktop" / "store" / "migrations"


def shipped(bundle: ModuleType) -> set[str]:
    """Every data file's place in the bundle, as 'folder/name'."""
    return {f"{dest}/{Path(src).name}" for src, dest in bundle.data_files()}


def project_files(folder: Path, *patterns: str) -> set[Path]:
    return {
        path
        for pattern in patterns
        for path in folder.rglob(pattern)
        if path.is_file() and "__pycache__" not in path.parts
    }


def test_every_migration_file_is_shipped_where_alembic_reads_it(bundle: ModuleType) -> None:
    expected = {
        path.relative_to(ROOT).as_posix() for path in project_files(MIGRATIONS, "*.py", "*.mako")
    }
    assert "desktop/store/migrations/env.py" in expected
    assert "desktop/store/migrations/script.py.mako" in expected
    assert expected <= shipped(bundle)


def test_every_known_revision_has_its_script_in_the_bundle(bundle: ModuleType) -> None:
    revisions = set()
    for source, destination in bundle.data_files():
        if destination.endswith("migrations/versions"):
            tree = ast.parse(Path(source).read_text(encoding="utf-8"))
            for node in tree.body:
                if isinstance(node, ast.Assign) and any(
                    isinstance(target, ast.Name) and target.id == "revision"
                    for target in node.targets
                ):
                    revisions.add(ast.literal_eval(node.value))
    assert set(REVISIONS) <= revisions


def test_every_resource_and_the_app_icon_are_shipped(bundle: ModuleType) -> None:
    expected = {
        path.relative_to(ROOT).as_posix() for path in project_files(ROOT / "resources", "*")
    }
    assert {"resources/sample-campaign.json", "resources/rules-reference.html"} <= expected
    # The rules reference in each language Help shows it in (issue 34).
    for code in ("fr", "de", "es"):
        assert f"resources/rules-reference.{code}.html" in expected
    assert expected <= shipped(bundle)
    assert "icons/gm-desk.svg" in shipped(bundle)


def test_the_players_page_files_are_shipped_where_the_share_server_reads_them(
    bundle: ModuleType,
) -> None:
    page = ROOT / "desktop" / "share" / "page"
    expected = {path.relative_to(ROOT).as_posix() for path in project_files(page, "*")}
    names = {"index.html", "player.html", "player.js", "player.css"}
    assert {f"desktop/share/page/{name}" for name in names} <= expected
    assert expected <= shipped(bundle)


def test_the_compiled_catalogues_are_shipped_where_gettext_reads_them(
    bundle: ModuleType,
) -> None:
    locale = ROOT / "desktop" / "language" / "locale"
    expected = {path.relative_to(ROOT).as_posix() for path in project_files(locale, "*.mo")}
    for code in ("fr", "de", "es"):
        assert f"desktop/language/locale/{code}/LC_MESSAGES/gm_desk.mo" in expected
    assert expected <= shipped(bundle)
    # The sources of the translations stay out.
    assert not any(
        name.endswith((".po", ".pot", ".md")) for name in shipped(bundle) if "locale" in name
    )


def test_the_share_server_and_what_it_stands_on_are_hidden_imports(bundle: ModuleType) -> None:
    imports = bundle.share_imports()
    for package in ("aiohttp", "aiohttp.web", "multidict", "yarl", "frozenlist", "propcache"):
        assert package in imports
    assert {"aiosignal", "aiohappyeyeballs", "segno"} <= set(imports)
    # This machine's wheels carry the C speedups: each is named, so none is left behind.
    assert "aiohttp._http_parser" in imports and "multidict._multidict" in imports
    assert "aiohttp._websocket.reader_c" in imports


def test_a_speedup_this_python_lacks_is_not_asked_for(
    bundle: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bundle, "SHARE_SPEEDUPS", ("aiohttp._no_such_speedup",))
    assert "aiohttp._no_such_speedup" not in bundle.share_imports()
    assert "aiohttp" in bundle.share_imports()


def test_the_spec_asks_for_the_share_imports() -> None:
    spec = (ROOT / "packaging" / "gm-desk.spec").read_text(encoding="utf-8")
    assert "*bundle.share_imports()," in spec


def test_the_migrations_imports_are_hidden_imports(bundle: ModuleType) -> None:
    imports = bundle.migration_imports()
    assert {"alembic", "sqlalchemy"} <= set(imports)
    assert "__future__" not in imports


def app_imports() -> set[str]:
    """Every absolute module name imported anywhere in desktop/."""
    names = set()
    for path in project_files(ROOT / "desktop", "*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names.add(node.module)
                if node.module == "PySide6":
                    names.update(f"PySide6.{alias.name}" for alias in node.names)
    return names


def test_every_qt_module_the_app_imports_is_shipped(bundle: ModuleType) -> None:
    used = {name.split(".")[1] for name in app_imports() if name.startswith("PySide6.Qt")}
    missing = used - set(bundle.QT_MODULES)
    assert not missing, f"add {sorted(missing)} to QT_MODULES in packaging/gm_desk_bundle.py"


def test_the_app_imports_no_excluded_module(bundle: ModuleType) -> None:
    excluded = set(bundle.EXCLUDED_MODULES)
    hits = {
        name
        for name in app_imports()
        if any(name == gone or name.startswith(gone + ".") for gone in excluded)
    }
    assert not hits, f"the app imports {sorted(hits)}: take them out of EXCLUDED_MODULES"


def test_the_kept_qt_modules_are_never_excluded(bundle: ModuleType) -> None:
    import PySide6

    excluded = bundle.excluded_qt_modules(Path(PySide6.__file__).parent)
    assert "PySide6.QtQml" in excluded and "PySide6.QtSql" in excluded
    assert not {f"PySide6.{name}" for name in bundle.QT_MODULES} & set(excluded)


def test_each_kept_qt_module_has_a_filtering_hook(bundle: ModuleType) -> None:
    for module in bundle.QT_MODULES:
        hook = ROOT / "packaging" / "hooks" / f"hook-PySide6.{module}.py"
        assert "qt_hook(__file__)" in hook.read_text(encoding="utf-8"), hook


@pytest.mark.parametrize(
    "destination",
    [
        "PySide6/Qt/plugins/platforms/libqoffscreen.so",
        "PySide6/Qt/plugins/platforms/libqxcb.so",
        "PySide6/Qt/plugins/platforms/libqwayland.so",
        "PySide6/plugins/platforms/qwindows.dll",
        "PySide6/Qt/plugins/platforms/libqcocoa.dylib",
        "PySide6/Qt/plugins/imageformats/libqsvg.so",
        "PySide6/Qt/plugins/iconengines/libqsvgicon.so",
        "PySide6/plugins/styles/qmodernwindowsstyle.dll",
        "PySide6/Qt/plugins/printsupport/libcupsprintersupport.so",
        "PySide6/Qt/plugins/wayland-shell-integration/libxdg-shell.so",
        "PySide6/Qt/lib/libQt6Core.so.6",
        "PySide6/Qt/translations/qtbase_de.qm",
        "PySide6/Qt/translations/qtbase_fr.qm",
    ],
)
def test_the_qt_files_gm_desk_needs_are_kept(bundle: ModuleType, destination: str) -> None:
    assert bundle.qt_file_kept(destination)


@pytest.mark.parametrize(
    "destination",
    [
        "PySide6/Qt/translations/qtbase_it.qm",
        "PySide6/Qt/translations/qt_de.qm",
        "PySide6/Qt/translations/qtmultimedia_fr.qm",
        "PySide6/Qt/plugins/platforms/libqeglfs.so",
        "PySide6/Qt/plugins/platforms/libqvnc.so",
        "PySide6/Qt/plugins/platformthemes/libqgtk3.so",
        "PySide6/Qt/plugins/platforminputcontexts/libqtvirtualkeyboardplugin.so",
        "PySide6/Qt/plugins/imageformats/libqpdf.so",
        "PySide6/Qt/plugins/tls/libqopensslbackend.so",
        "PySide6/Qt/plugins/networkinformation/libqnetworkmanager.so",
        "PySide6/Qt/plugins/sqldrivers/libqsqlite.so",
        "PySide6/Qt/plugins/qmltooling/libqmldbg_tcp.so",
        "PySide6/Qt/plugins/multimedia/libffmpegmediaplugin.so",
        "PySide6/Qt/plugins/wayland-graphics-integration-server/libqt-wayland-compositor-wayland-egl.so",
    ],
)
def test_unused_qt_plugins_and_translations_are_left_out(
    bundle: ModuleType, destination: str
) -> None:
    assert not bundle.qt_file_kept(destination)


def test_pruning_drops_a_library_and_what_only_it_needed(bundle: ModuleType) -> None:
    links = {
        "/x/QtGui.so": ["libQt6Gui.so.6"],
        "/x/libQt6Gui.so.6": ["libQt6Core.so.6", "libz.so.1"],
        "/x/libQt6Core.so.6": ["libz.so.1"],
        "/x/libz.so.1": [],
        "/x/libcupsprintersupport.so": ["libcups.so.2", "libQt6Gui.so.6"],
        "/x/libcups.so.2": ["libgnutls.so.30", "libz.so.1"],
        "/x/libgnutls.so.30": ["libnettle.so.8"],
        "/x/libnettle.so.8": [],
        "/x/libpython3.11.so.1.0": [],
    }
    binaries = [
        ("PySide6/QtGui.so", "/x/QtGui.so", "EXTENSION"),
        *((PurePath(src).name, src, "BINARY") for src in links if not src.endswith("QtGui.so")),
    ]
    kept = bundle.prune_binaries(binaries, lambda src: [(name, None) for name in links[src]])
    names = {entry[0] for entry in kept}
    assert names == {
        "PySide6/QtGui.so",
        "libQt6Gui.so.6",
        "libQt6Core.so.6",
        "libz.so.1",
        "libcupsprintersupport.so",
        "libpython3.11.so.1.0",
    }
    data = [
        ("core-link", "libQt6Core.so.6", "SYMLINK"),
        ("cups-link", "libcups.so.2", "SYMLINK"),
        ("resources/x.json", "/src/x.json", "DATA"),
    ]
    assert [entry[0] for entry in bundle.without_dangling_links(data, kept)] == [
        "core-link",
        "resources/x.json",
    ]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="ELF files are Linux's")
def test_elf_needed_reads_the_direct_links_only(bundle: ModuleType) -> None:
    import PySide6

    library = Path(PySide6.__file__).parent / "Qt" / "lib" / "libQt6Widgets.so.6"
    names = [name for name, _ in bundle.elf_needed(str(library))]
    assert "libQt6Gui.so.6" in names and "libQt6Core.so.6" in names
    assert "libicudata.so.73" not in names  # Core's, not Widgets' own
    assert bundle.elf_needed(str(ROOT / "icons" / "gm-desk.svg")) == []


def test_the_version_comes_from_the_package(bundle: ModuleType) -> None:
    from desktop import __version__

    assert bundle.version() == __version__
    assert bundle.version_tuple("0.1.0") == (0, 1, 0, 0)
    assert bundle.version_tuple("1.2.0rc1") == (1, 2, 0, 0)
    assert bundle.version_tuple("2.10") == (2, 10, 0, 0)


def test_the_windows_version_file_is_what_pyinstaller_reads(bundle: ModuleType) -> None:
    text = bundle.windows_version_file("1.4.2")
    tree = ast.parse(text, mode="eval")
    assert isinstance(tree.body, ast.Call) and ast.unparse(tree.body.func) == "VSVersionInfo"
    assert "filevers=(1, 4, 2, 0)" in text
    assert "StringStruct('ProductVersion', '1.4.2')" in text
    assert "StringStruct('OriginalFilename', 'gm-desk.exe')" in text


def test_the_macos_info_plist_declares_the_campaign_type(bundle: ModuleType) -> None:
    plist = plistlib.loads(plistlib.dumps(bundle.info_plist("1.4.2")))
    assert plist["CFBundleIdentifier"] == "org.gmdesk.GMDesk"
    assert plist["CFBundleShortVersionString"] == "1.4.2"
    assert plist["NSHighResolutionCapable"] is True
    (document,) = plist["CFBundleDocumentTypes"]
    (exported,) = plist["UTExportedTypeDeclarations"]
    assert document["LSItemContentTypes"] == [exported["UTTypeIdentifier"]]
    assert exported["UTTypeTagSpecification"]["public.filename-extension"] == ["gmdesk"]


def test_the_desktop_entry(bundle: ModuleType) -> None:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(ROOT / "packaging" / "gm-desk.desktop", encoding="utf-8")
    entry = parser["Desktop Entry"]
    assert entry["Type"] == "Application"
    assert entry["Name"] == "GM Desk"
    assert entry["Exec"].split()[0] == "gm-desk"
    assert entry["Icon"] == "gm-desk"
    assert entry["StartupWMClass"] == "gm-desk"  # QGuiApplication.setDesktopFileName
    assert entry["Categories"].endswith(";") and "Game" in entry["Categories"].split(";")


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_the_generated_icons_are_committed(bundle: ModuleType) -> None:
    icons = ROOT / "icons"
    for size in (16, 32, 48, 64, 128, 256, 512):
        assert png_size(icons / f"gm-desk-{size}.png") == (size, size)
    ico = (icons / "gm-desk.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", ico[:6])
    assert (reserved, kind) == (0, 1) and count >= 5
    sides = {ico[6 + 16 * index] or 256 for index in range(count)}
    assert {16, 32, 48, 256} <= sides
    icns = (icons / "gm-desk.icns").read_bytes()
    assert icns[:4] == b"icns" and struct.unpack(">I", icns[4:8])[0] == len(icns)
    assert b"ic10" in icns and b"ic07" in icns


def test_the_committed_icons_are_drawn_from_the_current_svg(qapp: object) -> None:
    """Redraws two sizes and compares pixels (not bytes: PNG encoders differ)."""
    from PySide6.QtGui import QImage

    from tests.packaging.conftest import load_packaging_module

    make_icons = load_packaging_module("make_icons")
    for size in (32, 256):
        fresh = QImage.fromData(make_icons.render_png(size)).convertToFormat(
            QImage.Format.Format_RGBA8888
        )
        committed = QImage(str(ROOT / "icons" / f"gm-desk-{size}.png")).convertToFormat(
            QImage.Format.Format_RGBA8888
        )
        assert committed.size() == fresh.size()
        a = bytes(fresh.constBits())[: fresh.sizeInBytes()]
        b = bytes(committed.constBits())[: committed.sizeInBytes()]
        difference = sum(abs(x - y) for x, y in zip(a, b, strict=True)) / len(a)
        assert difference < 2.0, "icons/gm-desk.svg changed: run packaging/make_icons.py"


def test_the_wheels_repaired_libraries_are_shipped_unstripped(bundle: ModuleType) -> None:
    """numpy's OpenBLAS stripped is refused by the loader (issue 33): the spec puts the
    libraries of `UNSTRIPPED_FOLDERS` back as the wheel carries them."""
    binaries = [
        ("numpy.libs/libscipy_openblas64_-32a4b2a6.so", "/w/numpy.libs/libscipy.so", "BINARY"),
        ("numpy.libs/libgfortran.so.5", "/w/numpy.libs/libgfortran.so.5", "BINARY"),
        ("libscipy_openblas64_-32a4b2a6.so", "numpy.libs/libscipy.so", "SYMLINK"),
        ("PySide6/Qt/lib/libQt6Core.so.6", "/w/libQt6Core.so.6", "BINARY"),
        ("numpy/_core/_multiarray_umath.so", "/w/_multiarray_umath.so", "EXTENSION"),
    ]
    assert bundle.unstripped(binaries) == [
        ("numpy.libs/libscipy_openblas64_-32a4b2a6.so", "/w/numpy.libs/libscipy.so"),
        ("numpy.libs/libgfortran.so.5", "/w/numpy.libs/libgfortran.so.5"),
    ]
    spec = (ROOT / "packaging" / "gm-desk.spec").read_text(encoding="utf-8")
    assert "bundle.unstripped(a.binaries)" in spec


def test_what_pyqtgraph_imports_when_imported_is_shipped(bundle: ModuleType) -> None:
    """`import pyqtgraph` imports pydoc, multiprocessing, numpy, QtOpenGL and
    QtOpenGLWidgets: none of them may be left out of the bundle (issue 33)."""
    excluded = set(bundle.EXCLUDED_MODULES)
    for module in ("pydoc", "multiprocessing", "numpy", "pyqtgraph"):
        assert module not in excluded
    assert {"QtOpenGL", "QtOpenGLWidgets"} <= set(bundle.QT_MODULES)
    assert {"pyqtgraph.opengl", "pyqtgraph.examples", "numpy.testing"} <= excluded


def test_qt_speaks_each_language_gm_desk_ships(bundle: ModuleType) -> None:
    from desktop.language import language_codes

    wanted = {f"qtbase_{code}.qm" for code in language_codes() if code != "en"}
    assert wanted == bundle.QT_TRANSLATIONS
