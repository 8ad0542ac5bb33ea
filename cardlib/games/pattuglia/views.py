"""What a seat sees of a Pattuglia position: the game's part of ``State.view`` (PAT-3: its own hand, New patrol
and Arsenal; of the others only how many)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .attacks import attack_copy
from .deals import scores_copy
from .patrols import Patrol

if TYPE_CHECKING:
    from .engine import PattugliaState


def patrol_view(patrol: Patrol, size: int) -> dict[str, Any]:
    """A patrol as the board shows it: its cards top to bottom, and whether it is complete, for how many points."""
    shown = {"shown": patrol.shown(), "zone": patrol.zone, "complete": patrol.complete(size), "points": patrol.points()}
    return patrol.to_json() | shown


def view(state: PattugliaState, player: str | None) -> dict[str, Any]:
    """What ``player`` may see: its own hand, New patrol and Arsenal; of the others only how many (PAT-3)."""
    size = state.complete_size
    return {
        "players": list(state.order),
        "phase": state.phase,
        "to_move": state.to_move,
        "turn": state.turn,
        "to_draw": state.to_draw,
        "deal": state.deal,
        "dealer": state.dealer,
        "target": state.target,
        "super_capitano": state.super_capitano,
        "complete_size": size,
        "sides": {
            who: {
                "hand": side.hand[:] if who == player else None,
                "hand_size": len(side.hand),
                "forming": side.forming[:] if who == player else None,
                "forming_size": len(side.forming),
                "arsenal": side.arsenal[:] if who == player else None,
                "arsenal_size": len(side.arsenal),
                "patrols": [patrol_view(patrol, size) for patrol in side.patrols],
                "laid_patrol": side.laid_patrol,
                "closer": side.closer,
                "score": side.score,
                "shown": side.shown[:],
            }
            for who, side in state.sides.items()
        },
        "discard": state.discard[:],
        "deck_size": len(state.deck),
        "reshuffles": state.reshuffles,
        "idle": state.idle,
        "attack": attack_copy(state.attack),
        "last_deal": scores_copy(state.last_deal),
    }
