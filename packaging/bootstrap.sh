# Sourced by run.sh and test.sh: makes ./.venv with Megalith installed in it (editable, so
# changes to the code need no reinstall). pip runs only when the venv is new or what decides
# the install changed (pyproject.toml, setup.py, this script): a second launch goes straight
# to the program.
# As root on Debian it first installs the system libraries Qt's X11 platform and OpenGL need
# (the list in docs/desktop.md, "Qt and OpenGL"), Xvfb for the headless tests, and what
# packaging/build.sh and the packaging tests use: binutils (objdump), debootstrap and curl
# (the Debian roots and the CPython source), shared-mime-info, xdg-utils and
# libfile-mimeinfo-perl (the records' MIME type, as `xdg-mime` reads it), appstream and
# desktop-file-utils (validating the metadata), lintian and man-db (checking the .deb and
# its manual page).
set -euo pipefail

APT_PACKAGES=(python3-venv xvfb xauth libegl1 libgl1 libglib2.0-0 libfontconfig1 libdbus-1-3
  libxkbcommon-x11-0 libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-shape0 libxcb-randr0
  libxcb-render-util0 libxcb-image0 libxcb-xinerama0 libxcb-xkb1
  binutils debootstrap curl shared-mime-info xdg-utils libfile-mimeinfo-perl appstream
  desktop-file-utils fontconfig fonts-dejavu-core libglx-mesa0 libgl1-mesa-dri lintian man-db)
# and what the standalone program takes from the system (its install.sh checks them)
mapfile -t APT_PACKAGES < <({ printf '%s\n' "${APT_PACKAGES[@]}"
  awk '!/^#/ && NF == 2 {print $2}' "$(dirname "${BASH_SOURCE[0]}")/host_requirements.txt"
} | sort -u)

install_system_packages() {
  if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
    return 0
  fi
  if dpkg-query -W -f='${Status}\n' "${APT_PACKAGES[@]}" 2>/dev/null \
      | grep -c 'install ok installed' | grep -qx "${#APT_PACKAGES[@]}"; then
    return 0
  fi
  echo "Installing system packages: ${APT_PACKAGES[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    "${APT_PACKAGES[@]}" >/dev/null
}

install_fingerprint() {  # what the install depends on, as one checksum
  cat pyproject.toml setup.py packaging/bootstrap.sh | sha256sum | cut -d' ' -f1
}

make_venv() {  # $1: the pip extra to install ("" or "test")
  local python=${PYTHON:-python3}
  if [ ! -x .venv/bin/python ]; then
    "$python" -m venv .venv
  fi
  local target="." stamp=".venv/megalith-install${1:+-$1}.sha256" wanted
  [ -n "$1" ] && target=".[$1]"
  wanted=$(install_fingerprint)
  if [ -x .venv/bin/megalith ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$wanted" ]; then
    return 0
  fi
  .venv/bin/python -m pip install -q --disable-pip-version-check -e "$target"
  echo "$wanted" > "$stamp"
}
