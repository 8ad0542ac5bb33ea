"""Runs (SNO-3): same suit, upward from a natural Ace, with Kings and jokers wild for the next needed value.

A run belongs to nobody; it has a number that stays while it lies on the table, so a move can name it
(``run:3``) and a click on it plays there. A wild's value is where it lies: the n-th card stands for n.
"""

from __future__ import annotations

from functools import lru_cache

from cardlib.core import Card
from cardlib.core.cards import SUIT_SYMBOLS
from cardlib.core.fields import Record, card_list, shared
from cardlib.core.serial import checked, french_cards, number

from .rules import COMPLETE, VALUE_NAMES, VALUES, WILD_RANKS


@lru_cache(maxsize=1024)
def parse_card(text: str) -> Card:
    """Card.parse, remembered: moves name their card as text, and a search reads the same few cards again and again."""
    return Card.parse(text)


def is_wild(card: Card) -> bool:
    return card.rank in WILD_RANKS


def value_name(value: int) -> str:
    return VALUE_NAMES[value]


def laid_problem(cards: list[Card]) -> str | None:
    """Why ``cards`` cannot lie on the table as a run, or None: a complete run is set aside at once (SNO-3)."""
    return run_problem(cards) or ("a complete run is set aside (SNO-3)" if len(cards) >= COMPLETE else None)


def set_aside_problem(cards: list[Card]) -> str | None:
    """Why ``cards`` cannot be a run set aside, or None: only a run complete at the Queen is (SNO-3)."""
    return run_problem(cards) or (
        None if len(cards) == COMPLETE else "a run is set aside only when complete at the Queen (SNO-3)"
    )


class Run(Record):
    """One run on the table. Mutable, but only ever inside a fresh clone of its state."""

    __slots__ = ("cards", "id")
    FIELDS = (shared("id", number(1)), card_list("cards", checked(french_cards, laid_problem)))

    def __init__(self, run_id: int, cards: list[Card]):
        self.id, self.cards = run_id, cards

    @property
    def zone(self) -> str:
        return f"run:{self.id}"

    @property
    def suit(self) -> str:
        return self.cards[0].suit

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[self.suit]

    @property
    def next(self) -> int:
        """The value the run needs next: one more than the number of its cards."""
        return len(self.cards) + 1

    @property
    def complete(self) -> bool:
        return len(self.cards) >= COMPLETE

    def fits(self, card: Card) -> bool:
        """May ``card`` be attached now? A wild always, a natural card of the suit with the next value."""
        if is_wild(card):
            return True
        return card.suit == self.suit and VALUES.get(card.rank) == self.next

    def wild_for(self, card: Card) -> int | None:
        """Where a wild stands for the natural ``card`` (same suit and value), or None."""
        value = VALUES.get(card.rank)
        if is_wild(card) or card.suit != self.suit or value is None or value > len(self.cards):
            return None
        return value - 1 if is_wild(self.cards[value - 1]) else None


def run_problem(cards: list[Card]) -> str | None:
    """Why ``cards`` is no run (SNO-3), or None: it starts with a natural Ace, then each card is the next
    value of the suit or a wild, and it holds at most a Queen's worth of cards."""
    if not cards or cards[0].rank != "A":
        return "a run starts with a natural Ace"
    if len(cards) > COMPLETE:
        return "a run ends at the Queen (12 cards)"
    suit = cards[0].suit
    for value, card in enumerate(cards[1:], start=2):
        if not is_wild(card) and (card.suit != suit or VALUES.get(card.rank) != value):
            return f"{card} cannot stand at place {value} of a {suit} run"
    return None
