"""Start-up: arguments, QApplication, opening the campaign, the main window.

Qt, the window and the printing are imported inside the functions that need them, so
that `--version`, an argument error and a print from the command line do not wait for
the window's modules: measured (issue 28), `--version` takes 0.12-0.16 s so and
0.36-0.39 s with them imported first (a window's start imports them anyway).
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import json
import os
import sqlite3
import sys
import time
from collections.abc import Callable, Sequence
from datetime import date
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, TypedDict, cast

from desktop import __version__, outputs, paths
from desktop.language import PSEUDO, Translator, language_codes, translator
from desktop.names import undecodable, undecodable_message
from desktop.partial_files import partial_name
from desktop.printing import choices as layout
from desktop.ui.sharing.share_address import DEFAULT_PORT, parse_share_address

if TYPE_CHECKING:  # Qt is imported inside `main` (see above); these are for the checker
    from PySide6.QtCore import QObject, QSettings
    from PySide6.QtGui import QPixmap
    from PySide6.QtWidgets import QApplication, QWidget

    from desktop.printing.cards import PageSizeName
    from desktop.printing.layout import CutMarks, DuplexEdge


class Filler(Protocol):
    """What the smoke test reads of the window's dock filler."""

    longest_slice_s: float


class PlayerDisplay(Protocol):
    """What the smoke test calls of the player display: open it, to grab its picture."""

    def open(self) -> QWidget: ...


class Sharing(Protocol):
    """What start-up calls of View > Share with Players (desktop/ui/sharing)."""

    def share_at(self, host: str, port: int) -> bool: ...
    def start(self, host: str, port: int) -> None: ...
    def shared_links(self) -> list[dict[str, str]]: ...


class Window(Protocol):
    """What start-up calls of the main window (`desktop.ui.main_window.MainWindow`), so
    this module types it without importing the window before Qt is up."""

    @property
    def filler(self) -> Filler: ...

    @property
    def player_display(self) -> PlayerDisplay: ...

    @property
    def sharing(self) -> Sharing: ...

    def open_campaign(self, path: Path, *, interactive: bool = True) -> bool: ...
    def when_filled(self, work: Callable[[], object]) -> None: ...
    def end_opening(self) -> None: ...
    def show_problem(self, message: str) -> None: ...
    def show_layout_before_opening(self) -> None: ...
    def is_ready(self) -> bool: ...
    def show(self) -> None: ...
    def close(self) -> bool: ...
    def grab(self) -> QPixmap: ...


START = time.perf_counter()
PROG = "gm-desk"


def command_line_words(argv: Sequence[str]) -> Translator:
    """The command line's language, for its help, refusals and reports: the window's,
    as the GM chose it. `--window-language` when given (a code GM Desk speaks; any
    other is refused by the parser, in the language below), else View > Language's,
    else the system's.

    `--version` says only the app's name and version: it reads no settings, so that it
    does not wait for Qt (issue 28)."""
    chosen = _given_window_language(argv)
    if chosen is None:
        if "--version" in argv:
            return translator("en")
        from desktop.ui.settings import Settings
        from desktop.ui.window_language import system_language

        chosen = Settings.language_in(_qsettings())
        if chosen == "system":
            chosen = system_language()
    return translator(chosen)


def _given_window_language(argv: Sequence[str]) -> str | None:
    """The last `--window-language CODE` (or `=CODE`, or as argparse takes it shortened,
    `--window-lang CODE`) given, if GM Desk speaks it."""
    chosen = None
    for index, token in enumerate(argv):
        if token == "--":
            break
        option, equals, value = token.partition("=")
        if not (option.startswith("--wi") and "--window-language".startswith(option)):
            continue
        if not equals:
            value = argv[index + 1] if index + 1 < len(argv) else ""
        chosen = value
    return chosen if chosen in (*language_codes(), PSEUDO.code) else None


