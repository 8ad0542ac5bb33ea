"""The Pattuglia hint says only what the position shows. Every reason the bots give (cardlib/games/pattuglia/bots.py)
is a claim about the position: for each, a position where it is true, where the hint makes it, and one where it would
be false, where the hint does not.

The hint is the hard bot's: the search over the veteran's heuristic, which decides draws alone (PAT-5) and whose
reasons are the veteran's wherever the search agrees with it; the medium bot's reasons are the same sentences.
"""

from __future__ import annotations

import re

import pytest

from cardlib.core.bots import hint
from cardlib.games.pattuglia.bots import BOTS, PattugliaBot, Veteran
from cardlib.games.pattuglia.positions import position


def draw(hand="RS1 RS2 YS1 GK1 BC1", discard="RS3", patrols=None, players=2):
    """p1 about to draw (PAT-5), with ``patrols`` of its own, if any, and the top discard last in ``discard``."""
    hands = (hand, "YS5", "YS6")[:players]
    return position(hands=hands, patrols=patrols or [()] * players, discard=discard, phase="draw", to_draw=1)


def turn(hand, patrols=(), forming="", closer=False, arsenal=""):
    """p1 after its draw, before laying and the discard, with its ``patrols`` on the table."""
    return position(
        hands=(hand, "YS5"),
        patrols=[patrols, ()],
        forming=(forming, ""),
        arsenals=(arsenal, ""),
        closers=("p1",) if closer else (),
    )


def three(p2, p3, scores=(0, 0, 0)):
    """Three players: p1 with a patrol, a Hand Bomb and a Cannon Shot to attack with; p2 and p3 with a patrol each."""
    return position(
        hands=("YK1 BK2", "YS5", "YS6"),
        patrols=[("RS1 RS2 RK1",), (p2,), (p3,)],
        arsenals=("HB1", "", ""),
        scores=scores,
    )


def attacked(arsenal):
    """p1's patrol with a Nurse attacked by p2's Hand Bomb, p1 holding ``arsenal``: p1 is asked to answer, as it may
    hold a Medical Bag (PAT-10)."""
    state = position(
        hands=("YS1 BS2", "YS5"), patrols=[("RS1 RS2 RS3 N1",), ("GS1 GS2 GS3",)], arsenals=(arsenal, "HB1"), turn="p2"
    )
    return state.play("attack HB1 patrol:1")


def said(state, bot=None) -> str:
    """The reason of the hint for the player to move."""
    return str(hint(state, bot or Veteran()).reason)


