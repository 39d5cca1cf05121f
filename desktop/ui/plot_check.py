"""One small plot drawn offscreen with pyqtgraph: what the smoke test's hidden
`--plot-check` reports, so that a build which cannot plot (pyqtgraph imports modules by
name, and numpy carries compiled libraries) fails its check rather than the Statistics
view failing in a GM's hands. Imported only for that check: pyqtgraph and numpy are
never loaded at start-up."""

from __future__ import annotations

PLOT_SIZE = (320, 200)
STEP = 4  # pixels between the samples of the picture
# A blank picture holds one colour; a drawn plot at least the background, the axes and
# their labels, and the line.
DRAWN_COLOURS = 3


def plot_check() -> dict[str, object]:
    """Draw a line plot with its axes, grab it as a picture and say what was drawn: the
    versions, the picture's size, how many colours it holds and whether that is a plot."""
    import numpy
    import pyqtgraph

    widget = pyqtgraph.PlotWidget()
    try:
        widget.resize(*PLOT_SIZE)
        widget.plot(numpy.arange(8), numpy.array([0.5, 0.9, 0.2, 0.7, 0.4, 0.6, 0.1, 0.8]))
        image = widget.grab().toImage()
        colours = {
            image.pixel(x, y)
            for x in range(0, image.width(), STEP)
            for y in range(0, image.height(), STEP)
        }
        return {
            "pyqtgraph": pyqtgraph.__version__,
            "numpy": numpy.__version__,
            "size": [image.width(), image.height()],
            "colours": len(colours),
            "drawn": len(colours) >= DRAWN_COLOURS,
        }
    finally:
        widget.deleteLater()
