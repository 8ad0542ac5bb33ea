"""NesPanini: a two-player duel with 20-card decks (seed 004, NES-1..NES-7). Draw one, discard one, five turns
each, then score the cards left in hand.

The state is a value: ``play`` clones the position and lets small private methods change the clone. A
Défausse effect that needs a choice (which card the opponent discards, which Cimetière card to take, where
the top card goes) becomes a follow-up decision: the state waits in the phase "choose" with ``to_move`` set to
whoever chooses, and each answer is a legal Move. Cards are named by their code in the set (``chevalier``);
two copies of a card are the same card for every rule, so moves need no copy numbers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardlib.core import Event, Move, Result, State, Verdict
from cardlib.core.fields import EVENTS, RESULT, Field, Record, card_list, lists_of_cards, records, shared
from cardlib.core.i18n import Message, sentences
from cardlib.core.i18n import lazy_gettext as _
from cardlib.core.protocol import player_name
from cardlib.core.rng import shuffled
from cardlib.core.serial import by_player, checked, choice, listed, need, number, one_of, record_of, top, whole

from . import effects, views
from .cards import SET, card_name, cards_named, set_card
from .decks import decklist
from .legality import verdict
from .rules import CIMETIERE_FULL, PLAYERS, TURNS, other

if TYPE_CHECKING:
    from .game import NesPanini

CHOICE_ACTIONS = {"opponent_discards": "discard", "recover": "take", "scry": "keep"}
PHASES = ("draw", "discard", "choose", "over")


def effects_copy(pending: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [dict(effect) for effect in pending]


def waiting(item: Any, where: str, _record: Any = None) -> dict[str, Any]:
    """A Défausse effect waiting in a position (NES-4), read from its JSON."""
    kind = one_of(need(item, "do", str, where), effects.DEFAUSSE, f"{where}.do")
    player = one_of(need(item, "player", str, where), PLAYERS, f"{where}.player")
    effect = {"do": kind, "player": player, "card": set_card(need(item, "card", str, where), f"{where}.card")}
    if kind == "draw":
        effect["n"] = whole(item, "n", where, 1, 20)
    return effect


def never_discarded(card: str) -> str | None:
    """NES-4: a Légendaire card is never discarded, so it is never in a row of the Cimetière."""
    return f"{SET[card].names['en']} is Légendaire: never discarded (NES-4)" if SET[card].legendaire else None


class Side(Record):
    """One player's cards: ``deck[0]`` is the top; ``discards`` is its row of the Cimetière, oldest first."""

    __slots__ = ("deck", "discards", "hand")
    FIELDS = (
        card_list("deck", listed(set_card)),
        card_list("hand", listed(set_card)),
        card_list("discards", listed(checked(set_card, never_discarded))),
    )

    def __init__(self, deck: list[str] | None = None, hand: list[str] | None = None, discards: list[str] | None = None):
        self.deck, self.hand, self.discards = deck or [], hand or [], discards or []


