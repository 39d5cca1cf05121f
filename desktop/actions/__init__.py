"""Qt-free actions at the table, one function each: the campaign, the actor (the GM or a
player) and the choices in, what happened out, in one transaction.

The undo commands of `desktop.ui` call them (for the GM, and for a player's page): `tray` rolls
and applies a tray, `conflict` settles and applies a conflict, `end_day` ends the
day, `play` ends a round with its award, a game and its session's XP. `dice` holds
the adapters between the store's dice records and the rules' pools, `roll_words` a
roll in the log's words, `actor` who acts, `player_tray` the tray a player picked on
their phone, checked before it is rolled, `all_ones` an all-ones roll waiting for its
player's choice (made on the phone or at the Dice Table) and the check of that choice,
`turns` whether a phone may roll now (the GM's turn order) and a declared action.
"""
