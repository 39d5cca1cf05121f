"""GM Desk's log: a small rotating file in the platform's log folder, for reporting bugs.

Set up once at start-up by `start_logging`, whose `Logs` the application owns and hands
to the window (Help > Open Log Folder); every module logs through
`logging.getLogger(__name__)`. Setting it up never stops GM Desk from starting: a
folder or file that cannot be written leaves the log on stderr only.

Nothing personal goes in: a campaign's text (names, notes, card text) can be in any
exception's message, so a traceback is written as its frames (file names, line numbers,
the code's own lines) and the exception's type, never its message (`plain_traceback`).
"""

from __future__ import annotations

import logging
import os
import stat
import sys
import threading
import traceback
from collections.abc import Callable
from pathlib import Path
from types import TracebackType

from desktop import __version__

LOG_NAME = "gm-desk.log"
MAX_BYTES = 1024 * 1024
BACKUPS = 3
FORMAT = "%(asctime)s %(levelname)s %(name)s [%(threadName)s]: %(message)s"

log = logging.getLogger(__name__)

# The window's way to show an unexpected error: the plain sentence and the details.
ShowError = Callable[[str, str], None]
SysHook = Callable[[type[BaseException], BaseException, TracebackType | None], object]
ThreadHook = Callable[[threading.ExceptHookArgs], object]


def plain_traceback(error: BaseException) -> str:
    """`error`'s traceback as Python prints it, chained causes too, with each exception
    named by its type alone: its message may hold campaign text."""
    parts: list[str] = []
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        kind = type(current)
        name = kind.__qualname__
        if kind.__module__ != "builtins":
            name = f"{kind.__module__}.{name}"
        frames = "".join(traceback.format_list(traceback.extract_tb(current.__traceback__)))
        parts.append(f"Traceback (most recent call last):\n{frames}{name}\n")
        if current.__cause__ is not None:
            link = "\nThe above exception was the direct cause of the following exception:\n\n"
            current = current.__cause__
        elif current.__context__ is not None and not current.__suppress_context__:
            link = "\nDuring handling of the above exception, another exception occurred:\n\n"
            current = current.__context__
        else:
            break
        parts.append(link)
    return "".join(reversed(parts))


def versions() -> str:
    """GM Desk's, Python's, Qt's and the system's versions, for a bug report."""
    import platform  # some 2 ms: asked only once something went wrong

    lines = [f"GM Desk {__version__}", f"Python {platform.python_version()}"]
    if "PySide6" in sys.modules:  # not imported for it: the command-line prints have no Qt
        import PySide6
        from PySide6.QtCore import qVersion

        lines.append(f"PySide6 {PySide6.__version__}, Qt {qVersion()}")
    lines.append(platform.platform())
    return "\n".join(lines)


def error_details(error: BaseException) -> str:
    """What the GM copies to report an unexpected error: versions and traceback."""
    return f"{versions()}\n\n{plain_traceback(error)}"


class PlainFormatter(logging.Formatter):
    """Log lines whose tracebacks carry no exception message (see `plain_traceback`)."""

    def format(self, record: logging.LogRecord) -> str:
        # Another handler may have cached the whole traceback, message and all, on the
        # record: this one writes its own, and leaves theirs as it was.
        cached, record.exc_text = record.exc_text, None
        try:
            return super().format(record)
        finally:
            record.exc_text = cached

    def formatException(self, ei: object) -> str:
        error = ei[1] if isinstance(ei, tuple) else None
        if not isinstance(error, BaseException):
            return ""
        return plain_traceback(error).rstrip("\n")


