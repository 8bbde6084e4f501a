"""The bounded number reader and the shortened, escaped quoting of input (rules/text.py)."""

from __future__ import annotations

import pytest

from megalith.rules.text import MAX_DIGITS, SHOWN_LENGTH, number, quoted, shown


@pytest.mark.parametrize("text, value", [
    ("0", 0), ("7", 7), ("0042", 42), ("9" * MAX_DIGITS, int("9" * MAX_DIGITS)),
])
def test_ascii_digits_are_read(text: str, value: int) -> None:
    assert number(text) == value


@pytest.mark.parametrize("text", [
    "", "²", "٣", "１", "-5", "+5", " 5", "5 ", "5x", "0x10", "1_000",
    "9" * (MAX_DIGITS + 1), "1" * 4301, "1" * 100_000,
])
def test_everything_else_is_no_number(text: str) -> None:
    assert number(text) is None


def test_a_shorter_bound_can_be_asked_for() -> None:
    assert number("123", digits=2) is None and number("12", digits=2) == 12


def test_short_printable_input_is_shown_as_it_is() -> None:
    assert shown("c3-c5, fine ü") == "c3-c5, fine ü"
    assert quoted("b2") == "'b2'"


def test_control_characters_are_escaped() -> None:
    assert shown("a\x00b\nc\x1b[31m\u200b") == "a\\x00b\\nc\\x1b[31m\\u200b"


def test_long_input_is_cut_with_its_length() -> None:
    text = "a" + "1" * 6_000_000
    assert shown(text) == "a" + "1" * (SHOWN_LENGTH - 1) + "... (6,000,001 characters)"
    assert len(quoted(text)) < 80