def parse_args(argv: list[str] | None, words: Translator | None = None) -> argparse.Namespace:
    """The command line's options; its help and our refusals of a value in the
    language of ``words`` (English when not given; argparse's own words stay English)."""
    words = words or translator("en")
    parser = argparse.ArgumentParser(
        prog=PROG, description=words.gettext("GM Desk: an offline desk for the Game Master.")
    )
    parser.add_argument(
        "file",
        nargs="?",
        type=Path,
        help=words.gettext("a campaign file to open, as the system passes it on a double-click"),
    )
    parser.add_argument(
        "--campaign",
        type=Path,
        help=words.gettext(
            "the campaign file to open (created if it does not exist); when not given, "
            "the campaign last used (the sample campaign on the first run)"
        ),
    )
    parser.add_argument(
        "--smoke-test",
        action="store_true",
        help=words.gettext("start offscreen, open the campaign, print timings as JSON and exit"),
    )
    parser.add_argument(
        "--screenshot",
        type=Path,
        help=words.gettext("with --smoke-test: save the window as PNG"),
    )
    parser.add_argument(
        "--player-screenshot",
        type=Path,
        metavar="PNG",
        help=words.gettext(
            "with --smoke-test: open the player display too and save it as PNG "
            "(at --size, else 1920x1080)"
        ),
    )
    parser.add_argument(
        "--size",
        type=partial(_window_size, words),
        metavar="WxH",
        help=words.gettext("with --smoke-test: the window's size in pixels, as 1366x768"),
    )
    parser.add_argument(
        "--workspace",
        choices=("play", "prep", "between"),
        help=words.gettext(
            "the workspace to show: Play, Prep or Between sessions (the last one used)"
        ),
    )
    parser.add_argument(
        "--theme",
        choices=("light", "dark", "high-contrast"),
        help=words.gettext(
            "light, dark or high contrast whatever the system's scheme, for this run "
            "(else View > Theme's)"
        ),
    )
    parser.add_argument(
        "--zoom",
        type=partial(_zoom_percent, words),
        metavar="PERCENT",
        help=words.gettext(
            "the text and dice at this percent for this run, as 150 "
            "(else View > Zoom's remembered step)"
        ),
    )
    parser.add_argument(
        "--print-cards",
        type=Path,
        metavar="PDF",
        help=words.gettext(
            "write the campaign's SySCards to PDF (nine to a page) and exit, no window"
        ),
    )
    parser.add_argument(
        "--card",
        action="append",
        default=[],
        metavar="NAME",
        help=words.gettext("with --print-cards: only this card (repeat for more)"),
    )
    parser.add_argument(
        "--print-sheets",
        type=Path,
        metavar="PDF",
        help=words.gettext(
            "write character sheets to PDF (every player character) and exit, no window"
        ),
    )
    parser.add_argument(
        "--character",
        action="append",
        default=[],
        metavar="NAME",
        help=words.gettext(
            "with --print-sheets: only this character, of any kind (repeat for more)"
        ),
    )
    parser.add_argument(
        "--print-summary",
        type=Path,
        metavar="PDF",
        help=words.gettext(
            "write the GM summary (faction ladder and chapter) to PDF and exit, no window"
        ),
    )
    parser.add_argument(
        "--print-journal",
        type=Path,
        metavar="PDF",
        help=words.gettext(
            "write the journal (every game, or those of --from and --to) to PDF and exit"
        ),
    )
    parser.add_argument(
        "--export-journal",
        type=Path,
        metavar="FOLDER",
        help=words.gettext(
            "write the journal as Markdown, one file per game, into FOLDER (made when "
            "missing) and exit, no window"
        ),
    )
    parser.add_argument(
        "--export-statistics",
        type=Path,
        metavar="CSV",
        help=words.gettext(
            "write the roll statistics (each roller's luck against the exact odds, and "
            "every roll judged; of --from and --to when given) as CSV and exit, no window"
        ),
    )
    parser.add_argument(
        "--print-statistics",
        type=Path,
        metavar="PDF",
        help=words.gettext("write the roll statistics report, with its charts, to PDF and exit"),
    )
    parser.add_argument(
        "--players",
        action="store_true",
        help=words.gettext(
            "with --export-journal or --print-journal: the player-safe journal (no "
            "private note, nothing players may not see)"
        ),
    )
    parser.add_argument(
        "--from",
        dest="journal_from",
        type=partial(_day, words),
        metavar="DATE",
        help=words.gettext(
            "with --print-journal or --export-journal: games started on DATE (YYYY-MM-DD) "
            "or later; with --export-statistics or --print-statistics: rolls made on DATE "
            "or later"
        ),
    )
    parser.add_argument(
        "--to",
        dest="journal_to",
        type=partial(_day, words),
        metavar="DATE",
        help=words.gettext(
            "with --print-journal or --export-journal: games started on DATE or earlier; "
            "with the statistics: rolls made on DATE or earlier"
        ),
    )
    parser.add_argument(
        "--paper",
        choices=("A4", "Letter"),  # untranslated: paper sizes' names, as typed
        default="A4",
        help=words.gettext(
            "the paper size of --print-cards, --print-sheets, --print-summary, "
            "--print-journal and --print-statistics (A4)"
        ),
    )
    parser.add_argument(
        "--language",
        type=partial(_print_language, words),
        metavar="CODE",
        help=words.gettext(
            "the language of --print-cards, --print-sheets, --print-summary and "
            "--print-alignment for this run: {codes} (the campaign's print language "
            "when not given)"
        ).format(codes=", ".join(language_codes())),
    )
    parser.add_argument(
        "--window-language",
        type=partial(_window_language, words),
        metavar="CODE",
        help=words.gettext(
            "the window's language for this run: {codes}, or pseudo (a test language, "
            "every message longer and accented); else View > Language's, else the system's"
        ).format(codes=", ".join(language_codes())),
    )
    parser.add_argument(
        "--share",
        type=_share_address,
        metavar="ADDRESS[:PORT]",  # untranslated: the value's form, as the usage line shows it
        help=words.gettext(
            "open the campaign sharing with the players' phones at this address of this "
            "computer (port {port} when not given); with --smoke-test, the players' "
            "links are in its JSON line"
        ).format(port=DEFAULT_PORT),
    )
    # Hidden: for the built app's checks (tests/packaging), not for GMs.
    parser.add_argument("--plot-check", action="store_true", help=argparse.SUPPRESS)
    _add_layout_arguments(parser, words)
    version = f"GM Desk {__version__}"  # untranslated: the app's name and version
    parser.add_argument("--version", action="version", version=version)
    args = parser.parse_args(_joined_offsets(sys.argv[1:] if argv is None else argv))
    if args.file is not None and args.campaign is not None and args.file != args.campaign:
        parser.error(words.gettext("give the campaign either as FILE or with --campaign, not both"))
    args.campaign = args.campaign or args.file
    return args


def _joined_offsets(argv: list[str]) -> list[str]:
    """`--back-offset -1.5,0.5` as `--back-offset=-1.5,0.5`: argparse takes a value that
    starts with "-" (and is not a plain number) for an option, and a back offset to the
    left is as common as one to the right."""
    joined: list[str] = []
    waiting = False
    for token in argv:
        if waiting and token[:1] == "-" and (token[1:2].isdigit() or token[1:2] == "."):
            joined[-1] = f"--back-offset={token}"
        else:
            joined.append(token)
        waiting = token == "--back-offset"
    return joined


def _print_language(words: Translator, text: str) -> str:
    if text not in language_codes():
        refusal = words.gettext(
            "{value} is not a language GM Desk prints in; choose one of {codes}"
        )
        raise argparse.ArgumentTypeError(
            refusal.format(value=repr(text), codes=", ".join(language_codes()))
        )
    return text


def _window_language(words: Translator, text: str) -> str:
    if text not in (*language_codes(), PSEUDO.code):
        refusal = words.gettext(
            "{value} is not a language GM Desk speaks; choose one of {codes} or {pseudo}"
        )
        raise argparse.ArgumentTypeError(
            refusal.format(value=repr(text), codes=", ".join(language_codes()), pseudo=PSEUDO.code)
        )
    return text


