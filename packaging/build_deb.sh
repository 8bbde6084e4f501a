#!/usr/bin/env bash
# Packs the frozen program (packaging/build.sh) as a Debian package for apt:
#
#   packaging/build_deb.sh PROGRAM_FOLDER VERSION OUTDIR
#
# It installs the program in /usr/lib/megalith (the command /usr/bin/megalith), the menu
# entry, icons, MIME type and AppStream entry under /usr/share. Depends names the packages
# of host_requirements.txt, so apt brings what the program takes from the system. The
# desktop's caches are refreshed by dpkg's triggers (shared-mime-info, desktop-file-utils,
# hicolor-icon-theme), so the package needs no scripts of its own.
set -euo pipefail
cd "$(dirname "$0")/.."
program=$(realpath "$1") version=$2 out=$(realpath -m "$3")
arch=$(dpkg --print-architecture)
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT

mkdir -p "$stage/DEBIAN" "$stage/usr/lib" "$stage/usr/bin" "$stage/usr/share/applications" \
  "$stage/usr/share/mime/packages" "$stage/usr/share/metainfo" \
  "$stage/usr/share/icons/hicolor/scalable/apps" "$stage/usr/share/doc/megalith"
cp -a "$program" "$stage/usr/lib/megalith"
ln -s ../lib/megalith/megalith "$stage/usr/bin/megalith"
cp assets/megalith.desktop "$stage/usr/share/applications/"
cp assets/megalith-mime.xml "$stage/usr/share/mime/packages/megalith.xml"
cp assets/io.megalith.megalith.metainfo.xml "$stage/usr/share/metainfo/"
cp assets/megalith.svg "$stage/usr/share/icons/hicolor/scalable/apps/"
for png in assets/icons/megalith-*.png; do
  size=${png##*-}
  size=${size%.png}
  mkdir -p "$stage/usr/share/icons/hicolor/${size}x${size}/apps"
  cp "$png" "$stage/usr/share/icons/hicolor/${size}x${size}/apps/megalith.png"
done
printf 'Megalith %s, built %s.\n' "$version" "$(date -u +%Y-%m-%d)" \
  >"$stage/usr/share/doc/megalith/README"

depends="libc6 (>= 2.34), libstdc++6, libgl1, libglx-mesa0 | libglx-vendor, fontconfig"
depends+=", fonts-dejavu-core | fonts-freefont-ttf | fonts-liberation2"
depends+=", $(awk '!/^#/ && NF == 2 {print $2}' packaging/host_requirements.txt | sort -u \
  | paste -sd, | sed 's/,/, /g')"
cat >"$stage/DEBIAN/control" <<EOF
Package: megalith
Version: $version-1
Architecture: $arch
Maintainer: Megalith developers <megalith@invalid>
Installed-Size: $(du -sk "$stage/usr" | cut -f1)
Depends: $depends
Section: games
Priority: optional
Description: table for Cameron Browne's pbmserv board games
 Megalith lets two to four people play Druid, Drogo, Quadrant Y and Trichet at one
 computer, or against the computer, with every option of pbmserv's challenge
 command, and opens and saves records in pbmserv's file format.
EOF
mkdir -p "$out"
dpkg-deb --root-owner-group -Zxz --build "$stage" "$out/megalith_${version}-1_$arch.deb" >/dev/null
echo "$out/megalith_${version}-1_$arch.deb"
