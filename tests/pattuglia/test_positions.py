"""Loading Pattuglia positions: bad data is refused with a BadState that names the field and the problem; bad move
text with BadMove; bad options with BadOption. The ``position`` builder writes complete, loadable positions."""

from __future__ import annotations

import copy
import json

import pytest
from protocol_checks import random_game, refused_to_load

from cardlib import BadMove, BadOption, BadState, Move
from cardlib.games.pattuglia import GAME
from cardlib.games.pattuglia.positions import position


def fresh() -> dict:
    """A deal under way: Player 1 has drawn and laid what it could."""
    state = GAME.new(seed=3, players=3)
    while state.to_move == "p1":
        state = state.play(state.legal_moves()[0])
    return copy.deepcopy(state.to_json())


def under_attack() -> dict:
    return (
        position(
            hands=("YS1 BS2", "YS5"),
            patrols=[("RS1 RS2 RS3 N1",), ("GS1 GS2 GS3",)],
            arsenals=("MB1", "HB1"),
            turn="p2",
        )
        .play("attack HB1 patrol:1")
        .to_json()
    )


def refused(data, *words: str) -> str:
    return refused_to_load(GAME, data, *words)


def test_valid_positions_load():
    for data in (GAME.new(seed=3).to_json(), fresh(), under_attack(), position(hands=("RS1", "YS1")).to_json()):
        assert GAME.from_json(json.loads(json.dumps(data))).to_json() == data


def test_the_builder_fills_the_deck_in_deck_order_arsenal_last_and_numbers_the_patrols():
    state = position(hands=("YS1", "YS5"), patrols=[("RS1 RS2 RS3",), ("GS1 GS2 GS3",)], deck="BK1")
    data = state.to_json()
    assert data["deck"][:3] == ["BK1", "RC1", "RC2"] and data["deck"][-1] == "MB6"
    assert [p["id"] for p in data["sides"]["p2"]["patrols"]] == [2] and data["next_patrol"] == 3
    assert len(data["deck"]) == 100 - 2 - 6 and state.to_move == "p1"


@pytest.mark.parametrize("data", [[], "pattuglia", None, 7])
def test_not_an_object(data):
    with pytest.raises(BadState):
        GAME.from_json(data)


@pytest.mark.parametrize(
    "key", ["game", "seed", "players", "target", "super_capitano", "phase", "to_draw", "sides", "deck", "dealer"]
)
def test_missing_field(key):
    data = fresh()
    del data[key]
    refused(data, key, "missing")


@pytest.mark.parametrize(
    ("key", "value", "words"),
    [
        ("players", 5, ("players", "5")),
        ("target", 77, ("target", "77")),
        ("phase", "lunch", ("phase", "lunch")),
        ("turn", "p9", ("turn", "p9")),
        ("to_draw", 9, ("to_draw",)),
        ("reshuffles", 3, ("reshuffles", "3")),
        ("game", "napoletana", ("napoletana", "pattuglia")),
        ("format", 2, ("format",)),
    ],
)
def test_wrong_value(key, value, words):
    data = fresh()
    data[key] = value
    refused(data, *words)


def test_a_card_missing_or_repeated_or_unknown_is_refused():
    data = fresh()
    card = data["deck"].pop()
    refused(data, "missing", card)
    data = fresh()
    data["discard"].append(data["deck"][0])
    refused(data, "repeated", data["deck"][0])
    data = fresh()
    data["sides"]["p1"]["hand"].append("ZZ")
    refused(data, "sides.p1.hand[", "ZZ", "PAT-1")


def test_an_arsenal_card_in_a_hand_or_a_patrol_card_in_an_arsenal_is_refused():
    data = fresh()
    arsenal = next(card for card in data["deck"] if card.startswith("HB"))
    data["deck"].remove(arsenal)
    data["sides"]["p2"]["hand"].append(arsenal)
    refused(data, "sides.p2.hand", arsenal, "PAT-3")
    data = fresh()
    data["sides"]["p2"]["arsenal"].append(data["sides"]["p2"]["hand"].pop())
    refused(data, "sides.p2.arsenal", "PAT-3")


def test_patrols_must_be_patrols():
    with pytest.raises(BadState, match="one colour"):
        position(hands=("YS1", "YS5"), patrols=[("RS1 RS2 GS3",), ()])
    refused(_with_patrol(["N1", "M1"], "red"), "sides.p1.patrols[0]", "PAT-11")
    refused(_with_patrol(["RS1", "RS2"], "green"), "sides.p1.patrols[0].colour", "PAT-6")
    with pytest.raises(BadState, match="at most one Captain"):
        position(hands=("YS1", "YS5"), patrols=[("RC1 RC2 RS1",), ()])


def _with_patrol(cards: list[str], colour: str) -> dict:
    data = position(hands=("YS1", "YS5")).to_json()
    for card in cards:
        data["deck"].remove(card)
    data["sides"]["p1"]["patrols"] = [{"id": 1, "colour": colour, "cards": cards}]
    data["next_patrol"] = 2
    return data


def test_an_attack_is_pending_exactly_in_the_defend_phase():
    data = under_attack()
    assert data["phase"] == "defend" and data["attack"]["kills"] == {"S": 2}
    data["attack"] = None
    refused(data, "attack", "PAT-10")
    data = under_attack()
    data["attack"]["kills"] = {"S": 7}
    refused(data, "attack.kills", "PAT-9")


def test_the_draw_phase_and_the_cards_to_draw_agree():
    with pytest.raises(BadState, match="to_draw"):
        position(hands=("YS1", "YS5"), phase="draw", to_draw=0)
    with pytest.raises(BadState, match="to_draw"):
        position(hands=("YS1", "YS5"), phase="play", to_draw=2)


