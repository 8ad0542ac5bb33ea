"""Loading a Senza Nome position from JSON: every field checked, and every card of the decks accounted for
exactly once, across stocks, hands, runs, the discard pile, the draw pile and the runs set aside."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from cardlib.core import BadState
from cardlib.core.serial import accounted, events, header, load_fields, need, one_of, playable, result

from .engine import SenzaNomeState, full_deck
from .rules import STOCK_SIZE, seats

if TYPE_CHECKING:
    from .game import SenzaNome


def load_state(game: SenzaNome, data: Mapping[str, Any]) -> SenzaNomeState:
    header(data, game.id, SenzaNomeState.FORMAT)
    players = one_of(need(data, "players", int), game.player_counts, "players")
    decks = one_of(need(data, "decks", int), (2, 3), "decks")
    state = SenzaNomeState(game, need(data, "seed", int), players, decks, need(data, "strict_finish", bool))
    load_fields(state, data)
    if (state.to_draw > 0) != (state.phase == "draw"):
        raise BadState("to_draw: cards are still to be drawn exactly in the draw phase (SNO-4)")
    for index, run in enumerate(state.runs):
        if run.id >= state.next_run:
            raise BadState(f"runs[{index}].id must be between 1 and next_run - 1 ({state.next_run - 1}), not {run.id}")
    if len({run.id for run in state.runs}) != len(state.runs):
        raise BadState("runs: two runs have the same id")
    _account_for_every_card(state)
    state._events = events(data, state.order)
    state._result = result(data, final(state) if state.phase == "over" else None, "SNO-9")
    if (
        state._result is None
        and not state.strict_finish
        and any(not s.stock and not s.hand for s in state.sides.values())
    ):
        raise BadState("a player with no stock and no hand has already won: the phase must be 'over' (SNO-9)")
    if state.phase == "draw" and not (state.draw or state.discard or state.set_aside):
        raise BadState(
            "the draw phase needs a card to draw: the draw pile, the discard pile and the set-aside runs are empty"
        )
    return playable(state)


def final(state: SenzaNomeState) -> tuple[dict[str, int], tuple[str, ...]]:
    """SNO-8, SNO-9: the stock cards each player has buried; the winner is the one who has buried the whole
    stock and emptied the hand, or, in a race that is stuck, whoever has the fewest stock cards left."""
    left = {player: len(side.stock) for player, side in state.sides.items()}
    done = [player for player in state.order if not left[player] and not state.sides[player].hand]
    winners = tuple(done) if len(done) == 1 else tuple(p for p in state.order if left[p] == min(left.values()))
    return {player: STOCK_SIZE - n for player, n in left.items()}, winners


def _account_for_every_card(state: SenzaNomeState) -> None:
    """SNO-1: the decks' cards are each in exactly one place."""
    seen = Counter(state.draw + state.discard)
    for side in state.sides.values():
        seen.update(side.hand + side.stock)
    for run in [*(run.cards for run in state.runs), *state.set_aside]:
        seen.update(run)
    accounted(seen, Counter(full_deck(state.decks)), "the cards")


def position(
    *,
    hands: Sequence[str] = ("", ""),
    stocks: Sequence[str] | None = None,
    runs: Sequence[str] = (),
    set_aside: Sequence[str] = (),
    discard: str = "",
    draw: str = "",
    rest: str = "draw",
    turn: str = "p1",
    phase: str = "play",
    to_draw: int = 0,
    reshuffles: int = 0,
    stale: int = 0,
    decks: int = 2,
    strict_finish: bool = False,
    seed: int = 0,
) -> SenzaNomeState:
    """A prepared position for lessons and tests, written the way a teacher would describe it.

    ``hands`` and ``stocks`` give one text per seat (p1, p2, ...), stocks top card first; ``runs`` one text
    per run (numbered run:1, run:2, ... in that order); ``set_aside`` one text per completed run set aside;
    ``discard`` bottom to top; ``draw`` the top of the draw pile, top first. Cards are space-separated (``7H``,
    ``KS.1``, ``XR``). Every card not named goes, in deck order, under the named draw cards, or with ``rest=
    "discard"`` under the named discards (an empty draw pile, SNO-8), so the position is complete and loads like
    any other. ``reshuffles`` and ``stale`` say how often the draw pile was shuffled, and how many of those
    shuffles came since a stock card was last buried (SNO-8's house ruling).
    """
    stocks = stocks if stocks is not None else ("",) * len(hands)
    named = [*hands, *stocks, *runs, *set_aside, discard, draw]
    used = Counter(word for text in named for word in text.split())
    unnamed = list((Counter(str(card) for card in full_deck(decks)) - used).elements())  # in deck order
    piles = {"draw": (draw.split() + unnamed, discard.split()), "discard": (draw.split(), unnamed + discard.split())}
    if rest not in piles:
        raise BadState(f"rest: the cards not named go under the 'draw' or the 'discard' pile, not {rest!r}")
    data = {
        "game": "senza_nome",
        "format": 1,
        "seed": seed,
        "players": len(hands),
        "decks": decks,
        "strict_finish": strict_finish,
        "turn": turn,
        "phase": phase,
        "to_draw": to_draw,
        "next_run": len(runs) + len(set_aside) + 1,
        "reshuffles": reshuffles,
        "idle": 0,
        "stale": stale,
        "sides": {
            player: {"hand": hand.split(), "stock": stock.split()}
            for player, hand, stock in zip(seats(len(hands)), hands, stocks, strict=True)
        },
        "runs": [{"id": number, "cards": text.split()} for number, text in enumerate(runs, start=1)],
        "set_aside": [text.split() for text in set_aside],
        "discard": piles[rest][1],
        "draw": piles[rest][0],
        "events": [],
        "result": None,
    }
    from . import GAME  # the package's one Game, asked for here: the game module imports this one to load saves

    return load_state(GAME, data)
