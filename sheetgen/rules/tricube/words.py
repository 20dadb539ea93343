"""Small wording helpers shared by Tricube Tales messages and sheet captions."""

from __future__ import annotations

NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
ORDINALS = ("zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


def number_word(n: int) -> str:
    """`three` for 3; digits past ten."""
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)


def ordinal(n: int) -> str:
    """`second` for 2; `12th` past ten."""
    return ORDINALS[n] if 0 <= n < len(ORDINALS) else f"{n}th"


def count(n: int, noun: str) -> str:
    """`no perks`, `1 perk`, `3 afflictions`."""
    return f"{n or 'no'} {noun}" + ("" if n == 1 else "s")


def every_nth(n: int) -> str:
    """`every` for 1, `every second` for 2 …"""
    return "every" if n == 1 else f"every {ordinal(n)}"