def _share_address(text: str) -> tuple[str, int]:
    # The address's refusal is share_address's own, in English (desktop/ui/sharing).
    try:
        return parse_share_address(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _day(words: Translator, text: str) -> date:
    """`2026-03-14` as a date; anything else refused with the option's name."""
    try:
        return date.fromisoformat(text)
    except ValueError:
        refusal = words.gettext("{value} is not a date such as 2026-03-14")
        raise argparse.ArgumentTypeError(refusal.format(value=repr(text))) from None


def _zoom_percent(words: Translator, text: str) -> int:
    """`150` (or `150%`) as 150; the window takes the nearest of View > Zoom's steps."""
    try:
        percent = int(text.strip().removesuffix("%"))
    except ValueError:
        refusal = words.gettext("{value} is not a percent such as 150")
        raise argparse.ArgumentTypeError(refusal.format(value=repr(text))) from None
    if not 50 <= percent <= 300:
        refusal = words.gettext("{value} is not a zoom between 50 and 300 percent")
        raise argparse.ArgumentTypeError(refusal.format(value=repr(text)))
    return percent


def _window_size(words: Translator, text: str) -> tuple[int, int]:
    """`1366x768` as (1366, 768); a size no screen has is refused with the option's name."""
    width, _, height = text.lower().partition("x")
    try:
        size = (int(width), int(height))
    except ValueError:
        refusal = words.gettext("{value} is not a size such as 1366x768")
        raise argparse.ArgumentTypeError(refusal.format(value=repr(text))) from None
    if not all(400 <= side <= 10_000 for side in size):
        refusal = words.gettext("{value}: each side must be 400 to 10000 pixels")
        raise argparse.ArgumentTypeError(refusal.format(value=text))
    return size


def _add_layout_arguments(parser: argparse.ArgumentParser, words: Translator) -> None:
    """The card layout options; each value is checked as it is read, so a bad one is
    refused (naming its option, exit 2) before anything is opened or written. (The
    values' refusals are desktop/printing/choices.py's, in English.)"""

    def millimetres(what: str, high: float) -> Callable[[str], float]:
        def parse(text: str) -> float:
            try:
                return layout.parse_millimetres(text, what, high)
            except ValueError as error:
                raise argparse.ArgumentTypeError(str(error)) from None

        return parse

    def offset(text: str) -> tuple[float, float]:
        try:
            return layout.parse_back_offset(text)
        except ValueError as error:
            raise argparse.ArgumentTypeError(str(error)) from None

    parser.add_argument(
        "--print-alignment",
        type=Path,
        metavar="PDF",
        help=words.gettext(
            "write the print alignment test (front and back, to measure --back-offset) "
            "to PDF and exit, no window"
        ),
    )
    parser.add_argument(
        "--card-size",
        choices=tuple(layout.CARD_SIZES),
        help=words.gettext(
            "with --print-cards: poker 63 x 88 mm, bridge 57 x 89, mini 44 x 63, tarot 70 x 120"
        ),
    )
    parser.add_argument(
        "--bleed",
        type=millimetres("bleed", layout.MAX_BLEED_MM),
        metavar="MM",
        help=words.gettext(
            "with --print-cards: each card's grey edge runs MM past the cut (0 or 3)"
        ),
    )
    parser.add_argument(
        "--gap",
        type=millimetres("gap", layout.MAX_GAP_MM),
        metavar="MM",
        help=words.gettext("with --print-cards: room between cards, MM"),
    )
    parser.add_argument(
        "--cut-marks",
        choices=layout.CUT_MARKS,
        help=words.gettext("with --print-cards: short crop marks, full-length lines, both or none"),
    )
    parser.add_argument(
        "--back-offset",
        type=offset,
        metavar="X,Y",  # untranslated: the value's form, as the usage line shows it
        help=words.gettext(
            "move every back by X,Y mm (+ right and down, as the back is read); "
            "read it off --print-alignment"
        ),
    )
    parser.add_argument(
        "--duplex",
        choices=layout.DUPLEX_EDGES,
        help=words.gettext(
            "the edge the printer flips two-sided pages on (long); with --print-sheets "
            "it also lays the sheets out two-sided"
        ),
    )
    parser.add_argument(
        "--fold-over",
        action="store_true",
        help=words.gettext(
            "with --print-cards: each back beside its front, to fold and glue (one-sided)"
        ),
    )


CARD_ONLY = ("card_size", "bleed", "gap", "cut_marks")


def _layout_problem(args: argparse.Namespace, words: Translator) -> str | None:
    """Layout options given where they do nothing, or a layout that fits no card (the
    layout's refusal is desktop/printing/layout.py's, in English)."""
    used = [name for name in CARD_ONLY if getattr(args, name) is not None]
    used += ["fold_over"] if args.fold_over else []
    if used and args.print_cards is None:
        option = f"--{used[0].replace('_', '-')}"
        return words.gettext("{option} works with --print-cards").format(option=option)
    two_sided = args.back_offset is not None or args.duplex is not None
    printing = (args.print_cards, args.print_sheets, args.print_alignment)
    if two_sided and all(out is None for out in printing):
        option = "--back-offset" if args.back_offset is not None else "--duplex"
        return words.gettext(
            "{option} works with --print-cards, --print-sheets or --print-alignment"
        ).format(option=option)
    if args.print_cards is not None:
        from desktop.printing.layout import PAPER_MM, CardPrintOptions, card_sheet

        try:
            card_sheet(PAPER_MM[args.paper], CardPrintOptions(**_layout_values(args)))
        except ValueError as error:
            return str(error)
    return None


# Every option naming a file GM Desk writes, with the kind of file it writes there.
OUTPUTS = (
    ("print_cards", "PDF"),
    ("print_sheets", "PDF"),
    ("print_summary", "PDF"),
    ("print_alignment", "PDF"),
    ("print_journal", "PDF"),
    ("print_statistics", "PDF"),
    ("export_statistics", "STATISTICS_CSV"),
    ("screenshot", "PNG"),
    ("player_screenshot", "PNG"),
)


def _output_problem(args: argparse.Namespace, words: Translator) -> str | None:
    """A name given that cannot be used, or an output that would replace a file GM Desk
    did not make as that kind of output (a campaign typed where the PDF's name goes):
    refused before anything is opened or written."""
    named = [getattr(args, option) for option, _ in OUTPUTS]
    # With a window, a refused campaign name is said in the window, as for File > Open.
    windowless = args.smoke_test or any(given is not None for given in named)
    for given in ([args.campaign] if windowless else []) + named:
        if given is not None and undecodable(given):
            return undecodable_message(given)
    keep = [args.campaign] if args.campaign is not None else []
    seen: dict[Path, str] = {}
    for option, kind in OUTPUTS:
        target = getattr(args, option)
        if target is None:
            continue
        flag = f"--{option.replace('_', '-')}"
        refused = outputs.refusal(target, getattr(outputs, kind), keep=keep, words=words)
        if refused is not None:
            return _option_refused(words, flag, refused)
        earlier = seen.setdefault(target.resolve(), flag)
        if earlier != flag:
            return words.gettext(
                "{option} and {other} name the same file: give each its own."
            ).format(option=earlier, other=flag)
    return None


def _option_refused(words: Translator, option: str, refusal: str) -> str:
    """An option's value refused: ``--print-cards: “c.gmdesk” is a campaign…``."""
    return words.gettext("{option}: {refusal}").format(option=option, refusal=refusal)


class LayoutValues(TypedDict, total=False):
    """The card layout options given on the command line, by CardPrintOptions' names."""

    card_size: str
    bleed_mm: float
    gap_mm: float
    cut_marks: CutMarks
    back_offset_mm: tuple[float, float]
    duplex: DuplexEdge
    fold_over: bool


def _layout_values(args: argparse.Namespace) -> LayoutValues:
    """The layout options given on the command line (each checked as it was parsed)."""
    given = {
        "card_size": args.card_size,
        "bleed_mm": args.bleed,
        "gap_mm": args.gap,
        "cut_marks": args.cut_marks,
        "back_offset_mm": args.back_offset,
        "duplex": args.duplex,
        "fold_over": True if args.fold_over else None,
    }
    # argparse checked each value against its option, so the names and types are these.
    return cast(LayoutValues, {name: value for name, value in given.items() if value is not None})


def main(argv: list[str] | None = None) -> int:
    collecting = _pause_collection()
    try:
        # The log, its hooks and Qt's message handler are put back as they were when
        # the window closes (the tests run start-up again in one process).
        with contextlib.ExitStack() as started:
            return _main(argv, collecting, started)
    finally:
        _resume_collection(collecting)  # at once when a command ends or the window closes


def _pause_collection() -> bool:
    """Turn Python's cyclic garbage collector off while GM Desk starts; whether it was on.

    A start makes some hundred thousand objects that live as long as the window
    (modules, classes, Qt's wrappers and enums) and few cycles of garbage: each
    collection meanwhile would walk them all again."""
    # Measured (issue 28, 3 runs): first paint 8-11 ms and ready 11-17 ms sooner with it.
    was_on = gc.isenabled()
    gc.disable()
    return was_on


def _resume_collection(was_on: bool) -> None:
    """Collect again, if the collector was on before the start."""
    if was_on and not gc.isenabled():
        gc.enable()


def _main(argv: list[str] | None, collecting: bool, started: contextlib.ExitStack) -> int:
    given = sys.argv[1:] if argv is None else argv
    # The command line's language, chosen once: its help, refusals and reports.
    words = command_line_words(given)
    args = parse_args(given, words)
    for value, option in (
        (args.screenshot, "--screenshot"),
        (args.player_screenshot, "--player-screenshot"),
        (args.size, "--size"),
        (args.plot_check, "--plot-check"),
    ):
        if value and not args.smoke_test:
            _say(words.gettext("{option} works with --smoke-test").format(option=option))
            return 2
    if args.character and args.print_sheets is None:
        _say(words.gettext("--character works with --print-sheets"))
        return 2
    if args.card and args.print_cards is None:
        _say(words.gettext("--card works with --print-cards"))
        return 2
    printed = (args.print_cards, args.print_sheets, args.print_summary, args.print_alignment)
    if args.language and all(out is None for out in printed):
        _say(
            words.gettext(
                "--language works with --print-cards, --print-sheets, --print-summary "
                "and --print-alignment"
            )
        )
        return 2
    problem = (
        _layout_problem(args, words)
        or _output_problem(args, words)
        or _journal_problem(args, words)
        or _statistics_problem(args, words)
    )
    if problem is not None:
        _say(problem)
        return 2
    wanted = (
        args.print_cards,
        args.print_sheets,
        args.print_summary,
        args.print_alignment,
        args.print_journal,
        args.export_journal,
        args.print_statistics,
        args.export_statistics,
    )
    if any(out is not None for out in wanted):
        return _print_all(args, words)
    from PySide6.QtCore import QTimer
    from PySide6.QtGui import QIcon
    from PySide6.QtWidgets import QApplication

    from desktop.logs import start_logging
    from desktop.ui.theme import new_application

    logs = started.enter_context(start_logging(paths.log_dir()))
    logs.install_hooks()
    app = QApplication.instance()
    if app is None:
        arguments = sys.argv[:1]
        screen_file = None
        # Its own screen of the size asked for, given to this application alone (an
        # argument, not the environment, which the processes it starts inherit). Qt
        # splits a platform's options at ":", so a path with one (C:\ on Windows) is
        # not given: the smoke test then runs on the platform's own screen.
        if args.smoke_test and ":" not in str(paths.data_dir()):
            screen_file = _offscreen_screen(args.size or SMOKE_TEST_SCREEN)
            arguments += ["-platform", f"offscreen:configfile={screen_file}"]
        app = new_application(arguments)
        if screen_file is not None:
            screen_file.unlink(missing_ok=True)  # read as the application started
    # The window is made of widgets: an application made earlier in this process (the
    # tests') is a QApplication too.
    assert isinstance(app, QApplication)
    app.setApplicationName(paths.APP_NAME)
    app.setOrganizationName(paths.APP_AUTHOR)
    app.setApplicationVersion(__version__)
    app.setDesktopFileName("gm-desk")
    app.setWindowIcon(QIcon(str(paths.icons_dir() / "gm-desk.svg")))
    logs.install_qt_messages()

    from desktop.ui.main_window import MainWindow
    from desktop.ui.settings import Settings
    from desktop.ui.theme import apply_theme
    from desktop.ui.window_language import install_window_language

    settings = Settings(_qsettings())
    # The command line's language: --window-language for this run only; else View >
    # Language's, else the system's.
    install_window_language(app, args.window_language or words.code)
    if not app.property("gmDeskThemed"):  # once per application, however often main runs
        # --theme for this run only; else View > Theme's remembered choice.
        apply_theme(app, args.theme or settings.theme())
        app.setProperty("gmDeskThemed", True)
    data = paths.data_dir()
    if args.workspace is not None:
        settings.set_workspace(args.workspace)
    window = MainWindow(settings, data, log_folder=logs.folder, zoom=args.zoom)
    logs.show_errors_with(window.show_error)
    if args.size is not None:
        window.resize(*args.size)
    file_open = _watch_file_open(app, window)
    if args.smoke_test:
        try:
            return _smoke_test(
                app,
                window,
                args.campaign,
                args.screenshot,
                args.player_screenshot,
                args.size,
                args.share,
                args.plot_check,
                words,
            )
        finally:
            # Run in-process again (the tests do), the next window must not inherit
            # this one's filter and window: every event would pass through them all.
            if file_open is not None:
                app.removeEventFilter(file_open)
                file_open.deleteLater()
            window.deleteLater()
    # Paint first: the window with its docks' titles, then the campaign opens and the
    # docks fill in, in the event loop's first turns.
    window.show_layout_before_opening()
    window.show()
    QTimer.singleShot(0, lambda: _open_at_start(window, args.campaign, collecting, args.share))
    return app.exec()


def _watch_file_open(app: QApplication, window: Window) -> QObject | None:
    """On macOS a campaign double-clicked in the Finder arrives as an event; elsewhere
    the system passes it on the command line. A filter on the application sees every
    event of every widget, each a call into Python, so only macOS installs one."""
    if sys.platform != "darwin":
        return None
    from desktop.ui.file_open import FileOpenFilter

    file_open = FileOpenFilter(window.open_campaign, app)
    app.installEventFilter(file_open)
    return file_open


def _qsettings() -> QSettings:
    """The user's settings: the INI file under GM_DESK_HOME, else the system's place."""
    from PySide6.QtCore import QSettings

    ini = paths.settings_file()
    if ini is not None:
        return QSettings(str(ini), QSettings.Format.IniFormat)
    return QSettings(paths.APP_AUTHOR, paths.APP_NAME)


def last_campaign() -> Path | None:
    """The campaign GM Desk used last, if its file is still there."""
    from desktop.ui.settings import Settings

    recent = Settings(_qsettings()).recent_files()
    return next((path for path in recent[:1] if path.is_file()), None)


def _campaign_path(window: Window, requested: Path | None) -> Path:
    """The campaign to open: the one asked for (made if new), else the one last used,
    else (the first run, or its file is gone) the sample."""
    from desktop.store import Campaign, CampaignRefused

    data = paths.data_dir()
    if requested is not None and undecodable(requested):
        raise CampaignRefused(undecodable_message(requested))
    if requested is None:
        last = last_campaign()
        if last is not None:
            return last
        from desktop.store import ensure_sample_campaign  # the exchange: the first run only

        return ensure_sample_campaign(data, paths.resources_dir())
    # lexists: a dangling link is a file the GM named, to be refused, never replaced.
    if not os.path.lexists(requested):
        from desktop.ui.window_language import new_campaign_language

        # Its cards print in the window's language, as the window's New campaign does.
        Campaign.create(requested, data_dir=data, print_language=new_campaign_language()).close()
    return requested


# The laptop screen GM Desk is laid out for: a smoke test without --size runs on it.
SMOKE_TEST_SCREEN = (1366, 768)


def _offscreen_screen(size: tuple[int, int]) -> Path:
    """A file telling the offscreen platform of one screen of `size`, its windows drawn
    without a frame: the window, kept within its screen, is then `size` exactly (on the
    platform's own 800 x 800 screen a 1366-pixel window was shrunk to fit).

    Written in GM Desk's own data folder, under the one partial name, never in the
    system's temporary folder: GM Desk writes nowhere else
    (tests/packaging/test_frozen_app.py)."""
    screen = {"name": "smoke-test", "x": 0, "y": 0, "width": size[0], "height": size[1]}
    path = paths.data_dir() / partial_name("smoke-test-screen.json")
    with path.open("w", encoding="utf-8") as file:
        json.dump({"windowFrameMargins": False, "screens": [screen]}, file)
    return path


def _open_at_start(
    window: Window,
    requested: Path | None,
    collecting: bool = False,
    share: tuple[str, int] | None = None,
) -> None:
    try:
        if _open_requested(window, requested) and share is not None:
            window.sharing.share_at(*share)  # a refusal is said in the sharing window
    finally:
        # The start is over once the docks on screen are filled (or none is shown).
        window.when_filled(partial(_resume_collection, collecting))


def _open_requested(window: Window, requested: Path | None) -> bool:
    from desktop.store import CampaignRefused, ImportRefused

    try:
        path = _campaign_path(window, requested)
    except (CampaignRefused, ImportRefused, OSError, ValueError) as error:
        window.end_opening()
        window.show_problem(str(error))
        return False
    return window.open_campaign(path)


def _smoke_test(
    app: QApplication,
    window: Window,
    requested: Path | None,
    shot: Path | None,
    player_shot: Path | None = None,
    size: tuple[int, int] | None = None,
    share: tuple[str, int] | None = None,
    plot: bool = False,
    words: Translator | None = None,
) -> int:
    """Open the campaign offscreen, wait until idle, report timings; non-zero if refused.
    With `player_shot`, the player display is opened too and saved beside it; with
    `share`, sharing starts there, the report lists the players' links and the HTTP
    statuses of the join page and a player's page fetched from the running server; with
    `plot`, a small pyqtgraph plot is drawn offscreen and the report says what it held.
    Its report is JSON, for machines; its refusals are in the language of `words`."""
    from PySide6.QtCore import QCoreApplication, QEventLoop

    from desktop.store import CampaignLocked, CampaignRefused, ImportRefused

    # As a GM's start: the window painted with its docks' titles, then the campaign
    # opened and the docks filled in, a slice of the event loop at a time.
    window.show_layout_before_opening()
    window.show()
    QCoreApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents)
    # Wall-clock times, for the start-up benchmark to set against the process's launch.
    first_paint = time.time()
    shown = time.perf_counter()
    try:
        path = _campaign_path(window, requested)
        window.open_campaign(path, interactive=False)
    except (CampaignRefused, CampaignLocked, ImportRefused, OSError, ValueError) as error:
        _say(str(error))
        window.close()
        return 1
    except sqlite3.DatabaseError as error:
        _say(_damaged(requested, error))
        window.close()
        return 1
    words = words or translator("en")
    opened = time.perf_counter()
    links: list[dict[str, str]] | None = None
    if share is not None:
        from desktop.ui.sharing.controller import SharingRefused

        try:
            window.sharing.start(*share)
        except SharingRefused as refused:
            _say(
                words.gettext("cannot share at {host}:{port}: {refusal}").format(
                    host=share[0], port=share[1], refusal=refused
                )
            )
            window.close()
            return 1
        links = window.sharing.shared_links()
    _wait_until_ready(window)
    served = _check_served(links) if links is not None else None
    ready = time.time()
    for _ in range(3):  # let layouts and queued signals settle before the screenshot
        QCoreApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents)
    shots: list[tuple[Path | None, Window | QWidget]] = [(shot, window)]
    if player_shot is not None:
        display = window.player_display.open()
        display.resize(*(size or (1920, 1080)))
        for _ in range(3):
            QCoreApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents)
        shots.append((player_shot, display))
    for target, widget in shots:
        if target is None:
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        if not widget.grab().save(str(target), "PNG"):
            _say(words.gettext("could not write the screenshot {path}").format(path=target))
            window.close()
            return 1
    plotted = _plot_check() if plot else None
    window.close()
    report: dict[str, object] = {
        "window_shown_s": round(shown - START, 4),
        "campaign_open_s": round(opened - shown, 4),
        "total_s": round(time.perf_counter() - START, 4),
        "first_paint_at": first_paint,
        "ready_at": ready,
        "longest_fill_slice_ms": round(window.filler.longest_slice_s * 1000, 1),
        "peak_memory_mb": _peak_memory_mb(),
        "campaign": str(path),
        "language": _language_check(),
    }
    if links is not None:
        report["players"] = links
    if served is not None:
        report["share_check"] = served
    if plotted is not None:
        report["plot_check"] = plotted
    print(json.dumps(report))
    if plotted is not None and plotted["drawn"] is not True:
        _say(words.gettext("the plot was not drawn: {report}").format(report=plotted))
        return 1
    if served is not None and set(served.values()) != {200}:
        _say(words.gettext("the players' pages were not served: {report}").format(report=served))
        return 1
    return 0


