"""The Qt side of GM Desk: main window, docks, widgets and undo commands."""
