"""Rich text from a campaign loads nothing: no file, no URL; only a card's own image prints."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QUrl
from PySide6.QtGui import QColor, QImage, QTextDocument

from desktop.printing.cards import export_pdf
from desktop.printing.rich_text import sealed_document
from tests.printing.conftest import card, png_bytes
from tests.printing.test_cards_pdf import _stored_images

IMAGE = QTextDocument.ResourceType.ImageResource.value


def _local_png(tmp_path: Path) -> Path:
    image = QImage(300, 200, QImage.Format.Format_RGB32)
    image.fill(QColor("red"))
    path = tmp_path / "private.png"
    image.save(str(path))
    return path


def test_a_sealed_document_loads_no_local_file(qapp: object, tmp_path: Path) -> None:
    path = _local_png(tmp_path)
    html = f'<p>before<img src="{path}">after</p>'
    # The control: Qt's own document reads the file and lays the picture out.
    plain = QTextDocument()
    plain.setHtml(html)
    plain.setTextWidth(1000)
    assert plain.size().height() > 200
    sealed = sealed_document(html)
    sealed.setTextWidth(1000)
    assert sealed.size().height() < 50
    for url in (QUrl.fromLocalFile(str(path)), QUrl(str(path)), QUrl("file:///dev/zero")):
        answer = sealed.resource(IMAGE, url)
        assert isinstance(answer, QImage) and answer.width() == 1


def test_endless_files_and_urls_in_info_print_nothing_but_the_card(
    qapp: object, tmp_path: Path
) -> None:
    path = _local_png(tmp_path)
    info = (
        f'<p>Look: <img src="{path}"> <img src="file://{path}"> <img src="/dev/zero">'
        '<img src="https://example.com/x.png"></p>'
        '<p style="background-image: url(/dev/zero)" background="/dev/zero">text</p>'
    )
    out = tmp_path / "cards.pdf"
    export_pdf(out, [card("Leaky", 30, info_html=info)])  # /dev/zero would never end
    assert _stored_images(out) == set()
    with_own = tmp_path / "own.pdf"
    export_pdf(with_own, [card("Own", 30, info_html=info, image=png_bytes())])
    assert len(_stored_images(with_own)) == 1  # its own stored image, nothing else
