"""The Play dock: a game at the table, its scenes, rounds and turns (issue 15).

One module per part: the game bar (`game_bar`), the scene editor (`scene_editor`), the
turn order with its keys (`turn_order`), the GM's end-of-round award (`round_award`),
the challenges' rolls (`challenge_rolls`, with the arithmetic-free plumbing of a
party-wide condition in `party_roll`), and the dock that holds them (`play_panel`).
"""
