#!/usr/bin/env bash
# Installs Megalith for you alone, no root needed:
#   the program        ~/.local/lib/megalith/ (the command ~/.local/bin/megalith)
#   its icon           ~/.local/share/icons/hicolor/<size>/apps/megalith.png (and .svg)
#   its menu entry     ~/.local/share/applications/megalith.desktop
#   its records' type  ~/.local/share/mime/packages/megalith.xml (file managers open
#                      Megalith's records with it)
#   its AppStream entry ~/.local/share/metainfo/io.megalith.megalith.metainfo.xml
# It first checks that this system can run it (glibc 2.34 or newer, the libraries in
# host_requirements.txt, an OpenGL driver, fontconfig and a font) and installs nothing when
# something is missing: it names what, with Debian's and Ubuntu's package for it (each package
# once), and ends with the one `sudo apt install ...` line that brings them all.
# MEGALITH_PREFIX replaces ~/.local. Running it again replaces the previous install;
# ./uninstall.sh (also kept as ~/.local/lib/megalith/uninstall.sh) removes it all.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
prefix=${MEGALITH_PREFIX:-$HOME/.local}
lib=$prefix/lib/megalith
bin=$prefix/bin
share=$prefix/share
version=$(cat "$here/VERSION" 2>/dev/null || echo "(unknown version)")
min_glibc=2.34
PATH=$PATH:/sbin:/usr/sbin  # ldconfig

refuse() {
  echo "Megalith $version was NOT installed: $1" >&2
  exit 1
}

at_least() {  # version $1 >= version $2
  [ "$(printf '%s\n%s\n' "$1" "$2" | sort -V | head -1)" = "$2" ]
}

missing_on_this_system() {  # one line per missing thing: "PACKAGES<tab>WHAT" (PACKAGES "-"
  local glibc               # when no package gives it)
  glibc=$(getconf GNU_LIBC_VERSION 2>/dev/null | awk '{print $2}' || true)
  if [ -z "$glibc" ] || ! at_least "$glibc" "$min_glibc"; then
    printf -- '-\tglibc %s or newer (this system has %s): %s\n' "$min_glibc" "${glibc:-none}" \
      "Ubuntu 22.04, Debian 12, Fedora 35, RHEL 9 or later"
    return  # nothing else matters: the program cannot start
  fi
  local known
  known=$(ldconfig -p 2>/dev/null | awk 'NR > 1 {print $1}' || true)
  local soname package
  while read -r soname package; do
    case $soname in ''|'#'*) continue ;; esac
    if ! grep -qxF "$soname" <<<"$known"; then
      printf '%s\tthe library %s\n' "$package" "$soname"
    fi
  done <"$here/host_requirements.txt"
  if ! grep -qE '^libGLX_[a-z0-9]+\.so\.0$' <<<"$known"; then
    printf 'libglx-mesa0 libgl1-mesa-dri\tan OpenGL driver for X11, libGLX_*.so.0\n'
  fi
  if [ ! -f /etc/fonts/fonts.conf ]; then
    printf 'fontconfig-config\t%s %s\n' "fontconfig's configuration, /etc/fonts/fonts.conf" \
      "(without it every label is empty boxes)"
  fi
  if [ -z "$(find /usr/share/fonts /usr/local/share/fonts "$share/fonts" "$HOME/.fonts" \
      -type f \( -name '*.ttf' -o -name '*.otf' -o -name '*.ttc' -o -name '*.pfb' \) \
      -print -quit 2>/dev/null)" ]; then
    printf 'fonts-dejavu-core\ta font\n'
  fi
}

what_is_missing() {  # the lines above, each package's once, then the one apt line for them
  awk -F'\t' '
    !($1 in what) { order[++n] = $1; what[$1] = $2; next }
    { what[$1] = what[$1] ", " $2 }
    END {
      for (i = 1; i <= n; i++) {
        p = order[i]
        if (p == "-") { print "  " what[p]; continue }
        print "  " what[p] " (Debian/Ubuntu package" (p ~ / / ? "s " : " ") p ")"
        k = split(p, words, " ")
        for (j = 1; j <= k; j++) if (!(words[j] in seen)) { seen[words[j]] = 1; apt = apt " " words[j] }
      }
      if (apt != "") print "Install what is missing with this command, then run install.sh again:\n  sudo apt install" apt
    }' <<<"$1"
}