# Each claim: its sentence as a pattern (English), a position where it is true and one where it would be false.
CLAIMS = {
    # PAT-5: the discard pile opens to a player once it has laid a patrol; until then the hint says so, not that
    # nothing on the pile is useful.
    "pile not open": (
        r"^You may take the top discard only once you have laid a patrol this deal\.$",
        lambda: draw(),
        lambda: draw(patrols=[("GS1 GS2 GS3",), ()]),
    ),
    "pile empty": (
        r"^The discard pile is empty\.$",
        lambda: draw(discard="", patrols=[("GS1 GS2 GS3",), ()]),
        lambda: draw(discard="YK1", patrols=[("GS1 GS2 GS3",), ()]),
    ),
    "top fits no patrol": (
        r"^The top discard fits none of your patrols: draw from the deck\.$",
        lambda: draw(discard="YK1", patrols=[("GS1 GS2 GS3",), ()]),
        lambda: draw(discard="GS4", patrols=[("GS1 GS2 GS3",), ()]),
    ),
    "top fits a patrol": (
        r"^The top discard fits one of your patrols: take it\.$",
        lambda: draw(discard="GS4", patrols=[("GS1 GS2 GS3",), ()]),
        lambda: draw(discard="RS3", patrols=[("GS1 GS2 GS3",), ()]),  # red, like two cards in hand: no patrol's
    ),
    "top of a colour in hand": (
        r"^The top discard is the colour of 2 cards in your hand: take it towards a new patrol\.$",
        lambda: draw(discard="RS3", patrols=[("GS1 GS2 GS3",), ()]),
        lambda: draw(discard="GS4", patrols=[("GS1 GS2 GS3",), ()]),
    ),
    "top is Arsenal": (  # PAT-11: used Arsenal cards go under the pile, so one is on top only of an emptied pile
        r"^The top discard is an Arsenal card: take it, it goes to your Arsenal\.$",
        lambda: draw(discard="HB1", patrols=[("GS1 GS2 GS3",), ()]),
        lambda: draw(discard="GS4", patrols=[("GS1 GS2 GS3",), ()]),
    ),
    "last card": (
        r"^This is your last card: your turn ends with a discard\.$",
        lambda: turn("YK1", ("GS1 GS2 GS3",)),
        lambda: turn("YK1 BK1", ("GS1 GS2 GS3",)),
    ),
    # PAT-8: the closer's last discard closes the deal
    "closing discard": (
        r"^Discard your last card: with a Complete Patrol that closes the deal\.$",
        lambda: turn("YK1", ("GC1 GS1 GS2 GS3 GS4 GS5 GS6",), closer=True),
        lambda: turn("YK1", ("GC1 GS1 GS2 GS3 GS4 GS5 GS6",)),
    ),
    # PAT-6: a Nurse fits any patrol of its owner, but starts none. It said "This card helps your patrols least" of a
    # Nurse, to a learner holding the Medical Bag a Nurse makes usable (PAT-10).
    "cannot start one, no patrol": (
        r"^The Nurse cannot start a patrol, and you have none on the table for it to join: discard it\.$",
        lambda: turn("N1 RS1 RS2 YS1 YS2 GS1", arsenal="MB1"),
        lambda: turn("N1 RS1 RS2 YS1 YS2 GS1", ("BS1 BS2 BS3 N2",), arsenal="MB1"),
    ),
    "cannot start one, fits none": (
        r"^The Nurse fits none of your patrols and cannot start a new one: discard it\.$",
        lambda: turn("N1 RS1 RS2 YS1 YS2 GS1", ("BS1 BS2 BS3 N2",)),  # the one patrol has its Nurse
        lambda: turn("N1 RS1 RS2 YS1 YS2 GS1"),
    ),
    "only card of its colour, patrols": (
        r"^The yellow Soldier fits none of your patrols and is the only card of its colour in your hand: discard it\.$",
        lambda: turn("YS1 RS1 RS2 GS1 GS2", ("BS1 BS2 BS3",)),
        lambda: turn("YS1 YS2 RS1 RS2 GC1 GC2", ("BS1 BS2 BS3",)),
    ),
    "only card of its colour, no patrol": (
        r"^The yellow Soldier is the only card of its colour in your hand, and a new patrol needs three: discard it\.$",
        lambda: turn("YS1 RS1 RS2 GS1 GS2"),
        lambda: turn("YS1 RS1 RS2 GS1 GS2", ("BS1 BS2 BS3",)),
    ),
    "none fits, keep the others": (
        r"^No card of your hand fits one of your patrols: discard the green Captain and keep the others for a new "
        r"patrol\.$",
        lambda: turn("YS1 YS2 RS1 RS2 GC1 GC2", ("BS1 BS2 BS3",)),
        lambda: turn("YS1 YS2 RS1 RS2 GC1 GC2"),
    ),
    "no patrol yet, keep the others": (
        r"^You have no patrol on the table yet: discard the green Captain and keep the others for a new one\.$",
        lambda: turn("YS1 YS2 RS1 RS2 GC1 GC2"),
        lambda: turn("YS1 YS2 RS1 RS2 GC1 GC2", ("BS1 BS2 BS3",)),
    ),
    "a Captain on top": (
        r"^A Captain on top is what a Complete Patrol needs: add it\.$",
        lambda: turn("RC1 YS1 GK1", ("RS1 RS2 RS3",)),
        lambda: turn("RS4 YS1 GK1", ("RS1 RS2 RS3",)),
    ),
    # PAT-10: a Medical Bag needs a Nurse in one of the defender's patrols, Tools a Mechanic
    "a Nurse for the Medical Bags": (
        r"^With a Nurse in one of your patrols, your Medical Bags can save Soldiers: add it\.$",
        lambda: turn("N1 YS1 GK1", ("RS1 RS2 RS3",)),
        lambda: turn("N1 YS1 GK1", ("RS1 RS2 RS3 N2", "BS1 BS2 BS3")),  # a Nurse is there already
    ),
    "a Mechanic for the Tools": (
        r"^With a Mechanic in one of your patrols, your Tools can save Cannons: add it\.$",
        lambda: turn("M1 YS1 GK1", ("RS1 RS2 RS3",)),
        lambda: turn("M1 YS1 GK1", ("RS1 RS2 RS3 M2", "BS1 BS2 BS3")),
    ),
    "every card scores": (
        r"^Every card in a patrol scores: add it\.$",
        lambda: turn("RS7 YS1 GK1", ("RC1 RS1 RS2 RS3 RS4 RS5 RS6",)),  # PAT-7: already complete
        lambda: turn("RS4 YS1 GK1", ("RS1 RS2 RS3",)),
    ),
    # PAT-6: a Nurse or a Mechanic counts towards no patrol's size
    "closer to a Complete Patrol": (
        r"^This card brings your patrol closer to a Complete Patrol\.$",
        lambda: turn("RS4 YS1 GK1", ("RS1 RS2 RS3",)),
        lambda: turn("N1 YS1 GK1", ("RS1 RS2 RS3 N2", "BS1 BS2 BS3")),
    ),
    # PAT-9, PAT-13: an opponent is named as ahead only when it has the most points, never a lone one behind
    "the opponent ahead": (
        r"^Of your opponents, Player 2 has the most points, counting their patrols: this attack can destroy 4 "
        r"points of theirs\.$",
        lambda: three("GS1 GS2 GS3 GS4", "BS1 BS2 BS3"),
        lambda: three("GS1 GS2 GS3 GS4", "BS1 BS2 BS3 BS4"),  # level with Player 3
    ),
    "what an attack can destroy": (
        r"^This attack can destroy cards worth 4 points\.$",
        lambda: three("GS1 GS2 GS3 GS4", "BS1 BS2 BS3 BS4"),
        lambda: three("GS1 GS2 GS3 GS4", "BS1 BS2 BS3"),
    ),
    "save": (
        r"^Answer the attack: each Medical Bag or Tools card saves one of yours\.$",
        lambda: attacked("MB1"),
        lambda: attacked("TL1"),  # Tools save a Cannon, and a Hand Bomb kills Soldiers
    ),
    "nothing can save": (
        r"^Nothing you hold can save these cards: take the losses\.$",
        lambda: attacked("TL1"),
        lambda: attacked("MB1"),
    ),
    "a whole patrol in hand": (
        r"^Your hand holds a whole patrol: start laying it\.$",
        lambda: turn("RS1 RS2 RS3 YS1 GK1"),
        lambda: turn("RS1 RS2 YS1 YS2 GK1"),
    ),
    "the new patrol is ready": (
        r"^Your new patrol is ready: lay it on the table\.$",
        lambda: turn("YS1 GK1", forming="RS1 RS2 RS3"),
        lambda: turn("RS3 YS1", forming="RS1 RS2"),
    ),
    "gather this card": (
        r"^Gather the cards of a new patrol: this one belongs to it\.$",
        lambda: turn("RS3 YS1", forming="RS1 RS2"),
        lambda: turn("YS1 GK1", forming="RS1 RS2 RS3"),
    ),
    "no new patrol": (
        r"^Your cards cannot make a new patrol and keep one to discard: take this card back\.$",
        lambda: turn("YS1 GK1", forming="RS1 RS2"),
        lambda: turn("RS3 YS1", forming="RS1 RS2"),
    ),
    # Of two new patrols as big, the one being gathered: it took a blue Soldier back, saying it did not belong in
    # "the patrol you can lay", as if the red one were bigger
    "a patrol of another colour": (
        r"^Your cards can make a red patrol, but not one of this card's colour: take it back\.$",
        lambda: turn("RS1 RS2 RS3 YS1", forming="BS1 BS2"),
        lambda: turn("BS3 RS1 RS2 RS3", forming="BS1 BS2"),
    ),
    "left out of the plan": (  # PAT-5: the plan keeps a card for the discard
        r"^The new patrol planned with your cards leaves this one out: take it back\.$",
        lambda: turn("RS3", forming="RS1 RS2 N1"),
        lambda: turn("N1 YS1", forming="RS1 RS2 RS3"),
    ),
}


