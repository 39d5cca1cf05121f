"""The player pages: an aiohttp server on its own thread and the page's files.

`page/` holds the files a player's browser loads (the join page, the player page, its
script and style); they render the payload of desktop/views/player.py. No Qt here but
the hand-off to the Qt thread, and no store: each player's view is built on the GM's
side and handed over as plain data. The one thing the server works out itself is the
odds of the tray a page has picked (tray_odds.py: read only, worded by desktop/views, on
a worker thread of its own).
"""
