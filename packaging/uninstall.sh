#!/usr/bin/env bash
# Removes what install.sh put in place (MEGALITH_PREFIX as there, default ~/.local): the
# program, its files, the folders install.sh made (installed.txt), the desktop caches it
# left no reason for, and Megalith's cache (~/.cache/megalith). Your games, settings
# (~/.config/megalith/) and autosaves (~/.local/share/megalith/) are yours and stay.
set -euo pipefail
prefix=${MEGALITH_PREFIX:-$HOME/.local}
lib=$prefix/lib/megalith
share=$prefix/share

folders=()
if [ -f "$lib/installed.txt" ]; then
  mapfile -t folders < <(sed -n 's/^folder //p' "$lib/installed.txt" | sort -r)
fi
made_by_install() {  # is $1 one of the folders install.sh made? (no pipe into grep -q:
  local folder         # with pipefail, printf's SIGPIPE could make a match fail)
  for folder in "${folders[@]}"; do
    [ "$folder" = "$1" ] && return 0
  done
  return 1
}

if [ -L "$prefix/bin/megalith" ] && [ "$(readlink "$prefix/bin/megalith")" = "$lib/megalith" ]; then
  rm -f "$prefix/bin/megalith"
fi
rm -f "$share/applications/megalith.desktop" "$share/mime/packages/megalith.xml" \
  "$share/metainfo/io.megalith.megalith.metainfo.xml" \
  "$share/icons/hicolor/scalable/apps/megalith.svg" \
  "$share"/icons/hicolor/*/apps/megalith.png
rm -rf "$lib" "${XDG_CACHE_HOME:-$HOME/.cache}/megalith"

# The MIME database and the menu's cache are generated files: with nothing else in a folder
# that install.sh made they go too, otherwise they are brought up to date.
if [ -d "$share/mime/packages" ]; then
  if [ -z "$(ls -A "$share/mime/packages")" ] && made_by_install "$share/mime"; then
    rm -rf "$share/mime"
  elif command -v update-mime-database >/dev/null; then
    update-mime-database "$share/mime"
  fi
fi
if [ -d "$share/applications" ]; then
  if [ -z "$(ls -A "$share/applications" | grep -vx mimeinfo.cache)" ] \
      && made_by_install "$share/applications"; then
    rm -f "$share/applications/mimeinfo.cache"
  elif command -v update-desktop-database >/dev/null; then
    update-desktop-database -q "$share/applications"
  fi
fi
for folder in "${folders[@]}"; do
  rmdir "$folder" 2>/dev/null || true  # deepest first; one that holds something else stays
done
echo "Megalith is uninstalled."
