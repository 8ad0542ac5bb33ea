"""Pattuglia (seed 003, by Sergio Fersini; PAT-1..PAT-14): build patrols of one colour, complete one with a Captain,
attack enemy patrols with the Arsenal, defend with Nurses and Mechanics, close the deal; deals until 100.

The state is a value: ``play`` clones the position and lets small private methods change the clone. A turn is a
sequence of moves (PAT-5): ``draw``, then ``lay`` (a card into the New patrol space, or onto an own patrol), ``back``
(a card out of the New patrol space), ``form`` (lay the gathered patrol), ``attack``, then ``discard``, then the
refill ``draw``s. An attack hands the decision to the defender (``save`` with a Medical Bag or Tools, or ``take``
the losses), then back to the attacker. Forced steps (PAT-3: an Arsenal card set aside and replaced; PAT-12: the
deck rebuilt) happen by themselves and are told in the events.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardlib.core import Event, Move, Result, State, Verdict
from cardlib.core.fields import EVENTS, RESULT, Field, Record, card_list, records, shared
from cardlib.core.i18n import Message
from cardlib.core.i18n import lazy_gettext as _
from cardlib.core.i18n import lazy_ngettext as ngettext
from cardlib.core.protocol import LARGEST_ZONE_NUMBER, player_name, zone_number
from cardlib.core.rng import shuffled
from cardlib.core.serial import by_player, checked, choice, flag, listed, number, optional, record_of

from . import views
from .attacks import PendingAttack, attack, attack_copy, read_attack, resolve, save
from .cards import deck_card, in_arsenal, info, kept
from .deals import end_deal, read_last_deal, scores_copy
from .laying import form, lay
from .legality import card_of, verdict, zone_of
from .patrols import Patrol
from .rules import (
    DECK_ZONE,
    DISCARD,
    HAND_SIZE,
    MAX_RESHUFFLES,
    NEW,
    STALL_ROUNDS,
    complete_size,
)
from .words import card_name, label

if TYPE_CHECKING:
    from .game import Pattuglia


PHASES = ("draw", "play", "defend", "refill", "over")


def seats(count: int) -> tuple[str, ...]:
    """Players in turn order, anticlockwise from the first dealer (PAT-4's house ruling)."""
    return tuple(f"p{n}" for n in range(1, count + 1))


def patrol_id(zone: str | None) -> int | None:
    """``patrol:3`` -> 3; anything else -> None."""
    return zone_number(zone, "patrol")


class Side(Record):
    """One player's cards and standing. ``forming`` is the New patrol being gathered (hidden from the others)."""

    __slots__ = ("arsenal", "closer", "forming", "hand", "laid_patrol", "patrols", "score", "shown")
    FIELDS = (
        card_list("hand", listed(checked(deck_card, kept))),
        card_list("forming", listed(checked(deck_card, kept))),
        card_list("arsenal", listed(checked(deck_card, in_arsenal))),
        records("patrols", listed(record_of(Patrol))),
        shared("laid_patrol", optional(flag, lambda: None)),  # None: saved before it was kept; the loader works it out
        shared("closer", flag),
        shared("score", number()),
        card_list("shown", optional(listed(deck_card), list)),  # a file saved before they were kept knows of none
    )

    def __init__(self) -> None:
        self.hand: list[str] = []
        self.arsenal: list[str] = []  # face down (PAT-3)
        self.forming: list[str] = []
        self.patrols: list[Patrol] = []
        # has laid a patrol this deal: from then on it may draw from the discard pile, even once its patrols are all
        # destroyed (PAT-5: "da quel momento in poi")
        self.laid_patrol = False
        self.closer = False  # has formed a Complete Patrol this deal: no refill, may close (PAT-5, PAT-7)
        self.score = 0  # the match total (PAT-13)
        # cards it took from the discard pile, in everyone's sight, that are still hidden in its hand, New patrol or
        # Arsenal: the others know it holds them, and a search's worlds leave them there
        self.shown: list[str] = []

    def hides(self, card: str) -> bool:
        return card in self.hand or card in self.forming or card in self.arsenal

    def has(self, code: str) -> bool:
        """A card of this kind in one of its patrols on the table."""
        return any(info(card).code == code for patrol in self.patrols for card in patrol.cards)


class PattugliaState(State):
    __slots__ = (
        "_events",
        "_result",
        "attack",
        "deal",
        "dealer",
        "deck",
        "discard",
        "idle",
        "last_deal",
        "next_patrol",
        "order",
        "phase",
        "reshuffles",
        "seed",
        "sides",
        "super_capitano",
        "target",
        "to_draw",
        "turn",
    )
    FIELDS = (
        Field("game", dump=None),
        shared("seed"),
        Field("order", dump=len, key="players"),
        shared("super_capitano"),
        shared("target"),
        shared("deal", number(1)),
        shared("dealer", choice(lambda state: state.order)),
        shared("turn", choice(lambda state: (None, *state.order))),
        shared("phase", choice(PHASES)),
        shared("to_draw", choice(range(HAND_SIZE + 1))),
        shared("reshuffles", choice(range(MAX_RESHUFFLES + 1))),
        # turns since a card came from the deck (PAT-12's house ruling); a file saved before that ruling counted none
        shared("idle", optional(number(0, lambda state: STALL_ROUNDS * len(state.order) - 1), lambda: 0)),
        shared("next_patrol", number(1, LARGEST_ZONE_NUMBER)),  # zones are patrol:1, patrol:2, ...: 0 names none
        records("sides", by_player(record_of(Side))),
        card_list("deck", listed(deck_card)),
        card_list("discard", listed(deck_card)),
        Field("attack", attack_copy, attack_copy, load=read_attack),
        Field("last_deal", scores_copy, scores_copy, load=read_last_deal),
        EVENTS,
        RESULT,
    )

    def __init__(self, game: Pattuglia, seed: int, players: int, super_capitano: bool, target: int) -> None:
        self.game, self.seed = game, seed
        self.order = seats(players)
        self.super_capitano, self.target = super_capitano, target
        self.sides = {player: Side() for player in self.order}
        self.deal, self.dealer = 1, self.order[0]
        self.turn: str | None = self.order[0]
        self.phase = "draw"  # draw | play | defend | refill | over
        self.to_draw = 1
        self.deck: list[str] = []  # index 0 is the top
        self.discard: list[str] = []  # the last is the top; "under the pile" is index 0 (PAT-11)
        self.reshuffles = 0
        self.idle = 0  # turns in a row in which no card came from the deck (PAT-12's house ruling)
        self.next_patrol = 1
        self.attack: PendingAttack | None = None  # the attack waiting for the defender's answer (PAT-10)
        self.last_deal: dict[str, dict[str, int]] | None = None  # the last deal's scores, for the board
        self._events: tuple[Event, ...] = ()
        self._result: Result | None = None

    # -- the protocol --------------------------------------------------------------------------------------

    @property
    def players(self) -> tuple[str, ...]:
        return self.order

    @property
    def to_move(self) -> str | None:
        if self.phase == "over":
            return None
        return self.pending_attack["defender"] if self.phase == "defend" else self.turn

    @property
    def on_turn(self) -> str:
        """The player whose turn it is, also while an attack's defender answers (``to_move``); over, nobody's."""
        assert self.turn is not None, "the game is over: it is nobody's turn"
        return self.turn

    @property
    def pending_attack(self) -> PendingAttack:
        """The attack waiting for the defender's answer: there is one exactly in the defend phase (PAT-10)."""
        assert self.attack is not None, "no attack is waiting for an answer"
        return self.attack

    @property
    def complete_size(self) -> int:
        return complete_size(len(self.order), self.super_capitano)

    def candidate_moves(self) -> list[Move]:
        if self.phase == "over":
            return []
        if self.phase == "defend":
            side = self.sides[self.pending_attack["defender"]]
            return [*(Move("save", card) for card in side.arsenal), Move("take")]
        moves = [Move("draw", zone=DECK_ZONE), Move("draw", zone=DISCARD)]
        if self.phase != "play":
            return moves
        # Worth proposing (check decides): every hand card to the New patrol space, to each own patrol and to the
        # discard; every New patrol card back; every Arsenal card against each enemy patrol.
        side = self.sides[self.on_turn]
        for card in side.hand:
            moves.append(Move("lay", card, NEW))
            moves += [Move("lay", card, patrol.zone) for patrol in side.patrols]
            moves.append(Move("discard", card))
        moves += [Move("back", card) for card in side.forming]
        if side.forming:
            moves.append(Move("form"))
        enemies = [patrol for who in self.order if who != self.turn for patrol in self.sides[who].patrols]
        moves += [Move("attack", card, patrol.zone) for card in side.arsenal for patrol in enemies]
        return moves

    def _check(self, move: Move) -> Verdict:
        return verdict(self, move)

    # -- what the rules read -------------------------------------------------------------------------------

    def patrol(self, zone: str | None) -> tuple[str, Patrol] | tuple[None, None]:
        """The owner and the patrol of a zone ``patrol:N``."""
        number = patrol_id(zone)
        for who, side in self.sides.items():
            for patrol in side.patrols:
                if patrol.id == number:
                    return who, patrol
        return None, None

    # -- making a move ------------------------------------------------------------------------------------

    def play_unchecked(self, move: Move) -> PattugliaState:
        new = self.clone()
        log: list[Event] = []
        action = move.action
        if action == "draw":
            new._draw(zone_of(move), log)
        elif action == "lay":
            lay(new, card_of(move), zone_of(move), log)
        elif action == "back":
            new._back(card_of(move), log)
        elif action == "form":
            form(new, log)
        elif action == "attack":
            attack(new, card_of(move), zone_of(move), log)
        elif action == "save":
            save(new, card_of(move), log)
        elif action == "take":
            resolve(new, log)
        else:
            new._discard(card_of(move), log)
        if not new.deck and new.phase != "over":  # PAT-12: no reshuffle was possible
            end_deal(new, None, log)
        for side in new.sides.values():  # a card laid, discarded or used is in sight, no longer known to be hidden
            if side.shown:
                side.shown = [card for card in side.shown if side.hides(card)]
        new._events = tuple(log)
        return new

    def _back(self, card: str, log: list[Event]) -> None:
        """PAT-6's house ruling: a card gathered for a new patrol goes back to the hand (the others saw nothing)."""
        self.sides[self.on_turn].forming.remove(card)
        self.sides[self.on_turn].hand.append(card)
        text = _("You take {card.the} back into your hand.", card=card_name(card))
        log.append(Event("back", text, "PAT-6", self.turn, only=self.turn, data={"card": card}))

    # draws (PAT-3, PAT-5, PAT-12)

    def _draw(self, zone: str, log: list[Event]) -> None:
        player = self.on_turn
        if zone == DISCARD:
            card = self.discard.pop()
            text = _("{name} takes {card.the} from the discard pile.", name=player_name(player), card=card_name(card))
            yours = _("You take {card.the} from the discard pile.", card=card_name(card))
            log.append(Event("draw", text, "PAT-5", player, data={"card": card}, you=yours))
            self.receive(player, card, log)
            self.sides[player].shown.append(card)
        else:
            self._draw_from_deck(player, log)
        self.to_draw -= 1
        if self.to_draw > 0 or not self.deck:
            return
        if self.phase == "draw":
            self.phase = "play"
        else:
            self._next_turn(log)

    def _draw_from_deck(self, player: str, log: list[Event]) -> None:
        if not self.deck:
            return
        card = self.deck.pop(0)
        self.idle = 0
        text = _("{name} draws a card.", name=player_name(player))
        log.append(Event("draw", text, "PAT-5", player, you=_("You draw a card.")))  # the hint says it so
        log.append(
            Event(
                "draw", _("You draw {card.a}.", card=card_name(card)), "PAT-5", player, only=player, data={"card": card}
            )
        )
        self._refill_deck(log)
        self.receive(player, card, log)

    def receive(self, player: str, card: str, log: list[Event]) -> None:
        """PAT-3: an Arsenal card never stays in hand: it is set aside face down and replaced."""
        side = self.sides[player]
        if not info(card).arsenal:
            side.hand.append(card)
            return
        side.arsenal.append(card)
        text = _("Arsenal! {name} sets a card aside face down and draws another.", name=player_name(player))
        yours = _("Arsenal! You set a card aside face down and draw another.")
        log.append(Event("arsenal", text, "PAT-3", player, you=yours))
        text = _("You set {card.a} aside in your Arsenal.", card=card_name(card))
        log.append(Event("arsenal", text, "PAT-3", player, only=player, data={"card": card}))
        self._draw_from_deck(player, log)

    def _refill_deck(self, log: list[Event]) -> None:
        """PAT-12: an empty deck is rebuilt from the discards under the top one, at most twice."""
        if self.deck or self.reshuffles >= MAX_RESHUFFLES or len(self.discard) < 2:
            return
        self.reshuffles += 1
        self.deck = shuffled(self.discard[:-1], self.seed, "reshuffle", self.deal, self.reshuffles)
        self.discard = self.discard[-1:]
        text = _(
            "The deck is empty: the discards under the top one are shuffled into a new deck ({n} of 2).",
            n=self.reshuffles,
        )
        log.append(Event("reshuffle", text, "PAT-12"))

    # patrols (PAT-6, PAT-7, PAT-14)

    # the end of a turn (PAT-5, PAT-8)

    def _discard(self, card: str, log: list[Event]) -> None:
        player = self.on_turn
        side = self.sides[player]
        side.hand.remove(card)
        self.discard.append(card)
        text = _("{name} discards {card.a}.", name=player_name(player), card=card_name(card))
        yours = _("You discard {card.a}.", card=card_name(card))
        log.append(Event("discard", text, "PAT-5", player, data={"card": card}, you=yours))
        if side.closer and not side.hand:
            log.append(
                Event(
                    "close",
                    _("{name} discards the last card and closes the deal.", name=player_name(player)),
                    "PAT-8",
                    player,
                    you=_("You discard your last card and close the deal."),
                )
            )
            end_deal(self, player, log)
        elif side.closer or len(side.hand) >= HAND_SIZE:
            self._next_turn(log)
        else:
            self.phase, self.to_draw = "refill", HAND_SIZE - len(side.hand)

    def _next_turn(self, log: list[Event]) -> None:
        self.idle += 1
        if self.idle >= STALL_ROUNDS * len(self.order):  # PAT-12's house ruling: a deal nobody draws to ends
            text = _(
                "No card has been drawn from the deck for {n} rounds: the deal ends, with no closing bonus.",
                n=STALL_ROUNDS,
            )
            log.append(Event("deck_out", text, "PAT-12"))
            end_deal(self, None, log)
            return
        if self.idle == (STALL_ROUNDS - 1) * len(self.order):  # a round's warning, so the end is no surprise
            text = ngettext(
                "No card has been drawn from the deck for {n} round: if nobody draws one this round, the deal ends.",
                "No card has been drawn from the deck for {n} rounds: if nobody draws one this round, the deal ends.",
                STALL_ROUNDS - 1,
            )
            log.append(Event("stall", text, "PAT-12"))
        index = self.order.index(self.turn)
        self.turn = self.order[(index + 1) % len(self.order)]
        self.phase, self.to_draw = "draw", 1

    # -- what can be seen ---------------------------------------------------------------------------------

    def _view(self, player: str | None) -> dict[str, Any]:
        return views.view(self, player)

    def label(self, move: Move) -> Message:
        return label(self, move)

    # -- hidden information --------------------------------------------------------------------------------

    def determinize(self, player: str, seed: int) -> PattugliaState:
        """Redraw what ``player`` cannot see: the other hands, New patrols and Arsenals, and the deck's order.
        Arsenal cards go only to Arsenals and the deck (PAT-3: never to a hand); a card a player was seen to take
        from the discard pile stays with it (in its hand, as nobody saw whether it went to its New patrol)."""
        new = self.clone()
        new.seed = seed  # the true seed would predict the deck after the next reshuffle
        new._events = tuple(event for event in self._events if event.only in (None, player))
        others = [who for who in self.order if who != player]
        shown = [card for who in others for card in new.sides[who].shown]
        unseen = [card for who in others for card in (*new.sides[who].hand, *new.sides[who].forming)]
        unseen += [card for who in others for card in new.sides[who].arsenal] + new.deck
        for card in shown:
            unseen.remove(card)
        unseen = shuffled(sorted(unseen), seed, "unseen")  # sorted: the world depends on the view alone
        arsenal = [card for card in unseen if info(card).arsenal]
        plain = [card for card in unseen if not info(card).arsenal]
        for who in others:
            side = new.sides[who]
            known = sorted(side.shown)
            kept = [card for card in known if not info(card).arsenal]
            n_hand, n_forming = len(side.hand), len(side.forming)
            n_arsenal = len(side.arsenal) - (len(known) - len(kept))
            hidden, plain = kept + plain[: n_hand + n_forming - len(kept)], plain[n_hand + n_forming - len(kept) :]
            side.hand, side.forming = hidden[:n_hand], hidden[n_hand:]
            side.arsenal = [card for card in known if info(card).arsenal] + arsenal[:n_arsenal]
            arsenal = arsenal[n_arsenal:]
        new.deck = shuffled(arsenal + plain, seed, "deck")
        return new

    def __repr__(self) -> str:
        scores = ", ".join(f"{player} {side.score}" for player, side in self.sides.items())
        return f"<PattugliaState deal {self.deal} {self.phase}, {self.to_move or 'over'} to move; scores {scores}>"
