"""The Statistics view (issue 33): the roll log's luck against the exact odds, as a dock
in Between Sessions and as a tab of the Roll Log. Its plots (pyqtgraph) are imported only
when a view first shows them."""
