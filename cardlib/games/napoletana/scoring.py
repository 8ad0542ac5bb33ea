"""Current values on the field: armies (NAP-8), hordes (NAP-10), the emperor's order (NAP-11), figures (NAP-7).

Order of effects: base value, then x n for an army, then +1 per horde K in the row, then x2 under an order.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from cardlib.core import Card

from .rules import ARMY_RANKS


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


def row_values(row: Sequence[Placed]) -> list[int]:
    """The current value of each card in one row of one side."""
    hordes = sum(placed.role == "horde" for placed in row)
    ordered = any(placed.role == "order" for placed in row)
    army = Counter(placed.card.rank for placed in row if forms_army(placed))
    values = []
    for placed in row:
        card = placed.card
        if card.is_figure:  # NAP-7: immune, but a horde K counts every horde K, itself included (NAP-10)
            value = 0 if placed.role == "order" else 10 + (hordes if placed.role == "horde" else 0)
        else:
            value = card.number * (army[card.rank] if forms_army(placed) else 1) + hordes
            value *= 2 if ordered else 1
        values.append(value)
    return values


def army_size(row: Sequence[Placed], placed: Placed) -> int:
    return sum(other.card.rank == placed.card.rank for other in row) if forms_army(placed) else 1
