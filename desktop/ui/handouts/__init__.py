"""Handouts in the GM's window: the dialog that gives one (`give_dialog`), the list of
those given with Take back (`given_dialog`), and the entry points the card editor, the
roster and the player display's menu call (`entry`)."""
