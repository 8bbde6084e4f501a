#!/usr/bin/env bash
# Removes what install.sh put in place (MEGALITH_PREFIX as there, default ~/.local). Your
# games, settings and autosaves are yours and stay where they are.
set -euo pipefail
prefix=${MEGALITH_PREFIX:-$HOME/.local}
lib=$prefix/lib/megalith
share=$prefix/share

if [ -L "$prefix/bin/megalith" ] && [ "$(readlink "$prefix/bin/megalith")" = "$lib/megalith" ]; then
  rm -f "$prefix/bin/megalith"
fi
rm -f "$share/applications/megalith.desktop" "$share/mime/packages/megalith.xml" \
  "$share/icons/hicolor/scalable/apps/megalith.svg" \
  "$share"/icons/hicolor/*/apps/megalith.png
if command -v update-mime-database >/dev/null && [ -d "$share/mime/packages" ]; then
  update-mime-database "$share/mime"
fi
if command -v update-desktop-database >/dev/null && [ -d "$share/applications" ]; then
  update-desktop-database -q "$share/applications"
fi
rm -rf "$lib"
echo "Megalith is uninstalled."
