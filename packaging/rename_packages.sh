#!/usr/bin/env bash
# One-off, mechanical: moves every import of the top-level packages `rules` and `desktop` to
# `megalith.rules` and `megalith.desktop` (megalith/rules and megalith/desktop link to the
# folders), and makes setup.py, pyproject.toml and packaging/build.sh install and freeze the
# one package `megalith`. It only rewrites text, so it can be run again on a merged tree:
#
#   bash packaging/rename_packages.sh && git rm -q packaging/rename_packages.sh
#
# Each expression handles one shape that occurs in the tree (run from the repository root).
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t sources < <(git ls-files '*.py')
sed -i -E \
  -e 's/^(\s*)import (rules|desktop)$/\1from megalith import \2/' \
  -e 's/^(\s*)import (rules|desktop)(\.[a-z_.]+)$/\1import megalith.\2\3\n\1from megalith import \2/' \
  -e 's/^import desktop, rules$/from megalith import desktop, rules/' \
  -e 's/((^|[;"(]) *)from (rules|desktop)([ .])/\1from megalith.\3\4/g' \
  -e "s/([\"'])(rules|desktop)\.([a-z_]+)/\1megalith.\2.\3/g" \
  -e 's/-m desktop\.launch/-m megalith.desktop.launch/g' \
  -e 's/resources\.files\("desktop"\)/resources.files("megalith.desktop")/g' \
  -e 's/\["--strict", "rules"\], \["desktop"\]/["--strict", "-p", "megalith.rules"], ["-p", "megalith.desktop"]/' \
  -e 's/\(\("rules",\)/(("megalith", "rules")/' \
  -e '/^@pytest.mark.xfail\(strict=True, reason="the package rename/,+1d' \
  -e 's/include=\["rules", "rules\.\*", "desktop", "desktop\.\*"\]/include=["megalith", "megalith.*"]/' \
  "${sources[@]}"
sed -i -E \
  -e 's/^desktop = \[/"megalith.desktop" = [/' \
  -e 's/^"desktop\.assets" =/"megalith.desktop.assets" =/' \
  -e 's/= "desktop\.launch:main"/= "megalith.desktop.launch:main"/' \
  pyproject.toml
sed -i -E \
  -e 's/--collect-submodules rules --collect-submodules desktop/--collect-submodules megalith/' \
  -e 's/--collect-data desktop /--collect-data megalith.desktop /' \
  packaging/build.sh
mapfile -t documents < <(git ls-files '*.md' '*.sh')
sed -i -e 's/-m desktop\.launch/-m megalith.desktop.launch/g' "${documents[@]}"
