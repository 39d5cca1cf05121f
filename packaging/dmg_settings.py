"""dmgbuild settings for the macOS disk image: the app beside a link to /Applications.

    dmgbuild -s packaging/dmg_settings.py -D app="dist/GM Desk.app" \
        "GM Desk" dist/gm-desk-VERSION-macos-ARCH.dmg

dmgbuild runs this file with `defines` (the -D values) in its namespace; every name set
here is one of its settings. The release workflow signs and notarizes the image after.
"""

import os.path

application = defines.get("app", "dist/GM Desk.app")  # noqa: F821 - given by dmgbuild
app_name = os.path.basename(application)

format = "UDZO"  # compressed, read-only
files = [application]
symlinks = {"Applications": "/Applications"}
icon = "icons/gm-desk.icns"
default_view = "icon-view"
show_status_bar = False
show_tab_view = False
show_toolbar = False
show_pathbar = False
show_sidebar = False
window_rect = ((200, 200), (560, 320))
icon_size = 128
text_size = 13
icon_locations = {app_name: (140, 140), "Applications": (420, 140)}
