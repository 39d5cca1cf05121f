"""GM Desk's hook for PySide6.QtOpenGLWidgets: PyInstaller's own collection, less the Qt plugins
and translations GM Desk does not ship (see packaging/gm_desk_bundle.py). pyqtgraph
imports it (issue 33)."""

from gm_desk_bundle import qt_hook

hiddenimports, binaries, datas = qt_hook(__file__)
