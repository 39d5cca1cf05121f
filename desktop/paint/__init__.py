"""QtGui-only drawing shared by screen and paper: dice, clocks and badges.

Below both `desktop.ui` and `desktop.printing`: no widgets, nothing of ours but `desktop.rules`.
"""
