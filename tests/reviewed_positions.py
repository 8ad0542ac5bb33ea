"""Prepared positions near a game's end with one clearly worse move, in every game: what the review's tests (the
engine's, tests/core/test_review.py, and the app's, tests/widgets/test_review.py) play."""

from __future__ import annotations

from cardlib.core import State
from cardlib.games import describe
from cardlib.games.nespanini.positions import position as nespanini_position
from cardlib.games.njet.positions import position as njet_position
from cardlib.games.pattuglia.positions import position as pattuglia_position
from cardlib.games.senza_nome.positions import position as senza_nome_position


def lesson_start(game_id: str, lesson_id: str) -> State:
    return next(lesson for lesson in describe(game_id).lessons() if lesson.id == lesson_id).start()


def prepared(game_id: str) -> tuple[State, str, str, str]:
    """A position with one clearly worse move: the position, the worse move, the better one, its ruling."""
    if game_id == "napoletana":  # NAP-14: the Jack in the siege row burns three 10s; in the front row, nothing
        return lesson_start("napoletana", "burn"), "play JH front", "play JH siege", "NAP-14"
    if game_id == "njet":  # NJT-7: the 9♠ takes the trick the 3♠ gives to the other team, in the last round
        state = njet_position(
            rules={"start": "south", "discards": "2", "trump": "blue", "super": "none", "multiplier": "3"},
            partner="north",
            hands={"south": "K9 K3", "west": "G9", "north": "G8", "east": "G7"},
            trick="west:K1a north:K2 east:K5",
            won="north south north south east west",
            round=8,
        )
        return state, "play K3", "play K9", "NJT-7"
    if game_id == "senza_nome":  # SNO-6: the 4♥ opens the way for the last stock card; the opponent wins next turn
        state = senza_nome_position(
            hands=("4H 9C", "KD QD"), stocks=("5H", "7S"), runs=("AH 2H 3H", "AS 2S 3S 4S 5S 6S")
        )
        return state, "discard 9C", "play 4H run:1", "SNO-6"
    if game_id == "nespanini":  # NES-5: the last discard; keeping the Moneylender's Peasants costs 6 points
        state = nespanini_position(
            hands=("usurier paysan paysan jacquerie marchand meunier", "guilde marchand banquier chevalier chevalier"),
            turns=(4, 5),
        )
        return state, "discard paysan", "discard usurier", "NES-5"
    assert game_id == "pattuglia"  # PAT-6: laying the yellow Soldier lets the last card close the deal next
    state = pattuglia_position(
        hands=("YS1 BS1", "YS5"),
        patrols=[("RC1 RS1 RS2 RS3 RS4 RK1 RK2", "YC1 YS2 YS3"), ("GC1 GS1 GS2 GS3 GS4 GK1 GK2", "YC2 YS6 YS7")],
        closers=("p1", "p2"),
        scores=(90, 85),
    )
    return state, "discard YS1", "lay YS1 patrol:2", "PAT-6"