def _language_check() -> dict[str, str]:
    """The window's language and a word of Qt's own in it (a dialog's Cancel button):
    the frozen app's test finds Qt's catalogue shipped and loaded."""
    from PySide6.QtWidgets import QDialogButtonBox

    from desktop.ui.window_language import window_translator

    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
    cancel = buttons.button(QDialogButtonBox.StandardButton.Cancel).text()
    buttons.deleteLater()
    return {"code": window_translator().code, "qt_cancel": cancel}


def _plot_check() -> dict[str, object]:
    from desktop.ui.plot_check import plot_check

    return plot_check()


def _check_served(links: list[dict[str, str]]) -> dict[str, int]:
    """The join page's and the first player's page's HTTP statuses, fetched over the
    network as a phone would (the server answers from its own thread)."""
    from desktop.share.served_check import UNREACHED, served_statuses

    if not links:
        return {"join": UNREACHED, "player": UNREACHED}  # no player character to share
    return served_statuses(links[0]["link"])


def _wait_until_ready(window: Window) -> None:
    """Turn the event loop until every shown dock is filled (a minute at most: a
    screenshot of half-filled docks says more than a smoke test that never ends)."""
    from PySide6.QtCore import QCoreApplication, QEventLoop

    deadline = time.perf_counter() + 60
    while not window.is_ready() and time.perf_counter() < deadline:
        QCoreApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents)


