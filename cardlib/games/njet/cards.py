"""The Njet! deck (NJT-1): 40 cards in four colours, each with its own symbol, two 1s and one each 2..9.

Cards are written colour letter, value and, for a 1, which of the two copies: ``R7``, ``K9``, ``B1a``, ``G1b``
(R red, K black, B blue, G green). The notation round-trips: ``NjetCard.parse(str(card)) == card``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardlib.core import BadState, CardError
from cardlib.core.i18n import N_, Message
from cardlib.core.i18n import lazy_gettext as _
from cardlib.core.serial import listed

COLOURS = ("red", "black", "blue", "green")
LETTERS = {"red": "R", "black": "K", "blue": "B", "green": "G"}
# Colour is never the only cue: each colour has its symbol, drawn with the French suit shape of the same letter.
SYMBOLS = {"red": "♥", "black": "♠", "blue": "♦", "green": "♣"}
SUIT_SHAPES = {"red": "H", "black": "S", "blue": "D", "green": "C"}
COLOUR_WORDS = {"red": N_("red"), "black": N_("black"), "blue": N_("blue"), "green": N_("green")}
_BY_LETTER = {letter: colour for colour, letter in LETTERS.items()}


@dataclass(frozen=True, slots=True)
class NjetCard:
    colour: str
    value: int
    copy: str = ""  # "a" or "b" for the two 1s of a colour, "" otherwise

    def __str__(self) -> str:
        return f"{LETTERS[self.colour]}{self.value}{self.copy}"

    @property
    def short(self) -> str:
        """What a learner reads: ``7♥``."""
        return f"{self.value}{SYMBOLS[self.colour]}"

    @property
    def name(self) -> Message:
        return _("{colour} {value}", colour=colour_word(self.colour), value=self.value)

    @classmethod
    def parse(cls, text: object) -> NjetCard:
        card = CARDS.get(str(text).strip().upper().replace("1A", "1a").replace("1B", "1b")) if text else None
        if card is None:
            raise CardError(
                f"{text!r} is not a Njet! card: write a colour letter (R, K, B, G) and a value 1..9, "
                "and a or b after a 1, such as R7 or B1a"
            )
        return card


def colour_word(colour: str) -> Message:
    return _(COLOUR_WORDS[colour])


DECK = tuple(
    NjetCard(colour, value, copy)
    for colour in COLOURS
    for value, copy in ((1, "a"), (1, "b"), *((v, "") for v in range(2, 10)))
)
CARDS = {str(card): card for card in DECK}


def sort_key(card: NjetCard) -> tuple[int, int, str]:
    return COLOURS.index(card.colour), card.value, card.copy


def njet_card(text: Any, where: str, _record: Any = None) -> NjetCard:
    """A card of the deck, by its text, read from a position."""
    try:
        return NjetCard.parse(text)
    except CardError as error:
        raise BadState(f"{where}: {error}") from None


def hand(value: Any, where: str, record: Any) -> list[NjetCard]:
    """A hand read from a position, in the order a hand is kept."""
    return sorted(listed(njet_card)(value, where, record), key=sort_key)
