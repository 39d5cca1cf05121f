"""What goes into the GM Desk bundle, in one place.

Read by `gm-desk.spec`, by the Qt hooks in `packaging/hooks/` (which replace PyInstaller's
own so that unused Qt plugins, and the libraries only they need, are never collected),
by `build.py` and `measure.py`, and by `tests/packaging/`, so that what is shipped and
what is checked cannot drift. Plain Python, no PyInstaller import at module level: the
tests import it too.
"""

from __future__ import annotations

import ast
import os
import shutil
import struct
import subprocess
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path, PurePath

ROOT = Path(__file__).resolve().parent.parent
NAME = "gm-desk"
DISPLAY_NAME = "GM Desk"
BUNDLE_ID = "org.gmdesk.GMDesk"
DOCUMENT_UTI = "org.gmdesk.campaign"
DOCUMENT_SUFFIX = "gmdesk"
DOCUMENT_MIME = "application/x-gmdesk-campaign"  # as gm-desk-mime.xml declares it

MIGRATIONS = PurePath("desktop", "store", "migrations")
MIGRATIONS_PACKAGE = ".".join(MIGRATIONS.parts)
# The players' page (index.html, player.html, player.js, player.css): the share server
# reads these files from the package at run time and serves them as they are.
SHARE_PAGE = PurePath("desktop", "share", "page")
# The compiled translations (gm_desk.mo, one a language): gettext reads them from the
# package at run time; the .po and .pot are the sources, not shipped.
LOCALE = PurePath("desktop", "language", "locale")

# The player pages' server and what it stands on, named rather than left to PyInstaller's
# reading of imports: aiohttp and its helpers import their C speedups inside try blocks
# (a pure-Python fallback otherwise), and the server is only ever imported lazily, when
# the GM first shares. Pure-Python packages first, then the speedups (the wheels built
# for CPython carry them; `check_bundle` reports one left out of a build).
SHARE_PACKAGES = (
    "aiohttp",
    "aiohttp.web",
    "multidict",
    "yarl",
    "frozenlist",
    "propcache",
    "aiosignal",
    "aiohappyeyeballs",
    "segno",
)
SHARE_SPEEDUPS = (
    "aiohttp._http_parser",
    "aiohttp._http_writer",
    "aiohttp._websocket.reader_c",
    "aiohttp._websocket.mask",
    "multidict._multidict",
    "yarl._quoting_c",
    "frozenlist._frozenlist",
    "propcache._helpers_c",
)


def share_imports() -> list[str]:
    """The share stack's modules present here (hidden imports of the spec): every package,
    and each speedup this Python's wheels carry (the fallback serves where one is not)."""
    from importlib.util import find_spec

    present = []
    for name in (*SHARE_PACKAGES, *SHARE_SPEEDUPS):
        try:
            found = find_spec(name) is not None
        except ModuleNotFoundError:  # its package is missing
            found = False
        if found or name in SHARE_PACKAGES:
            present.append(name)
    return present


# The Qt modules GM Desk uses. QtPrintSupport is kept for printing and PDF export;
# QtNetwork for the sharing window's list of network interfaces by name (its tls and
# networkinformation plugins stay out: the share server is aiohttp, plain HTTP).
# QtOpenGL and QtOpenGLWidgets because pyqtgraph (the Statistics view's plots, issue 33)
# imports both when its curves are imported, whether or not it draws with OpenGL (it
# does not here: no OpenGL plugin is shipped, see `QT_PLUGINS`).
QT_MODULES = (
    "QtCore",
    "QtGui",
    "QtWidgets",
    "QtSvg",
    "QtPrintSupport",
    "QtNetwork",
    "QtOpenGL",
    "QtOpenGLWidgets",
)

