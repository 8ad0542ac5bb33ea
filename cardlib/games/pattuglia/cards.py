"""The Pattuglia deck as data (PAT-1, PAT-2): eleven kinds of card, how many of each, and what each is worth.

The printed points are not known: PAT-2's assumed values live here, in ``KINDS``, where a designer can change them,
and the rule book says they are assumed. Card ids are short and readable: a battalion card is its colour's letter,
its kind's letter and a copy number (``RC1`` red Captain, ``YS10`` yellow Soldier, ``BK4`` blue Cannon); the rest
are a kind code and a copy number (``N2`` Nurse, ``M1`` Mechanic, ``HB3`` Hand Bomb, ``MB6`` Medical Bag).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypedDict, TypeGuard

from cardlib.core import BadState
from cardlib.core.i18n import N_, NP_, Message
from cardlib.core.i18n import lazy_pgettext as pgettext
from cardlib.core.protocol import excerpt

COLOURS = {"R": "red", "Y": "yellow", "G": "green", "B": "blue"}  # the four battalions (PAT-1)
COLOUR_NAMES = {"red": N_("red"), "yellow": N_("yellow"), "green": N_("green"), "blue": N_("blue")}
# the same, said of several cards: Italian and French agree it in number ("2 Soldati verdi", "2 Soldats verts")
COLOURS_OF_SEVERAL = {
    "red": NP_("several", "red"),
    "yellow": NP_("several", "yellow"),
    "green": NP_("several", "green"),
    "blue": NP_("several", "blue"),
}
# the same, said of a patrol: Italian and French agree it with the word ("la pattuglia rossa", "la patrouille verte")
PATROL_COLOURS = {
    "red": NP_("patrol", "red"),
    "yellow": NP_("patrol", "yellow"),
    "green": NP_("patrol", "green"),
    "blue": NP_("patrol", "blue"),
}


def patrol_colour(colour: str) -> Message:
    """A patrol's colour in the learner's language, as said of the patrol."""
    return pgettext("patrol", PATROL_COLOURS[colour])


@dataclass(frozen=True, slots=True)
class Kind:
    """One kind of card. ``family``: battalion (coloured patrol cards), support (colourless patrol cards) or
    arsenal (set aside face down, PAT-3). ``copies`` is per battalion for battalion kinds."""

    code: str
    name: str
    plural: str
    family: str
    copies: int
    points: int  # PAT-2: assumed; arsenal cards score nothing
    symbol: str  # drawn large on the card: the cue that is not colour
    text: str = ""  # what the card does, as the card says it
    forms: dict[str, str] | None = None  # a colourless kind's name in a sentence (a battalion card's: words.py)


KINDS = {
    kind.code: kind
    for kind in (
        Kind("C", N_("Captain"), N_("Captains"), "battalion", 2, 5, "★", N_("1 per patrol, always on top.")),
        Kind("S", N_("Soldier"), N_("Soldiers"), "battalion", 10, 2, "♟", N_("As many as you like.")),
        Kind("K", N_("Cannon"), N_("Cannons"), "battalion", 4, 3, "⊕", N_("1 per Soldier of the patrol.")),
        Kind(
            *("N", N_("Nurse"), N_("Nurses"), "support", 6, 3, "✚", N_("1 per patrol. Lets you use Medical Bags.")),
            {"a": NP_("a", "a Nurse"), "the": NP_("the", "the Nurse")},
        ),
        Kind(
            *("M", N_("Mechanic"), N_("Mechanics"), "support", 4, 3, "⚙", N_("1 per patrol. Lets you use Tools.")),
            {"a": NP_("a", "a Mechanic"), "the": NP_("the", "the Mechanic")},
        ),
        Kind(
            *("HB", N_("Hand Bomb"), N_("Hand Bombs"), "arsenal", 4, 0, "✹", N_("Needs a Soldier: kills 2 Soldiers.")),
            {"a": NP_("a", "a Hand Bomb"), "the": NP_("the", "the Hand Bomb")},
        ),
        Kind(
            *("DY", N_("Dynamite"), N_("Dynamite"), "arsenal", 2, 0, "ϟ", N_("Needs a Soldier: destroys 1 Cannon.")),
            {"a": NP_("a", "Dynamite"), "the": NP_("the", "the Dynamite")},
        ),
        Kind(
            *("CS", N_("Cannon Shot"), N_("Cannon Shots"), "arsenal", 4, 0, "✸"),
            N_("Needs a Soldier and a Cannon in one patrol: destroys 1 Soldier and 1 Cannon."),
            {"a": NP_("a", "a Cannon Shot"), "the": NP_("the", "the Cannon Shot")},
        ),
        Kind(
            *("BU", N_("Bullets"), N_("Bullets"), "arsenal", 6, 0, "⁍", N_("Needs a Soldier: kills 1 Soldier.")),
            {"a": NP_("a", "Bullets"), "the": NP_("the", "the Bullets")},
        ),
        Kind(
            *("TL", N_("Tools"), N_("Tools"), "arsenal", 4, 0, "⚒", N_("Needs a Mechanic: saves 1 Cannon.")),
            {"a": NP_("a", "Tools"), "the": NP_("the", "the Tools")},
        ),
        Kind(
            *("MB", N_("Medical Bag"), N_("Medical Bags"), "arsenal", 6, 0, "✙", N_("Needs a Nurse: saves 1 Soldier.")),
            {"a": NP_("a", "a Medical Bag"), "the": NP_("the", "the Medical Bag")},
        ),
    )
}


class AttackRule(TypedDict):
    """PAT-9: what an attack kills in the target patrol (how many of each kind) and what it needs in one own patrol."""

    kills: dict[str, int]
    needs: tuple[str, ...]


ATTACKS: dict[str, AttackRule] = {
    "HB": {"kills": {"S": 2}, "needs": ("S",)},
    "DY": {"kills": {"K": 1}, "needs": ("S",)},
    "CS": {"kills": {"S": 1, "K": 1}, "needs": ("S", "K")},
    "BU": {"kills": {"S": 1}, "needs": ("S",)},
}
# PAT-10: each defence card, the support card that allows it, and the kind it saves.
DEFENCES = {"MB": ("N", "S"), "TL": ("M", "K")}


@dataclass(frozen=True, slots=True)
class CardInfo:
    id: str
    kind: Kind
    colour: str | None  # a battalion's colour; None for Nurses, Mechanics and the arsenal

    @property
    def code(self) -> str:
        return self.kind.code

    @property
    def arsenal(self) -> bool:
        return self.kind.family == "arsenal"

    @property
    def points(self) -> int:
        return self.kind.points


def _deck() -> dict[str, CardInfo]:
    cards: dict[str, CardInfo] = {}
    for letter, colour in COLOURS.items():
        for kind in KINDS.values():
            if kind.family == "battalion":
                for n in range(1, kind.copies + 1):
                    cards[f"{letter}{kind.code}{n}"] = CardInfo(f"{letter}{kind.code}{n}", kind, colour)
    for kind in KINDS.values():
        if kind.family != "battalion":
            for n in range(1, kind.copies + 1):
                cards[f"{kind.code}{n}"] = CardInfo(f"{kind.code}{n}", kind, None)
    return cards


CARDS = _deck()  # every card of the deck by id, in deck order: 100 of them (PAT-1)
DECK = tuple(CARDS)


def info(card_id: str) -> CardInfo:
    return CARDS[card_id]


def is_card(card_id: object) -> TypeGuard[str]:
    return isinstance(card_id, str) and card_id in CARDS


def deck_card(value: Any, where: str, _record: Any = None) -> str:
    """A card of the deck, by its id, read from a position."""
    if not is_card(value):
        raise BadState(f"{where}: {excerpt(value)} is not a card of the Pattuglia deck (PAT-1)")
    return value


def in_arsenal(card_id: str) -> str | None:
    """Why ``card_id`` cannot lie in an Arsenal, or None (PAT-3)."""
    return None if info(card_id).arsenal else "only Arsenal cards are set aside there (PAT-3)"


def kept(card_id: str) -> str | None:
    """Why ``card_id`` cannot be kept in a hand or a New patrol, or None: an Arsenal card is set aside (PAT-3)."""
    return (
        f"{card_id} is an Arsenal card: it is set aside, never kept in hand (PAT-3)" if info(card_id).arsenal else None
    )