@pytest.mark.parametrize("claim", list(CLAIMS))
def test_a_hint_makes_each_claim_where_the_position_bears_it_out(claim):
    pattern, true, _false = CLAIMS[claim]
    assert re.match(pattern, said(true())), said(true())


@pytest.mark.parametrize("claim", list(CLAIMS))
def test_a_hint_never_makes_a_claim_the_position_contradicts(claim):
    pattern, _true, false = CLAIMS[claim]
    for bot in (Veteran(), PattugliaBot()):  # the hard bot's heuristic, and the medium bot: the same sentences
        assert not re.match(pattern, said(false(), bot)), (bot.name, said(false(), bot))


def test_pat_5_pat_6_the_two_hints_new_users_doubted_now_say_what_the_position_shows():
    """The two hints new users doubted, as the app's hint (the hard bot) says them now."""
    advice = hint(draw(), BOTS["hard"](seed=0))  # a draw is the heuristic's to decide: no search, no clock
    assert str(advice.said) == (
        "Try this: Draw a card from the deck. You may take the top discard only once you have laid a patrol this deal."
    )
    nurse = hint(turn("N1 RS1 RS2 YS1 YS2 GS1", arsenal="MB1"), Veteran())
    assert str(nurse.said) == (
        "Try this: Discard a Nurse. The Nurse cannot start a patrol, and you have none on the table for it to join: "
        "discard it."
    )