# Qt plugins kept, by plugin folder: a set of file stems ("libqxcb.so" -> "qxcb"), or
# None for every plugin of that folder. A folder not listed is not shipped at all
# (egl/eglfs, evdev input, tls, networkinformation, sqldrivers, qml tooling, designer,
# virtual keyboard, Wayland compositor plugins, image formats other than SVG...).
# Qt's own words (a file dialog's buttons, a message box's Yes) in each language GM Desk
# speaks besides English: its base catalogue only (the window uses no other Qt module
# with words of its own). desktop/language's LANGUAGES, less English; a test keeps
# the two the same.
QT_TRANSLATIONS: frozenset[str] = frozenset({"qtbase_de.qm", "qtbase_es.qm", "qtbase_fr.qm"})

QT_PLUGINS: dict[str, frozenset[str] | None] = {
    # offscreen: the smoke test; xcb and wayland: Linux desktops; windows; cocoa: macOS.
    "platforms": frozenset({"qoffscreen", "qxcb", "qwayland", "qwindows", "qcocoa"}),
    # The portal theme follows the desktop's light/dark setting through D-Bus. The GTK 3
    # theme is left out: it would drag the build machine's whole GTK stack into the
    # bundle, and GM Desk draws itself with Fusion anyway.
    "platformthemes": frozenset({"qxdgdesktopportal"}),
    # Compose key and IBus: accented letters and non-Latin input on Linux.
    "platforminputcontexts": frozenset(
        {"composeplatforminputcontextplugin", "ibusplatforminputcontextplugin"}
    ),
    "imageformats": frozenset({"qsvg"}),  # PNG is built into QtGui
    "iconengines": frozenset({"qsvgicon"}),
    "styles": None,
    "printsupport": None,  # CUPS on Linux
    "xcbglintegrations": None,
    "wayland-shell-integration": frozenset({"xdg-shell"}),
    "wayland-decoration-client": None,
    "wayland-graphics-integration-client": frozenset({"qt-plugin-wayland-egl"}),
}

# Libraries left out even though a hook or the dependency analysis collects them, by
# file name; whatever only they needed goes too (see `prune_binaries`):
# - opengl32sw.dll (Windows): the software OpenGL renderer; a widgets program never
#   uses OpenGL.
# - libcups (Linux): the CUPS print plugin uses the system's own libcups, which matches
#   the system's print service; bundling it would bring the build machine's GnuTLS,
#   Kerberos and Avahi along (9 MB). Without libcups only printing to a printer is off:
#   PDF output goes through Qt's own PDF engine, not CUPS.
DROPPED_BINARIES = ("opengl32sw.dll", "libcups.so")

# Python modules never shipped: test tools and modules nothing at run time needs. Each
# is reached only through an optional import of a dependency (pydantic's hypothesis
# plugin, Alembic's and Mako's pygments support, asyncio's SSL, hashlib's OpenSSL
# backend: the builtin SHA and MD5 serve instead).
# `pydoc` and `multiprocessing` are shipped since pyqtgraph came (issue 33): `import
# pyqtgraph` imports both (its parameter tree reads docstrings with pydoc, its remote
# view imports its multiprocess package), so leaving them out breaks the plots.
EXCLUDED_MODULES = (
    "tkinter",
    "_tkinter",
    "unittest",
    "doctest",
    "pdb",
    "lib2to3",
    "xmlrpc",
    "ssl",
    "_ssl",
    "_hashlib",
    "curses",
    "readline",
    "setuptools",
    "pkg_resources",
    "distutils",
    "pip",
    "hypothesis",
    "_hypothesis_ftz_detector",
    "_hypothesis_globals",
    "pytest",
    "_pytest",
    "pytestqt",
    "pytest_benchmark",
    "pypdf",
    "pygments",
    "IPython",
    "PIL",
    # The parts of pyqtgraph the plots never use, none imported by `import pyqtgraph`:
    # 3D (OpenGL), its examples and Jupyter widgets, flowcharts, the canvas and the
    # debugging console (its hook would collect their Qt Designer templates).
    "pyqtgraph.opengl",
    "pyqtgraph.examples",
    "pyqtgraph.jupyter",
    "pyqtgraph.flowchart",
    "pyqtgraph.canvas",
    "pyqtgraph.console",
    # numpy's test and build tools (numpy itself comes with pyqtgraph).
    "numpy.testing",
    "numpy.f2py",
    "numpy.distutils",
    "numpy._pyinstaller",
    "ruff",
    "sqlalchemy.testing",
    "pydantic.v1",
    "alembic.testing",
)


