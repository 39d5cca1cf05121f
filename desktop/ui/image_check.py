"""Whether a card image's bytes decode: the import's `ImageCheck`, done with Qt.

The store cannot decode images (it has no Qt), so an import is handed this check.
Decoding to the end proves more than the first bytes do: a PNG or WebP cut short, or
a file that only starts like an image, does not decode and is refused.
"""

from __future__ import annotations

from PySide6.QtCore import QBuffer, QByteArray, QIODevice
from PySide6.QtGui import QImageReader


def image_decodes(format_name: str, data: bytes) -> bool:
    """True when `data` decodes, as the named format, to an image with pixels."""
    buffer = QBuffer()
    buffer.setData(QByteArray(data))
    buffer.open(QIODevice.OpenModeFlag.ReadOnly)
    reader = QImageReader(buffer, format_name.encode("ascii"))
    reader.setDecideFormatFromContent(False)
    image = reader.read()
    return not image.isNull() and image.width() > 0 and image.height() > 0
