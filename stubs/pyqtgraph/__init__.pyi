# The few names of pyqtgraph that Megalith uses, typed so mypy checks the classes built on
# them (pyqtgraph ships no type information); anything else is Any.
from typing import Any

def __getattr__(name: str) -> Any: ...