def patrol_destroyed() -> dict:
    """Player 2 has just destroyed Player 1's only patrol: Player 1 keeps its right to the discard pile (PAT-5)."""
    state = position(
        hands=("YS1 BS2", "YS5 YS6 BK1"),
        patrols=[("RS1 RS2 RS3",), ("GS1 GS2 GS3",)],
        arsenals=("", "HB1 BU1"),
        turn="p2",
    )
    return state.play("attack HB1 patrol:1").play("attack BU1 patrol:1").to_json()


def without_laid_patrol(data: dict) -> dict:
    """``data`` as a save written before the field existed."""
    for side in data["sides"].values():
        del side["laid_patrol"]
    return data


def test_pat_5_laid_patrol_agrees_with_the_table_and_the_events():
    data = position(hands=("YS1", "YS5"), patrols=[("RS1 RS2 RS3",), ()]).to_json()
    data["sides"]["p1"]["laid_patrol"] = False
    refused(data, "sides.p1.laid_patrol", "on the table", "PAT-5")
    data = patrol_destroyed()
    assert data["sides"]["p1"]["laid_patrol"] and not data["sides"]["p1"]["patrols"]
    data["sides"]["p1"]["laid_patrol"] = False
    refused(data, "sides.p1.laid_patrol", "events", "PAT-5")
    data = position(hands=("YS1", "YS5"), patrols=[("RS1 RS2 RS3",), ()]).to_json()
    data["sides"]["p2"]["laid_patrol"] = True  # every patrol laid this deal is Player 1's, on the table
    refused(data, "sides.p2.laid_patrol", "only 0 of those laid", "PAT-5")
    data["sides"]["p2"]["laid_patrol"] = "yes"
    refused(data, "sides.p2.laid_patrol", "true or false")


def test_pat_5_a_destroyed_patrol_accounts_for_one_player_only():
    state = position(hands=("YS1", "YS5"), destroyed=("p1",))
    assert state.sides["p1"].laid_patrol and not state.sides["p2"].laid_patrol and state.next_patrol == 2
    data = state.to_json()
    data["sides"]["p2"]["laid_patrol"] = True
    refused(data, "sides.p2.laid_patrol", "only 1 of those laid", "PAT-5")


def test_pat_5_a_save_without_laid_patrol_loads_where_the_position_tells():
    for data in (fresh(), position(hands=("YS1", "YS5"), patrols=[("RS1 RS2 RS3",), ()]).to_json(), patrol_destroyed()):
        assert GAME.from_json(without_laid_patrol(copy.deepcopy(data))).to_json() == data
    data = without_laid_patrol(patrol_destroyed())
    data["events"] = []  # nothing shows whose patrol number 1 was any more
    refused(data, "sides.p1.laid_patrol is missing", "PAT-5")
    taken = position(
        hands=("YS1", "YS5"), patrols=[("RC1 RS1 RS2 RS3 RS4 RS5 RS6 RS7",), ()], closers=("p1",), super_capitano=True
    )
    refused(without_laid_patrol(taken.to_json()), "sides.p2.laid_patrol is missing", "PAT-5")


def test_bad_moves_and_options():
    with pytest.raises(BadMove):
        GAME.parse_move("fly RS1")
    with pytest.raises(BadMove):
        GAME.parse_move("attack HB1")
    assert str(GAME.parse_move("lay RS1 patrol:2")) == "lay RS1 patrol:2"
    with pytest.raises(BadOption):
        GAME.new(seed=1, players=5)
    with pytest.raises(BadOption):
        GAME.new(seed=1, super_capitano="yes")


@pytest.mark.parametrize("zone", ["patrol:²", "patrol:٣", "patrol:𝟕", "patrol:-1", "patrol:" + "9" * 40, "patrol:"])
def test_pat_6_a_patrol_number_in_other_digits_is_refused_not_a_crash(zone):
    state = position(hands=("YS1 RS4", "YS5"), patrols=[("RS1 RS2 RS3",), ("GS1 GS2 GS3",)], deck="BK1")
    verdict = state.check(Move("lay", "RS4", zone))
    assert not verdict and verdict.rule and verdict.reason
    assert state.check(Move("lay", "RS4", "patrol:1"))


def test_pat_13_a_finished_battle_is_the_one_its_scores_make():
    state = random_game(GAME, 4, 3000)[-1]
    data = json.loads(json.dumps(state.to_json()))
    assert GAME.from_json(data).to_json() == data
    for change, words in [
        (lambda d: d["result"].update(winners=[["p1"]]), "result.winners"),
        (lambda d: d["result"]["scores"].update(p1=float("nan")), "not a number"),
        (lambda d: d["result"]["scores"].pop("p2"), "result.scores"),
        (lambda d: d["result"].update(scores={}), "result.scores"),
        (lambda d: d["result"].update(winners=list(reversed(state.players))), "result.winners"),
        (lambda d: d["sides"]["p1"].update(score=True), "whole number"),
    ]:
        broken = copy.deepcopy(data)
        change(broken)
        refused_to_load(GAME, broken, words)


def test_pat_5_a_position_with_the_player_on_turn_holding_no_card_is_refused():
    # it had no legal move at all (nothing to lay, nothing to discard), yet it loaded
    with pytest.raises(BadState, match=r"sides\.p1\.hand.*PAT-5"):
        position(hands=("", "YS5"))
    with pytest.raises(BadState, match=r"sides\.p2\.hand.*PAT-5"):
        position(hands=("YS1", ""), turn="p2", closers=("p2",))
