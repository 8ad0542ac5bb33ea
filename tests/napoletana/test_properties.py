"""What La partita Napoletana adds to the suite every game passes (tests/test_every_game.py), over the same 200
seeded wars (tests/random_games.py): every war ends after two or three battles with the coins shared out (NAP-18), the
wars reach every kind of event, views hide the opponent's hand and both decks, and every card on the field is worth
what NAP-6..11 say.
"""

from __future__ import annotations

import json
import re

from random_games import events, finished, plan, sampled

from cardlib import Move

PLAYERS = ("red", "black")
# A card named in a view, as notation (7H) or as the learner reads it (7♥); the suit symbol maps back to its letter.
CARD_WORD = re.compile(r"(?:10|[2-9AJQK])[HDSC♥♦♠♣]")
LETTER = {"♥": "H", "♦": "D", "♠": "S", "♣": "C"}


def other(player: str) -> str:
    return "black" if player == "red" else "red"


def wars():
    """Every sampled war, each played to its end (the opening is the whole war)."""
    return (finished("napoletana", seed) for seed in range(plan("napoletana").seeds))


def test_every_war_ends_with_a_result():
    endings = set()
    for war in wars():
        last = war[-1]
        result = last.result
        assert last.is_over and last.to_move is None and last.legal_moves() == []
        coins = {player: last.view(None)["sides"][player]["coins"] for player in PLAYERS}
        assert dict(result.scores) == coins and sum(coins.values()) == 4
        assert set(result.winners) <= set(PLAYERS) and len(result.winners) <= 1
        assert result.reason
        battles = last.view(None)["battles"]
        assert 2 <= len(battles) <= 3
        if result.winners:
            winner = result.winners[0]
            assert coins[winner] > coins[other(winner)]
            assert len(battles) == 3 or coins[other(winner)] == 0
            endings.add("no coins" if coins[other(winner)] == 0 else "more coins")
        else:
            assert coins["red"] == coins["black"] and len(battles) == 3
            endings.add("draw")
        assert last.events[-1].rule == "NAP-18"
        assert not last.check(Move("pass")).ok and last.check(Move("pass")).rule == "NAP-18"
    assert endings == {"no coins", "more coins", "draw"}  # the random wars reach every ending


def test_the_random_wars_reach_every_kind_of_event():
    kinds = {(event.kind, event.rule) for event in events("napoletana")}
    for expected in [
        ("mulligan", "NAP-2"),
        ("keep", "NAP-2"),
        ("pass", "NAP-4"),
        ("army", "NAP-8"),
        ("place", "NAP-9"),
        ("draw", "NAP-9"),
        ("place", "NAP-10"),
        ("place", "NAP-11"),
        ("heal", "NAP-13"),
        ("burn", "NAP-14"),
        ("place", "NAP-15"),
        ("jolly", "NAP-16"),
        ("battle", "NAP-17"),
        ("war", "NAP-18"),
    ]:
        assert expected in kinds, expected


def test_views_hide_the_opponents_hand_and_the_decks():
    for where, _seed, state in sampled("napoletana", stride=2):
        data = state.to_json()
        sides = data["sides"]
        public = {card for side in sides.values() for card in side["discard"]}
        public |= {placed[0] for side in sides.values() for cards in side["rows"].values() for placed in cards}
        for player in (*PLAYERS, None):
            view = state.view(player)
            text = json.dumps(view, ensure_ascii=False)  # JSON-ready
            assert '"deck":' not in text, where
            for side in PLAYERS:
                assert len(sides[side]["deck"]) < 2 or json.dumps(sides[side]["deck"]) not in text, where
                if side == player:
                    assert view["sides"][side]["hand"] == sides[side]["hand"], where
                else:
                    assert view["sides"][side]["hand"] is None, where
                assert view["sides"][side]["hand_size"] == len(sides[side]["hand"]), where
                assert view["sides"][side]["deck_size"] == len(sides[side]["deck"]), where
            shown = {word[:-1] + LETTER.get(word[-1], word[-1]) for word in CARD_WORD.findall(text)}
            for opponent in PLAYERS:
                if opponent != player:
                    hidden = set(sides[opponent]["hand"]) | set(sides[opponent]["deck"])
                    assert not (hidden - public) & shown, f"{where}: {player} sees {(hidden - public) & shown}"
            assert all(event.get("only") in (None, player) for event in view["events"]), where


def reference_value(card: dict, row: list[dict]) -> int:
    """A card's value read straight from NAP-6..11, independently of cardlib.games.napoletana.scoring."""
    rank, role = card["card"][:-1], card["role"]
    hordes = sum(other["role"] == "horde" for other in row)
    if rank in ("J", "Q", "K"):  # NAP-7: figures are immune; a horde K counts every horde K (NAP-10)
        return 0 if role == "order" else 10 + (hordes if role == "horde" else 0)
    value = 1 if rank == "A" else int(rank)  # NAP-6
    if rank in ("2", "3", "4", "5", "6", "7") and role != "spy":  # NAP-8, NAP-9
        value *= sum(other["card"][:-1] == rank and other["role"] != "spy" for other in row)
    value += hordes  # NAP-10
    return value * (2 if any(other["role"] == "order" for other in row) else 1)  # NAP-11


def test_field_values_follow_the_rulings_and_coins_add_up():
    for where, _seed, state in sampled("napoletana", stride=3):
        view = state.view(None)
        assert sum(side["coins"] for side in view["sides"].values()) == 4, where
        for player in PLAYERS:
            side = view["sides"][player]
            for row, cards in side["rows"].items():
                assert [card["value"] for card in cards] == [reference_value(card, cards) for card in cards], where
                assert sum(card["value"] for card in cards) == side["row_totals"][row] == state.row_total(player, row)
            assert side["total"] == sum(side["row_totals"].values()) == state.total(player), where