def _print_all(args: argparse.Namespace, words: Translator) -> int:
    """Every PDF asked for, in turn; the first failure's code (0 when all were written).
    What is said on stdout and stderr is in the language of `words`; the pages are in
    the print language."""
    codes = []
    if args.print_alignment is not None:
        codes.append(_print_alignment(args, words))
    if args.print_cards is not None:
        codes.append(
            _print_cards(
                args.campaign,
                args.print_cards,
                args.card,
                args.paper,
                _layout_values(args),
                args.language,
                words,
            )
        )
    if args.print_sheets is not None or args.print_summary is not None:
        codes.append(_print_sheets(args, words))
    if args.print_journal is not None or args.export_journal is not None:
        codes.append(_journal_outputs(args, words))
    if args.print_statistics is not None or args.export_statistics is not None:
        codes.append(_statistics_outputs(args, words))
    return next((code for code in codes if code), 0)


def _journal_problem(args: argparse.Namespace, words: Translator) -> str | None:
    """The journal's options given without their command, dates the wrong way round, or
    a folder for the Markdown that cannot be one (a file, a folder GM Desk may not
    write in): refused before anything is opened or written."""
    from desktop.text_files import folder_refusal

    journal = args.print_journal is not None or args.export_journal is not None
    statistics = args.print_statistics is not None or args.export_statistics is not None
    if args.players and not journal:
        return words.gettext("--players works with --print-journal or --export-journal")
    for given, option in ((args.journal_from, "--from"), (args.journal_to, "--to")):
        if given and not (journal or statistics):
            return words.gettext(
                "{option} works with --print-journal, --export-journal, --print-statistics "
                "or --export-statistics"
            ).format(option=option)
    first, last = args.journal_from, args.journal_to
    if first is not None and last is not None and first > last:
        return words.gettext(
            "--from {first} is after --to {last}: give the earlier date first."
        ).format(first=first, last=last)
    if args.export_journal is not None:
        # The folder's refusal is desktop/text_files.py's, in English.
        refused = folder_refusal(args.export_journal)
        if refused is not None:
            return _option_refused(words, "--export-journal", refused)
    return None