# Folders of libraries shipped as the wheels carry them, never stripped: auditwheel's
# repaired copies of a wheel's own libraries (edited by patchelf), which `strip` turns
# into files the loader refuses. numpy's OpenBLAS stripped: "ELF load command
# address/offset not page-aligned", and `import numpy` (so pyqtgraph) fails.
UNSTRIPPED_FOLDERS = ("numpy.libs",)


def unstripped(binaries: Iterable[tuple[str, str, str]]) -> list[tuple[str, str]]:
    """(destination, source) of the `binaries` entries to ship unstripped."""
    return [
        (destination, source)
        for destination, source, kind in binaries
        if kind != "SYMLINK" and PurePath(destination).parts[0] in UNSTRIPPED_FOLDERS
    ]


def binary_dropped(destination: str) -> bool:
    name = PurePath(destination).name.lower()
    return any(name == dropped or name.startswith(dropped + ".") for dropped in DROPPED_BINARIES)


def prune_binaries(
    binaries: list[tuple[str, str, str]],
    imports: Callable[[str], Iterable[tuple[str, str | None]]],
) -> list[tuple[str, str, str]]:
    """The (destination, source, type) entries left once the dropped libraries are out,
    and every library nothing else needs any more with them.

    `imports(source)` gives a binary's linked libraries as (name, resolved path or None),
    like PyInstaller's `bindepend.get_imports`. Entries that no other entry links to
    (Python extensions, plugins, libpython) are the roots; what the roots still reach
    after the drop is kept. Links are matched by resolved path, else by file name.
    """
    files = [entry for entry in binaries if entry[2] != "SYMLINK"]
    by_path = {os.path.realpath(src): index for index, (_, src, _) in enumerate(files)}
    by_name = {PurePath(dest).name.lower(): index for index, (dest, _, _) in enumerate(files)}
    links: dict[int, set[int]] = {}
    for index, (_, src, _) in enumerate(files):
        targets = set()
        for name, path in imports(src):
            target = by_path.get(os.path.realpath(path)) if path else None
            if target is None:
                target = by_name.get(PurePath(name).name.lower())
            if target is not None and target != index:
                targets.add(target)
        links[index] = targets
    linked = set().union(*links.values()) if links else set()
    dropped = {index for index, (dest, _, _) in enumerate(files) if binary_dropped(dest)}
    roots = [
        index
        for index, (_, _, kind) in enumerate(files)
        if (index not in linked or kind == "EXTENSION") and index not in dropped
    ]
    kept: set[int] = set()
    while roots:
        index = roots.pop()
        if index not in kept:
            kept.add(index)
            roots.extend(links[index] - dropped - kept)
    kept_files = [entry for index, entry in enumerate(files) if index in kept]
    return kept_files + without_dangling_links(
        [entry for entry in binaries if entry[2] == "SYMLINK"], kept_files
    )


def without_dangling_links(
    entries: list[tuple[str, str, str]], binaries: list[tuple[str, str, str]]
) -> list[tuple[str, str, str]]:
    """`entries` less the symbolic links (PyInstaller's SYMLINK entries, whose source is
    the destination they point at) to a binary not in `binaries`."""
    shipped = {PurePath(dest).as_posix() for dest, _, kind in binaries if kind != "SYMLINK"}
    return [
        entry
        for entry in entries
        if entry[2] != "SYMLINK" or PurePath(entry[1]).as_posix() in shipped
    ]


