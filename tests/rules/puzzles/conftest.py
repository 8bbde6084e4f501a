"""Checking every shipped puzzle takes minutes: those tests are marked slow and run with the
packaging tests (`MEGALITH_PACKAGING_TESTS=1`, as CI runs them) or with
`MEGALITH_SLOW_TESTS=1`; any other run checks a sample and says why it skipped the rest."""

from __future__ import annotations

import os

import pytest


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    if "1" in (os.environ.get("MEGALITH_PACKAGING_TESTS"), os.environ.get("MEGALITH_SLOW_TESTS")):
        return
    skip = pytest.mark.skip(reason="checks every shipped puzzle (minutes): "
                                   "MEGALITH_SLOW_TESTS=1 runs it")
    for item in items:
        if item.get_closest_marker("slow") and "puzzles" in item.nodeid:
            item.add_marker(skip)