class NesPaniniState(State):
    __slots__ = ("_events", "_result", "decklists", "first", "pending", "phase", "seed", "sides", "turn", "turns")

    FIELDS = (
        Field("game", dump=None),
        shared("seed"),
        shared("first", choice(PLAYERS)),
        shared("turn", choice((None, *PLAYERS))),
        shared("phase", choice(PHASES)),
        Field("turns", dict, dict, load=by_player(number(0, TURNS))),
        lists_of_cards("decklists", by_player(decklist), key="decks"),
        records("sides", by_player(record_of(Side))),
        Field("pending", effects_copy, effects_copy, load=listed(waiting)),
        EVENTS,
        RESULT,
    )

    def __init__(self, game: NesPanini, seed: int) -> None:
        self.game, self.seed = game, seed
        self.sides = {player: Side() for player in PLAYERS}
        self.decklists: dict[str, list[str]] = {player: [] for player in PLAYERS}  # as built, for determinize
        self.first = PLAYERS[0]
        self.turn: str | None = PLAYERS[0]
        self.phase = "draw"  # draw | discard | choose | over
        self.turns = {player: 0 for player in PLAYERS}  # turns completed (NES-5)
        self.pending: list[dict[str, Any]] = []  # Défausse effects still to apply, the first one waiting
        self._events: tuple[Event, ...] = ()
        self._result: Result | None = None

    # -- the protocol --------------------------------------------------------------------------------------

    @property
    def players(self) -> tuple[str, ...]:
        return PLAYERS

    @property
    def to_move(self) -> str | None:
        if self.phase == "choose":
            return self.chooser
        return self.turn

    @property
    def on_turn(self) -> str:
        """The player whose turn it is, in a game that is not over (``to_move`` may be the other one, answering an
        effect; ``turn`` is None at the end)."""
        assert self.turn is not None, "the game is over: it is nobody's turn"
        return self.turn

    @property
    def chooser(self) -> str:
        """Who answers the waiting effect: the opponent for a forced discard, the card's owner otherwise."""
        effect = self.pending[0]
        return other(effect["player"]) if effect["do"] == "opponent_discards" else effect["player"]

    @property
    def cimetiere(self) -> list[str]:
        """NES-5: every discard of both players."""
        return [code for player in PLAYERS for code in self.sides[player].discards]

    def candidate_moves(self) -> list[Move]:
        if self.phase == "over":
            return []
        if self.phase == "draw":
            return [Move("draw", zone="deck")]
        if self.phase == "discard":
            hand = dict.fromkeys(self.sides[self.on_turn].hand)
            return [*(Move("discard", code) for code in hand), Move("reveal")]
        kind = self.pending[0]["do"]
        if kind == "opponent_discards":
            return [Move("discard", code) for code in dict.fromkeys(self.sides[self.chooser].hand)]
        if kind == "recover":
            return [Move("take", code) for code in dict.fromkeys(self.cimetiere)]
        return [Move("keep"), Move("bottom")]

    def _check(self, move: Move) -> Verdict:
        return verdict(self, move)

    def recoverable(self) -> list[str]:
        """The Cimetière cards a recover effect may take: all but the card that fired it (NES-4's house ruling:
        a card never brings itself back)."""
        cards = self.cimetiere
        source = self.pending[0]["card"] if self.pending else None
        if source in cards:
            cards.remove(source)
        return cards

    # -- making a move ------------------------------------------------------------------------------------

    def play_unchecked(self, move: Move) -> NesPaniniState:
        new = self.clone()
        log: list[Event] = []
        if move.action == "draw":
            new._draw(log)
        elif move.action == "reveal":
            new._reveal(log)
        elif move.action == "discard" and new.phase == "discard":
            assert move.card is not None  # checked legal: the discard names a card of the hand
            new._discard(move.card, log)
        else:
            new._answer(move, log)
        new._events = tuple(log)
        return new

    def _draw(self, log: list[Event]) -> None:
        player, side = self.on_turn, self.sides[self.on_turn]
        self.phase = "discard"
        if not side.deck:
            text = _("{name}'s deck is empty: no card to draw.", name=player_name(player))
            log.append(Event("draw", text, "NES-4", player, you=_("Your deck is empty: no card to draw.")))
            return
        code = side.deck.pop(0)
        side.hand.append(code)
        log.append(
            Event(
                "draw", _("{name} draws a card.", name=player_name(player)), "NES-4", player, you=_("You draw a card.")
            )
        )
        text = _("You draw {card.a}.", card=card_name(code))
        log.append(Event("draw", text, "NES-4", player, only=player, data={"card": code}))

    def _reveal(self, log: list[Event]) -> None:
        player, hand = self.on_turn, self.sides[self.on_turn].hand
        names = cards_named(hand)
        text = _(
            "{name} holds only Légendaire cards ({cards}): the hand is shown and the discard skipped.",
            name=player_name(player),
            cards=names,
        )
        yours = _("You hold only Légendaire cards ({cards}): your hand is shown and the discard skipped.", cards=names)
        log.append(Event("reveal", text, "NES-4", player, you=yours))
        self._end_turn(log)

    def _discard(self, code: str, log: list[Event]) -> None:
        player, side = self.on_turn, self.sides[self.on_turn]
        side.hand.remove(code)
        side.discards.append(code)
        card = SET[code]
        text = _("{name} discards {card.the} into the Cimetière.", name=player_name(player), card=card.name)
        yours = _("You discard {card.the} into the Cimetière.", card=card.name)
        log.append(Event("discard", text, "NES-4", player, data={"card": code}, you=yours))
        if card.defausse:
            said = sentences(*(effects.defausse_words(effect) for effect in card.defausse))  # as the card prints it
            # quoted: the card's own words ("into your hand") speak to its owner, who may not be the reader
            text = _("Défausse {card.of}: “{effect}”", card=card.name, effect=said)
            log.append(Event("defausse", text, "NES-4", player))
            self.pending = [dict(effect, player=player, card=code) for effect in card.defausse]
        self._resolve(log)

    def _answer(self, move: Move, log: list[Event]) -> None:
        effect = self.pending.pop(0)
        effects.answer(self, effect, move, log)
        self._resolve(log)

    def _resolve(self, log: list[Event]) -> None:
        """Apply the waiting Défausse effects in order until one needs a decision; then the turn ends."""
        while self.pending:
            effect = self.pending[0]
            if effects.apply(self, effect, log):  # applied at once (or nothing to do)
                self.pending.pop(0)
                continue
            self.phase = "choose"
            return
        self._end_turn(log)

    def _end_turn(self, log: list[Event]) -> None:
        self.turns[self.on_turn] += 1
        if len(self.cimetiere) >= CIMETIERE_FULL or all(n >= TURNS for n in self.turns.values()):
            self._score(log)
            return
        self.turn, self.phase = other(self.on_turn), "draw"

    def _score(self, log: list[Event]) -> None:
        """NES-6: every card in hand, base value plus its bonuses and maluses."""
        rows = self.breakdown()
        scores = {player: sum(row["total"] for row in rows[player]) for player in PLAYERS}
        winners = top(scores, PLAYERS)
        fields = {"a": scores["p1"], "b": scores["p2"]}
        if len(winners) == 2:
            reason = _("Player 1 scores {a}, Player 2 scores {b}: a draw.", **fields)
        else:
            reason = _("Player 1 scores {a}, Player 2 scores {b}: {name} wins.", name=player_name(winners[0]), **fields)
        others = {}  # as each player reads it: its own score first
        for me in PLAYERS:
            mine, theirs = scores[me], scores[other(me)]
            if len(winners) == 2:
                others[me] = _(
                    "You score {a}, {name} scores {b}: a draw.", a=mine, b=theirs, name=player_name(other(me))
                )
            elif winners[0] == me:
                others[me] = _(
                    "You score {a}, {name} scores {b}: you win.", a=mine, b=theirs, name=player_name(other(me))
                )
            else:
                others[me] = _(
                    "You score {a}, {name} scores {b}: {name} wins.", a=mine, b=theirs, name=player_name(other(me))
                )
        if len(self.cimetiere) >= CIMETIERE_FULL:
            why = _("The Cimetière holds {n} cards: the game ends.", n=len(self.cimetiere))
        else:
            why = _("Both players have played their 5 turns: the game ends.")
        log.append(Event("end", why, "NES-5"))
        log.append(Event("score", reason, "NES-6", data={"breakdown": rows, "scores": scores}, others=others))
        self._result = Result(scores, winners, reason, others)
        self.phase, self.turn, self.pending = "over", None, []

    def breakdown(self) -> dict[str, list[dict[str, Any]]]:
        """NES-6, card by card, for each player (what the hands would score now)."""
        cimetiere = [SET[code] for code in self.cimetiere]
        return {p: effects.breakdown([SET[code] for code in self.sides[p].hand], cimetiere) for p in PLAYERS}

    # -- what can be seen ---------------------------------------------------------------------------------

    def _view(self, player: str | None) -> dict[str, Any]:
        return views.view(self, player)

    def label(self, move: Move) -> Message:
        return views.label(self, move)

    # -- hidden information --------------------------------------------------------------------------------

    def determinize(self, player: str, seed: int) -> NesPaniniState:
        """Redraw what ``player`` cannot see: the opponent's hand and deck (shuffled together and dealt back in
        the same sizes) and the order of its own deck. Seen cards (its hand, the Cimetière) stay."""
        new = self.clone()
        new.seed = seed
        new._events = tuple(event for event in self._events if event.only in (None, player))
        if self.phase == "over":
            return new
        own, theirs = new.sides[player], new.sides[other(player)]
        # every pool is sorted before it is shuffled, so the world depends on what ``player`` sees alone
        own.deck = shuffled(sorted(own.deck), seed, "own deck")
        if self.phase == "choose" and self.pending[0]["do"] == "scry" and self.chooser == player:
            own.deck = self.sides[player].deck[:1] + shuffled(sorted(self.sides[player].deck[1:]), seed, "own deck")
        unseen = shuffled(sorted(theirs.hand + theirs.deck), seed, "unseen")
        size = len(theirs.hand)
        forced = self.phase == "choose" and self.chooser != player and self.pending[0]["do"] == "opponent_discards"
        if forced and all(SET[code].legendaire for code in unseen[:size]):
            # the opponent must discard, so its real hand holds a card it may discard (NES-4): so must this one,
            # or the world has no legal move
            spare = next(i for i, code in enumerate(unseen) if not SET[code].legendaire)
            unseen[0], unseen[spare] = unseen[spare], unseen[0]
        theirs.hand, theirs.deck = unseen[:size], unseen[size:]
        return new

    def __repr__(self) -> str:
        hands = ", ".join(f"{p} {len(s.hand)}" for p, s in self.sides.items())
        return f"<NesPaniniState {self.phase}, {self.to_move or 'over'} to move; hands {hands}>"