def elf_needed(path: str) -> list[tuple[str, str | None]]:
    """The libraries an ELF file links to directly (its DT_NEEDED entries), as
    (name, None). `ldd`, which PyInstaller asks on Linux, lists the whole closure
    instead, which would make every library look needed by every plugin."""
    with open(path, "rb") as file:
        data = file.read()
    if data[:4] != b"\x7fELF":
        return []
    wide, order = data[4] == 2, "<" if data[5] == 1 else ">"
    offset = 0x28 if wide else 0x20
    e_shoff = struct.unpack_from(order + ("Q" if wide else "I"), data, offset)[0]
    e_shentsize, e_shnum = struct.unpack_from(order + "HH", data, offset + (18 if wide else 14))
    section = struct.Struct(order + ("IIQQQQIIQQ" if wide else "IIIIIIIIII"))
    sections = [
        section.unpack_from(data, e_shoff + index * e_shentsize) for index in range(e_shnum)
    ]
    entry = struct.Struct(order + ("qQ" if wide else "iI"))
    names = []
    for _, kind, _, _, sh_offset, sh_size, sh_link, *_ in sections:
        if kind != 6:  # SHT_DYNAMIC
            continue
        strings = sections[sh_link][4]
        for position in range(sh_offset, sh_offset + sh_size, entry.size):
            tag, value = entry.unpack_from(data, position)
            if tag == 0:
                break
            if tag == 1:  # DT_NEEDED
                end = data.index(b"\0", strings + value)
                names.append((data[strings + value : end].decode(), None))
    return names


def plugin_stem(filename: str) -> str:
    """'libqxcb.so' -> 'qxcb', 'qwindows.dll' -> 'qwindows', 'libqcocoa.dylib' -> 'qcocoa'."""
    name = PurePath(filename).name
    for suffix in (".so", ".dll", ".dylib"):
        if name.endswith(suffix):
            name = name[: -len(suffix)]
            break
    return name[3:] if name.startswith("lib") else name


def qt_file_kept(destination: str) -> bool:
    """Whether a file a Qt hook collects (by its place in the bundle) is shipped.

    Plugins are filtered by `QT_PLUGINS`; of Qt's translations only `QT_TRANSLATIONS`
    are shipped; everything else a hook collects is kept.
    """
    parts = PurePath(destination).parts
    if "translations" in parts:
        return parts[-1] in QT_TRANSLATIONS
    if "plugins" not in parts:
        return True
    index = len(parts) - 1 - parts[::-1].index("plugins")
    if index + 2 >= len(parts):  # a file straight in plugins/: keep
        return True
    folder = parts[index + 1]
    if folder not in QT_PLUGINS:
        return False
    allowed = QT_PLUGINS[folder]
    return allowed is None or plugin_stem(parts[-1]) in allowed


def qt_hook(hook_file: str) -> tuple[list[str], list[tuple[str, str]], list[tuple[str, str]]]:
    """PyInstaller's own collection for a PySide6 module, less what GM Desk leaves out."""
    from PyInstaller.utils.hooks.qt import add_qt6_dependencies

    hiddenimports, binaries, datas = add_qt6_dependencies(hook_file)
    hiddenimports = [name for name in hiddenimports if _qt_module_kept(name)]
    binaries = [(src, dest) for src, dest in binaries if qt_file_kept(f"{dest}/{Path(src).name}")]
    datas = [(src, dest) for src, dest in datas if qt_file_kept(f"{dest}/{Path(src).name}")]
    return hiddenimports, binaries, datas


def _qt_module_kept(module: str) -> bool:
    if not module.startswith("PySide6.Qt"):
        return True
    return module.split(".")[1] in QT_MODULES


def excluded_qt_modules(pyside_dir: Path) -> list[str]:
    """Every PySide6 extension module present but not in `QT_MODULES`."""
    names = set()
    for path in pyside_dir.iterdir():
        stem = path.name.split(".", 1)[0]
        if stem.startswith("Qt") and path.suffix in {".so", ".pyd"} and stem not in QT_MODULES:
            names.add(f"PySide6.{stem}")
    return sorted(names)


def _files(folder: Path, patterns: Iterable[str]) -> Iterator[Path]:
    for pattern in patterns:
        for path in sorted(folder.rglob(pattern)):
            if path.is_file() and "__pycache__" not in path.parts:
                yield path


