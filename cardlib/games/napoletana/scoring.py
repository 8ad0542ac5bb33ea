"""Current values on the field: armies (NAP-8), hordes (NAP-10), the emperor's order (NAP-11), figures (NAP-7).

Order of effects: base value, then x n for an army, then +1 per horde K in the row, then x2 under an order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardlib.core import Card

from .rules import ARMY_RANKS

FIGURES = Card.FIGURES


@dataclass(frozen=True, slots=True)
class Placed:
    """A card on the field, with the role it took when placed (NAP-12) and who placed it.

    ``owner`` differs from the side the card lies on only for a spy (NAP-9): it counts for that side but
    goes back to its owner's discard pile.
    """

    card: Card
    role: str | None  # horde | order | burn | agility | spy | None
    owner: str

    def to_json(self) -> list:
        return [str(self.card), self.role, self.owner]


def forms_army(placed: Placed) -> bool:
    return placed.card.rank in ARMY_RANKS and placed.role != "spy"


# Pip values by rank, looked up rather than worked out: a search scores rows hundreds of thousands of times.
NUMBERS = {"A": 1, **{str(n): n for n in range(2, 11)}}


def row_values(row: Sequence[Placed]) -> list[int]:
    """The current value of each card in one row of one side."""
    hordes, ordered = 0, False
    army: dict[str, int] = {}
    for placed in row:
        role = placed.role
        if role == "horde":
            hordes += 1
        elif role == "order":
            ordered = True
        elif role != "spy" and placed.card.rank in ARMY_RANKS:  # forms_army, inlined
            army[placed.card.rank] = army.get(placed.card.rank, 0) + 1
    values = []
    for placed in row:
        rank, role = placed.card.rank, placed.role
        if rank in FIGURES:  # NAP-7: immune, but a horde K counts every horde K, itself included (NAP-10)
            value = 0 if role == "order" else 10 + (hordes if role == "horde" else 0)
        else:
            value = NUMBERS[rank] * (army[rank] if role != "spy" and rank in ARMY_RANKS else 1) + hordes
            if ordered:
                value *= 2
        values.append(value)
    return values


def army_size(row: Sequence[Placed], placed: Placed) -> int:
    return sum(other.card.rank == placed.card.rank for other in row) if forms_army(placed) else 1