def _journal_outputs(args: argparse.Namespace, words: Translator) -> int:
    """`--print-journal` and `--export-journal`: the journal with no window."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    if args.campaign is None:
        args.campaign = _campaign_to_print(words)
        if args.campaign is None:
            return 2
    from desktop.printing.cli import print_journal
    from desktop.store import Campaign, CampaignRefused
    from desktop.ui.journal_export import (
        export_journal_markdown,
        games_started_within,
        gather_journal,
    )

    try:
        # Read-only, as for the other prints: a GM Desk open on the campaign keeps its lock.
        with Campaign.open(args.campaign, data_dir=paths.data_dir(), read_only=True) as opened:
            chosen = games_started_within(opened, args.journal_from, args.journal_to, words)
            journal = None
            # The paper in the campaign's print language; the Markdown, a window's
            # export, in the command line's (the window's) language.
            paper = translator(opened.print_language())
            if args.print_journal is not None:
                journal = gather_journal(opened, chosen, players=args.players, words=paper)
            if args.export_journal is not None:
                written = export_journal_markdown(
                    opened, args.export_journal, chosen, players=args.players, words=words
                )
                if args.players:
                    wrote = words.ngettext(
                        "Wrote the player-safe journal of {count} game as Markdown to {path}",
                        "Wrote the player-safe journal of {count} games as Markdown to {path}",
                        len(written),
                    )
                else:
                    wrote = words.ngettext(
                        "Wrote the journal of {count} game as Markdown to {path}",
                        "Wrote the journal of {count} games as Markdown to {path}",
                        len(written),
                    )
                print(wrote.format(count=len(written), path=args.export_journal))
        if journal is not None:
            pages = print_journal(journal, args.print_journal, args.paper, words, paper)
            if args.players:
                wrote = words.gettext(
                    "Wrote the player-safe journal of {games} on {pages} to {path}"
                )
            else:
                wrote = words.gettext("Wrote the journal of {games} on {pages} to {path}")
            games = _games(words, len(journal.games))
            print(wrote.format(games=games, pages=_pages(words, pages), path=args.print_journal))
    except (CampaignRefused, ValueError, OSError, sqlite3.DatabaseError) as error:
        return _print_refused(args.campaign, error)
    return 0


def _games(words: Translator, count: int) -> str:
    """``3 games``, for a sentence that counts two things (its own template around it)."""
    return words.ngettext("{count} game", "{count} games", count).format(count=count)


def _pages(words: Translator, count: int) -> str:
    """``2 pages``, for a sentence that counts two things (its own template around it)."""
    return words.ngettext("{count} page", "{count} pages", count).format(count=count)


def _statistics_problem(args: argparse.Namespace, words: Translator) -> str | None:
    """A statistics file whose folder is missing or one GM Desk may not write in:
    refused before the campaign is opened, as the journal's folder is."""
    from desktop.names import shown_path
    from desktop.text_files import folder_refusal

    for target, option in (
        (args.export_statistics, "--export-statistics"),
        (args.print_statistics, "--print-statistics"),
    ):
        if target is None:
            continue
        folder = target.parent
        if not folder.is_dir():
            return words.gettext("{option}: the folder “{folder}” does not exist.").format(
                option=option, folder=shown_path(folder)
            )
        refused = folder_refusal(folder)
        if refused is not None:
            return _option_refused(words, option, refused)
    return None


