"""Turn icons/gm-desk.svg into the PNG sizes, the Windows ICO and the macOS ICNS.

Run it again whenever the SVG changes and commit what it writes: a build only copies
these files, so it needs no image tools. Qt's own SVG renderer draws every size from
the vector source (no downscaling of one big bitmap); the ICO and ICNS containers are
written here by hand: the ICO with 32-bit bitmaps below 256 pixels and a PNG at 256,
the ICNS with PNG images (macOS 10.7 and later).

    .venv/bin/python packaging/make_icons.py          # write the files
    .venv/bin/python packaging/make_icons.py --check  # exit 1 if they are out of date
"""

from __future__ import annotations

import argparse
import os
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ICONS = ROOT / "icons"
SOURCE = ICONS / "gm-desk.svg"
NAME = "gm-desk"

# Linux hicolor sizes (also what the window and the .desktop file use).
PNG_SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 20, 24, 32, 40, 48, 64, 128, 256)
# ICNS element types holding PNG data, by pixel size (the @2x types share a size).
ICNS_TYPES = (
    (b"icp4", 16),
    (b"icp5", 32),
    (b"ic11", 32),  # 16@2x
    (b"icp6", 64),
    (b"ic12", 64),  # 32@2x
    (b"ic07", 128),
    (b"ic08", 256),
    (b"ic13", 256),  # 128@2x
    (b"ic09", 512),
    (b"ic14", 512),  # 256@2x
    (b"ic10", 1024),  # 512@2x
)


def render(size: int):  # -> QImage
    """The SVG drawn at `size` x `size` pixels (straight, not premultiplied, alpha)."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    renderer = QSvgRenderer(str(SOURCE))
    if not renderer.isValid():
        raise SystemExit(f"{SOURCE} is not a valid SVG")
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    renderer.render(painter)
    painter.end()
    return image.convertToFormat(QImage.Format.Format_ARGB32)


def render_png(size: int) -> bytes:
    """The SVG drawn at `size` x `size` pixels, as PNG bytes."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice

    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not render(size).save(buffer, "PNG"):
        raise SystemExit(f"could not encode the {size}px PNG")
    buffer.close()
    return bytes(data.data())


def render_dib(size: int) -> bytes:
    """The SVG drawn at `size` pixels as an ICO bitmap entry: a BITMAPINFOHEADER, 32-bit
    BGRA rows bottom-up, then the 1-bit AND mask (all zero: the alpha decides)."""
    image = render(size)
    header = struct.pack("<IiiHHIIiiII", 40, size, size * 2, 1, 32, 0, 0, 0, 0, 0, 0)
    rows = []
    for y in range(size):
        line = bytearray()
        for x in range(size):
            argb = image.pixel(x, y)
            line += struct.pack("<I", argb)  # little-endian ARGB is B, G, R, A
        rows.append(bytes(line))
    mask_row = b"\0" * (((size + 31) // 32) * 4)
    return header + b"".join(reversed(rows)) + mask_row * size


def ico(images: dict[int, bytes]) -> bytes:
    """An ICO file with one entry per size, smallest first (bitmap or PNG data)."""
    sizes = sorted(images)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries, data = b"", b""
    for size in sizes:
        image = images[size]
        side = 0 if size >= 256 else size  # 0 means 256 in an ICONDIRENTRY
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(image), offset)
        data += image
        offset += len(image)
    return header + entries + data


def icns(pngs: dict[int, bytes]) -> bytes:
    """An ICNS file: the 'icns' header, then one PNG element per type."""
    body = b"".join(
        kind + struct.pack(">I", 8 + len(pngs[size])) + pngs[size] for kind, size in ICNS_TYPES
    )
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def outputs() -> dict[Path, bytes]:
    """Every generated file and its content."""
    sizes = sorted({*PNG_SIZES, *ICO_SIZES, *(size for _, size in ICNS_TYPES)})
    pngs = {size: render_png(size) for size in sizes}
    files = {ICONS / f"{NAME}-{size}.png": pngs[size] for size in PNG_SIZES}
    files[ICONS / f"{NAME}.png"] = pngs[256]
    # Bitmaps below 256 pixels, as every Windows tool reads them; PNG for 256.
    files[ICONS / f"{NAME}.ico"] = ico(
        {size: pngs[size] if size >= 256 else render_dib(size) for size in ICO_SIZES}
    )
    files[ICONS / f"{NAME}.icns"] = icns(pngs)
    return files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--check", action="store_true", help="only check that the committed files are current"
    )
    args = parser.parse_args(argv)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication

    _app = QGuiApplication.instance() or QGuiApplication(["make_icons"])
    stale = []
    for path, data in outputs().items():
        current = path.read_bytes() if path.exists() else None
        if current == data:
            continue
        stale.append(path)
        if not args.check:
            path.write_bytes(data)
            print(f"wrote {path.relative_to(ROOT)} ({len(data):,} bytes)")
    if args.check and stale:
        names = ", ".join(str(path.relative_to(ROOT)) for path in stale)
        print(f"out of date: {names}; run packaging/make_icons.py", file=sys.stderr)
        return 1
    if not stale:
        print("icons are up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
