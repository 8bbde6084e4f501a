#!/usr/bin/env bash
# Packs the frozen program (packaging/build.sh) as a Debian package for apt:
#
#   packaging/build_deb.sh PROGRAM_FOLDER VERSION OUTDIR COPYRIGHT MANPAGE
#
# It installs the program in /usr/lib/megalith (the command /usr/games/megalith: a game, as
# Debian's policy places them), the menu entry, icons, MIME type and AppStream entry under
# /usr/share, the manual page (MANPAGE, packaging/make_manpage.py's) and, in
# /usr/share/doc/megalith, the DEP-5 copyright file (COPYRIGHT, packaging/notices.py's: the
# program's own NOTICES.txt and LICENSE say the same and are left out) and a changelog.
# Depends names the packages of host_requirements.txt, so apt brings what the program takes
# from the system. The desktop's caches are refreshed by dpkg's triggers (shared-mime-info,
# desktop-file-utils, hicolor-icon-theme), so the package needs no scripts of its own.
# What lintian finds that cannot be mended is overridden, with the reason, in
# packaging/lintian-overrides. SOURCE_DATE_EPOCH (build.sh's) dates every file.
set -euo pipefail
cd "$(dirname "$0")/.."
umask 022
program=$(realpath "$1") version=$2 out=$(realpath -m "$3") copyright=$4 manpage=$5
arch=$(dpkg --print-architecture)
epoch=${SOURCE_DATE_EPOCH:?build_deb.sh: set SOURCE_DATE_EPOCH (build.sh does)}
maintainer="The Megalith developers <developers@megalith.io>"
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
chmod 755 "$stage"

doc=$stage/usr/share/doc/megalith
mkdir -p "$stage/DEBIAN" "$stage/usr/lib" "$stage/usr/games" "$stage/usr/share/applications" \
  "$stage/usr/share/mime/packages" "$stage/usr/share/metainfo" "$stage/usr/share/man/man1" \
  "$stage/usr/share/icons/hicolor/scalable/apps" "$stage/usr/share/lintian/overrides" "$doc"
cp -a "$program" "$stage/usr/lib/megalith"
rm "$stage/usr/lib/megalith/NOTICES.txt" "$stage/usr/lib/megalith/LICENSE"
# shared libraries and Python's extension modules are loaded, never run
find "$stage/usr/lib/megalith" -type f -name '*.so*' -exec chmod 644 {} +
ln -s ../lib/megalith/megalith "$stage/usr/games/megalith"
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
gzip -9n <"$manpage" >"$stage/usr/share/man/man1/megalith.1.gz"
cp "$copyright" "$doc/copyright"
gzip -9n >"$doc/changelog.Debian.gz" <<EOF
megalith ($version-1) unstable; urgency=medium

  * Megalith $version, the standalone program of packaging/build.sh as a package.

 -- $maintainer  $(date -u -R -d "@$epoch")
EOF
cp packaging/lintian-overrides "$stage/usr/share/lintian/overrides/megalith"

# Each package once: the fixed list first, then host_requirements.txt's that it lacks.
depends=$({ printf '%s\n' "libc6 (>= 2.34)" libstdc++6 libgl1 "libglx-mesa0 | libglx-vendor" \
    fontconfig "fonts-dejavu-core | fonts-freefont-ttf | fonts-liberation2"
  awk '!/^#/ && NF == 2 {print $2}' packaging/host_requirements.txt
} | awk '!seen[$1]++' | paste -sd, | sed 's/,/, /g')
cat >"$stage/DEBIAN/control" <<EOF
Package: megalith
Version: $version-1
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $(du -sk --apparent-size "$stage/usr" | cut -f1)
Depends: $depends
Section: games
Priority: optional
Homepage: https://megalith.io/
Description: table for Cameron Browne's pbmserv board games
 Megalith lets two to four people play Druid, Drogo, Quadrant Y, Dragons and
 Trichet at one computer, or against the computer, with every option of
 pbmserv's challenge command, and opens and saves records in pbmserv's file
 format.
EOF
find "$stage" -exec touch -h -d "@$epoch" {} +
mkdir -p "$out"
dpkg-deb --root-owner-group -Zxz --build "$stage" "$out/megalith_${version}-1_$arch.deb" >/dev/null
echo "$out/megalith_${version}-1_$arch.deb"
