"""View > Share with Players: the Qt side of the players' pages.

`controller` owns the menu action, the server's life and the links (tokens kept in the
campaign); `window` is the sharing window the GM reads (address, port, a QR code and
link per player character, who is connected); `addresses` lists the machine's network
addresses by interface; `share_address` reads `--share ADDRESS[:PORT]`; `qr` draws a
link's QR code; `files` gathers the page's files and dice pictures for the server.
A player's requests are made as the GM's own acts: `player_rolls` (a roll, the all-ones
choice), `player_turns` (a declared action); `roll_asks` holds whom the GM asked to
roll, and `ask_button` is the Dice Table's and the Play dock's "Ask Kara to roll".
"""