def data_files(root: Path = ROOT) -> list[tuple[str, str]]:
    """(source file, destination folder in the bundle) for every data file shipped.

    `resources/` whole; the app's SVG and PNG icons (the ICO and ICNS only serve the
    Windows and macOS packaging); the Alembic revisions as source files, because Alembic
    reads them from `desktop/store/migrations` on disk at run time; the players' page
    files, which the share server reads from `desktop/share/page`; the compiled
    catalogues, which gettext reads from `desktop/language/locale`.
    """
    entries: list[tuple[str, str]] = []
    for folder, patterns in (("resources", ("*",)), ("icons", ("*.svg", "*.png"))):
        base = root / folder
        for path in _files(base, patterns):
            if not path.name.startswith("."):
                destination = PurePath(folder, path.parent.relative_to(base))
                entries.append((str(path), destination.as_posix()))
    migrations = root / MIGRATIONS
    for path in _files(migrations, ("*.py", "*.mako")):
        destination = MIGRATIONS / path.parent.relative_to(migrations)
        entries.append((str(path), destination.as_posix()))
    for path in _files(root / SHARE_PAGE, ("*",)):
        if not path.name.startswith("."):
            entries.append((str(path), SHARE_PAGE.as_posix()))
    locale = root / LOCALE
    for path in _files(locale, ("*.mo",)):
        entries.append((str(path), (LOCALE / path.parent.relative_to(locale)).as_posix()))
    return entries


def migration_imports(root: Path = ROOT) -> list[str]:
    """The modules the Alembic scripts import: they run from source, so the analysis
    never sees them, and each must be bundled as a hidden import.

    `from a import b` counts `a`, and `a.b` when that is a module of its own.
    """
    modules: set[str] = set()
    for path in _files(root / MIGRATIONS, ("*.py",)):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                modules.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                modules.add(node.module)
                modules.update(
                    f"{node.module}.{alias.name}"
                    for alias in node.names
                    if _is_module(f"{node.module}.{alias.name}")
                )
    modules.discard("__future__")
    return sorted(modules)


def _is_module(name: str) -> bool:
    """Whether `name` is a module or package, found without importing anything (importing
    Alembic here would fill the build log with its plugin set-up)."""
    import importlib.util

    top, *rest = name.split(".")
    try:
        spec = importlib.util.find_spec(top)
    except (ImportError, ValueError):
        return False
    if spec is None or not rest:
        return spec is not None
    for folder in spec.submodule_search_locations or ():
        base = Path(folder, *rest)
        if base.with_suffix(".py").is_file() or (base / "__init__.py").is_file():
            return True
    return False


def version(root: Path = ROOT) -> str:
    """`desktop.__version__`, from the source tree being packaged."""
    if str(root) not in sys.path:
        sys.path.insert(0, str(root))
    import desktop

    return str(desktop.__version__)


def version_tuple(text: str) -> tuple[int, int, int, int]:
    """'0.1.0' -> (0, 1, 0, 0); a pre-release tail such as '1.2.0rc1' counts as 1.2.0."""
    numbers: list[int] = []
    for part in text.split(".")[:4]:
        digits = ""
        for char in part:
            if not char.isdigit():
                break
            digits += char
        numbers.append(int(digits or 0))
    numbers += [0] * (4 - len(numbers))
    return (numbers[0], numbers[1], numbers[2], numbers[3])


