"""What a lesson asks for, written in the game's own words: a ``Condition`` is a test of a position that also
says what it tests ("the 9♥ is in Red's siege row"), so a lesson's author reads it back and a failed check
names what is missing.

Each game offers its own conditions (``cardlib.games.<id>.conditions``); they combine with ``&``, ``|`` and
``~`` and go where a lesson takes a check (``Lesson(success=..., on_track=...)``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .cards import SUIT_SYMBOLS, Card, CardError
from .protocol import State

_SUIT_LETTERS = {symbol: letter for letter, symbol in SUIT_SYMBOLS.items()}


@dataclass(frozen=True)
class Condition:
    says: str  # what holds when the test passes, as a teacher would say it
    test: Callable[[Any], bool]  # written for its own game's state

    def __call__(self, state: State) -> bool:
        return bool(self.test(state))

    def __and__(self, other: Condition) -> Condition:
        return Condition(f"{self.says} and {other.says}", lambda state: self(state) and other(state))

    def __or__(self, other: Condition) -> Condition:
        return Condition(f"{self.says} or {other.says}", lambda state: self(state) or other(state))

    def __invert__(self) -> Condition:
        return Condition(f"not ({self.says})", lambda state: not self(state))

    def __repr__(self) -> str:
        return f"<Condition: {self.says}>"


def card(text: str) -> Card:
    """A card as a teacher writes it: ``9H`` or ``9♥`` (also ``10♠``, ``K♣``); anything else raises CardError."""
    text = str(text).strip()
    if text and text[-1] in _SUIT_LETTERS:
        text = text[:-1] + _SUIT_LETTERS[text[-1]]
    return Card.parse(text)


__all__ = ["Card", "CardError", "Condition", "card"]
