"""Qt-free read models: what a player may see, built from the store and the rules.

The one place secrets are filtered (DESIGN.md): `public.py` (what the whole table may
see: the scene and turn order, the public clocks, the shown factions, the last player
character's roll), `own.py` (one player character's dice, energy and shown SySCards),
`player.py` (a player's whole view and its JSON-able payload for the player pages),
`die_art.py` (the names of the dice pictures a payload refers to), `topics.py` (the
store changes after which a player's view may have changed), `plain_text.py` (a
card's Info as plain words) and `tray_odds.py` (a tray's exact odds in the Dice Table's
words, for the Dice Table and a player's page alike). The player display
(desktop/ui/player_display) and the player pages (desktop/share) both read from here.
"""
