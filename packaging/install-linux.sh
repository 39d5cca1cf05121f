#!/bin/sh
# Install GM Desk for the current user: a menu entry and the icons, pointing at this
# folder. Only ~/.local/share is written; run it again after moving the folder.
#   ./install.sh            add GM Desk to the applications menu
#   ./install.sh --remove   remove the menu entry and the icons again
set -eu
here=$(cd "$(dirname "$0")" && pwd)
data=${XDG_DATA_HOME:-$HOME/.local/share}
entry=$data/applications/gm-desk.desktop

if [ "${1:-}" = "--remove" ]; then
    rm -f "$entry" "$data/mime/packages/gm-desk.xml"
    command -v update-mime-database >/dev/null && update-mime-database "$data/mime" || true
    find "$data/icons/hicolor" -path '*/apps/gm-desk.*' -delete 2>/dev/null || true
    echo "Removed the GM Desk menu entry. Delete $here to remove GM Desk itself."
    exit 0
fi

[ -x "$here/gm-desk" ] || { echo "install.sh: $here/gm-desk is missing" >&2; exit 1; }
mkdir -p "$data/applications" "$data/icons"
cp -R "$here/icons/hicolor" "$data/icons/"
# Exec takes a quoted path: escape \ " ` $ for the quotes and again for the file format.
quoted=$(printf '%s' "$here/gm-desk" | sed 's/\\/\\\\\\\\/g; s/["`$]/\\\\&/g')
{
    grep -v -e '^Exec=' -e '^TryExec=' "$here/gm-desk.desktop"
    printf 'Exec="%s" %%f\n' "$quoted"
    printf 'TryExec=%s\n' "$here/gm-desk"
} > "$entry"
# .gmdesk files open in GM Desk when double-clicked.
mkdir -p "$data/mime/packages"
cp "$here/gm-desk-mime.xml" "$data/mime/packages/gm-desk.xml"
command -v update-mime-database >/dev/null && update-mime-database "$data/mime" || true
command -v update-desktop-database >/dev/null && update-desktop-database "$data/applications" || true
echo "GM Desk is in your applications menu (it starts $here/gm-desk)."
