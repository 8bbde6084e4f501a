#!/usr/bin/env bash
# Builds the CPython that packaging/build.sh freezes Megalith with, and prints its folder.
#
# A program frozen by PyInstaller needs at least the glibc its libpython was built against:
# one built on Debian 12 asks for glibc 2.35+. This CPython is compiled inside a minimal
# Debian 11 root (glibc 2.31) from Debian's own copy of the upstream source (the orig
# tarball of bookworm's python3.11 package, checked by its SHA-256), so the frozen program
# runs wherever its wheels do (PySide6 6.11.3: glibc 2.34). The libraries its modules link
# to that later systems lack (libffi 7, OpenSSL 1.1) are copied from that root beside
# libpython, which finds them by its RPATH; the result runs on this machine too, where
# PyInstaller uses it.
#
# For the notices of what the frozen program bundles (packaging/notices.py), the result also
# holds lib/python3.11/license.rst (the licences of the code CPython carries, from its
# source) and lib/debian-libraries.txt: for each library copied from the root, its soname,
# Debian package, version and source package, with the package's copyright file in
# share/doc/PACKAGE/copyright.
#
# Needs root, debootstrap and curl (packaging/bootstrap.sh). The result is cached in
# $MEGALITH_CACHE (default /var/cache/megalith-ci); compiling takes ten minutes on two cores.
# Exits 3 when no Debian mirror answers.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cache=${MEGALITH_CACHE:-/var/cache/megalith-ci}
version=3.11.2
source_url=http://deb.debian.org/debian/pool/main/p/python3.11/python3.11_$version.orig.tar.gz
source_sha256=2411c74bda5bbcfcddaf4531f66d1adc73f247f529aee981b029513aefdbf849
prefix=/opt/megalith-python  # inside the build root
from_the_root='/lib(ffi|ssl|crypto)\.so'  # the libraries copied beside libpython (below)
result=$cache/python-$version-bullseye

root=$("$here/debian_root.sh" bullseye python-build build-essential libffi-dev zlib1g-dev \
  libbz2-dev liblzma-dev libssl-dev libsqlite3-dev uuid-dev)
tarball=$cache/python3.11_$version.orig.tar.gz

record_licences() {  # license.rst and debian-libraries.txt (above) in $1, the result
  tar -xzf "$tarball" -O "Python-$version/Doc/license.rst" >"$1/lib/python3.11/license.rst"
  local lib package
  for lib in $(ls "$1"/lib/lib*.so.* | grep -E "$from_the_root"); do
    package=$(chroot "$root" dpkg -S "/usr/lib/x86_64-linux-gnu/${lib##*/}" | cut -d: -f1)
    mkdir -p "$1/share/doc/$package"
    cp "$root/usr/share/doc/$package/copyright" "$1/share/doc/$package/"
    echo "${lib##*/} $package $(chroot "$root" dpkg-query -W -f='${Version} ${source:Package}' \
      "$package")"
  done >"$1/lib/debian-libraries.txt.part"
  mv "$1/lib/debian-libraries.txt.part" "$1/lib/debian-libraries.txt"
}

if [ -x "$result/bin/python3" ] && [ -f "$result/.complete" ]; then
  [ -f "$result/lib/debian-libraries.txt" ] || record_licences "$result"  # an older cache
  echo "$result"
  exit 0
fi

if ! echo "$source_sha256  $tarball" | sha256sum -c --status 2>/dev/null; then
  mirror_file=$(dirname "$source_url")
  echo "Downloading CPython $version's source from $mirror_file" >&2
  curl -fsS --max-time 600 -o "$tarball.part" "$source_url" \
    || { echo "build_python.sh: the Debian mirror does not answer for $source_url" >&2; exit 3; }
  echo "$source_sha256  $tarball.part" | sha256sum -c --status \
    || { echo "build_python.sh: $source_url has the wrong checksum" >&2; exit 1; }
  mv "$tarball.part" "$tarball"
fi

echo "Compiling CPython $version in the Debian 11 root (minutes)" >&2
rm -rf "$root/build" "$root$prefix"
mkdir -p "$root/build"
tar -C "$root/build" -xzf "$tarball"
# --disable-new-dtags: an RPATH (not a RUNPATH) also serves the extension modules that the
# interpreter loads, so they find libffi and OpenSSL in $prefix/lib too.
# /proc and /dev (with /dev/shm) mounted in a private namespace: configure tests sem_open,
# which multiprocessing (the computer's workers) needs.
unshare --mount --propagation private /bin/sh -c "mount -t proc proc '$root/proc' && \
  mount --rbind /dev '$root/dev' && exec chroot '$root' /bin/sh -c \"\$0\"" \
  "cd /build/Python-$version && \
  ./configure -q --prefix=$prefix --enable-shared --with-ensurepip=install \
    LDFLAGS='-Wl,--disable-new-dtags,-rpath,\\\$\$ORIGIN/../lib' >/build/configure.log 2>&1 && \
  nice -n 15 make -j2 >/build/make.log 2>&1 && make install >/build/install.log 2>&1" || {
  echo "build_python.sh: the build failed; logs in $root/build" >&2
  exit 1
}
# Beside libpython: the libraries whose Debian 11 versions (sonames) later systems no longer
# have (libffi 7, OpenSSL 1.1). The others (zlib, bz2, lzma, sqlite3, uuid) keep their soname
# everywhere, so the newer host copy serves; copying them too would let the RPATH force the
# old copies on the host's own libraries (PyInstaller's Qt probe then fails in Kerberos).
chroot "$root" /bin/sh -c "ldd $prefix/lib/python3.11/lib-dynload/*.so" \
  | awk '/=> \// {print $3}' | sort -u | grep -E "$from_the_root" \
  | while read -r lib; do cp -L "$root$lib" "$root$prefix/lib/"; done
rm -rf "$result"
cp -a "$root$prefix" "$result"
rm -rf "$root/build"
record_licences "$result"
"$result/bin/python3" -c 'import ctypes, ssl, sqlite3, lzma, bz2, zlib, uuid
import multiprocessing.synchronize' \
  || { echo "build_python.sh: the built CPython lacks a module" >&2; exit 1; }
touch "$result/.complete"
echo "$result"
