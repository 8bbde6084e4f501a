#!/usr/bin/env bash
# Builds the standalone Megalith for Linux: a PyInstaller one-folder program carrying every
# asset and help page, and the archive megalith-<version>-linux-<machine>.tar.gz that holds
# it with install.sh and uninstall.sh (the version is pyproject.toml's).
#
#   packaging/build.sh [OUTDIR]      # default: dist/
#
# OUTDIR receives megalith/ (the program: OUTDIR/megalith/megalith) and the archive. The
# build venv and PyInstaller's work files stay in build/standalone/ for the next build.
# Needs Python 3.11+, PyPI, and binutils (packaging/bootstrap.sh installs it as root).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
out=$(realpath -m "${1:-dist}")
work=$root/build/standalone
python=${PYTHON:-python3}

version=$("$python" -c 'import tomllib; print(tomllib.load(open("pyproject.toml", "rb"))["project"]["version"])')
name=megalith-$version
archive=$out/$name-linux-$(uname -m).tar.gz

echo "Building Megalith $version in $out"
mkdir -p "$work" "$out"
if [ ! -x "$work/venv/bin/python" ]; then
  "$python" -m venv "$work/venv"
fi
# Megalith as pip installs it (a wheel, not editable), so the program is frozen from exactly
# what users of the package get, with PyInstaller (the `standalone` extra).
"$work/venv/bin/python" -m pip install -q --disable-pip-version-check ".[standalone]"
"$work/venv/bin/python" -m pip install -q --disable-pip-version-check --no-deps \
  --force-reinstall .

rm -rf "$out/megalith"
(cd "$work" && "$work/venv/bin/pyinstaller" --noconfirm --clean --log-level WARN \
  --onedir --name megalith --distpath "$out" --workpath "$work/pyinstaller" \
  --specpath "$work" \
  --collect-submodules rules --collect-submodules desktop \
  --collect-data desktop --copy-metadata megalith \
  "$root/packaging/megalith_main.py")

stage=$work/$name
rm -rf "$stage"
mkdir -p "$stage/share/icons"
cp -a "$out/megalith" "$stage/megalith"
cp packaging/install.sh packaging/uninstall.sh "$stage/"
cp assets/megalith.svg assets/megalith.desktop assets/megalith-mime.xml "$stage/share/"
cp assets/icons/*.png "$stage/share/icons/"
tar -C "$work" -czf "$archive" "$name"
rm -rf "$stage"
echo "Program: $out/megalith/megalith"
echo "Archive: $archive ($(du -h "$archive" | cut -f1))"
