"""One module per dock of the main window."""
