#!/usr/bin/env bash
# Builds every Megalith artifact into OUTDIR (default dist/), with SHA256SUMS beside them:
#
#   megalith-<version>-py3-none-any.whl, megalith-<version>.tar.gz   pip / pipx
#   megalith-<version>-linux-<machine>.tar.gz   the standalone program, install.sh inside
#   megalith_<version>-1_<arch>.deb             the same program for apt (packaging/build_deb.sh)
#
#   packaging/build.sh [OUTDIR]
#
# The standalone program is frozen by PyInstaller with a CPython built on Debian 11
# (packaging/build_python.sh, needs root; or PYTHON=/path/to/python3 built on glibc 2.34 or
# older). The libraries of the host's graphics stack and C/C++ runtime, and any this machine
# supplied, are left out (packaging/prune_host_libraries.py); packaging/elf_audit.py then
# refuses a program that asks for a glibc newer than 2.34. OUTDIR also receives megalith/,
# the program itself. The build venv and PyInstaller's work files stay in build/standalone/.
#
# The program carries NOTICES.txt (each bundled component with its licence texts, written by
# packaging/notices.py from what PyInstaller bundled), LICENSE and, for Help > About,
# notices.json; the .deb has them as its DEP-5 copyright file, with the manual page that
# packaging/make_manpage.py writes from the command's own help.
#
# Two builds of one commit give the same files, byte for byte: SOURCE_DATE_EPOCH (the
# commit's time unless set) dates every file and archive entry, archives are sorted and
# carry no owner, PyInstaller runs with a fixed hash seed.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
umask 022
if [ -z "${SOURCE_DATE_EPOCH:-}" ]; then
  SOURCE_DATE_EPOCH=$(git log -1 --format=%ct 2>/dev/null || stat -c %Y pyproject.toml)
fi
export SOURCE_DATE_EPOCH PYTHONHASHSEED=0
out=$(realpath -m "${1:-dist}")
work=$root/build/standalone
max_glibc=2.34

version=$(sed -n 's/^version = "\(.*\)"$/\1/p' pyproject.toml | head -1)
name=megalith-$version
archive=$out/$name-linux-$(uname -m).tar.gz
if [ -z "${PYTHON:-}" ]; then
  if [ "$(id -u)" != 0 ]; then
    echo "build.sh: set PYTHON to a CPython 3.10+ built on glibc $max_glibc or older, or run" \
      "as root to build one (packaging/build_python.sh)" >&2
    exit 1
  fi
  PYTHON=$(packaging/build_python.sh)/bin/python3
fi

echo "Building Megalith $version in $out with $PYTHON"
mkdir -p "$work" "$out"
rm -f "$out"/megalith-*.whl "$out"/megalith-*.tar.gz "$out"/megalith_*.deb "$out/SHA256SUMS"
# the wheel and the sdist, as pip and pipx install them
rm -rf "$work/venv"
"$PYTHON" -m venv "$work/venv"
"$work/venv/bin/python" -m pip install -q --disable-pip-version-check build
"$work/venv/bin/python" -m build -q --outdir "$out" . >/dev/null
python3 packaging/reproducible_tar.py "$out/$name.tar.gz"  # the wheel is already
# Megalith as pip installs it (the wheel, not editable), so the program is frozen from
# exactly what users of the package get, with PyInstaller (the `standalone` extra). Nothing
# imports PySide6.QtNetwork (PySide6's package lists it): without it only two optional
# plugins (VNC, TUIO) load libQt6Network, whose Kerberos the host then need not have.
wheel=$out/$name-py3-none-any.whl
"$work/venv/bin/python" -m pip install -q --disable-pip-version-check "$wheel[standalone]"

rm -rf "$out/megalith"
# PyInstaller finds the libraries the interpreter's modules need (libffi 7, OpenSSL 1.1
# beside a CPython from packaging/build_python.sh) on the library path.
python_lib=$("$PYTHON" -c 'import sys; print(sys.base_prefix)')/lib
(cd "$work" && LD_LIBRARY_PATH=$python_lib "$work/venv/bin/pyinstaller" --noconfirm --clean --log-level WARN \
  --onedir --name megalith --distpath "$out" --workpath "$work/pyinstaller" \
  --specpath "$work" \
  --collect-submodules megalith \
  --collect-data megalith.desktop --collect-data megalith.rules.puzzles --copy-metadata megalith \
  --exclude-module PySide6.QtNetwork \
  --runtime-hook "$root/packaging/glibc_check.py" \
  "$root/packaging/megalith_main.py")
# Debugging symbols out of the program's libraries (Debian's policy; lintian checks it), but
# not out of those auditwheel put beside a wheel's modules (numpy.libs/): patchelf rewrote
# their headers, and a stripped copy is one the loader refuses ("ELF load command
# address/offset not page-aligned"). PyInstaller's --strip strips those too.
find "$out/megalith" -type f \( -name '*.so' -o -name '*.so.*' \) -not -path '*.libs/*' \
  -exec strip --strip-unneeded {} +
strip --strip-unneeded "$out/megalith/megalith"
# pip's note of where the wheel was installed from (a build path; nothing reads it)
info=$out/megalith/_internal/$name.dist-info
rm "$info/direct_url.json"
sed -i '/^megalith[^/]*\.dist-info\/direct_url\.json,/d' "$info/RECORD"
python3 packaging/prune_host_libraries.py "$out/megalith" >"$work/pruned.txt"
python3 packaging/elf_audit.py --max-glibc "$max_glibc" "$out/megalith"
"$work/venv/bin/python" packaging/notices.py "$out/megalith" "$work/pyinstaller/megalith" \
  "$work/copyright"
"$work/venv/bin/python" packaging/make_manpage.py "$work/venv/bin/megalith" "$work/megalith.1"

stage=$work/$name
rm -rf "$stage"
mkdir -p "$stage/share/icons"
cp -a "$out/megalith" "$stage/megalith"
cp packaging/install.sh packaging/uninstall.sh packaging/host_requirements.txt LICENSE "$stage/"
cp assets/megalith.svg assets/megalith.desktop assets/megalith-mime.xml \
  assets/io.megalith.megalith.metainfo.xml "$stage/share/"
cp assets/icons/*.png "$stage/share/icons/"
echo "$version" > "$stage/VERSION"
tar -C "$work" --sort=name --mtime="@$SOURCE_DATE_EPOCH" --owner=0 --group=0 --numeric-owner \
  --format=gnu -cf - "$name" | gzip -n >"$archive"
rm -rf "$stage"

packaging/build_deb.sh "$out/megalith" "$version" "$out" "$work/copyright" "$work/megalith.1"
(cd "$out" && sha256sum -- *.whl *.tar.gz *.deb > SHA256SUMS)
echo "Program: $out/megalith/megalith"
(cd "$out" && du -h -- *.whl *.tar.gz *.deb)
