"""Rich text from a campaign, in a QTextDocument that never loads anything.

A card's Info is HTML the GM (or an imported file) wrote. Qt's text documents fetch
what HTML refers to: `<img src="/some/file.png">` reads that local file (and embeds it
in a printed PDF), `<img src="/dev/zero">` reads without end, a style sheet link or a
`background` attribute reads files too. Campaign text must never reach outside the
campaign, so every document that shows it is a `SealedTextDocument`: an image takes
no room and draws nothing (never looked up), and every resource it might still ask
for (a background, a style sheet) is answered here with nothing, an empty image for
an image, which also stops Qt's own fallback of loading the image's file by name.
Only the card's own stored image is ever drawn, and that is drawn apart from the text.

The card printing, the on-screen print preview and the card editor all use it.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QRect, QRectF, QSizeF, QUrl
from PySide6.QtGui import QImage, QPainter, QPyTextObject, Qt, QTextDocument, QTextFormat

# A transparent pixel: Qt's image handler takes a null answer as "load the file
# yourself", so an image is answered with one that draws nothing.
_NOTHING = QImage(1, 1, QImage.Format.Format_ARGB32)
_NOTHING.fill(Qt.GlobalColor.transparent)


class _NoImage(QPyTextObject):
    """Lays out and draws every `<img>` as nothing: Qt's own image handler would look
    the image up (and, finding no resource, load the file by its name itself)."""

    def intrinsicSize(self, _doc: QTextDocument, _position: int, _format: QTextFormat) -> QSizeF:
        return QSizeF(0, 0)

    def drawObject(
        self,
        _painter: QPainter,
        _rect: QRectF | QRect,
        _doc: QTextDocument,
        _position: int,
        _format: QTextFormat,
    ) -> None:
        return None


class SealedTextDocument(QTextDocument):
    """A QTextDocument whose HTML can load no file, no URL and no embedded data."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._no_image = _NoImage(self)
        self.documentLayout().registerHandler(
            QTextFormat.ObjectTypes.ImageObject.value, self._no_image
        )

    def loadResource(self, kind: int, name: QUrl | str) -> object:
        if kind == QTextDocument.ResourceType.ImageResource.value:
            return _NOTHING
        if kind == QTextDocument.ResourceType.StyleSheetResource.value:
            return ""
        return b""


def sealed_document(text: str, parent: QObject | None = None) -> SealedTextDocument:
    """`text` (HTML, as QTextEdit writes it, or plain text with its line breaks) in a
    sealed document."""
    document = SealedTextDocument(parent)
    set_campaign_text(document, text)
    return document


def set_campaign_text(document: SealedTextDocument, text: str) -> None:
    if Qt.mightBeRichText(text):
        document.setHtml(text)
    else:
        document.setPlainText(text)