def windows_version_file(text: str) -> str:
    """The Windows version resource, in the form PyInstaller's `version=` file takes."""
    numbers = version_tuple(text)
    strings = {
        "CompanyName": "The GM Desk team",
        "FileDescription": DISPLAY_NAME,
        "FileVersion": text,
        "InternalName": NAME,
        "LegalCopyright": "MIT licence, the GM Desk team",
        "OriginalFilename": f"{NAME}.exe",
        "ProductName": DISPLAY_NAME,
        "ProductVersion": text,
    }
    table = ",\n".join(
        f"            StringStruct({key!r}, {value!r})" for key, value in strings.items()
    )
    return f"""# UTF-8
VSVersionInfo(
    ffi=FixedFileInfo(
        filevers={numbers},
        prodvers={numbers},
        mask=0x3F,
        flags=0x0,
        OS=0x40004,
        fileType=0x1,
        subtype=0x0,
        date=(0, 0),
    ),
    kids=[
        StringFileInfo([
            StringTable('040904B0', [
{table},
            ])
        ]),
        VarFileInfo([VarStruct('Translation', [1033, 1200])]),
    ],
)
"""


def info_plist(text: str) -> dict[str, object]:
    """The macOS Info.plist entries: version, high DPI, and `.gmdesk` as GM Desk's own type."""
    return {
        "CFBundleName": DISPLAY_NAME,
        "CFBundleDisplayName": DISPLAY_NAME,
        "CFBundleIdentifier": BUNDLE_ID,
        "CFBundleShortVersionString": text,
        "CFBundleVersion": text,
        "CFBundleDevelopmentRegion": "en",
        "LSApplicationCategoryType": "public.app-category.role-playing-games",
        "NSHighResolutionCapable": True,
        "NSSupportsAutomaticGraphicsSwitching": True,
        "NSRequiresAquaSystemAppearance": False,  # follow the system's dark mode
        "NSHumanReadableCopyright": "MIT licence, the GM Desk team",
        "CFBundleDocumentTypes": [
            {
                "CFBundleTypeName": "GM Desk Campaign",
                "CFBundleTypeRole": "Editor",
                "CFBundleTypeIconFile": f"{NAME}.icns",
                "LSHandlerRank": "Owner",
                "LSItemContentTypes": [DOCUMENT_UTI],
            }
        ],
        "UTExportedTypeDeclarations": [
            {
                "UTTypeIdentifier": DOCUMENT_UTI,
                "UTTypeDescription": "GM Desk Campaign",
                "UTTypeIconFile": f"{NAME}.icns",
                "UTTypeConformsTo": ["public.data", "public.database"],
                "UTTypeTagSpecification": {
                    "public.filename-extension": [DOCUMENT_SUFFIX],
                    "public.mime-type": [DOCUMENT_MIME],
                },
            }
        ],
    }


# Libraries the bundle carries itself: one of them missing is a broken build. Any other
# library a plugin wants (libxcb-cursor, say) comes from the user's system.
BUNDLED_PREFIXES = ("libQt6", "libpyside6", "libshiboken6", "libpython", "libicu")
PLATFORM_PLUGINS = {"linux": ("qoffscreen", "qxcb", "qwayland"), "darwin": ("qcocoa",)}


def contents_folder(folder: Path) -> Path:
    """Where PyInstaller put everything but the executable (`_internal/`)."""
    return folder / "_internal"


def qt_plugins_folder(folder: Path) -> Path | None:
    for candidate in sorted(contents_folder(folder).glob("PySide6/**/plugins")):
        if (candidate / "platforms").is_dir():
            return candidate
    return None


