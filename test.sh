#!/usr/bin/env bash
# Installs everything the tests need (Debian packages too, when run as root) and runs the
# suite under Xvfb, spread over every core by pytest-xdist; arguments go to pytest (`-n 0`:
# one process). MEGALITH_PACKAGING_TESTS=1 adds the tests that build and install Megalith,
# and runs in one process: those tests share one build.
cd "$(dirname "$0")"
source packaging/bootstrap.sh
install_system_packages
make_venv test
# Bytecode is written (into the ignored __pycache__ folders), whatever the environment says:
# every worker, and every Python the tests start (the computer's workers, a launched
# Megalith), would otherwise compile the tests and Megalith anew: nearly a fifth of the run.
unset PYTHONDONTWRITEBYTECODE
if [ "${MEGALITH_PACKAGING_TESTS:-}" != 1 ]; then
  set -- --numprocesses auto --dist worksteal "$@"
fi
exec .venv/bin/python -m pytest "$@"
