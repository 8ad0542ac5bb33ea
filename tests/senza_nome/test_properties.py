"""What Senza Nome adds to the suite every game passes (tests/test_every_game.py), over the same seeded races for 2
to 6 players (tests/random_games.py): every race ends, won (SNO-9) or stuck (SNO-8), and conserves its cards; the
openings reach every kind of move; the fast legal-move generator gives exactly the moves check allows; views hide
other hands, face-down stock cards and the draw pile.
"""

from __future__ import annotations

import json
from collections import Counter

from protocol_checks import strings
from random_games import events, finished, plan, sampled

from cardlib.games.senza_nome.engine import full_deck


def races():
    """Every race played to its end, each a tuple of states."""
    return (finished("senza_nome", seed) for seed in range(plan("senza_nome").finished))


def cards_in(data: dict) -> Counter:
    seen = Counter(data["draw"] + data["discard"])
    for seat in data["sides"].values():
        seen.update(seat["hand"] + seat["stock"])
    for cards in [*(run["cards"] for run in data["runs"]), *data["set_aside"]]:
        seen.update(cards)
    return seen


def test_every_race_ends_with_a_result_and_conserves_its_cards():
    endings = Counter()
    for race in races():
        last = race[-1]
        assert last.to_move is None and last.legal_moves() == []
        data = last.to_json()
        assert cards_in(data) == Counter(str(card) for card in full_deck(data["decks"]))
        result = last.result
        assert result.reason and result.winners and set(result.winners) <= set(last.players)
        if last.events[-1].kind == "win":
            winner = data["sides"][result.winners[0]]
            assert winner["stock"] == [] and (winner["hand"] == [] or data["strict_finish"])
        endings[last.events[-1].rule] += 1
    assert endings["SNO-9"] > endings["SNO-8"]  # most races are won, a few get stuck


def test_cards_are_conserved_everywhere():
    for where, _seed, state in sampled("senza_nome", stride=5):
        data = state.to_json()
        assert cards_in(data) == Counter(str(card) for card in full_deck(data["decks"])), where
        assert all(len(seat["stock"]) <= 10 for seat in data["sides"].values()), where


def test_the_openings_reach_every_kind_of_move():
    kinds = Counter(event.kind for event in events("senza_nome"))
    for kind in ("deal", "draw", "lay", "attach", "stock", "discard", "swap"):
        assert kinds[kind], kind


def test_legal_moves_are_exactly_the_candidates_check_allows():
    # legal_moves is generated without check, for speed: this holds it to check, the one source of the rules
    states = [state for _where, _seed, state in sampled("senza_nome", stride=3)]
    states += [state for race in races() for state in race[::4]]
    for state in states:
        assert state.legal_moves() == [move for move in state.candidate_moves() if state.check(move)], repr(state)
    assert len(states) > 5_000


def test_views_hide_other_hands_face_down_stock_cards_and_the_draw_pile():
    for where, _seed, state in sampled("senza_nome", stride=8):
        data = state.to_json()
        public = set(data["discard"]) | {card for run in data["runs"] for card in run["cards"]}
        public |= {card for cards in data["set_aside"] for card in cards}
        public |= {seat["stock"][0] for seat in data["sides"].values() if seat["stock"]}
        public |= {event.data.get("card") for event in state.events if event.only is None}  # taken from the discards
        for player in (*state.players, None):
            view = state.view(player)
            json.dumps(view)  # JSON-ready
            mine = set(data["sides"][player]["hand"]) if player else set()
            hidden = set(data["draw"]) | {card for seat in data["sides"].values() for card in seat["stock"][1:]}
            hidden |= {card for who, seat in data["sides"].items() if who != player for card in seat["hand"]}
            assert not (hidden - public - mine) & strings(view), f"{where}: {player} sees hidden cards"
            for who, seat in view["sides"].items():
                assert (seat["hand"] is not None) == (who == player), where
                assert seat["hand_size"] == len(data["sides"][who]["hand"]), where
                assert seat["stock_size"] == len(data["sides"][who]["stock"]), where
            assert all(event.get("only") in (None, player) for event in view["events"]), where
