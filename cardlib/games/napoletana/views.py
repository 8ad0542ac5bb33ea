"""What a seat sees of a Napoletana position, and each move in words: the game's part of ``State.view`` and of
``State.label``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardlib.core import BadState, Move
from cardlib.core.i18n import N_, Message
from cardlib.core.i18n import lazy_gettext as _
from cardlib.core.serial import need, one_of, whole

from .legality import card_of
from .rules import PLAYERS, ROW_NAMES, ROWS, role_of
from .scoring import army_size, row_values

if TYPE_CHECKING:
    from .engine import NapoletanaState

LABELS = {
    None: N_("Place {card} in your {row} row"),
    "spy": N_("Place {card} as a spy on your opponent's front row"),
    "horde": N_("Place {card} in your front row as a horde (+1 to the row)"),
    "order": N_("Place {card} in your {row} row as an emperor's order (x2 to the row)"),
    "burn": N_("Place {card} in your siege row to burn the highest cards"),
    "agility": N_("Place {card} in your {row} row for agility"),
    "heal": N_("Heal {card} into your {row} row"),
}


def battle_json(battle: dict[str, Any]) -> dict[str, Any]:
    """A copy of a finished battle's record, so no view or JSON shares it with the state."""
    return {"totals": dict(battle["totals"]), "winner": battle["winner"]}


def read_battle(item: Any, where: str, _state: Any) -> dict[str, Any]:
    """A finished battle's record, read back from ``battle_json``, sharing nothing with the caller's data."""
    totals = need(item, "totals", dict, where)
    if set(totals) != set(PLAYERS):
        raise BadState(f"{where}.totals must give red and black a whole number each")
    winner = one_of(need(item, "winner", (str, type(None)), where), (None, *PLAYERS), f"{where}.winner")
    return {
        "totals": {player: whole(totals, player, f"{where}.totals", 0, 10_000) for player in PLAYERS},
        "winner": winner,
    }


def view(state: NapoletanaState, player: str | None) -> dict[str, Any]:
    sides = {}
    for who, side in state.sides.items():
        rows = {
            row: [
                {
                    "card": str(placed.card),
                    "role": placed.role,
                    "owner": placed.owner,
                    "value": value,
                    "army": army_size(cards, placed),
                }
                for placed, value in zip(cards, row_values(cards), strict=True)
            ]
            for row, cards in side.rows.items()
        }
        sides[who] = {
            "hand": [str(card) for card in side.hand] if who == player else None,
            "hand_size": len(side.hand),
            "deck_size": len(side.deck),
            "discard": [str(card) for card in side.discard],
            "coins": side.coins,
            "jolly": side.jolly,
            "passed": side.passed,
            "agility": side.agility,
            "mulligans": side.mulligans,
            "kept": side.kept,
            "rows": rows,
            "row_totals": {row: state.row_total(who, row) for row in ROWS},
            "total": state.total(who),
        }
    return {
        "phase": state.phase,
        "to_move": state.turn,
        "battle": state.battle,
        "starter": state.starter,
        "sides": sides,
        "battles": [battle_json(b) for b in state.battles],
    }


def label(state: NapoletanaState, move: Move) -> Message:
    if move.action == "pass":
        return _("Pass (you are out of this battle)")
    if move.action == "jolly":
        return _("Discard your Jolly for its effect")
    if move.action == "keep":
        return _("Keep this hand")
    if move.action == "skip":
        return _("Do not heal")
    card = card_of(move.card)
    if move.action == "mulligan":
        return _("Put {card} under your deck and draw", card=card.short)
    role = role_of(card, move.zone, move.option)
    template = LABELS["heal" if move.action == "heal" and role != "spy" else role]
    return _(template, card=card.short, row=_(ROW_NAMES.get(move.zone or "", move.zone or "")))
