"""The player display: a second top-level window, for a TV, a projector or a second
monitor, that shows the players only what they may see.

`controller.py` (View > Player Display: open, blank, full screen on a chosen screen,
the remembered screen), `window.py` (the window: its sections in a grid, the blank page,
the type scaled to its height), `section.py` (what every section is) and one module per
section: `scene_section.py` (the Play dock's scene, round and turn order),
`roll_section.py`, `pools_section.py`, `clocks_section.py`, `factions_section.py`. A new
section is one module and one line in `window.SECTION_PLACES`. `recap_screen.py` is the
players' "Previously on" recap, over the whole window while the GM shows it.

Each section follows the store's change topics and reads what it shows from the store
and the rules; hidden clocks and factions are never read into a widget at all.
"""