def _statistics_outputs(args: argparse.Namespace, words: Translator) -> int:
    """`--export-statistics` and `--print-statistics`: the luck report with no window,
    of the rolls made from `--from` to `--to` (the whole campaign without them)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    if args.campaign is None:
        args.campaign = _campaign_to_print(words)
        if args.campaign is None:
            return 2
    from desktop.printing.cli import print_statistics
    from desktop.store import Campaign, CampaignRefused
    from desktop.ui.statistics_print import luck_print_data, scope_in_words, write_luck_csv
    from desktop.views.statistics import rolls_report
    from desktop.views.tray_luck import TrayOddsCache

    first, last = args.journal_from, args.journal_to
    try:
        # Read-only, as for the other prints: a GM Desk open on the campaign keeps its lock.
        with Campaign.open(args.campaign, data_dir=paths.data_dir(), read_only=True) as opened:
            records = [r for r in opened.rolls.all() if _made_within(r.at, first, last)]
            names = {character.id: character.name for character in opened.roster.all()}
            report = rolls_report(records, TrayOddsCache(), names=names)
            count = len(report.rolls)
            # The PDF's words in the print language; the CSV's sentences and what is said
            # in the GM's (as the window's Export CSV writes them).
            tr = translator(args.language or opened.print_language())
            if args.export_statistics is not None:
                write_luck_csv(args.export_statistics, report, opened, words, words)
                wrote = words.ngettext(
                    "Wrote the statistics of {count} roll as CSV to {path}",
                    "Wrote the statistics of {count} rolls as CSV to {path}",
                    count,
                )
                print(wrote.format(count=count, path=args.export_statistics))
            scope = scope_in_words(first, last, words=tr)
            data = luck_print_data(report, opened.summary().name, scope, tr)
        if args.print_statistics is not None:
            pages = print_statistics(data, args.print_statistics, args.paper, tr)
            rolls = words.ngettext("{count} roll", "{count} rolls", count).format(count=count)
            wrote = words.gettext("Wrote the statistics of {rolls} on {pages} to {path}")
            print(wrote.format(rolls=rolls, pages=_pages(words, pages), path=args.print_statistics))
    except (CampaignRefused, ValueError, OSError, sqlite3.DatabaseError) as error:
        return _print_refused(args.campaign, error)
    return 0


def _made_within(at: str, first: date | None, last: date | None) -> bool:
    """Whether a roll made at `at` (ISO local time) fell on `first` to `last` (both
    included, either open)."""
    if first is None and last is None:
        return True
    try:
        day = date.fromisoformat(at[:10])
    except ValueError:
        return False  # a time that cannot be read is on no date
    return (first is None or day >= first) and (last is None or day <= last)


def _print_alignment(args: argparse.Namespace, words: Translator) -> int:
    """`--print-alignment`: the test sheet, with the offset and edge given (no campaign)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication

    from desktop.printing.cli import print_alignment
    from desktop.printing.layout import CardPrintOptions

    _app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    try:
        # No campaign: the language given, else English.
        tr = translator(args.language or "en")
        options = CardPrintOptions(**_layout_values(args))
        pages = print_alignment(args.print_alignment, args.paper, options, tr)
    except (ValueError, OSError) as error:
        _say(str(error))
        return 1
    wrote = words.gettext("Wrote the print alignment test on {pages} pages to {path}")
    print(wrote.format(pages=pages, path=args.print_alignment))
    return 0


