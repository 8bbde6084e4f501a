#!/usr/bin/env bash
# Makes (once) a minimal Debian root with debootstrap from the Debian mirror this machine's
# apt uses, and prints its path. Needs root and debootstrap (packaging/bootstrap.sh).
#
#   packaging/debian_root.sh SUITE NAME [PACKAGE...]
#
# The root is kept in $MEGALITH_CACHE (default /var/cache/megalith-ci) as roots/NAME-SUITE
# and reused while the same packages are asked for; a root is only used once it is complete
# (a half-made one is made again). Exits 3, saying why, when no mirror answers.
set -euo pipefail
suite=$1 name=$2
shift 2
cache=${MEGALITH_CACHE:-/var/cache/megalith-ci}
root=$cache/roots/$name-$suite
wanted="$suite $*"

configured_mirror() {  # the first Debian URI in apt's sources (deb822 or one-line format)
  local uri
  uri=$(grep -hsE '^(URIs:|deb )' /etc/apt/sources.list.d/*.sources /etc/apt/sources.list \
    /etc/apt/sources.list.d/*.list 2>/dev/null | grep -v security | grep -o 'https\?://[^ ]*' \
    | grep -m1 '/debian/\?$' || true)
  echo "${uri:-http://deb.debian.org/debian}"
}

if [ -f "$root/.megalith-root" ] && [ "$(cat "$root/.megalith-root")" = "$wanted" ]; then
  echo "$root"
  exit 0
fi
mirror=${MEGALITH_DEBIAN_MIRROR:-$(configured_mirror)}
if ! curl -fsS --max-time 20 -o /dev/null "$mirror/dists/$suite/Release"; then
  echo "debian_root.sh: the Debian mirror $mirror does not answer for $suite" >&2
  exit 3
fi
echo "Making a Debian $suite root ($name) from $mirror in $root" >&2
rm -rf "$root" "$root.part"
mkdir -p "$cache/roots" "$cache/debs"
include=""
[ $# -gt 0 ] && include="--include=$(IFS=,; echo "$*")"
# The downloaded packages are kept in $cache/debs for the next root of the same suite.
nice -n 10 debootstrap --variant=minbase $include --cache-dir="$cache/debs" \
  "$suite" "$root.part" "$mirror" >"$cache/roots/$name-$suite.log" 2>&1 || {
  echo "debian_root.sh: debootstrap failed, the end of its log:" >&2
  tail -20 "$cache/roots/$name-$suite.log" >&2
  exit 1
}
rm -rf "$root.part/var/cache/apt/archives/"*.deb
echo "$wanted" > "$root.part/.megalith-root"
mv "$root.part" "$root"
echo "$root"
