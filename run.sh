#!/usr/bin/env bash
# Installs Megalith into ./.venv and opens it; arguments go to `megalith` (a record to open,
# or `check FILE` / `show FILE` for the command line).
cd "$(dirname "$0")"
source packaging/bootstrap.sh
install_system_packages
make_venv ""
exec .venv/bin/megalith "$@"
