"""What Pattuglia adds to the suite every game passes (tests/test_every_game.py), over the same seeded deals for 2,
3 and 4 players (tests/random_games.py): every deal ends, closed (PAT-8) or out of cards (PAT-12), and every match
at 100 (PAT-13); the 100 cards are conserved and no Arsenal card is ever in a hand, not even in a search bot's world;
the openings reach every kind of move; views hide hands, New patrols, Arsenals and the deck; the right to the discard
pile comes with a player's first patrol (PAT-5).
"""

from __future__ import annotations

import itertools
import json
from collections import Counter

from protocol_checks import strings
from random_games import events, finished, plan, sampled

from cardlib import Move
from cardlib.games.pattuglia.cards import CARDS, DECK


def matches():
    """Every match played to its end, each a tuple of states."""
    return (finished("pattuglia", seed) for seed in range(plan("pattuglia").finished))


def cards_in(data: dict) -> Counter:
    seen = Counter(data["deck"] + data["discard"])
    for side in data["sides"].values():
        seen.update(side["hand"] + side["forming"] + side["arsenal"])
        for patrol in side["patrols"]:
            seen.update(patrol["cards"])
    return seen


def test_every_deal_ends_closed_or_out_of_cards_and_every_match_at_100():
    endings = Counter()
    for match in matches():
        for before, state in itertools.pairwise(match):
            if state.deal != before.deal or state.is_over:
                assert cards_in(before.to_json()) == Counter(DECK)
                endings[next(event.rule for event in state.events if event.rule in ("PAT-8", "PAT-12"))] += 1
        last = match[-1]
        assert max(last.result.scores.values()) >= 100 and last.result.winners
    assert endings["PAT-8"] > endings["PAT-12"]  # most deals are closed; a few run the deck out


def test_cards_are_conserved_and_no_hand_holds_an_arsenal_card():
    deck = Counter(DECK)
    for where, _seed, state in sampled("pattuglia"):
        seen = Counter(state.deck + state.discard)
        for side in state.sides.values():
            seen.update(side.hand + side.forming + side.arsenal + [c for patrol in side.patrols for c in patrol.cards])
            assert not [card for card in side.hand if CARDS[card].arsenal], where
        assert seen == deck, where


def test_the_openings_reach_every_kind_of_move():
    kinds = Counter(event.kind for event in events("pattuglia"))
    for kind in ("deal", "draw", "arsenal", "gather", "form", "lay", "discard", "attack", "losses", "complete"):
        assert kinds[kind], kind


def test_views_hide_hands_new_patrols_arsenals_and_the_deck():
    for where, _seed, state in sampled("pattuglia", stride=12):
        data = state.to_json()
        public = set(data["discard"]) | {
            c for side in data["sides"].values() for p in side["patrols"] for c in p["cards"]
        }
        public |= {card for event in state.events if event.only is None for card in strings(dict(event.data))}
        public |= {card for side in data["sides"].values() for card in side["shown"]}  # seen taken from the discards
        if data["attack"]:
            public.add(data["attack"]["card"])
        for player in (*state.players, None):
            view = state.view(player)
            json.dumps(view)  # JSON-ready
            own = data["sides"][player] if player else {"hand": [], "forming": [], "arsenal": []}
            mine = set(own["hand"] + own["forming"] + own["arsenal"])
            hidden = set(data["deck"])
            for who, side in data["sides"].items():
                if who != player:
                    hidden |= set(side["hand"] + side["forming"] + side["arsenal"])
            assert not (hidden - public - mine) & strings(view), f"{where}: {player} sees hidden cards"
            for who, side in view["sides"].items():
                assert (side["hand"] is not None) == (side["arsenal"] is not None) == (who == player), where
                assert side["arsenal_size"] == len(data["sides"][who]["arsenal"]), where
                assert side["hand_size"] == len(data["sides"][who]["hand"]), where
            assert all(event.get("only") in (None, player) for event in view["events"]), where


def test_pat_3_no_world_of_a_search_bot_puts_an_arsenal_card_in_a_hand():
    for where, seed, state in sampled("pattuglia", stride=20):
        for player in state.players:
            world = state.determinize(player, seed).to_json()
            assert not [c for side in world["sides"].values() for c in side["hand"] if CARDS[c].arsenal], where


def test_pat_5_the_right_to_the_discard_pile_comes_with_the_first_patrol_and_lasts_the_deal():
    outlasted = 0  # draws from the discard pile open to a player whose patrols are all destroyed
    for seed, match in enumerate(matches()):
        for index, (before, state) in enumerate(itertools.pairwise(match)):
            where = f"seed {seed} state {index + 1}"
            for player, side in state.sides.items():
                assert side.laid_patrol or not side.patrols, where
                if state.deal == before.deal:  # once laid, for the rest of the deal
                    assert side.laid_patrol >= before.sides[player].laid_patrol, where
                else:
                    assert not side.laid_patrol, where
                seats = (*state.players, None)  # public: every seat sees it
                assert all(state.view(seat)["sides"][player]["laid_patrol"] == side.laid_patrol for seat in seats), (
                    where
                )
            if state.phase in ("draw", "refill") and state.discard:
                side = state.sides[state.turn]
                assert state.is_legal(Move("draw", zone="discard")) == side.laid_patrol, where
                outlasted += side.laid_patrol and not side.patrols
    assert outlasted


def test_pat_5_a_world_leaves_every_card_seen_taken_from_the_discard_pile_with_its_taker():
    kept = 0
    for where, seed, state in sampled("pattuglia", stride=3):
        for player in state.players:
            world = state.determinize(player, seed)
            for who, side in state.sides.items():
                if who != player:
                    held = world.sides[who]
                    assert all(held.hides(card) for card in side.shown), f"{where}: {who} {side.shown}"
                    kept += len(side.shown)
    assert kept