def _print_sheets(args: argparse.Namespace, words: Translator) -> int:
    """`--print-sheets` and `--print-summary`: sheets and the summary with no window."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    if args.campaign is None:
        args.campaign = _campaign_to_print(words)
        if args.campaign is None:
            return 2
    from PySide6.QtGui import QGuiApplication

    from desktop.printing.cli import print_sheets, print_summary, select_characters
    from desktop.printing.flow import Duplex
    from desktop.store import Campaign, CampaignRefused
    from desktop.ui.print_data import gather_sheets, gather_summary

    _app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    try:
        # Read-only, as for the cards: a GM Desk open on the campaign keeps its lock.
        with Campaign.open(args.campaign, data_dir=paths.data_dir(), read_only=True) as opened:
            chosen = select_characters(opened.roster.all(), args.character, words)
            tr = translator(args.language or opened.print_language())
            sheets = gather_sheets(opened, chosen, tr) if args.print_sheets is not None else []
            summary = gather_summary(opened, tr) if args.print_summary is not None else None
        if args.print_sheets is not None:
            # Two-sided when the edge or the offset is given: backs moved by the offset.
            two_sided = args.duplex is not None or args.back_offset is not None
            duplex = Duplex(args.back_offset or (0.0, 0.0)) if two_sided else None
            pages = print_sheets(sheets, args.print_sheets, args.paper, duplex, tr, words)
            names = ", ".join(sheet.name for sheet in sheets)
            wrote = words.gettext("Wrote the sheets of {names} on {pages} pages to {path}")
            print(wrote.format(names=names, pages=pages, path=args.print_sheets))
        if summary is not None:
            pages = print_summary(summary, args.print_summary, args.paper, tr)
            wrote = words.gettext("Wrote the GM summary on {pages} page(s) to {path}")
            print(wrote.format(pages=pages, path=args.print_summary))
    except (CampaignRefused, ValueError, OSError, sqlite3.DatabaseError) as error:
        return _print_refused(args.campaign, error)
    return 0


def _print_cards(
    campaign: Path | None,
    out: Path,
    names: list[str],
    paper: PageSizeName = "A4",
    layout: LayoutValues | None = None,
    language: str | None = None,
    words: Translator | None = None,
) -> int:
    """`--print-cards`: the cards to a PDF with no window (and no screen needed).

    The layout is the one the campaign remembers from the Print dialog, with the
    options given on the command line (``layout``) over it. The cards are in the print
    language (``language``, else the campaign's); what is said, in that of ``words``."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    words = words or translator("en")
    if campaign is None:
        campaign = _campaign_to_print(words)
        if campaign is None:
            return 2
    from PySide6.QtGui import QGuiApplication

    from desktop.printing.cli import print_cards
    from desktop.printing.layout import CardPrintOptions
    from desktop.store import Campaign, CampaignRefused
    from desktop.ui.print_data import print_cards as campaign_cards

    _app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    try:
        # Read-only: printing never needs the lock a running GM Desk may hold.
        with Campaign.open(campaign, data_dir=paths.data_dir(), read_only=True) as opened:
            cards = campaign_cards(opened)
            remembered = opened.print_settings()
            tr = translator(language or opened.print_language())
        options = CardPrintOptions.from_mapping({**remembered, **(layout or {})})
        pages = print_cards(cards, out, names, paper, options, tr, words)
    except (CampaignRefused, ValueError, OSError, sqlite3.DatabaseError) as error:
        return _print_refused(campaign, error)
    wrote = words.gettext("Wrote {cards} cards on {pages} pages to {path}")
    print(wrote.format(cards=len(names) or len(cards), pages=pages, path=out))
    return 0


def _campaign_to_print(words: Translator) -> Path | None:
    """Without --campaign, the campaign GM Desk would open: the last used, else the
    sample (made now if this is the first run); None (said on stderr) if none can be."""
    from desktop.store import CampaignRefused, ImportRefused, ensure_sample_campaign

    try:
        return last_campaign() or ensure_sample_campaign(paths.data_dir(), paths.resources_dir())
    except (CampaignRefused, ImportRefused, OSError, ValueError) as error:
        _say(
            words.gettext("no campaign to print ({refusal}); give one with --campaign FILE").format(
                refusal=error
            )
        )
        return None


def _print_refused(campaign: Path | None, error: Exception) -> int:
    """A print from the command line that could not be made: the plain reason on
    stderr, exit status 1. Damage SQLite met only while reading is said as damage."""
    reason = _damaged(campaign, error) if isinstance(error, sqlite3.DatabaseError) else str(error)
    _say(reason)
    return 1


def _say(message: str) -> None:
    """A refusal on stderr, after the program's name, as command line tools say them."""
    print(f"{PROG}: {message}", file=sys.stderr)


def _damaged(path: Path | None, error: Exception) -> str:
    """The plain refusal for damage SQLite met only once the campaign was being read."""
    from desktop.store import damaged_message

    unnamed = "The campaign"  # untranslated: the store's damage sentence is English
    return damaged_message(path.name if path is not None else unnamed, str(error))


def _peak_memory_mb() -> float | None:
    try:
        import resource
    except ImportError:  # Windows has no resource module
        return None
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    # ru_maxrss is in bytes on macOS and in kilobytes elsewhere.
    return round(peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024, 1)


if __name__ == "__main__":
    sys.exit(main())
