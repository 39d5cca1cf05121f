"""The campaign search box (Ctrl+K, Edit > Find in Campaign…): what the GM types, the
records found as they type, grouped by kind, and the one chosen opened in its dock.

`results` turns `campaign.search_index.find` into rows to show (`SearchResults.rows`)
and opens the one chosen (`SearchResults.run`); `markup` writes a hit as our own rich
text; `search_box` is the box over the main window that shows them. The box only knows
the small `rows` / `run` interface, so another source of rows can sit behind it.
"""
