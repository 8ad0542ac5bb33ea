"""Current values on the field: armies (NAP-8), hordes (NAP-10), the emperor's order (NAP-11), figures (NAP-7).

Order of effects: base value, then x n for an army, then +1 per horde K in the row, then x2 under an order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardlib.core import BadState, Card
from cardlib.core.serial import MISSING, card, of_kind, one_of

from .rules import AGILITY_ROW, ARMY_RANKS, HOME_ROW, PLAYERS, ROWS, role_of

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


ROLES = {"K": ("horde", "order"), "J": ("burn", "agility"), "A": ("spy",)}  # the roles a rank can take (NAP-12)


def rows_json(rows: dict[str, list[Placed]]) -> dict[str, list[Any]]:
    """The rows as JSON: each placed card with its role."""
    return {row: [placed.to_json() for placed in cards] for row, cards in rows.items()}


def read_rows(value: Any, where: str, _side: Any) -> dict[str, list[Placed]]:
    """A side's rows, read back from ``rows_json``: each card where its rank and role may stand. Which side a card
    lies on is checked once both sides are read (a spy lies on the other side, NAP-9)."""
    rows = of_kind(value, dict, where)
    return {
        row: [
            _placed(item, row, f"{where}.{row}[{index}]")
            for index, item in enumerate(of_kind(rows.get(row, MISSING), list, f"{where}.{row}"))
        ]
        for row in ROWS
    }


def _placed(item: Any, row: str, where: str) -> Placed:
    if not isinstance(item, list) or len(item) != 3:
        raise BadState(f"{where} must be [card, role, owner]")
    placed = Placed(card(item[0], where), item[1], one_of(item[2], PLAYERS, f"{where} owner"))
    one_of(placed.role, ROLES.get(placed.card.rank, (None,)), f"{where} role of {placed.card}")
    if placed.role == "spy" and row != "front":
        raise BadState(f"{where}: a spy lies on the front row of its owner's opponent (NAP-9)")
    if placed.role == "horde" and row != "front":
        raise BadState(f"{where}: a horde King stands only in the front row (NAP-5)")
    if placed.card.rank == "J" and placed.role != role_of(placed.card, row, None):
        raise BadState(f"{where}: a Jack in the {row} row is a {role_of(placed.card, row, None)} (NAP-12)")
    if placed.card.is_joker:
        raise BadState(f"{where}: the Jolly never enters the field (NAP-6)")
    if placed.card.rank in HOME_ROW and row not in (HOME_ROW[placed.card.rank], AGILITY_ROW.get(placed.card.rank)):
        raise BadState(f"{where}: a {placed.card.rank} never stands in the {row} row (NAP-5)")
    return placed


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