def test_pat_6_of_two_new_patrols_as_big_the_one_being_gathered_is_kept():
    state = turn("BS3 RS1 RS2 RS3", forming="BS1 BS2")
    assert str(Veteran().decide(state, "p1").move) == "lay BS3 new"
    assert str(Veteran().decide(turn("BS3 RS1 RS2 RS3"), "p1").move) == "lay RS1 new"  # gathering nothing: the first


def test_a_plan_the_rules_refuse_is_explained_in_the_rules_words(monkeypatch):
    """The heuristic gathers the cards of its plan, which the rules let it gather; were one refused, the hint would
    say why in the refusal's own sentence."""
    monkeypatch.setattr(PattugliaBot, "_plan", staticmethod(lambda cards, prefer=None: ["RS1", "RS2", "YS1"]))
    reason = said(turn("RS3 YS1 GK1", forming="RS1 RS2"))
    assert reason == "Your new patrol is red: a patrol holds one colour only."


def test_a_discard_with_a_card_that_fits_a_patrol_claims_nothing_of_the_others():
    """Before a discard the heuristic lays every card that fits, so this is no hint it gives; but the words of a
    discard never say that no card fits when one does."""
    state = turn("GS4 YS1 YS2", ("GS1 GS2 GS3",))
    reason = str(PattugliaBot._why_discard(state, "p1", "YS1"))
    assert "fits" not in reason and "no patrol" not in reason