def check_bundle(folder: Path) -> list[str]:
    """What is wrong with a one-folder build at `folder`; empty when it looks complete."""
    problems: list[str] = []
    executable = executable_of(folder)
    if not executable.is_file():
        return [f"{executable} is missing"]
    contents = contents_folder(folder)
    for source, destination in data_files():
        shipped = contents / destination / Path(source).name
        if not shipped.is_file():
            problems.append(f"data file {shipped.relative_to(folder)} is missing")
    plugins = qt_plugins_folder(folder)
    if plugins is None:
        return [*problems, "no Qt plugins folder with platforms/ in the bundle"]
    system = "win32" if sys.platform == "win32" else sys.platform.rstrip("0123456789")
    platform_plugins = {"win32": ("qwindows",)}.get(system, PLATFORM_PLUGINS.get(system, ()))
    wanted = {
        "platforms": ("qoffscreen", *platform_plugins),
        "imageformats": ("qsvg",),
        "iconengines": ("qsvgicon",),
    }
    for kind, stems in wanted.items():
        present = {plugin_stem(path.name) for path in (plugins / kind).glob("*")}
        problems += [f"Qt plugin {kind}/{stem} is missing" for stem in stems if stem not in present]
    for path in plugins.rglob("*"):
        relative = path.relative_to(contents).as_posix()
        if path.is_file() and not qt_file_kept(relative):
            problems.append(f"{relative} should not be shipped")
    problems += [
        f"the share server's speedup {name} is missing"
        for name in share_imports()
        if name in SHARE_SPEEDUPS and not _extension_shipped(contents, name)
    ]
    translations = {path.name for path in contents.rglob("*.qm")}
    if unasked := sorted(translations - QT_TRANSLATIONS):
        problems.append(f"Qt translations shipped unasked: {unasked}")
    problems += [f"Qt's {name} is missing" for name in sorted(QT_TRANSLATIONS - translations)]
    if system == "linux":
        problems += _missing_bundled_libraries(contents)
    return problems


def _extension_shipped(contents: Path, module: str) -> bool:
    """Whether a compiled module (as `aiohttp._http_parser`) is a file in the bundle."""
    *package, name = module.split(".")
    folder = contents.joinpath(*package)
    return any(path.suffix in {".so", ".pyd"} for path in folder.glob(f"{name}.*"))


def _missing_bundled_libraries(contents: Path) -> list[str]:
    """Linux: a bundled library or plugin whose Qt/Python library dependency is absent."""
    if shutil.which("ldd") is None:
        return []
    env = {"LD_LIBRARY_PATH": str(contents), "PATH": "/usr/bin:/bin"}
    problems = []
    for path in sorted(contents.rglob("*.so*")):
        if path.is_symlink() or not path.is_file():
            continue
        result = subprocess.run(
            ["ldd", str(path)], capture_output=True, text=True, env=env, check=False
        )
        for line in result.stdout.splitlines():
            name = line.strip().split(" ", 1)[0]
            if "not found" in line and name.startswith(BUNDLED_PREFIXES):
                problems.append(f"{path.relative_to(contents)} needs {name}, not in the bundle")
    return problems


def run_pyinstaller(dist: Path, work: Path, *, clean: bool) -> None:
    """PyInstaller on gm-desk.spec: the one-folder build in `dist`, its cache in `work`."""
    command = [
        sys.executable,
        "-m",
        "PyInstaller",
        "--noconfirm",
        "--log-level",
        "WARN",
        "--distpath",
        str(dist),
        "--workpath",
        str(work),
        str(ROOT / "packaging" / "gm-desk.spec"),
    ]
    if clean:
        command.insert(3, "--clean")
    # The build never needs a screen; Qt is only asked where its files are.
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    subprocess.run(command, check=True, cwd=ROOT, env=env)


# What a build is made from: a build older than any of these is stale.
BUILD_SOURCES = ("desktop", "resources", "packaging", "icons", "pyproject.toml")


def newest_source(root: Path = ROOT) -> float:
    """The modification time of the newest file a build is made from."""
    times = []
    for name in BUILD_SOURCES:
        path = root / name
        if path.is_file():
            times.append(path.stat().st_mtime)
        for found in path.rglob("*") if path.is_dir() else ():
            if found.is_file() and "__pycache__" not in found.parts:
                times.append(found.stat().st_mtime)
    return max(times)


def executable_of(folder: Path) -> Path:
    return folder / (f"{NAME}.exe" if sys.platform == "win32" else NAME)


def build_is_fresh(folder: Path, root: Path = ROOT) -> bool:
    """Whether the one-folder build at `folder` is newer than everything it is made from."""
    executable = executable_of(folder)
    return executable.is_file() and executable.stat().st_mtime >= newest_source(root)


def folder_size(folder: Path) -> int:
    """Bytes of every file below `folder`, symbolic links counted as links."""
    return sum(path.lstat().st_size for path in folder.rglob("*") if not path.is_dir())
