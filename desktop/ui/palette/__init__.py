"""The command palette (issue 32): a box over the main window that finds a command by
typing and runs it.

`popup` holds the box and its `Mode` (what its rows are and what choosing one does),
`commands` the mode that lists every command, `catalogue` gathers those commands from
the live menu bar and the docks' main buttons, `synonyms` the extra words each is found
by, `reasons` why a command is off, `matching` how typed words match.
"""
