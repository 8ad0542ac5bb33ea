"""A NesPanini bot that plays sensibly: it discards the card whose loss costs its final hand the least, counting
what the card's Défausse effect brings, answers effects to its own profit, and says why in a sentence.

It reads only what its seat sees: its own hand, the Cimetière, and its own deck's contents (known from its deck
list, never their order).
"""

from __future__ import annotations

from functools import lru_cache
from statistics import mean

from cardlib.core import Move
from cardlib.core.bots import Bot, Decision
from cardlib.core.i18n import lazy_gettext as _
from cardlib.core.i18n import lazy_ngettext as ngettext
from cardlib.core.search import strengths

from . import effects
from .cards import SET
from .engine import NesPaniniState

OPPONENT_DISCARD_WORTH = 2.5  # an opponent's hand one card short scores about this much less
SCRY_WORTH = 0.5  # a better next draw, now and then


def hand_score(hand: list[str], cimetiere: list[str]) -> int:
    """NES-6: what ``hand`` would score with this Cimetière (the order of either never matters)."""
    return _score(tuple(sorted(hand)), tuple(sorted(cimetiere)))


@lru_cache(maxsize=1 << 16)
def _score(hand: tuple[str, ...], cimetiere: tuple[str, ...]) -> int:
    """``effects.breakdown``'s totals without its words: the search's rollouts ask this thousands of times."""
    cards, dead = [SET[code] for code in hand], [SET[code] for code in cimetiere]
    total = 0
    for index, card in enumerate(cards):
        others = cards[:index] + cards[index + 1 :]
        total += card.value + sum(effects.points(rule, others, dead) for rule in card.score)
    return total


class NesPaniniBot(Bot[NesPaniniState]):
    name = "heuristic"

    def decide(self, state: NesPaniniState, player: str) -> Decision:
        moves = state.legal_moves()
        if state.phase == "draw":
            return Decision(moves[0], _("Every turn starts by drawing the top card of your deck."))
        if moves == [Move("reveal")]:
            return Decision(moves[0], _("Every card in your hand is Légendaire: reveal it and skip the discard."))
        hand, cimetiere = state.sides[player].hand, state.cimetiere
        if state.phase == "discard":
            return self._discard(state, player, moves)
        kind = state.pending[0]["do"]
        if kind == "opponent_discards":
            best = max(moves, key=lambda m: hand_score(_without(hand, _code(m)), [*cimetiere, _code(m)]))
            code = _code(best)
            kept = hand_score(_without(hand, code), [*cimetiere, code])
            text = _("Losing {card.the} costs your hand the least: it still scores {n}.", card=SET[code].name, n=kept)
            return Decision(best, text)
        if kind == "recover":
            best = max(moves, key=lambda m: hand_score([*hand, _code(m)], _without(cimetiere, _code(m))))
            code = _code(best)
            gain = hand_score([*hand, code], _without(cimetiere, code)) - hand_score(hand, cimetiere)
            said = ngettext(
                "{card.The} adds {n} point to your hand.",
                "{card.The} adds {n} points to your hand.",
                gain,
                card=SET[code].name,
            )
            return Decision(best, said)
        top = state.sides[player].deck[0]
        if self._card_worth(hand, cimetiere, top) >= self._draw_worth(state, player):
            return Decision(Move("keep"), _("{card.The} is a good next draw: leave it on top.", card=SET[top].name))
        text = _(
            "{card.The} would help your hand less than most cards of your deck: put it at the bottom.",
            card=SET[top].name,
        )
        return Decision(Move("bottom"), text)

    def _discard(self, state: NesPaniniState, player: str, moves: list[Move]) -> Decision:
        hand, cimetiere = state.sides[player].hand, state.cimetiere
        worth = {move: self._discard_worth(state, player, _code(move)) for move in moves}
        best = max(moves, key=lambda move: (worth[move], -SET[_code(move)].value))
        code = _code(best)
        card = SET[code]
        kept = hand_score(_without(hand, code), [*cimetiere, code])
        if card.defausse and worth[best] > kept + 0.5:
            text = _(
                "Discard {card.the}: your hand still scores {n}, and its Défausse effect is worth more than keeping"
                " it.",
                card=card.name,
                n=kept,
            )
        else:
            text = _(
                "Discard {card.the}: the rest of your hand scores {n}, the most you can keep.", card=card.name, n=kept
            )
        return Decision(best, text)

    def _discard_worth(self, state: NesPaniniState, player: str, code: str) -> float:
        """What the hand is worth after discarding ``code``, plus what its Défausse effects bring."""
        hand, cimetiere = _without(state.sides[player].hand, code), [*state.cimetiere, code]
        worth = float(hand_score(hand, cimetiere))
        for effect in SET[code].defausse:
            if effect["do"] == "draw":
                worth += effect.get("n", 1) * self._draw_worth(state, player) if state.sides[player].deck else 0
            elif effect["do"] == "opponent_discards":
                worth += OPPONENT_DISCARD_WORTH
            elif effect["do"] == "recover":
                base = hand_score(hand, cimetiere)
                choices = _without(cimetiere, code)
                gains = [hand_score([*hand, c], _without(choices, c)) - base for c in dict.fromkeys(choices)]
                worth += max(gains, default=0)
            elif effect["do"] == "scry":
                worth += SCRY_WORTH
        return worth

    def _card_worth(self, hand: list[str], cimetiere: list[str], code: str) -> int:
        return hand_score([*hand, code], cimetiere) - hand_score(hand, cimetiere)

    def _draw_worth(self, state: NesPaniniState, player: str) -> float:
        """The average value a card of its own deck adds (the deck's contents are known, not their order)."""
        deck, hand, cimetiere = state.sides[player].deck, state.sides[player].hand, state.cimetiere
        return mean(self._card_worth(hand, cimetiere, code) for code in set(deck)) if deck else 0.0


