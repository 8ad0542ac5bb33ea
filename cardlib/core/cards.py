"""French playing cards, named the way players write them: ``7H``, ``10S``, ``KD``, and the two jokers.

A Card is an immutable value; games that use several decks (Senza Nome) tell copies apart with ``copy``
(written ``7H.2``). The notation round-trips: ``Card.parse(str(card)) == card``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .i18n import N_, NP_, Message, and_joined, as_is, named
from .i18n import lazy_gettext as _

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("H", "D", "S", "C")
JOKER = "X"  # rank of a joker; its suit is its colour: R (red) or B (black)
SUIT_SYMBOLS = {"H": "♥", "D": "♦", "S": "♠", "C": "♣"}
SUIT_NAMES = {"H": N_("hearts"), "D": N_("diamonds"), "S": N_("spades"), "C": N_("clubs")}
RANK_NAMES = {"A": N_("Ace"), "J": N_("Jack"), "Q": N_("Queen"), "K": N_("King")}
JOKER_NAMES = {"R": N_("red Jolly"), "B": N_("black Jolly")}
# a Jolly's name in a sentence (cardlib.core.i18n.Name): "un Jolly rosso", "le Jolly noir"; a card written with its
# symbol (7♥) takes no article in any of our languages
JOKER_FORMS = {
    "R": {"a": NP_("a", "a red Jolly"), "the": NP_("the", "the red Jolly")},
    "B": {"a": NP_("a", "a black Jolly"), "the": NP_("the", "the black Jolly")},
}
RED_SUITS = frozenset("HD")


class CardError(ValueError):
    """A card written in a way no deck knows."""


@dataclass(frozen=True, order=True, slots=True)
class Card:
    rank: str
    suit: str
    copy: int = 0

    FIGURES: ClassVar[frozenset[str]] = frozenset("JQK")

    def __post_init__(self) -> None:
        joker = self.rank == JOKER and self.suit in "RB"
        if not joker and (self.rank not in RANKS or self.suit not in SUITS):
            raise CardError(f"{self.rank}{self.suit} is not a French card (ranks A 2..10 J Q K, suits H D S C)")

    @classmethod
    def parse(cls, text: str) -> Card:
        if not isinstance(text, str):
            raise CardError(f"a card is written as text such as '7H', not {text!r}")
        body, _, copy = text.strip().upper().partition(".")
        if len(body) < 2:
            raise CardError(f"'{text}' is not a card: write a rank and a suit, such as 7H or 10S")
        try:
            return cls(body[:-1], body[-1], int(copy) if copy else 0)
        except ValueError as error:
            raise CardError(f"'{text}' is not a card: {error}") from None

    def __str__(self) -> str:
        return f"{self.rank}{self.suit}" + (f".{self.copy}" if self.copy else "")

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER

    @property
    def is_figure(self) -> bool:
        return self.rank in self.FIGURES

    @property
    def is_red(self) -> bool:
        return self.suit in RED_SUITS or self.suit == "R"

    @property
    def number(self) -> int | None:
        """The pip value of A..10 (A = 1); None for figures and jokers."""
        if self.rank == "A":
            return 1
        return int(self.rank) if self.rank.isdigit() else None

    @property
    def short(self) -> Message:
        """What a learner reads on the screen: ``7♥``, ``K♠``, ``Jolly``."""
        if self.is_joker:
            return named(JOKER_NAMES[self.suit], JOKER_FORMS[self.suit])
        return as_is(f"{self.rank}{SUIT_SYMBOLS[self.suit]}")

    @property
    def name(self) -> Message:
        """The card in words, for a screen reader: "7 of hearts", "Queen of spades"."""
        if self.is_joker:
            return self.short
        rank = _(RANK_NAMES[self.rank]) if self.rank in RANK_NAMES else as_is(self.rank)
        return _("{rank} of {suit}", rank=rank, suit=_(SUIT_NAMES[self.suit]))


def french_deck(suits: str = "HDSC", jokers: str = "", copy: int = 0) -> list[Card]:
    """The 13 cards of each suit in ``suits`` (in rank order), then the jokers named in ``jokers`` ("RB")."""
    cards = [Card(rank, suit, copy) for suit in suits for rank in RANKS]
    return cards + [Card(JOKER, colour, copy) for colour in jokers]


def cards_text(cards) -> Message:
    """``7♥, 7♦ and K♠`` for a sentence."""
    return and_joined([card.short for card in cards])