def writable_reason(folder: Path) -> str | None:
    """Why the log cannot be written in `folder` (then it goes to stderr only), or None.

    As for a campaign, the permission bits count even where the OS would let us write
    anyway (root ignores them): a folder made read-only was meant to be."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        found = os.stat(folder)
    except OSError as error:
        return f"the folder cannot be made ({type(error).__name__})"
    if not stat.S_ISDIR(found.st_mode):
        return "the folder is not a folder"
    if not found.st_mode & 0o222 or not os.access(folder, os.W_OK):
        return "the folder is read-only"
    target = folder / LOG_NAME
    try:
        existing = os.stat(target)
    except FileNotFoundError:
        return None
    except OSError as error:
        return f"the log file cannot be read ({type(error).__name__})"
    if not stat.S_ISREG(existing.st_mode):
        return "the log file is not a file"
    if not existing.st_mode & 0o222:
        return "the log file is read-only"
    return None


class RotatingLog(logging.FileHandler):
    """The log file, started afresh once it passes MAX_BYTES, the last BACKUPS kept as
    gm-desk.log.1 (newest) to .3: logging.handlers.RotatingFileHandler's way, without
    importing logging.handlers (socket, pickle and queue: some 10 ms of every start)."""

    def __init__(self, path: Path, max_bytes: int = MAX_BYTES, backups: int = BACKUPS) -> None:
        super().__init__(path, encoding="utf-8")
        self.max_bytes = max_bytes
        self.backups = backups

    def emit(self, record: logging.LogRecord) -> None:
        super().emit(record)
        try:
            stream = self.stream
            if stream is not None and not stream.closed and stream.tell() >= self.max_bytes:
                self.roll_over()
        except Exception:  # a log that cannot be written never stops what logged
            self.handleError(record)

    def roll_over(self) -> None:
        """gm-desk.log becomes gm-desk.log.1, .1 becomes .2 and so on; the oldest goes."""
        self.acquire()
        try:
            if self.stream is not None:
                self.stream.close()
                # None until reopened below: a failed rename or reopen leaves FileHandler
                # to open the file again at the next line, not to write to a closed one.
                self.stream = None
            base = Path(self.baseFilename)
            for number in range(self.backups - 1, 0, -1):
                older = base.with_name(f"{base.name}.{number}")
                if older.exists():
                    os.replace(older, base.with_name(f"{base.name}.{number + 1}"))
            if base.exists():
                os.replace(base, base.with_name(f"{base.name}.1"))
            self.stream = self._open()
        finally:
            self.release()


class Logs:
    """The log as set up for one run: the handlers, the hooks it installed, and the
    folder (None when only stderr is written). `close` puts everything back as it was,
    for a start-up run again in the same process (the tests do)."""

    def __init__(self, folder: Path | None, handlers: list[logging.Handler]) -> None:
        self.folder = folder
        self._handlers = handlers
        self._show_error: ShowError | None = None
        self._previous_hooks: tuple[SysHook, ThreadHook] | None = None
        self._previous_qt: Callable[..., object] | None = None
        self._qt_installed = False
        self._previous_level: int | None = None

    def __enter__(self) -> Logs:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    @property
    def file(self) -> Path | None:
        return None if self.folder is None else self.folder / LOG_NAME

    def show_errors_with(self, show: ShowError | None) -> None:
        """Where an exception nothing caught is shown to the GM (the window)."""
        self._show_error = show

    def install_hooks(self) -> None:
        """Log every exception nothing caught (on any thread), with its traceback."""
        self._previous_hooks = (sys.excepthook, threading.excepthook)
        sys.excepthook = self._excepthook
        threading.excepthook = self._thread_excepthook

    def install_qt_messages(self) -> None:
        """Qt's own warnings into the log (at WARNING), not only to stderr."""
        from PySide6.QtCore import qInstallMessageHandler

        previous: list[Callable[..., object] | None] = [None]

        def handle(kind: object, context: object, message: str) -> None:
            _qt_message(kind, context, message, previous[0])

        previous[0] = qInstallMessageHandler(handle)
        self._previous_qt = previous[0]
        self._qt_installed = True

    def _excepthook(
        self, kind: type[BaseException], error: BaseException, tb: TracebackType | None
    ) -> None:
        if issubclass(kind, KeyboardInterrupt):
            sys.__excepthook__(kind, error, tb)
            return
        log.error("Unexpected error: %s", kind.__name__, exc_info=(kind, error, tb))
        if self._show_error is not None:
            try:
                self._show_error(unexpected_message(), error_details(error))
            except Exception:  # the window is going: the log has it all the same
                log.warning("The unexpected error could not be shown", exc_info=True)

    def _thread_excepthook(self, hooked: threading.ExceptHookArgs) -> None:
        if hooked.exc_value is None or issubclass(hooked.exc_type, SystemExit):
            return
        name = hooked.thread.name if hooked.thread is not None else "a thread"
        log.error(
            "Unexpected error on %s: %s",
            name,
            hooked.exc_type.__name__,
            exc_info=(hooked.exc_type, hooked.exc_value, hooked.exc_traceback),
        )

    def close(self) -> None:
        if self._previous_hooks is not None:
            sys.excepthook, threading.excepthook = self._previous_hooks
            self._previous_hooks = None
        if self._qt_installed:
            from PySide6.QtCore import qInstallMessageHandler

            qInstallMessageHandler(self._previous_qt)
            self._qt_installed = False
        root = logging.getLogger()
        for handler in self._handlers:
            root.removeHandler(handler)
            handler.close()
        self._handlers = []
        if self._previous_level is not None:
            logging.getLogger("desktop").setLevel(self._previous_level)
            self._previous_level = None
        self._show_error = None


