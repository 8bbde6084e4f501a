#!/usr/bin/env bash
# Installs everything the tests need (Debian packages too, when run as root) and runs the
# whole suite under Xvfb; arguments go to pytest.
cd "$(dirname "$0")"
source packaging/bootstrap.sh
install_system_packages
make_venv test
exec .venv/bin/python -m pytest "$@"
