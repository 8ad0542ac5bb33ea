"""A patrol on the table (PAT-6, PAT-7, PAT-11): one colour, cards in the order they were laid, the Captain shown on
top. What a patrol may take next is decided here, so that laying, extending and loading all agree."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from cardlib.core import BadState
from cardlib.core.fields import Record, card_list, shared
from cardlib.core.i18n import Message
from cardlib.core.i18n import lazy_gettext as _
from cardlib.core.serial import choice, listed, number

from .cards import COLOURS, deck_card, info, patrol_colour


def laid_cards(value: Any, where: str, patrol: Patrol) -> list[str]:
    """A patrol's cards, read from a position: a patrol of its colour as it may lie (PAT-6), with a fighter (PAT-11)."""
    cards = listed(deck_card)(value, where, patrol)
    if not any(info(each).code in ("C", "S", "K") for each in cards):
        raise BadState(f"{where}: a patrol with no Captain, Soldier or Cannon is destroyed (PAT-11)")
    problem = patrol_problem(cards)
    if problem:
        raise BadState(f"{where}: {problem} (PAT-6)")
    if any(info(each).colour not in (None, patrol.colour) for each in cards):  # the colour, read before, is wrong
        raise BadState(f"{where.removesuffix('.cards')}.colour: the patrol's cards are not {patrol.colour} (PAT-6)")
    return cards


class Patrol(Record):
    __slots__ = ("cards", "colour", "id")
    FIELDS = (
        shared("id", number(1)),
        shared("colour", choice(tuple(COLOURS.values()))),
        card_list("cards", laid_cards),
    )

    def __init__(self, number: int, colour: str, cards: list[str]) -> None:
        self.id, self.colour, self.cards = number, colour, cards

    @property
    def zone(self) -> str:
        return f"patrol:{self.id}"

    def count(self) -> Counter[str]:
        return Counter(info(card).code for card in self.cards)

    @property
    def fighters(self) -> int:
        """Captain, Soldiers and Cannons: what counts towards its size (Nurse and Mechanic do not, PAT-6)."""
        counts = self.count()
        return counts["C"] + counts["S"] + counts["K"]

    def complete(self, size: int) -> bool:
        """PAT-7: a Captain and at least ``size - 1`` Soldiers and/or Cannons."""
        return self.count()["C"] == 1 and self.fighters >= size

    def points(self) -> int:
        return sum(info(card).points for card in self.cards)

    def shown(self) -> list[str]:
        """Top to bottom as the table shows it: the Captain first, then the others in the order laid (PAT-6)."""
        return sorted(self.cards, key=lambda card: info(card).code != "C")

    def last(self, code: str) -> str | None:
        """PAT-9: the most recently added card of a kind, the one an attack kills."""
        return next((card for card in reversed(self.cards) if info(card).code == code), None)


def takes(patrol: Patrol, card: str) -> tuple[str, Message] | None:
    """Why ``patrol`` cannot take ``card`` now, as (ruling, sentence); None if it can (PAT-6, PAT-11)."""
    card_info, counts = info(card), patrol.count()
    code = card_info.code
    if card_info.colour is not None and card_info.colour != patrol.colour:
        colour = patrol_colour(patrol.colour)
        return "PAT-6", _("This patrol is {colour}: a patrol holds cards of one colour only.", colour=colour)
    if counts["S"] == 0 and counts["C"] == 0 and code not in ("S", "C"):
        return "PAT-11", _("This patrol has only Cannons left: it takes a Soldier or a Captain first.")
    if code == "C" and counts["C"]:
        return "PAT-6", _("A patrol has at most one Captain.")
    if code in ("N", "M") and counts[code]:
        kind = _("Nurse") if code == "N" else _("Mechanic")
        return "PAT-6", _("A patrol has at most one {kind}.", kind=kind)
    if code == "K" and counts["K"] + 1 > counts["S"]:
        if counts["K"] > counts["S"]:
            return "PAT-11", _("This patrol lost Soldiers: no more Cannons until it has as many Soldiers as Cannons.")
        return "PAT-6", _("A patrol has at most one Cannon per Soldier: add a Soldier first.")
    return None


def new_patrol_problem(cards: Sequence[str]) -> Message | None:
    """Why ``cards`` cannot be laid as a new patrol (PAT-6), or None."""
    counts = Counter(info(card).code for card in cards)
    colours = {info(card).colour for card in cards} - {None}
    if len(colours) > 1:
        return _("A patrol holds cards of one colour only.")
    if counts["C"] > 1:
        return _("A patrol has at most one Captain.")
    if counts["N"] > 1 or counts["M"] > 1:
        return _("A patrol has at most one Nurse and one Mechanic.")
    if counts["S"] < 3 and not (counts["C"] == 1 and counts["S"] >= 2):
        return _("A new patrol needs 3 Soldiers, or a Captain and 2 Soldiers, of one colour.")
    if counts["K"] > counts["S"]:
        return _("A patrol has at most one Cannon per Soldier.")
    return None


def patrol_problem(cards: Sequence[str]) -> Message | None:
    """Why ``cards`` cannot be a patrol on the table at all (for loading positions): one colour, at most one Captain,
    Nurse and Mechanic, and something that fights (a patrol with none left is destroyed, PAT-11)."""
    counts = Counter(info(card).code for card in cards)
    if any(info(card).arsenal for card in cards):
        return _("an Arsenal card is never part of a patrol")
    if len({info(card).colour for card in cards} - {None}) != 1:
        return _("a patrol holds battalion cards of exactly one colour")
    if counts["C"] > 1 or counts["N"] > 1 or counts["M"] > 1:
        return _("a patrol has at most one Captain, one Nurse and one Mechanic")
    return None


def can_complete(forming: Sequence[str], hand: Sequence[str]) -> bool:
    """Whether the cards gathered for a new patrol, with cards still in ``hand``, can make one (PAT-6) while one card
    stays in hand for the discard (PAT-5)."""
    colours = {info(card).colour for card in forming} - {None}
    spare = len(hand) - 1
    for colour in colours or {info(card).colour for card in hand} - {None}:
        have = Counter(info(card).code for card in forming if info(card).colour == colour)
        more = Counter(info(card).code for card in hand if info(card).colour == colour)
        for captain, soldiers in ((0, 3), (1, 2)):
            add_captain = max(0, captain - have["C"])
            add_soldiers = max(0, soldiers - have["S"], have["K"] - have["S"])
            if add_captain <= more["C"] and add_soldiers <= more["S"] and add_captain + add_soldiers <= spare:
                return True
    return False
