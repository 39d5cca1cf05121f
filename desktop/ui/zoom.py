"""View > Zoom: the type scale of the main window (its docks' text, the dice).

The zoom is the application font's size over the system's own (kept on the application
the first time, so that each step is of the system's size, never of the last step's).
Every widget that takes the application font follows it by itself; a widget given a
font of its own (a bold heading, a pixel size) is scaled from the size it had at 100%
(kept on the widget), so stepping in and out again never drifts. Drawn sizes (the
dice, painted titles) read `zoom_factor()` or `zoomed()` as they paint.

The player display is left out: it fits its own screen (`UNZOOMED` marks its window).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QGuiApplication
from PySide6.QtWidgets import QApplication, QHeaderView, QWidget

# The steps Zoom In and Zoom Out go through, in percent.
ZOOM_STEPS = (80, 90, 100, 110, 125, 150, 175, 200)
DEFAULT_ZOOM = 100

# Kept on the application: the system font's size (points, or pixels when the system
# gives one in pixels) and the zoom in force.
_BASE_POINTS = "gmDeskBasePoints"
_BASE_PIXELS = "gmDeskBasePixels"
_ZOOM = "gmDeskZoom"
# Kept on a widget with a font of its own: its font's size at 100%.
_OWN_POINTS = "gmDeskPointsAt100"
_OWN_PIXELS = "gmDeskPixelsAt100"
# QFont::SizeResolved (PySide does not name it): a font that sets its own size.
_SIZE_RESOLVED = 0x0002
# A window (and its children) the zoom leaves alone: set to True on it.
UNZOOMED = "gmDeskUnzoomed"
# The sizes `zoom_size` gives a widget, kept on it at 100% under these names.
_SIZES = ("minimumWidth", "maximumWidth", "fixedWidth", "minimumHeight", "fixedHeight")


def nearest_step(percent: int) -> int:
    """The step closest to `percent` (a stored value from an older or edited file)."""
    return min(ZOOM_STEPS, key=lambda step: (abs(step - percent), step))


def step_from(percent: int, direction: int) -> int:
    """The step after `percent` going in (`direction` > 0) or out (< 0); the last one
    at either end stays."""
    index = ZOOM_STEPS.index(nearest_step(percent))
    index = max(0, min(len(ZOOM_STEPS) - 1, index + (1 if direction > 0 else -1)))
    return ZOOM_STEPS[index]


def zoom_percent() -> int:
    """The zoom in force (100 before any is applied, and without an application)."""
    app = QGuiApplication.instance()
    value = app.property(_ZOOM) if app is not None else None
    return value if isinstance(value, int) else DEFAULT_ZOOM


def zoom_factor() -> float:
    """The zoom in force as a factor: 1.5 at 150%."""
    return zoom_percent() / 100


def zoomed(pixels: float) -> int:
    """A size in pixels at 100%, at the zoom in force (drawn text, a drawn die)."""
    return max(1, round(pixels * zoom_factor()))


def zoom_size(widget: QWidget, **pixels: int) -> None:
    """Give `widget` sizes in pixels at 100% (`minimumWidth=200`, `fixedWidth=280`, any
    of `_SIZES`), at the zoom in force now and again at each change: a width that holds
    text grows with it."""
    for name, value in pixels.items():
        if name not in _SIZES:
            raise ValueError(f"Not a size the zoom keeps: {name}")
        widget.setProperty(f"gmDeskZoom_{name}", value)
        _set_size(widget, name, value)


def _set_size(widget: QWidget, name: str, pixels: int) -> None:
    setter = getattr(widget, "set" + name[0].upper() + name[1:])
    setter(zoomed(pixels))


def unzoomed_font() -> QFont:
    """The application font at the system's size: the player display's base."""
    font = QFont(QApplication.font())
    app = QGuiApplication.instance()
    if app is None:
        return font
    points, pixels = app.property(_BASE_POINTS), app.property(_BASE_PIXELS)
    if isinstance(points, float) and points > 0:
        font.setPointSizeF(points)
    elif isinstance(pixels, int) and pixels > 0:
        font.setPixelSize(pixels)
    return font


def apply_zoom(app: QApplication, percent: int) -> int:
    """Scale the application's text to `percent` (the nearest step): every window but
    the player display follows at once. Returns the step applied."""
    step = nearest_step(percent)
    old = zoom_percent()
    font = QFont(app.font())
    if app.property(_BASE_POINTS) is None and app.property(_BASE_PIXELS) is None:
        # The system's size, kept before the first change (at whatever zoom applies).
        if font.pointSizeF() > 0:
            app.setProperty(_BASE_POINTS, font.pointSizeF() * 100 / old)
        else:
            app.setProperty(_BASE_PIXELS, round(font.pixelSize() * 100 / old))
    app.setProperty(_ZOOM, step)
    if step == old:
        return step
    points, pixels = app.property(_BASE_POINTS), app.property(_BASE_PIXELS)
    if isinstance(points, float):
        font.setPointSizeF(points * step / 100)
    elif isinstance(pixels, int):
        font.setPixelSize(max(1, round(pixels * step / 100)))
    # The widgets' own fonts and sizes first, so each is laid out once with the new ones.
    for widget in QApplication.allWidgets():
        if _left_alone(widget):
            continue
        _rescale_own_font(widget, old, step)
        for name in _SIZES:
            value = widget.property(f"gmDeskZoom_{name}")
            if isinstance(value, int):
                _set_size(widget, name, value)
        if isinstance(widget, QHeaderView):
            _rescale_header(widget, step / old)
    app.setFont(font)
    return step


def _left_alone(widget: QWidget) -> bool:
    window = widget.window()
    return bool(window.property(UNZOOMED)) or bool(widget.property(UNZOOMED))


def _rescale_own_font(widget: QWidget, old: int, new: int) -> None:
    """Give `widget`'s own font (set by the widget, not inherited) its size at `new`%,
    from its size at 100% (measured at `old`% the first time)."""
    if not widget.testAttribute(Qt.WidgetAttribute.WA_SetFont):
        return
    font = QFont(widget.font())
    if not font.resolveMask() & _SIZE_RESOLVED:
        return  # its size is the application's, which it follows by itself
    points, pixels = widget.property(_OWN_POINTS), widget.property(_OWN_PIXELS)
    if not isinstance(points, float) and not isinstance(pixels, float):
        if font.pixelSize() > 0:
            pixels = font.pixelSize() * 100 / old
            widget.setProperty(_OWN_PIXELS, pixels)
        elif font.pointSizeF() > 0:
            points = font.pointSizeF() * 100 / old
            widget.setProperty(_OWN_POINTS, points)
        else:
            return
    if isinstance(pixels, float):
        font.setPixelSize(max(1, round(pixels * new / 100)))
    elif isinstance(points, float):
        font.setPointSizeF(points * new / 100)
    widget.setFont(font)


def _rescale_header(header: QHeaderView, ratio: float) -> None:
    """A table's columns (and rows) of a width given in pixels, by `ratio`: the sections
    its own text or stretching sizes follow by themselves."""
    mode = QHeaderView.ResizeMode
    # Measured first: a new default size resizes the sections at the old one at once.
    sizes = [header.sectionSize(index) for index in range(header.count())]
    header.setDefaultSectionSize(max(1, round(header.defaultSectionSize() * ratio)))
    for index, size in enumerate(sizes):
        if header.sectionResizeMode(index) in (mode.Interactive, mode.Fixed):
            header.resizeSection(index, max(1, round(size * ratio)))
