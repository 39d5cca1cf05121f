"""Page layouts for cards and sheets, painted on any QPainter: preview, printer or PDF."""
