#!/usr/bin/env bash
# Installs Megalith for you alone, no root needed:
#   the program        ~/.local/lib/megalith/ (the command ~/.local/bin/megalith)
#   its icon           ~/.local/share/icons/hicolor/<size>/apps/megalith.png (and .svg)
#   its menu entry     ~/.local/share/applications/megalith.desktop
#   its records' type  ~/.local/share/mime/packages/megalith.xml (file managers open
#                      Megalith's records with it)
# MEGALITH_PREFIX replaces ~/.local. Running it again replaces the previous install;
# ./uninstall.sh (also kept as ~/.local/lib/megalith/uninstall.sh) removes it all.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
prefix=${MEGALITH_PREFIX:-$HOME/.local}
lib=$prefix/lib/megalith
bin=$prefix/bin
share=$prefix/share

if [ ! -x "$here/megalith/megalith" ]; then
  echo "install.sh: the program is missing beside this script ($here/megalith/megalith)" >&2
  exit 1
fi
mkdir -p "$lib" "$bin" "$share/applications" "$share/mime/packages" \
  "$share/icons/hicolor/scalable/apps"
rm -rf "$lib"
cp -a "$here/megalith" "$lib"
cp "$here/uninstall.sh" "$lib/uninstall.sh"
ln -sfn "$lib/megalith" "$bin/megalith"

for png in "$here"/share/icons/megalith-*.png; do
  size=${png##*-}
  size=${size%.png}
  mkdir -p "$share/icons/hicolor/${size}x${size}/apps"
  cp "$png" "$share/icons/hicolor/${size}x${size}/apps/megalith.png"
done
cp "$here/share/megalith.svg" "$share/icons/hicolor/scalable/apps/megalith.svg"
# The menu entry starts this copy by its full path: ~/.local/bin may not be on PATH.
sed "s|^Exec=megalith |Exec=\"$bin/megalith\" |" "$here/share/megalith.desktop" \
  > "$share/applications/megalith.desktop"
cp "$here/share/megalith-mime.xml" "$share/mime/packages/megalith.xml"

# Refresh the desktop's caches where the tools exist (they are optional).
if command -v update-mime-database >/dev/null; then update-mime-database "$share/mime"; fi
if command -v update-desktop-database >/dev/null; then
  update-desktop-database -q "$share/applications"
fi
if command -v gtk-update-icon-cache >/dev/null && [ -f "$share/icons/hicolor/index.theme" ]; then
  gtk-update-icon-cache -q -t "$share/icons/hicolor" || true
fi

echo "Megalith $("$lib/megalith" --version | cut -d' ' -f2) is installed: $bin/megalith"
case ":$PATH:" in
  *":$bin:"*) ;;
  *) echo "($bin is not on your PATH: start it from the menu, or add it to PATH)" ;;
esac