class Beginner(NesPaniniBot):
    """The easy bot: a learner who counts the hand it holds and nothing beyond it. It discards the card whose loss
    leaves its hand scoring most, blind to Défausse effects (a card is never discarded for its effect, and the effect
    fires only when the card goes anyway); keeps every top card an effect shows it; and takes back the card with the
    highest base value, not the one that helps its hand most. When an opponent's effect makes it discard, it answers
    as the heuristic does (the same count)."""

    name = "beginner"

    def decide(self, state: NesPaniniState, player: str) -> Decision:
        moves = state.legal_moves()
        if state.phase == "discard" and moves != [Move("reveal")]:
            hand, cimetiere = state.sides[player].hand, state.cimetiere

            def kept(move: Move) -> int:
                code = _code(move)
                return hand_score(_without(hand, code), [*cimetiere, code])

            best = max(moves, key=lambda move: (kept(move), -SET[_code(move)].value, _code(move)))
            text = _(
                "Discard {card.the}: the rest of your hand scores {n}, the most you can keep.",
                card=SET[_code(best)].name,
                n=kept(best),
            )
            return Decision(best, text)
        if state.phase == "choose" and state.pending[0]["do"] == "recover":
            high = max(moves, key=lambda move: (SET[_code(move)].value, _code(move)))
            card = SET[_code(high)]
            said = ngettext(
                "Take back {card.the}: at {n} point it is the highest card in the Cimetière.",
                "Take back {card.the}: at {n} points it is the highest card in the Cimetière.",
                card.value,
                card=card.name,
            )
            return Decision(high, said)
        if state.phase == "choose" and state.pending[0]["do"] == "scry":
            top = state.sides[player].deck[0]
            return Decision(Move("keep"), _("Leave {card.the} on top: you will draw it next.", card=SET[top].name))
        return super().decide(state, player)


def _code(move: Move) -> str:
    """The card a discard or a take names: every one of them does (``check`` refuses it otherwise)."""
    assert move.card is not None
    return move.card


def _without(cards: list[str], code: str) -> list[str]:
    rest = list(cards)
    rest.remove(code)
    return rest


# The cards decide most deals (hard against itself: 43 of 50 mirrored deals went to the same seat both ways), so the
# search needs many deals to see a clear gain; a game is short, so 150 playouts fit in a hint's time. Against the
# medium bot over 300 mirrored games (benchmarks/strength.py; the run is in docs/bots.md): 40 playouts scored
# 0.558 [0.502, 0.613], 150 scored 0.577 [0.520, 0.631].
BOTS = strengths(NesPaniniBot, beginner=Beginner, iterations=150, seconds=0.25)