def unexpected_message(what: str = "") -> str:
    """The plain sentence for an error GM Desk did not expect (a bug, not the GM's doing)."""
    done = f"{what} could not be done" if what else "That could not be done"
    return (
        f"Something went wrong inside GM Desk: {done}, and nothing was changed. "
        "Copy details gives what to send with a bug report; the log is in Help > Open "
        "Log Folder."
    )


def start_logging(folder: Path, level: int = logging.INFO) -> Logs:
    """Log to `folder`/gm-desk.log (rotated at 1 MB, three kept) and to stderr; to
    stderr only when the folder or its file cannot be written. Never raises."""
    root = logging.getLogger()
    formatter = PlainFormatter(FORMAT)
    console = logging.StreamHandler()
    console.setLevel(logging.WARNING)  # the terminal gets what needs telling
    console.addFilter(_NotQt())
    handlers: list[logging.Handler] = [console]
    reason = writable_reason(folder)
    used: Path | None = None
    if reason is None:
        try:
            handlers.append(RotatingLog(folder / LOG_NAME))
            used = folder
        except OSError as error:
            reason = f"the log file cannot be opened ({type(error).__name__})"
    for handler in handlers:
        handler.setFormatter(formatter)
        root.addHandler(handler)
    # On the terminal as GM Desk says everything there (what logging said before this).
    console.setFormatter(PlainFormatter("gm-desk: %(message)s"))
    logs = Logs(used, handlers)
    # GM Desk's own lines from `level` up; the libraries' only from WARNING (alembic
    # would write a line per migration and plugin at INFO).
    ours = logging.getLogger("desktop")
    logs._previous_level = ours.level
    ours.setLevel(level)
    if reason is not None:
        log.warning("Logging to stderr only: %s (%s).", reason, folder)
    return logs


_QT_LEVELS = {"QtDebugMsg": logging.DEBUG, "QtInfoMsg": logging.INFO}


def _qt_message(
    kind: object, context: object, message: str, previous: Callable[..., object] | None
) -> None:
    """A Qt message into the log file, and where it went before: the handler installed
    before (a test's), else stderr as Qt's own handler writes it."""
    name = getattr(kind, "name", "")
    level = _QT_LEVELS.get(name, logging.WARNING)
    if name in ("QtCriticalMsg", "QtFatalMsg"):
        level = logging.ERROR
    logging.getLogger("qt").log(level, "%s", message)
    if previous is not None:
        previous(kind, context, message)
        return
    category = getattr(context, "category", None) or "default"
    said = message if category == "default" else f"{category}: {message}"
    print(said, file=sys.stderr, flush=True)


class _NotQt(logging.Filter):
    """Qt's messages reach stderr by Qt's own way (see `_qt_message`), not twice."""

    def filter(self, record: logging.LogRecord) -> bool:
        return record.name != "qt"
