"""The same-run floors the PDF benchmarks (cards, sheets) are measured against: a
bare A4 writer, the same words (and pictures) drawn plainly, which the targets are
ratios to, and as many blank pages as the real print has, reported for scale."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QMarginsF
from PySide6.QtGui import QPageLayout, QPageSize, QPainter, QPdfWriter
from pytest_benchmark.fixture import BenchmarkFixture


def a4_writer(path: Path) -> QPdfWriter:
    """A PDF writer of portrait A4 pages with no margins."""
    writer = QPdfWriter(str(path))
    writer.setPageLayout(
        QPageLayout(
            QPageSize(QPageSize.PageSizeId.A4), QPageLayout.Orientation.Portrait, QMarginsF()
        )
    )
    return writer


def blank_pages(path: Path, pages: int) -> None:
    writer = a4_writer(path)
    painter = QPainter(writer)
    for _ in range(pages - 1):
        writer.newPage()
    painter.end()


def against_floors(
    benchmark: BenchmarkFixture, baseline: float, floor: float, target: float, **extra: object
) -> tuple[float, float]:
    """The benchmark's median and its ratio to the plain-words `floor` (what the target
    is set against), kept in its extra info with the blank pages' `baseline` (reported
    only: blank pages do far less than any print) and the `target` ratio."""
    median = benchmark.stats.stats.median
    ratio = median / floor
    benchmark.extra_info.update(
        **extra,
        blank_pages_s=baseline,
        plain_words_s=floor,
        ratio=ratio,
        ratio_to_blank_pages=median / baseline,
        target=target,
    )
    return median, ratio