if [ ! -x "$here/megalith/megalith" ]; then
  refuse "the program is missing beside this script ($here/megalith/megalith)"
fi
missing=$(missing_on_this_system)
if [ -n "$missing" ]; then
  refuse "this system lacks
$(what_is_missing "$missing")"
fi

# What this install creates is written to $lib/installed.txt, so that uninstall.sh removes
# exactly that: folders it made (deepest first, when empty) and its files.
created_folders=()
make_folder() {
  local folder=$1 parents=()
  while [ ! -d "$folder" ]; do
    parents=("$folder" "${parents[@]}")
    folder=$(dirname "$folder")
  done
  if [ ${#parents[@]} -gt 0 ]; then
    mkdir -p "${parents[-1]}"
    created_folders+=("${parents[@]}")
  fi
}
previous=()
[ -f "$lib/installed.txt" ] && mapfile -t previous < <(grep '^folder ' "$lib/installed.txt")
rm -rf "$lib"
make_folder "$lib"
make_folder "$bin"
for folder in applications mime/packages metainfo icons/hicolor/scalable/apps; do
  make_folder "$share/$folder"
done
sizes=()
for png in "$here"/share/icons/megalith-*.png; do
  size=${png##*-}
  sizes+=("${size%.png}")
  make_folder "$share/icons/hicolor/${sizes[-1]}x${sizes[-1]}/apps"
done

failed() {
  rm -rf "$lib"
  refuse "copying failed (see above); nothing was left in place"
}
trap failed ERR
rmdir "$lib"
cp -a "$here/megalith" "$lib"
cp "$here/uninstall.sh" "$lib/uninstall.sh"
ln -sfn "$lib/megalith" "$bin/megalith"
for size in "${sizes[@]}"; do
  cp "$here/share/icons/megalith-$size.png" "$share/icons/hicolor/${size}x${size}/apps/megalith.png"
done
cp "$here/share/megalith.svg" "$share/icons/hicolor/scalable/apps/megalith.svg"
# The menu entry starts this copy by its full path: ~/.local/bin may not be on PATH.
sed "s|^Exec=megalith |Exec=\"$bin/megalith\" |" "$here/share/megalith.desktop" \
  > "$share/applications/megalith.desktop"
cp "$here/share/megalith-mime.xml" "$share/mime/packages/megalith.xml"
cp "$here/share/io.megalith.megalith.metainfo.xml" "$share/metainfo/"
{
  printf 'folder %s\n' "${created_folders[@]}" | grep -v "^folder $lib\$" || true
  printf '%s\n' "${previous[@]}" | grep . || true
} | sort -u >"$lib/installed.txt"
trap - ERR

# The program must answer before this says it is installed.
if ! answer=$("$lib/megalith" --version 2>&1) || [ "$answer" != "megalith $version" ]; then
  echo "$answer" >&2
  "$lib/uninstall.sh" >/dev/null 2>&1 || true
  refuse "the program does not start on this system (above: what it said); removed again"
fi

# Refresh the desktop's caches where the tools exist (they are optional).
if command -v update-mime-database >/dev/null; then update-mime-database "$share/mime"; fi
if command -v update-desktop-database >/dev/null; then
  update-desktop-database -q "$share/applications"
fi
if command -v gtk-update-icon-cache >/dev/null && [ -f "$share/icons/hicolor/index.theme" ]; then
  gtk-update-icon-cache -q -t "$share/icons/hicolor" || true
fi

echo "Megalith $version is installed: $bin/megalith"
case ":$PATH:" in
  *":$bin:"*) ;;
  *) echo "($bin is not on your PATH: start it from the menu, or add it to PATH)" ;;
esac
